"""Each kind of page for a 2-pair knockout, a 20-pair Swiss tournament and a 130-pair group stage, read back from the
PDF: every name and table number where it belongs, the by-name list in 拼音 order, the cards' QR codes decoding to
the pairs' table links, fonts embedded and no word near or past a page's edge."""

from __future__ import annotations

import re
import unicodedata

import pytest

from bot.i18n import Language
from bot.paperwork.document import ROUND_PACK, CheckinLine, Document, Paper, What
from bot.paperwork.render import document_pdf
from bot.presenters.paperwork import default_pack, document
from bot.ruleset.scoring import Side
from bot.services import Services
from bot.services.caller import Caller
from bot.services.paperwork import NothingDrawnToPrint, PrintMaterial, print_material
from bot.services.tournament.notice import attach_notice
from bot.services.tournament.views import round_tables_of
from tests.paperwork.fields import PUBLIC_URL, admin, drawn, people, play_current_round, services, signed_up
from tests.paperwork.pdf_checks import (
    MM,
    PageBox,
    Word,
    fonts,
    outlines_of,
    page_boxes,
    pdf_text,
    qr_codes,
    words_off_the_page,
)

__all__ = ["admin", "services"]  # fixtures

# The larger fields take seconds each (fonts, QR codes, every page laid out): make quick prints the 2-pair knockout.
FIELDS = [(2, "knockout"), pytest.param(20, "swiss", marks=pytest.mark.slow, id="20-swiss"),
          pytest.param(130, "groups", marks=pytest.mark.slow, id="130-groups")]
"""The 130-pair field takes 5–15 s a test (much more on a busy machine): ``make test`` runs it, ``make quick`` not."""


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def render(material: PrintMaterial, whats: tuple[What, ...], lang: Language = Language.ZH,
           paper: Paper = Paper.A4, count: int = 3) -> tuple[Document, bytes]:
    made = document(material, whats, lang, paper=paper, certificate_count=count)
    return made, document_pdf(made).data


def assert_printable(data: bytes, tournament: str = "周五掼蛋杯") -> None:
    """Fonts embedded (the pages' own font only: a glyph it lacks would come from another font of the machine),
    no word within 4 mm of an edge, the tournament's name on every page."""
    assert fonts(data) and all(embedded for _, embedded in fonts(data))
    assert {re.sub(r"^[A-Z]{6}\+", "", name) for name, _ in fonts(data)} <= {"Guandan-Sans", "Guandan-Sans-Bold"}
    assert words_off_the_page(data) == []
    for page in page_boxes(data):
        footer = squeeze("".join(word.text for word in page.words if word.y_min > page.height - 20 * MM))
        assert tournament in footer and re.search(rf"{page.number}/\d+$", footer), (page.number, footer)


def rows_of(data: bytes, x_before_mm: float, heading: str) -> list[str]:
    """Text of a list's first column (words starting left of ``x_before_mm``, below the column's ``heading`` on
    the page that has it), one entry per line, in page order."""
    rows: list[str] = []
    for page in page_boxes(data):
        lines: dict[int, list[str]] = {}
        for word in page.words:
            if word.x_min < x_before_mm * MM and word.y_min < page.height - 15 * MM:
                lines.setdefault(round(word.y_min), []).append(word.text)
        column = [" ".join(lines[y]) for y in sorted(lines)]
        rows += column[column.index(heading) + 1:] if heading in column else column
    return rows


def lines_of(page: PageBox) -> list[list[str]]:
    """The page's words in lines: words whose vertical middles are within 4 pt of each other, left to right."""
    lines: list[list[Word]] = []
    for word in sorted(page.words, key=lambda item: (item.y_min + item.y_max) / 2):
        middle = (word.y_min + word.y_max) / 2
        if lines and abs(middle - (lines[-1][0].y_min + lines[-1][0].y_max) / 2) <= 4:
            lines[-1].append(word)
        else:
            lines.append([word])
    return [[word.text for word in sorted(line, key=lambda item: item.x_min)] for line in lines]


