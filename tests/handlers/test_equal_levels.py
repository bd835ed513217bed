"""What equal levels at time mean (``/set equal_levels``, 级数相同) through the chat: a draw by default; under a
deciding rule a report on equal levels names the winner, the refusal asks the rule's own question, and the rule
answers quote the setting in force, not a built-in rule that contradicts the event's notice."""

from __future__ import annotations

import csv
import io

import pytest

from bot.i18n import Language
from bot.presenters.tournament_tables import typed_outcome
from bot.ruleset.scoring import MatchLevel, Side
from bot.tournament.outcome import Outcome
from tests.handlers.tournament_helpers import DispatchedClub as Club

NOTICE = "一、比赛时间\n每局限时60分钟，时间到时双方级数相同，最后一副拿上游的一方为胜。\n二、进贡\n本次比赛不进贡。"


async def swiss(club: Club, *settings: str) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format swiss", "/set time_limit 60", *settings):
        await club.say(club.admin, setting)
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")


async def points_of(club: Club) -> dict[str, tuple[int, int, int]]:
    answers = await club.bot.answers(club.chat, club.member, "/export")
    sent = {answer.file_name: answer.content for answer in answers}
    rows = csv.DictReader(io.StringIO(sent["standings.csv"].decode("utf-8-sig")))
    return {row["name"]: (int(row["points"]), int(row["won"]), int(row["drawn"])) for row in rows}


async def test_the_setting_in_both_names_and_locked_after_the_draw(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    [shown] = await club.say(club.admin, "/settings")
    assert "<code>级数相同 平局</code>" in shown
    [changed] = await club.say(club.admin, "/set 级数相同 末副上游")
    assert "末副上游" in changed
    [bad] = await club.say(club.admin, "/set equal_levels coin")
    assert "draw|first|leading|last_deal" in bad
    await club.sign_up_singles(4)
    await club.say(club.admin, "/draw")
    [locked] = await club.say(club.admin, "/set equal_levels draw")
    assert "抽签之后不能再改" in locked


async def test_by_default_equal_levels_at_time_are_a_draw(club: Club) -> None:
    await swiss(club)
    match = (await club.state()).points_stage.table_matches()[0]  # type: ignore[union-attr]
    await club.say(club.admin, f"/result {match.table} K K")
    assert match.left is not None and match.right is not None
    points = await points_of(club)
    assert points[match.left.name] == points[match.right.name] == (13, 0, 1)


@pytest.mark.parametrize(("rule", "question"), [("first", "谁先打到 K？"), ("leading", "最后一副打的是哪一方的级？"),
                                                ("last_deal", "最后一副谁拿了上游？")])
async def test_a_deciding_rule_asks_its_question_and_scores_the_named_winner(club: Club, rule: str,
                                                                            question: str) -> None:
    await swiss(club, f"/set equal_levels {rule}", "/set scoring 3-2-1")
    match = (await club.state()).points_stage.table_matches()[0]  # type: ignore[union-attr]
    before = await club.fingerprint()
    for report in ("K K", "K K draw"):
        [refused] = await club.say(club.seat(match, Side.LEFT), f"/result {match.table} {report}")
        assert question in refused and "不算平局" in refused, refused
    assert await club.fingerprint() == before
    await club.say(club.admin, f"/result {match.table} K K right")
    assert match.left is not None and match.right is not None
    points = await points_of(club)
    assert points[match.left.name] == (1, 0, 0) and points[match.right.name] == (3, 1, 0)


async def test_a_knockout_asks_the_rules_question_too(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set time_limit 60", "/set equal_levels last_deal"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    match = (await club.state()).require_bracket().table_matches(1)[0]
    [refused] = await club.say(club.admin, f"/result {match.table} 9 9")
    assert "最后一副谁拿了上游？" in refused


async def test_the_rule_answer_quotes_the_setting_in_force_after_the_notice(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set time_limit 60")
    await club.say(club.admin, f"/notice {NOTICE}")
    question = "/rule 时间到了级数相同谁赢"
    default = "\n".join(await club.say(club.member, question))
    assert "最后一副拿上游的一方为胜" in default
    assert "先到达该级的一方获胜" not in default and "本赛事：时间到时级数相同" not in default
    await club.say(club.admin, "/set equal_levels last_deal")
    chosen = "\n".join(await club.say(club.member, question))
    assert "最后一副拿上游的一方为胜" in chosen and "本赛事：时间到时级数相同，最后一副拿头游的一方获胜" in chosen
    assert "先到达该级的一方获胜" not in chosen


async def test_a_draw_without_a_time_limit_is_refused_in_chinese_words(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set format swiss")
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    match = (await club.state()).points_stage.table_matches()[0]  # type: ignore[union-attr]
    before = await club.fingerprint()
    for report in ("K K", "K K 平局", "K K draw"):
        [refused] = await club.say(club.admin, f"/result {match.table} {report}")
        assert refused.startswith("K K：本次比赛不限时") and "draw" not in refused, refused
    assert await club.fingerprint() == before


def test_a_result_to_type_is_written_in_the_chats_words() -> None:
    king = MatchLevel.parse("K")
    assert typed_outcome(Outcome.draw(king), Language.ZH) == "K K 平局"
    assert typed_outcome(Outcome.draw(king), Language.EN) == "K K draw"
    assert typed_outcome(Outcome.played(king, king, Side.LEFT), Language.ZH) == "K K 左"
    assert typed_outcome(Outcome.forfeit(Side.RIGHT), Language.ZH).startswith("弃权 ")
    assert typed_outcome(Outcome.double_forfeit(), Language.ZH) == "弃权 双方"
