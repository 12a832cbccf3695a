"""The typed values citecheck passes around: inputs, evidence, answers and results."""

from __future__ import annotations

import sys
from bisect import bisect_right
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError, model_validator
from typing_extensions import Self

from citecheck._errors import DocumentError, InvalidCitationError

__all__ = [
    "Citation",
    "CitationFailure",
    "CitationResult",
    "Document",
    "Flag",
    "JudgeAnswer",
    "LocateStatus",
    "Location",
    "MatchTier",
    "QuoteMatch",
    "Relation",
    "Section",
    "SectionKind",
    "Verdict",
    "WordDiff",
    "as_citation",
    "citation_name",
]

T = TypeVar("T")

LocateStatus = Literal["found", "missing", "section-only", "ambiguous"]
"""Step 1's finding: the quote is in the source; it is not (or the cited section does not exist);
the citation quotes nothing and names a section; or the quote is too short to place."""

MatchTier = Literal["exact", "normalized", "ellipsis", "loose", "fuzzy"]
"""How a quote matched, strongest first: word for word; after folding whitespace, Unicode forms,
dashes, quote marks and line-end hyphens; as ellipsis-separated fragments in order; ignoring case
and punctuation; or by similarity above the fuzzy threshold."""

Flag = Literal["fuzzy", "misattributed_section", "other_document", "ellipsis_gap", "ambiguous", "missing_section"]
"""Why a person must look at a result, whatever the model says. A result with any flag is never
``auto``: ``fuzzy`` (the quote only matched by similarity), ``misattributed_section`` (found in another
section than the one cited), ``other_document`` (found in another document than the one named),
``ellipsis_gap`` (an ellipsis leaves out words that may limit the quote), ``ambiguous`` (too short or
too common to place), ``missing_section`` (the cited section does not exist)."""

Relation = Literal["supports", "contradicts", "says_nothing"]
"""The judge's answer: how the section relates to the claim."""

SectionKind = Literal["numbered", "appendix", "front", "back", "heading", "paragraph", "page", "whole"]
"""Where a section comes from: a numbered section, an appendix, front or back matter, a heading
without a number, a paragraph of a text without headings, a PDF page, or the whole document when
it has no headings."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, strict=True, extra="forbid")


class Verdict(str, Enum):
    """The four verdicts a citation can get."""

    VERIFIED = "verified"
    """The quote is in the source and its section supports the claim."""
    UNSUPPORTED = "unsupported"
    """The section says nothing about what the claim asserts."""
    CONTRADICTED = "contradicted"
    """The section says the opposite of the claim."""
    FABRICATED = "fabricated"
    """The quote is not in the source, or the cited section does not exist."""

    def __str__(self) -> str:
        return self.value


class Citation(_Frozen):
    """One citation from an LLM answer: a claim, the quote it rests on, the section it names."""

    id: str
    """A name for the citation, used in results and errors."""
    claim: str
    """What the answer asserts."""
    quote: str | None = None
    """The words the answer says it took from the source; ``None`` (or blank) when it quotes nothing."""
    section: str | None = None
    """The section the answer names, such as ``"4.1.3"``; required when there is no quote."""
    document: str | None = None
    """The name of the source document, when several are checked together."""

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.id.strip():
            raise ValueError("id: must not be empty")
        if not self.claim.strip():
            raise ValueError("claim: must not be empty")
        if not self.has_quote and (self.section is None or not self.section.strip()):
            raise ValueError("section: a citation without a quote must name a section")
        return self

    @property
    def has_quote(self) -> bool:
        """Whether the citation quotes something; a blank quote counts as no quote."""
        return self.quote is not None and bool(self.quote.strip())


def citation_name(value: object, position: int) -> str:
    """How errors name a citation: its id when it has a usable one, else ``#`` and its position."""
    if isinstance(value, Citation):
        return value.id
    raw_id = value.get("id") if isinstance(value, Mapping) else None
    return raw_id if isinstance(raw_id, str) and raw_id.strip() else f"#{position}"


def as_citation(value: Citation | Mapping[str, Any], position: int | None = None) -> Citation:
    """Validate a citation given as a `Citation` or a plain mapping.

    Args:
        value: The citation.
        position: Its 0-based position in a batch, used to name it when it has no usable id.

    Returns:
        The validated citation.

    Raises:
        InvalidCitationError: A field is missing, of the wrong type, or empty; the error names the
            citation (its id, else its position) and the field.
    """
    if isinstance(value, Citation):
        return value
    name = citation_name(value, position or 0)
    if not isinstance(value, Mapping):
        raise InvalidCitationError(name, None, f"expected a Citation or a mapping, got {type(value).__name__}")
    try:
        return Citation.model_validate(dict(value))
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        loc = [str(part) for part in first["loc"]]
        message = str(first["msg"]).removeprefix("Value error, ")
        if not loc and ": " in message:  # our own whole-model check names the field first
            field, message = message.split(": ", 1)
            loc = [field]
        if first["type"] == "extra_forbidden":
            message = "unknown field (a misspelled name would otherwise be silently ignored)"
        raise InvalidCitationError(name, ".".join(loc) or None, message) from None


