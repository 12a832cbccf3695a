# ruff: noqa: RUF001  # full-width sentence ends are what the splitter looks for
"""The metamorphic suite's corpus: every sentence of every fixture document, in every language and shape.

Documents are parsed with citecheck's own parsers (they are the system's input); sentences are
split here, by plain rules about sentence ends, not by anything of the matcher's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from citecheck import Document, parse_file
from tests.metamorphic.transforms import Sentence, collapse, join_lines

__all__ = ["DOCUMENT_FILES", "CorpusDocument", "CorpusSentence", "load_corpus", "sentences_of"]

DOCUMENT_FILES = (
    "citation_check/rfc7519.txt",
    "rfc/rfc3986.txt",
    "rfc/rfc6749.txt",
    "docs/apache-2.0.txt",
    "docs/mpl-2.0.txt",
    "docs/rust-book-ch03-02-data-types.md",
    "docs/effective_go.html",
    "docs/go1compat.html",
    "docs/openpbta-results.md",
    "docs/ja_vue_template-syntax.md",
    "docs/ja_rustbook_ch09-03.md",
    "docs/de_rustbook_ch04-01.md",
    "docs/de_rustbook_ch09-03.md",
    "docs/ru_rustbook_ch09-03.md",
    "docs/th_react_state-and-lifecycle.md",
    "docs/zh_rustbook_ch04-01.md",
    "docs/ko_rustbook_ch08-01.md",
    "docs/fr_rustbook_ch04-02.md",
    "docs/pt_rustbook_ch10-02.md",
    "providers/anthropic-cookbook/Constitutional AI.pdf",
    "providers/anthropic-cookbook/Amazon-com-Inc-2023-Shareholder-Letter.pdf",
    "providers/anthropic-cookbook/loyalty_program.txt",
    *(f"providers/anthropic-cookbook/help_center_articles/{n}.txt" for n in range(10)),
    "providers/langchain/grass_sky.txt",
    "providers/pydantic-ai/return_window.txt",
    "providers/pydantic-ai/shipping_policy.txt",
)
"""Every fixture document with prose in it, relative to ``$CITECHECK_FIXTURES``."""


@dataclass(frozen=True)
class CorpusSentence:
    """A sentence of a document, with the section it stands in."""

    sentence: Sentence
    section: str


@dataclass(frozen=True)
class CorpusDocument:
    """A parsed fixture document and its sentences."""

    path: str
    language: str
    document: Document
    sentences: tuple[CorpusSentence, ...]
    flat: str
    """The document's text collapsed as `Sentence.text` is, to tell a real edit from one the text has."""


def _language(path: str) -> str:
    name = Path(path).name
    prefix = name.split("_", 1)[0]
    return prefix if prefix in ("ja", "de", "fr", "pt", "ru", "zh", "ko", "th") else "en"


def _markup(path: str) -> str | None:
    return {".md": "markdown", ".html": "html"}.get(Path(path).suffix)


_ABBREVIATIONS = re.compile(
    r"(?:\b(?:e\.g|i\.e|etc|vs|cf|al|Dr|Mr|Mrs|Ms|Fig|Sec|No|Nr|ca|bzw|z\. ?B|d\. ?h|u\. ?a|S|p|pp|ex|approx|Inc|Ltd|"
    r"Co|St|U\.S|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)|\b[A-Z])\.$"
)
# A sentence ends at . ! ? before a space and a capital or an opening mark, or at a CJK full stop.
_END = re.compile(r"[.!?][\"”’»)]*(\s+)(?=[\"“„«0-9A-ZÀ-ÖØ-ÞА-ЯЁ\u0e00-\u0e7f\uac00-\ud7a3])|[。！？]()")
_CODE = re.compile(r"[{}<>=|\\#$]|//|::|\(\)|\[\]|^\s*(?:let|fn|use|func|var|import|return)\b|\b\w+\.\w+\(|;\s*$")


