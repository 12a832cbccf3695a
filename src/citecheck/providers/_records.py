"""An answer's claims and citations held as compact records, made into models when they are read.

A numbered answer cites in a few bytes (``[1]``), an OpenAI or Gemini span in a hundred. As models,
each citation is a `Citation`, a `LinkedCitation` and a share of a `Claim`, with an id string: about
1.6 KB, which made those responses peak at 13 to 53 times their JSON. Held here, a citation is three
integers and a reference to what it shares with other citations (its source, location, how it is
read), and a claim is its span and its text: a response peaks at under 10 times its JSON, and each
model is made, equal to the one made before, when a consumer reads it.

The documents an answer makes (a chunk it returned, passages picked for the judge) are held the
same way, as their section and text: as a `Document` each, thousands of distinct chunks cited once
each (a numbered answer's ``[1]`` to ``[8000]``) peaked at 29 times their JSON.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, cast, overload

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from citecheck._models import Citation, Document
from citecheck.providers._markers import marker_free

if TYPE_CHECKING:  # the models import this module (their fields hold records)
    from citecheck.providers._model import Claim, LinkedCitation, ProviderLocation

__all__ = ["Label", "OrRecords", "Place", "RecordTuple", "Records", "Shared", "from_records", "records_of"]

T = TypeVar("T")

# What a citation has in common with others, in this order: quote, section, document, source,
# read, passages, why, mapped_by. One tuple per distinct combination, shared. ``document`` is
# ``None`` for a citation of a document of the answer's own (`Records.doc_of`); ``source`` is a
# string, or a `Label` that makes it from the citation's place.
Shared = tuple[Any, ...]

Label = Callable[["Place"], str]
"""Makes a citation's `LinkedCitation.source` from its `Place` when it is read (a numbered chunk's
``[n]`` or title: a string and a shared tuple per chunk otherwise)."""


class Place(NamedTuple):
    """A provider location, made into a `ProviderLocation` when its citation is read.

    A location model per citation (a model, its dict, and for Gemini a dict of the provider's
    objects) was most of what a short citation cost once the rest was records.
    """

    kind: str
    """The `ProviderLocation.kind`."""
    raw: Any
    """The provider's object (a dict), or, with ``keys``, the values of the object to make."""
    keys: tuple[str, ...] | None
    """The keys of the provider's object made from ``raw``; ``None`` when ``raw`` is the object."""
    names: tuple[str, ...]
    """The location fields given (``document_index``, ``start``, ``end``)."""
    values: tuple[int | None, ...]
    """Their values."""

    def made(self) -> ProviderLocation:
        """The location, with the fields set that the adapter gave."""
        from citecheck.providers._model import ProviderLocation

        raw = self.raw if self.keys is None else dict(zip(self.keys, self.raw, strict=True))
        given: dict[str, Any] = {"kind": self.kind, "raw": raw, **dict(zip(self.names, self.values, strict=True))}
        return ProviderLocation.model_construct(**given)


# The fields each model is given, as the validated construction gave them (`exclude_unset` reads them).
_CITATION_FIELDS = frozenset({"id", "claim", "quote", "section", "document"})
_LINK_FIELDS = frozenset({"citation", "claim", "source", "location", "read"})
_CLAIM_FIELDS = frozenset({"start", "end", "text", "citations"})


