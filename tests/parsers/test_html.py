from __future__ import annotations

import html
from pathlib import Path

import pytest

from citecheck import Document
from citecheck.errors import EmptyDocumentError
from citecheck.matcher import find_quote
from citecheck.parsers import HTMLDocumentParser, RFCParser, TextParser
from tests.memory import peak_and_retained

DATA = Path(__file__).parents[1] / "data"

PAGE = """<!doctype html>
<html><head><title>Page title</title><style>p { color: red }</style></head>
<body>
<p>Intro &amp; more</p>
<h1>Widget   Guide</h1>
<p>Widgets are <b>blue</b>.<br>Line&nbsp;two&#33;</p>
<h2>2.1. Sizes &lt;small&gt;</h2><ul><li>One</li><li>Two</li></ul>
<script>var a = "<h2>not a heading</h2>";</script>
<noscript><p>Enable scripts</p></noscript><template><p>hidden</p></template>
<pre>code
  indented

after</pre><table><tr><td>a</td><td>b</td></tr></table>
<h2>Notes</h2><p>Last words.</p>
</body></html>"""


def parse(text: str) -> Document:
    return HTMLDocumentParser().parse(text)


def test_readable_text_drops_scripts_and_tidies_whitespace() -> None:
    document = parse(PAGE)
    assert document.text == (
        "Intro & more\n\n"
        "Widget Guide\n\n"
        "Widgets are blue.\nLine two!\n\n"
        "2.1. Sizes <small>\n\nOne\nTwo\n\n"
        "code\n  indented\n\nafter\n\n"
        "a b\n\n"
        "Notes\n\nLast words."
    )
    assert document.source == PAGE


def test_headings_become_sections() -> None:
    document = parse(PAGE)
    assert [(s.id, s.kind, s.title) for s in document.sections] == [
        ("front", "front", ""),
        ("widget-guide", "heading", "Widget Guide"),
        ("2.1", "numbered", "Sizes <small>"),
        ("widget-guide/notes", "heading", "Notes"),
    ]
    assert document.sections[1].text == "Widget Guide\n\nWidgets are blue.\nLine two!"


@pytest.mark.parametrize(
    ("chunk", "span"),
    [
        ("Intro", "Intro"),
        ("& more", "&amp; more"),
        ("Widget Guide", "Widget   Guide"),
        ("blue", "blue"),
        ("Line two", "Line&nbsp;two"),
        ("<small", "&lt;small"),
        ("Two", "Two"),
        ("code\n  indented", "code\n  indented"),
        ("a b", "a</td><td>b"),
        ("Last words.", "Last words."),
    ],
)
def test_source_span_lands_on_the_chunk_in_the_html(chunk: str, span: str) -> None:
    document = parse(PAGE)
    start = document.text.index(chunk)
    source_start, source_end = document.source_span(start, start + len(chunk))
    assert PAGE[source_start:source_end] == span


def test_a_reference_maps_to_where_it_starts() -> None:
    # One character of text stands for the whole "&#33;": its offset is the reference's first character.
    document = parse(PAGE)
    assert PAGE[document.to_source(document.text.index("!")) :].startswith("&#33;")


def test_every_character_maps_back_to_itself_or_its_reference() -> None:
    html = (DATA / "lantern.html").read_text(encoding="utf-8")
    document = parse(html)
    for offset, char in enumerate(document.text):
        if char.isspace():
            continue
        source = html[document.to_source(offset)]
        assert source == char or source == "&", (offset, char)


def test_no_headings_is_one_whole_section() -> None:
    document = parse("<div><p>Just text.</p><p>More text.</p></div>")
    (section,) = document.sections
    assert (section.id, section.kind, section.text) == ("document", "whole", "Just text.\n\nMore text.")


def test_duplicate_and_unclosed_headings() -> None:
    document = parse("<h2>Notes<p>a</p><h2>Notes</h2><p>b")
    assert [(s.id, s.text) for s in document.sections] == [("notes", "Notes\n\na"), ("notes-2", "Notes\n\nb")]


def test_a_block_inside_a_heading_is_part_of_it() -> None:
    document = parse("<h2><div>3. Wrapped</div></h2><p>Body.</p>")
    assert [(s.id, s.title, s.text) for s in document.sections] == [("3", "Wrapped", "3. Wrapped\n\nBody.")]


def test_a_quote_in_a_dropped_script_is_not_found() -> None:
    document = parse((DATA / "lantern.html").read_text(encoding="utf-8"))
    assert find_quote(document, "open flames are allowed") is None
    assert find_quote(document, "open flames are not allowed") == "2.2"


@pytest.mark.parametrize("html", ["", "  \n", "<html><head><script>x()</script></head><body> </body></html>"])
def test_a_page_without_readable_text_is_an_error(html: str) -> None:
    with pytest.raises(EmptyDocumentError, match="empty"):
        parse(html)


def test_html_parser_is_a_parser() -> None:
    assert isinstance(HTMLDocumentParser(), TextParser)


def test_parsed_and_indexed_page_takes_under_ten_times_its_html(fixtures_dir: Path) -> None:
    rfc = RFCParser().parse((fixtures_dir / "rfc" / "rfc6749.txt").read_text())
    page = "".join(f"<h2>{html.escape(s.title)}</h2>\n<p>{html.escape(s.text)}</p>\n" for s in rfc.sections)
    peak, retained = peak_and_retained(lambda: HTMLDocumentParser().parse(page))
    assert peak < 10 * len(page), f"peak {peak / len(page):.1f}x the page"
    assert retained < 10 * len(page), f"retained {retained / len(page):.1f}x the page"
