"""Bad input to every tournament command: a short explanation in the group's language (zh), and no change — on the
dispatcher and on WeCom through its adapter (``tests.support.wecom_offline``), the same table."""

import html
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.wecom_offline import WeComClub

LONG = "字" * 4000
ODD = "\u202e\u200b🀄\u0301"
"""A direction override, a zero-width space, a mahjong tile and a lone combining accent."""
TAG = re.compile(r"<[^>]+>")
MARKDOWN_ESCAPE = re.compile(r"\\(.)")

# (command line, a fragment of the explanation); every command is also tried with a 4,000-character argument.
CASES: dict[str, list[tuple[str, str]]] = {
    "new": [("/new", "缺少"), ("/new \u200b\u202e", "缺少"), ("/new " + "杯" * 40 + " " + "杯" * 40, "最多只能 64")],
    "mode": [("/mode", "缺少"), ("/mode teams", "不是报名方式"), ("/mode pairs mixed", "多余"),
             (f"/mode {ODD}", "不是报名方式")],
    "signup": [("/signup @bad-name", "不是 @用户名"), ("/signup a b c", "多余"), ("/signup @lily m", "多余"),
               (f"/signup {ODD}", "只有群主")],
    "accept": [("/accept", "没有待接受"), ("/accept lily", "不是 @用户名"), ("/accept @a @b", "多余")],
    "withdraw": [("/withdraw", "你没有报名"), (f"/withdraw {ODD}", "只有群主")],
    "entries": [("/entries all", "多余")],
    "tables": [("/tables 1", "用于积分编排"), ("/tables 1 2", "多余")],
    "result": [("/result", "缺少"), ("/result 1", "缺少"), ("/result x K A", "不是桌号"),
               ("/result 9 K A", "没有第 9 桌"), ("/result 1 K Z", "不是级数"), ("/result 1 K K", "都停在 K"),
               ("/result 1 A+ 2 right", "已经能看出胜负"),
               ("/result 1 forfeit nobody", "不是一方"), ("/result 1 K A left extra", "多余"),
               ("/result 1 🀄 🀄", "不是级数"), ("/result 1 K A+", "你不在这张桌")],
    "confirm": [("/confirm", "缺少"), ("/confirm 9", "没有第 9 桌"), ("/confirm one", "不是桌号"),
                ("/confirm 1 x", "不是桌号"), ("/confirm 1", "还没有人报")],
    "bracket": [("/bracket now", "不是轮次"), ("/bracket 1 2", "多余")],
    "standings": [("/standings x", "不是轮次"), ("/standings 1 2", "多余")],
    "settings": [("/settings x", "多余")],
    "referee": [("/referee lily", "@用户名"), ("/referee @a @b", "多余")],
    "set": [("/set", "缺少"), ("/set final", "缺少"), ("/set colour red", "没有“colour”这项设置"),
            ("/set final bo5", "不是 final 的有效值"), ("/set final bo3 now", "多余"), ("/set tz Mars/Base", "不是 tz"),
            ("/set capacity 1", "不是 capacity"), (f"/set time_limit {ODD}", "不是 time_limit")],
    "export": [("/export csv", "不支持“csv”这种语言"), ("/export zh csv", "多余")],
    "draw": [("/draw now", "多余")],
    "cancel": [("/cancel Other Cup", "确认取消请发送比赛名称")],
}


WECOM_LINES = {
    "/signup @bad-name": ("/signup @坏名字", "@坏名字 不是企业微信账号"),
    "/accept @a @b": ("/accept @a @b", "没有待接受"),
    "/signup @lily m": ("/signup @坏名字 m", "@坏名字 不是企业微信账号"),
    "/referee @a @b": ("/referee @坏 @b", "@坏 不是企业微信账号"),
    f"/signup {ODD}": (f"/signup {ODD}", "只有比赛的创建者或本群的组织者（laowang）"),
    f"/withdraw {ODD}": (f"/withdraw {ODD}", "只有比赛的创建者或本群的组织者（laowang）"),
}
"""On WeCom an ``@word`` among a command's words is the account (userid) ``word``, seen or not (``bad-name`` is
one): a word that cannot be a userid is refused first; the first ``@`` is the person pointed at, so ``/accept @a
@b`` looks for an invitation from ``@b``."""


@pytest.fixture(params=["dispatcher", "wecom"])
async def platform_club(request: pytest.FixtureRequest, club: Club, tmp_path: Path) -> AsyncIterator[Any]:
    """The club on the dispatcher (``tests.handlers.conftest``), or a WeCom group run the same way."""
    if request.param == "dispatcher":
        yield club
        return
    async with WeComClub.running(Settings(db_path=tmp_path / "wecom.sqlite3")) as wecom:
        yield wecom


async def prepared(club: Any, command: str) -> None:
    """A tournament far enough along for ``command`` (none for /new): drawn for the playing commands."""
    if command == "new":
        return
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    if command in {"result", "confirm", "bracket", "tables", "standings", "export"}:
        await club.say(club.admin, "/draw")


@pytest.mark.parametrize("command", sorted(CASES))
async def test_bad_input_explains_briefly_and_changes_nothing(platform_club: Any, command: str) -> None:
    club = platform_club
    await prepared(club, command)
    before = await club.fingerprint()
    organiser_commands = {"new", "mode", "set", "draw", "cancel", "referee", "result", "confirm"}
    sender = club.admin if command in organiser_commands else club.person(9)  # person 9 never signed up
    for line, fragment in [*CASES[command], (f"/{command} {LONG}", "参数太长")]:
        if command == "result" and fragment == "你不在这张桌":
            sender = club.person(9)
        if isinstance(club, WeComClub):
            line, fragment = WECOM_LINES.get(line, (line, fragment))
        replies = await club.say(sender, line)
        assert len(replies) == 1, line
        shown = html.unescape(TAG.sub("", replies[0]))
        if isinstance(club, WeComClub):
            shown = MARKDOWN_ESCAPE.sub(r"\1", shown)
        assert fragment in shown, (line, shown)
        assert len(shown) < 600, line
        assert await club.fingerprint() == before, line
