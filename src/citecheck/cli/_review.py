"""The ``citecheck review`` and ``citecheck calibrate`` commands, and the hooks ``check`` uses for them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import click

from citecheck._safe_text import printable
from citecheck._sources import special_file_problem
from citecheck.cli._errors import InputError, epilog, refuse_overwrite
from citecheck.errors import CitecheckError
from citecheck.review import (
    DecisionReport,
    StoredDecision,
    apply_decisions,
    export_queue,
    import_queue,
    labels_from_file,
    load_decisions,
    load_results,
    save_decisions,
    suggest_threshold,
    threshold_table,
)

R = TypeVar("R")

__all__ = ["apply_decisions_file", "calibrate", "read_decisions_file", "review"]


@click.group()
def review() -> None:
    """The review round trip: export the queue, fill in decisions, import them, rerun with --decisions."""


@review.command(
    "export",
    epilog=epilog(
        "citecheck review export results.json --output queue.csv",
        "citecheck review export results.json --all --output labels.jsonl",
    ),
)
@click.argument("results", type=click.Path(path_type=Path))
@click.option(
    "--output",
    "-o",
    type=click.Path(path_type=Path),
    required=True,
    help="The queue to write: CSV, or JSON Lines when it ends in .jsonl.",
)
@click.option(
    "--all",
    "everything",
    is_flag=True,
    help="Export every result, not only those that need review (labels for calibrate must cover both).",
)
def export_command(results: Path, output: Path, everything: bool) -> None:
    """Write the review queue of RESULTS (from `citecheck check --format json`) as a file to fill in.

    Fill in the "decision" column (verified, unsupported, contradicted or fabricated) and, if you
    like, a "note"; leave the other columns as they are.
    """
    refuse_overwrite("--output", output, [("the results file", results)])
    try:
        rows = export_queue(load_results(results), output, everything=everything)
    except CitecheckError as error:
        raise InputError(str(error)) from None
    click.echo(printable(f"wrote {rows} citation{'s' if rows != 1 else ''} to review to {output}"))


@review.command("import", epilog=epilog("citecheck review import queue.csv --decisions decisions.json"))
@click.argument("queue", type=click.Path(path_type=Path))
@click.option(
    "--decisions",
    type=click.Path(path_type=Path),
    required=True,
    help="The decisions file to add them to (created when missing; its folder must exist).",
)
def import_command(queue: Path, decisions: Path) -> None:
    """Store the decisions filled into QUEUE (CSV or .jsonl) in the decisions file."""
    refuse_overwrite("--decisions", decisions, [("the queue", queue)])
    try:
        found, blank = import_queue(queue)
        new, replaced = save_decisions(decisions, found)
    except CitecheckError as error:
        raise InputError(str(error)) from None
    click.echo(
        printable(
            f"stored {len(found)} decisions in {decisions} ({new} new, {replaced} replaced); {blank} rows left blank"
        )
    )


@click.command(
    epilog=epilog("citecheck calibrate decisions.json", "citecheck calibrate labels.csv --target 0.98 --json")
)
@click.argument("labels", type=click.Path(path_type=Path))
@click.option(
    "--target",
    type=click.FloatRange(0.5, 1, min_open=True, max_open=True),
    help="Suggest the lowest threshold whose auto-accepted verdicts are at least this accurate, such as 0.98.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the table (and suggestion) as JSON.")
def calibrate(labels: Path, target: float | None, as_json: bool) -> None:
    """Measure auto-accept thresholds on LABELS: results people decided on.

    LABELS is a decisions file (`citecheck review import`), a filled review queue (CSV or .jsonl),
    or results with decisions (`citecheck check --decisions ... --format json`). For each threshold from
    0.50 to 0.99: the share of judged citations auto-accepted, how accurate those are, and the
    share left to review. Export with `review export --all` so the labels cover the confident
    verdicts too.
    """
    try:
        found = labels_from_file(labels)
    except CitecheckError as error:
        raise InputError(str(error)) from None
    if not found:
        raise InputError(f"{labels} holds no decisions on judged citations: nothing to calibrate on")
    rows = threshold_table(found)
    flagged = sum(label.flagged for label in found)
    suggestion = suggest_threshold(found, target) if target is not None else None
    if as_json:
        payload: dict[str, object] = {
            "labels": len(found),
            "flagged": flagged,
            "thresholds": [
                {
                    "threshold": row.threshold,
                    "auto_share": row.auto_share,
                    "auto": row.auto,
                    "accuracy": row.accuracy,
                    "interval": list(row.interval()) if row.auto else None,
                    "review_share": row.review_share,
                }
                for row in rows
            ],
        }
        if suggestion is not None:
            payload["suggestion"] = {
                "target": suggestion.target,
                "threshold": suggestion.row.threshold if suggestion.row else None,
                "enough_labels": suggestion.enough,
                "labels_needed": suggestion.needed,
                "message": suggestion.describe(),
            }
        click.echo(json.dumps(payload, indent=2))
        return
    click.echo(
        f"{len(found)} labels on judged citations"
        + (f" ({flagged} flagged by step 1: never auto-accepted, review at every threshold)" if flagged else "")
    )
    click.echo(f"{'threshold':>9}  {'auto':>6}  {'accuracy':>8}  {'95% interval':>15}  {'review':>6}")
    for row in rows:
        accuracy = f"{row.accuracy:.1%}" if row.accuracy is not None else "-"
        low, high = row.interval()
        interval = f"{low:.1%}-{high:.1%}" if row.auto else "-"
        click.echo(
            f"{row.threshold:>9.2f}  {row.auto_share:>6.1%}  {accuracy:>8}  {interval:>15}  {row.review_share:>6.1%}"
        )
    if suggestion is not None:
        click.echo()
        click.echo(suggestion.describe())


# -- hooks for `citecheck check` -------------------------------------------------------------------


def read_decisions_file(path: Path) -> list[StoredDecision]:
    """The decisions ``check --decisions`` applies, read before any model call.

    Unlike `load_decisions` (for which a missing file is an empty store to add to), a file given
    to apply must exist: a typo would otherwise apply nothing and pass silently.

    Raises:
        InputError: The file does not exist or is not a decisions file.
    """
    if not path.is_file():
        problem = special_file_problem(path) if path.exists() else None
        raise InputError(f"--decisions {path}: {problem or 'no such file (write one with `citecheck review import`)'}")
    try:
        return load_decisions(path)
    except CitecheckError as error:
        raise InputError(f"--decisions {error}") from None


def apply_decisions_file(
    results: Sequence[R], path: Path, decisions: Sequence[StoredDecision]
) -> tuple[list[R], DecisionReport]:
    """Apply ``decisions`` (read from ``path``) to a run, telling stderr which decisions are stale."""
    applied, report = apply_decisions(results, decisions)
    for stale in report.stale:
        click.echo(printable(f"stale decision for {stale.id}, not applied: {stale.reason}"), err=True)
    if report.applied or report.stale:
        count, plural = len(report.applied), "" if len(report.applied) == 1 else "s"
        click.echo(
            printable(f"applied {count} human decision{plural} from {path}; {len(report.stale)} stale"), err=True
        )
    return applied, report
