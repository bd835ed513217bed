"""The console chat in-process on its own platform, including buttons (test buttons besides the tournament's own),
the files it saves, people kept across restarts, usernames, ``:send`` and ``:tap``."""

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from openpyxl import Workbook

from bot.config import Settings
from bot.i18n import Language
from bot.richtext import Button, keyboard
from bot.services.console import FIRST_CONSOLE_ID
from handlers.bootstrap import ProcessOptions, console_chat
from handlers.buttons import ButtonSpec, Press
from handlers.commands import COMMANDS
from handlers.commands.buttons import BUTTONS
from handlers.console.chat import ConsoleChat, indented
from handlers.invocation import Invocation
from handlers.registry import CommandSpec

Console = tuple[ConsoleChat, list[str]]


async def ask(call: Invocation) -> None:
    await call.reply("Join?", keyboard([Button("Yes", "x:1:join")]))


async def choose(call: Invocation) -> None:
    await call.reply("Which?", keyboard([Button("Yes please", "x:1:join"), Button("Yes", "x:2:join")],
                                        [Button("🙋‍♂️ 男 / man", "x:3:join"), Button("🙋‍♀️ 女 / woman", "x:4:join")]))


async def fail(call: Invocation) -> None:
    raise RuntimeError("a bug")


async def on_press(press: Press) -> str:
    assert press.caller.person is not None
    await press.edit(f"{press.caller.person.display_name} joined")
    return f"pressed {press.data.encode()}"


@asynccontextmanager
async def running(folder: Path, lines: list[str], language: Language = Language.EN) -> AsyncIterator[ConsoleChat]:
    """A console whose bot also knows ``/ask`` and ``/choose`` (replies with buttons) and ``/fail`` (a bug)."""
    commands: Sequence[CommandSpec] = (*COMMANDS, CommandSpec("ask", ask, listed=False),
                                       CommandSpec("choose", choose, listed=False),
                                       CommandSpec("fail", fail, listed=False))
    buttons = (*BUTTONS, ButtonSpec("x", "join", on_press))
    async with console_chat(Settings(db_path=folder / "c.sqlite3"), language, folder / "files", lines.append,
                            ProcessOptions(commands=commands, buttons=buttons)) as chat:
        yield chat


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[Console]:
    lines: list[str] = []
    async with running(tmp_path, lines) as chat:
        yield chat, lines


async def run(chat: ConsoleChat, *lines: str) -> None:
    for line in lines:
        await chat.handle(line)


async def test_buttons_are_shown_and_can_be_tapped(console: Console) -> None:
    chat, lines = console
    await chat.handle("/ask")
    assert lines[-2:] == ["🤖 Join?", "   [Yes]"]
    await chat.handle(":as 李四")
    await chat.handle(":tap Yes")
    assert lines[-2:] == ["🤖✏️ 李四 joined", "🤖💬 pressed x:1:join"]


async def test_tapping_a_missing_button_explains(console: Console) -> None:
    chat, lines = console
    await chat.handle(":tap Nope")
    await chat.handle(":tap")
    assert lines == ["No button “Nope” on the last message with buttons.", "No message has buttons yet."]


async def test_switching_speakers_and_roles(console: Console) -> None:
    chat, lines = console
    await run(chat, ":as Lily", "/lang en", ":as Lily admin", "/lang en")
    assert lines == ["Now speaking: Lily @lily (member).", "🤖 只有群主、群管理员或比赛组织者可以这样做。",
                     "Now speaking: Lily @lily (administrator).", "🤖 Done: this chat now speaks English."]


def test_markup_is_shown_as_a_client_would() -> None:
    assert indented("<b>A &amp; B</b> &lt;3\nnext") == "A & B <3\n   next"


async def test_private_chats_and_questions(console: Console) -> None:
    chat, lines = console
    await run(chat, "同花顺", "@guandan_bot 同花顺")
    assert len(lines) == 1 and lines[0].startswith("🤖 炸弹、同花顺、四王")  # only the question naming the bot
    await run(chat, ":private", "同花顺")
    assert lines[1:] == ["Now in a private chat between 张三 and the bot.", lines[0]]


async def test_unknown_and_other_bots_commands(console: Console) -> None:
    chat, lines = console
    await run(chat, "/nonsense", "/help@other_bot", "/lang@guandan_bot")
    assert lines[0] == "🤖 我不认识命令 /nonsense。发送 /help 查看你可以使用的命令。"  # in the group too
    assert len(lines) == 2 and lines[1].startswith("🤖 当前聊天语言：中文。")


