"""The RFC loader's fast path (`citecheck.parsers._rfc_scan`) against its line loop, on the same inputs.

The parser takes the fast path when ``\\n`` and form feeds are a text's only line ends. Each test
here runs both paths, and the plain per-character loader of ``test_rfc.py`` as a third opinion,
and asserts the same loaded text, origin of every character, page breaks and sections.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citecheck import Document
from citecheck.parsers import RFCParser, _rfc, _rfc_scan
from tests.parsers.test_rfc import _per_character_load

# Fixed examples (derandomize), nothing written next to the tests; a few seconds of CPU time.
GENERATED = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=300,
    suppress_health_check=[HealthCheck.too_slow],
)

_FOOTER = "Doe                          Standards Track                    [Page {}]"
_HEADER = "RFC 9999                      A Title                        May 2026"
# The lines of an RFC and the lines that look like them but are not.
_LINES = [
    "",
    "",
    "",
    "   Indented body text, the bulk of an RFC.",
    "   ",
    "\t",
    "\xa0\xa0",  # blank too: str.strip removes no-break spaces
    "Unindented text",
    "1.  Introduction",
    "2.1.  A Numbered Part",
    "     wrapped onto a second line",
    "Appendix A.  Extra",
    "A.1.  Part of It",
    "Abstract",
    "Table of Contents",
    "Authors' Addresses",
    _FOOTER.format(1),
    _FOOTER.format(2),
    _FOOTER.format(2) + "   ",
    "x [Page 1] [Page 22]",  # a footer: the line ends in [Page N]
    "   Indented [Page 3]",  # not one: a footer starts at the margin
    "[Page 4]",  # not one: nothing before the mark
    "see [Page 5] here",
    _HEADER,
    "   " + _HEADER,  # a header only when it opens two pages
    "Internet-Draft         Some Draft          June 2020",
    "A Running Title",  # a header when it opens two pages
    "\f" + _HEADER,
    "   see " + _HEADER + " again",  # a header's text inside a longer line stays
    "x",  # a header too when it opens two pages: a short one is inside many other lines
    "   x marks the spot",
    "   na\u00efve caf\u00e9 \u3000text",
]
_FAST_ENDS = ["\n", "\n", "\n", "\n", "\n\f\n", "\n\f", "\f", "\n\n\n\n", ""]
_OTHER_ENDS = ["\r\n", "\r", "\v", "\x1c", "\x85", "\u2028"]


def _text(lines: list[str], ends: list[str]) -> str:
    return "".join(line + end for line, end in zip(lines, ends, strict=False))


def _rfc_like(ends: list[str]) -> st.SearchStrategy[str]:
    size = st.integers(min_value=1, max_value=80)
    return size.flatmap(
        lambda n: st.builds(
            _text,
            st.lists(st.sampled_from(_LINES), min_size=n, max_size=n),
            st.lists(st.sampled_from(ends), min_size=n, max_size=n),
        )
    )


@contextmanager
def _line_loop() -> Iterator[None]:
    """Every text takes the line loop, as one with ``\\r\\n`` line ends does."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rfc_scan, "scannable", lambda text: False)
        yield


def _assert_same_document(fast: Document, loop: Document) -> None:
    assert fast.text == loop.text
    assert fast.source == loop.source
    assert (fast.source_map.derived, fast.source_map.original) == (loop.source_map.derived, loop.source_map.original)
    assert [(s.id, s.title, s.kind, s.start, s.end, s.text) for s in fast.sections] == [
        (s.id, s.title, s.kind, s.start, s.end, s.text) for s in loop.sections
    ]
    assert fast == loop


def _assert_both_paths_agree(raw: str) -> None:
    assert _rfc_scan.scannable(raw)
    fast, fast_breaks = _rfc._copy_by_scan(raw, join=True)
    loop, loop_breaks = _rfc._copy_by_line(raw)
    assert fast.text() == loop.text()
    assert (fast.origins.derived, fast.origins.original, fast.origins.length) == (
        loop.origins.derived,
        loop.origins.original,
        loop.origins.length,
    )
    assert fast_breaks == loop_breaks
    assert _rfc.running_lines(raw) == _rfc._running_lines_by_line(raw)
    text, source_map = _per_character_load(raw)
    assert fast.text() == text
    assert fast.origins.offset_map() == source_map
    if raw.strip():
        for join in (False, True):
            parsed = RFCParser(join_page_breaks=join).parse(raw)
            with _line_loop():
                _assert_same_document(parsed, RFCParser(join_page_breaks=join).parse(raw))


@GENERATED
@given(_rfc_like(_FAST_ENDS))
def test_generated_rfc_text_loads_the_same_on_both_paths(raw: str) -> None:
    _assert_both_paths_agree(raw)


@settings(GENERATED, max_examples=100)
@given(_rfc_like(_FAST_ENDS))
def test_headers_found_in_one_pass_over_every_line_are_the_same(raw: str) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rfc_scan, "FIND_HEADERS", 0)  # never a str.find pass per header
        _assert_both_paths_agree(raw)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rfc_scan, "FIND_BUDGET", -1.0)  # the first hit inside a longer line ends the find passes
        _assert_both_paths_agree(raw)


