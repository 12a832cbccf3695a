"""Section text is the rendered text: what a reader sees, and so what a person or a model quotes."""

from __future__ import annotations

import bisect
import html
import re
import unicodedata
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from citecheck import Citation, Document
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
    return (
        char == origin
        or origin in "&\n\r"
        or (char == " " and origin.isspace())
        or char == "\n"
        or _raised(char, origin)
    )


def _raised(char: str, origin: str) -> bool:
    """Whether ``char`` is the superscript or subscript form of ``origin`` ("\u2078" of the "8" of "<sup>8</sup>")."""
    if not unicodedata.decomposition(char).startswith(("<super>", "<sub>")):
        return False
    return unicodedata.normalize("NFKC", char).replace("\u2212", "-") == origin.replace("\u2212", "-")


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


# What a reader does not see as asserted is not in the section text, and what a reader sees is
# written as seen (a hostile probe of the parsers, 2026-12: "are <span hidden>not </span>laid out"
# accepted the quote "are not laid out", and "free Shipping to Mexico" joined two table rows).


def html_page(page: str) -> Document:
    return HTMLDocumentParser().parse(page)


def _accepted(document: Document, quote: str) -> bool:
    """Whether step 1 accepts the quote: found with no flag for a person to look at."""
    location = locate(document, Citation(id="q", claim="-", quote=quote, section=None))
    return location.status == "found" and not location.flags


HIDDEN = [
    ("Items are <span hidden>not </span>laid out in order.", "Items are laid out in order."),
    ("Items are <span hidden='hidden'>not </span>laid out in order.", "Items are laid out in order."),
    ('Items are <span style="display:none">not </span>laid out in order.', "Items are laid out in order."),
    ('Items are <span style="color: red;DISPLAY : None">not </span>laid out in order.', "Items are laid out in order."),
    ('Items are <b style="visibility:  hidden !important;">not </b>laid out in order.', "Items are laid out in order."),
    (
        "Items are <script>not </script>laid out<style>p {}</style> in <template>x</template>order.",
        "Items are laid out in order.",
    ),
    # Shown: aria-hidden is for screen readers; a style that hides nothing.
    ('Items are <span aria-hidden="true">not </span>laid out.', "Items are not laid out."),
    ('Items are <span style="display: nonesuch">not </span>laid out.', "Items are not laid out."),
]


@pytest.mark.parametrize(("source", "text"), HIDDEN)
def test_markdown_leaves_out_hidden_raw_html(source: str, text: str) -> None:
    assert markdown(source).text == text


@pytest.mark.parametrize(("source", "text"), HIDDEN)
def test_html_leaves_out_hidden_elements(source: str, text: str) -> None:
    assert html_page(f"<p>{source}</p>").text == text


@pytest.mark.parametrize(
    ("source", "text"),
    [
        # An HTML block that leaves <div hidden> open hides the blocks up to its end, as a browser reads it.
        ("Before.\n\n<div hidden>\n\nSecret paragraph.\n\n</div>\n\nAfter.", "Before.\n\nAfter."),
        ("Before.\n\n<script>\nvar shown = 'no';\n</script>\n\nAfter.", "Before.\n\nAfter."),
        ("Tags<span hidden> open in a paragraph\n\nend with it.", "Tags\n\nend with it."),
        # Shown: <noscript> to a reader without scripts, <details> to one who opens it.
        ("Kept: <noscript>enable scripts</noscript>.", "Kept: enable scripts."),
        ("Kept: <details>the details</details>.", "Kept: the details."),
    ],
    ids=["div-over-blocks", "script-block", "unclosed-span", "noscript", "details"],
)
def test_markdown_hidden_html_blocks(source: str, text: str) -> None:
    assert markdown(source).text == text


def test_a_heading_markdown_hides_starts_no_section() -> None:
    document = markdown("# Shown\n\nok\n\n<div hidden>\n\n# Secret\n\nhidden text\n\n</div>\n\n# Also shown\n")
    assert [(s.id, s.text) for s in document.sections] == [("shown", "Shown\n\nok"), ("also-shown", "Also shown")]


@pytest.mark.parametrize(
    ("page", "text"),
    [
        # A <p> left open ends where the next block starts: its hidden attribute hides it alone.
        ("<p hidden>Secret.<p>Shown.", "Shown."),
        ("<ul><li hidden>Secret.<li>Shown.</ul>", "Shown."),
        ("<p>Kept<div hidden>secret</div>apart.</p>", "Kept\n\napart."),
        ("<div>One <div hidden>secret</div>line.</div>", "One line."),
        ("<p>Closed at once: <span hidden/>kept.</p>", "Closed at once: kept."),
        ("<p>Kept:</p><details><summary>More</summary>the details</details>", "Kept:\n\nMore\nthe details"),
    ],
    ids=["unclosed-p", "unclosed-li", "block-ends-paragraph", "hidden-block-in-a-line", "self-closed", "details"],
)
def test_html_hidden_elements_end_where_a_browser_ends_them(page: str, text: str) -> None:
    assert html_page(page).text == text


