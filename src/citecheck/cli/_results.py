"""A run's results as the command reports them: gates, the versioned JSON shape, and its schema.

The JSON output is `ResultsV1`; ``schema/results.v1.json`` is its JSON Schema, generated from these
models by ``citecheck schema`` (a test fails when the models change and the file was not regenerated).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field

from citecheck._field_docs import DocumentedModel
from citecheck._models import CitationFailure, CitationResult, Document
from citecheck.checker import GATES, Checker, Gate, MatchResult, Outcome, Result, gates_hit, view
from citecheck.providers import AnswerLinks

if TYPE_CHECKING:
    from citecheck.providers import ProviderAnswer
    from citecheck.review import DecisionReport

__all__ = [
    "SCHEMA_VERSION",
    "CheckedEntry",
    "DocumentSummary",
    "FailedEntry",
    "JsonEntry",
    "MatchedEntry",
    "Report",
    "ResultsV1",
    "results_schema",
]

SCHEMA_VERSION: Literal[1] = 1
"""Bumped when the JSON output changes in a way that breaks a reader (a field renamed or removed)."""


class CheckedEntry(CitationResult):
    """A citation checked by both steps: a `CitationResult`."""

    outcome: Literal["checked"] = "checked"
    """Says which kind of entry this is."""


class MatchedEntry(MatchResult):
    """A citation checked by step 1 only (``citecheck match``): a `MatchResult`."""

    outcome: Literal["matched"] = "matched"
    """Says which kind of entry this is."""


class FailedEntry(CitationFailure):
    """A citation that could not be checked: a `CitationFailure`."""

    outcome: Literal["failed"] = "failed"
    """Says which kind of entry this is."""


JsonEntry = Annotated[Union[CheckedEntry, MatchedEntry, FailedEntry], Field(discriminator="outcome")]
"""One result in the JSON output; ``outcome`` says which of the three it is."""


class DocumentSummary(DocumentedModel):
    """A source document, as the run read it."""

    model_config = ConfigDict(frozen=True, strict=True, extra="forbid")

    name: str | None
    """The document's name (its file's name, or path when two share a name)."""
    characters: int
    """Length of the parsed text."""
    sections: int
    """How many sections the parser found."""
    numbered_sections: int
    """How many of them are numbered (``4.1.3``)."""

    @classmethod
    def of(cls, document: Document) -> DocumentSummary:
        """The summary of a parsed document."""
        return cls(
            name=document.name,
            characters=len(document.text),
            sections=len(document.sections),
            numbered_sections=len(document.numbered_sections),
        )


class ResultsV1(DocumentedModel):
    """The JSON output of ``citecheck check --format json``, version 1."""

    model_config = ConfigDict(frozen=True, strict=True, extra="forbid")

    schema_version: Literal[1] = 1
    """The version of this shape; readers check it before reading the rest."""
    judged: bool
    """Whether step 2 ran (``False`` for ``citecheck match``: entries are ``matched``)."""
    fail_on: tuple[Gate, ...]
    """The gates the run was given with ``--fail-on``."""
    passed: bool
    """Whether no result matched a gate (the command then exits 0)."""
    documents: tuple[DocumentSummary, ...]
    """The source documents, in the order given."""
    results: tuple[JsonEntry, ...]
    """One entry per citation, in input order."""
    answer: AnswerLinks | None = Field(default=None, exclude_if=lambda value: value is None)
    """With ``--from``: the provider's answer, its claims (spans of its text) and each citation's
    link back to its claim, its source and the provider's own location; absent otherwise."""


_ENTRIES: dict[Outcome, type[CheckedEntry] | type[MatchedEntry] | type[FailedEntry]] = {
    "checked": CheckedEntry,
    "matched": MatchedEntry,
    "failed": FailedEntry,
}


def _entry(result: Result) -> CheckedEntry | MatchedEntry | FailedEntry:
    # The field values as they are: already validated, so nothing is converted twice.
    return _ENTRIES[view(result).outcome](**dict(result))


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

    def entries(self) -> list[CheckedEntry | MatchedEntry | FailedEntry]:
        """The results as JSON entries, each tagged with its ``outcome``."""
        return [_entry(result) for result in self.results]

    def as_json_model(self) -> ResultsV1:
        """The versioned JSON shape of this report."""
        return ResultsV1(
            judged=self.judged,
            fail_on=tuple(gate for gate in GATES if gate in self.fail_on),
            passed=self.passed,
            documents=tuple(DocumentSummary.of(document) for document in self.documents),
            results=tuple(self.entries()),
            answer=self.answer.redacted() if self.answer is not None else None,
        )


def results_schema() -> dict[str, Any]:
    """The JSON Schema of `ResultsV1`, as committed in ``schema/results.v1.json``."""
    schema = ResultsV1.model_json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "results.v1.json", **schema}
