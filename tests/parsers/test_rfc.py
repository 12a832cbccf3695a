import hashlib
import json
import random
import re
from pathlib import Path

import pytest

from citecheck import Document
from citecheck._offsets import OffsetMap
from citecheck.errors import EmptyDocumentError
from citecheck.matcher import find_quote
from citecheck.parsers import RFCParser, TextParser
from citecheck.parsers._rfc import load_rfc, page_breaks, running_lines, split_rfc_sections
from tests.memory import peak_and_retained

DATA = Path(__file__).parents[1] / "data"
OWN = DATA / "rfc_references_sample.txt"


def _raw(fixtures_dir: Path, name: str) -> str:
    folder = "citation_check" if name == "rfc7519.txt" else "rfc"
    return (fixtures_dir / folder / name).read_text()


def _toc_numbers(raw: str) -> list[str]:
    """The section numbers listed in the raw file's own Table of Contents, in order."""
    start = raw.index("\nTable of Contents\n")
    end = re.search(r"(?m)^1\.  Introduction$", raw[start:])
    assert end is not None
    return re.findall(r"(?m)^\s+(\d+(?:\.\d+)*)\.\s+\S", raw[start : start + end.start()])


def _assert_maps_back(document: Document, raw: str) -> None:
    assert document.source == raw
    for section in document.sections:
        assert raw[document.to_source(section.start)] == section.text[0], section.id
        for offset in range(0, len(section.text), 37):
            assert raw[document.to_source(section.start + offset)] == section.text[offset], (section.id, offset)
    for offset in page_breaks(document):
        for near in range(offset, min(offset + 40, len(document.text))):
            assert raw[document.to_source(near)] == document.text[near]


# --- our own RFC-layout fixture: runs anywhere ---------------------------------------------------


@pytest.fixture
def own_raw() -> str:
    return OWN.read_text()


@pytest.fixture
def own(own_raw: str) -> Document:
    return RFCParser().parse(own_raw)


def test_own_fixture_sections_of_every_kind(own: Document) -> None:
    assert [(s.id, s.kind) for s in own.sections] == [
        ("abstract", "front"),
        ("status-of-this-memo", "front"),
        ("copyright-notice", "front"),
        *[
            (number, "numbered")
            for number in (
                "1",
                "2",
                "3",
                "3.1",
                "4",
                "4.1",
                "4.1.1",
                "4.1.2",
                "4.1.3",
                "4.1.4",
                "4.1.5",
                "4.1.6",
                "4.1.7",
                "4.2",
                "5",
            )
        ],
        ("A", "appendix"),
        ("A.1", "appendix"),
        ("B", "appendix"),
        ("acknowledgements", "back"),
        ("authors-address", "back"),
    ]
    assert own.section("4.1.3") is not None
    assert own.section("4.1.3").title == '"aud" (Audience) Claim'  # type: ignore[union-attr]
    assert own.section("A.1").title == "Example Signed Token"  # type: ignore[union-attr]
    assert own.section("authors-address").title == "Author's Address"  # type: ignore[union-attr]


def test_table_of_contents_is_not_a_section_but_ends_the_one_before(own: Document) -> None:
    copyright_notice = own.section("copyright-notice")
    assert copyright_notice is not None
    assert copyright_notice.text.endswith("the document authors.")
    assert all("Table of Contents" not in s.text for s in own.sections)


def test_an_appendix_heading_ends_the_numbered_section_before_it(own: Document) -> None:
    last = own.numbered_sections[-1]
    assert last.id == "5"
    assert last.text.endswith("no protection at all.")
    assert own.section("B").text.endswith("First version.")  # type: ignore[union-attr]


def test_running_lines_are_found_whatever_the_names(own_raw: str, own: Document) -> None:
    lines = running_lines(own_raw)
    assert {line for line in lines if "[Page" in line} == {
        line for line in own_raw.splitlines() if line.endswith(("[Page 1]", "[Page 2]", "[Page 3]", "[Page 4]"))
    }
    assert "RFC 9998                 Sample Token Format (STF)            March 2030" in lines
    assert "Writer & Editor" not in own.text
    assert "March 2030\n" in own.text  # the first page's own header block stays
    assert own.text.count("March 2030") == 1