class Section(_Frozen):
    """One section of a document, with where it sits in the document's text."""

    id: str
    """How citations refer to it: ``"4.1.3"``, ``"A.1"``, ``"abstract"``, ``"p. 3"``."""
    title: str
    """The heading's words, without its number."""
    kind: SectionKind
    """Where the section comes from."""
    text: str
    """The section's text, heading included: what the judge reads."""
    start: int
    """Offset of `text` in `Document.text`."""
    end: int
    """End offset (exclusive) of `text` in `Document.text`."""


class Document(_Frozen):
    """A parsed source document: its text and its sections in document order."""

    text: str
    """The parsed text every section's offsets point into."""
    sections: tuple[Section, ...]
    """The sections in document order."""
    name: str | None = None
    """The document's name, such as its file name; citations name their document by it."""
    source: str | None = None
    """The original source text the parser was given, when `text` differs from it (an RFC without
    its page headers, the text of an HTML page); ``None`` when `text` is the source itself."""
    source_map: tuple[tuple[int, int], ...] = ()
    """Anchors ``(text offset, source offset)``, sorted, mapping `text` back to `source`: from each
    anchor on, text was copied from the source one character for one, up to the next anchor."""
    # Derived data built once per document (the matcher's index, the id lookup); see `derived`.
    _memo: dict[str, tuple[str, tuple[Section, ...], object]] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> Self:
        seen: set[str] = set()
        for section in self.sections:
            if self.text[section.start : section.end] != section.text:
                raise ValueError(f"section {section.id!r}: text does not match its offsets in the document")
            if section.id in seen:
                raise ValueError(f"section {section.id!r} appears twice")
            seen.add(section.id)
        return self

    @classmethod
    def from_sections(cls, sections: Mapping[str, str], *, name: str | None = None) -> Document:
        """Build a document from a plain ``{section id: text}`` mapping, in the mapping's order.

        The document's text is the sections joined by blank lines, so offsets stay meaningful.
        """
        parts: list[Section] = []
        pieces: list[str] = []
        offset = 0
        for key, body in sections.items():
            if not isinstance(key, str) or not isinstance(body, str):
                bad, value = ("id", key) if not isinstance(key, str) else ("text", body)
                raise DocumentError(
                    f"section {key!r}: section ids and texts must be strings, but its {bad} is a {type(value).__name__}"
                )
            if pieces:
                pieces.append("\n\n")
                offset += 2
            kind: SectionKind = "numbered" if key.replace(".", "").isdigit() else "heading"
            parts.append(Section(id=key, title="", kind=kind, text=body, start=offset, end=offset + len(body)))
            pieces.append(body)
            offset += len(body)
        return cls(text="".join(pieces), sections=tuple(parts), name=name)

    @classmethod
    def of(cls, value: Document | Mapping[str, str]) -> Document:
        """A `Document` as it is, or one built from a plain ``{section id: text}`` mapping.

        Raises:
            DocumentError: ``value`` is neither.
        """
        if isinstance(value, Document):
            return value
        if isinstance(value, Mapping):
            return cls.from_sections(value)
        raise DocumentError(f"expected a Document or a mapping of section ids to texts, got {type(value).__name__}")

    def to_source(self, offset: int) -> int:
        """The offset in `source` of the character at ``offset`` in `text`."""
        if not self.source_map:
            return offset
        anchor = bisect_right(self.source_map, (offset, sys.maxsize)) - 1
        if anchor < 0:
            return offset
        text_at, source_at = self.source_map[anchor]
        mapped = source_at + offset - text_at
        if anchor + 1 < len(self.source_map):
            mapped = min(mapped, self.source_map[anchor + 1][1])
        return mapped

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The span in `source` of the span ``start:end`` of `text`."""
        if end <= start:
            return self.to_source(start), self.to_source(start)
        return self.to_source(start), self.to_source(end - 1) + 1

    @property
    def original(self) -> str:
        """The original source text: `source`, or `text` when they are the same."""
        return self.text if self.source is None else self.source

    def derived(self, name: str, build: Callable[[Document], T]) -> T:
        """``build(self)``, computed once per document and kept under ``name``.

        ``model_copy`` shares the kept values with the copy, so one is only reused for the very
        text and sections it was built from.
        """
        kept = self._memo.get(name)
        if kept is not None and kept[0] is self.text and kept[1] is self.sections:
            return cast(T, kept[2])
        value = build(self)
        self._memo[name] = (self.text, self.sections, value)
        return value

    def section(self, section_id: str) -> Section | None:
        """The section with exactly this id, or ``None``."""
        return self.derived("sections by id", lambda d: {s.id: s for s in d.sections}).get(section_id)

    @property
    def numbered_sections(self) -> tuple[Section, ...]:
        """The numbered sections only (``1`` to ``13.2`` in RFC 7519)."""
        return tuple(s for s in self.sections if s.kind == "numbered")


class WordDiff(_Frozen):
    """One word-level difference between a quote and the source text it matched."""

    kind: Literal["changed", "added", "omitted"]
    """``changed``: the quote has other words than the source; ``added``: words only the quote has;
    ``omitted``: source words the quote leaves out."""
    quote: str
    """The quote's words here (empty when omitted)."""
    source: str
    """The source's words here (empty when added)."""
    changes_meaning: bool
    """Whether a normative keyword, negation, number, date or unit is among the words."""