async def test_typos_and_full_width_commands_in_the_console(console: Console) -> None:
    """A command one typo away gets "did you mean", a full-width one runs."""
    chat, lines = console
    await run(chat, "/reslut 1 K A+", "／ｌａｎｇ ｅｎ", "/standing")
    assert lines[0].startswith("🤖 我不认识命令 /reslut。你是不是想用 /result？")
    assert lines[-2] == "🤖 Done: this chat now speaks English."
    assert lines[-1].startswith("🤖 I don't know the command /standing. Did you mean /standings?")


async def test_refusals_and_bugs_are_answered(console: Console, caplog: pytest.LogCaptureFixture) -> None:
    chat, lines = console
    await run(chat, "/lang en", "/signup", "/fail")
    assert lines[1] == "🤖 There is no open tournament in this group. An organiser starts one with /new and its " \
                       "name, e.g. /new Friday Cup."
    assert lines[2] == "🤖 Sorry, something went wrong on my side and nothing was changed. " \
                       "Please try again in a moment."
    assert "a bug" in caplog.text


async def test_usage_errors_add_the_usage_line(console: Console) -> None:
    chat, lines = console
    await run(chat, "/lang en", "/help result me")
    assert lines[-1] == ("🤖 Too many words: “me” is not expected here.\n   Usage: /help, or /help <command> "
                         "(one command explained, with examples) — e.g. /help result")


async def test_files_and_pictures_are_saved_and_their_paths_shown(console: Console, tmp_path: Path) -> None:
    chat, lines = console
    await run(chat, "/lang en", "/new Cup", "/signup 张三 李四", "/signup 王五 赵六", "/draw")
    draw_file = tmp_path / "files" / "draw-1.json"
    assert f"   saved as {draw_file}" in lines and draw_file.read_bytes().startswith(b"{")
    await chat.handle("/bracket")
    bracket = tmp_path / "files" / "bracket.png"
    assert lines[-2] == "🤖 [picture: bracket.png] Bracket of Cup"
    assert lines[-1] == f"   saved as {bracket}"
    assert bracket.read_bytes().startswith(b"\x89PNG")
    await chat.handle("/export")
    for name in ("entries.csv", "matches.csv", "tournament.xlsx"):
        assert f"   saved as {tmp_path / 'files' / name}" in lines
        assert (tmp_path / "files" / name).stat().st_size > 0
    assert any(line.startswith("🤖 [document: tournament.xlsx] ") for line in lines)


async def test_a_person_is_the_same_after_a_restart(tmp_path: Path) -> None:
    first: list[str] = []
    async with running(tmp_path, first) as chat:
        await run(chat, "/new Cup", ":as 李四", "/signup", ":as 王五", "/signup")
        ids = {name: person.user_id for name, person in chat.people.items()}
    assert ids == {"张三": FIRST_CONSOLE_ID, "李四": FIRST_CONSOLE_ID + 1, "王五": FIRST_CONSOLE_ID + 2}
    again: list[str] = []
    async with running(tmp_path, again) as chat:
        # In the other order this time: 王五 must still be 王五, and a new name takes a new id.
        await run(chat, ":as 王五", "/withdraw", ":as 赵六", "/entries")
        assert chat.people["王五"].user_id == ids["王五"]
        assert chat.people["赵六"].user_id == FIRST_CONSOLE_ID + 3
    assert "🤖 👋 王五 已退出报名。" in "\n".join(again)
    entries = again[-1]
    assert "李四" in entries and "王五" not in entries


async def test_usernames_let_people_invite_accept_and_referee(console: Console) -> None:
    chat, lines = console
    await run(chat, "/lang en", "/new Cup", ":as Bob", ":as Lily", "/signup @bob")
    assert lines[3] == "Now speaking: Bob @bob (member)."
    assert lines[-2:] == ["🤖 💌 Bob: Lily invites you to play as a pair in Cup. Tap Accept or send /accept.",
                          "   [🤝 Accept]"]
    await run(chat, ":as Bob", "/accept")
    assert lines[-1].startswith("🤖 ✅ Lily / Bob")
    await run(chat, ":as 李四 @lisi", ":as 张三", "/referee @lisi")
    assert "Now speaking: 李四 @lisi (member)." in lines
    assert f"Now speaking: 张三 @p{FIRST_CONSOLE_ID} (administrator)." in lines
    assert lines[-1] == "🤖 李四 is now a referee of Cup."


