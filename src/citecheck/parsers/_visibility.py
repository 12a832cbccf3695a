"""What HTML elements do to the text a reader sees: hide it, strike it out, raise or lower it.

Shared by the HTML parser and the Markdown parser's raw HTML, so a page and a Markdown file that
hold the same markup render the same text. Section text is what the page asserts: text a reader
does not see (``hidden``, ``display: none``, a script) and text it shows struck out (``<del>``)
are no part of it, and a superscript that has a Unicode form (``2<sup>8</sup>``) reads as the page
shows it (``2⁸``), not as another number (``28``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Literal

from citecheck._lazy_re import lazy_compile

__all__ = ["VOID", "Closed", "Effect", "HeldScripts", "OpenElements", "Script", "effect", "parse_tag", "raised"]

Effect = Literal["hidden", "deleted", "sup", "sub"]
Script = Literal["sup", "sub"]
Closed = list[tuple[str, Effect | None]]
"""Elements a tag closed, innermost first: each one's name and effect."""

# Elements that never have content: a start tag opens nothing that an end tag must close.
VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
)
# Whose content a browser never shows as text. <noscript> is not here: a reader without scripts
# sees it (the HTML parser drops it on its own, as a page with scripts shows it).
_NOT_RENDERED = frozenset({"script", "style", "template"})
_STRUCK = frozenset({"del", "s", "strike"})
# ``display: none`` and ``visibility: hidden`` (or ``collapse``), in any case and spacing, as a
# declaration of their own: not ``--display: none``, not ``display: nonesuch``.
_HIDING_STYLE = lazy_compile(
    r"(?:^|[;{\s])(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!\s*important\s*)?(?:;|}|$)",
    re.IGNORECASE,
)
_STRUCK_STYLE = lazy_compile(
    r"(?:^|[;{\s])text-decoration(?:-line)?\s*:[^;]*?(?<![\w-])line-through(?![\w-])", re.IGNORECASE
)

# The characters with a superscript (subscript) form, and that form. A run of only these is
# written in them; any other (``4<sup>th</sup>``, ``<sup>[1]</sup>``) is left on the line.
_SUPERSCRIPT = str.maketrans(
    "0123456789+-\u2212=()ni",
    "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207b\u207c\u207d\u207e\u207f\u2071",
)
_SUBSCRIPT = str.maketrans(
    "0123456789+-\u2212=()",
    "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208b\u208c\u208d\u208e",
)
_TABLES: dict[Script, dict[int, int]] = {"sup": _SUPERSCRIPT, "sub": _SUBSCRIPT}


def raised(text: str, kind: Script) -> str | None:
    """``text`` written in superscript (``kind="sup"``) or subscript characters, spaces dropped.

    ``None`` when a character of it has no such form, or it has no character but spaces: it is
    then rendered on the line, as it is.
    """
    table = _TABLES[kind]
    written = "".join(text.split())
    if not written or any(ord(char) not in table for char in written):
        return None
    return written.translate(table)


Piece = tuple[str, Sequence[int]]
"""Text and where each of its characters stands in the source."""


