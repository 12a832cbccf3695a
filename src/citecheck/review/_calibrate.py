"""Calibrating the auto-accept threshold from people's decisions.

A label is a judged citation a person decided on: the model's confidence, the checker's verdict and
the person's. For each threshold, the results at or above it would stand on their own; the share of
those the person agreed with is the accuracy a user would get, and the rest is the review load.
Intervals are Wilson score intervals, which stay inside 0..1 and behave with few labels or an
accuracy near 1, where the normal approximation does not.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from citecheck._models import Verdict
from citecheck.errors import DocumentReadError, ReviewFileError
from citecheck.review._decisions import import_queue, load_decisions, load_json, load_results

__all__ = [
    "THRESHOLDS",
    "Bin",
    "Label",
    "Suggestion",
    "ThresholdRow",
    "labels_from_file",
    "min_labels",
    "reliability",
    "suggest_threshold",
    "threshold_table",
    "wilson",
]

THRESHOLDS = tuple(round(0.5 + step / 100, 2) for step in range(50))
"""The thresholds `threshold_table` reports: 0.50 to 0.99 by 0.01."""

Z_95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


@dataclass(frozen=True)
class Label:
    """One judged citation a person decided on."""

    confidence: float
    """The model's confidence in its answer."""
    model_verdict: Verdict
    """The checker's verdict."""
    verdict: Verdict
    """The person's verdict."""
    flagged: bool = False
    """Whether step 1 flagged the result: then it is never auto-accepted, whatever its confidence,
    and counts as review load at every threshold."""

    @property
    def correct(self) -> bool:
        """Whether the person agreed with the checker."""
        return self.model_verdict == self.verdict


@dataclass(frozen=True)
class ThresholdRow:
    """What one auto-accept threshold would do on the labels."""

    threshold: float
    auto: int
    """Unflagged labels at or above the threshold: they would stand without review."""
    correct: int
    """Of those, the ones the person agreed with."""
    total: int
    """All labels."""

    @property
    def auto_share(self) -> float:
        """The share of labels that would be auto-accepted."""
        return self.auto / self.total if self.total else 0.0

    @property
    def accuracy(self) -> float | None:
        """The accuracy of the auto-accepted; ``None`` when none would be."""
        return self.correct / self.auto if self.auto else None

    @property
    def review_share(self) -> float:
        """The expected review load: the share of judged citations a person would look at."""
        return 1.0 - self.auto_share

    def interval(self, z: float = Z_95) -> tuple[float, float]:
        """The Wilson interval of `accuracy`."""
        return wilson(self.correct, self.auto, z)


@dataclass(frozen=True)
class Suggestion:
    """The lowest threshold whose auto-accepted labels meet a target accuracy."""

    target: float
    row: ThresholdRow | None
    """The threshold's row; ``None`` when no threshold meets the target."""
    needed: int
    """Auto-accepted labels needed before an interval can show the target is met at all."""
    labels: int = 0
    """How many labels there were."""

    @property
    def enough(self) -> bool:
        """Whether there are enough labels at the suggestion to tell that it meets the target."""
        return self.row is not None and self.row.auto >= self.needed

    def describe(self) -> str:
        """The suggestion in words, with its interval and a warning when the labels cannot tell."""
        if self.row is None:
            text = f"No threshold from {THRESHOLDS[0]:.2f} to {THRESHOLDS[-1]:.2f} reaches {self.target:.0%} accuracy."
            if self.labels < self.needed:
                text += f" Too few labels to tell: {self.labels}, where {self.needed} are needed; label more."
            return text
        low, high = self.row.interval()
        text = (
            f"Suggested --auto-accept {self.row.threshold:.2f}: {self.row.accuracy:.1%} accurate on "
            f"{self.row.auto} auto-accepted labels (95% Wilson interval {low:.1%} to {high:.1%}), "
            f"{self.row.review_share:.0%} of judged citations to review."
        )
        if not self.enough:
            text += (
                f" Too few labels to tell: at least {self.needed} auto-accepted labels are needed before even a"
                f" perfect score shows {self.target:.0%}; label more."
            )
        elif low < self.target:
            text += f" The interval reaches below {self.target:.0%}: more labels would make it sure."
        return text


