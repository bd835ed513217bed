import subprocess
import sys
from pathlib import Path


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
