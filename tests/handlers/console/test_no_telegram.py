"""The console is a platform of its own: running the console and the demo loads neither the Telegram SDK nor the
test tooling (what each module may import is ``tests/test_layers.py``'s table)."""

import subprocess
import sys
from pathlib import Path

import pytest

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]


def test_the_console_and_the_demo_run_without_loading_telegram(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from bot.cli import main\n"
        "main(['demo', '--lang', 'en'])\n"
        "loaded = sorted(name for name in sys.modules if name.split('.')[0] in ('telegram', 'tests'))\n"
        "print('LOADED', loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout
    console = subprocess.run(
        [sys.executable, "-c", "import sys\nfrom bot.cli import main\nmain(['console', '--db', sys.argv[1]])\n"
         "print('LOADED', sorted(n for n in sys.modules if n.split('.')[0] in ('telegram', 'tests')))",
         str(tmp_path / "c.sqlite3")],
        input="/help\n/new Cup\n/export\n", capture_output=True, text=True, timeout=120, cwd=ROOT, check=False)
    assert console.returncode == 0, console.stderr
    assert "LOADED []" in console.stdout
