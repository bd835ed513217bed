import random

from bot.ruleset.scoring import Side
from bot.tournament.matches import MatchState
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def drawn(club: Club, singles: int, *settings: str) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    for setting in settings:
        await club.say(club.admin, f"/set {setting}")
    await club.sign_up_singles(singles)
    await club.say(club.admin, "/draw")


async def test_a_report_carries_confirm_and_dispute_buttons_for_the_other_pair(club: Club) -> None:
    await drawn(club, 8)
    match = (await club.state()).require_bracket().at_table(1)
    [report] = await club.calls(club.seat(match, Side.LEFT), "/result 1 K A+")
    assert "report K : A+" in report.text and "<code>/confirm 1</code>" in report.text
    labels = [label for label, _ in report.rows()[0]]
    assert labels == ["✅ Confirm", "❌ Dispute"]
    replies, answer = await club.tap(club.seat(match, Side.LEFT, 1), report, "Confirm")
    assert replies == [] and "your pair made this report" in answer.text
    replies, answer = await club.tap(club.seat(match, Side.RIGHT), report, "Confirm")
    assert "✅ Table 1: K : A+" in replies[0].text and answer.text == "Done ✅"
    _, stale = await club.tap(club.seat(match, Side.RIGHT), report, "Dispute")
    assert stale.text == "This button is out of date; nothing was changed."


async def test_a_dispute_tells_the_referees_who_then_decide(club: Club) -> None:
    await drawn(club, 8)
    referee = club.person(50, "Ref", "ref")
    await club.say(referee, "/start")
    await club.say(club.admin, "/referee @ref")
    match = (await club.state()).require_bracket().at_table(2)
    [report] = await club.calls(club.seat(match, Side.LEFT), "/result 2 K A+")
    replies, _ = await club.tap(club.seat(match, Side.RIGHT), report, "Dispute")
    assert "is disputed" in replies[0].text and '<mention key="tg:3050">Ref</mention>' in replies[0].text
    [decided] = await club.say(referee, "/result 2 A+ K")
    assert decided == "⚖️ Table 2: decided A+ : K — " + match.left.name + " win."  # type: ignore[union-attr]


async def test_completing_a_round_posts_the_next_one_in_one_message(club: Club) -> None:
    await drawn(club, 8)
    await club.say(club.admin, "/result 1 K A+")
    texts = await club.say(club.admin, "/result 2 forfeit right")
    assert len(texts) == 2 and "Final" in texts[1] and "Table 1:" in texts[1]
    assert "forfeit" in texts[0]


async def test_the_final_announces_the_champion_and_the_ranking(club: Club) -> None:
    await drawn(club, 6, "third_place playoff")
    texts = await club.play_to_the_end(random.Random(4))
    assert "is over! Champion:" in texts[-1] and "final ranking" in texts[-1]
    assert "🥉 Third:" in texts[-1] and texts[-1].count("🥉") == 2  # the third line and one third place


async def test_an_organiser_corrects_an_earlier_round(club: Club) -> None:
    await drawn(club, 8)
    first = (await club.state()).require_bracket().at_table(1)
    await club.say(club.admin, "/result 1 A+ K")
    await club.say(club.admin, "/result 2 A+ K")
    [corrected] = await club.say(club.admin, "/result 1-1 K A+")
    assert corrected.startswith("✏️ Round 1, table 1 corrected: K : A+") and first.right.name in corrected  # type: ignore[union-attr]
    final = (await club.state()).require_bracket().at_table(1)
    assert final.left == first.right


async def test_a_best_of_three_final_game_by_game(club: Club) -> None:
    await drawn(club, 4, "final bo3")
    [one] = await club.say(club.admin, "/result 1 A+ 2")
    assert "Best of three at 1–0: game 2 next." in one
    [tables] = await club.say(club.member, "/tables")
    assert "game 2 (1–0)" in tables
    await club.say(club.admin, "/result 1 2 A+")
    texts = await club.say(club.admin, "/result 1 A+ K")
    assert "win the best of three 2–1" in texts[0] and "is over!" in texts[1]


async def test_a_double_forfeit_gives_a_walkover(club: Club) -> None:
    await drawn(club, 16)
    await club.say(club.admin, "/result 1 forfeit both")
    await club.say(club.admin, "/result 2 K A+")
    await club.say(club.admin, "/result 3 K A+")
    texts = await club.say(club.admin, "/result 4 K A+")
    assert "Through without playing" in texts[-1]
    bracket = (await club.state()).require_bracket()
    assert bracket.round_matches(2)[0].state is MatchState.WALKOVER
