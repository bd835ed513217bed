import subprocess
import sys


def test_python_m_bot_prints_help() -> None:
    done = subprocess.run([sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, check=True)
    assert "guandan-bot" in done.stdout