class HeldScripts:
    """The text of the open ``sup`` and ``sub`` elements, held until each ends, to be written raised.

    One buffer per open element, innermost last; ``None`` for one given up (`release`), whose text
    is written as it comes. Both parsers write what `close` and `release` give back.
    """

    __slots__ = ("buffers",)

    def __init__(self) -> None:
        self.buffers: list[list[Piece] | None] = []

    def open(self) -> None:
        """A ``sup`` or ``sub`` starts: its text is held from now on."""
        self.buffers.append([])

    def holding(self) -> bool:
        """Whether text written now belongs to an open ``sup`` or ``sub``, to be held (`hold`)."""
        return bool(self.buffers) and self.buffers[-1] is not None

    def hold(self, text: str, positions: Sequence[int]) -> None:
        """Keep text for the innermost open ``sup`` or ``sub`` (only while `holding`)."""
        buffer = self.buffers[-1]
        assert buffer is not None
        buffer.append((text, positions))

    def close(self, elements: Closed) -> Iterator[Piece]:
        """What to write as each ``sup`` or ``sub`` among the closed ``elements`` ends (innermost first).

        Its text raised when every character can be, each raised character mapped to the one it
        stands for and the spaces dropped (``2<sup>n - 1</sup>`` is ``2ⁿ⁻¹``); else its text as it
        came. Yielded one element at a time: what the caller writes for an inner one is held by
        the outer one, still open, before that ends.
        """
        for _, closed in elements:
            if closed != "sup" and closed != "sub":
                continue
            pieces = self.buffers.pop() if self.buffers else None
            if not pieces:
                continue
            written = raised("".join(text for text, _ in pieces), closed)
            if written is None:
                yield from pieces
                continue
            yield (
                written,
                [
                    position
                    for text, positions in pieces
                    for char, position in zip(text, positions, strict=True)
                    if not char.isspace()
                ],
            )

    def release(self) -> list[Piece]:
        """Give up every open ``sup`` and ``sub``: their text so far, to be written as it is.

        What follows is not held, as the buffers given up are ``None`` until their elements end.
        """
        if not any(self.buffers):
            return []
        pieces = [piece for buffer in self.buffers if buffer for piece in buffer]
        self.buffers = [None] * len(self.buffers)
        return pieces


def effect(tag: str, attrs: Mapping[str, str | None]) -> Effect | None:
    """What an element does to its text: ``hidden``, ``deleted`` (struck out), ``sup``, ``sub``, or nothing.

    Hidden: the ``hidden`` attribute (but ``hidden="until-found"``, which a reader can open as a
    ``<details>``), a ``style`` of ``display: none`` or ``visibility: hidden``, and the content of
    ``<script>``, ``<style>`` and ``<template>``. ``aria-hidden`` is for screen readers: the text
    is shown. Deleted: ``<del>``, ``<s>``, ``<strike>`` and a ``text-decoration`` of
    ``line-through``.
    """
    if tag in _NOT_RENDERED:
        return "hidden"
    if "hidden" in attrs and (attrs["hidden"] or "").strip().lower() != "until-found":
        return "hidden"
    style = attrs.get("style")
    if style and _HIDING_STYLE.search(style):
        return "hidden"
    if tag in _STRUCK or (style and _STRUCK_STYLE.search(style)):
        return "deleted"
    if tag == "sup":
        return "sup"
    if tag == "sub":
        return "sub"
    return None


# Where a start tag implicitly closes an open element, as a browser's parser does (HTML's "in
# body" rules, simplified): which elements it closes, and the elements a search for them stops at.
_SCOPE = frozenset({"applet", "button", "caption", "html", "marquee", "object", "table", "td", "template", "th"})
_CLOSES_P = frozenset(
    {
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "dd", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
        "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "ul",
    }
)  # fmt: skip
_Rule = tuple[frozenset[str], frozenset[str]]
_P_RULE: _Rule = (frozenset({"p"}), _SCOPE)
_IMPLIED: dict[str, tuple[_Rule, ...]] = {
    **dict.fromkeys(_CLOSES_P, (_P_RULE,)),
    "li": ((frozenset({"li"}), _SCOPE | {"ol", "ul", "menu", "dir"}), _P_RULE),
    "dd": ((frozenset({"dd", "dt"}), _SCOPE | {"dl"}), _P_RULE),
    "dt": ((frozenset({"dd", "dt"}), _SCOPE | {"dl"}), _P_RULE),
    "td": ((frozenset({"td", "th"}), frozenset({"table", "tr"})),),
    "th": ((frozenset({"td", "th"}), frozenset({"table", "tr"})),),
    "tr": ((frozenset({"tr"}), frozenset({"table"})),),
    **dict.fromkeys(("tbody", "thead", "tfoot"), ((frozenset({"tbody", "thead", "tfoot"}), frozenset({"table"})),)),
    "option": ((frozenset({"option"}), frozenset({"select", "datalist"})),),
}
_LOOK_BACK = 32  # open elements searched for one a start tag closes: a page's nesting, not a hostile one's


