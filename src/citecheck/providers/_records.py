"""An answer's claims and citations held as compact records, made into models when they are read.

A numbered answer cites in a few bytes (``[1]``), an OpenAI or Gemini span in a hundred. As models,
each citation is a `Citation`, a `LinkedCitation` and a share of a `Claim`, with an id string: about
1.6 KB, which made those responses peak at 13 to 53 times their JSON. Held here, a citation is three
integers and a reference to what it shares with other citations (its source, location, how it is
read), and a claim is its span and its text: a response peaks at under 10 times its JSON, and each
model is made, equal to the one made before, when a consumer reads it.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, cast, overload

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from citecheck._models import Citation

if TYPE_CHECKING:  # the models import this module (their fields hold records)
    from citecheck.providers._model import Claim, LinkedCitation, ProviderLocation

__all__ = ["OrRecords", "Place", "RecordTuple", "Records", "Shared", "from_records"]

T = TypeVar("T")

# What a citation has in common with others, in this order: quote, section, document, source,
# read, passages, why, mapped_by. One tuple per distinct combination, shared.
Shared = tuple[Any, ...]


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
    """

    __slots__ = (
        "by_old",
        "cited",
        "claim_end",
        "claim_start",
        "claim_text",
        "counts",
        "kept",
        "numbers",
        "places",
        "shared",
        "text",
    )

    def __init__(self) -> None:
        self.claim_start = array("q")
        self.claim_end = array("q")
        self.claim_text: list[str | None] = []
        """Each claim's text; ``None``: the answer's text of its span without markers, read when wanted."""
        self.text = ""
        """The answer (set by `close`)."""
        self.counts = array("q")
        """Citations made so far on each claim (old numbering)."""
        self.cited = array("q")
        """The old claim of each citation."""
        self.numbers = array("q")
        """Each citation's number within its claim, from 1."""
        self.shared: list[Shared] = []
        """What each citation shares with others, one reference per citation."""
        self.places: list[Place] = []
        """Each citation's location (shared when the adapter gives one for several)."""
        self.kept = array("q")
        self.by_old = array("q")

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
        self.claim_start.append(start)
        self.claim_end.append(end)
        self.claim_text.append(text)
        self.counts.append(0)
        return len(self.counts) - 1

    def next_id(self, old: int) -> str:
        """The id the claim's next citation gets."""
        return f"c{old + 1}.{self.counts[old] + 1}"

    def add_citation(self, old: int, shared: Shared, place: Place) -> None:
        """A citation of claim ``old`` (numbered next on it)."""
        self.counts[old] += 1
        self.cited.append(old)
        self.numbers.append(self.counts[old])
        self.shared.append(shared)
        self.places.append(place)

    def close(self, text: str) -> None:
        """Take the answer's ``text``; leave out the claims no citation backs (the answer's claims are the others)."""
        self.text = text
        self.kept = array("q", (old for old, count in enumerate(self.counts) if count))
        self.by_old = array("q", [-1]) * len(self.counts)
        for new, old in enumerate(self.kept):
            self.by_old[old] = new

    def text_of(self, old: int) -> str:
        """The text of claim ``old``, as checked."""
        from citecheck.providers._builder import marker_free  # the builder imports this module

        kept = self.claim_text[old]
        return kept if kept is not None else marker_free(self.text[self.claim_start[old] : self.claim_end[old]])

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
        quote, section, document, source, read, passages, why, mapped_by = self.shared[position]
        citation = Citation.model_construct(
            set(_CITATION_FIELDS),
            id=f"c{old + 1}.{self.numbers[position]}",
            claim=self.text_of(old),
            quote=quote,
            section=section,
            document=document,
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
            source=source,
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


def from_records(records: Records) -> tuple[tuple[Claim, ...], tuple[LinkedCitation, ...]]:
    """The claims and the citations of closed ``records``, as the tuples they stand for."""
    # Typed as the fields are: a `RecordTuple` reads as the tuple does (it is not one to isinstance).
    claims = cast("tuple[Claim, ...]", RecordTuple(records, "claim", len(records.kept)))
    citations = cast("tuple[LinkedCitation, ...]", RecordTuple(records, "citation", len(records.cited)))
    return claims, citations


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
