import pytest

from bot.i18n import Language
from bot.presenters.rules import answer_text
from bot.richtext import to_plain
from bot.rules.answers import answer, answer_language, ask
from bot.rules.variant_notes import UNTIMED
from bot.ruleset.variants import AFailureOutcome, RuleVariant


@pytest.mark.parametrize(
    ("question", "chat", "expected"),
    [
        ("双下升几级", Language.EN, Language.ZH),
        ("what is 接风", Language.EN, Language.ZH),  # any Chinese: the asker reads Chinese
        ("anti-tribute?", Language.ZH, Language.EN),
        ("A", Language.ZH, Language.ZH),  # one letter is a rank, not English
        ("A", Language.EN, Language.EN),
        ("2 3 4 ?", Language.ZH, Language.ZH),
        ("😀", Language.EN, Language.EN),
    ],
)
def test_answer_language(question: str, chat: Language, expected: Language) -> None:
    assert answer_language(question, chat) is expected


def test_ask_answers_in_that_language() -> None:
    found = ask("how many levels for a double down", Language.ZH)
    assert found.lang is Language.EN and found.answers[0].section_id == "level_up"


def test_with_a_tournaments_variant_the_answer_notes_its_choice() -> None:
    assert ask("打A怎么才算过", Language.ZH).answers[0].note is None
    noted = ask("打A怎么才算过", Language.ZH, RuleVariant()).answers[0]
    assert noted.section_id == "a_rule" and noted.note


@pytest.mark.parametrize(
    ("question", "lang"),
    [("双下升几级", Language.ZH), ("双下 how many levels", Language.ZH), ("how many levels", Language.EN)],
)
@pytest.mark.parametrize("fallback", list(Language))
def test_the_question_decides_the_language(question: str, lang: Language, fallback: Language) -> None:
    assert answer_language(question, fallback) is lang
    assert ask(question, fallback).lang is lang


def test_number_question_answer_states_the_number() -> None:
    found = ask("双下升几级", Language.EN)
    best = found.answers[0]
    assert (best.section_id, best.title) == ("level_up", "升级")
    assert "升3级" in best.text
    english = answer("双下升几级", Language.EN).answers[0]
    assert english.title == "Level-up" and "up 3 levels" in english.text


def test_a_tournament_variant_adds_its_choice() -> None:
    variant = RuleVariant(a_failure_limit=2, a_failure_outcome=AFailureOutcome.BACK_TO_JACK)
    found = ask("打A几次不过退回", Language.EN, variant)
    best = found.answers[0]
    assert best.section_id == "a_rule"
    assert best.note == "本赛事：打A累计 2 次不过就退回J重打；拿到头游且对家不是末游才算过A。"
    text = to_plain(answer_text(found))
    assert text.startswith(f"打A（过A）\n\n{best.note}\n\n其他比赛的做法（规则书）：\n\n多数文件")
    assert ask("打A几次不过退回", Language.EN).answers[0].note is None


def test_two_questions_in_one_message_are_answered_in_the_order_asked() -> None:
    found = ask("双下 两个人进贡的都是A 一样大 头游拿谁的 然后谁先出", Language.EN)
    assert [part.sources[0] for part in found.each_part] == ["tribute", "who_leads"]
    assert found.answers == found.parts[0].answers
    english = ask("do 2 small jokers count as a pair? and can u stick a joker into a 3-pair run?", Language.ZH)
    assert [part.sources[0] for part in english.each_part] == ["basic_plays", "sequences"]
    text = to_plain(answer_text(english))
    assert text.index("Q1: do 2 small jokers") < text.index("Q2: and can u stick") < text.index("Tube (three")


def test_a_second_question_with_the_same_answer_points_to_the_first() -> None:
    found = ask("first deal of the match - who shuffles and who cuts?", Language.EN)
    assert [part.sources[0] for part in found.each_part] == ["shuffle_and_cut", "shuffle_and_cut"]
    text = to_plain(answer_text(found))
    assert text.count("Shuffling, cutting") == 2 and text.endswith("Q2: who cuts?\n\nAnswered above (Q1): "
                                                                   "Shuffling, cutting and drawing")


def test_a_follow_up_is_answered_as_the_question_it_goes_on_from() -> None:
    found = ask("how many levels do we go up if my partner finishes third? and what if he finishes last", Language.EN)
    assert [part.sources[0] for part in found.each_part] == ["level_up", "level_up"]
    assert found.each_part[1].question == "and what if he finishes last"


def test_a_part_naming_its_subject_only_as_it_asks_about_the_earlier_one() -> None:
    for message in ("what is anti-tribute, and when does it apply?", "接风是什么 它什么时候用"):
        first, second = ask(message, Language.EN).each_part
        assert second.sources[:1] == first.sources[:1] and not second.unanswered, message


def test_a_tournament_without_a_time_limit_says_so_first() -> None:
    text = to_plain(answer_text(ask("每场比赛限时多久", Language.ZH, RuleVariant(), time_limit=UNTIMED)))
    assert text.split("\n\n")[1] == "本赛事不限时：一场打到一方过A为止。"
    assert "其他比赛的做法" in text  # the other events' limits follow as what they play
    outside = to_plain(answer_text(ask("每场比赛限时多久", Language.ZH)))  # no tournament: no line about one
    assert "本赛事" not in outside


def test_where_after_a_question_about_an_event_asks_its_venue() -> None:
    found = ask("when was the Tianxing company contest, and where?", Language.EN)
    assert [part.sources[0] for part in found.each_part] == ["seed:002 篇6 二、", "seed:002 篇6 三、"]
    assert "活动室" in found.each_part[1].documents[0].text
    chinese = ask("安庆比赛什么时候 在哪", Language.ZH)
    assert [part.sources[0] for part in chinese.each_part] == ["seed:002 篇1 二、", "seed:002 篇1 三、"]


def test_a_part_is_searched_without_the_word_joining_it() -> None:
    found = ask("四个王能被什么压 还有十个头是怎么凑出来的", Language.ZH)
    assert found.each_part[1].question == "还有十个头是怎么凑出来的"
    assert found.each_part[1].sources[0] in ("bombs", "wild_card")  # 还有 no longer finds 有 in "Playing a round"


def test_how_many_cards_the_game_is_played_with_is_the_deal() -> None:
    assert ask("how many cards do we play with", Language.EN).answers[0].section_id == "cards_and_deal"


def test_a_part_without_an_answer_says_so() -> None:
    found = ask("双下升几级？今天天气怎么样？", Language.ZH)
    assert [part.unanswered for part in found.parts] == [False, True]
    assert not found.off_topic
    assert to_plain(answer_text(found)).endswith("问2：今天天气怎么样?\n\n这一问没有找到对应的规则条文，无法引用。")


def test_a_message_about_another_game_is_declined_whole() -> None:
    assert ask("斗地主四带二算不算炸 能不能带俩单张 问下", Language.ZH).off_topic
    assert ask("hey bot how's your night going? also is parking free after 9", Language.EN).off_topic


def test_points_for_a_win_in_a_tournament_say_its_scale_first() -> None:
    found = ask("赢一场得几分", Language.ZH, RuleVariant())
    best = found.answers[0]
    assert best.section_id == "ranking" and best.note and best.note.startswith("本赛事")
    assert to_plain(answer_text(found)).startswith(f"{best.title}\n\n{best.note}\n\n其他比赛的做法")
