"""Scale: parse, index, per-quote cost and peak memory on generated RFC-like documents of 1 to 50 MB.

Run from the repository root:

    python benchmarks/bench_scale.py                 # 1, 5, 20 and 50 MB (several minutes)
    python benchmarks/bench_scale.py --sizes 1,5     # a quick run

For each size it generates a paginated RFC-like text (numbered sections and appendices, page
footers and headers, form feeds), then reports:

- parse: `RFCParser().parse` on the text;
- index: the first `locate` on the fresh document, which builds the matcher's index and the
  section-reference lookups (minus what one more quote costs);
- per quote, four kinds of citation, up to ``--quotes`` each or ``--budget`` seconds per kind:
  ``found`` (a real sentence, cited in its section), ``missing`` (a sentence with its words
  shuffled), ``no-such-section`` (no quote, a section number the document does not have) and
  ``title`` (no quote, a section named by a title that is not one of the document's titles word
  for word, so it goes through title matching and nearest titles);
- peak memory: `tracemalloc`'s peak during parse and index, in a second pass, and its ratio to the
  text's size; and what the retained memory is made of, by source file.

Then, on the smallest size (or ``--ratio-size``), the per-quote cost of ``check_citation`` on a plain ``{id: text}``
dict against the same loop on a `Document`, in the same run (a constant judge, so only citecheck's
own cost is measured). The target: at most 2x.

Two targets, each its own command:

    python benchmarks/bench_scale.py --dict-loop     # check_citation on a plain dict vs a Document
    python benchmarks/bench_scale.py --rfc 50        # parse + index of 50 MB of RFC text
    python benchmarks/bench_scale.py --per-quote 5   # step 1 per found / missing quote on 5 MB, vs the cookbook

- ``--dict-loop``: a dict of 6,000 sections and about 2 MB (the paragraphs of a generated
  RFC-like text, one a section), a loop of `check_citation` over a sentence of each cited
  section, with `citecheck.testing.StaticJudge`, on the dict and on the `Document` built from it,
  in alternating rounds; best of each. Target: the dict loop costs at most 2x the `Document` loop.
- ``--rfc MB``: the RFCs of ``$CITECHECK_FIXTURES`` concatenated in memory (never written) to MB
  megabytes, each copy's section numbers moved past the previous copy's; `RFCParser().parse` plus
  the matcher's index (`index_of`), best of ``--repeats``, against a baseline in the same run: a
  floor any parser and indexer pays, reading the text once as lines and once as case-folded words.
  Targets: at most 5 s of CPU time (the wall time is printed too: on a shared machine it measures
  the other jobs as well), and `tracemalloc`'s peak at most 10x the text.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import random
import re
import string
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from _texts import Generated, generate, rfc_text
from _timing import best_of

from citecheck import Document, JudgeAnswer, check_citation
from citecheck.matcher import locate
from citecheck.matcher._index import index_of
from citecheck.parsers import RFCParser
from citecheck.testing import StaticJudge

# --- citations ---------------------------------------------------------------------------------


def citations(generated: Generated, count: int, rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    picked = rng.sample(generated.sentences, min(count, len(generated.sentences)))
    found = [{"id": f"f{i}", "claim": "c", "quote": s, "section": n} for i, (n, s) in enumerate(picked)]
    missing = []
    for i, (number, sentence) in enumerate(picked):
        words = sentence.rstrip(".").split()
        rng.shuffle(words)
        missing.append({"id": f"m{i}", "claim": "c", "quote": " ".join(words) + ".", "section": number})
    chapters = int(generated.titles[-1][0].split(".")[0])
    no_section = [
        {
            "id": f"n{i}",
            "claim": "c",
            "quote": None,
            "section": f"{rng.randint(chapters + 1, chapters * 2)}.{i % 9 + 1}",
        }
        for i in range(count)
    ]
    titled = rng.sample(generated.titles, min(count, len(generated.titles)))
    # A title as an LLM would garble it: its words, one of them misspelled.
    title_refs = []
    for i, (_, title) in enumerate(titled):
        words = title.split()
        j = rng.randrange(len(words))
        words[j] = words[j][:-1] + rng.choice(string.ascii_lowercase)
        title_refs.append({"id": f"t{i}", "claim": "c", "quote": None, "section": " ".join(words)})
    return {"found": found, "missing": missing, "no-such-section": no_section, "title": title_refs}


def per_quote(
    run: Callable[[dict[str, Any]], object],
    items: Sequence[dict[str, Any]],
    budget: float,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Mean seconds of ``clock`` per citation over ``items``, stopping once ``budget`` seconds have passed."""
    started = clock()
    done = 0
    for item in items:
        run(item)
        done += 1
        if clock() - started > budget:
            break
    return (clock() - started) / done