def test_page_breaks_with_and_without_form_feeds(own_raw: str, own: Document) -> None:
    # Page 3 of the fixture ends without a form feed: the break is found all the same.
    assert own_raw.count("\f") == 2
    breaks = page_breaks(own)
    assert len(breaks) == 3
    assert [own.text[offset : offset + 12] for offset in breaks] == ["1.  Introduc", "SHOULD state", "accepted.  R"]


def test_own_fixture_maps_back_to_the_source(own_raw: str, own: Document) -> None:
    _assert_maps_back(own, own_raw)


@pytest.mark.parametrize(
    ("quote", "section"),
    [
        ("applications that rely on a registered claim SHOULD state which ones they require", "4.1"),
        ("the token MUST NOT be accepted.  Readers MAY allow a few seconds of leeway.", "4.1.4"),
    ],
)
def test_quote_across_a_page_break_is_found(own: Document, quote: str, section: str) -> None:
    assert find_quote(own, quote) == section


def test_join_page_breaks_joins_split_paragraphs_only(own_raw: str, own: Document) -> None:
    joined = RFCParser(join_page_breaks=True).parse(own_raw)
    assert "registered claim\n   SHOULD state" in joined.section("4.1").text  # type: ignore[union-attr]
    assert "MUST NOT be\n   accepted." in joined.section("4.1.4").text  # type: ignore[union-attr]
    changed = [s.id for s in joined.sections if s.text != own.section(s.id).text]  # type: ignore[union-attr]
    assert changed == ["4.1", "4.1.4"]
    _assert_maps_back(joined, own_raw)
    assert find_quote(joined, "registered claim SHOULD state") == "4.1"


def test_load_and_split_are_the_parser_in_two_steps(own_raw: str, own: Document) -> None:
    assert load_rfc(own_raw) == own.text
    assert split_rfc_sections(own.text) == own.sections


def _per_character_load(raw: str) -> tuple[str, OffsetMap]:
    """The loader written the plain way, one character and its origin at a time: the reference."""
    running = running_lines(raw)
    chars: list[str] = []
    origins: list[int] = []
    position, previous_end = 0, -1
    for line_with_end in raw.splitlines(keepends=True):
        body = line_with_end.splitlines()[0]
        line = body.lstrip("\f")
        if line not in running:
            if previous_end >= 0:
                chars.append("\n")
                origins.append(previous_end)
            chars.extend(line)
            origins.extend(range(position + len(body) - len(line), position + len(body)))
            previous_end = position + len(body)
        position += len(line_with_end)
    text, kept = "".join(chars), list(origins)
    for run in reversed(list(re.finditer(r"\n{3,}", text))):  # a blank-line run keeps its first two breaks
        del kept[run.start() + 2 : run.end()]
        text = text[: run.start() + 2] + text[run.end() :]
    return text, OffsetMap.from_origins(kept)


_FOOTER_LINE = "Doe                          Standards Track                    [Page 1]"
_HEADER_LINE = "RFC 9999                      A Title                        May 2026"
_LINE_KINDS = ["", "   text", "1.  Title", "\f", _FOOTER_LINE, _HEADER_LINE, "x\ry", "a\r\nb", "\v", "\x1c", "\u2028"]


def _random_rfc(seed: int) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(_LINE_KINDS) + rng.choice(["\n", "\n", "\r\n", ""]) for _ in range(rng.randint(1, 60)))


@pytest.mark.parametrize(
    "raw",
    [
        "1.  A\n\n\n\n   b\n",
        "\n\n\n\n1.  A\n   b",
        "1.  A\r\n\r\n\r\n   b\r\n",
        "1.  A\r   b\r\r\r",
        f"1.  A\n   b\n\n{_FOOTER_LINE}\n\f\n{_HEADER_LINE}\n\n   c\n",
        f"1.  A\n   b\n\n{_FOOTER_LINE}\f{_HEADER_LINE}\n   c",
        "1.  A\v   b\x1c\x1d\u2028   c\u2029",
        *[_random_rfc(seed) for seed in range(40)],
    ],
)
def test_loaded_text_and_source_map_are_the_per_character_ones(raw: str) -> None:
    text, source_map = _per_character_load(raw)
    assert load_rfc(raw) == text
    document = RFCParser().parse(raw) if raw.strip() else None
    if document is not None and document.source is not None:
        assert document.source_map == source_map


def test_own_fixture_loads_as_the_per_character_loader_does(own_raw: str, own: Document) -> None:
    assert (own.text, own.source_map) == _per_character_load(own_raw)


