"""The typed values citecheck passes around: inputs, evidence, answers and results."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias, TypeVar, Union, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    computed_field,
    field_validator,
    model_validator,
)
from pydantic_core import CoreSchema, PydanticCustomError, core_schema
from typing_extensions import Self

from citecheck._field_docs import DocumentedModel
from citecheck._offsets import OffsetMap
from citecheck.errors import DocumentError, InvalidCitationError

if TYPE_CHECKING:
    from citecheck._types import CitationLike

__all__ = [
    "RELATION_VERDICTS",
    "AmbiguousLocation",
    "Citation",
    "CitationFailure",
    "CitationResult",
    "DerivedFields",
    "Document",
    "Flag",
    "FoundLocation",
    "HumanDecision",
    "JudgeAnswer",
    "LocateStatus",
    "Location",
    "MatchTier",
    "MissingLocation",
    "Probabilities",
    "Probability",
    "QuoteMatch",
    "Relation",
    "Section",
    "SectionKind",
    "SectionOnlyLocation",
    "Verdict",
    "WordDiff",
    "as_citation",
    "citation_name",
    "fold_table",
]

T = TypeVar("T")

LocateStatus = Literal["found", "missing", "section-only", "ambiguous"]
"""Step 1's finding: the quote is in the source; it is not (or the cited section does not exist);
the citation quotes nothing and names a section; or the quote is too short to place."""

MatchTier: TypeAlias = str
"""How a quote matched: the built-in tiers say, strongest first, ``exact`` (word for word),
``normalized`` (after folding whitespace, Unicode forms, dashes, quote marks and line-end hyphens),
``ellipsis`` (as ellipsis-separated fragments in order), ``loose`` (ignoring case and punctuation)
or ``fuzzy`` (by similarity above the fuzzy threshold); a custom tier says its own name."""

Flag = Literal[
    "fuzzy",
    "misattributed_section",
    "other_document",
    "ellipsis_gap",
    "ambiguous",
    "missing_section",
    "omitted_text",
    "substituted_words",
    "partial_sentence",
    "variant_form",
    "damaged_source",
    "short_quote",
    "provider_location_mismatch",
    "claim_number_absent",
    "chosen_passages",
    "joined_blocks",
    "look_alike",
]
"""Why a person must look at a result, whatever the model says. A result with any flag is never
``auto``: ``fuzzy`` (the quote only matched by similarity), ``misattributed_section`` (found in another
section than the one cited), ``other_document`` (found in another document than the one named),
``ellipsis_gap`` (an ellipsis leaves out words not shown to be harmless: anything but a verbless
aside, a reference, a list of examples or a repeated word), ``ambiguous`` (too short to place,
and not once where cited), ``missing_section`` (the cited section does not exist), ``omitted_text`` (the
quote leaves out words of the source without an ellipsis: an aside, or the rest of a sentence its stop
says has ended), ``substituted_words`` (bracketed
words of the quote's own stand in for the source's or add to them, and are not marked as an explanation),
``joined_blocks`` (the quote runs on across a blank line of the source, joining two blocks into one),
``partial_sentence`` (the quote starts or stops inside its sentence, and what it leaves out is not
shown to be harmless), ``variant_form`` (a word differs only in a form no rule proves the same: a
spelling variant, a number written otherwise, a Greek letter spelt out or in LaTeX, a determiner
swapped), ``damaged_source`` (the source's words look damaged by OCR where the quote's are clean),
``short_quote`` (the quote is too short to place by its words, but occurs once where it is cited),
``look_alike`` (a word of the quote or of the source mixes letters of two scripts that look alike,
a Cyrillic e (U+0435) in a Latin word: the same word to a reader, or a deliberate trick; or the
quote holds bidirectional controls the source does not, which reorder what a reader sees).
Set on provider responses only (``citecheck check --from``): ``provider_location_mismatch`` (the provider
places the cited text elsewhere than step 1 finds it), ``claim_number_absent`` (a number, date or
amount of the claim is nowhere in the section read), ``chosen_passages`` (the provider cited a whole
file or page, and the judge read passages picked for the claim)."""

Relation = Literal["supports", "contradicts", "says_nothing"]
"""The judge's answer: how the section relates to the claim."""

