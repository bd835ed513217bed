"""Public ids and per-pair table tokens (``bot.services.table_links``) on both engines."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from bot.config import BadPublicUrlSetting, load_settings
from bot.ruleset.scoring import Side
from bot.services import Services
from bot.services.caller import Caller
from bot.services.table_links import (
    TokenStatus,
    check_token,
    live_url,
    new_secret,
    public_link,
    round_tokens,
    set_pages_open,
    table_url,
)
from bot.services.tournament.draw import make_draw, undo_draw
from bot.services.tournament.setup import change_setting
from tests.services.tournament_helpers import play_round, singles_tournament, state_of

URL_SAFE = re.compile(r"[A-Za-z0-9_-]{22}")


def test_a_secret_is_128_url_safe_bits_from_the_source() -> None:
    first, again = new_secret(random.Random(5).randbytes), new_secret(random.Random(5).randbytes)
    assert URL_SAFE.fullmatch(first) and first == again
    assert new_secret(random.Random(6).randbytes) != first
    with pytest.raises(ValueError):
        new_secret(lambda size: b"\0" * (size - 1))


def test_links_follow_the_public_url() -> None:
    settings = load_settings({"GUANDAN_PUBLIC_URL": "https://club.example.org/"}, env_file=None)
    assert settings.public_url == "https://club.example.org"
    assert table_url(settings, "AbC-_1", "tok_en-2") == "https://club.example.org/t/AbC-_1/me?token=tok_en-2"
    assert live_url(settings, "AbC") == "https://club.example.org/t/AbC"
    unset = load_settings({}, env_file=None)
    assert unset.public_url is None and table_url(unset, "a", "b") is None


@pytest.mark.parametrize("value", ["club.example.org", "ftp://club.example.org", "https://", "https://x.org/?a=1",
                                   "https://x.org/#top", "https://x .org"])
def test_a_bad_public_url_is_refused(value: str) -> None:
    with pytest.raises(BadPublicUrlSetting):
        load_settings({"GUANDAN_PUBLIC_URL": value}, env_file=None)


async def test_the_public_id_is_random_made_once_and_not_the_chat(services: Services, admin: Caller) -> None:
    services = replace(services, entropy=random.Random(11).randbytes)
    await singles_tournament(services, admin, 8)
    state = await state_of(services)
    first = await public_link(services, state.tournament_id)
    assert URL_SAFE.fullmatch(first.public_id) and first.pages_open
    assert str(abs(admin.chat_id)) not in first.public_id
    assert (await public_link(services, state.tournament_id)).public_id == first.public_id
    closed = await set_pages_open(services, state.tournament_id, False)
    assert closed.public_id == first.public_id and not closed.pages_open
    assert (await set_pages_open(services, state.tournament_id, True)).pages_open


async def test_each_pair_at_each_table_has_its_own_token_valid_until_its_round_closes(
        services: Services, admin: Caller) -> None:
    services = replace(services, entropy=random.Random(12).randbytes,
                       settings=replace(services.settings, public_url="https://club.example.org"))
    await singles_tournament(services, admin, 16)  # 8 pairs: 4 tables in round 1
    await make_draw(services, admin)
    state = await state_of(services)
    tokens = await round_tokens(services, state, 1)
    assert sorted(tokens.seats) == [(table, side) for table in range(1, 5) for side in (Side.LEFT, Side.RIGHT)]
    values = [seat.token for seat in tokens.seats.values()]
    assert len(set(values)) == 8 and all(URL_SAFE.fullmatch(value) for value in values)
    seat = tokens.seats[2, Side.RIGHT]
    assert seat.url == f"https://club.example.org/t/{tokens.public_id}/me?token={seat.token}"
    assert (await round_tokens(services, state, 1)).seats == tokens.seats  # issued once

    check = await check_token(services, tokens.public_id, seat.token)
    assert check.status is TokenStatus.VALID and check.token is not None
    assert (check.token.round, check.token.table, check.token.side) == (1, 2, "right")
    assert (await check_token(services, tokens.public_id, "x" * 22)).status is TokenStatus.UNKNOWN
    assert (await check_token(services, "y" * 22, seat.token)).status is TokenStatus.UNKNOWN

    await set_pages_open(services, state.tournament_id, False)
    assert (await check_token(services, tokens.public_id, seat.token)).status is TokenStatus.UNKNOWN
    await set_pages_open(services, state.tournament_id, True)

    await play_round(services, random.Random(1))
    assert (await check_token(services, tokens.public_id, seat.token)).status is TokenStatus.EXPIRED
    later = await round_tokens(services, await state_of(services), 2)
    assert {item.token for item in later.seats.values()}.isdisjoint(values)
    for item in later.seats.values():
        assert (await check_token(services, later.public_id, item.token)).status is TokenStatus.VALID


async def test_a_new_draw_makes_the_old_tokens_worthless(services: Services, admin: Caller) -> None:
    services = replace(services, entropy=random.Random(13).randbytes)
    await singles_tournament(services, admin, 16)
    await make_draw(services, admin)
    old = await round_tokens(services, await state_of(services), 1)
    await undo_draw(services, admin)
    await make_draw(services, admin)
    new = await round_tokens(services, await state_of(services), 1)
    for seat, item in old.seats.items():
        status = (await check_token(services, old.public_id, item.token)).status
        moved = new.seats[seat].team_id != item.team_id
        assert status is (TokenStatus.EXPIRED if moved else TokenStatus.VALID)
        assert (new.seats[seat].token == item.token) is not moved
    assert any(new.seats[seat].team_id != item.team_id for seat, item in old.seats.items())


async def test_swiss_tokens_count_the_points_rounds(services: Services, admin: Caller) -> None:
    services = replace(services, entropy=random.Random(14).randbytes)
    await singles_tournament(services, admin, 12)
    await change_setting(services, admin, "format", "swiss")
    await make_draw(services, admin)
    state = await state_of(services)
    tokens = await round_tokens(services, state, 1)
    assert len(tokens.seats) == 6
    for item in tokens.seats.values():
        assert (await check_token(services, tokens.public_id, item.token)).status is TokenStatus.VALID