def test_parsed_and_indexed_rfc_takes_under_ten_times_its_text(fixtures_dir: Path) -> None:
    raw = _raw(fixtures_dir, "rfc6749.txt")
    peak, retained = peak_and_retained(lambda: RFCParser().parse(raw))
    assert peak < 10 * len(raw), f"peak {peak / len(raw):.1f}x the text"
    assert retained < 10 * len(raw), f"retained {retained / len(raw):.1f}x the text"


def test_text_without_page_lines_has_no_source_map() -> None:
    text = "1.  Only\n\n   One section.\n"
    doc = RFCParser().parse(text.rstrip("\n"))
    assert doc.source is None
    assert len(doc.source_map) == 0
    assert [s.id for s in doc.sections] == ["1"]


def test_numbered_title_wrapped_onto_a_second_line() -> None:
    text = "1.  A Very Long Heading That Goes On and\n    On\n\n   Body.\n\n2.  Next\n\n   More."
    doc = RFCParser().parse(text)
    assert [s.title for s in doc.sections] == ["A Very Long Heading That Goes On and On", "Next"]


def test_text_without_headings_is_one_whole_document_section() -> None:
    doc = RFCParser().parse("Just some words\nmore words\n")
    assert [(s.id, s.kind, s.title, s.text) for s in doc.sections] == [
        ("document", "whole", "Just some words", "Just some words\nmore words")
    ]
    assert find_quote(doc, "some words more words") == "document"


def test_paginated_text_without_headings_is_one_whole_section_of_the_loaded_text() -> None:
    raw = (
        "the opening lines of a memo, with\nno headings at all.\n\n"
        "Doe                          Informational                     [Page 1]\n"
        "\fRFC 9999                    A Memo                          May 2024\n\n"
        "the closing lines.\n"
    )
    doc = RFCParser().parse(raw)
    (section,) = doc.sections
    assert (section.id, section.kind) == ("document", "whole")
    assert section.text == doc.text == "the opening lines of a memo, with\nno headings at all.\n\nthe closing lines."
    assert doc.source == raw
    assert raw[doc.to_source(section.start + doc.text.index("closing")) :].startswith("closing lines")


def test_a_table_of_contents_alone_opens_no_section_so_the_text_is_read_whole() -> None:
    doc = RFCParser().parse("Table of Contents\n\n   1.  Introduction . . . 2\n")
    assert [(s.id, s.kind) for s in doc.sections] == [("document", "whole")]


def test_back_matter_ids_drop_apostrophes() -> None:
    text = "1.  Only\n\n   Body.\n\nAuthor's Address\n\n   Jane Doe\n\nAuthors\u2019 Notes\n\n   None."
    assert [s.id for s in RFCParser().parse(text).sections] == ["1", "authors-address", "authors-notes"]


# --- third-party RFCs (skip when the shared fixtures are absent) ----------------------------------


@pytest.mark.parametrize("name", ["rfc7519.txt", "rfc3986.txt", "rfc6749.txt"])
def test_no_page_header_or_footer_line_remains(fixtures_dir: Path, name: str) -> None:
    raw = _raw(fixtures_dir, name)
    document = RFCParser().parse(raw)
    running = running_lines(raw)
    for section in document.sections:
        assert not running.intersection(section.text.splitlines()), section.id
        assert not re.search(r"\[Page \d+\]|\f", section.text), section.id


@pytest.mark.parametrize(
    ("name", "removed"),
    [("rfc7519.txt", 59), ("rfc3986.txt", 121), ("rfc6749.txt", 151)],
)
def test_page_lines_removed(fixtures_dir: Path, name: str, removed: int) -> None:
    # Every page has a footer and every page but the first a header.
    raw = _raw(fixtures_dir, name)
    running = running_lines(raw)
    assert sum(line.lstrip("\f") in running for line in raw.splitlines()) == removed


