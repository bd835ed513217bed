"""The batch scoring script: labels read, figures and misses printed, unlabelled batches refused."""

from pathlib import Path

import pytest

from tests.rules.blind_score import UnlabelledError, load_batch, main, report, score

BATCH = '''
[[question]]
id = "T1"
lang = "zh"
text = "双下升几级"
off_topic = false
accept = ["level_up"]

[[question]]
id = "T2"
lang = "en"
text = "how do you pass A?"
off_topic = false
accept = "a_rule|level_up"

[[question]]
id = "T3"
lang = "en"
text = "what is a straight flush?"
off_topic = false
accept = ["scoring"]

[[question]]
id = "T4"
lang = "zh"
text = "今天天气怎么样"
off_topic = true
'''


def test_a_labelled_batch_is_scored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.toml"
    path.write_text(BATCH, encoding="utf-8")
    questions = load_batch(path)
    assert [question.accept for question in questions] == [("level_up",), ("a_rule", "level_up"), ("scoring",), ()]
    lines = report(score(questions))
    assert lines[1].startswith("on-topic top-1: 2/3 66.7%")
    assert "  zh: top-1 1/1 100.0%   top-3 1/1 100.0%" in lines
    assert "off-topic declined: 1/1 100.0%" in lines
    assert any(line.startswith("  T3 [en] what is a straight flush? → bombs") for line in lines)
    assert main([str(path)]) == 0
    assert "misses (top-1):" in capsys.readouterr().out


def test_an_unlabelled_batch_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.toml"
    path.write_text(BATCH.replace('accept = ["level_up"]\n', ""), encoding="utf-8")
    with pytest.raises(UnlabelledError, match="T1"):
        load_batch(path)
    assert main([str(path)]) == 2
    assert "without `accept`" in capsys.readouterr().err
    assert main(["--sections"]) == 0
    assert "appeals: 裁判和申诉 / Referees and appeals" in capsys.readouterr().out


def test_batch_a_is_labelled_for_every_on_topic_question() -> None:
    questions = load_batch(Path(__file__).parent / "blind_batch_a.toml")
    assert len(questions) == 80 and sum(question.off_topic for question in questions) == 8


# (batch, on-topic top-1 at least, with also_accept at least, off-topic declined at least): the figures when the rule
# answers' fourth round ended. Batches A-E were written blind but have since been tuned against, and the developer
# batches were never blind: these are regression tables, not measurements. (Top-1 on the original labels fell by a
# question or two in A and B where a section written later, the draws and entry sections, now comes first: also_accept.)
# The held-out developer batches r3 and r4 were each scored once at the end of their round; their figures are kept here.
# Rule answers v3 (answers part by part, seed documents cited) moved D 67 → 68, E 71 → 72 and r3 held-out 55 → 56: a
# question cut into its parts finds the accepted section for one of them (scored by the in-order matching of
# tests/rules/blind_score.py). Developer batch r5 (part/notice format) was written and tuned in that round.
REGRESSION_FIGURES = [
    ("blind_batch_a.toml", 70, 72, 8),
    ("blind_batch_b.toml", 67, 71, 8),
    ("blind_batch_c.toml", 71, 71, 8),
    ("blind_batch_d.toml", 68, 68, 8),
    # E76 (the Anqing tournament: a win against a loss?) is answered first by the article of the document it names
    # that states it (安庆 七、8、(1): 胜方得2分，负方得1分); its label, older than citable articles, names sections
    # only. (r2 held-out E21, 28分制怎么换算, is the scoring section's again since 28分制 names the scale, not one
    # document.)
    ("blind_batch_e.toml", 71, 71, 8),
    ("blind_batch_f.toml", 68, 68, 8),
    # Batch II: written blind, scored at the start and the end of the v3 round (62/82 at the end), spent since; tuned
    # against in the next round (79/82: questions ending in 么 cut into their parts, events named as players say them,
    # a bomb asked about as "is it a bomb", 一二名 as a finishing combination, an event's format its own fact).
    ("blind_batch_ii.toml", 79, 79, 12),
    ("developer_batch_r2.toml", 308, 308, 40),
    ("developer_batch_r2_heldout.toml", 46, 49, 8),
    ("developer_batch_r3.toml", 604, 604, 48),
    ("developer_batch_r3_heldout.toml", 56, 56, 8),
    ("developer_batch_r4_heldout.toml", 36, 36, 4),
    ("developer_batch_r5.toml", 34, 34, 4),
    # Developer batches r6 and r7 with their held-out thirds (r7 held-out: 29/41 when that round ended, 40/41 after
    # the next round tuned against it; it no longer measures anything).
    ("developer_batch_r6.toml", 83, 83, 5),
    ("developer_batch_r6_heldout.toml", 35, 35, 4),
    ("developer_batch_r7.toml", 76, 76, 7),
    ("developer_batch_r7_heldout.toml", 40, 40, 4),
    # Developer batch r8, held out and scored once at the end of its round: 40/44 before and after that round's work.
    ("developer_batch_r8_heldout.toml", 40, 40, 4),
    # Batch III: written blind from the seeds, scored at the start (66/84) and the end (70/84) of the round that tuned
    # on batch II; spent since.
    ("blind_batch_iii.toml", 70, 70, 11),
]


