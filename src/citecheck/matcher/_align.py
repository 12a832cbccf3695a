"""Where a quote and the source text it matched differ, word by word, for a reader to see.

`align_quote` cuts the source text into `QuoteSegment`s: runs of words the quote shares, leaves
out (at an ellipsis of its own or not), changes or adds. The review report marks them up.
"""

from __future__ import annotations

from dataclasses import dataclass

from citecheck.matcher._diffs import word_opcodes
from citecheck.matcher._quote import ELLIPSIS
from citecheck.matcher._tokens import WORD, join_words

__all__ = ["QuoteSegment", "align_quote"]

_ELIDED = "elided"  # the role of words left out at an ellipsis of the quote, until they become a QuoteSegment


@dataclass(frozen=True)
class QuoteSegment:
    """A run of source text with one role: ``plain``, ``match``, ``omitted``, ``changed`` or ``added``."""

    kind: str
    """The role: ``plain`` (outside the match), ``match`` (words the quote shares), ``omitted``, ``changed``
    or ``added``."""
    text: str
    """The source's text (empty for ``added``: words only the quote has, in `replacement`)."""
    replacement: str = ""
    """For ``changed``: the quote's words in place of the source's; for ``added``: the words the quote adds."""
    by_ellipsis: bool = False
    """For ``omitted``: whether the quote writes an ellipsis where these words are left out."""

    @property
    def label(self) -> str:
        """What left out ``omitted`` words, as the page says it."""
        return "left out by the ellipsis" if self.by_ellipsis else "left out of the quote"


def _ellipses(quote: str) -> frozenset[int]:
    """The positions among the quote's words at which it writes an ellipsis (0: before the first word)."""
    pieces = ELLIPSIS.split(quote)
    positions: set[int] = set()
    count = 0
    for piece in pieces[:-1]:
        count += len(WORD.findall(piece))
        positions.add(count)
    return frozenset(positions)


def align_quote(quote: str, source: str) -> list[QuoteSegment]:
    """``source`` as segments, word by word against ``quote``: words the quote shares, left out, changed, or added.

    Words left out where the quote writes an ellipsis are marked as the ellipsis's, whichever tier
    matched (a custom one too): it is read from the quote and the source, not from a tier's name.
    """
    source_words = list(WORD.finditer(source))
    quote_words = WORD.findall(quote)
    ellipses = _ellipses(quote)
    roles = ["match"] * len(source_words)
    added_before: dict[int, str] = {}
    replaced: dict[int, str] = {}
    for op, q_start, q_end, s_start, s_end in word_opcodes(quote_words, [m.group() for m in source_words]):
        quoted = join_words(quote_words[q_start:q_end])
        if op == "insert":
            roles[s_start:s_end] = [_ELIDED if q_start in ellipses else "omitted"] * (s_end - s_start)
        elif op == "delete":
            added_before[s_start] = (added_before.get(s_start, "") + " " + quoted).strip()
        else:
            roles[s_start:s_end] = ["changed"] * (s_end - s_start)
            replaced[s_end - 1] = quoted
    segments: list[QuoteSegment] = []

    def push(role: str, text: str, replacement: str = "") -> None:
        kind, by_ellipsis = ("omitted", True) if role == _ELIDED else (role, False)
        last = segments[-1] if segments else None
        if last and (last.kind, last.by_ellipsis) == (kind, by_ellipsis) and not last.replacement and not replacement:
            segments[-1] = QuoteSegment(kind, last.text + text, by_ellipsis=by_ellipsis)
        elif text or replacement:
            segments.append(QuoteSegment(kind, text, replacement, by_ellipsis))

    position = 0
    for index, word in enumerate(source_words):
        gap_kind = roles[index] if index and roles[index - 1] == roles[index] else "match"
        push(gap_kind, source[position : word.start()])
        if index in added_before:
            push("added", "", added_before[index])
        push(roles[index], word.group(), replaced.get(index, ""))
        position = word.end()
    push("match", source[position:])
    if len(source_words) in added_before:
        push("added", "", added_before[len(source_words)])
    return segments