class ConstantJudge:
    """Answers ``supports`` at once: the loop measures citecheck, not a model."""

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        return JudgeAnswer(
            choice="supports",
            probabilities={"supports": 1.0, "contradicts": 0.0, "says_nothing": 0.0},
            confidence=1.0,
            seconds=0.0,
            input_tokens=0,
            output_tokens=0,
        )


# --- the run -----------------------------------------------------------------------------------


def _build(text: str, probe: dict[str, Any]) -> tuple[Document, float, float]:
    started = time.perf_counter()
    document = RFCParser().parse(text)
    parsed = time.perf_counter()
    locate(document, probe)
    return document, parsed - started, time.perf_counter() - parsed


def _memory(text: str, probe: dict[str, Any]) -> tuple[int, int, list[tuple[str, int]]]:
    """Peak and retained bytes of parse + index, and the retained bytes by source file."""
    gc.collect()
    tracemalloc.start(1)
    document, _, _ = _build(text, probe)
    _, peak = tracemalloc.get_traced_memory()
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    stats = snapshot.statistics("filename")
    retained = sum(stat.size for stat in stats)
    by_file = [(stat.traceback[0].filename.rsplit("/", 2)[-1], stat.size) for stat in stats[:5]]
    del document
    return peak, retained, by_file


def _timings(text: str, cited: dict[str, list[dict[str, Any]]], args: argparse.Namespace) -> dict[str, Any]:
    built, parse_s, first_locate_s = _build(text, cited["found"][0])
    times = {kind: per_quote(lambda c: locate(built, c), items, args.budget) for kind, items in cited.items()}
    index_s = max(first_locate_s - times["found"], 0.0)
    return {"sections": len(built.sections), "parse": parse_s, "index": index_s, **times}


