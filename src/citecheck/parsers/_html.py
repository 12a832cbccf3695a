"""The HTML parser: a page's readable text, split on its ``h1``-``h6`` headings, mapped back to the HTML."""

from __future__ import annotations

import html
from collections.abc import Sequence
from html.parser import HTMLParser as _Tokenizer

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document
from citecheck._offsets import OriginsBuilder
from citecheck.parsers._base import require_text
from citecheck.parsers._headings import Heading, line_starts, sections_from_headings
from citecheck.parsers._visibility import Closed, HeldScripts, OpenElements

__all__ = ["HTMLDocumentParser"]

# Content that is not part of the page's readable text; <title> is metadata the <h1> repeats.
_DROPPED = frozenset({"script", "style", "noscript", "template", "title"})
# Elements that stand apart from their neighbours by a blank line, and those that take a line of their own.
# A table's rows (and its caption) are blocks of their own: a quote that runs from one row into
# the next ("free Shipping to Mexico") joins two records, which the matcher flags at a blank line.
_PARAGRAPH = frozenset(
    {
        "address", "article", "aside", "blockquote", "caption", "dl", "fieldset", "figure", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre",
        "section", "table", "tr", "ul",
    }
)  # fmt: skip
_LINE = frozenset({"br", "dd", "details", "div", "dt", "figcaption", "li", "option", "summary", "tbody", "thead"})
_CELL = frozenset({"td", "th"})
_LISTS = frozenset({"ol", "ul", "menu"})
_HEADING = lazy_compile(r"h([1-6])")
_PIECES = lazy_compile(r"\s+|\S+")
_JOIN_EVERY = 1 << 14  # pieces joined at a time


class _ListCounter:
    """The numbers of an ``ol``'s items as a browser shows them: ``1.``, or ``a.``/``A.`` by its ``type``."""

    __slots__ = ("letters", "number")

    def __init__(self, number: int, letters: str | None) -> None:
        self.number, self.letters = number, letters

    @classmethod
    def of(cls, attrs: dict[str, str | None]) -> _ListCounter | None:
        kind = attrs.get("type") or "1"
        if kind not in ("1", "a", "A") or "reversed" in attrs:
            return None  # roman numerals, or counting down from a count not read yet: no number rather than a wrong one
        return cls(_integer(attrs.get("start"), 1), None if kind == "1" else kind)

    def next(self, value: str | None) -> str:
        """The mark of the next item (its own ``value`` if it has one), and count it."""
        number = self.number = _integer(value, self.number)
        self.number += 1
        if self.letters is None or not 1 <= number <= 26:
            return f"{number}."
        return chr(ord(self.letters) + number - 1) + "."


def _integer(written: str | None, default: int) -> int:
    try:
        return int(written) if written is not None else default
    except ValueError:
        return default