def pinyin_key(name: str) -> tuple[str, ...]:
    from pypinyin import Style, lazy_pinyin

    folded = "".join(char for char in unicodedata.normalize("NFKD", name) if not unicodedata.combining(char))
    return tuple(part.lower() for part in lazy_pinyin(folded, style=Style.NORMAL))


@pytest.mark.parametrize(("pairs", "fmt"), FIELDS)
async def test_round_pages_hold_every_table_name_and_link(services: Services, admin: Caller, pairs: int,
                                                          fmt: str) -> None:
    await drawn(services, admin, pairs, fmt)
    material = await print_material(services, admin, needs_round=True)
    tables = round_tables_of(material.state)
    seated = [match for match in tables.matches if match.table is not None]
    assert seated and material.tokens is not None
    everyone = [name for match in seated for team in (match.left, match.right) if team is not None
                for name in (material.state.name_of(key) for key in team.members) if name]

    _, wall = render(material, (What.TABLES,))
    assert_printable(wall)
    text = squeeze(pdf_text(wall))
    assert all(squeeze(name) in text for name in everyone)
    numbers = [int(row) for row in rows_of(wall, 14 + 22, "桌号") if row.isdigit()]
    assert numbers == [match.table for match in seated]  # every table, in order, on the wall list

    _, by_name = render(material, (What.NAMES,))
    assert_printable(by_name)
    listed = [row for row in rows_of(by_name, 14 + 38, "姓名") if not re.fullmatch(r"[A-Z#]", row)]
    assert sorted(map(squeeze, listed)) == sorted(map(squeeze, everyone))
    keys = [pinyin_key(squeeze(name)) for name in listed]
    assert keys == sorted(keys)  # 拼音 order, Latin names among them by their letters
    table_of = {squeeze(name): match.table for match in seated for team in (match.left, match.right)
                if team is not None for name in (material.state.name_of(key) or "" for key in team.members)}
    for page in page_boxes(by_name):
        for words in lines_of(page):
            person = next((key for key in (words[0], "".join(words[:2])) if key in table_of), None)
            if person is not None and len(words) >= 3:
                assert str(table_of[person]) in words, (person, words)

    _, cards = render(material, (What.CARDS,))
    assert_printable(cards)
    links = {seat.url for seat in material.tokens.seats.values()}
    assert len(links) == 2 * len(seated) and all(link and link.startswith(f"{PUBLIC_URL}/t/") for link in links)
    assert sorted(qr_codes(cards)) == sorted(links)  # type: ignore[type-var]
    card_text = squeeze(pdf_text(cards))
    assert all(f"第{match.table}桌" in card_text for match in seated)
    assert all(squeeze(name) in card_text for name in everyone)

    _, slips = render(material, (What.SLIPS,))
    assert_printable(slips)
    slip_text = squeeze(pdf_text(slips))
    assert all(f"第{match.table}桌" in slip_text for match in seated)
    assert all(squeeze(name) in slip_text for name in everyone)
    assert slip_text.count("·签字") == 2 * len(seated)


async def test_a_card_link_is_the_seat_s_token_link(services: Services, admin: Caller) -> None:
    await drawn(services, admin, 2, "knockout")
    material = await print_material(services, admin, needs_round=True)
    assert material.tokens is not None
    seat = material.tokens.seats[1, Side.LEFT]
    assert seat.url == f"{PUBLIC_URL}/t/{material.tokens.public_id}/me?token={seat.token}"
    _, cards = render(material, (What.CARDS,))
    assert seat.url in qr_codes(cards)


@pytest.mark.parametrize(("pairs", "fmt"), FIELDS)
async def test_standings_and_certificates(services: Services, admin: Caller, pairs: int, fmt: str) -> None:
    state = await drawn(services, admin, pairs, fmt)
    state = await play_current_round(services, admin)
    if pairs == 2:
        assert state.record.status.value == "finished"
    material = await print_material(services, admin)
    _, standing = render(material, (What.STANDINGS,))
    assert_printable(standing)
    text = squeeze(pdf_text(standing))
    assert all(squeeze(team.name) in text for team in state.teams)
    assert ("排序" in text) or ("排名依次看" in text)
    made, awarded = render(material, (What.CERTIFICATES,), count=8)
    assert_printable(awarded)
    certificate_text = squeeze(pdf_text(awarded))
    assert len(made.certificates) <= 8
    for item in made.certificates:
        assert squeeze(item.pair.name) in certificate_text and squeeze(item.place_text) in certificate_text
    if pairs == 2:
        assert [item.place for item in made.certificates] == [1, 2]
        assert default_pack(material) == (What.STANDINGS, What.CERTIFICATES)


