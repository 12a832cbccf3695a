"""Why step 1 flags clean quotes: verbatim 12-word spans of RFC 7519, by flag and by what the cut leaves out.

Usage::

    python benchmarks/eval_cuts.py [--count N] [--seed S] [--show KIND]

Draws the spans `tests/test_matcher_cuts.py` checks (``--count 1000 --seed 7519``: each span
inside one paragraph of a section), locates each in its section through `citecheck.matcher.locate`,
and prints how many are flagged, then the flagged ones counted by flag and by the kind of words the
cut leaves out, as the reason names them (``a leading condition``, ``a negation``...). ``--show
KIND`` (or ``all``) prints each flagged span of that kind with the left-out words, to read whether
they really limit the span: a leading ``If ...,`` of the consequence a span quotes does; a
discourse marker or a reference does not.

A span is not a sentence: most start and stop mid-sentence, and many run across a sentence end, so
they leave out more than a person's quote would. The left-out words are the test, not the span.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.test_matcher_cuts

from citecheck import Citation
from citecheck.matcher import locate
from citecheck.parsers import RFCParser
from tests.test_matcher_cuts import _spans

_LEFT_OUT = re.compile(r"left out (?:a leading |an? )?([^:']+?): ['\"](.*?)['\"](?:;|$| \(|,? so)")
_CONDITIONS = frozenset({"condition", "condition or exception"})


def _kinds(reason: str) -> list[tuple[str, str]]:
    """(kind, words) for each left-out part a reason names: ``left out a leading condition: 'If ...,'``."""
    return [(kind.strip(), words) for kind, words in _LEFT_OUT.findall(reason)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="spans drawn (default 1000, as the test)")
    parser.add_argument("--seed", type=int, default=7519)
    parser.add_argument("--show", help="print the flagged spans whose left-out words are of this kind (or 'all')")
    args = parser.parse_args()

    root = Path(__file__).resolve().parents[1]
    fixtures = Path(os.environ.get("CITECHECK_FIXTURES", root.parent / "shared" / "fixtures"))
    text = (fixtures / "citation_check" / "rfc7519.txt").read_text(encoding="utf-8")
    document = RFCParser().parse(text)
    spans = _spans(document, args.count, seed=args.seed)

    by_flag: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    shown: dict[str, list[str]] = defaultdict(list)
    flagged = missing = conditions = 0
    for section, quote in spans:
        location = locate(document, Citation(id="c", claim="x", quote=quote, section=section))
        missing += location.status == "missing"
        if not location.flags:
            continue
        flagged += 1
        by_flag.update(location.flags)
        kinds = _kinds(location.reason) or [("(none named)", location.reason[-100:])]
        names = {kind for kind, _ in kinds}
        # The span's first kind decides its row; a span under a condition counts as a condition.
        kind = next((k for k in names if k in _CONDITIONS), kinds[0][0])
        conditions += kind in _CONDITIONS
        by_kind[kind] += 1
        shown[kind].append(f"  [{section}] {quote!r}\n      left out: " + "; ".join(f"{k}: {w!r}" for k, w in kinds))

    print(f"{len(spans)} verbatim 12-word spans of RFC 7519: {flagged} flagged ({100 * flagged / len(spans):.1f}%), ")
    print(f"{missing} missing; {conditions} of the flagged leave out a condition or exception")
    print("\nby flag:")
    for flag, count in by_flag.most_common():
        print(f"  {flag:20} {count}")
    print("\nby what the cut leaves out (a span under a condition counts once, as a condition):")
    for kind, count in by_kind.most_common():
        print(f"  {kind:28} {count}")
    if args.show:
        for kind in sorted(shown):
            if args.show in ("all", kind):
                print(f"\n{kind}:")
                print("\n".join(shown[kind]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
