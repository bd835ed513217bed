import os
import subprocess
import sys
from pathlib import Path

import pytest

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow


def test_without_a_token_make_run_starts_the_console_and_says_how_to_connect(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TELEGRAM_", "GUANDAN_"))}
    done = subprocess.run([sys.executable, "-m", "bot"], input="/help\n", capture_output=True, text=True,
                          timeout=60, cwd=tmp_path, env=env | {"GUANDAN_LANG": "en"}, check=False)
    assert done.returncode == 0, done.stderr
    assert "@BotFather" in done.stderr and "TELEGRAM_BOT_TOKEN" in done.stderr
    assert "🤖" in done.stdout
    assert (tmp_path / "data" / "console.sqlite3").is_file()
