"""How picture sets are sent: one photo, one document, one album (photos or documents, never mixed), at most ten."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from bot.config import Settings
from bot.pictures.picture import Picture, to_picture
from handlers.commands import COMMANDS
from handlers.invocation import Invocation
from handlers.registry import CommandSpec
from handlers.telegram.pictures import PHOTO_MAX_SIDE, file_names
from tests.support.harness import OfflineBot
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, group_chat

GROUP = group_chat(-4_000_777, "图片测试")
SENDER = FakeUser(77, "Tester", language_code="en")


def picture(width: int, height: int, label: str = "") -> Picture:
    return to_picture(Image.new("RGB", (width, height), "white"), label)


SETS: dict[str, list[Picture]] = {
    "one": [picture(640, 300)],
    "one_tall": [picture(900, PHOTO_MAX_SIDE + 1)],
    "regions": [picture(700, 500, "Part 1 of 2"), picture(700, 500, "Part 2 of 2"), picture(640, 200, "Finals")],
    "mixed": [picture(700, PHOTO_MAX_SIDE + 10, "Part 1 of 2"), picture(700, 500, "Part 2 of 2")],
    "many": [picture(640, 100, f"Page {number} of 12") for number in range(1, 13)],
}


async def show(call: Invocation) -> None:
    await call.send_pictures(SETS[call.args[0]], "Bracket of <b>&lt;Cup&gt;</b>", "bracket")


@pytest.fixture
async def offline(tmp_path: Path) -> AsyncIterator[OfflineBot]:
    commands = (*COMMANDS, CommandSpec("show", show, listed=False))
    async with OfflineBot.running(Settings(db_path=tmp_path / "p.sqlite3"), commands=commands) as running:
        yield running


async def sent(offline: OfflineBot, name: str) -> ApiCall:
    [call] = await offline.process(offline.updates.message(GROUP, SENDER, f"/show {name}"))
    return call


def media_files(call: ApiCall) -> list[tuple[str, str, bytes]]:
    return [(item["type"], *call.files[item["media"].removeprefix("attach://")]) for item in call.params["media"]]


async def test_one_picture_is_one_photo(offline: OfflineBot) -> None:
    call = await sent(offline, "one")
    assert call.method == "sendPhoto" and call.text == "Bracket of <b>&lt;Cup&gt;</b>"
    assert call.files["photo"] == ("bracket.png", SETS["one"][0].png)


async def test_one_picture_too_large_for_a_photo_is_a_document(offline: OfflineBot) -> None:
    call = await sent(offline, "one_tall")
    assert call.method == "sendDocument" and call.files["document"][0] == "bracket.png"
    assert Image.open(io.BytesIO(call.files["document"][1])).height == PHOTO_MAX_SIDE + 1  # every pixel kept


async def test_several_pictures_are_one_album_captioned_by_part(offline: OfflineBot) -> None:
    call = await sent(offline, "regions")
    assert call.method == "sendMediaGroup"
    assert [item["caption"] for item in call.params["media"]] == [
        "Bracket of <b>&lt;Cup&gt;</b> · Part 1 of 2", "Part 2 of 2", "Finals"]
    assert [(kind, name) for kind, name, _ in media_files(call)] == [
        ("photo", "bracket.png"), ("photo", "bracket-2.png"), ("photo", "bracket-3.png")]


async def test_an_album_with_one_large_picture_is_all_documents(offline: OfflineBot) -> None:
    call = await sent(offline, "mixed")
    assert [kind for kind, _, _ in media_files(call)] == ["document", "document"]


async def test_more_than_ten_pictures_send_the_first_ten_and_say_so(offline: OfflineBot) -> None:
    call = await sent(offline, "many")
    media = call.params["media"]
    assert len(media) == 10
    # The group speaks the default language (zh); the parts are whatever the pictures say.
    assert media[0]["caption"] == "Bracket of <b>&lt;Cup&gt;</b> · 共 12 张图，这里是前 10 张 · Page 1 of 12"
    assert media[9]["caption"] == "Page 10 of 12"


def test_file_names_follow_the_render_command() -> None:
    assert file_names("standings", 3) == ["standings.png", "standings-2.png", "standings-3.png"]