@pytest.mark.parametrize(
    ("name", "toc", "deeper"),
    [
        ("rfc7519.txt", 45, []),
        ("rfc3986.txt", 65, ["6.2.2.1", "6.2.2.2", "6.2.2.3"]),
        ("rfc6749.txt", 91, ["3.1.2.1", "3.1.2.2", "3.1.2.3", "3.1.2.4", "3.1.2.5", "4.1.2.1", "4.2.2.1"]),
    ],
)
def test_numbered_sections_match_the_table_of_contents(
    fixtures_dir: Path, name: str, toc: int, deeper: list[str]
) -> None:
    raw = _raw(fixtures_dir, name)
    expected = _toc_numbers(raw)
    assert len(expected) == toc
    ids = [s.id for s in RFCParser().parse(raw).numbered_sections]
    # A table of contents lists three levels at most; the sections below that are real headings
    # too (cited as such), so the comparison is exact on the levels the table lists.
    depth = max(number.count(".") for number in expected)
    assert [i for i in ids if i.count(".") <= depth] == expected
    assert [i for i in ids if i.count(".") > depth] == deeper
    for number in deeper:
        assert re.search(rf"(?m)^{re.escape(number)}\.  \S", raw)


@pytest.mark.parametrize(
    ("name", "others"),
    [
        (
            "rfc7519.txt",
            "abstract status-of-this-memo copyright-notice A A.1 A.2 B C acknowledgements authors-addresses",
        ),
        (
            "rfc3986.txt",
            "status-of-this-memo copyright-notice abstract A B C D D.1 D.2 index authors-addresses "
            "full-copyright-statement intellectual-property acknowledgement",
        ),
        (
            "rfc6749.txt",
            "abstract status-of-this-memo copyright-notice A "
            + " ".join(f"A.{n}" for n in range(1, 19))
            + " B C authors-address",
        ),
    ],
)
def test_front_appendix_and_back_sections(fixtures_dir: Path, name: str, others: str) -> None:
    document = RFCParser().parse(_raw(fixtures_dir, name))
    assert [s.id for s in document.sections if s.kind != "numbered"] == others.split()
    kinds = {s.id: s.kind for s in document.sections}
    assert kinds["abstract"] == "front"
    assert kinds["A"] == "appendix"
    assert next(s for s in reversed(document.sections)).kind == "back"


@pytest.mark.parametrize("name", ["rfc7519.txt", "rfc3986.txt", "rfc6749.txt"])
def test_every_section_maps_back_to_the_raw_file(fixtures_dir: Path, name: str) -> None:
    raw = _raw(fixtures_dir, name)
    _assert_maps_back(RFCParser().parse(raw), raw)
    _assert_maps_back(RFCParser(join_page_breaks=True).parse(raw), raw)


def test_rfc3986_without_form_feeds_parses_the_same(fixtures_dir: Path) -> None:
    raw = _raw(fixtures_dir, "rfc3986.txt")
    with_feeds = RFCParser().parse(raw)
    without = RFCParser().parse(raw.replace("\f", ""))
    assert without.text == with_feeds.text
    assert without.sections == with_feeds.sections


def _unpaginated(raw: str) -> str:
    """The same RFC with its page breaks stripped: no form feeds, no running header or footer."""
    running = running_lines(raw)
    return "\n".join(line for line in raw.replace("\f", "").splitlines() if line not in running) + "\n"


def test_rfc6749_unpaginated_parses_to_the_same_sections(fixtures_dir: Path) -> None:
    raw = _raw(fixtures_dir, "rfc6749.txt")
    paginated = RFCParser().parse(raw)
    unpaginated = RFCParser().parse(_unpaginated(raw))
    assert running_lines(_unpaginated(raw)) == set()
    assert page_breaks(unpaginated) == ()
    assert page_breaks(paginated) != ()
    assert [s.id for s in unpaginated.sections] == [s.id for s in paginated.sections]
    for before, after in zip(paginated.sections, unpaginated.sections, strict=True):
        assert before.title == after.title
        assert before.text.split() == after.text.split(), before.id
    title = "Misuse of Access Token to Impersonate Resource Owner in Implicit Flow"
    assert unpaginated.section("10.16").title == title  # type: ignore[union-attr]
    _assert_maps_back(unpaginated, _unpaginated(raw))


@pytest.mark.parametrize(
    ("quote", "section"),
    [
        ("coded character set if this representation is allowed by the scheme", "1.2.1"),
        ("a sameness of characteristics as observed over time, perhaps elucidated", "1.2.2"),
        ("The reference resolution algorithm, presented in Section 5, defines how", "1.2.3"),
        ("Therefore, the integer values used by the ABNF must be mapped back", "2"),
    ],
)
def test_rfc3986_quotes_across_page_breaks_are_found(fixtures_dir: Path, quote: str, section: str) -> None:
    document = RFCParser().parse(_raw(fixtures_dir, "rfc3986.txt"))
    assert find_quote(document, quote) == section


