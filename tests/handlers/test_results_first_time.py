"""Through the chat: results people get right the first time.

Mirror-image reports, results told from a pair's own side, disputes that show both reports and who sent them,
corrections after the champion was announced, impossible results, walkover points, and ``/mytable``."""

from __future__ import annotations

import random
import re

from bot.ruleset.scoring import Side
from bot.tournament.matches import MatchState
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def drawn(club: Club, singles: int, *settings: str, lang: str = "en") -> None:
    if lang == "en":
        await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    for setting in settings:
        await club.say(club.admin, f"/set {setting}")
    await club.sign_up_singles(singles)
    await club.say(club.admin, "/draw")


def name_of(club: Club, key: str) -> str:
    return club.by_key(key).display_name


async def test_a_mirror_image_report_is_not_a_dispute(club: Club) -> None:
    await drawn(club, 8)
    match = (await club.state()).require_bracket().at_table(1)
    assert match.left is not None and match.right is not None
    await club.say(club.seat(match, Side.LEFT), "/result 1 K A+")
    before = await club.fingerprint()
    [mirrored] = await club.calls(club.seat(match, Side.RIGHT), "/result 1 A+ K")
    assert "each other's mirror" in mirrored.text and "who won?" in mirrored.text
    assert "<code>/result 1 won</code>" in mirrored.text and "<code>/result 1 lost</code>" in mirrored.text
    assert [label for row in mirrored.rows() for label, _ in row] == [
        f"🏆 {match.left.name} won", f"🏆 {match.right.name} won"]
    assert await club.fingerprint() == before  # nothing changed, no dispute
    replies, _ = await club.tap(club.seat(match, Side.RIGHT, 1), mirrored, f"{match.right.name} won")
    assert replies[0].text.startswith("✅ Table 1: K : A+")  # the right pair agrees with the left's report


async def test_a_pair_tells_its_result_from_its_own_side(club: Club) -> None:
    await drawn(club, 8, lang="zh")
    bracket = (await club.state()).require_bracket()
    one, two = bracket.at_table(1), bracket.at_table(2)
    await club.say(club.seat(one, Side.LEFT), "/result 1 K A+")
    [confirmed] = await club.say(club.seat(one, Side.RIGHT), "/result 1 赢 A+ K")  # the right pair won
    assert confirmed.startswith("✅ 第 1 桌：K : A+")
    [reported] = await club.say(club.seat(two, Side.RIGHT), "/result 2 输 K A+")  # the right pair lost
    assert "A+ : K" in reported and f"{two.left.name} 胜" in reported  # type: ignore[union-attr]
    [refused] = await club.say(club.seat(two, Side.LEFT), "/result 2 赢 K A+")
    assert "与级数 K 对 A+ 不符" in refused
    [official] = await club.say(club.admin, "/result 2 赢 A+ K")
    assert "请先写左边一对的级数" in official


async def test_a_dispute_shows_both_reports_and_who_sent_each(club: Club) -> None:
    await drawn(club, 8)
    match = (await club.state()).require_bracket().at_table(1)
    left, right = club.seat(match, Side.LEFT), club.seat(match, Side.RIGHT, 1)
    await club.say(left, "/result 1 K A+")
    [disputed] = await club.say(right, "/result 1 A+ Q")
    assert "is disputed" in disputed
    assert (f"• {match.left.name}: K : A+ ({match.right.name} win) — reported by {left.display_name}"  # type: ignore[union-attr]
            in disputed)
    assert (f"• {match.right.name}: A+ : Q ({match.left.name} win) — reported by {right.display_name}"  # type: ignore[union-attr]
            in disputed)


async def test_a_dispute_by_button_shows_the_report_and_who_objected(club: Club) -> None:
    await drawn(club, 8)
    match = (await club.state()).require_bracket().at_table(2)
    [report] = await club.calls(club.seat(match, Side.LEFT), "/result 2 K A+")
    objector = club.seat(match, Side.RIGHT, 1)
    replies, _ = await club.tap(objector, report, "Dispute")
    assert "reported by " + club.seat(match, Side.LEFT).display_name in replies[0].text
    assert f"• {match.right.name}: disagree — disputed by {objector.display_name}" in replies[0].text  # type: ignore[union-attr]


