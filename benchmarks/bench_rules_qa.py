"""Rule questions: time from process start to the first answer, and the time per question after that.

Run: ``.venv/bin/python benchmarks/bench_rules_qa.py`` (or ``make bench``). Targets: first answer within
0.5 s of process start; then under 5 ms per question.

* Load: ``python -m bot rules "双下升几级"`` is started RUNS times as a fresh process; the figure is the wall time from
  starting the process to its exit, which includes the interpreter, the imports, reading the catalogs, building the
  index (or loading it from the cache folder, ``bot.rules.rulebook``) and printing the answer. Timed twice: with an
  empty cache folder each time (the first question after installing or upgrading: the index is built and stored)
  and with the folder the first run filled (every later process). A bare ``python -c pass`` is timed the same way
  for reference.
* Answers: in one process, after the index is built, every question of tests/ruleset/rule_questions.py (zh, en and
  off-topic) goes through ``bot.rules.answers.ask`` PASSES times.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from _paths import ROOT

RUNS = 9
PASSES = 20


def wall_times(command: list[str], cache_home: Callable[[], str] | None = None) -> list[float]:
    times = []
    for _ in range(RUNS):
        env = dict(os.environ) if cache_home is None else dict(os.environ, XDG_CACHE_HOME=cache_home())
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=env)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    bare = wall_times([sys.executable, "-c", "pass"])
    ask_once = [sys.executable, "-m", "bot", "rules", "双下升几级"]
    with tempfile.TemporaryDirectory() as folder:
        cold = wall_times(ask_once, lambda: tempfile.mkdtemp(dir=folder))
        warm_home = tempfile.mkdtemp(dir=folder)
        warm = wall_times(ask_once, lambda: warm_home)  # the first of these fills it
        warm = warm[1:]
    print(f"python -c pass:                 median {statistics.median(bare) * 1000:6.0f} ms")
    print(f"process start → first answer:   median {statistics.median(warm) * 1000:6.0f} ms, "
          f"max {max(warm) * 1000:.0f} ms over {len(warm)} runs (target 500 ms)")
    print(f"  … with an empty cache folder:  median {statistics.median(cold) * 1000:6.0f} ms, "
          f"max {max(cold) * 1000:.0f} ms over {RUNS} runs (the first question after installing or upgrading)")

    from bot.i18n import Language
    from bot.rules.answers import ask
    from bot.rules.rulebook import build_rule_index, rule_index
    from tests.ruleset.rule_questions import EN_QUESTIONS, OFF_TOPIC, ZH_QUESTIONS

    started = time.perf_counter()
    build_rule_index()  # built, not loaded from the cache folder
    built = time.perf_counter() - started
    rule_index()
    questions = [question for question, _ in ZH_QUESTIONS + EN_QUESTIONS] + OFF_TOPIC
    per_question = []
    for _ in range(PASSES):
        for question in questions:
            started = time.perf_counter()
            ask(question, Language.EN)
            per_question.append(time.perf_counter() - started)
    total = sum(per_question)
    per_question.sort()
    p95 = per_question[int(len(per_question) * 0.95)]
    print(f"index build (in process):       {built * 1000:6.1f} ms")
    print(f"answers:                        {len(per_question) / total:6.0f} answers/s, mean "
          f"{total / len(per_question) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, max {per_question[-1] * 1000:.2f} ms "
          f"per question ({len(questions)} questions × {PASSES}; target < 5 ms)")


if __name__ == "__main__":
    main()
