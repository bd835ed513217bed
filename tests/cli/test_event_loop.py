import asyncio
import sys
from collections.abc import Iterator

import pytest

from bot.cli.event_loop import freeze_heap, pause_collector, use_event_loop


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


def test_the_heap_at_start_up_is_left_out_of_later_collections() -> None:
    import gc

    try:
        pause_collector()
        assert not gc.isenabled()
        kept = [[index] for index in range(1000)]  # containers alive at "start-up"
        frozen = freeze_heap()
        assert gc.isenabled()
        assert frozen >= len(kept) and gc.get_freeze_count() == frozen
        walked = {id(item) for item in gc.get_objects()}  # what collections walk: the frozen are not among them
        assert all(gc.is_tracked(item) and id(item) not in walked for item in kept)
        made_later = [0]
        assert id(made_later) in {id(item) for item in gc.get_objects()}
    finally:
        gc.unfreeze()
        gc.enable()
