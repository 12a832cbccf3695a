"""Growth of the provider adapters: reading a response of 8n citations against one of n, in the same run.

Run from the repository root:

    python benchmarks/bench_provider_growth.py              # every adapter, n = 2,000
    python benchmarks/bench_provider_growth.py --n 8000     # 8,000 and 64,000 citations
    python benchmarks/bench_provider_growth.py --only openai

Each case times `read_response` (best of 2) on a response of n citations and one of 8n (built by
``tests/provider_shapes.py``), and prints both times, their ratio, and the peak traced memory of
the larger read against the size of its JSON. A linear adapter grows about 8 times; a quadratic
one 64. A case fails when its ratio is over ``--limit`` (default 20): the exit code is then 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import tracemalloc
from pathlib import Path

from _timing import best_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.provider_shapes

from citecheck.providers import read_response
from tests.provider_shapes import SIZED, sized

REPEATS = 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=2_000, help="citations in the smaller response")
    parser.add_argument("--limit", type=float, default=20.0, help="the largest ratio that passes")
    parser.add_argument("--only", choices=sorted(SIZED), help="run one case")
    options = parser.parse_args()
    failed = False
    print(f"{'case':16} {'n':>7} {'time n':>9} {'time 8n':>9} {'ratio':>7} {'peak 8n / JSON':>15} {'B/citation':>11}")
    for case in SIZED:
        if options.only and case != options.only:
            continue
        times = []
        for size in (options.n, 8 * options.n):
            provider, response, documents = sized(case, size)
            times.append(best_of(lambda p=provider, r=response, d=documents: read_response(p, r, d), REPEATS))
        tracemalloc.start()
        read_response(provider, response, documents)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        size_json = len(json.dumps(response))
        ratio = times[1] / times[0] if times[0] else float("inf")
        verdict = "ok" if ratio <= options.limit else f"OVER {options.limit:g}"
        failed |= ratio > options.limit
        print(
            f"{case:16} {options.n:>7} {times[0]:>8.3f}s {times[1]:>8.3f}s {ratio:>6.1f}x "
            f"{peak / size_json:>14.1f}x {peak / (8 * options.n):>11.0f} {verdict}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