def _blocks(text: str, *, paged: bool) -> Iterator[tuple[int, int]]:
    """The spans of the blank-line separated blocks of a section's text.

    In a paged text (``paged``: plain text or a PDF, no markup) a block that starts in lower case
    after one that ends without a full stop continues it: a paragraph an RFC page break cut in two
    is one paragraph to its reader. Markdown and HTML mark their blocks, and have no page breaks: a
    heading followed by a paragraph that opens with code (``### 省略記法`` then ``v-bind は…``) is
    two blocks.
    """
    spans = [(m.start(), m.end()) for m in re.finditer(r"\S(?:.|\n(?![ \t]*\n))*", text)]
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if paged and merged and text[start].islower() and text[merged[-1][1] - 1] not in ".!?:;。！？：":
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    yield from merged


def _split(block: str, language: str) -> Iterator[tuple[int, int]]:
    if language == "th":
        # Thai writes no full stops: a space ends a phrase, so a whole line is a sentence.
        for m in re.finditer(r"[^\n]+", block):
            yield m.start(), m.end()
        return
    start = 0
    for m in _END.finditer(block):
        end = m.start(1) if m.group(1) is not None else m.end()
        if _ABBREVIATIONS.search(block[max(0, m.start() - 12) : m.start() + 1]):
            continue
        yield start, end
        start = m.end()
    yield start, len(block)


def _prose(text: str, language: str) -> bool:
    """Whether a piece of text reads as a sentence of prose, not code, a table, a heading or a header."""
    if _CODE.search(text) or "  " in text or "http" in text or "@" in text.replace("[@", ""):
        return False
    if language in ("ja", "zh"):
        return (
            15 <= len(text) <= 220 and text[-1] in "。！？：:" and len(re.findall(r"[A-Za-z0-9]", text)) < len(text) / 2
        )
    if language == "th":
        return 20 <= len(text) <= 250 and len(re.findall("[\u0e00-\u0e7f]", text)) > len(text) / 2
    words = text.split()
    letters = sum(c.isalpha() for c in text)
    numbers = sum(not any(c.isalpha() for c in word) for word in words)
    # A sentence starts with a capital (or a digit, a quote mark): a lower-case start is the rest of
    # a sentence that a page or a section boundary cut, which a reader would not quote as a sentence.
    return (
        6 <= len(words) <= 60
        and letters > 0.7 * len(text.replace(" ", ""))
        and numbers <= 3
        and not text[0].islower()
        and text[-1] in ".!?:"
    )


def sentences_of(document: Document, language: str, markup: str | None) -> Iterator[CorpusSentence]:
    """Every sentence of prose in the document, once each: a sentence the text holds twice is left out."""
    seen: dict[str, int] = {}
    found: list[CorpusSentence] = []
    for section in document.sections:
        body = section.text
        for block_start, block_end in _blocks(body, paged=markup is None):
            block = body[block_start:block_end]
            for start, end in _split(block, language):
                piece = block[start:end]
                text = join_lines(piece)
                if not text or not _prose(text, language):
                    continue
                raw = None
                if markup is not None and document.source is not None:
                    offset = section.start + block_start + start
                    last = offset + len(piece.rstrip()) - 1
                    a, b = document.to_source(offset), document.to_source(last) + 1
                    raw = document.original[a:b]
                seen[text] = seen.get(text, 0) + 1
                found.append(CorpusSentence(Sentence(text, language, markup, raw), section.id))
    for item in found:
        if seen[item.sentence.text] == 1:
            yield item


def load_corpus(fixtures: Path) -> list[CorpusDocument]:
    """Every fixture document of `DOCUMENT_FILES`, parsed, with its sentences."""
    corpus = []
    for path in DOCUMENT_FILES:
        document = parse_file(fixtures / path)
        language = _language(path)
        sentences = tuple(sentences_of(document, language, _markup(path)))
        flat = join_lines(document.text)
        corpus.append(CorpusDocument(path, language, document, sentences, collapse(flat)))
    return corpus
