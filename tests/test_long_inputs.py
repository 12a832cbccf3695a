"""Very long inputs (issue 27): long quotes nowhere, runs of spaces, huge paragraphs: bounded in memory.

Time is measured in `benchmarks/bench_growth.py` (the spaces and long-quote cases); here the
outcomes, and peak memory as the parser tests bound it (tracemalloc).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck import Document, match_citation, parse_file
from citecheck.matcher import locate, locate_in
from citecheck.matcher._locate import LONG_QUOTE
from citecheck.parsers import PlainTextParser
from tests.memory import peak_and_retained, peak_bytes


@pytest.fixture(scope="module")
def rfc(fixtures_dir: Path) -> Document:
    document = parse_file(fixtures_dir / "citation_check" / "rfc7519.txt")
    locate(document, {"id": "w", "claim": "c", "quote": "the index, built once", "section": None})
    return document


def _words(count: int) -> str:
    return " ".join(f"zq{n % 997}x{n % 13}" for n in range(count))


@pytest.mark.parametrize("words", [20_000, 160_000])
def test_a_long_quote_nowhere_peaks_under_ten_times_its_size(rfc: Document, words: int) -> None:
    quote = _words(words)
    citation = {"id": "q", "claim": "c", "quote": quote, "section": "4.1"}
    peak = peak_bytes(lambda: match_citation(rfc, citation))
    result = match_citation(rfc, citation)
    assert result.location.status == "missing"
    assert "most of its words are not in the document" in result.location.reason
    assert peak <= 10 * len(quote), f"peak {peak / len(quote):.1f}x the quote"


def test_a_long_quote_of_the_documents_own_words_but_longer_than_it_is_missing(rfc: Document) -> None:
    words = rfc.text.split()
    quote = " ".join(words * 2)  # every word is the document's, but twice as many as it has
    location = locate(rfc, {"id": "q", "claim": "c", "quote": quote, "section": None})
    assert location.status == "missing"


@pytest.mark.parametrize("where", ["one document", "several documents"])
def test_a_long_verbatim_quote_is_still_found(rfc: Document, where: str) -> None:
    document = Document.from_sections({"body": rfc.text}, name="rfc7519.txt")
    start = rfc.text.index("The JWT Claims Set represents")
    quote = " ".join(rfc.text[start : start + 12_000].split()[:-1])
    assert len(quote) >= LONG_QUOTE
    citation = {"id": "q", "claim": "c", "quote": quote, "section": "body"}
    other = Document.from_sections({"1": "Nothing of it."}, name="other.txt")
    location = locate(document, citation) if where == "one document" else locate_in([other, document], citation)
    assert (location.status, location.section) == ("found", "body")


@pytest.mark.parametrize("tail", ["b", "[b", "... b", "[@x] b", "(Section 4) b", "[sic] b"])
def test_a_quote_of_a_long_run_of_spaces_is_read_once(rfc: Document, tail: str) -> None:
    quote = "a" + " " * 40_000 + tail
    location = locate(rfc, {"id": "q", "claim": "c", "quote": quote, "section": None})
    assert location.status in ("missing", "ambiguous")


@pytest.mark.parametrize("separator", ["\n", " "])
def test_a_text_of_one_huge_paragraph_parses_under_ten_times_its_size(separator: str) -> None:
    sentence = "The server checks every token it receives before it answers."
    text = separator.join([sentence] * 40_000)  # about 2.4 MB, no blank line: one paragraph
    peak, _ = peak_and_retained(lambda: PlainTextParser().parse(text))
    assert peak <= 10 * len(text), f"peak {peak / len(text):.1f}x the text"
    assert PlainTextParser().parse(text).sections[0].title == "The server checks every token it"
