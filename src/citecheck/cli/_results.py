"""A run's results as the command reports them: the documents, the results and the gates that fail the run.

Every renderer takes a `Report`. The JSON output's models (`ResultsV1` and its entries) are in
`citecheck.cli._json`, which only ``--format json``, ``jsonl`` and ``citecheck schema`` import: the
table of ``citecheck match`` builds no JSON model and loads no provider adapter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from citecheck._models import Document
from citecheck.checker import Checker, Gate, Result, gates_hit

if TYPE_CHECKING:
    from citecheck.providers import ProviderAnswer
    from citecheck.review import DecisionReport

__all__ = ["Report"]


@dataclass(frozen=True)
class Report:
    """Everything a renderer needs: the documents, the results, and the gates that fail the run."""

    documents: tuple[Document, ...]
    results: tuple[Result, ...]
    judged: bool
    fail_on: frozenset[Gate] = frozenset()
    totals: Mapping[str, int] = field(default_factory=dict)
    """Run totals a report may show, such as the model calls made and the answers replayed."""
    decisions: DecisionReport | None = None
    """What applying people's decisions did (``--decisions``): the stale ones are reported."""
    checker: Checker | None = None
    """The checker the run used (its threshold is drawn on the HTML report); ``None`` for step 1 alone."""
    answer: ProviderAnswer | None = None
    """The provider's answer the citations came from (``--from``): the report shows its claims."""

    def failing(self, result: Result) -> frozenset[Gate]:
        """The gates ``result`` fails the run on."""
        return gates_hit(result) & self.fail_on

    @property
    def passed(self) -> bool:
        """Whether no result fails a gate."""
        return not any(self.failing(result) for result in self.results)