async def test_an_invitation_is_accepted_with_its_button(console: Console) -> None:
    chat, lines = console
    await run(chat, "/lang en", "/new Cup", ":as Bob", ":as Lily", "/signup @bob", ":as Bob", ":tap accept")
    assert any(line.startswith("🤖 ✅ Lily / Bob") for line in lines)
    assert lines[-1] == "🤖💬 Done ✅"


async def test_a_username_is_unique_and_must_be_one(console: Console) -> None:
    chat, lines = console
    await run(chat, ":as Ann @star", ":as Bea @star", ":as Ann", ":as Cy @no-way")
    assert lines[:2] == ["Now speaking: Ann @star (member).", "Now speaking: Bea @star (member)."]
    assert lines[2] == "Now speaking: Ann @ann (member)."  # Bea took @star: Ann is back to her own
    assert lines[3] == "@no-way is no username: letters, digits and _ only, at most 32."


def roster(path: Path) -> Path:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    for row in (("姓名", "搭档"), ("张三", "李四"), ("王五", "赵六")):
        sheet.append(list(row))
    workbook.save(path)
    return path


async def test_send_a_roster_to_import(console: Console, tmp_path: Path) -> None:
    chat, lines = console
    file = roster(tmp_path / "roster.xlsx")
    await run(chat, "/lang en", "/new Cup", f":send {file}")
    assert lines[-1] == "The bot reads a file only when its caption is a command that takes one: " \
                        ":send roster.xlsx /import."
    await chat.handle(f":send {file} /import")
    assert lines[-1].startswith("🤖 ✅ Imported 2 entries into Cup: 2 pairs and 0 singles")
    await chat.handle("/entries")
    assert "张三 / 李四" in lines[-1] and "王五 / 赵六" in lines[-1]
    await chat.handle(":send missing.xlsx /import")
    assert lines[-1] == "Cannot read the file missing.xlsx."


async def test_import_without_a_file_says_so(console: Console) -> None:
    chat, lines = console
    await run(chat, "/lang en", "/new Cup", "/import")
    assert lines[-1].startswith("🤖 Send the roster file itself: attach an Excel workbook (.xlsx) or a .csv file")


async def test_tap_matches_part_of_a_label(console: Console) -> None:
    chat, lines = console
    await run(chat, "/choose", ":tap yes")
    assert lines[-1] == "🤖💬 pressed x:2:join"  # "Yes" itself wins over "Yes please"
    await run(chat, "/choose", ":tap PLEA")
    assert lines[-1] == "🤖💬 pressed x:1:join"
    await run(chat, "/choose", ":tap man")
    assert lines[-1] == "🤖💬 pressed x:3:join"  # a word of the label: not "woman"
    await run(chat, "/choose", ":tap 女")
    assert lines[-1] == "🤖💬 pressed x:4:join"
    await run(chat, "/choose", ":tap ye")
    assert lines[-1] == "“ye” could be any of [Yes please]  [Yes]; type more of the label."
    await chat.handle(":tap zzz")
    assert lines[-1] == ("No button “zzz” on the last message with buttons; it has "
                         "[Yes please]  [Yes]  [🙋‍♂️ 男 / man]  [🙋‍♀️ 女 / woman].")
    await chat.handle(":tap")
    assert lines[-1] == ("Buttons of the last message that has some: "
                         "[Yes please]  [Yes]  [🙋‍♂️ 男 / man]  [🙋‍♀️ 女 / woman]")


async def test_console_texts_follow_lang(console: Console) -> None:
    chat, lines = console
    await run(chat, ":lang zh", ":as 李四", ":bogus")
    assert lines == ["控制台提示已改为中文。", "现在说话的是：李四 @p1002（成员）。",
                     "未知的控制台命令 :bogus；:help 可查看全部。"]


async def test_verbs_run_commands_in_private_and_after_the_bots_name(console: Console) -> None:
    chat, lines = console
    await run(chat, "报名", "@guandan_bot 名单", ":private", "帮助")
    # 报名 alone in the group is not for the bot; 名单 after its name lists the entries (no tournament yet).
    assert len(lines) == 3 and lines[0].startswith("🤖 本群还没有举办过比赛")
    assert lines[2].startswith("🤖 Guandan (掼蛋) tournament bot") and "/start" in lines[2]  # 帮助 in private
