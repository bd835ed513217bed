"""Pictures as Telegram sends them: one picture as a photo Telegram reads at its real size, several as one album
of full-size photos with the caption on the first and the chat's HTML in every caption. What the pictures show:
``tests.handlers.test_pictures``."""

from __future__ import annotations

import random

from bot.pictures import standings
from tests.handlers.test_pictures import image_of, named_pairs
from tests.handlers.tournament_helpers import Club
from tests.support.telegram import ApiCall


async def test_one_picture_goes_as_a_photo_of_its_real_size(club: Club) -> None:
    await named_pairs(club, 5)
    await club.play_to_the_end(random.Random(3), by_players=False)
    calls = await club.calls(club.member, "/standings")
    assert [call.method for call in calls] == ["sendMessage", "sendPhoto"]
    photo: ApiCall = calls[1]
    assert photo.text == "Standings of <b>Cup</b>" and photo.files["photo"][0] == "standings.png"
    assert photo.result["photo"][0]["width"] == standings.WIDTH  # the fake reads the PNG's real size


async def test_a_large_bracket_comes_as_one_album_of_full_size_photos(club: Club) -> None:
    await named_pairs(club, 65)
    calls = await club.calls(club.member, "/bracket")
    # Five pictures fill the budget of five messages (the hostile-input limit): the album alone, its caption the
    # bracket's summary instead of the text message.
    assert [call.method for call in calls] == ["sendMediaGroup"]
    album = calls[0]
    media = album.params["media"]
    # Four regions and the finals, each small enough for a photo Telegram does not shrink (readable on
    # a phone, so more pictures rather than smaller text).
    assert [item["type"] for item in media] == ["photo"] * 5
    assert [item["caption"] for item in media] == [
        "🗂 <b>Cup</b> — 65 pairs, 7 rounds, 63 byes (too long as text: see the pictures) · Part 1 of 4",
        "Part 2 of 4", "Part 3 of 4", "Part 4 of 4", "Finals"]
    assert {item.get("parse_mode") for item in media} == {"HTML"}  # the chat's default reaches album captions
    files = [album.files[item["media"].removeprefix("attach://")] for item in media]
    assert [name for name, _ in files] == ["bracket.png", *(f"bracket-{number}.png" for number in range(2, 6))]
    sizes = [image_of(data).size for _, data in files]
    assert all(1080 <= width <= 2560 and height <= 2560 for width, height in sizes)
    assert len(album.result) == 5 and len({message["media_group_id"] for message in album.result}) == 1
