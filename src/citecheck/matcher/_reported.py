"""Words the source puts in quotation marks: it reports them, and may not say them itself.

``The old manual said: "The server accepts unsigned tokens." This was wrong.`` A quote of the
words in the marks is in the source word for word, but the source reports them, here to refute
them: a citation that gives them as the source's own claim launders them. The words before the
opening mark (``The old manual said:``) are what the quote leaves out, for a person to read.
"""

from __future__ import annotations

import re

from citecheck.matcher._tokens import WORD_RUN
from citecheck.matcher._written import title_cased

__all__ = ["reported"]

# Each opening mark and the marks that close it (a German quotation opens with „ and closes with “).
_CLOSING = {
    "\u201c": "\u201d",
    "\u201e": "\u201c\u201d",
    "\u00ab": "\u00bb",
    "\u300c": "\u300d",
    "\u300e": "\u300f",
    '"': '"',
}
_OPENING = "".join(_CLOSING)
_LEAST_WORDS = 4  # words in the marks: fewer are a name ("alg", "none"), which names, not reports
_LEAST_UNSPACED = 8  # characters of Chinese or Japanese, likewise
_REACH = 400  # characters after the quote the closing mark is looked for in, within its paragraph
_FRAME_WORDS = 8
_SENTENCE_END = re.compile(r"(?:[.!?](?=\s)|[\u3002\uff01\uff1f]|\n\s*\n)")


def reported(text: str, start: int, end: int) -> str | None:
    """A note when ``text[start:end]`` opens a quotation of the source's, in quotation marks; else ``None``.

    The quote starts right after an opening quotation mark (spaces aside), and the mark that
    closes it stands after the quote's end, in the same paragraph: the quote is the quotation or
    its first words. A straight ``"`` opens one only after a space, a colon or a bracket.
    """
    at = start - 1
    while at >= 0 and text[at] in " \t":
        at -= 1
    if at < 0 or text[at] not in _OPENING:
        return None
    mark = text[at]
    if mark == '"' and at > 0 and not (text[at - 1].isspace() or text[at - 1] in ":([\u2014-"):
        return None
    words = text[start:end]
    if any(closing in words for closing in _CLOSING[mark]):
        return None  # the marks close inside the quote: a name it opens with ('"Legal Entity" shall mean')
    if len(words.split()) < _LEAST_WORDS and (words.isascii() or len(words) < _LEAST_UNSPACED):
        return None
    paragraph = text[end : end + _REACH].split("\n\n", 1)[0]
    close = min((at for at in map(paragraph.find, _CLOSING[mark]) if at >= 0), default=-1)
    if close < 0:
        return None
    # Its words of four letters or more: a title's "in", "of", "the" stay in lower case.
    if title_cased(word for word in WORD_RUN.findall(words + paragraph[:close]) if len(word) >= 4):
        return None  # a title or a term ("Universal Resource Identifiers in WWW", "CONTENT ENCRYPTION KEY"): named
    frame = _frame(text[max(0, at - 200) : at])
    where = f" after {frame!r}" if frame else ""
    return (
        f"the source puts these words in quotation marks{where}: it reports them, and may not say them "
        "itself, so a person should look"
    )


def _frame(before: str) -> str:
    """The words of the sentence before an opening quotation mark, its last few."""
    ends = list(_SENTENCE_END.finditer(before))
    sentence = before[ends[-1].end() :] if ends else before
    words = sentence.split()
    return " ".join(words[-_FRAME_WORDS:])