class Records:
    """The claims and citations of one answer, as arrays of integers and shared tuples.

    Claims are numbered as they were made (``old``); those no citation backs are left out of the
    answer, and ``kept`` maps the answer's claim positions to them. A citation's id is
    ``c{old + 1}.{number}``, as the builder named it.

    Offsets are 64-bit; counts and claim numbers 32-bit (two billion claims would not fit in memory
    anyway): a citation of a few bytes (``C1 [1].``) is mostly these arrays.
    """

    __slots__ = (
        "by_old",
        "cited",
        "claim_end",
        "claim_start",
        "claim_text",
        "counts",
        "doc_names",
        "doc_of",
        "doc_sections",
        "doc_texts",
        "kept",
        "last_text",
        "numbers",
        "places",
        "prefix",
        "shared",
        "text",
    )

    def __init__(self, prefix: str = "") -> None:
        """Records of an answer whose chunk documents are named ``{prefix} chunk {n}``."""
        self.prefix = prefix
        self.claim_start = array("q")
        self.claim_end = array("q")
        self.claim_text: dict[int, str] = {}
        """The claims whose text is kept; any other's is its span of the answer without markers, read when wanted."""
        self.last_text: tuple[int, str] = (-1, "")
        """The claim whose text was read last, and that text: a claim's citations come together."""
        self.text = ""
        """The answer (set by `close`)."""
        self.counts = array("i")
        """Citations made so far on each claim (old numbering)."""
        self.cited = array("i")
        """The old claim of each citation."""
        self.numbers = array("i")
        """Each citation's number within its claim, from 1."""
        self.shared: list[Shared] = []
        """What each citation shares with others, one reference per citation."""
        self.places: list[Place] = []
        """Each citation's location (shared when the adapter gives one for several)."""
        self.doc_of = array("i")
        """The answer's document each citation cites when `Shared` names none, else -1."""
        self.doc_sections: list[str] = []
        """The answer's documents (`ProviderAnswer.chunks`): each one's single section's id,"""
        self.doc_texts: list[str] = []
        """its text,"""
        self.doc_names: list[str | None] = []
        """and its name, ``None`` for ``{prefix} chunk {n}`` (made when it is read)."""
        self.kept = array("i")
        self.by_old = array("i")

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(self.__slots__, state, strict=True):
            setattr(self, name, value)

    def last_span(self) -> tuple[int, int]:
        """The span of the last claim made."""
        return self.claim_start[-1], self.claim_end[-1]

    def add_claim(self, start: int, end: int, text: str | None) -> int:
        """A claim over ``start:end`` with its text (``None``: read from the answer); returns its (old) index."""
        old = len(self.counts)
        self.claim_start.append(start)
        self.claim_end.append(end)
        if text is not None:
            self.claim_text[old] = text
        self.counts.append(0)
        return old

    def next_id(self, old: int) -> str:
        """The id the claim's next citation gets."""
        return f"c{old + 1}.{self.counts[old] + 1}"

    def add_citation(self, old: int, shared: Shared, place: Place, doc: int = -1) -> None:
        """A citation of claim ``old`` (numbered next on it); ``doc``: the answer's document it cites, if any."""
        self.counts[old] += 1
        self.cited.append(old)
        self.numbers.append(self.counts[old])
        self.shared.append(shared)
        self.places.append(place)
        self.doc_of.append(doc)

    def add_document(self, section: str, text: str, name: str | None = None) -> int:
        """A document of the answer's own, of one section; returns its index in `ProviderAnswer.chunks`."""
        self.doc_sections.append(section)
        self.doc_texts.append(text)
        self.doc_names.append(name)
        return len(self.doc_texts) - 1

    def doc_name(self, index: int) -> str:
        """The name of the answer's document ``index``."""
        name = self.doc_names[index]
        return f"{self.prefix} chunk {index + 1}" if name is None else name

    def close(self, text: str) -> None:
        """Take the answer's ``text``; leave out the claims no citation backs (the answer's claims are the others)."""
        self.text = text
        self.last_text = (-1, "")
        self.kept = array("i", (old for old, count in enumerate(self.counts) if count))
        self.by_old = array("i", [-1]) * len(self.counts)
        for new, old in enumerate(self.kept):
            self.by_old[old] = new

    def text_of(self, old: int, answer: Callable[[], str] | None = None) -> str:
        """The text of claim ``old``, as checked: kept, or read from ``answer()`` (by default, the closed answer's)."""
        kept = self.claim_text.get(old)
        if kept is not None:
            return kept
        last, text = self.last_text
        if last != old:
            whole = self.text if answer is None else answer()
            text = marker_free(whole[self.claim_start[old] : self.claim_end[old]])
            self.last_text = (old, text)
        return text

    def citation_id(self, position: int) -> str:
        """The `Citation.id` of the citation at ``position``."""
        return f"c{self.cited[position] + 1}.{self.numbers[position]}"

    def source_of(self, position: int) -> str:
        """The `LinkedCitation.source` of the citation at ``position``."""
        source = self.shared[position][3]
        return source if isinstance(source, str) else source(self.places[position])

    def document_of(self, position: int) -> str:
        """The `Citation.document` of the citation at ``position``."""
        doc = self.doc_of[position]
        document: str = self.shared[position][2] if doc < 0 else self.doc_name(doc)
        return document

    def chunk(self, index: int) -> Document:
        """The answer's document ``index``, as a `Document`."""
        return Document.from_sections({self.doc_sections[index]: self.doc_texts[index]}, name=self.doc_name(index))

    def claim(self, position: int) -> Claim:
        """The answer's claim at ``position``, as a `Claim`."""
        from citecheck.providers._model import Claim

        old = self.kept[position]
        ids = tuple(f"c{old + 1}.{number}" for number in range(1, self.counts[old] + 1))
        values = {"start": self.claim_start[old], "end": self.claim_end[old], "text": self.text_of(old)}
        return Claim.model_construct(set(_CLAIM_FIELDS), **values, citations=ids)

    def citation(self, position: int) -> LinkedCitation:
        """The answer's citation at ``position``, as a `LinkedCitation`."""
        from citecheck.providers._model import LinkedCitation

        old = self.cited[position]
        quote, section, _, _, read, passages, why, mapped_by = self.shared[position]
        citation = Citation.model_construct(
            set(_CITATION_FIELDS),
            id=self.citation_id(position),
            claim=self.text_of(old),
            quote=quote,
            section=section,
            document=self.document_of(position),
        )
        given = set(_LINK_FIELDS)
        extra: dict[str, Any] = {}
        # The optional fields the builder gave (its reads by passages give all three, with mapped_by).
        if read == "passages":
            extra = {"passages": passages, "why": why, "mapped_by": mapped_by}
        elif read == "quote":
            extra = {"mapped_by": mapped_by}
        given.update(extra)
        return LinkedCitation.model_construct(
            given,
            citation=citation,
            claim=self.by_old[old],
            source=self.source_of(position),
            location=self.places[position].made(),
            read=read,
            **extra,
        )