@dataclass(frozen=True)
class Bin:
    """One bin of the reliability diagram."""

    low: float
    high: float
    count: int
    confidence: float
    """The mean confidence in the bin."""
    accuracy: float
    """The share of the bin's labels the person agreed with."""


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; ``(0, 1)`` with no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def min_labels(target: float, z: float = Z_95) -> int:
    """The fewest labels whose Wilson lower bound can reach ``target``, all of them correct.

    With n labels all correct the lower bound is ``n / (n + z²)``; below this many, no result could
    show the target is met.
    """
    if not 0 < target < 1:
        raise ValueError(f"target must be between 0 and 1, got {target}")
    return math.ceil(target * z * z / (1 - target) - 1e-9)


def threshold_table(labels: Sequence[Label], thresholds: Iterable[float] = THRESHOLDS) -> list[ThresholdRow]:
    """What each threshold would do on the labels; a flagged label is review at every threshold."""
    rows = []
    eligible = [label for label in labels if not label.flagged]
    for threshold in thresholds:
        accepted = [label for label in eligible if label.confidence >= threshold]
        rows.append(ThresholdRow(threshold, len(accepted), sum(label.correct for label in accepted), len(labels)))
    return rows


def suggest_threshold(labels: Sequence[Label], target: float, *, z: float = Z_95) -> Suggestion:
    """The lowest threshold whose auto-accepted labels are at least ``target`` accurate."""
    needed = min_labels(target, z)
    for row in threshold_table(labels):
        if row.accuracy is not None and row.accuracy >= target:
            return Suggestion(target, row, needed, len(labels))
    return Suggestion(target, None, needed, len(labels))


def reliability(labels: Sequence[Label], bins: int = 10) -> list[Bin]:
    """Confidence against observed accuracy, in equal-width bins over 0..1; empty bins are left out."""
    grouped: list[list[Label]] = [[] for _ in range(bins)]
    for label in labels:
        grouped[min(int(label.confidence * bins), bins - 1)].append(label)
    return [
        Bin(
            low=index / bins,
            high=(index + 1) / bins,
            count=len(group),
            confidence=sum(label.confidence for label in group) / len(group),
            accuracy=sum(label.correct for label in group) / len(group),
        )
        for index, group in enumerate(grouped)
        if group
    ]


def labels_from_file(path: str | os.PathLike[str]) -> list[Label]:
    """The labels in a decisions file, a filled review queue (CSV or ``.jsonl``), or results with decisions.

    Citations no model judged (fabricated, ambiguous) have no confidence and are left out: no
    threshold applies to them. A result step 1 flagged is kept, marked `Label.flagged`.

    Raises:
        ReviewFileError: The file is none of these.
    """
    path = Path(path)
    if path.suffix in (".csv", ".jsonl"):
        decisions, _ = import_queue(path)
        found = [(d.confidence, d.model_verdict, d.verdict, bool(d.flags)) for d in decisions]
    else:
        # The project's reader, as `review import` and `check` use: a BOM is dropped, binary refused.
        try:
            loaded = load_json(path)
        except (DocumentReadError, ReviewFileError) as error:
            raise ReviewFileError(f"{path} cannot be read as JSON labels: {error}") from None
        if isinstance(loaded, dict) and "decisions" in loaded:
            found = [(d.confidence, d.model_verdict, d.verdict, bool(d.flags)) for d in load_decisions(path)]
        else:
            found = [
                (r.confidence, r.decision.model_verdict, r.decision.verdict, bool(r.location.flags))
                for r in load_results(path)
                if r.decision is not None
            ]
    return [
        Label(confidence, model, human, flagged)
        for confidence, model, human, flagged in found
        if confidence is not None
    ]
