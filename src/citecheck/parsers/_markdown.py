"""The Markdown parser: sections split on ATX (``#``) and setext (underlined) headings."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from citecheck._models import Document
from citecheck.parsers._base import require_text
from citecheck.parsers._headings import Heading, line_starts, sections_from_headings

__all__ = ["MarkdownParser"]


def _plain(inline: Token) -> str:
    """A heading's words without its Markdown markup (emphasis, code ticks, link targets)."""
    words = [
        " " if child.type in {"softbreak", "hardbreak"} else child.content
        for child in inline.children or ()
        if child.type in {"text", "code_inline", "softbreak", "hardbreak"}
    ]
    return " ".join("".join(words).split())


class MarkdownParser:
    """Parser for Markdown (CommonMark) documents.

    Every top-level heading, ATX (``## Title``) or setext (a line underlined with ``===`` or
    ``---``), starts a section that runs up to the next heading of any level. A ``#`` line inside
    a fenced code block, or a heading inside a block quote or list, is not a section heading.

    Section ids:

    - a heading that starts with a section number takes it: ``## 4.1.3 Title`` and
      ``## 4.1.3. Title`` are ``4.1.3`` (kind ``numbered``); ``## Appendix A.1 Foo`` and
      ``## A.1 Foo`` are ``A.1`` (kind ``appendix``);
    - any other heading gets a slug of its heading path, such as ``introduction/scope`` (kind
      ``heading``);
    - a repeated id gets ``-2``, ``-3``... appended.

    Text before the first heading is a section with id ``front``. A document with no headings at
    all is one section, id ``document``, kind ``whole``. `Document.text` is the Markdown source
    unchanged, so offsets point straight into it.
    """

    def __init__(self) -> None:
        # Blocks only: only headings need their inline markup parsed, and the inline tokens of
        # every paragraph cost about twice the text (15x at the peak, instead of 8x).
        self._blocks = MarkdownIt("commonmark").disable("inline")
        self._inline = MarkdownIt("commonmark")

    def parse(self, text: str) -> Document:
        """Split a Markdown document into sections at its headings.

        Raises:
            EmptyDocumentError: The text is blank.
        """
        require_text(text)
        starts = line_starts(text, crlf=True)  # markdown-it counts CRLF and CR as one line break
        env: dict[str, Any] = {}  # the link reference definitions, which a heading's links may use
        tokens = self._blocks.parse(text, env)
        headings: list[Heading] = []
        for opening, inline in pairwise(tokens):
            if opening.type != "heading_open" or opening.level != 0 or opening.map is None:
                continue
            title = _plain(self._inline.parseInline(inline.content, env)[0])
            headings.append(Heading(level=int(opening.tag[1]), text=title, start=starts[opening.map[0]]))
        return Document(text=text, sections=sections_from_headings(text, headings))
