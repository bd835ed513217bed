import csv
import io

from bot.ruleset.scoring import Side
from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.draw import make_draw
from bot.services.tournament.export import export_tournament
from bot.services.tournament.results import TableRef, record_result
from bot.services.tournament.setup import change_setting, create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up, withdraw
from bot.sheets.matches_csv import read_matches_csv
from bot.tournament.matches import MatchState
from bot.tournament.outcome import Outcome
from tests.services.conftest import player
from tests.services.tournament_helpers import seat, state_of

BOM = b"\xef\xbb\xbf"
HEADER = "round,stage,table,left,right,left_level,right_level,winner,status,group,left_points,right_points"


def rows(data: bytes) -> list[list[str]]:
    assert data.startswith(BOM)
    text = data[len(BOM):].decode("utf-8")
    assert "\r\n" in text and text.endswith("\r\n")
    return list(csv.reader(io.StringIO(text)))


async def test_entries_before_the_draw(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")
    await change_setting(services, admin, "capacity", "2")
    await sign_up(services, admin, SignUpRequest(names=("张三", "李四")))
    await sign_up(services, player(1, "Lily"), SignUpRequest())
    await sign_up(services, player(2, "Tom, Jr."), SignUpRequest())
    await sign_up(services, player(3, "Ann"), SignUpRequest())
    await sign_up(services, player(4, "Max"), SignUpRequest())
    await withdraw(services, player(3))
    exported = await export_tournament(services, admin)
    assert exported.entries_csv == BOM + (
        "name,members,unit,status,gender\r\n"
        "张三 / 李四,张三 / 李四,,pair,\r\n"
        "Lily,Lily,,single,\r\n"
        '"Tom, Jr.","Tom, Jr.",,single,\r\n'
        "Ann,Ann,,withdrawn,\r\n"
        "Max,Max,,reserve,\r\n").encode()
    assert rows(exported.matches_csv) == [HEADER.split(",")]


async def test_entries_after_the_draw_are_pairs_and_reserves(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")
    await change_setting(services, admin, "capacity", "2")
    for number in range(1, 7):
        await sign_up(services, player(number), SignUpRequest())
    await sign_up(services, admin, SignUpRequest(names=("Late",)))
    made = await make_draw(services, admin)
    exported = await export_tournament(services, admin)
    table = rows(exported.entries_csv)
    assert table[0] == ["name", "members", "unit", "status", "gender"]
    assert table[1:3] == [[team.name, team.name, "", "pair", ""] for team in made.draw.teams]
    assert table[3:] == [["P5", "P5", "", "reserve", ""], ["P6", "P6", "", "reserve", ""],
                         ["Late", "Late", "", "reserve", ""]]


async def test_matches_every_status(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")
    await change_setting(services, admin, "time_limit", "50")  # a match may end below A+
    for number in range(1, 13):
        await sign_up(services, player(number), SignUpRequest())
    await make_draw(services, admin)  # six pairs: two byes, two tables in round 1
    await record_result(services, admin, TableRef(1), Outcome.parse("forfeit both"))
    await record_result(services, admin, TableRef(2), Outcome.parse("forfeit right"))
    bracket = (await state_of(services)).require_bracket()
    assert bracket.current_round == 2
    [semi] = bracket.table_matches(2)  # the other semi-final is the walkover
    await record_result(services, seat(semi, Side.LEFT), TableRef(1), Outcome.parse("Q A"))
    exported = await export_tournament(services, admin)
    table = rows(exported.matches_csv)
    assert ",".join(table[0]) == HEADER
    body = [dict(zip(table[0], row, strict=True)) for row in table[1:]]
    byes = [row for row in body if row["status"] == "bye"]
    assert len(byes) == 2 and all(row["right"] == "BYE" and row["table"] == "" and row["winner"] == "left"
                                  for row in byes)
    forfeits = [row for row in body if row["status"] == "forfeit"]
    assert sorted(row["winner"] for row in forfeits) == ["", "left"]
    assert all(row["left_level"] == row["right_level"] == "" for row in forfeits)
    walkovers = [row for row in body if row["status"] == "walkover"]
    assert len(walkovers) == 1 and walkovers[0]["table"] == "" and walkovers[0]["round"] == "2"
    reported = [row for row in body if row["status"] == "reported"]
    assert [(row["left_level"], row["right_level"], row["winner"]) for row in reported] == [("Q", "A", "right")]
    assert {row["status"] for row in body} <= {"bye", "pending", "reported", "confirmed", "disputed", "forfeit",
                                               "walkover"}
    assert [row["round"] for row in body] == sorted(row["round"] for row in body)


async def test_a_best_of_three_final_is_one_row_per_game(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")
    await change_setting(services, admin, "final", "bo3")
    await change_setting(services, admin, "time_limit", "50")  # a game may end on equal levels
    for number in range(1, 5):
        await sign_up(services, player(number), SignUpRequest())
    await make_draw(services, admin)
    final = (await state_of(services)).require_bracket().at_table(1)
    assert final.best_of == 3
    await record_result(services, admin, TableRef(1), Outcome.parse("A+ K"))
    await record_result(services, admin, TableRef(1), Outcome.parse("10 10 right"))
    exported = await export_tournament(services, admin)
    assert exported.matches_csv == BOM + (
        f"{HEADER}\r\n"
        f"1,main,1,{final.left.name},{final.right.name},A+,K,left,confirmed,,15,11\r\n"  # type: ignore[union-attr]
        f"1,main,1,{final.left.name},{final.right.name},10,10,right,confirmed,,13,13\r\n"  # type: ignore[union-attr]
        f"1,main,1,{final.left.name},{final.right.name},,,,pending,,,\r\n").encode()  # type: ignore[union-attr]
    await record_result(services, admin, TableRef(1), Outcome.parse("2 A+"))
    finished = await export_tournament(services, admin)
    assert read_matches_csv(finished.matches_csv)[-1].winner is Side.RIGHT
    assert (await state_of(services)).require_bracket().at_table(1).state is MatchState.CONFIRMED
