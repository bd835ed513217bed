from bot.i18n import Language
from bot.presenters.rules import answer_text, topics_text
from bot.richtext import to_plain
from bot.rules.answers import RuleAnswer, SectionAnswer, ask, topics
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