@pytest.mark.parametrize(("name", "top1", "top1_also", "declined"), REGRESSION_FIGURES)
def test_batches_keep_their_figures(name: str, top1: int, top1_also: int, declined: int) -> None:
    scored = score(load_batch(Path(__file__).parent / name))
    on_topic = [item for item in scored if not item.question.off_topic]
    misses = [f"{item.question.id} {item.question.text} → {item.found}" for item in scored if not item.top1]
    assert sum(item.top1 for item in on_topic) >= top1, misses
    assert sum(item.top1_also for item in on_topic) >= top1_also, misses
    assert sum(not item.found for item in scored if item.question.off_topic) >= declined, misses


PARTS_BATCH = '''
[[question]]
id = "P1"
lang = "zh"
text = "双下 两个人进贡的都是A 一样大 头游拿谁的 然后谁先出"
off_topic = false
kind = "two_part"
[[question.part]]
accept = ["tribute"]
[[question.part]]
accept = ["who_leads"]

[[question]]
id = "P2"
lang = "en"
text = "how many levels for a double down"
off_topic = false
kind = "single"
[[question.part]]
accept = ["level_up"]
[[question.part]]
accept = ["tribute"]

[[question]]
id = "P3"
lang = "en"
text = "what is the weather"
off_topic = true
kind = "single"
'''


def test_a_batch_of_parts_is_scored_part_by_part(tmp_path: Path) -> None:
    path = tmp_path / "batch.toml"
    path.write_text(PARTS_BATCH, encoding="utf-8")
    questions = load_batch(path)
    assert [len(question.parts) for question in questions] == [2, 2, 0]
    lines = report(score(questions))
    assert lines[1].startswith("on-topic top-1: 1/2 50.0%")  # P2's second part has no answer of its own
    assert "  kind two_part: top-1 1/1 100.0%   top-3 1/1 100.0%" in lines
    assert "  parts: top-1 3/4 75.0%   top-3 3/4 75.0%" in lines
    assert "off-topic declined: 1/1 100.0%" in lines


def test_a_part_without_a_label_expects_no_answer_and_a_question_needs_one(tmp_path: Path) -> None:
    path = tmp_path / "batch.toml"
    path.write_text(PARTS_BATCH.replace('accept = ["who_leads"]', 'accept = []'), encoding="utf-8")
    [p1, *_] = score(load_batch(path))
    assert p1.parts_right() == [True, False]  # the reply answers the second part (who leads): not "nothing answers"
    path.write_text(PARTS_BATCH.replace('accept = ["who_leads"]', 'accept = []').replace('accept = ["tribute"]',
                                                                                       'accept = []'), encoding="utf-8")
    with pytest.raises(UnlabelledError, match="P1"):
        load_batch(path)


def test_also_accept_counts_apart(tmp_path: Path) -> None:
    path = tmp_path / "batch.toml"
    path.write_text(BATCH.replace('accept = ["scoring"]\n', 'accept = ["scoring"]\nalso_accept = ["bombs"]\n'),
                    encoding="utf-8")
    lines = report(score(load_batch(path)))
    assert lines[1].startswith("on-topic top-1: 2/3 66.7%")  # the labels as they were
    assert "  top-1 also accepting sections added after labelling (also_accept): 3/3 100.0%" in lines
    assert any(line.endswith("(right by also_accept)") for line in lines)
