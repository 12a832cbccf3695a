"""The cookbook's summary line and table, as the examples print them (the command uses `_formats`)."""

from __future__ import annotations

from collections.abc import Sequence

from citecheck._formats import Style, format_summary, table_text
from citecheck._models import CitationFailure, CitationResult
from citecheck._results import Report

__all__ = ["format_summary", "format_table"]


def format_table(results: Sequence[CitationResult | CitationFailure]) -> str:
    """The cookbook's results table, one row per citation, without the summary line above it."""
    return table_text(Report(documents=(), results=tuple(results), judged=True), Style())