DELETED = [
    ("The penalty is <del>$50</del> $30.", "The penalty is $30."),
    ("The penalty is <s>$50</s> $30.", "The penalty is $30."),
    ("The penalty is <strike>$50</strike> $30.", "The penalty is $30."),
    ('The penalty is <span style="text-decoration: red LINE-THROUGH">$50</span> $30.', "The penalty is $30."),
    ('The penalty is <span style="text-decoration-line:line-through">$50</span> $30.', "The penalty is $30."),
    ("The penalty is <ins>$30</ins>.", "The penalty is $30."),
]


@pytest.mark.parametrize(("source", "text"), DELETED)
def test_markdown_leaves_out_struck_out_raw_html(source: str, text: str) -> None:
    assert markdown(source).text == text


@pytest.mark.parametrize(("source", "text"), DELETED)
def test_html_leaves_out_struck_out_text(source: str, text: str) -> None:
    assert html_page(f"<p>{source}</p>").text == text


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("The penalty is ~~$50~~ $30.", "The penalty is $30."),
        ("~~Old rule.~~\n\nNew rule.", "New rule."),
        ("# Fees ~~2023~~ 2024\n\nLow.", "Fees 2024\n\nLow."),
        ("One ~tilde~ stays, as does a lone ~~.", "One ~tilde~ stays, as does a lone ~~."),
    ],
    ids=["inline", "paragraph", "heading", "not-strikethrough"],
)
def test_markdown_leaves_out_strikethrough(source: str, text: str) -> None:
    assert markdown(source).text == text


RAISED = [
    ("0 to 2<sup>8</sup> \u2212 1", "0 to 2\u2078 \u2212 1"),
    ("from \u2212(2<sup>n \u2212 1</sup>) to", "from \u2212(2\u207f\u207b\u00b9) to"),
    ("the log<sub>2</sub> of it", "the log\u2082 of it"),
    ("an error of 10<sup>-9</sup>.", "an error of 10\u207b\u2079."),
    ("H<sub>2</sub>O and x<sup>(i+1)</sup>", "H\u2082O and x\u207d\u2071\u207a\u00b9\u207e"),
    # Anything else is written on the line, as before.
    ("the 4<sup>th</sup> item", "the 4th item"),
    ("as shown<sup>[1]</sup>.", "as shown[1]."),
    ("x<sup>a</sup> and N<sub>n</sub>", "xa and Nn"),
    ("a line<br>break and 5<br/>10", "a line\nbreak and 5\n10"),
]


@pytest.mark.parametrize(("source", "text"), RAISED)
def test_markdown_writes_superscripts_and_subscripts_as_shown(source: str, text: str) -> None:
    document = markdown(source)
    assert document.text == text
    assert all(same_character(document, offset) for offset in range(len(text)))


@pytest.mark.parametrize(("source", "text"), RAISED)
def test_html_writes_superscripts_and_subscripts_as_shown(source: str, text: str) -> None:
    document = html_page(f"<p>{source}</p>")
    assert document.text == text
    assert all(same_character(document, offset) for offset in range(len(text)) if not text[offset].isspace())


TABLE_MARKDOWN = (
    "# Shipping\n\n"
    "| Region | Cost |\n"
    "| --- | :-: |\n"
    "| Shipping to US | free |\n"
    "| Shipping to **Mexico** | `$20` |\n"
    "| Pipes | a \\| b |\n"
    "| Empty | |\n\n"
    "After.\n"
)
TABLE_HTML = (
    "<h1>Shipping</h1><table><caption>Rates</caption>"
    "<tr><th>Region</th><th>Cost</th></tr>"
    "<tr><td>Shipping to US</td><td>free</td></tr>"
    "<tr><td>Shipping to <b>Mexico</b></td><td><code>$20</code></td></tr>"
    "<tr><td>Pipes</td><td>a | b</td></tr>"
    "<tr><td>Empty</td><td></td></tr></table><p>After.</p>"
)
ROWS = "Region Cost\n\nShipping to US free\n\nShipping to Mexico $20\n\nPipes a | b\n\nEmpty\n\nAfter."