SectionKind = Literal["numbered", "appendix", "front", "back", "heading", "paragraph", "page", "whole"]
"""Where a section comes from: a numbered section, an appendix, front or back matter, a heading
without a number, a paragraph of a text without headings, a PDF page, or the whole document when
it has no headings."""


class _Frozen(DocumentedModel):
    """The base of every citecheck model: immutable, no unknown field, each field documented by its docstring."""

    # The docstrings are read by `citecheck._field_docs` (what ``use_attribute_docstrings=True``
    # gives, for a fraction of its start-up), and each model is built on first use.
    model_config = ConfigDict(frozen=True, strict=True, extra="forbid")

    def model_post_init(self, context: Any, /) -> None:
        share_fields_set(self)


# One set per combination of fields given, shared by every frozen instance given those fields.
_FIELDS_SETS: dict[frozenset[str], set[str]] = {}


def share_fields_set(model: BaseModel) -> None:
    """Give a frozen model the one shared set of the fields it was given, instead of its own.

    Pydantic keeps a set of the fields given per instance: for a model of five fields that set is
    728 bytes, more than the model itself, which made a provider response of many short citations
    peak at over 100x its JSON. A frozen model never changes the set (``model_copy`` copies it first).
    """
    given = model.__pydantic_fields_set__
    object.__setattr__(model, "__pydantic_fields_set__", _FIELDS_SETS.setdefault(frozenset(given), given))


def _shared_fields_set(names: frozenset[str]) -> set[str]:
    """The shared set of the fields ``names``, as `share_fields_set` gives a validated model given them."""
    shared = _FIELDS_SETS.get(names)
    return shared if shared is not None else _FIELDS_SETS.setdefault(names, set(names))


_M = TypeVar("_M", bound=BaseModel)


