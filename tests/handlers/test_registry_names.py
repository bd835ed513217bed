"""A command meets its caller under the name they chose with ``/name``, also when they chose it through another
worker on the same PostgreSQL database (``handlers.registry`` checks the names' version first:
``bot.services.caches``)."""

from collections.abc import AsyncIterator

import pytest

from bot.services import Services
from bot.services.names import choose_name
from handlers.invocation import Invocation
from handlers.registry import CommandSpec, CommandTable
from tests.services.conftest import player
from tests.services.test_caches import two_workers
from tests.support.postgres import SessionDatabase

pytestmark = pytest.mark.postgresql


@pytest.fixture
async def workers(postgres: SessionDatabase) -> AsyncIterator[tuple[Services, Services]]:
    async for pair in two_workers(await postgres.migrated_target()):
        yield pair


async def test_a_command_on_another_worker_uses_the_name_chosen_on_the_first(
    workers: tuple[Services, Services]
) -> None:
    first, second = workers
    seen: list[str] = []

    async def whoami(call: Invocation) -> None:
        assert call.caller.person is not None
        seen.append(call.caller.person.display_name)

    spec = CommandSpec("whoami", whoami)
    table = CommandTable([spec])
    someone = player(3, "profile name")
    await spec.invoke(second, table, someone, (), channel=None)  # type: ignore[arg-type]
    await choose_name(first, someone, "王阿姨")
    await spec.invoke(second, table, someone, (), channel=None)  # type: ignore[arg-type]
    assert seen == ["profile name", "王阿姨"]