def test_a_short_header_inside_many_lines_is_found_in_one_pass() -> None:
    page = "   x marks the spot\n" * 100 + "\n" + _FOOTER.format(1) + "\n\fx\n\n"
    raw = "1.  A\n\n" + page * 30 + "   end\n"
    footers = _rfc_scan.footer_spans(raw)
    assert _rfc_scan.header_lines(raw, footers, _rfc._HEADER) == {"x"}
    assert _rfc_scan._found_lines(raw, "x", int(len(raw) * _rfc_scan.FIND_BUDGET) + len(footers)) is None
    _assert_both_paths_agree(raw)
    assert "\nx\n" not in _rfc.load_rfc(raw)


@settings(GENERATED, max_examples=100)
@given(_rfc_like(_FAST_ENDS + _OTHER_ENDS))
def test_text_with_other_line_ends_takes_the_line_loop(raw: str) -> None:
    text, source_map = _per_character_load(raw)
    assert _rfc.load_rfc(raw) == text
    if any(end in raw for end in "\r\v\x1c\x85\u2028"):
        assert not _rfc_scan.scannable(raw)
    else:
        _assert_both_paths_agree(raw)
    if raw.strip():
        document = RFCParser().parse(raw)
        if document.source is not None:
            assert document.source_map == source_map


_FOOT = _FOOTER.format(7)


@pytest.mark.parametrize(
    "raw",
    [
        "1.  A\n",
        "1.  A",
        "\n\n\n\n1.  A\n   b",
        "\f\f1.  A\n",
        "1.  A\n\n\n\n",
        "1.  A\n\f",
        "1.  A\f\f\f",
        f"{_FOOT}\n",
        f"{_FOOT}\n{_HEADER}\n",
        f"{_FOOT}\n\f{_HEADER}\n\n1.  A\n",
        f"1.  A\n{_FOOT}",
        f"1.  A\n   b\n{_FOOT}\n\f",
        f"1.  A\n   b\n\n\n{_FOOT}\n\f\n{_HEADER}\n\n\n   c\n",
        f"1.  A\n   b\n\n{_FOOT}\f{_HEADER}\n   c",
        f"1.  A\n   b\n{_FOOT}\n   \n{_HEADER}\n \n   c\n",  # blank lines of spaces around the page lines
        f"{_HEADER}\n1.  A\n{_FOOT}\n{_HEADER}\n   b\n{_HEADER}\n",  # a header wherever it is
        f"1.  A\n{_FOOT}\n{_FOOT}\n\n{_HEADER}\n   b\n",  # a footer right after a footer
        f"1.  A\n{_FOOT}\n\f   x {_HEADER}\n   b\n",
    ],
)
def test_edge_cases_load_the_same_on_both_paths(raw: str) -> None:
    _assert_both_paths_agree(raw)


def _fixture_rfcs(fixtures_dir: Path) -> list[Path]:
    paths = [*sorted((fixtures_dir / "rfc").glob("*.txt")), fixtures_dir / "citation_check" / "rfc7519.txt"]
    assert len(paths) >= 3, paths
    return paths


@pytest.mark.parametrize("variant", ["as published", "no form feeds", "form feed on the header line", "unpaginated"])
def test_every_fixture_rfc_parses_the_same_on_both_paths(fixtures_dir: Path, variant: str) -> None:
    for path in _fixture_rfcs(fixtures_dir):
        raw = path.read_text(encoding="utf-8")
        if variant == "no form feeds":
            raw = raw.replace("\f", "")
        elif variant == "form feed on the header line":
            raw = raw.replace("\n\f\n", "\n\f")
        elif variant == "unpaginated":
            raw = "\n".join(line for line in raw.replace("\f", "").split("\n") if "[Page " not in line)
        _assert_both_paths_agree(raw)


def test_fixture_rfc_offsets_map_back_the_same_everywhere(fixtures_dir: Path) -> None:
    raw = (fixtures_dir / "citation_check" / "rfc7519.txt").read_text(encoding="utf-8")
    fast = RFCParser().parse(raw)
    with _line_loop():
        loop = RFCParser().parse(raw)
    assert [fast.to_source(offset) for offset in range(len(fast.text))] == [
        loop.to_source(offset) for offset in range(len(loop.text))
    ]


@pytest.mark.parametrize(
    ("raw", "scannable"),
    [
        ("a\nb\fc", True),
        ("a\r\nb", False),
        ("a\rb", False),
        ("a\vb", False),
        ("a\x1cb", False),
        ("a\x1db", False),
        ("a\x1eb", False),
        ("a\x85b", False),
        ("a\u2028b", False),
        ("a\u2029b", False),
        ("a\tb\xa0c\u3000d", True),  # whitespace, but no line end
    ],
)
def test_fast_path_only_where_newlines_and_form_feeds_are_the_line_ends(raw: str, scannable: bool) -> None:
    assert _rfc_scan.scannable(raw) is scannable
    assert (raw.splitlines() == raw.replace("\f", "\n").split("\n")) is scannable
