"""A Swiss tournament's rows (``storage.tournament_points``) on both engines: tables written, changed (their
revision grows), read back; byes and groups; everything forgotten when the draw is undone."""

from bot.ruleset.scoring import MatchLevel, Side
from bot.tournament.matches import Game, Match, MatchKind, MatchState
from bot.tournament.outcome import Outcome
from bot.tournament.teams import Team
from storage import Storage, tournament_points
from storage.tournament_points import StoredBye, StoredTable
from tests.storage.test_tournaments import AT, new

TEAMS = [Team(number, f"Pair {number}", (f"tg:{number}1", f"name:B{number}"), None) for number in range(1, 6)]
BY_ID = {team.team_id: team for team in TEAMS}


def table(ident: int, table_number: int, left: Team, right: Team, state: MatchState = MatchState.PENDING,
          games: tuple[Game, ...] = (), winner: Side | None = None) -> Match:
    return Match(ident, 1, table_number - 1, MatchKind.SWISS, 1, left, right, state, table_number, games, (), winner)


async def test_tables_byes_and_groups_read_back_and_go_with_an_undone_draw(storage: Storage) -> None:
    first = table(1, 1, TEAMS[0], TEAMS[1])
    second = table(2, 2, TEAMS[2], TEAMS[3])
    draw = Outcome.draw(MatchLevel.parse("K"))
    decided = table(1, 1, TEAMS[0], TEAMS[1], MatchState.CONFIRMED, (Game(draw, None),))
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        await tournament_points.write_tables(tx, tournament_id, [StoredTable(first, None, ()),
                                                             StoredTable(second, None, ("rematch",))], AT)
        await tournament_points.write_byes(tx, tournament_id, [1], [StoredBye(1, 5, None)])
        await tournament_points.save_groups(tx, tournament_id, [TEAMS[:3], TEAMS[3:]])
        assert await tournament_points.table_revision(tx, tournament_id, 1) == 1
        await tournament_points.write_tables(tx, tournament_id, [StoredTable(decided, None, ())], AT)
        assert await tournament_points.table_revision(tx, tournament_id, 1) == 2
        assert await tournament_points.table_revision(tx, tournament_id, 9) is None
        tables = await tournament_points.load_tables(tx, tournament_id, BY_ID, MatchKind.SWISS)
        byes = await tournament_points.load_byes(tx, tournament_id)
        groups = await tournament_points.load_groups(tx, tournament_id)
    assert [stored.match for stored in tables] == [decided, second]
    assert tables[1].flaws == ("rematch",) and tables[0].match.games[0].outcome.is_draw
    assert byes == [StoredBye(1, 5, None)] and groups == [[1, 2, 3], [4, 5]]
    async with storage.transaction() as tx:
        await tournament_points.remove_tables_after(tx, tournament_id, 1)
        assert [stored.match.match_id for stored in
                await tournament_points.load_tables(tx, tournament_id, BY_ID, MatchKind.SWISS)] == [1]
        await tournament_points.delete_points_stage(tx, tournament_id)
        assert await tournament_points.load_tables(tx, tournament_id, BY_ID, MatchKind.SWISS) == []
        assert await tournament_points.load_byes(tx, tournament_id) == []
        assert await tournament_points.load_groups(tx, tournament_id) == []
