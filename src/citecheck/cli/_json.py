"""The versioned JSON output of a run (`ResultsV1`), its entries, and its JSON Schema.

``schema/results.v1.json`` is the schema, generated from these models by ``citecheck schema`` (a
test fails when the models change and the file was not regenerated). Only the JSON formats, the
schema command and the MCP server import this module, so a table's run builds none of these models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field

from citecheck._field_docs import DocumentedModel
from citecheck._models import CitationFailure, CitationResult, Document
from citecheck.checker import GATES, Gate, MatchResult, Outcome, Result, view
from citecheck.providers import AnswerLinks

if TYPE_CHECKING:
    from citecheck.cli._results import Report

__all__ = [
    "SCHEMA_VERSION",
    "CheckedEntry",
    "DocumentSummary",
    "FailedEntry",
    "JsonEntry",
    "MatchedEntry",
    "ResultsV1",
    "entries",
    "results_of",
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


def entries(report: Report) -> list[CheckedEntry | MatchedEntry | FailedEntry]:
    """The report's results as JSON entries, each tagged with its ``outcome``."""
    return [_entry(result) for result in report.results]


def results_of(report: Report) -> ResultsV1:
    """The versioned JSON shape of ``report``."""
    return ResultsV1(
        judged=report.judged,
        fail_on=tuple(gate for gate in GATES if gate in report.fail_on),
        passed=report.passed,
        documents=tuple(DocumentSummary.of(document) for document in report.documents),
        results=tuple(entries(report)),
        answer=report.answer.redacted() if report.answer is not None else None,
    )


def results_schema() -> dict[str, Any]:
    """The JSON Schema of `ResultsV1`, as committed in ``schema/results.v1.json``."""
    schema = ResultsV1.model_json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "results.v1.json", **schema}
