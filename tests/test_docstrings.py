"""Docstrings open with a one-line summary: the ones whose first sentence runs on past the first line may only fall.

A summary line is a sentence that ends on that line (with ``.``, ``:``, ``?``, ``!`` or ``…``), followed by the end
of the docstring or a blank line; details come after the blank line. The older docstrings still opening with a
sentence over several lines are counted: :data:`CEILING` is how many there were when this check came, and it is
lowered as they are rewritten — never raised.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WALKED = ("bot", "handlers", "storage")
CEILING = 550
"""Docstrings still opening with a multi-line sentence; lower it when you rewrite some."""
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


def test_multi_line_first_sentences_only_become_fewer() -> None:
    found = running_on()
    assert len(found) <= CEILING, (
        f"{len(found)} docstrings open with a sentence over several lines (at most {CEILING}): give the new ones a "
        "one-line summary, a blank line, then the details")
