"""Provider responses of the documented shapes, for tests and benchmarks: sized ones (growth) and generated ones.

``sized(provider, n)`` builds a response of ``n`` citations, each on its own claim, with the
documents it cites: the growth tests and ``benchmarks/bench_growth.py`` compare ``n`` with ``8 n``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from citecheck import Document

POLICY = "The limit is ten items per request. Tokens expire after one hour. "


def policy() -> Document:
    """The document the sized responses cite."""
    return Document.from_sections({"1": POLICY * 4}, name="policy.txt")


Sized = tuple[object, Sequence[Document] | dict[str, Document]]


def _claims(n: int) -> list[str]:
    return [f"Claim number {i} is here." for i in range(n)]


def anthropic(n: int) -> Sized:
    blocks = [
        {
            "type": "text",
            "text": claim + " ",
            "citations": [
                {
                    "type": "char_location",
                    "cited_text": "The limit is ten items per request.",
                    "document_index": 0,
                    "start_char_index": 0,
                    "end_char_index": 35,
                }
            ],
        }
        for claim in _claims(n)
    ]
    return {"content": blocks}, [policy()]


def bedrock(n: int) -> Sized:
    blocks = [
        {
            "citationsContent": {
                "content": [{"text": claim + " "}],
                "citations": [
                    {
                        "sourceContent": [{"text": "The limit is ten items per request."}],
                        "location": {"documentChar": {"documentIndex": 0, "start": 0, "end": 35}},
                    }
                ],
            }
        }
        for claim in _claims(n)
    ]
    return {"output": {"message": {"content": blocks}}}, [policy()]


def _spans(n: int) -> tuple[str, list[tuple[int, int]]]:
    text, spans = "", []
    for claim in _claims(n):
        spans.append((len(text), len(text) + len(claim)))
        text += claim + " "
    return text, spans


def openai(n: int) -> Sized:
    text, spans = _spans(n)
    notes = [
        {"type": "url_citation", "url": "https://example.com/p", "title": "p", "start_index": s, "end_index": e}
        for s, e in spans
    ]
    content = [{"type": "output_text", "text": text, "annotations": notes}]
    return {"output": [{"type": "message", "content": content}]}, {"https://example.com/p": policy()}


def openai_files(n: int) -> Sized:
    """File citations placed by ``index``: the claim is the sentence before each, found backwards."""
    text, spans = _spans(n)
    notes = [{"type": "file_citation", "file_id": "file-1", "filename": "policy.txt", "index": e} for _, e in spans]
    content = [{"type": "output_text", "text": text, "annotations": notes}]
    return {"output": [{"type": "message", "content": content}]}, {"file-1": policy()}


def cohere(n: int) -> Sized:
    text, spans = _spans(n)
    source = {"type": "document", "id": "d", "document": {"id": "d", "text": "The limit is ten items."}}
    citations = [{"start": s, "end": e, "text": text[s:e], "sources": [source]} for s, e in spans]
    return {"message": {"content": [{"type": "text", "text": text}], "citations": citations}}, ()


def gemini(n: int) -> Sized:
    text, spans = _spans(n)
    supports = [
        {"segment": {"startIndex": s, "endIndex": e, "text": text[s:e]}, "groundingChunkIndices": [0]} for s, e in spans
    ]
    chunks = [{"retrievedContext": {"text": "The limit is ten items.", "title": "t"}}]
    metadata = {"groundingChunks": chunks, "groundingSupports": supports}
    return {"candidates": [{"content": {"parts": [{"text": text}]}, "groundingMetadata": metadata}]}, ()


def numbered(n: int) -> Sized:
    answer = " ".join(f"{claim.rstrip('.')} [1]." for claim in _claims(n))
    return {"answer": answer, "chunks": ["The limit is ten items."]}, ()


def numbered_chunks(n: int) -> Sized:
    """Distinct chunks, each cited once: a chunk is a document of its own."""
    answer = " ".join(f"{claim.rstrip('.')} [{i + 1}]." for i, claim in enumerate(_claims(n)))
    return {"answer": answer, "chunks": [f"The limit is {i} items." for i in range(n)]}, ()


def numbered_short(n: int) -> Sized:
    """Citations of a few bytes each (``C1 [1].``): what a citation costs beyond its JSON."""
    return {"answer": " ".join(f"C{i} [1]." for i in range(n)), "chunks": ["The limit is ten items."]}, ()


SIZED: dict[str, tuple[str, Callable[[int], Sized]]] = {
    "anthropic": ("anthropic", anthropic),
    "bedrock": ("bedrock", bedrock),
    "openai": ("openai", openai),
    "openai files": ("openai", openai_files),
    "cohere": ("cohere", cohere),
    "gemini": ("gemini", gemini),
    "numbered": ("numbered", numbered),
    "numbered chunks": ("numbered", numbered_chunks),
    "numbered short": ("numbered", numbered_short),
}
"""Each growth case: the adapter that reads it and its response builder."""


def sized(case: str, n: int) -> tuple[str, object, Any]:
    """The provider, a response of ``n`` citations and its documents, for the growth case ``case``."""
    provider, build = SIZED[case]
    response, documents = build(n)
    return provider, response, documents
