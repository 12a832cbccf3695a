"""The one offset map, used by parsers (`Document.source_map`) and by the matcher's folding."""

import json

import pytest

from citecheck import Document
from citecheck._offsets import OffsetMap
from citecheck.matcher._normalize import fold
from citecheck.parsers import HTMLDocumentParser, RFCParser

# (what the map stands for, anchors, derived offset or span, expected original offset or span)
TABLE = [
    ("identity: no anchors", [], 7, 7),
    ("identity: empty span", [], (3, 3), (3, 3)),
    ("copied one for one", [(0, 0)], 5, 5),
    ("before the first anchor", [(2, 10)], 1, 1),
    ("from the first anchor on", [(0, 162)], 3, 165),
    ("past the last anchor", [(0, 0), (5, 12)], 9, 16),
    ("a page break skipped", [(0, 0), (5, 12)], 4, 4),
    ("after a page break", [(0, 0), (5, 12)], 5, 12),
    ("span across a page break", [(0, 0), (5, 12)], (3, 7), (3, 14)),
    ("whitespace run folded to one space", [(0, 0), (1, 1), (2, 4)], 2, 4),
    ("span over a folded run", [(0, 0), (1, 1), (2, 4)], (0, 3), (0, 5)),
    ("expansion: first char of 'fi' from a ligature", [(0, 0), (1, 1), (3, 2)], 1, 1),
    ("expansion: extra char clamps to the ligature", [(0, 0), (1, 1), (3, 2)], 2, 1),
    ("span ending inside an expansion ends with it", [(0, 0), (1, 1), (3, 2)], (1, 3), (1, 2)),
    ("a dropped character (soft hyphen)", [(0, 0), (1, 1), (1, 2)], 1, 2),
    ("two breaks written for one tag", [(0, 0), (2, 2), (3, 2), (4, 9)], 2, 2),
    ("the second of them", [(0, 0), (2, 2), (3, 2), (4, 9)], 3, 2),
    ("an empty span stays empty", [(0, 0), (5, 12)], (6, 6), (13, 13)),
    ("an empty span before a page break", [(0, 0), (5, 12)], (5, 4), (12, 12)),
]


@pytest.mark.parametrize(("anchors", "given", "expected"), [row[1:] for row in TABLE], ids=[row[0] for row in TABLE])
def test_offset_map(anchors: list[tuple[int, int]], given: int | tuple[int, int], expected: object) -> None:
    offsets = OffsetMap.from_anchors(anchors)
    if isinstance(given, int):
        assert offsets.to_original(given) == expected
    else:
        assert offsets.span_to_original(*given) == expected


@pytest.mark.parametrize(
    "origins",
    [
        [0, 1, 2, 3],
        [5, 6, 7, 20, 21, 22],
        [0, 1, 2, 2, 2, 3],  # several characters from one (breaks written for a tag)
        [10, 11, 12, 4, 5, 6],  # back in the original
        [0, 1, 9, 9, 2, 3],
        [3],
    ],
)
def test_from_origins_maps_every_character_to_its_own_origin(origins: list[int]) -> None:
    offsets = OffsetMap.from_origins(origins)
    assert [offsets.to_original(i) for i in range(len(origins))] == origins


def test_anchors_must_pair_up() -> None:
    with pytest.raises(ValueError, match="one original offset per anchor"):
        OffsetMap((0, 4), (0,))


def test_parsers_and_folding_share_the_map() -> None:
    rfc = RFCParser().parse("1.  Intro\n\n   Text.\n\nDoe      Standards Track     [Page 1]\n\f\n   More.\n")
    html = HTMLDocumentParser().parse("<h1>Title</h1><p>Words.</p>")
    assert isinstance(rfc.source_map, OffsetMap) and len(rfc.source_map) > 1
    assert isinstance(html.source_map, OffsetMap)
    assert isinstance(fold("a  b").offsets, OffsetMap)


def test_document_writes_and_reads_its_map_as_anchor_pairs() -> None:
    html = HTMLDocumentParser().parse("<h1>Title</h1>\n<p>Some words.</p>")
    written = json.loads(html.model_dump_json())
    assert written["source_map"] == [list(pair) for pair in html.source_map]
    assert Document.model_validate_json(html.model_dump_json()) == html
    assert Document.model_validate({**html.model_dump(), "source_map": ((0, 4),)}).to_source(2) == 6
