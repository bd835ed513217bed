"""Docstrings open with a one-line summary.

A summary line is a sentence that ends on that line (with ``.``, ``:``, ``?``, ``!`` or ``…``), followed by the end
of the docstring or a blank line; details come after the blank line. No docstring of the product opens with a
sentence that runs on over several lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WALKED = ("bot", "handlers", "storage")
SENTENCE_ENDS = (".", ":", "?", "!", "…")


def runs_on(docstring: str) -> bool:
    """Whether the first sentence of ``docstring`` runs past its first line."""
    lines = docstring.splitlines()
    return len(lines) > 1 and bool(lines[1].strip()) and not lines[0].rstrip().endswith(SENTENCE_ENDS)


def running_on() -> list[str]:
    """``path:line`` of every module, class and function docstring in the product that :func:`runs_on`."""
    found = []
    for top in WALKED:
        for path in sorted((ROOT / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    docstring = ast.get_docstring(node, clean=True)
                    if docstring and runs_on(docstring):
                        found.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 1)}")
    return found


def test_a_summary_line_is_one_sentence_on_one_line() -> None:
    assert not runs_on("One line.")
    assert not runs_on("One line.\n\nDetails over\nseveral lines.")
    assert not runs_on("Parts:\n- one\n- two")
    assert runs_on("A sentence that goes\non past its first line.")
    assert runs_on("A first line, then\n\ndetails.") is False  # a blank line ends the summary, whatever its end


def test_every_docstring_opens_with_a_one_line_summary() -> None:
    found = running_on()
    assert found == [], (
        f"{len(found)} docstrings open with a sentence over several lines: give each a one-line summary, a blank "
        f"line, then the details ({', '.join(found[:10])})")
