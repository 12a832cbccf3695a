"""Section text is the rendered text: what a reader sees, and so what a person or a model quotes."""

from __future__ import annotations

import bisect
import html
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from citecheck import Document
from citecheck.matcher import locate
from citecheck.parsers import HTMLDocumentParser, MarkdownParser, render_markdown_inline

DOCS = "docs"


def read(fixtures_dir: Path, name: str) -> str:
    return (fixtures_dir / DOCS / name).read_text(encoding="utf-8")


def markdown(text: str) -> Document:
    return MarkdownParser().parse(text)


@pytest.mark.parametrize(
    ("source", "rendered"),
    [
        ("Use `len` here.", "Use len here."),
        ("Use ``a `tick` b`` here.", "Use a `tick` b here."),
        ("A *big* and **bold** and _under_ word.", "A big and bold and under word."),
        ("See [the spec](https://example.com/spec) now.", "See the spec now."),
        ('See [the spec](<https://x.com/a b> "Title") now.', "See the spec now."),
        ("See [the spec][s] or [s].\n\n[s]: https://example.com", "See the spec or s."),
        ("Pic ![alt text](cat.png) gone.", "Pic  gone."),
        ("> Quoted line one\n> and line two.", "Quoted line one\nand line two."),
        ("- first item\n- second item", "first item\nsecond item"),
        # A page shows an ordered list's numbers (and a reader quoting step 3 may quote its "3.").
        ("1. first item\n2. second item", "1. first item\n2. second item"),
        ("7) first item\n\n   its second paragraph", "7) first item\n\nits second paragraph"),
        ("> 3. quoted item", "3. quoted item"),
        ("Text <!-- a comment --> kept.", "Text  kept."),
        ("Before.\n\n<!--\nA comment block.\n-->\n\nAfter.", "Before.\n\nAfter."),
        ("Cats &amp; dogs &ndash; &#65;&#x42;.", "Cats & dogs \u2013 AB."),
        ("Escaped \\*stars\\* stay.", "Escaped *stars* stay."),
        ("As shown [@doi:10.1/x; @pubmed:1].", "As shown."),
        ("In Figure {@fig:Fig5}B we see.", "In Figure B we see."),
        ("Table: Subtypes. {#tbl:Table1}", "Table: Subtypes."),
        ("A <b>bold</b> tag.", "A bold tag."),
        ("<div class='x'>Some &amp; text</div>", "Some & text"),
        ("```sh\npip install x\n```", "pip install x"),
        ("Plain prose, no markup at all.", "Plain prose, no markup at all."),
    ],
)
def test_markdown_section_text_is_the_rendered_text(source: str, rendered: str) -> None:
    document = markdown(source)
    assert document.text == rendered
    assert document.original == source


def same_character(document: Document, offset: int) -> bool:
    """Whether the rendered character at ``offset`` is the source character it maps to, or stands for it."""
    char, origin = document.text[offset], document.original[document.to_source(offset)]
    return char == origin or origin in "&\n\r" or (char == " " and origin.isspace()) or char == "\n"


@pytest.mark.parametrize(
    "name",
    [
        "rust-book-ch03-02-data-types.md",
        "openpbta-results.md",
        "de_rustbook_ch04-01.md",
        "de_rustbook_ch09-03.md",
        "ja_rustbook_ch09-03.md",
        "ja_vue_template-syntax.md",
        "ru_rustbook_ch09-03.md",
        "th_react_state-and-lifecycle.md",
    ],
)
def test_every_rendered_character_maps_to_its_place_in_the_markdown(fixtures_dir: Path, name: str) -> None:
    document = markdown(read(fixtures_dir, name))
    assert document.source is not None
    assert all(same_character(document, offset) for offset in range(len(document.text)))
    for section in document.sections:
        assert document.text[section.start : section.end] == section.text


PANDOC_KEY = re.compile(r"\[@[^\[\]\n]*\]|\{[@#][^{}\n]*\}")


