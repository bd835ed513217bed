"""``/name``: a chosen name may not be another person's chosen name or account — Telegram usernames too."""

from __future__ import annotations

import pytest

from bot.services import Services
from bot.services.names import NameTakenError, choose_name, name_claimed
from storage import names, users
from tests.services.conftest import player


async def test_a_name_that_is_someone_elses_telegram_username_is_refused(services: Services) -> None:
    lily = player(1, "Lily", "lily_w")
    async with services.storage.transaction() as tx:
        await users.remember_user(tx, lily.person.user_id, "lily_w", "Lily", "zh", services.clock())  # type: ignore[union-attr]
    for taken in ("lily_w", "LILY_W", "@lily_w"):
        with pytest.raises(NameTakenError) as refused:
            await choose_name(services, player(2), taken)
        assert refused.value.params == {"name": taken}
    assert await choose_name(services, lily, "lily_w") == "lily_w"  # her own username


async def test_a_name_someone_else_chose_is_refused_and_nothing_changes(services: Services) -> None:
    assert await choose_name(services, player(1), "王阿姨") == "王阿姨"
    with pytest.raises(NameTakenError):
        await choose_name(services, player(2), "王阿姨")
    assert services.names.user_ids_named("王阿姨") == [player(1).person.user_id]  # type: ignore[union-attr]
    assert await choose_name(services, player(1), "王阿姨") == "王阿姨"


async def test_a_name_claimed_becomes_the_claimers_only_when_they_chose_none_and_nobody_has_it(
        services: Services) -> None:
    at = services.clock()
    chooser, claimer, other = (player(number).person for number in (1, 2, 3))
    assert chooser is not None and claimer is not None and other is not None
    await choose_name(services, player(1), "阿红")
    async with services.storage.transaction() as tx:
        assert await name_claimed(tx, chooser.user_id, "小红", at) is None  # chose one already: kept
        assert await name_claimed(tx, other.user_id, "阿红", at) is None  # another person's name
        version = await name_claimed(tx, claimer.user_id, "小红", at)
        assert version is not None
        assert await names.name_of(tx, claimer.user_id) == "小红"
        assert await names.name_of(tx, chooser.user_id) == "阿红"
        assert await names.name_of(tx, other.user_id) is None
    assert await name_claimed_again(services, claimer.user_id) is None  # has one now


async def name_claimed_again(services: Services, user_id: int) -> int | None:
    async with services.storage.transaction() as tx:
        return await name_claimed(tx, user_id, "别的名字", services.clock())
