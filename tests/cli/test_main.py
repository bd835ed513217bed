import subprocess
import sys

import pytest

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow


def test_python_m_bot_prints_help() -> None:
    done = subprocess.run([sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, check=True)
    assert "guandan-bot" in done.stdout


def test_a_python_without_the_packages_is_told_which_to_use(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The system's python3 instead of .venv's gets the way to run the bot, not a traceback."""
    import bot.cli as cli

    def missing(args: object) -> int:
        raise ModuleNotFoundError("No module named 'telegram'", name="telegram")

    monkeypatch.setattr(cli, "_subcommands",
                        lambda asked=None: (cli.Subcommand("run", "x", lambda parser: None, missing),))
    monkeypatch.setenv("GUANDAN_LANG", "en")
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert "(telegram is missing)" in err and ".venv/bin/python -m bot" in err and "source .venv/bin/activate" in err


def test_the_readme_says_how_to_run_through_the_environment() -> None:
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    makefile = (Path(__file__).parents[2] / "Makefile").read_text(encoding="utf-8")
    assert ".venv/bin/python -m bot" in readme and "source .venv/bin/activate" in readme
    for target in ("run", "console", "demo"):
        assert f"\n{target}: $(STAMP)" in makefile and f"make {target}" in readme
