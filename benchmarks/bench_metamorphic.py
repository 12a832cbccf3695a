"""The metamorphic matrix: every transform on every sentence of every fixture document, through the public API.

Run from the repository root (with ``CITECHECK_FIXTURES`` set, or ``../shared/fixtures`` next to it):

    python benchmarks/bench_metamorphic.py                 # every case (about 40,000 quotes)
    python benchmarks/bench_metamorphic.py --per-cell 10   # the CI test's sample (seed 23)
    python benchmarks/bench_metamorphic.py --known         # the failing cells, as the test's KNOWN_FAILING
    python benchmarks/bench_metamorphic.py --shapes        # clean sentences and clauses, by document shape

It prints a Markdown table, transform x language, each cell ``cases/found/flagged/accepted``:
``found`` is step 1's status ``found``, ``flagged`` found with a flag, ``accepted`` found with no
flag (a supporting answer would pass it with no person looking). A harmless cell passes when every
quote is accepted; a harmful one when none is. Failing cells are in bold. Then the totals, and the
CPU time of the matching. The exit code is 1 when any cell fails.

``--shapes`` runs only the clean quotes (each sentence as it reads, and the cuts that leave out
something neutral: a discourse marker, an ``and`` or ``;`` clause, trailing examples) and prints,
per document shape (RFC, licence, Markdown, HTML, paper, provider document) and language, how many
are called missing and how many are flagged: issue 23's "harmless called missing" and "clean
quotes flagged".

The transforms are in ``tests/metamorphic/transforms.py`` (they import nothing from citecheck), the
corpus and the runner beside them.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.metamorphic

from tests.metamorphic.cases import Outcome, format_matrix, generate, run, tally
from tests.metamorphic.corpus import CorpusDocument, load_corpus
from tests.metamorphic.transforms import HARMLESS, TRANSFORMS

# The clean quotes: a sentence as it reads, and the cuts that leave out something neutral.
_CLEAN = ("verbatim", "discourse_marker_cut", "and_clause_cut", "semicolon_clause_cut", "examples_cut")


def _shape(path: str) -> str:
    """The shape of a fixture document, as issue 23's held-out sets name them."""
    if path.startswith("providers/"):
        return "provider document"
    if path.endswith(".html"):
        return "HTML"
    if "openpbta" in path:
        return "paper"
    if path.endswith(".md"):
        return "Markdown"
    return "licence" if "apache" in path or "mpl" in path else "RFC"


def _format_shapes(corpus: list[CorpusDocument], outcomes: list[Outcome]) -> str:
    rows: dict[tuple[str, str, str], list[int]] = {}
    for outcome in outcomes:
        case = outcome.case
        what = "sentence" if case.transform.name == "verbatim" else "clause"
        row = rows.setdefault((_shape(corpus[case.document].path), case.language, what), [0, 0, 0])
        row[0] += 1
        row[1] += outcome.status == "missing"
        row[2] += outcome.flagged
    lines = [
        "| shape | language | quotes | clean quotes | called missing | flagged | flagged % |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for (shape, language, what), (cases, missing, flagged) in sorted(rows.items()):
        share = 100 * flagged / max(1, cases)
        lines.append(f"| {shape} | {language} | {what}s | {cases} | {missing} | {flagged} | {share:.1f}% |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-cell", type=int, default=None, help="a sample of N cases per cell (default: all)")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--strict", action="store_true", help="the cookbook preset instead of the default")
    parser.add_argument("--known", action="store_true", help="print the failing cells as a KNOWN_FAILING table")
    parser.add_argument("--shapes", action="store_true", help="clean quotes only, by document shape and language")
    args = parser.parse_args()

    root = Path(__file__).resolve().parents[1]
    fixtures = Path(os.environ.get("CITECHECK_FIXTURES", root.parent / "shared" / "fixtures"))
    corpus = load_corpus(fixtures)
    transforms = [t for t in HARMLESS if t.name in _CLEAN] if args.shapes else TRANSFORMS
    cases = generate(corpus, seed=args.seed, per_cell=args.per_cell, transforms=transforms)
    started = time.process_time()
    outcomes = run(corpus, cases, strict=args.strict)
    seconds = time.process_time() - started
    cells = tally(outcomes)

    if args.shapes:
        print(_format_shapes(corpus, outcomes))
        clean = len(outcomes)
        missing = sum(o.status == "missing" for o in outcomes)
        flagged = sum(o.flagged for o in outcomes)
        share = 100 * flagged / max(1, clean)
        print(f"\n{clean} clean quotes: {missing} called missing, {flagged} flagged ({share:.1f}%)")
        return 0

    if args.known:
        for key, cell in sorted(cells.items()):
            if not cell.passed:
                print(f'    {key!r}: "#23",  # {len(cell.failures)}/{cell.cases}')
        return 0

    print(format_matrix(cells))
    print()
    for kind in ("harmless", "harmful"):
        chosen = [c for c in cells.values() if c.transform.kind == kind]
        total = sum(c.cases for c in chosen)
        found = sum(c.found for c in chosen)
        flagged = sum(c.flagged for c in chosen)
        accepted = sum(c.accepted for c in chosen)
        failing = sum(not c.passed for c in chosen)
        print(
            f"{kind}: {total} quotes, {total - found} not found, {flagged} found flagged, {accepted} accepted; "
            f"{failing} of {len(chosen)} cells fail"
        )
    sentences = sum(len(d.sentences) for d in corpus)
    print(
        f"{sentences} sentences in {len(corpus)} documents; {len(cases)} quotes matched in {seconds:.1f} s of CPU "
        f"({1000 * seconds / max(1, len(cases)):.2f} ms per quote)"
    )
    return 1 if any(not c.passed for c in cells.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
