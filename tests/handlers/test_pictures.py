"""``/bracket`` and ``/standings`` answer with pictures on the dispatcher: PNGs of the right size, the same bracket
``python -m bot render`` draws from the exported ``matches.csv``, several pictures for a large bracket. (How Telegram
sends them, a photo or an album: ``tests.handlers.telegram.test_picture_albums``.)"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.i18n import Language
from bot.pictures import bracket_picture, standings, theme
from bot.pictures.bracket_picture import render_bracket
from bot.pictures.points_stage import round_tables_layout
from bot.services.tournament.pictures import round_table_lines
from bot.sheets.matches_csv import read_matches_csv
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.sample_matches import sample_names


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
    return next(call.content for call in calls if call.file_name == "matches.csv")


@pytest.mark.parametrize(("pairs", "played_rounds"), [(2, 0), (5, 1), (13, 2)])
async def test_the_bracket_picture_follows_the_play(club: Club, pairs: int, played_rounds: int) -> None:
    await named_pairs(club, pairs)
    for _ in range(played_rounds):
        await club.play_round(random.Random(pairs), by_players=False)
    calls = await club.calls(club.member, "/bracket")
    assert [call.kind for call in calls] == ["message", "pictures"]
    photo = calls[1]
    assert photo.text == "Bracket of <b>Cup</b>" and photo.file_name == "bracket.png" and len(photo.pictures) == 1
    image = image_of(photo.pictures[0].png)
    bracket = (await club.state()).require_bracket()
    assert image.width == bracket_width(bracket.rounds)
    assert image.height >= bracket.size // 2 * bracket_picture.SLOT_PITCH
    assert rgb(theme.ACCENT_TINT) in colours(image)  # the round being played is highlighted
    # The picture is exactly what the renderer draws from the exported matches.csv.
    rows = read_matches_csv(await exported_rows(club))
    (drawn,) = render_bracket(rows, lang="en", title="Cup")  # the renderer finds the current round itself
    assert drawn.png == photo.pictures[0].png


async def test_a_finished_best_of_three_final(club: Club) -> None:
    await named_pairs(club, 4, settings=("final bo3", "third_place playoff"))
    await club.play_to_the_end(random.Random(8), by_players=False)
    bracket = (await club.state()).require_bracket()
    final = bracket.round_matches(2)[0]
    assert bracket.finished and len(final.games) >= 2
    calls = await club.calls(club.member, "/bracket")
    [picture] = calls[1].pictures
    image = image_of(picture.png)
    assert image.width == bracket_width(2) == theme.MIN_WIDTH
    found = colours(image)
    assert rgb(theme.GOLD_FILL) in found  # the champion's banner
    assert rgb(theme.ACCENT_TINT) not in found  # nothing left to highlight
    rows = read_matches_csv(await exported_rows(club))
    assert sum(1 for row in rows if row.round == 2 and row.stage.value == "main") == len(final.games)
    (drawn,) = render_bracket(rows, lang="en", title="Cup")
    assert drawn.png == picture.png


async def test_a_large_bracket_comes_as_five_full_size_pictures(club: Club) -> None:
    await named_pairs(club, 65)
    calls = await club.calls(club.member, "/bracket")
    # Five pictures fill the budget of five messages (the hostile-input limit): the pictures alone, their caption
    # the bracket's summary instead of the text message.
    assert [call.kind for call in calls] == ["pictures"]
    [answer] = calls
    assert answer.text == "🗂 <b>Cup</b> — 65 pairs, 7 rounds, 63 byes (too long as text: see the pictures)"
    # Four regions and the finals, each small enough for a photo a platform does not shrink (readable on a phone,
    # so more pictures rather than smaller text).
    assert [picture.label for picture in answer.pictures] == ["Part 1 of 4", "Part 2 of 4", "Part 3 of 4",
                                                              "Part 4 of 4", "Finals"]
    sizes = [image_of(picture.png).size for picture in answer.pictures]
    assert all(1080 <= width <= 2560 and height <= 2560 for width, height in sizes)


async def test_the_standings_picture(club: Club) -> None:
    await named_pairs(club, 5)
    await club.play_to_the_end(random.Random(3), by_players=False)
    calls = await club.calls(club.member, "/standings")
    assert [call.kind for call in calls] == ["message", "pictures"]
    assert calls[1].text == "Standings of <b>Cup</b>" and calls[1].file_name == "standings.png"
    [picture] = calls[1].pictures
    image = image_of(picture.png)
    top = theme.TITLE_BAR_HEIGHT + standings.HEADER_GAP + standings.ROW_HEIGHT
    assert image.size == (standings.WIDTH, top + 5 * standings.ROW_HEIGHT + theme.MARGIN)
    assert {rgb(medal) for medal in theme.MEDALS} <= colours(image)


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
        photos = [call for call in calls if call.kind == "pictures"]
        assert photos, [call.kind for call in calls]
        image = image_of(photos[0].pictures[0].png)
        assert image.width >= theme.MIN_WIDTH
    state = await club.state()
    assert state.points_stage is not None
    [page] = round_tables_layout(round_table_lines(state.points_stage, 1, Language.ZH), lang="zh", title="第 1 轮")
    shown = [text.text for text in page.texts]
    assert "BYE" not in shown and "轮空" in shown
