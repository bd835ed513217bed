"""Pictures of Swiss rounds and groups: the round's tables and the standings with the tie-break
columns — at least 1,080 px wide, no text under 28 px, no text overlapping another or leaving its cell or the
picture, checked on the text boxes the renderer lays out, for small and large fields with the longest names."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from bot.i18n import Language, t
from bot.pictures import theme
from bot.pictures.layout import layout_faults
from bot.pictures.points_stage import (
    TABLE_ROWS_PER_PAGE,
    PointsLine,
    TableLine,
    points_standings_layout,
    render_points_standings,
    render_round_tables,
    round_tables_layout,
)
from bot.ruleset.variants import DEFAULT_VARIANT, ScoringScale
from bot.sheets.standings_order import standings_order_text
from bot.tournament.names import MAX_NAME_LENGTH

LONGEST_NAMES = {
    "zh": "张" * MAX_NAME_LENGTH,
    "latin": ("Alexandra Konstantinopoulou-Papadimitriou" * 2)[:MAX_NAME_LENGTH],
    "pair": ("王" * 20) + " / " + ("Maximilian " * 4).strip(),
}
FIELDS = (2, 7, 20, 41, 130)
EVENT_NAME = "2026 年度全国职工掼蛋锦标赛（华东赛区）· Spring Invitational Open " * 2


def table_lines(pairs: int, name: str, lang: str) -> list[TableLine]:
    marks = ("", "! 再次相遇 ! 同单位", "A 组", "! rematch ! same unit")
    statuses = ("K : A+", "待确认" if lang == "zh" else "awaiting confirmation", "10 : 10", "A+ : 2")
    lines = [TableLine(table, f"{name}{table}", f"{name[::-1]}{table}", statuses[table % 4], marks[table % 4])
             for table in range(1, pairs // 2 + 1)]
    if pairs % 2:
        lines.append(TableLine(None, f"{name}0", "", "轮空" if lang == "zh" else "bye"))
    return lines


def points_lines(pairs: int, name: str) -> list[PointsLine]:
    return [PointsLine(rank, f"{name}{rank}", 26 * 5 - rank, 650 - rank * 3, 60 - rank, 5 - rank % 6, rank % 2,
                       rank % 6, "含 1 场不战胜" if rank % 7 == 0 else "", 140 - rank) for rank in range(1, pairs + 1)]


def assert_readable(pages: tuple, expected_rows: int) -> None:  # type: ignore[type-arg]
    for page in pages:
        assert page.width >= theme.MIN_WIDTH and page.height <= 2560
        assert layout_faults(page.width, page.height, page.texts) == []
    assert expected_rows >= 0


@pytest.mark.parametrize("pairs", FIELDS)
@pytest.mark.parametrize("name", list(LONGEST_NAMES))
@pytest.mark.parametrize("lang", list(Language))
def test_round_tables_are_readable(pairs: int, name: str, lang: Language) -> None:
    lines = table_lines(pairs, LONGEST_NAMES[name], lang.value)
    pages = round_tables_layout(lines, lang=lang, title="积分赛第 3 轮（共 5 轮）", name=EVENT_NAME)
    assert len(pages) == max(1, -(-len(lines) // TABLE_ROWS_PER_PAGE))
    assert_readable(pages, len(lines))


@pytest.mark.parametrize("pairs", FIELDS)
@pytest.mark.parametrize("name", list(LONGEST_NAMES))
@pytest.mark.parametrize("lang", list(Language))
def test_standings_are_readable(pairs: int, name: str, lang: Language) -> None:
    notes = [standings_order_text(replace(DEFAULT_VARIANT, scoring=ScoringScale.MATCH_POINTS), lang, swiss=False,
                                  plain=True),
             "对手分：交过手的每一对的积分之和（轮空不计）。" * 3, "Opp: opponents' points — the points " * 5]
    pages = points_standings_layout(points_lines(pairs, LONGEST_NAMES[name]), lang=lang,
                                    title="第 1 轮后的排名", name=EVENT_NAME, notes=notes)
    assert_readable(pages, pairs)


def test_the_two_pairs_of_a_table_are_on_separate_lines() -> None:
    [page] = round_tables_layout([TableLine(1, "甲 / 乙", "丙 / 丁", "K : A+", "! 同单位")], lang="zh", title="第 1 轮")
    left = next(text for text in page.texts if text.text == "甲 / 乙")
    right = next(text for text in page.texts if text.text == "丙 / 丁")
    mark = next(text for text in page.texts if text.text.startswith("!"))
    assert left.box[3] <= right.box[1] and mark.text == "! 同单位"


def test_a_bye_is_named_in_the_chat_language() -> None:
    [page] = round_tables_layout([TableLine(None, "张三 / 李四", "", "轮空")], lang="zh", title="第 1 轮")
    assert "BYE" not in {text.text for text in page.texts} and "轮空" in {text.text for text in page.texts}


def test_the_standings_title_is_whole_and_each_column_keeps_to_itself() -> None:
    [page] = points_standings_layout(points_lines(8, "张三 / 李四"), lang="zh", title="第 1 轮后的排名",
                                     name="周五掼蛋积分赛")
    texts = {text.text: text for text in page.texts}
    assert "第 1 轮后的排名" in texts and "周五掼蛋积分赛" in texts
    assert texts["级差"].box[2] < texts["胜-平-负"].box[0]


@pytest.mark.parametrize("lang", list(Language))
def test_the_standings_show_levels_reached_and_the_order_in_words(lang: Language) -> None:
    order = standings_order_text(replace(DEFAULT_VARIANT, scoring=ScoringScale.MATCH_POINTS), lang, swiss=False,
                                 plain=True)
    [page] = points_standings_layout(points_lines(8, "张三 / 李四"), lang=lang, title="A", name="周五", notes=[order])
    assert layout_faults(page.width, page.height, page.texts) == []
    header = {"zh": "累积小分", "en": "Lv"}[lang.value]
    column = next(text for text in page.texts if text.text == header)
    # Its values stand under it, between the level difference and the record.
    value = next(text for text in page.texts if text.text == "139")
    assert column.cell[0] <= value.box[0] and value.box[2] <= column.cell[2]
    level = next(text for text in page.texts if text.text == t("points.picture.level_difference", lang))
    record = next(text for text in page.texts if text.text == t("points.picture.record", lang))
    assert level.box[2] < column.box[0] and column.box[2] < record.box[0]
    # The order, wrapped under the table in plain words (no chat markup), ends with the lot.
    last_row = max(text.box[3] for text in page.texts if text.text == "132")
    below = "".join(text.text for text in page.texts if text.box[1] > last_row)
    assert "<b>" not in below and below.replace(" ", "") == order.replace(" ", "")
    assert {"zh": "累积小分", "en": "levels reached"}[lang.value] in below


def test_without_levels_reached_the_column_is_not_drawn() -> None:
    lines = [replace(line, levels_reached=None) for line in points_lines(8, "张三 / 李四")]
    [page] = points_standings_layout(lines, lang="zh", title="A", name="周五", notes=[])
    assert "累积小分" not in {text.text for text in page.texts}


def test_the_picture_is_the_layout_drawn() -> None:
    lines = table_lines(41, "张三", "zh")
    pictures = render_round_tables(lines, lang="zh", title="积分赛第 3 轮", name="周五")
    pages = round_tables_layout(lines, lang="zh", title="积分赛第 3 轮", name="周五")
    for picture, page in zip(pictures, pages, strict=True):
        assert Image.open(io.BytesIO(picture.png)).size == (page.width, page.height)
    empty = render_points_standings([], lang="en", title="nothing yet")
    assert len(empty) == 1 and empty[0].width >= theme.MIN_WIDTH