class QuoteMatch(_Frozen):
    """Where and how a quote matched the source."""

    section: str
    """The id of the section that holds the quote (the first one, when it spans several)."""
    sections: tuple[str, ...]
    """Every section the matched text lies in: one, or several when the quote spans a boundary."""
    start: int
    """Offset of the matched source text in `Document.text`."""
    end: int
    """End offset (exclusive) of the matched source text in `Document.text`."""
    source_text: str
    """The source text the quote matched, exactly as it stands in the document."""
    source_start: int
    """Offset of the match in the original source (`Document.original`)."""
    source_end: int
    """End offset (exclusive) of the match in the original source."""
    tier: MatchTier
    """How it matched."""
    score: float
    """Similarity of quote and source text, 0 to 100 (100 for every tier but fuzzy)."""
    differences: tuple[WordDiff, ...] = ()
    """Word-level differences between the quote and the matched text."""


class Location(_Frozen):
    """Step 1's finding for one citation: the evidence every verdict keeps."""

    status: LocateStatus
    """Found, missing, section-only, or ambiguous."""
    document: str | None = None
    """The name of the document that was searched (`Document.name`)."""
    cited: str | None
    """The section the citation named, as it named it."""
    cited_section: str | None = None
    """The id of the section that reference resolves to; ``None`` when it names none that exists."""
    section: str | None
    """The id of the section step 2 reads; ``None`` when there is none to read."""
    text: str | None
    """The text step 2 reads; ``None`` when missing (a missing quote is never sent to the judge)."""
    match: QuoteMatch | None = None
    """The match step 2 reads around: in the cited section when the quote is there, else the first."""
    occurrences: tuple[QuoteMatch, ...] = ()
    """Every place the quote matched, in document order."""
    closest: QuoteMatch | None = None
    """For a missing quote, the closest source text, with the differences that rule it out."""
    nearest_sections: tuple[str, ...] = ()
    """For a cited section that does not exist, the real sections nearest to the reference."""
    needs_review: bool = False
    """Whether a person should look whatever the model says: a fuzzy match, an ambiguous quote, a
    cited section that does not exist."""
    flags: tuple[Flag, ...] = ()
    """Why a person must look, whatever the model says; any flag keeps the result out of ``auto``."""
    reason: str
    """Why step 1 decided as it did, in words."""


class JudgeAnswer(_Frozen):
    """The model's answer to the Choice question for one claim and section."""

    model_config = ConfigDict(frozen=True, strict=True, extra="ignore")

    choice: Relation
    """The most probable relation."""
    probabilities: dict[str, float]
    """Probability of each relation."""
    confidence: float
    """The model's confidence in `choice`, from 0 to 1."""
    seconds: float
    """How long the call took when it was made."""
    input_tokens: int
    """Input tokens the call used."""
    output_tokens: int
    """Output tokens the call used."""


class CitationResult(_Frozen):
    """The verdict on one citation, with its evidence."""

    id: str
    """The citation's id."""
    status: LocateStatus
    """Step 1's finding."""
    section: str | None
    """The id of the section the judge read; ``None`` when fabricated."""
    answer: JudgeAnswer | None
    """The judge's answer; ``None`` when no model was asked."""
    verdict: Verdict
    """The verdict."""
    confidence: float | None
    """The model's confidence; ``None`` when no model was asked (there is none to report)."""
    auto: bool
    """Whether the verdict stands on its own (``True``) or a person should review it."""
    citation: Citation
    """The citation as checked."""
    location: Location
    """Step 1's evidence: which section, where, the exact source text, how it matched."""


class CitationFailure(_Frozen):
    """A citation in a batch that could not be checked, and why."""

    position: int
    """Its 0-based position in the batch."""
    id: str
    """Its id, or ``#N`` when it had no usable id."""
    error: str
    """The error's class name, such as ``InvalidCitationError``."""
    message: str
    """The error's one-line message."""
    location: Location | None = None
    """Step 1's evidence when step 1 succeeded and step 2 failed (a failed call), else ``None``."""