def run_size(megabytes: float, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    generated = generate(int(megabytes * 1_000_000), rng)
    cited = citations(generated, args.quotes, rng)
    row = {"size": len(generated.text), **_timings(generated.text, cited, args)}
    gc.collect()  # the timed document is gone: the memory pass starts from nothing
    if not args.no_memory:
        peak, retained, by_file = _memory(generated.text, cited["found"][0])
        row.update(peak=peak, retained=retained, by_file=by_file)
    return row


def dict_ratio(args: argparse.Namespace, megabytes: float) -> tuple[float, float]:
    """Per-quote seconds of check_citation on a plain dict and on the Document built from it."""
    rng = random.Random(args.seed)
    generated = generate(int(megabytes * 1_000_000), rng)
    mapping = {s.id: s.text for s in RFCParser().parse(generated.text).numbered_sections}
    cited = citations(generated, args.quotes, rng)["found"]
    judge = ConstantJudge()
    rounds = 15
    budget = args.budget / rounds
    document = Document.from_sections(mapping)
    check_citation(document, cited[0], judge=judge)  # the index, built once, is not part of the loop
    check_citation(mapping, cited[0], judge=judge)
    # Rounds in turn, the best of each: a shared machine's noise hits both alike.
    on_document, on_dict = float("inf"), float("inf")
    for _ in range(rounds):
        on_document = min(on_document, per_quote(lambda c: check_citation(document, c, judge=judge), cited, budget))
        on_dict = min(on_dict, per_quote(lambda c: check_citation(mapping, c, judge=judge), cited, budget))
    return on_dict, on_document


# --- the targets on the fixture RFCs ----------------------------------------------------------

_PARAGRAPH = re.compile(r"\n\s*\n")
_SENTENCE = re.compile(r"The [^.]{20,200}\.")


def _floor(text: str) -> None:
    """What any parser and word index pays: the lines once, the case-folded words once."""
    text.splitlines()
    re.findall(r"[^\W_]+", text.casefold())


def rfc_target(megabytes: float, repeats: int, *, generated: bool) -> bool:
    """Parse + index of ``megabytes`` of RFC text: time, peak memory, and the targets."""
    size = int(megabytes * 1_000_000)
    text = generate(size, random.Random(7519)).text if generated else rfc_text(size)
    best: dict[str, float] = {}
    sections = 0
    for _ in range(repeats):
        gc.collect()
        started, started_cpu = time.perf_counter(), time.process_time()
        document = RFCParser().parse(text)
        parsed = time.perf_counter()
        index_of(document)
        done, done_cpu = time.perf_counter(), time.process_time()
        for name, seconds in (("parse", parsed - started), ("index", done - parsed), ("total", done - started)):
            best[name] = min(best.get(name, seconds), seconds)
        best["cpu"] = min(best.get("cpu", done_cpu - started_cpu), done_cpu - started_cpu)
        sections = len(document.sections)
        del document
    floor_s = best_of(lambda: _floor(text), repeats)
    gc.collect()
    tracemalloc.start(1)
    document = RFCParser().parse(text)
    index_of(document)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del document
    memory = peak / len(text)
    print(
        f"{len(text) / 1e6:.1f} MB of {'generated RFC-like text' if generated else 'fixture RFCs'}, "
        f"{sections:,} sections, best of {repeats}: "
        f"parse {best['parse']:.2f} s + index {best['index']:.2f} s = {best['total']:.2f} s "
        f"({best['cpu']:.2f} s of CPU; target: at most 5 s of CPU)\n"
        f"floor (lines + folded words) {floor_s:.2f} s: parse + index is {best['total'] / floor_s:.1f}x the floor\n"
        f"peak memory {peak / 1e6:,.0f} MB = {memory:.1f}x the text (target: at most 10x)"
    )
    # CPU time, not wall time: on a shared machine the wall clock measures the other jobs too.
    return best["cpu"] <= 5.0 and memory <= 10.0


# Parse + index in a fresh process, with whichever citecheck is on its path; prints the CPU seconds.
_REF_CHILD = """
import gc, random, sys, time
sys.path.insert(0, sys.argv[1])
from _texts import generate, rfc_text
from citecheck.parsers import RFCParser
try:
    from citecheck.matcher._index import index_of
except ImportError:  # a checkout from before the package's layout (0.1.0)
    from citecheck._index import index_of
size = int(sys.argv[2])
text = generate(size, random.Random(7519)).text if sys.argv[3] == "generated" else rfc_text(size)
gc.collect()
started = time.process_time()
index_of(RFCParser().parse(text))
print(time.process_time() - started)
"""


def ref_ratio(megabytes: float, repeats: int, *, generated: bool, ref: Path) -> None:
    """Parse + index here and with the citecheck of ``ref`` (a src folder), alternately, best of each."""
    here = Path(__file__).resolve().parents[1] / "src"
    seconds: dict[Path, float] = {}
    for _ in range(repeats):
        for src in (ref.resolve(), here):
            run = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    _REF_CHILD,
                    str(Path(__file__).parent),
                    str(int(megabytes * 1_000_000)),
                    "generated" if generated else "rfc",
                ],
                env={**os.environ, "PYTHONPATH": str(src)},
                capture_output=True,
                text=True,
                check=True,
            )
            seconds[src] = min(seconds.get(src, math.inf), float(run.stdout))
    before, after = seconds[ref.resolve()], seconds[here]
    print(
        f"parse + index in fresh processes, best of {repeats} alternating rounds, CPU time: "
        f"{before:.2f} s with --ref {ref}, {after:.2f} s here: {before / after:.1f}x faster"
    )


