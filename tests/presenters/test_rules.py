from bot.i18n import Language
from bot.presenters.rules import answer_html, topics_html
from bot.rulebook import RULE_SECTIONS, RuleAnswer, SectionAnswer


def section(section_id: str, title: str, text: str = "text", note: str | None = None) -> SectionAnswer:
    return SectionAnswer(section_id, title, text, 0.9, note)


def test_the_best_section_has_a_bold_title_and_escaped_text() -> None:
    found = RuleAnswer("q", Language.EN, (section("card_order", "Order <1>", "big joker > small joker & co"),))
    assert answer_html(found) == "<b>Order &lt;1&gt;</b>\n\nbig joker &gt; small joker &amp; co"


def test_the_tournaments_note_is_italic_and_the_other_sections_are_named() -> None:
    found = RuleAnswer("q", Language.ZH, (
        section("a_rule", "打A", note="本赛事：A<3次"), section("level_up", "升级"), section("scoring", "级差积分")))
    assert answer_html(found) == "<b>打A</b>\n\ntext\n\n<i>本赛事：A&lt;3次</i>\n\n相关：升级；级差积分"


def test_an_off_topic_question_says_so_then_lists_the_topics() -> None:
    text = answer_html(RuleAnswer("weather?", Language.EN, ()))
    assert text.startswith("That does not look like a question about the rules")
    assert text.endswith(topics_html(Language.EN))


def test_topics_list_every_section_once() -> None:
    lines = topics_html(Language.ZH).splitlines()
    assert lines[0] == "<b>可以问这些规则：</b>"
    assert len([line for line in lines if line.startswith("• ")]) == len(RULE_SECTIONS)