def test_a_markdown_table_row_is_a_block_of_its_own() -> None:
    document = markdown(TABLE_MARKDOWN)
    assert document.text == "Shipping\n\n" + ROWS
    assert all(same_character(document, offset) for offset in range(len(document.text)))
    start = document.text.index("Mexico")
    assert TABLE_MARKDOWN[document.to_source(start) :].startswith("Mexico** |")


def test_an_html_table_row_is_a_block_of_its_own() -> None:
    assert html_page(TABLE_HTML).text == "Shipping\n\nRates\n\n" + ROWS


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("> | a | b |\n> | - | - |\n> | c | d |", "a b\n\nc d"),
        ("- item\n\n  | a | b |\n  | - | - |\n  | a | a |", "item\n\na b\n\na a"),
        ("| <span hidden>x</span> y | 2<sup>8</sup> |\n| - | - |", "y 2\u2078"),
        ("Not a table: ls | grep x", "Not a table: ls | grep x"),
    ],
    ids=["in-a-block-quote", "in-a-list", "raw-html-in-cells", "no-delimiter-row"],
)
def test_markdown_tables_anywhere(source: str, text: str) -> None:
    document = markdown(source)
    assert document.text == text
    assert all(same_character(document, offset) for offset in range(len(text)))


@pytest.mark.parametrize(
    ("quote", "rendered"),
    [
        ("| Shipping to **Mexico** | `$20` |", "Shipping to Mexico $20"),
        ("| Region | Cost |\n| --- | :-: |\n| US | free |", "Region Cost\nUS free"),
        ("| a \\| b | c |", "a | b c"),
        ("0 to 2<sup>8</sup> \u2212 1", "0 to 2\u2078 \u2212 1"),
        ("the 4<sup>th</sup>", "the 4th"),
        ("5<br>10", "5\n10"),
        # What the page hides or strikes out, the quote still holds: it is not read away.
        ("are <span hidden>not </span>laid out", "are not laid out"),
    ],
)
def test_render_inline_reads_table_rows_and_raised_text(quote: str, rendered: str) -> None:
    assert render_markdown_inline(quote) == rendered


PROBE_MARKDOWN = (
    "# Rules\n\n"
    "The sheets are <span hidden>not </span>laid out in order.\n\n"
    "The penalty is ~~$50~~ $30 for every late return.\n\n"
    "A byte holds 0 to 2<sup>8</sup> \u2212 1 values.\n\n"
    "| Region | Cost |\n| --- | --- |\n| Shipping to US | free |\n| Shipping to Mexico | $20 |\n"
)
PROBE_HTML = (
    "<h1>Rules</h1>"
    "<p>The sheets are <span hidden>not </span>laid out in order.</p>"
    "<p>The penalty is <del>$50</del> $30 for every late return.</p>"
    "<p>A byte holds 0 to 2<sup>8</sup> \u2212 1 values.</p>"
    "<table><tr><th>Region</th><th>Cost</th></tr><tr><td>Shipping to US</td><td>free</td></tr>"
    "<tr><td>Shipping to Mexico</td><td>$20</td></tr></table>"
)


@pytest.mark.parametrize(
    ("quote", "accepted"),
    [
        ("The sheets are not laid out in order.", False),
        ("The sheets are laid out in order.", True),
        ("The penalty is $50 for every late return.", False),
        ("The penalty is $50 $30 for every late return.", False),
        ("The penalty is $30 for every late return.", True),
        ("A byte holds 0 to 28 \u2212 1 values.", False),
        ("A byte holds 0 to 2\u2078 \u2212 1 values.", True),
        ("free Shipping to Mexico", False),
        ("Cost Shipping to US", False),
        ("Shipping to Mexico $20", True),
        ("Shipping to Mexico\t$20", True),
        ("| Shipping to Mexico | $20 |", True),
    ],
)
@pytest.mark.parametrize("kind", ["markdown", "html"])
def test_step_one_accepts_what_the_page_shows_and_nothing_else(kind: str, quote: str, accepted: bool) -> None:
    document = markdown(PROBE_MARKDOWN) if kind == "markdown" else html_page(PROBE_HTML)
    assert _accepted(document, quote) is accepted


@pytest.mark.parametrize("kind", ["markdown", "html"])
def test_a_quote_across_two_table_rows_is_found_and_flagged(kind: str) -> None:
    document = markdown(PROBE_MARKDOWN) if kind == "markdown" else html_page(PROBE_HTML)
    location = locate(document, Citation(id="q", claim="-", quote="free Shipping to Mexico", section=None))
    assert (location.status, location.flags) == ("found", ("joined_blocks",)), location.reason
