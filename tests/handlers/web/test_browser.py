"""The live pages in a real browser (Debian's Chromium through Selenium, ``tests/handlers/web/browser.py``): a
result told in the chat appears on an open page within 2 s; the projector page cycles tables → standings; a
20-pair Swiss round drawn at 360×740 (a phone) and 1920×1080 (a projector) with no text clipped, overflowing the
page or overlapping another table — those screenshots are saved (``GUANDAN_SCREENSHOTS``, default the test's
temporary folder) to be looked at."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest

from tests.handlers.tournament_helpers import Club
from tests.handlers.web.browser import chromium
from tests.handlers.web.conftest import Web
from tests.handlers.web.test_pages import drawn_club, public_id_of

pytestmark = pytest.mark.slow  # starts Chromium: a process of its own

LAYOUT_PROBLEMS = """
const problems = [];
if (document.documentElement.scrollWidth > window.innerWidth + 1)
  problems.push('page wider than the window: ' + document.documentElement.scrollWidth);
for (const el of document.querySelectorAll('h1, h2, .tbl span, td, th, #next, #subtitle')) {
  if (el.offsetParent === null) continue;
  if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
    problems.push('clipped: ' + el.textContent.slice(0, 30));
  const box = el.getBoundingClientRect();
  if (box.right > window.innerWidth + 1) problems.push('past the right edge: ' + el.textContent.slice(0, 30));
}
const cards = [...document.querySelectorAll('.tbl')].map(el => el.getBoundingClientRect());
for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) {
  const a = cards[i], b = cards[j];
  if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
    problems.push('tables ' + (i + 1) + ' and ' + (j + 1) + ' overlap');
}
const small = [...document.querySelectorAll('.tbl .pairs span, td')]
  .filter(el => el.offsetParent !== null && parseFloat(getComputedStyle(el).fontSize) < arguments[0]);
if (small.length) problems.push(small.length + ' texts smaller than ' + arguments[0] + ' px');
return problems;
"""


def screenshots() -> Path | None:
    folder = os.environ.get("GUANDAN_SCREENSHOTS")
    return Path(folder) if folder else None


async def wait_for(predicate: Any, timeout: float) -> float:
    """Seconds until ``predicate()`` (run in a thread: it drives the browser) was true; fails after ``timeout``."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    while loop.time() - started < timeout:
        if await asyncio.to_thread(predicate):
            return loop.time() - started
        await asyncio.sleep(0.05)
    raise AssertionError(f"not within {timeout} s")


async def test_a_result_in_the_chat_shows_on_the_open_page_within_two_seconds(club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    match = (await club.state()).require_bracket().playable()[0]
    with chromium(360, 740) as browser:
        await asyncio.to_thread(browser.get, f"{web.client.base_url}/t/{public_id}")
        live = await asyncio.to_thread(lambda: browser.find_element("id", "status").text)
        await wait_for(lambda: browser.find_element("id", "status").text != "", 5)
        assert "A+ : 10" not in await asyncio.to_thread(lambda: browser.find_element("id", "tables").text), live
        await club.say(club.admin, f"/result {match.table} A+ 10")
        seen = await wait_for(lambda: "A+ : 10" in browser.find_element("id", "tables").text, 5)
    assert seen < 2.0


async def test_the_projector_page_cycles_from_tables_to_standings(club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    with chromium(1920, 1080) as browser:
        await asyncio.to_thread(browser.get, f"{web.client.base_url}/t/{public_id}/screen?cycle=1")

        def shown() -> str:
            return str(browser.execute_script(
                "const s = document.querySelector('section.part.shown'); return s ? s.id : ''"))

        await wait_for(lambda: shown() == "tables-section", 5)
        await wait_for(lambda: shown() == "standings-section", 5)
        await wait_for(lambda: shown() == "tables-section", 5)  # no bracket in a knockout's first round: back


@pytest.mark.parametrize(("width", "height", "name", "path", "least_font"), [
    (360, 740, "swiss-20-phone", "", 16),
    (1920, 1080, "swiss-20-projector", "/screen", 28),
    (1920, 1080, "swiss-20-live-1080p", "", 28),
])
async def test_a_twenty_pair_swiss_round_fits_a_phone_and_a_projector(
        club: Club, web: Web, tmp_path: Path, width: int, height: int, name: str, path: str,
        least_font: int) -> None:
    await club.say(club.admin, "/new 周五积分赛")
    await club.say(club.admin, "/set format swiss")
    await club.sign_up_singles(40)
    await club.say(club.admin, "/draw")
    event = (await club.state()).points_stage
    assert event is not None
    for number, match in enumerate(event.table_matches(event.current_round)[:6]):
        if number % 3 == 0:  # a player's report, waiting for the other pair
            await club.say(club.by_key(match.left.members[0]), f"/result {match.table} A+ J")  # type: ignore[union-attr]
        else:
            await club.say(club.admin, f"/result {match.table} {('K', 'A+')[number % 2]} {('A+', '10')[number % 2]}")
    public_id = await public_id_of(club)
    with chromium(width, height) as browser:
        await asyncio.to_thread(browser.get, f"{web.client.base_url}/t/{public_id}{path}")
        await wait_for(lambda: browser.find_element("id", "status").text != "" or path == "/screen", 5)
        time.sleep(0.3)
        problems = await asyncio.to_thread(browser.execute_script, LAYOUT_PROBLEMS, least_font)
        folder = screenshots() or tmp_path
        folder.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(browser.save_screenshot, str(folder / f"{name}.png"))
        tables = await asyncio.to_thread(lambda: len(browser.find_elements("css selector", ".tbl")))
    assert problems == []
    assert tables == 10


async def test_a_result_entered_on_the_table_form_reaches_the_chat_and_the_open_live_page(
        club: Club, web: Web) -> None:
    from selenium.webdriver.support.ui import Select

    from tests.handlers.web.test_forms import tokens_of_table

    await drawn_club(club)
    public_id = await public_id_of(club)
    left_token, _ = await tokens_of_table(club, 2)
    before = len(club.offline.telegram.sent_texts(club.chat_id))
    with chromium(1920, 1080) as wall, chromium(360, 740) as phone:
        await asyncio.to_thread(wall.get, f"{web.client.base_url}/t/{public_id}")
        await wait_for(lambda: wall.find_element("id", "status").text != "", 5)
        await asyncio.to_thread(phone.get, f"{web.client.base_url}/t/{public_id}/me?token={left_token}")

        def fill_and_send() -> None:
            Select(phone.find_element("id", "own")).select_by_visible_text("A+")
            Select(phone.find_element("id", "theirs")).select_by_visible_text("Q")
            phone.find_element("css selector", "button[type=submit]").click()

        await asyncio.to_thread(fill_and_send)
        await wait_for(lambda: "A+ : Q" in wall.find_element("id", "tables").text, 5)
        answer = await asyncio.to_thread(lambda: phone.find_element("id", "me").text)
    told = club.offline.telegram.sent_texts(club.chat_id)[before:]
    assert len(told) == 1 and "A+" in told[0]
    assert answer.strip()