def paragraph_sections(count: int) -> dict[str, str]:
    """``count`` sections of distinct text: the paragraphs of a generated RFC-like text, one a section."""
    size = count * 400  # a generated paragraph is about 330 characters
    while True:
        document = RFCParser().parse(generate(size, random.Random(count)).text)
        sections: dict[str, str] = {}
        for section in document.numbered_sections:
            for number, paragraph in enumerate(_PARAGRAPH.split(section.text)[1:], start=1):
                sections[f"{section.id}.p{number}"] = paragraph
                if len(sections) == count:
                    return sections
        size *= 2


def dict_target(sections: int, quotes: int, budget: float) -> bool:
    """Per-quote cost of check_citation on a plain dict against the same loop on its `Document`."""
    mapping = paragraph_sections(sections)
    rng = random.Random(7519)
    cited: list[dict[str, Any]] = []
    for number, (section_id, text) in enumerate(rng.sample(sorted(mapping.items()), min(quotes, len(mapping)))):
        sentence = _SENTENCE.search(" ".join(text.split()))
        quote = sentence.group() if sentence else " ".join(text.split()[:8])
        cited.append({"id": f"c{number}", "claim": "c", "quote": quote, "section": section_id})
    judge = StaticJudge(default="supports")
    document = Document.from_sections(mapping)
    check_citation(document, cited[0], judge=judge)  # the index, built once, is not part of the loop
    check_citation(mapping, cited[0], judge=judge)
    rounds = 15
    on_document = on_dict = float("inf")
    for _ in range(rounds):
        on_document = min(
            on_document, per_quote(lambda c: check_citation(document, c, judge=judge), cited, budget / rounds)
        )
        on_dict = min(on_dict, per_quote(lambda c: check_citation(mapping, c, judge=judge), cited, budget / rounds))
        judge.calls.clear()
    ratio = on_dict / on_document
    size = sum(map(len, mapping.values()))
    print(
        f"check_citation per quote, {len(mapping):,} sections of {size / 1e6:.1f} MB, best of {rounds} rounds: "
        f"plain dict {on_dict * 1000:.3f} ms, Document {on_document * 1000:.3f} ms, "
        f"ratio {ratio:.2f}x (target: at most 2x)"
    )
    return ratio <= 2.0


