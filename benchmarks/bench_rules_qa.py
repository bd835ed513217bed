"""Rule questions: time from process start to the first answer, and the time per question after that.

Run: ``.venv/bin/python benchmarks/bench_rules_qa.py`` (or ``make bench``). Targets (issue 3): first answer within
0.5 s of process start; then under 5 ms per question.

* Load: ``python -m bot rules "双下升几级"`` is started RUNS times as a fresh process; the figure is the wall time from
  starting the process to its exit, which includes the interpreter, the imports, reading the catalogs, building the
  index and printing the answer. A bare ``python -c pass`` is timed the same way for reference.
* Answers: in one process, after the index is built, every question of tests/ruleset/rule_questions.py (zh, en and
  off-topic) goes through ``bot.rules.answers.ask`` PASSES times.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from _paths import ROOT

RUNS = 9
PASSES = 20


def wall_times(command: list[str]) -> list[float]:
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    bare = wall_times([sys.executable, "-c", "pass"])
    first = wall_times([sys.executable, "-m", "bot", "rules", "双下升几级"])
    print(f"python -c pass:                 median {statistics.median(bare) * 1000:6.0f} ms")
    print(f"process start → first answer:   median {statistics.median(first) * 1000:6.0f} ms, "
          f"max {max(first) * 1000:.0f} ms over {RUNS} runs (target 500 ms)")

    from bot.i18n import Language
    from bot.rules.answers import ask
    from bot.rules.rulebook import rule_index
    from tests.ruleset.rule_questions import EN_QUESTIONS, OFF_TOPIC, ZH_QUESTIONS

    started = time.perf_counter()
    rule_index()
    built = time.perf_counter() - started
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
