"""Puts the repository root first on ``sys.path``, so a benchmark run as ``python benchmarks/NAME.py`` imports the
tree it sits in — ``bot``, ``handlers``, ``storage`` and ``tests.support`` (the fakes and harnesses, which are not an
installed package).

Each benchmark imports it first among its project imports: ``import _paths  # noqa: F401`` (the script's own
folder is on ``sys.path`` when Python runs a script, so this module is found).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