def per_quote_target(megabytes: float, quotes: int, budget: float) -> bool:
    """Step 1 per found and per missing quote on a generated RFC-like text, and the cookbook's `find_quote`.

    The same found and missing citations (a real sentence; its words shuffled) through `locate`
    and through the cookbook's step 1 (`bench_matcher.cookbook_find_quote` on the numbered
    sections), in the same run; CPU time, best of 3 rounds for citecheck. Targets: at most 0.2 ms
    per found quote and 0.5 ms per missing one.
    """
    from bench_matcher import cookbook_find_quote

    rng = random.Random(7519)
    generated = generate(int(megabytes * 1_000_000), rng)
    cited = citations(generated, quotes, rng)
    document = RFCParser().parse(generated.text)
    locate(document, cited["found"][0])  # the index, built once, is not part of the loop
    sections = {s.id: s.text for s in document.numbered_sections}

    def cpu_per_quote(run: Callable[[dict[str, Any]], object], items: Sequence[dict[str, Any]]) -> float:
        return per_quote(run, items, budget, clock=time.process_time)

    ours = {
        kind: min(cpu_per_quote(lambda c: locate(document, c), cited[kind]) for _ in range(3))
        for kind in ("found", "missing")
    }
    few = max(3, min(20, quotes // 50))
    theirs = {
        kind: cpu_per_quote(lambda c: cookbook_find_quote(sections, c["quote"]), cited[kind][:few])
        for kind in ("found", "missing")
    }
    met = ours["found"] <= 0.0002 and ours["missing"] <= 0.0005
    for kind, target in (("found", 0.2), ("missing", 0.5)):
        print(
            f"{kind:8} quote, {len(generated.text) / 1e6:.1f} MB, {len(document.sections):,} sections: "
            f"citecheck {ours[kind] * 1000:.3f} ms, cookbook find_quote {theirs[kind] * 1000:.1f} ms "
            f"({theirs[kind] / ours[kind]:.0f}x faster; target at most {target} ms)"
        )
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1,5,20,50", help="document sizes in MB, comma-separated")
    parser.add_argument("--quotes", type=int, default=1000, help="citations of each kind (default 1000)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds at most per kind and size")
    parser.add_argument("--seed", type=int, default=7519)
    parser.add_argument("--no-memory", action="store_true", help="skip the tracemalloc pass")
    parser.add_argument("--ratio-size", type=float, help="MB of the plain-dict vs Document run (default: the smallest)")
    parser.add_argument(
        "--dict-loop", action="store_true", help="only the plain-dict target, on fixture RFC paragraphs"
    )
    parser.add_argument("--sections", type=int, default=6000, help="sections of the --dict-loop dict (default 6000)")
    parser.add_argument("--rfc", type=float, metavar="MB", help="only parse + index of MB of fixture RFC text")
    parser.add_argument(
        "--per-quote", type=float, metavar="MB", help="only step 1 per found and missing quote, against the cookbook"
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs of --rfc, the best kept (default 3)")
    parser.add_argument("--generated", action="store_true", help="--rfc on the generated RFC-like text of the table")
    parser.add_argument("--ref", type=Path, help="--rfc: also time the citecheck of this src folder, alternately")
    args = parser.parse_args()
    if args.per_quote:
        return 0 if per_quote_target(args.per_quote, min(args.quotes, 500), args.budget) else 1
    if args.dict_loop or args.rfc:
        met = True
        if args.dict_loop:
            met &= dict_target(args.sections, min(args.quotes, 500), args.budget)
        if args.rfc:
            met &= rfc_target(args.rfc, args.repeats, generated=args.generated)
            if args.ref is not None:
                ref_ratio(args.rfc, args.repeats, generated=args.generated, ref=args.ref)
        return 0 if met else 1
    sizes = [float(s) for s in args.sizes.split(",") if s.strip()]

    print(
        "| document | sections | parse | index | found quote | missing quote | no-such-section ref "
        "| title ref | peak memory | retained |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    details: list[str] = []
    for megabytes in sizes:
        row = run_size(megabytes, args)
        size = row["size"]
        memory = f"{row['peak'] / 1e6:,.0f} MB ({row['peak'] / size:.1f}x)" if "peak" in row else "-"
        retained = f"{row['retained'] / 1e6:,.0f} MB ({row['retained'] / size:.1f}x)" if "retained" in row else "-"
        print(
            f"| {size / 1e6:.0f} MB | {row['sections']:,} | {row['parse']:.2f} s | {row['index']:.2f} s "
            f"| {row['found'] * 1000:.2f} ms | {row['missing'] * 1000:.2f} ms "
            f"| {row['no-such-section'] * 1000:.2f} ms | {row['title'] * 1000:.2f} ms | {memory} | {retained} |",
            flush=True,
        )
        if "by_file" in row:
            parts = ", ".join(f"{name} {size_ / 1e6:,.0f} MB" for name, size_ in row["by_file"])
            details.append(f"{size / 1e6:.0f} MB, retained by file: {parts}")
    for line in details:
        print(line)
    ratio_size = args.ratio_size or min(sizes)
    on_dict, on_document = dict_ratio(args, ratio_size)
    print(
        f"\ncheck_citation per quote on {ratio_size:g} MB: plain dict {on_dict * 1000:.3f} ms, "
        f"Document {on_document * 1000:.3f} ms, ratio {on_dict / on_document:.2f}x (target: at most 2x)"
    )
    return 0 if on_dict / on_document <= 2.0 else 1


if __name__ == "__main__":
    sys.exit(main())
