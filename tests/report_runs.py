"""Runs to render as reports: the cookbook's, and a 500-citation run built on RFC 7519 with a fake judge."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from citecheck import CitationFailure, CitationResult, Document, TypeSafeJudge, check_citations, parse_file
from citecheck.testing import StaticJudge

Results = list[CitationResult | CitationFailure]

INJECTED_ID = "xss-<script>"
INJECTED_QUOTE = 'Markup is data: <script>window.__pwned = 1</script> and <img src=x onerror="window.__pwned = 2"> too'
INJECTED_SOURCE = Document.from_sections(
    {"intro": f"This page holds hostile text. {INJECTED_QUOTE}, shown as text.\n\nThe end."}, name="evil.html"
)


def cookbook_run(cookbook: Path, cache: Path) -> tuple[Results, list[Document]]:
    """The cookbook's 8 citations on RFC 7519, answers replayed from (a copy of) its recorded cache."""
    document = parse_file(cookbook / "rfc7519.txt")
    citations = json.loads((cookbook / "citations.json").read_text())
    with TypeSafeJudge(cache=cache) as judge:
        return list(check_citations(document, citations, judge=judge)), [document]


def _sentences(document: Document) -> list[tuple[str, str]]:
    found = []
    for section in document.numbered_sections:
        body = " ".join(section.text.split()[3:])  # past the heading
        for sentence in re.split(r"(?<=\.)\s+(?=[A-Z])", body):
            if 10 <= len(sentence.split()) <= 60 and '"' not in sentence:
                found.append((section.id, sentence))
    return found


def big_citations(document: Document, count: int = 500, seed: int = 11) -> tuple[list[dict[str, Any]], StaticJudge]:
    """``count`` citations of every kind on RFC 7519, one of them hostile markup, and a judge for them."""
    rng = random.Random(seed)
    sentences = _sentences(document)
    sections = [s.id for s in document.numbered_sections]
    name = document.name
    citations: list[dict[str, Any]] = []
    answers: dict[str, tuple[str, float]] = {}
    for number in range(count - 1):
        section, sentence = rng.choice(sentences)
        words = sentence.split()
        kind = number % 10
        quote: str | None = sentence
        if kind == 5 and len(words) >= 14:
            quote = " ".join(words[:5]) + " ... " + " ".join(words[-5:])
        elif kind == 6:
            at = rng.randrange(len(words))
            quote = " ".join([*words[:at], "never", *words[at + 1 :]])
        elif kind == 7:
            quote = None
        elif kind == 8:
            section = rng.choice(sections)
        elif kind == 9:
            quote = " ".join(rng.choice(["token", "claim", "issuer", "opaque", "nonce", "ledger"]) for _ in range(9))
        claim = f"Claim {number}: {' '.join(rng.sample(words, min(8, len(words))))}."
        answers[claim] = (rng.choice(["supports", "supports", "contradicts", "says_nothing"]), rng.uniform(0.4, 1.0))
        citations.append({"id": f"c{number:03d}", "claim": claim, "quote": quote, "section": section, "document": name})
    citations.append(
        {
            "id": INJECTED_ID,
            "claim": "<b>Bold</b> claim <script>window.__pwned = 3</script>",
            "quote": INJECTED_QUOTE,
            "section": "intro",
            "document": "evil.html",
        }
    )
    return citations, StaticJudge(answers, default=("supports", 0.9))


def big_run(cookbook: Path, count: int = 500) -> tuple[Results, list[Document]]:
    """The 500-citation run: RFC 7519 plus a page of hostile markup."""
    documents = [parse_file(cookbook / "rfc7519.txt"), INJECTED_SOURCE]
    citations, judge = big_citations(documents[0], count)
    return list(check_citations(documents, citations, judge=judge)), documents
