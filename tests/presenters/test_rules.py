from bot.i18n import Language
from bot.presenters.rules import answer_text, topics_text
from bot.richtext import to_plain
from bot.rules.answers import DocumentAnswer, PartAnswer, RuleAnswer, SectionAnswer, ask, topics
from bot.rules.notice import search_notice
from bot.rules.rulebook import RULE_SECTIONS


def section(section_id: str, title: str, text: str = "text", note: str | None = None) -> SectionAnswer:
    return SectionAnswer(section_id, title, text, 0.9, note)


def test_the_best_section_has_a_bold_title_and_escaped_text() -> None:
    found = RuleAnswer("q", Language.EN, (section("card_order", "Order <1>", "big joker > small joker & co"),))
    assert answer_text(found) == "<b>Order &lt;1&gt;</b>\n\nbig joker &gt; small joker &amp; co"


def test_the_tournaments_note_is_italic_and_the_other_sections_are_named() -> None:
    found = RuleAnswer("q", Language.ZH, (
        section("a_rule", "打A", note="本赛事：A<3次"), section("level_up", "升级"), section("scoring", "级差积分")))
    assert answer_text(found) == (
        "<b>打A</b>\n\n<i>本赛事：A&lt;3次</i>\n\n<i>其他比赛的做法（规则书）：</i>\n\ntext\n\n相关：升级；级差积分")


def _article_first(*, names_event: bool) -> RuleAnswer:
    article = DocumentAnswer("seed:004 第二条", "合肥电大掼蛋竞赛规则 第二条", "级数相同以第7牌结束上游方为获胜方", 0.9)
    part = PartAnswer("q", (section("time_limit", "限时和平级", note="本赛事：级数相同算平局"),), (), (article,), True,
                      names_event)
    return RuleAnswer("q", Language.ZH, part.answers, (), (part,))


def test_another_events_article_follows_this_tournaments_setting() -> None:
    text = answer_text(_article_first(names_event=False))
    assert text.startswith("<i>本赛事：级数相同算平局</i>\n\n<i>其他比赛的做法：</i>\n\n<b>合肥电大掼蛋竞赛规则 第二条")


def test_an_article_of_the_event_asked_about_comes_alone() -> None:
    text = answer_text(_article_first(names_event=True))  # 电大那次平级怎么判: that event's rule, not this tournament's
    assert text.startswith("<b>合肥电大掼蛋竞赛规则 第二条") and "本赛事" not in text


def test_a_setting_beside_the_notice_says_it_is_the_organisers() -> None:
    notice = search_notice("一、时间到时双方级数相同，以最后一副牌上游方为胜。", "时间到了级数一样谁赢")
    part = PartAnswer("q", (SectionAnswer("time_limit", "限时和平级", "text", 0.9, "本赛事：先到该级的一方胜", True),),
                      notice)
    text = to_plain(answer_text(RuleAnswer("q", Language.ZH, part.answers, notice, (part,))))
    notice_at, label_at = text.index("以最后一副牌上游方为胜"), text.index("组织者的设置（成绩按它计算")
    assert notice_at < label_at < text.index("本赛事：先到该级")


def test_an_off_topic_question_says_so_then_lists_the_topics() -> None:
    text = answer_text(RuleAnswer("weather?", Language.EN, ()))
    assert text.startswith("That does not look like a question about the rules")
    assert text.endswith(topics_text(Language.EN))


def test_topics_list_every_section_once() -> None:
    lines = topics_text(Language.ZH).splitlines()
    assert lines[0] == "<b>可以问这些规则：</b>"
    assert len([line for line in lines if line.startswith("• ")]) == len(RULE_SECTIONS)


# As plain text (the command line)


def test_off_topic_answer_lists_the_topics() -> None:
    found = ask("what's the weather like today", Language.EN)
    assert found.off_topic
    text = to_plain(answer_text(found))
    assert "not look like a question about the rules" in text
    assert all(topic.title in text for topic in topics(Language.EN))


def test_rendered_answer_has_title_text_and_related_titles() -> None:
    found = ask("抗贡要几个大王?", Language.EN)
    text = to_plain(answer_text(found))
    assert text.startswith("抗贡\n\n抗贡（拒贡）")
    if len(found.answers) > 1:
        assert "相关：" in text


def test_topics_in_both_languages() -> None:
    assert "升级" in to_plain(topics_text(Language.ZH)) and "Level-up" in to_plain(topics_text(Language.EN))
