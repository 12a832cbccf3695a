"""The Markdown parser: the rendered text, split on ATX (``#``) and setext (underlined) headings."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document
from citecheck._offsets import OriginsBuilder
from citecheck.parsers._base import require_text
from citecheck.parsers._headings import Heading, line_starts, sections_from_headings
from citecheck.parsers._visibility import Closed, HeldScripts, OpenElements, Script, parse_tag, raised

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

__all__ = ["MarkdownParser", "render_markdown_inline"]

# What only markdown-it's inline parser renders right: emphasis (an underscore inside a word is
# none: "client_id"), strikethrough, backslash escapes, links and images, tags, autolinks and
# comments, character references, pandoc citations and cross-references. A block without any
# renders as itself, code spans aside: markdown-it's inline tokens cost time and memory, and most
# prose has none of these.
_NEEDS_INLINE = lazy_compile(
    r"\*|(?<!\w)_|_(?!\w)|~~|\\[!-/:-@\[-`{-~\n]|\]\(|\]\[|!\[|<[A-Za-z/!?]"
    r"|&(?:#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);|\[@|\{[@#]"
)
_BACKTICKS = lazy_compile(r"`+")
# Pandoc citations ("[@doi:10.1/x]", "[@a; @b]") and cross-references or attributes ("{@fig:Fig5}",
# "{#tbl:Table1}"): a rendered page shows a number or nothing in their place, never the key.
# Each starts where a run of blanks starts: a search does not read a long run again from each of its blanks.
_PANDOC = lazy_compile(r"(?<![ \t])[ \t]*\[@[^\[\]\n]*\]|\{@[^{}\n]*\}|(?<![ \t])[ \t]*\{#[^{}\n]*\}")
_ENTITY = lazy_compile(r"&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});")
_TAG = lazy_compile(r"<!--.*?(?:-->|$)|<[^>]*>", re.DOTALL)
_DELIMITERS = frozenset("*_~[]! \t\n")  # what may stand between two pieces of inline text
_JOIN_EVERY = 1 << 14  # pieces joined at a time


# A line break between two characters of Chinese or Japanese (wide characters other than Hangul)
# renders as nothing, as browsers render it (CSS Text's segment break rule): those scripts put no
# space between words, so a soft line break inside a sentence is no word break.
_WIDE = (
    "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\ufe30-\ufe4f\uff01-\uff60\uffe0-\uffe6\U00020000-\U0003ffff"
)
_WIDE_BREAK = lazy_compile(f"(?<=[{_WIDE}])\n(?=[{_WIDE}])")
_WIDE_CHAR = lazy_compile(f"[{_WIDE}]")
# Container markers at a line's start (block quotes, list bullets and numbers): what a line holds
# besides its text when the block parser gave up on it (see `_recover`).
_CONTAINER_MARKERS = lazy_compile(r"(?:[ \t]*(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$)))*[ \t]*")
_LEAF_BLOCKS = frozenset({"paragraph_open", "heading_open", "fence", "code_block", "html_block", "hr", "table_open"})
_LINE_BREAK = lazy_compile(r"\r\n|\r|\n")
_QUOTE_MARKUP = re.compile(r"[`*_\[<&\\{]")
# A full or collapsed reference link: "[text][label]", "[text][]". Its text holds a letter: "[2][3]"
# is a run of footnote markers, not a link.
_REFERENCE_LINK = lazy_compile(r"\[([^\[\]\n]*[^\W\d_][^\[\]\n]*)\]\[([^\[\]\n]*)\]")
# A GitHub table's row in a quote copied from the Markdown source ("| Mexico | $20 |"), the pipes
# between its cells (not one a backslash escapes), and the delimiter row under its header.
# Its outer pipes may be left out, two spaced pipes inside then tell it ("Chordoma | CHDM | 2 | 2").
_QUOTED_ROW = lazy_compile(r"^[ \t]*\||^(?:[^|\n]* \| ){2,}[^|\n]*$", re.MULTILINE)
_CELL_PIPE = lazy_compile(r"(?<!\\)\|")
_DELIMITER_ROW = lazy_compile(r"[ \t|:]*-[ \t|:-]*")


def _commonmark() -> MarkdownIt:
    # Imported by the first Markdown document or marked-up quote: a plain-text run never loads it.
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


def _github() -> MarkdownIt:
    """CommonMark with GitHub's tables and ``~~strikethrough~~``, as most Markdown is written and shown.

    markdown-it-py's ``commonmark`` preset has both rules but leaves them off; nothing else changes.
    """
    return _commonmark().enable(["table", "strikethrough"])


@cache
def _inline() -> MarkdownIt:
    return _commonmark()


def render_markdown_inline(text: str) -> str:
    """``text`` as a rendered Markdown line: what a quote copied from a Markdown source reads as.

    Code spans lose their backticks, emphasis its markers, a link its address, and pandoc
    citations and cross-references are dropped, as `MarkdownParser` renders a document; a table
    row loses its pipes (``| Mexico | $20 |`` is ``Mexico $20``), and a superscript or subscript is
    written raised as the page shows it (``2<sup>8</sup>`` is ``2⁸``). What the quote holds inside a
    hidden or struck-out element, or ``~~...~~``, is kept: the quote says it. Text without
    Markdown markup comes back as it is.
    """
    if "|" in text and _QUOTED_ROW.search(text):
        text = _table_rows(text)
    if not _QUOTE_MARKUP.search(text):
        return text
    words: list[str] = []
    raising: list[tuple[Script, int]] = []  # the open <sup> and <sub> tags, and where their text starts
    for child in _inline().parseInline(text, _reference_links(text))[0].children or ():
        if child.type in {"text", "code_inline"}:
            words.append(_PANDOC.sub("", child.content) if child.type == "text" else child.content)
        elif child.type in {"softbreak", "hardbreak"}:
            words.append("\n")
        elif child.type == "html_inline" and (tag := parse_tag(child.content)) is not None:
            # Raised and lowered text, and line breaks, as the page shows them ("2<sup>8</sup>" is
            # "2⁸"). Hidden or struck-out text stays: the quote holds it, whatever the page shows.
            closing, name, _, at_once = tag
            if name == "br" and not closing:
                words.append("\n")
            elif (name == "sup" or name == "sub") and not at_once:
                kind: Script = "sup" if name == "sup" else "sub"
                if not closing:
                    raising.append((kind, len(words)))
                elif raising and raising[-1][0] == kind:
                    start = raising.pop()[1]
                    written = raised("".join(words[start:]), kind)
                    if written is not None:
                        words[start:] = [written]
    return "".join(words)


def _table_rows(text: str) -> str:
    """A quote's table rows copied from the Markdown source, as the page shows them.

    Each row's cells apart by a space and the delimiter row (``| --- | --- |``) dropped, as
    `MarkdownParser` renders a table: ``| Mexico | $20 |`` reads ``Mexico $20``.
    """
    lines: list[str] = []
    for line in text.split("\n"):
        if not _QUOTED_ROW.match(line):
            lines.append(line)
        elif not _DELIMITER_ROW.fullmatch(line):
            cells = (cell.strip().replace("\\|", "|") for cell in _CELL_PIPE.split(line))
            lines.append(" ".join(cell for cell in cells if cell))
    return "\n".join(lines)


def _reference_links(text: str) -> dict[str, Any]:
    """markdown-it's ``env`` with a definition for each reference-style link of ``text``.

    A quote holds ``[API docs][vec-api]`` or ``[API docs][]`` without the definition the source
    gives elsewhere (``[vec-api]: ../std/vec/``), which CommonMark needs to read it as a link: the
    page shows the link's text only, so the labels are defined, to no address.
    """
    labels = {match.group(2) or match.group(1) for match in _REFERENCE_LINK.finditer(text)}
    if not labels:
        return {}
    from markdown_it.common.utils import normalizeReference

    return {"references": {normalizeReference(label): {"href": "", "title": ""} for label in labels}}


def _unescape(text: str) -> str:
    """`html.unescape`, imported on first use: rendering a quote (`render_markdown_inline`) needs none."""
    from html import unescape

    return unescape(text)


class _Block:
    """One block's content (markdown-it's text of it) and where each of its lines is in the source."""

    __slots__ = ("content", "line_origins", "line_starts")

    def __init__(self, content: str, source: str, starts: Sequence[int], first_line: int) -> None:
        self.content = content
        self.line_starts: list[int] = [0]
        first = content.split("\n", 1)[0]
        self.line_origins: list[int] = [_line_origin(first, source, starts, first_line)]
        if len(first) == len(content) or source.startswith(content, self.line_origins[0]):
            return  # copied from the source in one piece (no marker or indentation stripped): one run
        self.line_starts.clear()
        self.line_origins.clear()
        position = 0
        for number, line in enumerate(content.split("\n"), start=first_line):
            self.line_starts.append(position)
            self.line_origins.append(_line_origin(line, source, starts, number))
            position += len(line) + 1

    @classmethod
    def of_runs(cls, content: str, starts: list[int], origins: list[int]) -> _Block:
        """A block copied from the source in runs: ``content[starts[i]:]`` from ``origins[i]`` on, to the next run."""
        block = cls.__new__(cls)
        block.content, block.line_starts, block.line_origins = content, starts, origins
        return block

    def origin(self, offset: int) -> int:
        line = bisect_right(self.line_starts, offset) - 1
        return self.line_origins[line] + offset - self.line_starts[line]

    def line_end(self, offset: int) -> int:
        """The offset of the line break after ``offset``'s line; the block's end for a block in one piece."""
        line = bisect_right(self.line_starts, offset)
        return self.line_starts[line] - 1 if line < len(self.line_starts) else len(self.content)


def _line_origin(line: str, source: str, starts: Sequence[int], number: int) -> int:
    """Where a content line starts in the source.

    markdown-it takes a line's content from the end of its source line, after the indentation,
    list marker or ``>`` it strips.
    """
    if number >= len(starts):
        return len(source)
    begin = starts[number]
    end = starts[number + 1] if number + 1 < len(starts) else len(source)
    raw = source[begin:end].rstrip("\r\n")
    if raw.endswith(line):
        return begin + len(raw) - len(line)
    # Trailing spaces stripped, or a tab expanded in the indentation: find the words instead.
    words = line.strip()
    found = raw.find(words) if words else -1
    if found < 0:
        return begin
    return max(begin, begin + found - (len(line) - len(line.lstrip())))


def _cell_runs(source: str, content: str, start: int, end: int) -> tuple[list[int], list[int], int] | None:
    """Where a table cell's ``content`` stands in its row, ``source[start:end]``.

    Returns the runs of `_Block.of_runs` and where the content ends, or ``None`` when it is not
    there. markdown-it gives a cell's content trimmed, each escaped pipe (a backslash and a pipe)
    written as a pipe: each pipe starts a run of its own, after the backslash.
    """
    parts = content.split("|")
    at = source.find(parts[0], start, end)
    while at >= 0:
        starts, origins = [0], [at]
        position, offset = at + len(parts[0]), len(parts[0])
        for part in parts[1:]:
            if source.startswith("\\|", position):
                position += 1
            if position + 1 + len(part) > end or not source.startswith("|" + part, position):
                break
            starts.append(offset)
            origins.append(position)
            position, offset = position + 1 + len(part), offset + 1 + len(part)
        else:
            return starts, origins, position
        at = source.find(parts[0], at + 1, end)
    return None


def _closing(content: str, cursor: int, opening: str, closing: str) -> int:
    """The offset of the ``closing`` that closes an ``opening`` right before ``cursor`` (they nest), or -1.

    A backslash escapes the character after it.
    """
    depth = 0
    escaped = False
    for index in range(cursor, len(content)):
        char = content[index]
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == opening:
            depth += 1
        elif char == closing:
            if depth == 0:
                return index
            depth -= 1
    return -1


def _link_end(content: str, cursor: int) -> int:
    """The offset after a link's ``](destination)`` or ``][label]``, from ``cursor`` at its ``]``."""
    if not content.startswith("]", cursor):
        return cursor
    after = cursor + 1
    if content.startswith("[", after):
        close = content.find("]", after)
        return close + 1 if close >= 0 else after
    if not content.startswith("(", after):
        return after
    close = _closing(content, after + 1, "(", ")")
    return close + 1 if close >= 0 else after


