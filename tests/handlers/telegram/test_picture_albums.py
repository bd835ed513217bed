"""``/bracket`` and ``/standings`` send pictures through the real application: PNGs of the right size, the same
bracket ``python -m bot render`` draws from the exported ``matches.csv``, albums for large brackets."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.i18n import Language
from bot.pictures import bracket_picture, standings, theme
from bot.pictures.bracket_picture import render_bracket
from bot.pictures.points import round_tables_layout
from bot.services.tournament.pictures import round_table_lines
from bot.sheets.matches_csv import read_matches_csv
from tests.handlers.tournament_helpers import Club
from tests.support.sample_matches import sample_names
from tests.support.telegram import ApiCall


async def named_pairs(club: Club, pairs: int, *, settings: tuple[str, ...] = ()) -> None:
    """The organiser enters ``pairs`` pairs by name (no accounts), changes ``settings`` and draws."""
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    for setting in settings:
        await club.say(club.admin, f"/set {setting}")
    for name in sample_names(pairs, seed=pairs):
        await club.say(club.admin, "/signup " + name.replace(" / ", " "))
    await club.say(club.admin, "/draw")


def image_of(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    found = image.convert("RGB").getcolors(maxcolors=1 << 16)
    assert found is not None
    return {colour for _, colour in found}  # type: ignore[misc]


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def bracket_width(rounds: int) -> int:
    content = rounds * bracket_picture.BOX_WIDTH + (rounds - 1) * bracket_picture.COLUMN_GAP
    return max(theme.MIN_WIDTH, content + 2 * theme.MARGIN)


async def exported_rows(club: Club) -> bytes:
    calls = await club.calls(club.member, "/export")
    return next(call.files["document"][1] for call in calls if call.files["document"][0] == "matches.csv")


@pytest.mark.parametrize(("pairs", "played_rounds"), [(2, 0), (5, 1), (13, 2)])
async def test_the_bracket_picture_follows_the_play(club: Club, pairs: int, played_rounds: int) -> None:
    await named_pairs(club, pairs)
    for _ in range(played_rounds):
        await club.play_round(random.Random(pairs), by_players=False)
    calls = await club.calls(club.member, "/bracket")
    assert [call.method for call in calls] == ["sendMessage", "sendPhoto"]
    photo = calls[1]
    assert photo.text == "Bracket of <b>Cup</b>" and photo.files["photo"][0] == "bracket.png"
    image = image_of(photo.files["photo"][1])
    bracket = (await club.state()).require_bracket()
    assert image.width == bracket_width(bracket.rounds)
    assert image.height >= bracket.size // 2 * bracket_picture.SLOT_PITCH
    assert rgb(theme.ACCENT_TINT) in colours(image)  # the round being played is highlighted
    # The picture is exactly what the renderer draws from the exported matches.csv.
    rows = read_matches_csv(await exported_rows(club))
    (drawn,) = render_bracket(rows, lang="en", title="Cup")  # the renderer finds the current round itself
    assert drawn.png == photo.files["photo"][1]


async def test_a_finished_best_of_three_final(club: Club) -> None:
    await named_pairs(club, 4, settings=("final bo3", "third_place playoff"))
    await club.play_to_the_end(random.Random(8), by_players=False)
    bracket = (await club.state()).require_bracket()
    final = bracket.round_matches(2)[0]
    assert bracket.finished and len(final.games) >= 2
    calls = await club.calls(club.member, "/bracket")
    image = image_of(calls[1].files["photo"][1])
    assert image.width == bracket_width(2) == theme.MIN_WIDTH
    found = colours(image)
    assert rgb(theme.GOLD_FILL) in found  # the champion's banner
    assert rgb(theme.ACCENT_TINT) not in found  # nothing left to highlight
    rows = read_matches_csv(await exported_rows(club))
    assert sum(1 for row in rows if row.round == 2 and row.stage.value == "main") == len(final.games)
    (drawn,) = render_bracket(rows, lang="en", title="Cup")
    assert drawn.png == calls[1].files["photo"][1]


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


async def test_the_standings_picture(club: Club) -> None:
    await named_pairs(club, 5)
    await club.play_to_the_end(random.Random(3), by_players=False)
    calls = await club.calls(club.member, "/standings")
    assert [call.method for call in calls] == ["sendMessage", "sendPhoto"]
    assert calls[1].text == "Standings of <b>Cup</b>" and calls[1].files["photo"][0] == "standings.png"
    image = image_of(calls[1].files["photo"][1])
    top = theme.TITLE_BAR_HEIGHT + standings.HEADER_GAP + standings.ROW_HEIGHT
    assert image.size == (standings.WIDTH, top + 5 * standings.ROW_HEIGHT + theme.MARGIN)
    assert {rgb(medal) for medal in theme.MEDALS} <= colours(image)
    photo: ApiCall = calls[1]
    assert photo.result["photo"][0]["width"] == standings.WIDTH  # the fake reads the PNG's real size


async def test_pictures_speak_the_chats_language(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    for name in sample_names(3):
        await club.say(club.admin, "/signup " + name.replace(" / ", " "))
    await club.say(club.admin, "/draw")
    calls = await club.calls(club.member, "/bracket")
    assert calls[1].text == "<b>周五杯</b> 对阵图"
    calls = await club.calls(club.member, "/standings")
    assert calls[1].text == "<b>周五杯</b> 排名"


async def test_a_swiss_round_and_its_standings_are_pictures_a_phone_reads(club: Club) -> None:
    """The pictures of a points stage were 720 px wide, printed the two pairs of a table over each other
    and an English "BYE" in a Chinese chat."""
    await club.say(club.admin, "/new 周五积分赛")
    await club.say(club.admin, "/set format swiss")
    await club.say(club.admin, "/set time_limit 50")
    for name in sample_names(7, seed=7):
        await club.say(club.admin, "/signup " + name.replace(" / ", " "))
    await club.say(club.admin, "/draw")
    for command in ("/bracket", "/standings"):
        calls = await club.calls(club.member, command)
        photos = [call for call in calls if call.method == "sendPhoto"]
        assert photos, [call.method for call in calls]
        image = image_of(photos[0].files["photo"][1])
        assert image.width >= theme.MIN_WIDTH
    state = await club.state()
    assert state.points_stage is not None
    [page] = round_tables_layout(round_table_lines(state.points_stage, 1, Language.ZH), lang="zh", title="第 1 轮")
    shown = [text.text for text in page.texts]
    assert "BYE" not in shown and "轮空" in shown
