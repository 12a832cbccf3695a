from __future__ import annotations

import pytest

from citecheck import Document
from citecheck._models import SectionKind
from citecheck.errors import EmptyDocumentError
from citecheck.parsers import MarkdownParser, TextParser


def parse(text: str) -> Document:
    return MarkdownParser().parse(text)


@pytest.mark.parametrize(
    ("heading", "section_id", "kind", "title"),
    [
        ("## 4.1.3 Title", "4.1.3", "numbered", "Title"),
        ("## 4.1.3. Title", "4.1.3", "numbered", "Title"),
        ("## 4. Rules", "4", "numbered", "Rules"),
        ("## 4.1.3.", "4.1.3", "numbered", ""),
        ("## Appendix A.1 Foo", "A.1", "appendix", "Foo"),
        ("## Appendix B. Bar", "B", "appendix", "Bar"),
        ("## A.1 Foo", "A.1", "appendix", "Foo"),
        ("## A Tale of Two Cities", "a-tale-of-two-cities", "heading", "A Tale of Two Cities"),
        ("## 2024 Roadmap", "2024-roadmap", "heading", "2024 Roadmap"),
        ("## The `aud` *Claim*", "the-aud-claim", "heading", "The aud Claim"),
        ("## Scope & Goals!", "scope-goals", "heading", "Scope & Goals!"),
    ],
)
def test_heading_ids(heading: str, section_id: str, kind: SectionKind, title: str) -> None:
    document = parse(f"{heading}\n\nBody.\n")
    assert [(s.id, s.kind, s.title) for s in document.sections] == [(section_id, kind, title)]


def test_setext_and_atx_headings_make_a_slug_path() -> None:
    document = parse(
        "Introduction\n============\n\nIntro text.\n\n"
        "Scope\n-----\n\nScope text.\n\n# Rules\n\n### Fine Print\n\nSmall.\n"
    )
    assert [s.id for s in document.sections] == ["introduction", "introduction/scope", "rules", "rules/fine-print"]
    assert document.sections[0].text == "Introduction\n\nIntro text."  # rendered: the underline is markup


def test_a_setext_heading_over_two_lines_keeps_a_space_between_them() -> None:
    document = parse("Widget\nRules\n=====\n\nBody.\n")
    assert [(s.id, s.title) for s in document.sections] == [("widget-rules", "Widget Rules")]


def test_section_runs_to_the_next_heading_of_any_level() -> None:
    document = parse("# 1. One\n\nFirst.\n\n## 1.1 Sub\n\nSecond.   \n\n\n# 2. Two\nThird.\n\n")
    assert [s.text for s in document.sections] == ["1. One\n\nFirst.", "1.1 Sub\n\nSecond.", "2. Two\nThird."]
    assert document.text == "1. One\n\nFirst.\n\n1.1 Sub\n\nSecond.\n\n2. Two\nThird."
    assert document.source == "# 1. One\n\nFirst.\n\n## 1.1 Sub\n\nSecond.   \n\n\n# 2. Two\nThird.\n\n"


@pytest.mark.parametrize("fence", ["```", "~~~"])
def test_hash_lines_in_fenced_code_are_not_headings(fence: str) -> None:
    document = parse(f"# Setup\n\n{fence}sh\n# install it\npip install x\n{fence}\n\n# Usage\n\nRun it.\n")
    assert [s.id for s in document.sections] == ["setup", "usage"]
    assert "# install it" in document.sections[0].text


def test_headings_inside_block_quotes_do_not_split() -> None:
    document = parse("# Notes\n\n> ## Quoted heading\n> text\n")
    assert [s.id for s in document.sections] == ["notes"]


def test_duplicate_ids_get_suffixes() -> None:
    document = parse("# Notes\n\na\n\n# Notes\n\nb\n\n# 2. X\n\n# 2. Y\n\n# Notes\n")
    assert [s.id for s in document.sections] == ["notes", "notes-2", "2", "2-2", "notes-3"]


def test_text_before_the_first_heading_is_a_front_section() -> None:
    document = parse("Preface words.\n\n# 1. Start\n\nBody.\n")
    assert next((s.id, s.kind, s.text) for s in document.sections) == ("front", "front", "Preface words.")


def test_no_headings_is_one_whole_document_section() -> None:
    document = parse("\nJust a paragraph.\n\nAnd another.\n\n")
    (section,) = document.sections
    assert (section.id, section.kind, section.text) == ("document", "whole", "Just a paragraph.\n\nAnd another.")


def test_crlf_line_endings_keep_offsets_right() -> None:
    text = "# One\r\n\r\nFirst.\r\n\r\n# Two\r\n\r\nSecond.\r\n"
    document = parse(text)
    assert [s.text for s in document.sections] == ["One\n\nFirst.", "Two\n\nSecond."]
    assert [text[document.to_source(s.start) : document.to_source(s.end - 1) + 1] for s in document.sections] == [
        "One\r\n\r\nFirst.",
        "Two\r\n\r\nSecond.",
    ]


@pytest.mark.parametrize("text", ["", " \n\t\n"])
def test_empty_markdown_is_an_error(text: str) -> None:
    with pytest.raises(EmptyDocumentError, match="empty"):
        parse(text)


def test_markdown_parser_is_a_parser() -> None:
    assert isinstance(MarkdownParser(), TextParser)


def test_a_heading_link_resolves_a_reference_defined_anywhere_in_the_document() -> None:
    document = parse("# See [the *spec*][r] `x`\n\ntext\n\n[r]: https://example.com\n")
    assert [s.title for s in document.sections] == ["See the spec x"]


@pytest.mark.parametrize("marker", ["> ", "- ", "1. ", "* > "])
@pytest.mark.parametrize("depth", [19, 20, 21, 25, 60])
def test_no_text_is_lost_under_deeply_nested_markers(marker: str, depth: int) -> None:
    # Past markdown-it's nesting limit the rest of the container was skipped: the text vanished.
    deep = f"{marker * depth}Deep text that must stay.\n{marker * depth}And more of it.\n"
    text = f"A normal paragraph.\n\n{deep}\n## After\n\nLast words.\n"
    document = MarkdownParser().parse(text)
    for words in ("A normal paragraph.", "Deep text that must stay.", "And more of it.", "Last words."):
        assert words in document.text
        at = document.text.index(words)
        start = document.to_source(at)
        assert text[start : start + len(words)] == words
    assert [s.id for s in document.sections][-1] == "after"


def test_a_verbatim_quote_of_deeply_nested_text_is_found() -> None:
    from citecheck.matcher import locate

    text = "Intro paragraph here.\n\n" + "> " * 30 + "The token must not be reused after it expires.\n"
    citation = {"id": "c", "claim": "x", "quote": "The token must not be reused after it expires.", "section": None}
    assert locate(MarkdownParser().parse(text), citation).status == "found"


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # A backslash escapes the bracket after it: the destination runs to the bracket that closes it.
        ("See [the spec](https://e.example/a\\)b) for the rules.\n", "See the spec for the rules."),
        ("See [the spec](https://e.example/(a)b) for the rules.\n", "See the spec for the rules."),
        # A figure's caption holds a link whose brackets nest inside the image's.
        ("![Made with [BioRender](https://b.example).](f.png)\n", "Made with BioRender."),
    ],
    ids=["escaped-paren", "nested-parens", "link-in-caption"],
)
def test_a_link_or_an_image_ends_at_its_own_closing_bracket(markdown: str, text: str) -> None:
    assert MarkdownParser().parse(markdown).text.strip() == text