class _Renderer:
    """Writes the rendered text of a Markdown document, each character mapped to its place in the source."""

    def __init__(self, source: str, inline: MarkdownIt, env: dict[str, Any]) -> None:
        self.source = source
        self.starts = line_starts(source, crlf=True)  # markdown-it counts CRLF and CR as one line break
        self.inline_parser = inline
        self.env = env
        self.done: list[str] = []
        self.pieces: list[str] = []
        self.origins = OriginsBuilder()
        self.pending: tuple[str, int] | None = None  # the break before the block being written
        self.block_start: int | None = None
        self.last_line = 0  # the source line after the last block written
        self.capture: list[str] | None = None  # a heading's words, while it is written
        # The document's open HTML elements, for what they do to their text: hidden and struck-out
        # text (and GitHub's ~~strikethrough~~, `struck` deep) is not written, and the text of a
        # <sup> or <sub> waits for its end, to be written raised when every character of it can be.
        self.elements = OpenElements()
        self.struck = 0
        self.scripts = HeldScripts()
        self.dropped = False  # text was left out since the last written: a space after it may be one too many
        self.row_at = self.row_end = 0  # the source of the table row being written, from its next cell on

    # Writing.

    def write(self, chars: str, origin: int) -> None:
        if not chars:
            return
        if self.elements.hidden or self.elements.deleted or self.struck:
            self.dropped = True  # not shown, or struck out: not what the page asserts
            return
        if self.scripts.holding():
            self.scripts.hold(chars, range(origin, origin + len(chars)))
            return
        if self.dropped:
            # "is ~~$50~~ $30." reads "is $30.": the space after what was left out is one too many.
            self.dropped = False
            if chars[0] == " " and self.at_space():
                kept = chars.lstrip(" ")
                origin, chars = origin + len(chars) - len(kept), kept
                if not chars:
                    self.dropped = True
                    return
        if self.pending is not None:
            breaks, at = self.pending
            self.pending = None
            if self.origins.length:
                self.pieces.append(breaks)
                for _ in breaks:
                    self.origins.add(at)
        if self.block_start is None:
            self.block_start = self.origins.length
        self.pieces.append(chars)
        if self.capture is not None:
            self.capture.append(chars)
        self.origins.add(origin, len(chars))
        if len(self.pieces) >= _JOIN_EVERY:
            self.done.append("".join(self.pieces))
            self.pieces.clear()

    def text(self) -> str:
        return "".join([*self.done, "".join(self.pieces)])

    def at_space(self) -> bool:
        """Whether the next character written starts a block or follows a space or a line break."""
        if self.block_start is None or self.pending is not None:
            return True
        last = self.pieces[-1] if self.pieces else self.done[-1] if self.done else ""
        return last[-1:] in {"", " ", "\n"}

    # Raw HTML.

    def tag(self, text: str, origin: int) -> None:
        """An HTML tag of the document's: what it opens or closes changes how the text after it shows."""
        parsed = parse_tag(text)
        if parsed is None:
            return  # a comment or a declaration
        closing, name, attrs, at_once = parsed
        if closing:
            self.closed(self.elements.end(name)[0])
            return
        self.closed(self.elements.start(name, attrs, void=at_once)[0])
        if (name == "sup" or name == "sub") and not at_once:
            self.scripts.open()  # held until it ends: `closed` writes it
        elif name == "br":
            self.write("\n", origin)

    def closed(self, elements: Closed) -> None:
        """Write the text of each ``sup`` or ``sub`` among the closed ``elements``, raised or as it is."""
        self.write_held(self.scripts.close(elements))

    def release_scripts(self) -> None:
        """Write the text of every open ``sup`` and ``sub`` as it is, and write what follows as it comes."""
        self.write_held(self.scripts.release())

    def write_held(self, pieces: Iterable[tuple[str, Sequence[int]]]) -> None:
        """Write held text: a run of the source's characters at once, raised ones each where it stands."""
        for chars, origins in pieces:
            if origins[-1] - origins[0] == len(chars) - 1:
                self.write(chars, origins[0])
            else:
                for char, origin in zip(chars, origins, strict=True):
                    self.write(char, origin)

    def copy(self, block: _Block, start: int, end: int) -> None:
        """Write ``block.content[start:end]`` as it is, a line at a time.

        A line break between two Chinese or Japanese characters is left out (see `_WIDE_BREAK`).
        """
        content = block.content
        while start < end:
            stop = min(end, block.line_end(start) + 1)
            if content.find("\n", start, stop) >= 0 and _WIDE_CHAR.search(content, start, stop):
                at = start
                # One character past the line: the break at its end looks at the next line's first.
                for found in _WIDE_BREAK.finditer(content, start, stop + 1):
                    self.write(content[at : found.start()], block.origin(at))
                    at = found.end()
                self.write(content[at:stop], block.origin(at))
            else:
                self.write(content[start:stop], block.origin(start))
            start = stop

    def begin(self, token: Token, *, apart: bool = False) -> tuple[int, int]:
        """Start a block: the break before it is written with its first character.

        A block ``apart`` (a table's row) stands apart from the one before by a blank line.
        """
        self.release_scripts()  # a superscript across blocks is not one raised run
        first, last = token.map or (self.last_line, self.last_line)
        if self.origins.length:
            breaks = "\n" if first <= self.last_line and not apart else "\n\n"
            at = self.starts[first] - 1 if 0 < first < len(self.starts) else len(self.source) - 1
            self.pending = (breaks, max(at, 0))
        self.block_start = None
        self.last_line = max(self.last_line, last)
        return first, last

    # Blocks.

    def item_number(self, token: Token) -> None:
        """An ordered list item's number and mark (``3.``, ``10)``) and a space, where the source has them."""
        mark = token.info + token.markup
        line = token.map[0] if token.map else self.last_line
        begin = self.starts[line] if line < len(self.starts) else len(self.source)
        found = self.source.find(
            mark, begin, self.starts[line + 1] if line + 1 < len(self.starts) else len(self.source)
        )
        if found >= 0:
            self.write(mark + " ", found)

    def verbatim(self, token: Token, first_line: int) -> None:
        """A code block's lines, as they are."""
        content = token.content.removesuffix("\n")
        block = _Block(content, self.source, self.starts, first_line)
        self.copy(block, 0, len(content))

    def html_block(self, token: Token, first_line: int) -> None:
        """An HTML block's text without its tags and comments, its character references decoded.

        What its tags hide or strike out is left out; an element it leaves open (``<div hidden>``
        alone on its lines) goes on over the blocks after it, as a browser reads it.
        """
        block = _Block(token.content.removesuffix("\n"), self.source, self.starts, first_line)
        position = 0
        for tag in [*_TAG.finditer(block.content), None]:
            end = tag.start() if tag else len(block.content)
            piece = block.content[position:end]
            if piece.strip():
                self.aligned(block, _unescape(piece), position)
            if tag:
                self.tag(tag.group(), block.origin(tag.start()))
            position = tag.end() if tag else end

    # Tables.

    def row(self, token: Token) -> None:
        """Start a table's row: a block of its own, so a quote that runs into the next row is flagged."""
        first, _ = self.begin(token, apart=True)
        self.row_at = self.starts[first] if first < len(self.starts) else len(self.source)
        self.row_end = self.starts[first + 1] if first + 1 < len(self.starts) else len(self.source)

    def cell(self, token: Token) -> None:
        """A table cell's rendered text, apart from the row's text before it by a space, as in an HTML page's."""
        content = token.content
        runs = _cell_runs(self.source, content, self.row_at, self.row_end) if content else None
        if runs is None:
            block = _Block(content, self.source, self.starts, token.map[0] if token.map else self.last_line)
        else:
            starts, origins, self.row_at = runs
            block = _Block.of_runs(content, starts, origins)
        if content and self.block_start is not None:
            # The space between two cells maps to the blank before this one's text, or its pipe.
            before = max(block.origin(0) - 1, 0)
            self.pending = (" ", before)
        self.inline(token, block)

    def inline(self, token: Token, block: _Block | None = None) -> None:
        """A paragraph's, a heading's or a table cell's rendered text."""
        if block is None:
            first = token.map[0] if token.map else self.last_line
            block = _Block(token.content, self.source, self.starts, first)
        content = block.content
        # "[RFC6749]" is a link only when the document defines that label.
        if not _NEEDS_INLINE.search(content) and not ("[" in content and self.env.get("references")):
            if "`" in content:
                self.code_spans(block)
            else:
                self.copy(block, 0, len(content))
            return
        children = self.inline_parser.parseInline(content, self.env)[0].children or []
        # Pandoc renders an image alone in its paragraph as a figure whose caption is its alt text
        # (a paper's "![**Overview.** A, ...](fig1.png){#fig:Fig1}"): that text is the page's.
        shown = [child for child in children if child.type != "text" or _PANDOC.sub("", child.content).strip()]
        figure = len(shown) == 1 and shown[0].type == "image"
        depth = len(self.elements.stack)
        self.children(block, children, 0, figure=figure)
        # What the paragraph's own tags opened ends with it, as a browser's </p> ends it.
        self.closed(self.elements.close_to(depth))
        self.struck = 0

    def children(self, block: _Block, children: list[Token], cursor: int, *, figure: bool = False) -> int:
        """Write inline tokens' rendered text from ``cursor`` in the block's content; the cursor after them."""
        content = block.content
        for child in children:
            kind = child.type
            if kind == "text":
                cursor = self.text_without_pandoc(block, child.content, cursor)
            elif kind == "code_inline":
                cursor = self.code(block, child, cursor)
            elif kind in {"softbreak", "hardbreak"}:
                found = content.find("\n", cursor)
                if found >= 0:
                    if kind == "hardbreak" or not self._wide_break(content, found):
                        self.write("\n", block.origin(found))
                    cursor = found + 1
            elif kind == "link_close":
                while cursor < len(content) and content[cursor] in "*_":
                    cursor += 1
                cursor = _link_end(content, cursor)
            elif kind == "image":
                # A rendered page shows the picture, not its alt text or address; a figure, its caption.
                opening = content.find("![", cursor)
                close = _closing(content, opening + 2, "[", "]") if opening >= 0 else -1
                if figure and close >= 0 and child.children:
                    self.children(block, child.children, opening + 2)
                cursor = _link_end(content, close) if close >= 0 else cursor
            elif kind == "html_inline":
                found = content.find(child.content, cursor)
                self.tag(child.content, block.origin(found if found >= 0 else min(cursor, max(len(content) - 1, 0))))
                cursor = found + len(child.content) if found >= 0 else cursor
            elif kind == "s_open":
                self.struck += 1
            elif kind == "s_close":
                self.struck = max(self.struck - 1, 0)
        return cursor

    def text_without_pandoc(self, block: _Block, text: str, cursor: int) -> int:
        """Write a text token without its pandoc citations; the cursor after it.

        The cursor steps over each citation in the source too, so the text after one maps to its
        own characters, not to a matching character inside the citation (the "." of ``10.1``).
        """
        written = 0
        for citation in _PANDOC.finditer(text):
            cursor = self.piece(block, text[written : citation.start()], cursor)
            key = citation.group().lstrip(" \t")
            found = block.content.find(key, cursor)
            if found >= 0:
                cursor = found + len(key)
            written = citation.end()
        return self.piece(block, text[written:], cursor)

    def _wide_break(self, content: str, found: int) -> bool:
        """Whether the soft line break at ``found`` stands between two Chinese or Japanese characters."""
        last = self.pieces[-1][-1:] if self.pieces else ""
        following = content[found + 1 : found + 2]
        return bool(last and following and _WIDE_CHAR.match(last) and _WIDE_CHAR.match(following))

    def code_spans(self, block: _Block) -> None:
        """A block whose only markup is backticks, rendered without markdown-it's inline tokens.

        CommonMark's rule: a run of n backticks opens a code span that the next run of exactly n
        closes; one space is stripped from each end of a span that starts and ends with one (and is
        not all spaces); a run no run of its length follows is text.
        """
        content = block.content
        runs = [(match.start(), match.end()) for match in _BACKTICKS.finditer(content)]
        by_length: dict[int, list[int]] = {}
        for place, (start, end) in enumerate(runs):
            by_length.setdefault(end - start, []).append(place)
        written, place = 0, 0
        while place < len(runs):
            start, end = runs[place]
            same = by_length[end - start]
            following = bisect_right(same, place)
            if following >= len(same):
                place += 1  # no closing run: these backticks are text
                continue
            closing = same[following]
            self.copy(block, written, start)
            code_start, code_end = end, runs[closing][0]
            code = content[code_start:code_end]
            if len(code) > 2 and code[0] in " \n" and code[-1] in " \n" and code.strip(" \n"):
                code_start, code_end = code_start + 1, code_end - 1
            self.copy(block, code_start, code_end)
            written, place = runs[closing][1], closing + 1
        self.copy(block, written, len(content))

    def piece(self, block: _Block, piece: str, cursor: int) -> int:
        """Write a piece of inline text, found at ``cursor`` or after delimiters; the cursor after it."""
        if not piece:
            return cursor
        content = block.content
        found = content.find(piece, cursor)
        if found >= 0 and all(char in _DELIMITERS for char in content[cursor:found]):
            self.copy(block, found, found + len(piece))
            return found + len(piece)
        return self.aligned(block, piece, cursor)

    def aligned(self, block: _Block, piece: str, cursor: int) -> int:
        """Write text that differs from its source by escapes and character references, char by char."""
        content = block.content
        index = 0
        while index < len(piece):
            char = piece[index]
            if content.startswith(char, cursor) or (char == " " and content.startswith("\n", cursor)):
                self.write(char, block.origin(cursor))
                cursor, index = cursor + 1, index + 1
                continue
            if content.startswith("\\", cursor) and content.startswith(char, cursor + 1):
                self.write(char, block.origin(cursor + 1))
                cursor, index = cursor + 2, index + 1
                continue
            entity = _ENTITY.match(content, cursor)
            decoded = _unescape(entity.group()) if entity else ""
            if entity and decoded and piece.startswith(decoded, index):
                self.write(decoded, block.origin(cursor))
                cursor, index = entity.end(), index + len(decoded)
                continue
            found = content.find(char, cursor)
            self.write(char, block.origin(found if found >= 0 else max(min(cursor, len(content) - 1), 0)))
            cursor, index = (found + 1 if found >= 0 else cursor), index + 1
        return cursor

    def code(self, block: _Block, token: Token, cursor: int) -> int:
        """A code span's code without its backticks; the cursor after the closing ones."""
        content = block.content
        opening = content.find(token.markup, cursor)
        if opening < 0:
            return self.aligned(block, token.content, cursor)
        start = opening + len(token.markup)
        if token.content and content.startswith(token.content, start):
            pass
        elif content[start : start + 1] in {" ", "\n"}:
            start += 1  # the space markdown-it strips from a span that starts and ends with one
        end = self.aligned(block, token.content, start)
        closing = content.find(token.markup, end)
        return closing + len(token.markup) if closing >= 0 else end


