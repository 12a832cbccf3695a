"""What can fail a run: the gates of ``--fail-on``, of the pytest plugin's ``fail_on=`` and of the CI action.

One definition, read by every entry point that passes or fails on results, so a gate means the same
everywhere: a verdict, a result a person must review, or a citation that could not be checked.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, get_args

from citecheck._models import Verdict
from citecheck.checker._rows import Result, view

__all__ = ["DEFAULT_GATES", "GATES", "JUDGED_GATES", "Gate", "gates_hit", "parse_gates"]

Gate = Literal["fabricated", "contradicted", "unsupported", "review", "error"]
"""What ``--fail-on`` can fail a run on: a verdict, a result a person must review, or a citation
that could not be checked."""

GATES: tuple[Gate, ...] = get_args(Gate)
JUDGED_GATES: frozenset[Gate] = frozenset({"contradicted", "unsupported"})
"""The gates only a model's answer can hit: step 1 alone never gives these verdicts."""
DEFAULT_GATES: frozenset[Gate] = frozenset({"fabricated", "contradicted", "error"})
"""What fails a run when ``--fail-on`` is not given (less `JUDGED_GATES` when no model is asked)."""

_GATED_VERDICTS: dict[Verdict, Gate] = {
    Verdict.FABRICATED: "fabricated",
    Verdict.CONTRADICTED: "contradicted",
    Verdict.UNSUPPORTED: "unsupported",
}


def gates_hit(result: Result) -> frozenset[Gate]:
    """Every gate ``result`` matches: its verdict, ``review`` when a person must look, ``error``."""
    seen = view(result)
    if seen.failure is not None:
        return frozenset({"error"})
    hit: set[Gate] = set()
    if seen.verdict in _GATED_VERDICTS:
        hit.add(_GATED_VERDICTS[seen.verdict])
    if seen.action == "review":
        hit.add("review")
    return frozenset(hit)


def parse_gates(values: str | Iterable[str]) -> frozenset[Gate]:
    """Gates as the command line takes them: names, comma-separated or one per item; ``none`` for no gate.

    Raises:
        ValueError: A name is not a gate.
    """
    items = [values] if isinstance(values, str) else list(values)
    gates: set[Gate] = set()
    for value in items:
        for name in (part.strip() for part in value.split(",")):
            if name in ("none", ""):
                continue
            if name not in GATES:
                raise ValueError(f"{name!r} is not a gate: use any of {', '.join(GATES)}, or none")
            gates.add(name)
    return frozenset(gates)
