"""Speaking the club's language, through the chat: English plurals, Chinese typography (full-width
punctuation, one word per concept), the welcome saying how to switch language."""

import re

import pytest

from bot.i18n import Language, catalog, t
from tests.handlers.conftest import DispatchedGroup as Group
from tests.handlers.tournament_helpers import DispatchedClub as Club


def test_a_count_says_its_noun_in_the_singular_or_the_plural() -> None:
    assert t("signup.counts.pairs", Language.EN, pairs=1, singles=1, teams=1) == (
        "Entries: 1 pair and 1 single (1 pair so far)")
    assert t("signup.counts.pairs", Language.EN, pairs=0, singles=3, teams=1) == (
        "Entries: 0 pairs and 3 singles (1 pair so far)")
    assert t("signup.counts.pairs", Language.ZH, pairs=1, singles=1, teams=1) == (
        "已报名：1 对组队、1 人单人（目前可组成 1 对）")


async def test_english_plurals_in_a_small_tournament(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Cup")
    [first] = await club.say(club.person(1), "/signup")
    assert "Entries: 0 pairs and 1 single (0 pairs so far)" in first
    await club.sign_up_singles(3, start=2)
    texts = await club.say(club.admin, "/draw")
    assert any("Sign-up for <b>Cup</b> is closed with 4 entries." in text for text in texts)
    assert any("<b>The draw</b> — 2 pairs:" in text for text in texts)
    assert any(re.search(r"of Cup — 1 table\b", text) for text in texts)
    [bracket, *_] = await club.say(club.member, "/bracket")
    assert "2 pairs, 1 round, 0 byes" in bracket


# Chinese typography ---------------------------------------------------------------------------------------------

_CODE = re.compile(r"<code>.*?</code>|<[^>]+>|&\w+;|\{[^}]*\}|https?://\S+", re.S)
_HAN = re.compile(r"[\u4e00-\u9fff]")


def chinese_prose(text: str) -> str:
    """A Chinese text without what is not prose: markup, code, placeholders, links."""
    return _CODE.sub(" ", text)


@pytest.mark.parametrize("key", sorted(key for key, text in catalog(Language.ZH).items() if _HAN.search(text)))
def test_chinese_texts_use_full_width_commas_colons_and_brackets(key: str) -> None:
    prose = chinese_prose(catalog(Language.ZH)[key])
    # An ASCII comma, colon, semicolon, question mark or bracket right next to a Chinese character.
    found = re.findall(r"[\u4e00-\u9fff][,:;?!.()]|[,:;?!()][\u4e00-\u9fff]", prose)
    assert found == [], f"{key}: {found}"


def test_one_word_per_concept_in_chinese() -> None:
    """A table is 第 N 桌 (never N 号桌), a pair is 对 (组 only in 组队, forming one), the same in texts and
    pictures."""
    texts = catalog(Language.ZH)
    for key, text in texts.items():
        assert "号桌" not in text, key
        assert not re.search(r"\d\s*组(?!队)|[两几每]组(?!队)|(?<!报)组数", chinese_prose(text)), key


def test_the_table_word_is_the_same_in_text_and_pictures() -> None:
    assert t("render.table", Language.ZH, table=3) == "第3桌"
    assert t("tables.bracket.open", Language.ZH, table=3, left="甲", right="乙", mark="", state="").startswith("第3桌")
    assert t("render.subtitle_pairs", Language.ZH, pairs=8) == "8 对"


async def test_the_welcome_says_how_to_switch_language(group: Group) -> None:
    [welcome] = await group.say(group.member, "/start")
    assert welcome.startswith("你好！👋\n🌐 For English, send /lang en（在群里由组织者发送）。")
    await group.say(group.admin, "/lang en")
    [english] = await group.say(group.member, "/start")
    assert english.startswith("Hello! 👋\n🌐 中文：发送 /lang zh (in a group, an organiser sends it).")


async def test_chinese_lists_use_the_enumeration_comma(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(10)
    texts = await club.say(club.admin, "/draw")
    [byes] = [line for text in texts for line in text.split("\n") if line.startswith("轮空（3）：")]
    assert byes.count("、") == 2 and ", " not in byes
    await club.say(club.admin, "/lang en")
    texts = await club.say(club.member, "/tables")
    assert "、" not in " ".join(texts)