def _markers_end(line: str) -> int:
    """Where a line's text starts after its container markers."""
    found = _CONTAINER_MARKERS.match(line)
    return found.end() if found else 0


def _starts_at_or_after(token: Token, line: int) -> bool:
    return token.map is not None and token.map[0] >= line


def _lost_runs(tokens: Sequence[Token], lines: Sequence[str]) -> list[tuple[int, int]]:
    """The runs of lines (first, end) that hold text no block took: where markdown-it gave up.

    Past its nesting limit (20 levels of block quotes, lists and their items), markdown-it skips
    the rest of the container it is in, and a list's rest runs to the end of the document. A line
    no leaf block (paragraph, heading, code, HTML, rule) covers holds nothing but container markers
    or a link reference definition, except there.
    """
    covered = bytearray(len(lines))
    for token in tokens:
        if token.type in _LEAF_BLOCKS and token.map:
            first, end = token.map
            covered[first:end] = b"\1" * (min(end, len(lines)) - first)
    runs: list[tuple[int, int]] = []
    line = covered.find(0)
    while 0 <= line < len(lines):
        end = covered.find(1, line)
        end = len(lines) if end < 0 else end
        if any(_markers_end(lines[number]) < len(lines[number]) for number in range(line, end)):
            runs.append((line, end))
        line = covered.find(0, end)
    return runs