async def test_a_correction_after_the_champion_needs_a_confirmation(club: Club) -> None:
    await drawn(club, 4)
    final = (await club.state()).require_bracket().at_table(1)
    assert final.left is not None and final.right is not None
    await club.say(club.admin, "/result 1 A+ K")
    before = await club.fingerprint()
    [asked] = await club.calls(club.admin, "/result 1 K A+")
    assert "The champion has been announced" in asked.text and "<code>/result 1-1 K A+ confirm</code>" in asked.text
    assert f"the champion will be: {final.right.name}" in asked.text
    assert await club.fingerprint() == before
    texts = await club.say(club.admin, "/result 1 K A+ confirm")
    assert texts[0].startswith("✏️ Round 1, table 1 corrected: K : A+")
    champion_line = texts[1].split("\n")[0]
    # The new champion's members are @-mentioned (each platform notifies them its own way) under the pair's name.
    assert "the ranking changed with a correction. Champion: " + final.right.name in re.sub("<[^>]+>", "",
                                                                                           champion_line)
    assert all(f'<mention key="{key}">' in champion_line for key in final.right.members)
    ranking = texts[1].split("final ranking")[1]
    assert ranking.count("🥇") == 1 and ranking.count("🥈") == 1
    assert (await club.state()).require_bracket().champion == final.right


async def test_a_correction_confirmed_with_the_button(club: Club) -> None:
    await drawn(club, 4)
    final = (await club.state()).require_bracket().at_table(1)
    await club.say(club.admin, "/result 1 A+ K")
    [asked] = await club.calls(club.admin, "/result 1 forfeit both")
    assert "the champion will be: nobody" in asked.text
    replies, answer = await club.tap(club.admin, asked, "Confirm the correction")
    assert answer.text == "Done ✅"
    assert "corrected: both pairs forfeit" in replies[0].text and "Champion: nobody" in replies[1].text
    assert "🥈" not in replies[1].text and "🥇" not in replies[1].text  # both second, no title: no medals
    assert (await club.state()).require_bracket().champion is None
    _, again = await club.tap(club.admin, asked, "Confirm the correction")
    assert again.text == "This button is out of date; nothing was changed."
    assert final.left is not None


async def test_a_player_cannot_confirm_a_correction(club: Club) -> None:
    await drawn(club, 4)
    final = (await club.state()).require_bracket().at_table(1)
    await club.say(club.admin, "/result 1 A+ K")
    [asked] = await club.calls(club.admin, "/result 1 K A+")
    _, refused = await club.tap(club.seat(final, Side.LEFT), asked, "Confirm the correction")
    assert "the result is already confirmed" in refused.text


async def test_impossible_results_are_refused(club: Club) -> None:
    await drawn(club, 8)
    match = (await club.state()).require_bracket().at_table(1)
    before = await club.fingerprint()
    for both in ("/result 1 A+ A+ left", "/result 1 A+ A+", "/result 1 won A+ A+"):
        [refused] = await club.say(club.seat(match, Side.LEFT), both)
        assert "only one pair can be A+" in refused, both
    [below] = await club.say(club.seat(match, Side.LEFT), "/result 1 K A")
    assert "no time limit" in below and "<code>/set time_limit 50</code>" in below
    assert await club.fingerprint() == before
    await club.say(club.admin, "/set time_limit 50")
    [reported] = await club.say(club.seat(match, Side.LEFT), "/result 1 K A")
    assert "report K : A" in reported


