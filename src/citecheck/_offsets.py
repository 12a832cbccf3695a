"""One offset map from a derived text back to the text it was made from.

A parser's text (an RFC without its page breaks, an HTML page's words) maps back to the source
file, and the matcher's folded text maps back to the parser's text, with the same type and rule.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

__all__ = ["OffsetMap", "OriginsBuilder"]


class OffsetMap:
    """Where each character of a derived text came from in its original text.

    The map is a sorted list of anchors ``(derived offset, original offset)``: from each anchor on,
    the derived text was copied one for one from the original, up to the next anchor. No anchors
    at all means the two texts are the same.

    One clamping rule covers every map: a derived offset never maps past the last original
    character before the next anchor. It only matters where a piece of derived text is longer than
    what it came from (NFKC writes ``ﬁ`` as ``fi``): every extra character maps to the piece's last
    original character, so a span that ends inside the piece ends with it.

    Args:
        derived: The anchors' offsets in the derived text, sorted.
        original: The anchors' offsets in the original text, in the same order.

    Raises:
        ValueError: The two sequences differ in length.
    """

    __slots__ = ("derived", "original")

    def __init__(self, derived: Sequence[int] = (), original: Sequence[int] = ()) -> None:
        if len(derived) != len(original):
            raise ValueError(f"an offset map needs one original offset per anchor: {len(derived)} vs {len(original)}")
        # Compact arrays, not tuples of ints: a folded text has an anchor or two per line, and as
        # Python ints they would cost about twice the text itself.
        self.derived = array("i", derived)
        self.original = array("i", original)

    @classmethod
    def from_anchors(cls, anchors: Iterable[tuple[int, int]]) -> OffsetMap:
        """A map from ``(derived offset, original offset)`` pairs, sorted by derived offset."""
        pairs = tuple(anchors)
        return cls(tuple(d for d, _ in pairs), tuple(o for _, o in pairs))

    @classmethod
    def from_origins(cls, origins: Iterable[int]) -> OffsetMap:
        """The map of a text whose character ``i`` came from original offset ``origins[i]``.

        An anchor is set wherever the text stops being a one-for-one copy, and on a character
        whose successor does not move forward in the original (two line breaks an HTML parser
        writes for one tag), so the clamping rule keeps every character on its own origin.
        """
        builder = OriginsBuilder()
        for origin in origins:
            builder.add(origin)
        return builder.offset_map()

    @property
    def anchors(self) -> tuple[tuple[int, int], ...]:
        """The anchors as ``(derived offset, original offset)`` pairs."""
        return tuple(zip(self.derived, self.original, strict=True))

    def to_original(self, offset: int) -> int:
        """The original offset of the derived character at ``offset``."""
        anchor = bisect_right(self.derived, offset) - 1
        if anchor < 0:
            return offset
        mapped = self.original[anchor] + offset - self.derived[anchor]
        if anchor + 1 < len(self.original):
            mapped = min(mapped, max(self.original[anchor], self.original[anchor + 1] - 1))
        return mapped

    def span_to_original(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the derived span ``start:end``; an empty span stays empty."""
        first = self.to_original(start)
        if end <= start:
            return first, first
        return first, self.to_original(end - 1) + 1

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return zip(self.derived, self.original, strict=True)

    def __len__(self) -> int:
        return len(self.derived)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OffsetMap):
            return NotImplemented
        return (self.derived, self.original) == (other.derived, other.original)

    def __hash__(self) -> int:
        return hash((self.derived.tobytes(), self.original.tobytes()))

    def __repr__(self) -> str:
        return f"OffsetMap.from_anchors({self.anchors!r})"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type[Any], handler: GetCoreSchemaHandler) -> CoreSchema:
        # In a model (`Document.source_map`) it reads and writes as the list of anchor pairs.
        from_pairs = core_schema.no_info_after_validator_function(
            cls.from_anchors, handler(tuple[tuple[int, int], ...])
        )
        return core_schema.json_or_python_schema(
            json_schema=from_pairs,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_pairs]),
            serialization=core_schema.plain_serializer_function_ser_schema(lambda m: m.anchors),
        )


class OriginsBuilder:
    """Builds the `OffsetMap` of a text as it is written, a character or a run of characters at a time.

    The anchors are those `OffsetMap.from_origins` sets for the whole list of origins, without the
    list: one integer per character of a large document costs several times its text.
    """

    __slots__ = ("_last", "_last_anchored", "derived", "length", "original")

    def __init__(self) -> None:
        self.derived: array[int] = array("i")
        """The anchors' offsets in the text written so far."""
        self.original: array[int] = array("i")
        """The anchors' offsets in the original text."""
        self.length = 0
        """How many characters have been written."""
        self._last = 0  # the origin of the last character written
        self._last_anchored = False

    def add(self, origin: int, length: int = 1) -> None:
        """The next ``length`` characters were copied one for one from original offset ``origin`` on."""
        if length <= 0:
            return
        anchored = True
        if self.length:
            if origin <= self._last and not self._last_anchored:
                # The last character's successor does not move forward: it gets an anchor of its own.
                self.derived.append(self.length - 1)
                self.original.append(self._last)
            anchored = origin != self._last + 1
        if anchored:
            self.derived.append(self.length)
            self.original.append(origin)
        self._last_anchored = anchored and length == 1
        self._last = origin + length - 1
        self.length += length

    def offset_map(self) -> OffsetMap:
        """The map of the text written so far."""
        return OffsetMap(self.derived, self.original)
