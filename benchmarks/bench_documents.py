"""Step 1 across many documents: `locate_in` against a peer's gate, in the same run, on the same quotes.

Run from the repository root (with ``CITECHECK_FIXTURES`` set, or ``../shared/fixtures`` next to it):

    python benchmarks/bench_documents.py                 # 295 documents, 4 quotes each
    python benchmarks/bench_documents.py --documents 50

The documents are abstract-sized (about eight sentences, 1-2 KB): consecutive sentences of the
fixture documents' English prose, so they share a field's vocabulary as abstracts do. Each document
gets four citations that name it: a sentence of its own (found), a sentence of another document
(found there, flagged ``other_document``), the same sentence with one number or word changed
(nowhere: every document is searched), and a sentence of invented words (nowhere).

The baseline is the peer's gate as dd-agents' `CitationVerifier` runs it (reimplemented here, as
`bench_matcher.py` reimplements the cookbook's `find_quote`): rapidfuzz's ``partial_ratio`` of the
quote against the cited document's text, at least 80 to pass; failing that, against every other
document in turn. Both run in one process, in alternating rounds, best of ``--repeats``; CPU time.
Target: citecheck at most as slow as the gate (ratio <= 1). The exit code is 1 when it is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

from rapidfuzz import fuzz

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.metamorphic

from citecheck import Document
from citecheck.matcher._routing import locate_in
from tests.metamorphic.corpus import load_corpus

SENTENCES_PER_DOCUMENT = 8


def documents_and_citations(count: int, seed: int) -> tuple[list[Document], list[dict[str, str]]]:
    """``count`` abstract-sized documents of fixture prose, and four citations naming each."""
    root = Path(__file__).resolve().parents[1]
    fixtures = Path(os.environ.get("CITECHECK_FIXTURES", root.parent / "shared" / "fixtures"))
    sentences = [
        item.sentence.text
        for document in load_corpus(fixtures)
        if document.language == "en"
        for item in document.sentences
    ]
    rng = random.Random(seed)
    groups = [sentences[i : i + SENTENCES_PER_DOCUMENT] for i in range(0, len(sentences), SENTENCES_PER_DOCUMENT)]
    groups = [g for g in groups if len(g) == SENTENCES_PER_DOCUMENT][:count]
    documents = [
        Document.from_sections({"abstract": " ".join(group)}, name=f"doc{n:03}.txt") for n, group in enumerate(groups)
    ]
    vocabulary = sorted({w for s in sentences for w in s.split()})
    citations: list[dict[str, str]] = []
    for n, group in enumerate(groups):
        name = documents[n].name or ""
        other = groups[(n + 1 + rng.randrange(len(groups) - 1)) % len(groups)]
        own, elsewhere = rng.choice(group), rng.choice(other)
        words = own.split()
        at = rng.randrange(len(words))
        changed = " ".join([*words[:at], rng.choice(vocabulary), *words[at + 1 :]])
        changed = re.sub(r"\d", lambda m: str((int(m.group(0)) + 1) % 10), changed, count=1)
        invented = " ".join(rng.choice(vocabulary) for _ in range(len(words)))
        for kind, quote in (("own", own), ("other", elsewhere), ("changed", changed), ("invented", invented)):
            citations.append(
                {"id": f"{n}-{kind}", "claim": quote, "quote": quote, "section": "abstract", "document": name}
            )
    return documents, citations


def peer_gate(documents: list[Document], citations: list[dict[str, str]]) -> list[bool]:
    """dd-agents' verifier: partial_ratio >= 80 against the cited file, else against any other file."""
    texts = {d.name: d.text for d in documents}
    results = []
    for citation in citations:
        quote = citation["quote"]
        cited = texts[citation["document"]]
        ok = fuzz.partial_ratio(quote, cited) >= 80
        if not ok:
            ok = any(
                fuzz.partial_ratio(quote, text) >= 80 for name, text in texts.items() if name != citation["document"]
            )
        results.append(ok)
    return results


def citecheck_step1(documents: list[Document], citations: list[dict[str, str]]) -> list[str]:
    """`locate_in` on every citation, against all the documents."""
    return [locate_in(documents, citation).status for citation in citations]


def _cpu(run: Callable[[], object]) -> float:
    started = time.process_time()
    run()
    return time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=295)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    documents, citations = documents_and_citations(args.documents, args.seed)
    for document in documents:  # indexes built up front: both sides then read ready texts
        locate_in(document, {"id": "w", "claim": "c", "quote": "warm up the index", "section": None})

    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(args.repeats):
        ours.append(_cpu(lambda: citecheck_step1(documents, citations)))
        theirs.append(_cpu(lambda: peer_gate(documents, citations)))
    statuses = citecheck_step1(documents, citations)
    gate = peer_gate(documents, citations)
    kinds = ("own", "other", "changed", "invented")
    print(f"{len(documents)} documents, {len(citations)} citations (each kind {len(citations) // 4})")
    for k, kind in enumerate(kinds):
        mine = [s for i, s in enumerate(statuses) if i % 4 == k]
        passed = [g for i, g in enumerate(gate) if i % 4 == k]
        print(
            f"  {kind:9} citecheck: {mine.count('found')} found, {mine.count('missing')} missing; "
            f"gate: {sum(passed)} pass"
        )
    best_ours, best_theirs = min(ours), min(theirs)
    per = 1000 / len(citations)
    ratio = best_ours / best_theirs
    print(
        f"citecheck step 1: {best_ours:.2f} s ({best_ours * per:.2f} ms/citation); "
        f"peer gate: {best_theirs:.2f} s ({best_theirs * per:.2f} ms/citation); ratio {ratio:.2f} (target <= 1)"
    )
    return 0 if ratio <= 1 else 1


if __name__ == "__main__":
    sys.exit(main())
