import asyncio
import sys
from collections.abc import Iterator

import pytest

from bot.cli.event_loop import use_event_loop


@pytest.fixture(autouse=True)
def stdlib_loop_after() -> Iterator[None]:
    yield
    asyncio.set_event_loop_policy(None)


async def loop_module() -> str:
    return type(asyncio.get_running_loop()).__module__


def test_uvloop_runs_the_process_where_it_is_installed() -> None:
    assert use_event_loop("uvloop") == "uvloop"
    assert asyncio.run(loop_module()).startswith("uvloop")


def test_the_stdlibs_loop_on_request() -> None:
    use_event_loop("uvloop")
    assert use_event_loop("asyncio") == "asyncio"
    assert asyncio.run(loop_module()).startswith("asyncio")


def test_without_uvloop_the_stdlibs_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # import uvloop raises ImportError
    assert use_event_loop("uvloop") == "asyncio"
    assert asyncio.run(loop_module()).startswith("asyncio")
