"""`fold` of 50 MB of RFC text: numpy's path against the regular expression split, in one run.

Run from the repository root, with ``CITECHECK_FIXTURES`` set:

    python benchmarks/bench_fold.py             # 50 MB, 3 alternating rounds (about 30 s)
    python benchmarks/bench_fold.py --mb 5      # a quick look

The text is what `RFCParser` makes of the fixture RFCs concatenated to that size (as
``bench_scale.py --rfc``), all ASCII. Each round folds it with the split path (the baseline, what
`fold` did before numpy) and with numpy's path, alternately, timing CPU time (on a shared machine
the wall clock measures the other jobs too); the best of each is kept. Both must give the same
`Folded`. Then `tracemalloc`'s peak of each, in a pass of its own. Targets: numpy's fold at most
0.8 s of CPU per 50 MB, and its peak not above the split's (by more than 1%: the anchor arrays
grow in other steps). The exit code is 1 when one is missed.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc

import bench_scale

from citecheck.matcher._normalize import _ASCII_SPLIT, _PLAIN_FOLD_SPOTS, Folded, _fold_spots
from citecheck.parsers import RFCParser

TARGET_S = 0.8


def fold_by(text: str, *, vectorized: bool) -> Folded:
    """`fold` of ``text``, by numpy's path or by the split."""
    return _fold_spots(text, _ASCII_SPLIT, _PLAIN_FOLD_SPOTS, vectorized=vectorized)


def cpu_seconds(text: str, *, vectorized: bool) -> tuple[float, Folded]:
    gc.collect()
    started = time.process_time()
    folded = fold_by(text, vectorized=vectorized)
    return time.process_time() - started, folded


def peak_bytes(text: str, *, vectorized: bool) -> int:
    gc.collect()
    tracemalloc.start()
    fold_by(text, vectorized=vectorized)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=50.0, help="megabytes of RFC text before parsing (default 50)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds, the best kept (default 3)")
    args = parser.parse_args()
    text = RFCParser().parse(bench_scale.rfc_text(int(args.mb * 1_000_000))).text
    fold_by(text[:100_000], vectorized=True)  # numpy imported before the clock starts
    best = {False: float("inf"), True: float("inf")}
    for _ in range(args.rounds):
        results = {}
        for vectorized in (False, True):
            seconds, results[vectorized] = cpu_seconds(text, vectorized=vectorized)
            best[vectorized] = min(best[vectorized], seconds)
        if results[True] != results[False]:
            print("numpy's fold differs from the split's")
            return 1
        del results
    peaks = {vectorized: peak_bytes(text, vectorized=vectorized) for vectorized in (False, True)}
    print(
        f"fold of {len(text) / 1e6:.1f} M characters (parsed RFC text), best of {args.rounds} rounds, CPU time:\n"
        f"split {best[False]:.2f} s, numpy {best[True]:.2f} s: {best[False] / best[True]:.1f}x faster "
        f"(target: at most {TARGET_S * args.mb / 50:.2f} s)\n"
        f"tracemalloc peak: split {peaks[False] / 1e6:,.0f} MB, numpy {peaks[True] / 1e6:,.0f} MB "
        f"(target: not above the split's)"
    )
    return 0 if best[True] <= TARGET_S * args.mb / 50 and peaks[True] <= peaks[False] * 1.01 else 1


if __name__ == "__main__":
    sys.exit(main())