@pytest.mark.parametrize(
    "source",
    [
        "# T\n\nAs shown [@doi:10.1/x; @pubmed:1]. Next sentence.\n",
        "# T\n\nSee **Figure {@fig:Fig1}A** and [@doi:10.1016/j.neo.2022.100846] then 10.1 more.\n",
    ],
)
def test_text_after_a_pandoc_citation_maps_past_it(source: str) -> None:
    document = markdown(source)
    keys = [range(*match.span()) for match in PANDOC_KEY.finditer(source)]
    inside = [
        (offset, document.text[offset])
        for offset in range(len(document.text))
        if any(document.to_source(offset) in key for key in keys)
    ]
    assert not inside, f"rendered characters mapped into a dropped citation: {inside}"


def test_no_character_of_openpbta_maps_into_a_dropped_citation(fixtures_dir: Path) -> None:
    raw = read(fixtures_dir, "openpbta-results.md")
    document = markdown(raw)
    starts = sorted(match.span() for match in PANDOC_KEY.finditer(raw))
    assert starts, "the fixture has pandoc citations"
    for offset in range(len(document.text)):
        origin = document.to_source(offset)
        place = bisect.bisect_right(starts, (origin, len(raw))) - 1
        assert place < 0 or not starts[place][0] <= origin < starts[place][1], (offset, document.text[offset])


# (document, section reference, the quote as the rendered page reads, what the Markdown source holds there)
RENDERED_QUOTES = [
    (
        "rust-book-ch03-02-data-types.md",
        "Data Types",
        "when we converted a String to a numeric type using parse in the \u201cComparing the Guess to the "
        "Secret Number\u201d section in Chapter 2, we must add a type annotation",
        "`String`",
    ),
    (
        "rust-book-ch03-02-data-types.md",
        "Data Types",
        "Keep in mind that Rust is a statically typed language, which means that it must know the types",
        "_statically typed_",
    ),
    (
        "openpbta-results.md",
        None,
        "we created a monolithic image with all OpenPBTA dependencies using Docker\u00ae and the Rocker project.",
        "[@arxiv:1710.03675]",
    ),
    (
        "openpbta-results.md",
        None,
        "Since 2000, neuro-oncology experts and the WHO have collaborated to iteratively redefine central "
        "nervous system (CNS) tumor classifications.",
        "[@pubmed:11895036; @doi:10.1007/s00401-007-0243-4]",
    ),
    (
        "de_rustbook_ch04-01.md",
        None,
        "Viele Programmiersprachen erfordern nicht, dass du sehr oft \u00fcber Stack (Stapelspeicher) und Heap "
        "(Haldenspeicher) nachdenken musst.",
        "> ",
    ),
    ("de_rustbook_ch09-03.md", None, "sowie einer oder mehrere der folgenden Punkte zutreffen", "&ndash;"),
    (
        "effective_go.html",
        "Names > Package names",
        "the function to make new instances of ring.Ring\u2014which is the definition of a constructor in "
        "Go\u2014would normally be called NewRing",
        "&mdash;",
    ),
    (
        "go1compat.html",
        None,
        "It is intended that programs written to the Go 1 specification will continue to compile and run "
        "correctly, unchanged, over the lifetime of that specification.",
        "<p>",
    ),
]


@pytest.mark.parametrize(("name", "section", "quote", "markup"), RENDERED_QUOTES)
def test_a_quote_of_the_rendered_text_is_found_word_for_word(
    fixtures_dir: Path, name: str, section: str | None, quote: str, markup: str
) -> None:
    raw = read(fixtures_dir, name)
    document = (HTMLDocumentParser() if name.endswith(".html") else MarkdownParser()).parse(raw)
    location = locate(document, {"id": "q", "claim": "c", "quote": quote, "section": section})
    assert location.status == "found", location.reason
    assert location.match is not None
    assert location.match.tier in {"exact", "normalized"}
    # Some quotes are only part of their sentence, which the cut rules flag; markup must add nothing.
    assert set(location.flags) <= {"partial_sentence"}
    # The evidence maps back to the file, where the markup still stands in or near the passage.
    start, end = location.match.source_start, location.match.source_end
    assert markup in raw[max(start - 200, 0) : end + 200]


