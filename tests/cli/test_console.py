import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.console import files_folder, history_file, line_editing

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow


def run_console(tmp_path: Path, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", "console", "--db", str(tmp_path / "c.sqlite3"), *args],
                          input=script, capture_output=True, text=True, timeout=60, cwd=tmp_path, check=False)


def test_console_with_piped_input(tmp_path: Path) -> None:
    script = "/start\n:as 李四\n/lang en\n:as 李四 admin\n/lang en\n:private\n/help\n:nonsense\n:quit\n/never\n"
    done = run_console(tmp_path, script, "--lang", "zh")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "[掼蛋俱乐部] 张三> /start" in out and "🤖 你好！👋" in out
    assert "🤖 只有群主、群管理员或比赛组织者可以这样做。" in out
    assert "🤖 Done: this chat now speaks English." in out
    assert "[私聊] 李四> /help" in out and "未知的控制台命令 :nonsense" in out
    assert "<b>" not in out  # HTML shown as a client would show it
    assert "/never" not in out


def test_console_keeps_its_database(tmp_path: Path) -> None:
    run_console(tmp_path, "/lang en\n")
    done = run_console(tmp_path, "/lang\n")
    assert "This chat speaks English." in done.stdout


def test_files_are_saved_next_to_the_database_or_in_files(tmp_path: Path) -> None:
    script = "/lang en\n/new Cup\n/export\n"
    done = run_console(tmp_path, script, "--lang", "en")
    assert done.returncode == 0, done.stderr
    saved = tmp_path / "c-files" / "tournament.xlsx"
    assert f"saved as {saved}" in done.stdout and saved.is_file()
    done = run_console(tmp_path, "/export\n", "--files", str(tmp_path / "out"), "--lang", "en")
    assert f"saved as {tmp_path / 'out' / 'entries.csv'}" in done.stdout
    assert (tmp_path / "out" / "entries.csv").is_file()


def test_people_keep_their_identity_across_runs(tmp_path: Path) -> None:
    run_console(tmp_path, "/new Cup\n:as 李四\n/signup\n:as 王五\n/signup\n")
    done = run_console(tmp_path, ":as 王五\n/withdraw\n/entries\n")
    assert "现在说话的是：王五 @p1003（成员）。" in done.stdout
    assert "🤖 👋 王五 已退出报名。" in done.stdout
    entries = done.stdout.split("/entries", 1)[1]
    assert "李四" in entries and "王五" not in entries


def test_the_console_keeps_its_things_next_to_the_database(tmp_path: Path) -> None:
    assert files_folder(Path("data/console.sqlite3")) == Path("data/console-files")
    readline = pytest.importorskip("readline")
    history = history_file(tmp_path / "c.sqlite3")
    assert history == tmp_path / "c.history"
    with line_editing(history):
        readline.add_history("/help")
    assert "/help" in history.read_text()


def test_console_lang_sets_the_bots_language_and_the_welcome_says_how_to_switch(tmp_path: Path) -> None:
    """``console --lang en`` answers in English from the first command; the welcome and /start say how
    to switch."""
    done = run_console(tmp_path, "/start\n/new Cup\n", "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert "/lang zh switches the group to Chinese" in done.stdout
    assert "🤖 Hello! 👋\n   🌐 中文：发送 /lang zh (in a group, an organiser sends it)." in done.stdout
    assert "🤖 🀄 Cup is open for sign-up!" in done.stdout and "开始报名" not in done.stdout
    (tmp_path / "zh").mkdir()
    chinese = run_console(tmp_path / "zh", "/start\n")
    assert "🌐 For English, send /lang en（在群里由组织者发送）。" in chinese.stdout
