import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from storage import updates
from tests.support.dispatched import DispatchedBot
from tests.support.harness import OfflineBot
from tests.support.postgres import PostgresUnreachable, SessionDatabase

# Deterministic in CI: the same examples every run, no wall-clock deadline on a shared 2-core machine.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# One update, one changing transaction (``storage.updates``): a second one is a bug the whole suite should catch,
# and so is a change made outside the transaction that carries the update's claim.
updates.refuse_second_changes()
OfflineBot.check_claims = True
DispatchedBot.check_claims = True


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """What runs on PostgreSQL is slow too: ``make quick`` (``-m "not slow"``) runs on SQLite only; ``make test``
    runs both engines."""
    for item in items:
        if item.get_closest_marker("postgresql") is not None and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def postgres() -> Iterator[SessionDatabase]:
    """The test session's own PostgreSQL database (created now, dropped at the end). An unreachable server fails
    the test, never skips it (``tests.support.postgres``)."""
    database = SessionDatabase()
    try:
        database.create()
    except PostgresUnreachable as error:
        pytest.fail(str(error), pytrace=False)
    try:
        yield database
    finally:
        database.drop()


ENGINES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@pytest.fixture(params=ENGINES)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a test's database lives, once per engine: a new SQLite file, or an empty schema of the session's
    PostgreSQL database (deselect the second with ``-m "not postgresql"``; CI runs both)."""
    if request.param == "sqlite":
        return tmp_path / "data" / "bot.sqlite3"
    database: SessionDatabase = request.getfixturevalue("postgres")
    return database.new_target()


@pytest.fixture
async def migrated_target(request: pytest.FixtureRequest, db_target: Path | str) -> Path | str:
    """``db_target`` ready for the bot, without rows: an SQLite file migrates itself when opened; on PostgreSQL
    (where the bot refuses an unmigrated schema) the session's migrated schema, emptied."""
    if isinstance(db_target, str):
        database: SessionDatabase = request.getfixturevalue("postgres")
        return await database.migrated_target()
    return db_target
