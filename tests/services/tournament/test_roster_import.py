"""The import service: all rows in one transaction or none, checked again when the entries changed meanwhile."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import PermissionDenied
from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.roster_import import RosterImported, RosterRejected, import_roster, sign_up_group
from bot.services.tournament.setup import create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.sheets.roster import RosterRow
from bot.tournament.entries import Gender
from storage import history
from tests.services.conftest import player
from tests.services.tournament_helpers import state_of

ROSTER = "姓名,搭档,性别,单位\n张三,李四,男,工会\n王五,,女,\n".encode()


def fetching(data: bytes) -> Any:
    async def download() -> bytes:
        return data

    return download


async def history_count(services: Services) -> int:
    chat_id = (await state_of(services)).record.chat_id
    async with services.storage.read() as tx:
        return len(await history.for_chat(tx, chat_id))


def test_a_row_becomes_a_sign_up_by_name() -> None:
    pair = sign_up_group(RosterRow(2, "张三", "李四", Gender.MALE, "工会"))
    assert [(person.key, person.gender, person.unit) for person in pair] == [
        ("name:张三", Gender.MALE, "工会"), ("name:李四", None, "工会")]
    (single,) = sign_up_group(RosterRow(3, "Ann", gender=Gender.FEMALE))
    assert single.key == "name:ann" and single.name == "Ann"


async def test_all_rows_in_one_change_with_one_history_event(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")
    result = await import_roster(services, admin, fetching(ROSTER), len(ROSTER))
    assert isinstance(result, RosterImported) and (result.pairs, result.singles) == (1, 1)
    state = await state_of(services)
    assert [entry.name for entry in state.registration.entries] == ["张三 / 李四", "王五"]
    async with services.storage.read() as tx:
        events = await history.for_tournament(tx, state.tournament_id)
    assert events[-1].kind == "entry.imported"
    assert dict(events[-1].details) == {"count": 2, "first_entry": 1, "last_entry": 2, "by_organiser": True}


async def test_a_failure_half_way_leaves_nothing(services: Services, admin: Caller,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    await create_tournament(services, admin, "Cup")
    events = await history_count(services)

    async def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("disk full")  # after the entries were written, before the history was

    monkeypatch.setattr("bot.services.tournament.state.history.append", broken)
    with pytest.raises(RuntimeError):
        await import_roster(services, admin, fetching(ROSTER), len(ROSTER))
    monkeypatch.undo()
    assert (await state_of(services)).registration.entries == ()
    assert await history_count(services) == events


async def test_rows_are_checked_again_when_someone_signed_up_meanwhile(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")

    async def download_while_an_organiser_enters_wang_wu() -> bytes:
        await sign_up(services, admin, SignUpRequest(names=("王五",)))
        return ROSTER

    result = await import_roster(services, admin, download_while_an_organiser_enters_wang_wu)
    assert isinstance(result, RosterRejected)
    assert [(problem.row, problem.key) for problem in result.problems] == [(3, "sheets.problem.already_entered")]
    assert [entry.name for entry in (await state_of(services)).registration.entries] == ["王五"]


async def test_players_may_not_import(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")
    fetched: list[bool] = []

    async def download() -> bytes:
        fetched.append(True)
        return ROSTER

    with pytest.raises(PermissionDenied):
        await import_roster(services, player(1), download)
    assert not fetched
