"""``/play`` details through the chat and the CLI: ``33344`` (ranks without suits written together),
``BJ``/``SJ``/``RJ`` read where they are not ambiguous and said how, ``--level 打10`` like the chat, and "not a play"
said once."""

import json
import subprocess
import sys

import pytest

from bot.ruleset.cards import parse_cards, rank_run
from tests.handlers.conftest import DispatchedGroup as Group


@pytest.mark.parametrize(("token", "ranks"), [
    ("33344", "3 3 3 4 4"), ("1010JJQQ", "10 10 J J Q Q"), ("a2345", "A 2 3 4 5"), ("22", "2 2"), ("TTJJ", "10 10 J J"),
])
def test_ranks_written_together(token: str, ranks: str) -> None:
    assert " ".join(str(card) for card in parse_cards(token)) == ranks


@pytest.mark.parametrize("token", ["3", "10", "S3", "3x4", "100", "BJ"])
def test_what_is_no_run_of_ranks(token: str) -> None:
    assert rank_run(token) is None


async def test_play_a_rank_shorthand(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/play 33344")
    assert "3 3 3 4 4: full house, triple 3" in reply
    [beats] = await group.say_privately(group.member, "/play 打10 44455 vs 33322")
    assert beats.endswith("Yes: full house, triple 4 beats full house, triple 3.")


async def test_joker_abbreviations_are_read_and_said(group: Group) -> None:
    [red_black] = await group.say(group.member, "/play RJ RJ BJ BJ")
    assert "大王 大王 小王 小王：四王（天王炸）" in red_black
    assert "读牌：BJ 为小王，RJ 为大王。（这里 BJ 是黑王，即小王；大王请写 RJ 或“大王”。）" in red_black
    [big_small] = await group.say(group.member, "/play BJ vs SJ")
    assert "能管上：单张 大王 大过 单张 小王。" in big_small
    assert "读牌：BJ 为大王，SJ 为小王。（SJ 和 BJ 一起出现，按小王、大王读。）" in big_small
    [jack] = await group.say(group.member, "/play SJ vs S10")
    assert "♠J：单张 J" in jack and "（这里 SJ 是黑桃 J；小王请写 BJ 或“小王”。）" in jack


async def test_not_a_play_is_said_once(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/play S3 D5 vs S4 D6")
    assert reply.count("not a play") == 2  # once for each set of cards, never twice for one
    assert "♠3 ♦5: not a play. A play is a single, a pair" in reply
    assert "form no play" not in reply and "No: the first cards cannot beat anything." in reply


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", "play", *args], capture_output=True, text=True, timeout=60,
                          check=False)


@pytest.mark.slow  # starts python -m bot
def test_the_cli_takes_the_level_as_the_chat_does() -> None:
    for level in ("打10", "10级", "打10级", "level=10", "10"):
        done = cli("--level", level, "S3 D3 C3 S4 D4", "--json", "--lang", "en")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["readings"][0] == {"type": "full_house", "rank": "3"}
    human = cli("--level", "打10", "H10 S3", "--lang", "en")
    assert human.stdout.startswith("Level 10 (wild cards: ♥10)")
    shorthand = cli("--level", "打10", "33344", "--beats", "RJ", "--lang", "en")
    assert "3 3 3 4 4: full house, triple 3" in shorthand.stdout and "Read RJ as big joker." in shorthand.stdout
    bad = cli("--level", "打Z", "S3", "--lang", "en")
    assert bad.returncode == 2 and "Unknown level" in bad.stderr