class RecordTuple(Sequence[T], Generic[T]):
    """A tuple of models made from `Records` as its items are read: it compares, hashes and adds as a tuple.

    Each read makes the model again (equal, not the same object); ``len`` makes none.
    """

    __slots__ = ("_length", "_make", "_records")

    def __init__(self, records: Records, make: str, length: int) -> None:
        self._records = records
        self._make = make
        self._length = length

    def __reduce__(self) -> tuple[Callable[..., RecordTuple[T]], tuple[Records, str, int]]:
        return (RecordTuple, (self._records, self._make, self._length))

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("tuple index out of range")
        item: T = getattr(self._records, self._make)(index)
        return item

    def __iter__(self) -> Iterator[T]:
        make = getattr(self._records, self._make)
        return (make(i) for i in range(self._length))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple | RecordTuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __add__(self, other: object) -> tuple[Any, ...]:
        if isinstance(other, tuple | RecordTuple):
            return (*self, *other)
        return NotImplemented

    def __radd__(self, other: object) -> tuple[Any, ...]:
        if isinstance(other, tuple):
            return (*other, *self)
        return NotImplemented


def from_records(
    records: Records,
) -> tuple[tuple[Claim, ...], tuple[LinkedCitation, ...], tuple[Document, ...]]:
    """The claims, the citations and the documents of closed ``records``, as the tuples they stand for."""
    # Typed as the fields are: a `RecordTuple` reads as the tuple does (it is not one to isinstance).
    claims = cast("tuple[Claim, ...]", RecordTuple(records, "claim", len(records.kept)))
    citations = cast("tuple[LinkedCitation, ...]", RecordTuple(records, "citation", len(records.cited)))
    documents = cast("tuple[Document, ...]", RecordTuple(records, "chunk", len(records.doc_texts)))
    return claims, citations, documents


def records_of(items: Sequence[Any]) -> Records | None:
    """The records ``items`` (a field of an answer) are made from; ``None`` for a plain tuple (a plugin's)."""
    return items._records if isinstance(items, RecordTuple) else None


def _as_tuple(value: Any, serialize: core_schema.SerializerFunctionWrapHandler) -> Any:
    return serialize(tuple(value) if isinstance(value, RecordTuple) else value)


@dataclass(frozen=True)
class OrRecords:
    """Marks a tuple field that also holds a `RecordTuple`: kept as it is, serialized as the tuple it stands for."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        as_tuple = handler(source)
        held = core_schema.union_schema([core_schema.is_instance_schema(RecordTuple), as_tuple])
        return core_schema.json_or_python_schema(
            json_schema=as_tuple,
            python_schema=held,
            serialization=core_schema.wrap_serializer_function_ser_schema(_as_tuple, schema=as_tuple),
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(schema)
