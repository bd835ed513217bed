"""The live pages over a real server: ``/web`` posts the link and its QR code, every route of the page answers
from the tournament's public id with the content in the HTML, the JSON's documented fields, an ``update`` event
after a ``/result`` in the chat, ``/web off`` closing every route (404) and ``/web on`` reopening them."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from bot.i18n import Language, t
from tests.handlers.tournament_helpers import Club
from tests.handlers.web.conftest import PUBLIC_URL, Web


async def drawn_club(club: Club, pairs: int = 4) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(pairs * 2)
    await club.say(club.admin, "/draw")


async def public_id_of(club: Club) -> str:
    calls = await club.calls(club.admin, "/web")
    caption = " ".join(str(call.params.get("caption", "")) + call.text for call in calls)
    found = re.search(re.escape(PUBLIC_URL) + r"/t/([A-Za-z0-9_-]+)", caption)
    assert found, caption
    assert any(call.method == "sendPhoto" for call in calls), [call.method for call in calls]
    return found.group(1)


async def test_web_posts_the_link_and_every_route_answers_with_the_tournament(club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    assert len(public_id) >= 16 and str(club.chat_id) not in public_id
    state = await club.state()
    names = [team.name for team in state.teams]

    page = await web.get(f"/t/{public_id}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "周五杯" in page.text and all(name in page.text for name in names)  # no script needed to read it
    assert t("live.tables", Language.ZH) in page.text
    english = await web.get(f"/t/{public_id}?lang=en")
    assert t("live.tables", Language.EN) in english.text and "<html lang=en>" in english.text

    data = (await web.get(f"/t/{public_id}.json")).json()
    assert data["round"] == 1 and data["tournament"] == "周五杯" and data["updated_at"]
    assert [row["table"] for row in data["tables"]] == [1, 2]
    assert {row["left"] for row in data["tables"]} | {row["right"] for row in data["tables"]} == set(names)
    assert all(row["state"] == "pending" and row["result"] is None for row in data["tables"])
    assert {"rank", "name", "points", "wins", "levels_reached", "withdrawn"} <= set(data["standings"][0])

    screen = await web.get(f"/t/{public_id}/screen")
    assert screen.status_code == 200 and "class='screen'" in screen.text and "/qr.svg" in screen.text
    qr = await web.get(f"/t/{public_id}/qr.svg")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    assert (await web.get("/t/nosuchpageatall")).status_code == 404
    assert (await web.get("/t/nosuchpageatall.json")).status_code == 404


async def next_event(lines: Any) -> tuple[str, str]:
    """The next server-sent event (name, data) from an ``aiter_lines`` iterator."""
    name, data = "", ""
    async for line in lines:
        if line.startswith("event:"):
            name = line.split(":", 1)[1].strip()
        elif line.startswith("data:"):
            data = line.split(":", 1)[1].strip()
        elif line == "" and name:
            return name, data
    raise AssertionError("the stream ended")


async def test_a_result_in_the_chat_reaches_an_open_event_stream_within_two_seconds(club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    async with web.client.stream("GET", f"/t/{public_id}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.aiter_lines()
        name, data = await asyncio.wait_for(next_event(lines), 5)
        assert name == "update" and json.loads(data)["tables"][0]["result"] is None
        for _ in range(40):  # the stream registers with its watcher right after its first event
            if "guandan_live_streams_open 1\n" in (await web.get("/metrics")).text:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the open stream is not counted in /metrics")
        state = await club.state()
        match = state.require_bracket().playable()[0]
        await club.say(club.admin, f"/result {match.table} A+ 10")
        loop = asyncio.get_running_loop()
        started = loop.time()
        name, data = await asyncio.wait_for(next_event(lines), 5)
        assert loop.time() - started < 2.0
        row = next(row for row in json.loads(data)["tables"] if row["table"] == match.table)
        assert name == "update" and row["result"] == "A+ : 10" and row["winner"] == "left"
        assert row["state"] == "confirmed"


async def test_web_off_closes_every_route_and_web_on_opens_them_again(club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    routes = [f"/t/{public_id}", f"/t/{public_id}.json", f"/t/{public_id}/screen", f"/t/{public_id}/qr.svg",
              f"/t/{public_id}/events"]
    refused = await club.say(club.member, "/web off")
    assert len(refused) == 1 and (await web.get(routes[0])).status_code == 200  # members may not close them
    async with web.client.stream("GET", routes[-1]) as stream:
        lines = stream.aiter_lines()
        assert (await asyncio.wait_for(next_event(lines), 5))[0] == "update"
        closed = await club.say(club.admin, "/web off")
        assert len(closed) == 1 and "周五杯" in closed[0] and "/web on" in closed[0]
        assert (await asyncio.wait_for(next_event(lines), 5))[0] == "closed"
    for route in routes:
        assert (await web.get(route)).status_code == 404, route
    assert await club.say(club.admin, "/web") == [t("live.pages_are_closed", Language.ZH, name="周五杯")]
    await club.say(club.admin, "/web on")
    for route in routes[:-1]:
        assert (await web.get(route)).status_code == 200, route


@pytest.mark.parametrize("word", ["tomorrow"])
async def test_web_with_an_unknown_word_changes_nothing(club: Club, web: Web, word: str) -> None:
    await drawn_club(club)
    before = await club.fingerprint()
    answer = await club.say(club.admin, f"/web {word}")
    assert answer and word in answer[0]
    assert await club.fingerprint() == before


async def test_sixty_requests_a_minute_are_answered_and_more_get_429_with_retry_after(club: Club) -> None:
    import httpx

    from handlers.web.pages import site_with_pages
    from handlers.web.server import WebServer

    await drawn_club(club)
    public_id = await public_id_of(club)
    site, _ = site_with_pages(club.offline.application.bot_data.services, per_minute=60)
    server = WebServer(site, "127.0.0.1", 0, drain_timeout=2)
    await server.start()
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{server.port}") as client:
            statuses = [(await client.get(f"/t/{public_id}.json")).status_code for _ in range(60)]
            assert statuses == [200] * 60
            refused = await client.get(f"/t/{public_id}")
            assert refused.status_code == 429 and 1 <= int(refused.headers["retry-after"]) <= 60
            assert (await client.get("/healthz")).status_code == 200  # only the pages are limited
            other = await client.get(f"/t/{public_id}.json", headers={"x-real-ip": "10.0.0.7"})
            assert other.status_code == 200  # another client behind the local proxy
    finally:
        await server.stop()


async def test_the_next_rounds_start_shows_with_a_countdown(club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    assert (await web.get(f"/t/{public_id}.json")).json()["next_round"] is None
    answer = await club.say(club.admin, "/schedule 2 tomorrow 19:30")
    assert answer
    data = (await web.get(f"/t/{public_id}.json")).json()
    assert data["next_round"] is not None and data["next_round"]["round"] == 2, answer
    assert data["next_round"]["starts_at"].endswith("+08:00") and "T19:30:00" in data["next_round"]["starts_at"]
    page = await web.get(f"/t/{public_id}")
    assert "class=countdown" in page.text and "19:30" in page.text
