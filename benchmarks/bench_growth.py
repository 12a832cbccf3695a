"""Growth: how the matcher's cost grows with a worst-case input, as a ratio against an input 8x smaller.

Run from the repository root:

    python benchmarks/bench_growth.py            # every case
    python benchmarks/bench_growth.py --scale 4  # inputs 4 times larger
    python benchmarks/bench_growth.py --only brackets

Each case times `locate` on an input of size n and of size 8n in the same run, and prints both
times and their ratio. A cost linear in the input grows about 8 times; a quadratic one 64 times.
A case fails when its ratio is over ``--limit`` (default 20), and the exit code is then 1.

Cases:

- an ellipsis quote of many fragments of one common word (``the ... the ...``) over a section
  full of that word: the ellipsis tier tries placements for every fragment near every run;
- a quote of many bracketed runs (``[x] [x] ...``): each run's words are found in the quote;
- a bracketed reference just before the document's last word, in the loose tier (once a crash);
- a quote of ``a``, n spaces and ``b`` (or ``[b``, ``... b``, ``[@x] b``): each pattern that reads
  whitespace before a mark once read the rest of the run from each of its spaces (issue 27);
- a quote of n words nowhere in the document (issue 27).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from _timing import best_of

from citecheck import Document
from citecheck.matcher import locate

REPEATS = 2
SMALL_REPEATS = 5


def ellipsis_case(n: int) -> Callable[[], object]:
    """``n`` fragments of ``the`` against a section of 100 n ``the``."""
    document = Document.from_sections({"1": "alpha " + "the " * (100 * n) + "zebra."})
    quote = "alpha ... " + "the ... " * n + "zebra"
    return lambda: locate(document, {"id": "e", "claim": "c", "quote": quote, "section": None})


def brackets_case(n: int) -> Callable[[], object]:
    """A quote of ``n`` bracketed runs against a short section."""
    document = Document.from_sections({"1": "The limit is ten items per request."})
    quote = "The limit is " + "[x] " * n + "ten items"
    return lambda: locate(document, {"id": "b", "claim": "c", "quote": quote, "section": None})


def reference_case(n: int) -> Callable[[], object]:
    """A bracketed reference before the last word, over a section of ``n`` sentences."""
    document = Document.from_sections({"1": "The limit is 10 and more. " * n + "The limit is 10"})
    return lambda: locate(document, {"id": "r", "claim": "c", "quote": "The limit is [1] ten", "section": None})


_RFC = Document.from_sections({"1": "The limit is ten items per request, and the server MUST reject more."})


def spaces_case(tail: str) -> Callable[[int], Callable[[], object]]:
    """A quote of ``a``, n spaces and ``tail`` (issue 27: 20,000 spaces took 4 s, 40,000 took 14 s)."""

    def make(n: int) -> Callable[[], object]:
        quote = "a" + " " * n + tail
        return lambda: locate(_RFC, {"id": "s", "claim": "c", "quote": quote, "section": None})

    return make


def long_quote_case(n: int) -> Callable[[], object]:
    """A quote of n words that is nowhere in the document (issue 27: 4 MB peaked at 80 times its size)."""
    words = ["alpha", "bravo", "limit", "items", "charlie", "server", "delta", "reject", "echo"]
    quote = " ".join(words[i % len(words)] + str(i % 97) for i in range(n))
    return lambda: locate(_RFC, {"id": "l", "claim": "c", "quote": quote, "section": None})


CASES: dict[str, tuple[Callable[[int], Callable[[], object]], int]] = {
    "ellipsis: n 'the ...' fragments vs 100 n 'the'": (ellipsis_case, 25),
    "bracketed runs: n '[x]' in one quote": (brackets_case, 2_500),
    "reference before the last word: n sentences": (reference_case, 500),
    "spaces: 'a' + n spaces + 'b'": (spaces_case("b"), 100_000),
    "spaces: 'a' + n spaces + '[b' (a bracket)": (spaces_case("[b"), 100_000),
    "spaces: 'a' + n spaces + '... b' (an ellipsis)": (spaces_case("... b"), 100_000),
    "spaces: 'a' + n spaces + '[@x] b' (a pandoc citation)": (spaces_case("[@x] b"), 100_000),
    "long quote: n words nowhere in the document": (long_quote_case, 5_000),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=int, default=1, help="multiply every input size by this")
    parser.add_argument("--limit", type=float, default=20.0, help="the largest ratio that passes")
    parser.add_argument(
        "--only", choices=["ellipsis", "brackets", "reference", "spaces", "long"], help="run one kind of case"
    )
    options = parser.parse_args()
    failed = False
    print(f"{'case':52} {'n':>7} {'time n':>9} {'time 8n':>9} {'ratio':>7}")
    for name, (make, size) in CASES.items():
        if options.only and not name.startswith(
            {
                "ellipsis": "ellipsis",
                "brackets": "bracketed",
                "reference": "reference",
                "spaces": "spaces",
                "long": "long quote",
            }[options.only]
        ):
            continue
        n = size * options.scale
        # The small input runs in milliseconds, where one pause of the machine is most of its time:
        # it gets more runs, so its best is its cost.
        small, large = best_of(make(n), SMALL_REPEATS), best_of(make(8 * n), REPEATS)
        ratio = large / small if small else float("inf")
        verdict = "ok" if ratio <= options.limit else f"OVER {options.limit:g}"
        failed |= ratio > options.limit
        print(f"{name:52} {n:>7} {small:>8.3f}s {large:>8.3f}s {ratio:>6.1f}x {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