async def test_walkover_points_follow_the_documents_and_are_a_setting(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    [settings] = await club.say(club.member, "/settings")
    assert "<code>walkover default</code>" in settings
    [changed] = await club.say(club.admin, "/set walkover 20")
    assert "walkover</b> = 20" in changed
    [bad] = await club.say(club.admin, "/set walkover 99")
    assert "0–28|default" in bad
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    [locked] = await club.say(club.admin, "/set walkover 16")
    assert "cannot change" in locked
    await club.say(club.admin, "/result 1 forfeit right")
    await club.say(club.admin, "/result 2 K A+")
    [standings, *_] = await club.say(club.member, "/standings")
    line = next(line for line in standings.splitlines() if "(includes 1 won by forfeit)" in line)
    assert "20 pts" in line
    assert sum("won by forfeit" in line for line in standings.splitlines()) == 1


async def test_the_default_walkover_is_16_on_the_26_scale_and_20_on_the_28_scale(club: Club) -> None:
    await drawn(club, 4, "scoring 28")
    await club.say(club.admin, "/result 1 forfeit left")
    [standings, *_] = await club.say(club.member, "/standings")
    assert "🥇" in standings and "— 20 pts, won 1 of 1 (includes 1 won by forfeit)" in standings


async def test_mytable_says_where_i_play(club: Club) -> None:
    await drawn(club, 12, lang="zh")  # six pairs: two tables and two byes in round 1
    bracket = (await club.state()).require_bracket()
    one = bracket.at_table(1)
    bye = next(match for match in bracket.round_matches(1) if match.state is MatchState.BYE)
    [mine] = await club.say(club.seat(one, Side.LEFT), "/mytable")
    assert mine.startswith("🀄 四分之一决赛：你们在第 1 桌") and "（待比赛）" in mine
    bye_team = bye.winning_team
    assert bye_team is not None
    [free] = await club.say(club.by_key(bye_team.members[0]), "/mytable")
    assert "轮空" in free
    await club.say(club.admin, "/result 1 A+ K")
    [won] = await club.say(club.seat(one, Side.LEFT), "/mytable")
    assert "已经赢了" in won
    [lost] = await club.say(club.seat(one, Side.RIGHT), "/mytable")
    assert "已被淘汰" in lost and "第 5 名" in lost
    [nobody] = await club.say(club.member, "/mytable")
    assert "你没有参加" in nobody


async def test_mytable_for_a_reserve_and_after_the_final(club: Club) -> None:
    await drawn(club, 5, lang="zh")  # two pairs and a reserve
    state = await club.state()
    [reserve] = state.reserves
    [mine] = await club.say(club.by_key(reserve.key), "/mytable")
    assert "替补" in mine
    final = state.require_bracket().at_table(1)
    await club.play_to_the_end(random.Random(1))
    champion = (await club.state()).require_bracket().champion
    assert champion is not None
    [over] = await club.say(club.by_key(champion.members[0]), "/mytable")
    assert over.startswith("🏁 比赛已结束") and "🥇第 1 名" in over
    assert final.left is not None


async def test_not_at_this_table_says_which_table_is_yours(club: Club) -> None:
    await drawn(club, 8, lang="zh")
    two = (await club.state()).require_bracket().at_table(2)
    [refused] = await club.say(club.seat(two, Side.LEFT), "/result 1 K A+")
    assert "你不在这张桌比赛" in refused and "你们在第 2 桌" in refused


async def test_a_correction_that_reopens_a_best_of_three_final(club: Club) -> None:
    await drawn(club, 4, "final bo3")
    await club.say(club.admin, "/result 1 A+ K")
    texts = await club.say(club.admin, "/result 1 A+ K")
    assert "is over!" in texts[-1]
    [asked] = await club.say(club.admin, "/result 1 K A+")
    assert "The champion has been announced" in asked
    [reopened] = await club.say(club.admin, "/result 1 K A+ confirm")
    assert "undecided again" in reopened and "Best of three at 1–1: game 3 next." in reopened
    state = await club.state()
    assert state.record.status.value == "drawn" and state.require_bracket().champion is None
    [tables] = await club.say(club.member, "/tables")
    assert "game 3 (1–1)" in tables
    texts = await club.say(club.admin, "/result 1 A+ 2")  # no longer after the champion: no confirmation asked
    assert "win the best of three 2–1" in texts[0] and "is over!" in texts[1]
    assert (await club.state()).record.status.value == "finished"
