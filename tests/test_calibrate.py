"""Calibrating the auto-accept threshold, on synthetic labels whose true accuracy curve is known."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from citecheck import CitationResult, Verdict, check_citations
from citecheck.cli._main import main
from citecheck.review._calibrate import (
    THRESHOLDS,
    Label,
    labels_from_file,
    min_labels,
    reliability,
    suggest_threshold,
    threshold_table,
    wilson,
)
from citecheck.review._decisions import StoredDecision, export_queue, import_queue, save_decisions
from citecheck.testing import StaticJudge


def synthetic(curve: Callable[[float], float], count: int, seed: int = 7) -> list[Label]:
    """Confidences uniform on [0.5, 1); a label is correct with probability curve(confidence)."""
    rng = random.Random(seed)
    labels = []
    for _ in range(count):
        confidence = 0.5 + rng.random() / 2
        human = Verdict.VERIFIED if rng.random() < curve(confidence) else Verdict.UNSUPPORTED
        labels.append(Label(confidence, Verdict.VERIFIED, human))
    return labels


def true_threshold(curve: Callable[[float], float], target: float) -> float:
    """The lowest grid threshold whose auto-accepted accuracy, mean of curve over [t, 1), meets target."""
    for threshold in THRESHOLDS:
        steps = 2000
        mean = sum(curve(threshold + (1 - threshold) * (i + 0.5) / steps) for i in range(steps)) / steps
        if mean >= target:
            return threshold
    raise AssertionError("the curve never meets the target")


CURVES: dict[str, Callable[[float], float]] = {
    "calibrated": lambda c: c,  # accuracy of the auto-accepted at t: (1 + t) / 2
    "overconfident": lambda c: c * c,  # (1 + t + t²) / 3
    "steep": lambda c: 1 / (1 + math.exp(-30 * (c - 0.75))),
}


@pytest.mark.parametrize("curve", CURVES, ids=list(CURVES))
@pytest.mark.parametrize("target", [0.9, 0.95])
def test_suggestion_is_the_true_threshold_within_one_step(curve: str, target: float) -> None:
    labels = synthetic(CURVES[curve], 20_000)
    expected = true_threshold(CURVES[curve], target)
    suggestion = suggest_threshold(labels, target)
    assert suggestion.row is not None
    assert abs(suggestion.row.threshold - expected) <= 0.01 + 1e-9, (suggestion.row.threshold, expected)
    assert suggestion.enough


def test_too_few_labels_is_said() -> None:
    labels = [Label(0.99, Verdict.VERIFIED, Verdict.VERIFIED)] * 30
    suggestion = suggest_threshold(labels, 0.98)
    assert suggestion.row is not None and suggestion.row.accuracy == 1.0
    assert not suggestion.enough
    assert "Too few labels to tell" in suggestion.describe()
    assert "189 auto-accepted labels" in suggestion.describe()


def test_no_threshold_meets_the_target() -> None:
    labels = [Label(0.95, Verdict.VERIFIED, Verdict.UNSUPPORTED)] * 50
    suggestion = suggest_threshold(labels, 0.9)
    assert suggestion.row is None
    assert "No threshold" in suggestion.describe()
    assert "Too few labels" not in suggestion.describe()  # 50 wrong labels are enough to tell
    few = suggest_threshold(labels[:10], 0.9)
    assert "Too few labels to tell: 10, where 35 are needed" in few.describe()


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (0, 0, 0.0, 1.0),
        (10, 10, 0.7225, 1.0),  # the Wilson interval of 10/10, to 4 places
        (81, 263, 0.2553, 0.3662),  # Wilson's own worked example (p = 0.308)
    ],
)
def test_wilson_interval(successes: int, trials: int, low: float, high: float) -> None:
    got = wilson(successes, trials)
    assert got == pytest.approx((low, high), abs=1e-4)


@pytest.mark.parametrize(("target", "needed"), [(0.9, 35), (0.95, 73), (0.98, 189)])
def test_min_labels_is_where_a_perfect_score_first_shows_the_target(target: float, needed: int) -> None:
    assert min_labels(target) == needed
    assert wilson(needed, needed)[0] >= target > wilson(needed - 1, needed - 1)[0]


def test_threshold_table_counts() -> None:
    labels = [
        Label(0.55, Verdict.VERIFIED, Verdict.UNSUPPORTED),
        Label(0.85, Verdict.VERIFIED, Verdict.VERIFIED),
        Label(0.95, Verdict.CONTRADICTED, Verdict.CONTRADICTED),
        Label(0.99, Verdict.VERIFIED, Verdict.UNSUPPORTED),
    ]
    rows = {row.threshold: row for row in threshold_table(labels)}
    assert len(rows) == 50 and min(rows) == 0.5 and max(rows) == 0.99
    assert (rows[0.5].auto, rows[0.5].correct, rows[0.5].auto_share) == (4, 2, 1.0)
    assert (rows[0.9].auto, rows[0.9].accuracy, rows[0.9].review_share) == (2, 0.5, 0.5)
    assert rows[0.99].accuracy == 0.0


def test_reliability_bins_by_confidence() -> None:
    labels = [
        Label(c, Verdict.VERIFIED, Verdict.VERIFIED if ok else Verdict.FABRICATED)
        for c, ok in [(0.91, True), (0.95, False), (0.55, True), (1.0, True)]
    ]
    bins = reliability(labels)
    assert [(b.low, b.count, b.accuracy) for b in bins] == [(0.5, 1, 1.0), (0.9, 3, pytest.approx(2 / 3))]


def decisions_file(tmp_path: Path, labels: list[Label]) -> Path:
    store = tmp_path / "decisions.json"
    save_decisions(
        store,
        [
            StoredDecision(
                key=f"k{i}",
                id=f"c{i}",
                claim="c",
                quote=None,
                document=None,
                section="1",
                evidence="e",
                model_verdict=label.model_verdict,
                confidence=label.confidence,
                verdict=label.verdict,
                decided_at="2026-11-30T00:00:00+00:00",
            )
            for i, label in enumerate(labels)
        ],
    )
    return store


def test_cli_prints_every_threshold_and_the_suggestion(tmp_path: Path) -> None:
    store = decisions_file(tmp_path, synthetic(CURVES["calibrated"], 3000))
    result = CliRunner().invoke(main, ["calibrate", str(store), "--target", "0.9"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "3000 labels on judged citations"
    assert sum(1 for line in lines if line.strip()[:4] in {f"{t:.2f}"[:4] for t in THRESHOLDS}) == 50
    assert "Suggested --auto-accept 0.8" in result.output
    assert "95% Wilson interval" in result.output

    as_json = json.loads(CliRunner().invoke(main, ["calibrate", str(store), "--target", "0.9", "--json"]).output)
    assert len(as_json["thresholds"]) == 50
    assert as_json["suggestion"]["threshold"] in (0.79, 0.8, 0.81)


def test_cli_labels_from_results_and_bad_input(tmp_path: Path) -> None:
    empty = tmp_path / "results.json"
    empty.write_text("[]")
    result = CliRunner().invoke(main, ["calibrate", str(empty)])
    assert result.exit_code == 2 and "holds no decisions on judged citations" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    result = CliRunner().invoke(main, ["calibrate", str(broken)])
    assert result.exit_code == 2 and "cannot be read as JSON labels" in result.output
    assert "Traceback" not in result.output


def test_labels_leave_out_citations_no_model_judged(tmp_path: Path) -> None:
    store = decisions_file(tmp_path, [Label(0.9, Verdict.VERIFIED, Verdict.VERIFIED)])
    loaded = json.loads(store.read_text())
    loaded["decisions"].append({**loaded["decisions"][0], "key": "k9", "confidence": None})
    store.write_text(json.dumps(loaded))
    assert len(labels_from_file(store)) == 1


def test_labels_from_a_file_with_a_byte_order_mark(tmp_path: Path) -> None:
    # `review import` and `check` drop a BOM (Windows editors write one): calibrate must too.
    store = decisions_file(tmp_path, [Label(0.9, Verdict.VERIFIED, Verdict.VERIFIED)])
    store.write_bytes(b"\xef\xbb\xbf" + store.read_bytes())
    assert [label.confidence for label in labels_from_file(store)] == [0.9]
    result = CliRunner().invoke(main, ["calibrate", str(store)])
    assert result.exit_code == 0, result.output


def test_labels_from_a_binary_file_are_refused(tmp_path: Path) -> None:
    store = tmp_path / "labels.json"
    store.write_bytes(b"\x00\x01\x02PK")
    result = CliRunner().invoke(main, ["calibrate", str(store)])
    assert result.exit_code == 2 and "cannot be read as JSON labels" in result.output


def test_flagged_labels_are_review_at_every_threshold() -> None:
    # A flagged result never stands on its own, whatever its confidence: it is not auto-accepted.
    labels = [
        Label(0.99, Verdict.VERIFIED, Verdict.UNSUPPORTED, flagged=True),
        Label(0.95, Verdict.VERIFIED, Verdict.VERIFIED),
        Label(0.60, Verdict.VERIFIED, Verdict.VERIFIED),
    ]
    rows = {row.threshold: row for row in threshold_table(labels)}
    assert (rows[0.5].auto, rows[0.5].correct, rows[0.5].total) == (2, 2, 3)
    assert (rows[0.99].auto, rows[0.99].review_share) == (0, 1.0)
    assert rows[0.9].accuracy == 1.0  # the flagged mistake is a person's to catch, not the threshold's
    assert suggest_threshold(labels, 0.9).row == rows[0.5]


def test_a_queue_keeps_its_flags_into_the_labels(tmp_path: Path) -> None:
    results = check_citations(
        {"1": "Tokens expire after one hour.", "2": "Signing keys rotate daily at noon."},
        # "moved" quotes section 2 as section 1: flagged misattributed_section, so never auto.
        [
            {"id": "plain", "claim": "c", "quote": "Tokens expire after one hour.", "section": "1"},
            {"id": "moved", "claim": "c", "quote": "Signing keys rotate daily at noon.", "section": "1"},
        ],
        judge=StaticJudge(default=("supports", 0.97)),
    )
    queue = tmp_path / "labels.jsonl"
    export_queue([r for r in results if isinstance(r, CitationResult)], queue, everything=True)
    rows = [json.loads(line) for line in queue.read_text().splitlines()]
    queue.write_text("".join(json.dumps({**row, "decision": "verified"}) + "\n" for row in rows))
    assert [label.flagged for label in labels_from_file(queue)] == [False, True]
    store = tmp_path / "decisions.json"
    save_decisions(store, import_queue(queue)[0])
    assert [label.flagged for label in labels_from_file(store)] == [False, True]
    out = CliRunner().invoke(main, ["calibrate", str(store), "--json"])
    assert out.exit_code == 0, out.output
    payload = json.loads(out.output)
    assert (payload["labels"], payload["flagged"]) == (2, 1)
    assert payload["thresholds"][0]["auto"] == 1