def _constructed(cls: type[_M], values: dict[str, Any], fields_set: set[str]) -> _M:
    """An instance of ``cls`` holding ``values``, unvalidated: the state validation gives a frozen model.

    For values known to be valid only. ``values`` holds every field, in the model's order; the state
    is what ``model_construct`` sets (without its walk over aliases and defaults), and the extras
    of an ``extra="allow"`` model are empty, as a validated `DerivedFields` leaves them.
    ``tests/test_models.py`` holds it to a validated instance's state.
    """
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", values)
    object.__setattr__(model, "__pydantic_fields_set__", fields_set)
    object.__setattr__(model, "__pydantic_extra__", {} if cls.model_config.get("extra") == "allow" else None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model


class _FrozenLax(_Frozen):
    """A `_Frozen` model that converts as pydantic's lax mode does (a JSON list for a tuple).

    For models read from other programs' JSON, such as a provider's answer, rather than citecheck's own.
    """

    model_config = ConfigDict(strict=False)


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
    """One citation from an LLM answer: a claim, the quote it rests on, the section it names.

    Every field but `document` must be given, ``quote`` and ``section`` possibly as ``None``: a
    citation file that leaves one out is more likely broken than meaning "none".
    """

    id: str
    """A name for the citation, used in results and errors."""
    claim: str
    """What the answer asserts."""
    quote: str | None
    """The words the answer says it took from the source; ``None`` (or blank) when it quotes nothing."""
    section: str | None
    """The section the answer names, such as ``"4.1.3"``; ``None`` when the quote alone places it.
    An integer is taken as an id (``4`` is ``"4"``); a float is refused, since ``4.10`` and ``4.1``
    are the same number."""
    document: str | None = None
    """The name of the source document, when several are checked together."""

    @field_validator("id", "claim", "quote", "section", "document")
    @classmethod
    def _text(cls, value: str | None) -> str | None:
        # JSON may escape half a surrogate pair ("\\ud800"), and LLM output does: such a string
        # cannot be written as UTF-8, so every output format would fail on it later, far from here.
        if value is not None and not _is_text(value):
            raise PydanticCustomError("lone_surrogate", "it holds a lone surrogate, not text")
        # No source document holds a NUL (one is refused as binary), and the review queue is a text
        # file that must read back as one: refused here, up front, rather than at `review import`.
        if value is not None and "\0" in value:
            raise PydanticCustomError("nul", "it holds a NUL character (U+0000), which no text holds")
        return value

    @field_validator("id", "claim")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise PydanticCustomError("blank", "must not be empty")
        return value

    @field_validator("section", mode="before")
    @classmethod
    def _section_number(cls, value: object) -> object:
        # LLM pipelines often write a section as a JSON number. An integer names one section; a
        # float has already lost what was written (4.10 parses as 4.1), so it cannot be trusted.
        if isinstance(value, float):
            raise PydanticCustomError(
                "float_section",
                "the number {value} is not a section id: 4.10 and 4.1 are the same number, so write it as a "
                'string ("4.10")',
                {"value": value},
            )
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return value

    @field_validator("section")
    @classmethod
    def _section_when_no_quote(cls, value: str | None, info: ValidationInfo) -> str | None:
        quote = info.data.get("quote", "")  # absent when the quote itself failed: that error is reported
        if (quote is None or not quote.strip()) and (value is None or not value.strip()):
            raise PydanticCustomError("section_required", "a citation without a quote must name a section")
        return value

    @property
    def has_quote(self) -> bool:
        """Whether the citation quotes something; a blank quote counts as no quote."""
        return self.quote is not None and bool(self.quote.strip())


def _is_text(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8: whether it holds no lone surrogate."""
    if value.isascii():  # most text, known without encoding it
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _kind(value: object) -> str:
    """What ``value`` is, in the words of the JSON file it most often comes from."""
    kinds = {str: "a string", int: "a number", float: "a number", bool: "true or false", list: "a list"}
    return "null" if value is None else kinds.get(type(value), f"a {type(value).__name__}")


def citation_name(value: object, position: int) -> str:
    r"""How errors name a citation: its id when it has a usable one, else ``#`` and its position.

    ``position`` is 0-based; the name counts from 1 (``#1`` is the first citation), as a person
    counts the citations of their file.

    An id that holds a lone surrogate is named with it escaped (``a\ud800``), so the error can be printed.
    """
    if isinstance(value, Citation):
        return value.id
    raw_id = value.get("id") if isinstance(value, Mapping) else None
    if not isinstance(raw_id, str) or not raw_id.strip():
        return f"#{position + 1}"
    return raw_id if _is_text(raw_id) else raw_id.encode("utf-8", "backslashreplace").decode("utf-8")


# Pydantic's own wording for these two says what, not why; every other message is already ours or
# plain enough ("Input should be a valid string").
_MESSAGES = {
    "missing": "is missing: a citation needs id, claim, quote and section (quote or section may be null)",
    "extra_forbidden": "unknown field (a misspelled name would otherwise be silently ignored)",
}


def as_citation(value: CitationLike, position: int | None = None) -> Citation:
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
    if not isinstance(value, Mapping):
        raise InvalidCitationError(
            citation_name(value, position or 0),
            None,
            f"a citation is an object with id, claim, quote and section, got {_kind(value)}",
        )
    try:
        # A plain dict as it is (validation leaves it as it is); another mapping as a dict, as
        # strict validation takes one. The name is only needed for an error.
        return Citation.model_validate(value if type(value) is dict else dict(value))
    except ValidationError as error:
        errors = error.errors(include_url=False)
        # A misspelled name is the likelier mistake than a forgotten field: it also explains the
        # field that then reads as missing, so it is the one to name.
        first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
        field = ".".join(str(part) for part in first["loc"]) or None
        name = citation_name(value, position or 0)
        raise InvalidCitationError(name, field, _MESSAGES.get(first["type"], first["msg"])) from None


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
    parent: str | None = None
    """The id of the section whose heading this one's heading is under (``4`` for ``4.1`` or
    ``4(a)``, ``guide/installation`` for ``guide/installation/linux``); ``None`` at the top, or
    when the parser does not say."""


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
    source_map: OffsetMap = OffsetMap()
    """Maps `text` back to `source` (no anchors when `text` is the source itself); in JSON, the
    anchors ``[text offset, source offset]``: from each on, text was copied from the source one
    character for one, up to the next."""
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
        return self.source_map.to_original(offset)

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The span in `source` of the span ``start:end`` of `text`; an empty span stays empty."""
        return self.source_map.span_to_original(start, end)

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
    """Similarity of quote and source text, 0 to 100 (below 100 only for a match found by similarity: ``fuzzy``)."""
    differences: tuple[WordDiff, ...] = ()
    """Word-level differences between the quote and the matched text."""


class _LocationFields(_Frozen):
    """What every step-1 finding has, whatever its status."""

    # Read back from its JSON, a location carries the derived needs_review: it is ignored, not input.
    model_config = ConfigDict(frozen=True, strict=True, extra="ignore")

    document: str | None = None
    """The name of the document that was searched (`Document.name`)."""
    cited: str | None
    """The section the citation named, as it named it."""
    cited_section: str | None = None
    """The id of the section that reference resolves to; ``None`` when it names none that exists."""
    occurrences: tuple[QuoteMatch, ...] = ()
    """The places the quote matched, in document order (at most the first few; see `occurrence_count`)."""
    nearest_sections: tuple[str, ...] = ()
    """For a cited section that does not exist, the real sections nearest to the reference."""
    occurrence_count: int = 0
    """How many places the quote matched."""
    flags: tuple[Flag, ...] = ()
    """Why a person must look, whatever the model says; any flag keeps the result out of ``auto``."""
    reason: str
    """Why step 1 decided as it did, in words, built from the status and the flags."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def needs_review(self) -> bool:
        """Whether a person should look whatever the model says: whether there is any flag."""
        return bool(self.flags)


class FoundLocation(_LocationFields):
    """The quote is in the source: the judge reads the section that holds it."""

    status: Literal["found"] = "found"
    """Always ``found``."""
    section: str
    """The id of the section step 2 reads."""
    text: str
    """The text step 2 reads: the section (or the sections a quote spans)."""
    match: QuoteMatch
    """The match step 2 reads around: in the cited section when the quote is there, else the first."""
    closest: None = None
    """Always ``None``: there is a match."""


class MissingLocation(_LocationFields):
    """The quote is not in the source, or the cited section does not exist: nothing is read."""

    status: Literal["missing"] = "missing"
    """Always ``missing``."""
    section: None = None
    """Always ``None``: a missing quote is never sent to the judge."""
    text: None = None
    """Always ``None``."""
    match: None = None
    """Always ``None``."""
    closest: QuoteMatch | None = None
    """The closest source text, with the differences that rule it out, when there is any."""


class SectionOnlyLocation(_LocationFields):
    """The citation quotes nothing: the judge reads the section it names."""

    status: Literal["section-only"] = "section-only"
    """Always ``section-only``."""
    section: str
    """The id of the cited section."""
    text: str
    """The cited section's text."""
    match: None = None
    """Always ``None``: there is no quote."""
    closest: None = None
    """Always ``None``."""


class AmbiguousLocation(_LocationFields):
    """The quote is too short to place, or the citation fits several documents: nothing is read."""

    status: Literal["ambiguous"] = "ambiguous"
    """Always ``ambiguous``."""
    section: None = None
    """Always ``None``: no model is asked."""
    text: None = None
    """Always ``None``."""
    match: QuoteMatch | None = None
    """Where a too-short quote matched, when it did."""
    closest: None = None
    """Always ``None``."""


Location = Annotated[
    Union[FoundLocation, MissingLocation, SectionOnlyLocation, AmbiguousLocation], Field(discriminator="status")
]
"""Step 1's finding for one citation, the evidence every verdict keeps: one type per status, told
apart by ``status``, so a location cannot contradict itself (a missing quote has no text to read)."""

_LOCATION_STATUS: dict[type[BaseModel], str] = {
    FoundLocation: "found",
    MissingLocation: "missing",
    SectionOnlyLocation: "section-only",
    AmbiguousLocation: "ambiguous",
}


Probability = Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
"""A probability: a finite number from 0 to 1."""

# How far apart two probabilities may be and still count as equal: the model's own rounding.
_TOLERANCE = 1e-9


class Probabilities(Mapping[str, float]):
    """A read-only mapping of each relation to its probability; JSON writes it as an object."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, float]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: str) -> float:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return repr(self._items)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type[Any], handler: GetCoreSchemaHandler) -> CoreSchema:
        # Validated as a dict of floats, then frozen; written back as that dict.
        from_dict = core_schema.no_info_after_validator_function(cls, handler(dict[str, Probability]))
        return core_schema.json_or_python_schema(
            json_schema=from_dict,
            # Another answer's probabilities are taken too, as their dict (strict mode wants a dict).
            python_schema=core_schema.no_info_before_validator_function(_unfrozen, from_dict),
            serialization=core_schema.plain_serializer_function_ser_schema(dict, when_used="always"),
        )


def _unfrozen(value: object) -> object:
    return dict(value) if isinstance(value, Probabilities) else value


class JudgeAnswer(_Frozen):
    """The model's answer to the Choice question for one claim and section."""

    model_config = ConfigDict(extra="ignore")

    choice: Relation
    """The most probable relation (one of them, on a tie)."""
    probabilities: Probabilities
    """Probability of each relation, each from 0 to 1 (read-only)."""
    confidence: Probability
    """The model's confidence in `choice`, from 0 to 1 (its own figure, not `probabilities[choice]`)."""
    seconds: float
    """How long the call took when it was made."""
    input_tokens: int
    """Input tokens the call used."""
    output_tokens: int
    """Output tokens the call used."""

    @model_validator(mode="after")
    def _choice_is_most_probable(self) -> Self:
        # TypeSafe's choice is the relation with the highest probability. A choice the probabilities
        # rank below another would fold into a verdict the answer itself does not support. The
        # confidence is the model's own figure, not a probability (the recorded 0.56 beside 0.71),
        # so it is only held to 0..1.
        probabilities = self.probabilities._items  # the dict itself: the Mapping methods cost more than the check
        chosen = probabilities.get(self.choice)
        if chosen is None:
            return self
        above = {k: v for k, v in probabilities.items() if v > chosen + _TOLERANCE}
        if above:
            other = max(above, key=above.__getitem__)
            raise PydanticCustomError(
                "choice_not_most_probable",
                "choice {choice} (probability {chosen}) is less probable than {other} ({probability})",
                {"choice": self.choice, "chosen": chosen, "other": other, "probability": above[other]},
            )
        return self


class HumanDecision(_Frozen):
    """A person's verdict on a citation, which overrides the model's (see `citecheck review`)."""

    verdict: Verdict
    """The verdict the person gave; it is the result's `CitationResult.verdict`."""
    model_verdict: Verdict
    """The verdict the checker gave before the person decided, kept for calibration."""
    note: str = ""
    """The person's note, as they wrote it."""
    decided_at: str | None = None
    """When the decision was imported, as an ISO 8601 timestamp."""


RELATION_VERDICTS: dict[Relation, Verdict] = {
    "supports": Verdict.VERIFIED,
    "contradicts": Verdict.CONTRADICTED,
    "says_nothing": Verdict.UNSUPPORTED,
}
"""The verdict each answer of the judge gives, for a citation whose quote was found."""


def fold_table(location: Location, answer: JudgeAnswer | None) -> tuple[Verdict, bool]:
    """The fold table (docs, "Python API"): the checker's verdict, and whether it may stand.

    A verdict that may stand still needs the model's confidence to reach the auto-accept threshold.
    """
    if location.status == "missing":
        return Verdict.FABRICATED, True
    if answer is None:  # too short to place, or no answer to read: a person looks
        return Verdict.UNSUPPORTED, False
    return RELATION_VERDICTS[answer.choice], not location.flags


class DerivedFields(_Frozen):
    """A model whose `DERIVED` computed fields are written out and checked, not taken, on the way back in.

    A result read back from JSON carries its derived fields. They are let in as extras (a validator
    that rewrote the input would lose strict JSON's arrays-as-tuples), checked against the fields
    they are derived from, and dropped.
    """

    DERIVED: ClassVar[tuple[str, ...]] = ()

    model_config = ConfigDict(extra="allow", json_schema_extra={"additionalProperties": False})

    if TYPE_CHECKING:  # declared by each result, in the order its JSON lists them
        citation: Citation
        location: Location

    @computed_field  # type: ignore[prop-decorator]
    @property
    def id(self) -> str:
        """The citation's id."""
        return self.citation.id

    @computed_field  # type: ignore[prop-decorator]
    @property
    def status(self) -> LocateStatus:
        """Step 1's finding: found, missing, section-only or ambiguous."""
        return self.location.status

    @model_validator(mode="after")
    def _derived_fields_agree(self) -> Self:
        given = self.__pydantic_extra__ or {}
        for key, value in given.items():
            if key not in self.DERIVED:
                raise PydanticCustomError("extra_forbidden", "{key}: unknown field", {"key": key})
            if getattr(self, key) != value:
                raise PydanticCustomError(
                    "contradiction",
                    "{key}: {value!r} contradicts {derived!r}, derived from the evidence",
                    {"key": key, "value": value, "derived": getattr(self, key)},
                )
        given.clear()
        return self


# The validation context key under which `CitationResult.folded` passes the fold table's row it
# looked up: (location, answer, verdict, may stand).
_FOLDED = "citecheck.fold_table_row"
# The fields `CitationResult.folded` gives (`decision` is left at its default).
_FOLDED_FIELDS = frozenset(("answer", "verdict", "auto", "citation", "location"))


def _contradiction(message: str, **values: object) -> PydanticCustomError:
    return PydanticCustomError("contradiction", message, values)


class CitationResult(DerivedFields):
    """The verdict on one citation, with its evidence.

    `id`, `status`, `section` and `confidence` are read from `citation`, `location` and `answer`,
    so they cannot disagree with them; JSON output still carries them. `verdict`, `auto` and
    `answer` must fit the location as the fold table says (docs, "Python API"): a
    result that contradicts itself is refused.
    """

    DERIVED: ClassVar[tuple[str, ...]] = ("id", "status", "section", "confidence")

    answer: JudgeAnswer | None
    """The judge's answer; ``None`` when no model was asked."""
    verdict: Verdict
    """The verdict."""
    auto: bool
    """Whether the verdict stands on its own (``True``) or a person should review it."""
    citation: Citation
    """The citation as checked."""
    location: Location
    """Step 1's evidence: which section, where, the exact source text, how it matched."""
    decision: HumanDecision | None = None
    """A person's decision, when one was applied: `verdict` is then theirs, and `auto` is ``True``."""

    @classmethod
    def folded(
        cls, citation: Citation, location: Location, answer: JudgeAnswer | None, *, auto_accept: float
    ) -> CitationResult:
        """Fold step 1's location and step 2's answer into a result (see `citecheck.fold_verdict`).

        The fold table is looked up once: the validator checks the result against that same row
        rather than looking it up again.
        """
        if location.status not in ("found", "section-only"):
            answer = None  # nothing was read, so no answer belongs to it
        verdict, may_stand = fold_table(location, answer)
        auto = may_stand and (answer is None or answer.confidence >= auto_accept)
        if (
            cls is CitationResult
            and type(citation) is Citation
            and _LOCATION_STATUS.get(type(location)) == location.status
            and (answer is None or type(answer) is JudgeAnswer)
            and type(auto) is bool  # a threshold of another type (numpy's) makes it another type: refused
        ):
            # Validation would take each model as it is and find that the result fits the fold
            # table, as it does by construction: the result is built as validation builds it, in a
            # third of the time (a result per citation of a batch).
            values = {
                "answer": answer,
                "verdict": verdict,
                "auto": auto,
                "citation": citation,
                "location": location,
                "decision": None,
            }
            return _constructed(cls, values, _shared_fields_set(_FOLDED_FIELDS))
        fields = {"answer": answer, "verdict": verdict, "auto": auto, "citation": citation, "location": location}
        return cls.model_validate(fields, context={_FOLDED: (location, answer, verdict, may_stand)})

    def _fold(self, info: ValidationInfo) -> tuple[Verdict, bool]:
        # The row `folded` looked up, reused only for the very location and answer it was looked up
        # for (pydantic keeps a validated model instance as it is): anything else is folded here.
        row = info.context.get(_FOLDED) if isinstance(info.context, dict) else None
        if row is not None and row[0] is self.location and row[1] is self.answer:
            return row[2], row[3]
        return fold_table(self.location, self.answer)

    @model_validator(mode="after")
    def _fits_the_fold_table(self, info: ValidationInfo) -> Self:
        status = self.location.status
        read = status in ("found", "section-only")
        if self.answer is not None and not read:
            raise _contradiction("answer: status {status} has none, since no model is asked", status=status)
        model_verdict = self.model_verdict
        expected, auto = self._fold(info)
        if model_verdict != expected:
            why = f"the answer {self.answer.choice}" if self.answer is not None else f"status {status} with no answer"
            raise _contradiction(
                "verdict {verdict} contradicts {why}, which gives {expected}",
                verdict=model_verdict.value,
                why=why,
                expected=expected.value,
            )
        if self.decision is not None:
            if self.verdict != self.decision.verdict or not self.auto:
                raise _contradiction(
                    "a decided result has the person's verdict ({decided}) and stands (auto)",
                    decided=self.decision.verdict.value,
                )
            return self
        if self.auto and not auto:
            why = (
                f"flags ({', '.join(self.location.flags)})"
                if self.answer is not None
                else f"status {status} and no answer"
            )
            raise _contradiction("auto: a verdict cannot stand on its own with {why}", why=why)
        if status == "missing" and not self.auto:
            raise _contradiction("auto: a fabricated verdict (missing quote or section) stands on its own")
        return self

    @property
    def model_verdict(self) -> Verdict:
        """The checker's own verdict: `verdict`, or, once a person decided, the one they overrode."""
        return self.verdict if self.decision is None else self.decision.model_verdict

    @computed_field  # type: ignore[prop-decorator]
    @property
    def section(self) -> str | None:
        """The id of the section the judge read; ``None`` when no model was asked."""
        return self.location.section if self.answer is not None else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def confidence(self) -> float | None:
        """The model's confidence; ``None`` when no model was asked (there is none to report)."""
        return self.answer.confidence if self.answer is not None else None


class CitationFailure(_Frozen):
    """A citation in a batch that could not be checked, and why."""

    position: int
    """Its position in the batch, counting from 1 (``1`` is the first), as ``#N`` names a citation."""
    id: str
    """Its id, or ``#N`` when it had no usable id."""
    error: str
    """The error's class name, such as ``InvalidCitationError``."""
    message: str
    """The error's one-line message."""
    location: Location | None = None
    """Step 1's evidence when the citation was located before step 2 failed; ``None`` when it was not."""