class _Extractor(_Tokenizer):
    """Collects readable text, each character with the offset in the HTML it came from.

    Character references are left to us (``convert_charrefs=False``) so that every piece of text
    arrives with its own position: the tokenizer reports where each event starts, and plain text
    is then copied one character for one.
    """

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=False)
        self.source = source
        self.line_starts = line_starts(source)
        # The text is kept as joined chunks and its origins as anchors: a list of one-character
        # strings and one of integers, one per character, cost over 50 times the text.
        self.done: list[str] = []
        self.chars: list[str] = []  # the pieces written since the last chunk
        self.origins = OriginsBuilder()
        self.dropping: list[str] = []
        self.pre = 0
        self.pending_break = 0
        self.break_at = 0
        self.pending_space: int | None = None
        self.heading: tuple[int, int | None] | None = None  # (level, offset of its first character)
        self.heading_words: list[str] = []
        self.headings: list[Heading] = []
        # The open lists, innermost last: an ordered list's next item number, or None (``ul``, or
        # an ``ol`` of roman numerals, which its numbers would misstate).
        self.lists: list[_ListCounter | None] = []
        # The open elements, for what they do to their text: hidden and struck-out text is not
        # written, and the text of a <sup> or <sub> waits for its end, to be written raised when
        # every character of it can be.
        self.elements = OpenElements()
        self.scripts = HeldScripts()

    def here(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    # Layout: breaks and spaces are only written once the next text arrives, so none trails.

    def request_break(self, lines: int) -> None:
        self.release_scripts()  # a superscript across a line break is not one raised run
        if lines > self.pending_break:
            self.pending_break, self.break_at = lines, self.here()
        self.pending_space = None

    def write(self, chars: str, position: int) -> None:
        """Write ``chars``, copied one for one from ``position`` in the HTML on."""
        self.chars.append(chars)
        self.origins.add(position, len(chars))
        if len(self.chars) >= _JOIN_EVERY:
            self.done.append("".join(self.chars))
            self.chars.clear()

    def text(self) -> str:
        return "".join([*self.done, "".join(self.chars)])

    def emit(self, char: str, position: int) -> None:
        if self.origins.length and self.pending_break:
            for _ in range(self.pending_break):
                self.write("\n", self.break_at)
        elif self.origins.length and self.pending_space is not None:
            self.write(" ", self.pending_space)
        self.pending_break, self.pending_space = 0, None
        if self.heading is not None and self.heading[1] is None:
            self.heading = (self.heading[0], self.origins.length)
        self.write(char, position)

    def add_text(self, text: str, positions: Sequence[int]) -> None:
        if self.dropping or self.elements.hidden or self.elements.deleted:
            return
        if self.scripts.holding():
            self.scripts.hold(text, positions)  # written at the </sup>, raised or as it is
            return
        if self.heading is not None:
            self.heading_words.append(text)
        if self.pre:
            for char, position in zip(text, positions, strict=True):
                if char == "\n":
                    # Blank lines inside <pre> are the author's layout: keep each one.
                    self.pending_break, self.break_at, self.pending_space = self.pending_break + 1, position, None
                else:
                    self.emit(char, position)
            return
        for piece in _PIECES.finditer(text):
            if piece.group().isspace():
                if self.origins.length and not self.pending_break and self.pending_space is None:
                    self.pending_space = positions[piece.start()]
                continue
            start, end = piece.span()
            if isinstance(positions, range) and end - start > 1:
                # Text copied from the page one for one: after its first character, a word is one run.
                self.emit(text[start], positions[start])
                self.write(text[start + 1 : end], positions[start + 1])
                continue
            for index in range(start, end):
                self.emit(text[index], positions[index])

    def closed(self, elements: Closed) -> None:
        """Write the text of each ``sup`` or ``sub`` among the closed ``elements``, raised or as it is."""
        for text, positions in self.scripts.close(elements):
            self.add_text(text, positions)

    def release_scripts(self) -> None:
        """Write the text of every open ``sup`` and ``sub`` as it is, and write what follows as it comes."""
        for text, positions in self.scripts.release():
            self.add_text(text, positions)

    def end_heading(self) -> None:
        if self.heading is None:
            return
        level, first = self.heading
        title = " ".join("".join(self.heading_words).split())
        if first is not None and title:
            self.headings.append(Heading(level=level, text=title, start=first))
        self.heading, self.heading_words = None, []

    # Tokenizer events.

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.start(tag, attrs, void=False)

    def start(self, tag: str, attrs: list[tuple[str, str | None]], *, void: bool) -> None:
        if tag in _DROPPED and not void:
            self.dropping.append(tag)
        if self.dropping:
            return
        attributes = dict(attrs)
        closed, shown = self.elements.start(tag, attributes, void=void)
        self.closed(closed)
        if (tag == "sup" or tag == "sub") and not void:
            self.scripts.open()  # held until it ends: `closed` writes it
        if not shown:
            # <p>a<div hidden>: the hidden <div> has no box, but it still ends the paragraph.
            if any(name in _PARAGRAPH for name, _ in closed):
                self.request_break(2)
            elif any(name in _LINE for name, _ in closed):
                self.request_break(1)
            return  # no box: no line break, no heading, no list number for what is not shown
        if tag in _PARAGRAPH or tag in _LINE:
            # A block inside a heading before its words (<h2><div>Title</div></h2>) is part of it;
            # after them, it means the heading was left unclosed.
            if _HEADING.fullmatch(tag) or (self.heading is not None and self.heading[1] is not None):
                self.end_heading()
            self.request_break(2 if tag in _PARAGRAPH else 1)
        elif tag in _CELL and self.origins.length and not self.pending_break:
            self.pending_space = self.here()
        if tag == "pre":
            self.pre += 1
        if tag in _LISTS:
            self.lists.append(_ListCounter.of(attributes) if tag == "ol" else None)
        elif tag == "li" and self.lists and self.lists[-1] is not None:
            # A page shows an ordered list's numbers: "3. Verify ...", as a reader quotes it.
            mark = self.lists[-1].next(attributes.get("value"))
            self.add_text(mark + " ", [self.here()] * (len(mark) + 1))
        heading = _HEADING.fullmatch(tag)
        if heading:
            self.heading, self.heading_words = (int(heading.group(1)), None), []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # Closed at once, as XHTML writes it: <script/> would otherwise drop everything after it,
        # and <div hidden/> hide it.
        self.start(tag, attrs, void=True)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.dropping:
            while self.dropping.pop() != tag:
                pass
            return
        if self.dropping:
            return
        closed, shown = self.elements.end(tag)
        self.closed(closed)
        if not shown:
            return
        if _HEADING.fullmatch(tag):
            self.end_heading()
        if tag in _PARAGRAPH or (tag in _LINE and tag != "br"):
            self.request_break(2 if tag in _PARAGRAPH else 1)
        if tag == "pre" and self.pre:
            self.pre -= 1
        if tag in _LISTS and self.lists:
            self.lists.pop()

    def handle_data(self, data: str) -> None:
        start = self.here()
        self.add_text(data, range(start, start + len(data)))

    def _reference(self, written: str) -> None:
        decoded = html.unescape(written)
        self.add_text(decoded, [self.here()] * len(decoded))

    def handle_entityref(self, name: str) -> None:
        self._reference(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self._reference(f"&#{name};")


class HTMLDocumentParser:
    """Parser for HTML pages.

    `Document.text` is the page's readable text: ``script``, ``style``, ``noscript``, ``template``
    and ``title`` content is dropped, and so is what the page hides (the ``hidden`` attribute, a
    ``style`` of ``display: none`` or ``visibility: hidden``) or strikes out (``del``, ``s``,
    ``strike``, ``text-decoration: line-through``); character references are decoded, runs of
    whitespace become one space (except inside ``pre``), paragraphs and other blocks are separated
    by blank lines, and so are a table's rows (its cells by a space), list items take a line
    each, and an ordered list's items open with their numbers (``2.``, or ``b.`` in an
    ``ol type="a"``) as a browser shows them, mapped to the ``li``. A ``sup`` or ``sub`` whose
    characters all have a Unicode superscript or subscript form is written in it (``2⁸``,
    ``log₂``), each mapped to the character it stands for. `Document.source` is the HTML as
    given, and `Document.source_map` maps every character of the text back to where it stands in
    the HTML, so `Document.to_source` gives the offset of a quote's first character in the page.

    Sections follow the ``h1``-``h6`` headings with the Markdown parser's rules: a numbered heading
    (``<h2>4.1.3. Title</h2>``) has id ``4.1.3``, any other one a slug of its heading path
    (``introduction/scope``); text before the first heading is a ``front`` section, and a page
    with no headings is one section, id ``document``, kind ``whole``.
    """

    def parse(self, text: str) -> Document:
        """Extract an HTML page's readable text and split it at its headings.

        Raises:
            EmptyDocumentError: The page is blank or has no readable text.
        """
        require_text(text)
        extractor = _Extractor(text)
        extractor.feed(text)
        extractor.close()
        extractor.end_heading()
        readable = extractor.text()
        require_text(readable, name="the HTML page's readable text")
        return Document(
            text=readable,
            sections=sections_from_headings(readable, extractor.headings),
            source=text,
            source_map=extractor.origins.offset_map(),
        )
