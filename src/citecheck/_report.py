"""Plain-text rendering of results: the cookbook's table."""

from __future__ import annotations

from collections.abc import Sequence

from citecheck._models import CitationFailure, CitationResult, Document
from citecheck._review import action

__all__ = ["format_summary", "format_table"]


def format_summary(document: Document, citations: int) -> str:
    """The cookbook's first line: ``58,365 characters, 45 numbered sections, 8 citations``."""
    return (
        f"{len(document.text):,} characters, {len(document.numbered_sections)} numbered sections, {citations} citations"
    )


def format_table(results: Sequence[CitationResult | CitationFailure]) -> str:
    """The cookbook's results table, one row per citation; a failed citation gets an error row."""
    lines = [f"{'citation':<18}{'quote':<14}{'relation':<14}{'conf':>6}  {'verdict':<13}{'action':>7}"]
    for result in results:
        if isinstance(result, CitationFailure):
            lines.append(f"{result.id:<18}error: {result.message}")
            continue
        answer = result.answer
        relation = answer.choice if answer else "-"
        conf = f"{answer.confidence:.2f}" if answer else "-"
        lines.append(
            f"{result.id:<18}{result.status:<14}{relation:<14}{conf:>6}  {result.verdict.value:<13}{action(result):>7}"
        )
    return "\n".join(lines)
