"""``/name``: a chosen name may not be another person's chosen name or account — Telegram usernames too."""

from __future__ import annotations

import pytest

from bot.services import Services
from bot.services.names import NameTakenError, choose_name
from storage import users
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
