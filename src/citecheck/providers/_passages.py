"""Passages of a whole cited file or page that best match a claim, ranked with BM25 (``bm25s``).

A provider that cites a whole file or page (OpenAI's file and url citations, a Gemini web chunk)
says nothing about where in it the claim comes from. The judge reads the few passages whose words
best match the claim's, and the result records which were picked and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from typing import Any

from citecheck._models import Document
from citecheck.errors import CitecheckError
from citecheck.providers._model import Passage

__all__ = ["TOP_PASSAGES", "pick_passages"]

TOP_PASSAGES = 3
"""How many passages the judge reads for a claim cited to a whole file or page."""

# A passage of about a paragraph: long enough to hold a claim's support, short enough that three of
# them stay well under what the judge reads for an RFC section.
_MAX_WORDS = 120
_MIN_WORDS = 12
_PARAGRAPH = re.compile(r"\n[ \t]*\n+")
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Picked:
    """The passages picked, and why, in words."""

    passages: tuple[Passage, ...]
    text: str
    why: str


def _spans(document: Document) -> list[tuple[int, int]]:
    """Paragraph-sized spans of the document's text, in order, each at most `_MAX_WORDS` words."""
    spans: list[tuple[int, int]] = []
    for section in document.sections or ():
        at = section.start
        for piece in [*_PARAGRAPH.split(section.text)]:
            start = document.text.find(piece, at)
            at = start + len(piece)
            words = list(_WORD.finditer(piece))
            for first in range(0, len(words), _MAX_WORDS):
                chunk = words[first : first + _MAX_WORDS]
                spans.append((start + chunk[0].start(), start + chunk[-1].end()))
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        # A heading or a one-line paragraph alone ranks badly and reads worse: it joins the next one.
        if merged and len(_WORD.findall(document.text[merged[-1][0] : merged[-1][1]])) < _MIN_WORDS:
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return sorted(set(merged))


def _index(bm25s: Any, document: Document) -> tuple[list[tuple[int, int]], list[str], Any]:
    spans = _spans(document) or [(0, len(document.text))]
    texts = [document.text[start:end] for start, end in spans]
    retriever = bm25s.BM25()
    retriever.index(bm25s.tokenize(texts, stopwords="en", return_ids=False, show_progress=False), show_progress=False)
    return spans, texts, retriever


def pick_passages(document: Document, claim: str, *, top: int = TOP_PASSAGES) -> Picked:
    """The `top` passages of ``document`` whose words best match ``claim`` (BM25), in document order.

    Raises:
        CitecheckError: ``bm25s`` is not installed (``pip install 'citecheck-llm[providers]'``).
    """
    try:
        import bm25s  # type: ignore[import-untyped]  # ships no type information
    except ImportError:
        raise CitecheckError(
            "a citation of a whole file or page needs bm25s to pick passages: pip install 'citecheck-llm[providers]'"
        ) from None
    # The passages and their index are built once per document, however many claims cite it.
    spans, texts, retriever = document.derived("bm25 passages", partial(_index, bm25s))
    query = bm25s.tokenize([claim], stopwords="en", return_ids=False, show_progress=False)
    found, scores = retriever.retrieve(query, k=min(top, len(spans)), show_progress=False)
    ranked = [(int(i), float(s)) for i, s in zip(found[0], scores[0], strict=True) if float(s) > 0]
    if ranked:
        why = (
            f"BM25 (bm25s) on the claim's words: the best {len(ranked)} of {len(spans)} passages "
            f"(about a paragraph each) of {document.name or 'the document'}"
        )
    else:
        ranked = [(i, 0.0) for i in range(min(top, len(spans)))]
        why = f"no passage of {document.name or 'the document'} shares a word with the claim: its first {len(ranked)}"
    passages = []
    for rank, (index, score) in enumerate(ranked, start=1):
        start, end = document.source_span(*spans[index])
        passages.append(Passage(start=start, end=end, score=round(score, 4), rank=rank))
    in_order = sorted(ranked)
    text = "\n\n[...]\n\n".join(texts[index] for index, _ in in_order)
    return Picked(tuple(passages), text, why)