class MarkdownParser:
    """Parser for Markdown documents: CommonMark, with GitHub's tables and strikethrough.

    `Document.text` is the rendered text, what a reader sees and quotes: code spans without their
    backticks, emphasis without its markers, links as their text (the address, inline or from a
    reference definition, is dropped), images (a figure, an image alone in its paragraph, as its
    caption), HTML tags and comments dropped, character references decoded, blockquote and list
    markers and code fences dropped, and pandoc citations (``[@doi:10.1/x]``) and cross-references
    or attributes (``{@fig:Fig1}``, ``{#tbl:Table1}``) dropped. A table's rows are blocks apart by
    a blank line, each row's cells apart by a space, as `HTMLDocumentParser` writes an HTML
    table. ``~~struck out~~`` text is dropped, and raw HTML reads as `HTMLDocumentParser` reads
    it: hidden and struck-out elements dropped, ``<br>`` a line break, a superscript or subscript
    written in Unicode's forms when every character of it has one (``2<sup>8</sup>`` is ``2⁸``).
    `Document.source` is the Markdown as given, and `Document.source_map` maps every character of
    the text back to where it stands in it (`Document.to_source`).

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
    all is one section, id ``document``, kind ``whole``.
    """

    # Blocks first, then each block's inline markup on its own, and only when it has any: the
    # inline tokens of every paragraph at once cost about twice the text. Both are made on the
    # first parse, so a registry holding this parser costs no markdown-it import until it is used.
    @cached_property
    def _blocks(self) -> MarkdownIt:
        return _github().disable("inline")

    @cached_property
    def _inline(self) -> MarkdownIt:
        return _github()

    def __reduce__(self) -> tuple[type[MarkdownParser], tuple[()]]:
        # markdown-it's parsers hold modules, which do not pickle; they are rebuilt instead, so a
        # registry holding this parser can go to another process (Ray, Dask, multiprocessing).
        return (type(self), ())

    def _recover(self, tokens: list[Token], text: str, env: dict[str, Any]) -> list[Token]:
        """The tokens, with the blocks of text markdown-it dropped past its nesting limit put back.

        Each run of lines it dropped is parsed again without its container markers, so its text
        is kept (as paragraphs, headings or code at the top level): no text is lost, however deep.
        """
        lines = _LINE_BREAK.split(text)
        runs = _lost_runs(tokens, lines)
        if not runs:
            return tokens
        recovered: list[Token] = []
        at = 0
        for first, end in runs:
            while at < len(tokens) and not _starts_at_or_after(tokens[at], end):
                recovered.append(tokens[at])
                at += 1
            stripped = [line[_markers_end(line) :] for line in lines[first:end]]
            for token in self._blocks.parse("\n".join(stripped), env):
                if token.map:
                    token.map = [token.map[0] + first, token.map[1] + first]
                recovered.append(token)
        recovered.extend(tokens[at:])
        return recovered

    def parse(self, text: str) -> Document:
        """Render a Markdown document's text and split it into sections at its headings.

        Raises:
            EmptyDocumentError: The text is blank.
        """
        require_text(text)
        env: dict[str, Any] = {}  # the link reference definitions, which any link may use
        tokens = self._blocks.parse(text, env)
        nesting = self._blocks.options.maxNesting
        if any(token.level >= nesting - 1 for token in tokens):
            tokens = self._recover(tokens, text, env)
        renderer = _Renderer(text, self._inline, env)
        headings: list[Heading] = []
        heading_level: int | None = None
        item: Token | None = None  # an ordered list's item whose number is still to be written
        in_cell = False
        for token in tokens:
            kind = token.type
            if kind == "inline" and in_cell:
                renderer.cell(token)
            elif kind == "tr_open":
                item = None
                renderer.row(token)
            elif kind in {"th_open", "td_open", "th_close", "td_close"}:
                in_cell = kind.endswith("open")
            elif kind == "list_item_open":
                item = token if token.info else None  # an ordered list's items have a number
            elif kind == "heading_open":
                renderer.begin(token)
                heading_level = int(token.tag[1]) if token.level == 0 else None
                item = None
            elif kind == "paragraph_open":
                renderer.begin(token)
                if item is not None:
                    # A page shows an ordered list's numbers: "3. Verify ...", as a reader quotes it.
                    renderer.item_number(item)
                    item = None
            elif kind == "inline" and heading_level is not None:
                renderer.capture = []
                renderer.inline(token)
                start = renderer.block_start if renderer.block_start is not None else renderer.origins.length
                title = " ".join("".join(renderer.capture).split())
                if renderer.block_start is not None or not renderer.elements.hidden:
                    # A heading inside a hidden element (<div hidden> over blocks) starts no section.
                    headings.append(Heading(level=heading_level, text=title, start=start))
                renderer.capture, heading_level = None, None
            elif kind == "inline":
                renderer.inline(token)
            elif kind in {"fence", "code_block"}:
                item = None
                first, _ = renderer.begin(token)
                renderer.verbatim(token, first + 1 if kind == "fence" else first)
            elif kind == "html_block":
                item = None
                first, _ = renderer.begin(token)
                renderer.html_block(token, first)
        rendered = renderer.text()
        source_map = renderer.origins.offset_map()
        # markdown-it's block tokens (about 300 bytes a block) and the written pieces are done
        # with: let them go before every section copies its text.
        del tokens, renderer
        require_text(rendered, name="the Markdown document's rendered text")
        return Document(
            text=rendered, sections=sections_from_headings(rendered, headings), source=text, source_map=source_map
        )
