import random

from bot.ruleset.variants import RuleVariant
from bot.tournament.bracket import BracketOptions, create_bracket
from bot.tournament.entries import Person
from bot.tournament.outcome import Outcome
from bot.tournament.results import report
from bot.tournament.snapshot import changed_matches, restore_bracket, stored_matches, team_lines
from bot.tournament.teams import Actor, Team
from storage import Storage, tournament_bracket
from tests.storage.test_tournaments import AT, new

TEAMS = [Team(number, f"Pair {number}", (f"tg:{number}1", f"tg:{number}2"), "工会" if number < 3 else None)
         for number in range(1, 6)]


async def test_the_draw_and_a_change_read_back_exactly(storage: Storage) -> None:
    bracket = create_bracket(TEAMS, random.Random(4), BracketOptions())
    reserves = (Person.named("Left Over"),)
    match = bracket.at_table(1)
    assert match.left is not None
    reported = report(bracket, 1, Actor(match.left.members[0]), Outcome.parse("J Q"), AT, RuleVariant()).stage
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        await tournament_bracket.save_teams(tx, tournament_id, TEAMS, team_lines(bracket), reserves)
        await tournament_bracket.write_matches(tx, tournament_id, stored_matches(bracket), AT)
        assert await tournament_bracket.match_revision(tx, tournament_id, match.match_id) == 1
        await tournament_bracket.write_matches(tx, tournament_id, changed_matches(bracket, reported), AT)
        assert await tournament_bracket.match_revision(tx, tournament_id, match.match_id) == 2
        assert await tournament_bracket.match_revision(tx, tournament_id, 99) is None
        teams, lines = await tournament_bracket.load_teams(tx, tournament_id)
        matches = await tournament_bracket.load_matches(tx, tournament_id, teams)
        assert await tournament_bracket.load_reserves(tx, tournament_id) == reserves
    assert teams == tuple(TEAMS) and lines == team_lines(bracket)
    restored = restore_bracket(BracketOptions(), teams, lines, matches)
    assert list(restored.matches()) == list(reported.matches())