@pytest.mark.parametrize(
    ("quote", "rendered"),
    [
        ("when we converted a `String` to a numeric type using `parse` in the", "String"),
        ("the `u32` type. This type declaration indicates that the value it\u2019s associated with", "u32"),
        ("Keep in mind that Rust is a **statically typed** language, which means that it must", "statically"),
    ],
)
def test_a_quote_copied_from_the_markdown_source_is_read_as_rendered(
    fixtures_dir: Path, quote: str, rendered: str
) -> None:
    document = markdown(read(fixtures_dir, "rust-book-ch03-02-data-types.md"))
    location = locate(document, {"id": "q", "claim": "c", "quote": quote, "section": None})
    assert location.status == "found", location.reason
    assert location.match is not None
    assert rendered in location.match.source_text
    assert "`" not in location.match.source_text


@pytest.mark.parametrize(
    ("quote", "rendered"),
    [
        ("the `aud` claim", "the aud claim"),
        ("a **bold** [link](http://x) here", "a bold link here"),
        ("as shown [@doi:10.1/x]", "as shown"),
        ("no markup at all", "no markup at all"),
        ("2 * 3 * 4", "2 * 3 * 4"),
        # Reference links, whose definitions a quote does not hold: the page shows their text.
        ("see the [API docs][vec-api] here", "see the API docs here"),
        ("있으니 [API 문서][vec-api]를 꼭", "있으니 API 문서를 꼭"),
        ("see the [API docs][] here", "see the API docs here"),
        ("hour.[2][3] and [a] b", "hour.[2][3] and [a] b"),  # footnote markers, a bare bracket: no link
        ("werden &ndash; sowie", "werden \u2013 sowie"),
    ],
)
def test_render_inline(quote: str, rendered: str) -> None:
    assert render_markdown_inline(quote) == rendered


def test_a_changed_word_in_a_quote_copied_with_markup_is_still_missing(fixtures_dir: Path) -> None:
    document = markdown(read(fixtures_dir, "rust-book-ch03-02-data-types.md"))
    quote = "when we converted a `String` to a numeric type using `parse` in the section in Chapter 3"
    location = locate(document, {"id": "q", "claim": "c", "quote": quote, "section": None})
    assert location.status == "missing"


LANTERN = Path(__file__).parents[1] / "data"


@pytest.mark.parametrize(
    ("name", "parse"),
    [("lantern.md", MarkdownParser().parse), ("lantern.html", HTMLDocumentParser().parse)],
)
def test_lantern_headings_are_not_in_the_rendered_text(name: str, parse: object) -> None:
    raw = (LANTERN / name).read_text(encoding="utf-8")
    document = parse(raw)  # type: ignore[operator]
    assert "#" not in document.text
    assert "<" not in document.text
    membership = document.section("1")
    assert membership is not None
    assert membership.text.startswith("1. Membership\n\nAnyone over sixteen may join the club.")


@pytest.mark.parametrize(
    "source",
    [
        "Use `len` here.",
        "Use ``a `tick` b`` here.",
        "a ` b",
        "`` a ` b",
        "x ` ` y",
        "a `  b  ` c",
        "``` a ``",
        "`a` `b` ``c``",
        "client_id and `x` here",
        "a [RFC2119] b",
        "x < y & z",
        "AT&T and x<=y",
        "a \\ b",
        "a `*x*` b",
        "see <http://x.y> now",
        "[x] and [y]\n\n[x]: http://example.com",
        "__init__ and _em_ and **strong**",
        "t &copy and &copy;",
    ],
)
def test_the_fast_paths_render_as_markdown_it_does(source: str) -> None:
    # Blocks without emphasis, links or references skip markdown-it's inline parser: they must
    # still read as markdown-it renders them.
    rendered = html.unescape(re.sub(r"<[^>]+>", "", MarkdownIt("commonmark").render(source))).strip()
    assert " ".join(markdown(source).text.split()) == " ".join(rendered.split())