@pytest.mark.parametrize(("pairs", "fmt"), FIELDS)
async def test_checkin_and_booklet_before_and_after_the_draw(services: Services, admin: Caller, pairs: int,
                                                             fmt: str) -> None:
    entered = await signed_up(services, admin, pairs, fmt)
    await attach_notice(services, admin, "第一条 每局限时50分钟。\n第二条 迟到5分钟对手升1级。", None)
    material = await print_material(services, admin)
    assert default_pack(material) == (What.CHECKIN, What.BOOKLET)
    _, before = render(material, (What.CHECKIN, What.BOOKLET))
    assert_printable(before)
    text = squeeze(pdf_text(before))
    assert all(squeeze(name) in text for pair in entered for name in pair)
    assert "每局限时50分钟" in text and "财务处" in text
    with pytest.raises(NothingDrawnToPrint):  # the tables need a draw
        await print_material(services, admin, needs_round=True)

    from bot.services.tournament.draw import make_draw

    await make_draw(services, admin)
    material = await print_material(services, admin)
    assert default_pack(material) == ROUND_PACK
    made, after = render(material, (What.BOOKLET,), lang=Language.EN, paper=Paper.LETTER)
    assert_printable(after)
    assert made.booklet is not None and made.booklet.first_round is not None
    first = made.booklet.first_round
    english = squeeze(pdf_text(after))
    assert all(squeeze(row.left.name) in english and squeeze(row.right.name) in english for row in first.tables)
    width, height = page_boxes(after)[0].width, page_boxes(after)[0].height
    assert (round(width), round(height)) == (612, 792)  # US Letter


def test_people_are_all_different() -> None:
    names = people(260)
    assert len(set(names)) == 260


@pytest.mark.slow  # loads several faces of the font collection to compare outlines: seconds
def test_chinese_is_printed_in_the_simplified_chinese_face() -> None:
    """The packaged font is a collection (JP, KR, SC, TC, HK faces sharing most outlines): 直, 骨 and 角 must come
    out in the shapes readers in China learned, not the Japanese ones of the collection's first face."""
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTCollection

    from bot.pictures.fonts import font_source

    source = font_source()
    assert source is not None and source.family == "Noto Sans CJK SC"
    faces = TTCollection(str(source.path), lazy=True).fonts

    def outline(face_index: int, character: str) -> list[tuple[str, tuple[object, ...]]]:
        face = faces[face_index]
        pen = RecordingPen()
        face.getGlyphSet()[face.getBestCmap()[ord(character)]].draw(pen)
        return pen.value

    made = Document("直骨角杯", Language.ZH, (What.CHECKIN,),
                    checkin=(CheckinLine(1, "王直", "骨科"), CheckinLine(2, "李角", None)))
    data = document_pdf(made).data
    assert_printable(data, "直骨角杯")
    for character in "直骨角":
        simplified, japanese = outline(source.index, character), outline(0, character)
        assert simplified != japanese
        printed = outlines_of(data, character)
        assert printed and all(drawn == simplified for drawn in printed), character


def test_a_page_loads_nothing_but_its_font_and_data() -> None:
    from bot.paperwork.render import FONT_URL, _page_fetcher

    fetcher = _page_fetcher()
    assert fetcher.fetch(FONT_URL).read()[:4] == b"OTTO"  # one OpenType face, not the collection ("ttcf")
    assert fetcher.fetch("data:text/plain,hi").read() == b"hi"
    for url in ("file:///etc/hostname", "https://example.org/font.otf"):
        with pytest.raises(ValueError):
            fetcher.fetch(url)