def test_rfc3986_every_split_paragraph_is_found_across_its_break(fixtures_dir: Path) -> None:
    raw = _raw(fixtures_dir, "rfc3986.txt")
    document = RFCParser().parse(raw)
    joined = RFCParser(join_page_breaks=True).parse(raw)
    split = [s.id for s in joined.sections if s.text != document.section(s.id).text]  # type: ignore[union-attr]
    assert len(split) >= 10
    for offset in page_breaks(document):
        section = next((s for s in document.sections if s.start <= offset < s.end), None)
        if section is None or section.id not in split:  # a break in the table of contents
            continue
        before = document.text[section.start : offset].split()[-4:]
        after = document.text[offset : section.end].split()[:4]
        quote = " ".join(before + after)
        found = find_quote(document, quote)
        # Appendix A repeats ABNF rules from section 3: the first section holding the words wins.
        assert found == section.id or quote in " ".join(document.section(found).text.split())  # type: ignore[union-attr]


def test_rfc7519_page_break_joining_would_change_three_numbered_sections(cookbook: Path) -> None:
    # Why joining is opt-in: it would change sections the cookbook keeps byte for byte, and the
    # 58,365 characters it reports; none of the six sections the recorded answers key on, though.
    raw = (cookbook / "rfc7519.txt").read_text()
    document = RFCParser().parse(raw)
    joined = RFCParser(join_page_breaks=True).parse(raw)
    assert len(document.text) == 58_365
    assert len(joined.text) == 58_365 - 3
    changed = [s.id for s in joined.sections if s.text != document.section(s.id).text]  # type: ignore[union-attr]
    assert changed == ["4.3", "10.1", "11.2"]
    cache = json.loads((cookbook / "json_cache.json").read_text())
    claims = [c["claim"] for c in json.loads((cookbook / "citations.json").read_text())]
    keyed = {
        s.id
        for s in document.numbered_sections
        for claim in claims
        if hashlib.sha256(f"ask|{claim}|{s.text}".encode()).hexdigest() in cache
    }
    assert keyed == {"2", "3", "4", "4.1.3", "4.1.4", "4.1.6"}
    assert not keyed.intersection(changed)


def test_loader_removes_running_header_footer_and_form_feeds(sample_text: str) -> None:
    loaded = load_rfc(sample_text)
    assert "[Page" not in loaded
    assert "June 2031\n" not in loaded.split("Abstract")[1]  # the running header is gone
    assert "Category: Informational                                        June 2031" in loaded  # front page kept
    assert "\f" not in loaded
    assert "\n\n\n" not in loaded


def test_sections_are_numbered_and_an_appendix_ends_the_one_before(sample_doc: Document) -> None:
    numbered = sample_doc.numbered_sections
    assert [s.id for s in numbered] == ["1", "2", "2.1"]
    assert [s.title for s in numbered] == ["Introduction", "Widget Rules", "Widget Sizes"]
    last = numbered[-1]
    assert last.text.endswith("Sizes of zero are not valid.")
    assert "Appendix" not in last.text


@pytest.mark.parametrize("text", ["", "   \n\f\n  "])
def test_empty_document_is_an_error(text: str) -> None:
    with pytest.raises(EmptyDocumentError, match="empty"):
        RFCParser().parse(text)


def test_rfc_parser_is_a_parser() -> None:
    assert isinstance(RFCParser(), TextParser)


def test_rfc7519_counts(cookbook: Path) -> None:
    text = (cookbook / "rfc7519.txt").read_text()
    doc = RFCParser().parse(text)
    assert len(doc.text) == 58_365
    assert len(doc.numbered_sections) == 45
    assert doc.numbered_sections[0].id == "1"
    assert doc.numbered_sections[-1].id == "13.2"


def test_rfc7519_sections_are_byte_identical_to_the_cookbook(cookbook: Path) -> None:
    # The recorded answers are keyed on the exact section text: every one of the 7 must hit.
    doc = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    cache = json.loads((cookbook / "json_cache.json").read_text())
    citations = json.loads((cookbook / "citations.json").read_text())
    hits = set()
    for citation in citations:
        for section in doc.numbered_sections:
            key = hashlib.sha256(f"ask|{citation['claim']}|{section.text}".encode()).hexdigest()
            if key in cache:
                hits.add(key)
    assert hits == set(cache)