@pytest.mark.parametrize(
    ("page", "text"),
    [
        ("<p>A &amp; B <!-- hidden --> C&nbsp;D &mdash; E</p>", "A & B C D \u2014 E"),
        ("<p>Use <code>len</code> and <em>this</em> <a href='https://x'>link</a>.</p>", "Use len and this link."),
        ("<!-- all of it hidden --><p>Shown.</p>", "Shown."),
    ],
)
def test_html_section_text_is_the_rendered_text(page: str, text: str) -> None:
    document = HTMLDocumentParser().parse(page)
    assert document.text == text
    assert all(same_character(document, offset) for offset in range(len(text)))


@pytest.mark.parametrize(
    ("page", "text"),
    [
        ("<ol><li>Sign it.</li><li>Send it.</li></ol>", "1. Sign it.\n2. Send it."),
        (
            '<ol start="7"><li>Sign it.</li><li value="10">Send it.</li><li>Log it.</li></ol>',
            "7. Sign it.\n10. Send it.\n11. Log it.",
        ),
        ('<ol type="a"><li>Sign it.</li><li>Send it.</li></ol>', "a. Sign it.\nb. Send it."),
        # Roman numerals, and a list counting down, are not written: no number rather than a wrong one.
        ('<ol type="i"><li>Sign it.</li></ol>', "Sign it."),
        ("<ol reversed><li>Sign it.</li><li>Send it.</li></ol>", "Sign it.\nSend it."),
        ('<ol start="x"><li>Sign it.</li></ol></ol><li>Send it.</li>', "1. Sign it.\n\nSend it."),
        (
            "<ul><li>Sign it.</li></ul><ol><li>Send it.<ul><li>now</li></ul></li><li>Log it.</li></ol>",
            "Sign it.\n\n1. Send it.\n\nnow\n\n2. Log it.",
        ),
    ],
    ids=["numbers", "start-and-value", "letters", "roman", "reversed", "malformed", "nested"],
)
def test_an_html_ordered_list_shows_its_numbers_mapped_to_the_item(page: str, text: str) -> None:
    document = HTMLDocumentParser().parse(page)
    assert document.text == text
    for mark in re.finditer(r"^\w+\.(?= )", text, re.MULTILINE):
        assert page.startswith("<li", document.to_source(mark.start()))


_LISTS = (
    "1. Let the message be the encoded payload.\n"
    "2. Verify that the resulting octet sequence is a valid UTF-8 representation.\n\n"
    "Rules:\n\n"
    "1. Rust 中的每一个值都有一个所有者。\n"
    "2. 值在任一时刻有且只有一个所有者。\n"
)


@pytest.mark.parametrize(
    ("quote", "flags"),
    [
        ("2. Verify that the resulting octet sequence is a valid UTF-8 representation.", ()),
        ("3. Verify that the resulting octet sequence is a valid UTF-8 representation.", ("variant_form",)),
        # The Chinese items run on without a space once their line break is folded: "。2.值".
        ("\u201c2. 值在任一时刻有且只有一个所有者。\u201d", ()),
    ],
)
def test_a_markdown_list_item_is_quoted_with_its_number(quote: str, flags: tuple[str, ...]) -> None:
    location = locate(markdown(_LISTS), {"id": "q", "claim": "c", "quote": quote, "section": None})
    assert location.status == "found", location.reason
    assert location.flags == flags, location.reason


@pytest.mark.parametrize(
    ("quote", "flags"),
    [
        ("2. Verify that the octet sequence is valid UTF-8.", ()),
        ("3. Verify that the octet sequence is valid UTF-8.", ("variant_form",)),
    ],
)
def test_an_html_list_item_is_quoted_with_its_number(quote: str, flags: tuple[str, ...]) -> None:
    page = "<p>Steps:</p><ol><li>Decode the payload.</li><li>Verify that the octet sequence is valid UTF-8.</li></ol>"
    location = locate(HTMLDocumentParser().parse(page), {"id": "q", "claim": "c", "quote": quote, "section": None})
    assert location.status == "found", location.reason
    assert location.flags == flags, location.reason