class OpenElements:
    """The open elements, innermost last, and what they do to the text written now.

    A page that leaves ``<p>``, ``<li>`` or ``<td>`` open closes it where the next one starts, as
    a browser does, so an unclosed ``<p hidden>`` hides its paragraph, not the rest of the page.
    An end tag closes the innermost open element of its name and every element opened inside it;
    an end tag with no open element of its name is ignored. Each element costs a tuple, and each
    tag constant time (the count per name spares a search for an end tag nothing opened).
    """

    __slots__ = ("counts", "deleted", "hidden", "stack")

    def __init__(self) -> None:
        self.stack: list[tuple[str, Effect | None, bool]] = []  # (tag, effect, shown: itself and no ancestor hidden)
        self.counts: dict[str, int] = {}
        self.hidden = 0
        """How many open elements hide their text: text is shown only when none does."""
        self.deleted = 0
        """How many open elements strike their text out."""

    def start(self, tag: str, attrs: Mapping[str, str | None], *, void: bool = False) -> tuple[Closed, bool]:
        """Open an element (``void``: one that is closed at once, as ``<br>`` or ``<x/>``).

        Returns:
            The elements it closed (a ``<p>`` left open before a ``<div>``), innermost first, and
            whether the element itself is shown (neither it nor an open element hides it).
        """
        closed = self._implied(tag)
        own = effect(tag, attrs)
        shown = not self.hidden and own != "hidden"
        if not void and tag not in VOID:
            self.stack.append((tag, own, shown))
            self.counts[tag] = self.counts.get(tag, 0) + 1
            self._count(own, 1)
        return closed, shown

    def end(self, tag: str) -> tuple[Closed, bool]:
        """Close the innermost open ``tag`` and what is open inside it.

        Returns:
            The elements closed, innermost first, and whether the closed element was shown (for
            an end tag with nothing to close: whether text is shown here).
        """
        if not self.counts.get(tag):
            return [], not self.hidden
        closed: Closed = []
        while True:
            name, own, shown = self._pop()
            closed.append((name, own))
            if name == tag:
                return closed, shown

    def close_to(self, depth: int) -> Closed:
        """Close every element opened since the stack was ``depth`` deep, innermost first."""
        closed: Closed = []
        while len(self.stack) > depth:
            name, own, _ = self._pop()
            closed.append((name, own))
        return closed

    def _implied(self, tag: str) -> Closed:
        closed: Closed = []
        for targets, stops in _IMPLIED.get(tag, ()):
            for depth in range(len(self.stack) - 1, max(len(self.stack) - 1 - _LOOK_BACK, -1), -1):
                name = self.stack[depth][0]
                if name in targets:
                    closed.extend(self.close_to(depth))
                    break
                if name in stops:
                    break
        return closed

    def _pop(self) -> tuple[str, Effect | None, bool]:
        name, own, shown = self.stack.pop()
        self.counts[name] -= 1
        self._count(own, -1)
        return name, own, shown

    def _count(self, own: Effect | None, step: int) -> None:
        if own == "hidden":
            self.hidden += step
        elif own == "deleted":
            self.deleted += step


# A tag as markdown-it gives it (an inline tag, or one of an HTML block): its name, its attributes.
_TAG = lazy_compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.DOTALL)
_ATTRIBUTE = lazy_compile(r"([^\s\"'>/=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'=<>`]+)))?")


def parse_tag(text: str) -> tuple[bool, str, dict[str, str | None], bool] | None:
    """A start or end tag's parts: (an end tag, its name in lower case, its attributes, closed at once ``/>``).

    ``None`` for a comment, a declaration or a processing instruction, which change no text.
    """
    found = _TAG.match(text)
    if found is None:
        return None
    closing, name, rest = found.groups()
    attrs: dict[str, str | None] = {}
    for attribute in _ATTRIBUTE.finditer(rest):
        value = next((group for group in attribute.groups()[1:] if group is not None), None)
        if value and "&" in value:
            # Imported here: a plain-text run imports this module (through the matcher's reading
            # of a quote as Markdown) and must not load `html` (see tests/test_startup.py).
            from html import unescape

            value = unescape(value)
        attrs.setdefault(attribute.group(1).lower(), value)
    return bool(closing), name.lower(), attrs, rest.rstrip().endswith("/")
