"""Quote matching speed: the cookbook's find_quote against citecheck's, side by side in one run.

Run from the repository root (needs the cookbook fixtures for input a):

    python benchmarks/bench_matcher.py            # both inputs
    python benchmarks/bench_matcher.py --only b   # just the 5 MB document
    python benchmarks/bench_matcher.py --only c --ref ../base/src   # clause quotes, against another checkout

Inputs:

a. RFC 7519 with 10,000 quotes: real sentences, harmless variants and fabrications.
b. A generated 5 MB document of many sections, with 2,000 quotes of the same three kinds.
c. RFC 7519's sentences quoted whole and their longest comma clause quoted alone: step 1 per quote
   for each, and the clause's cost over the sentence's (a clause quote should cost no more), then
   the clauses whose cut is neutral and those it limits (flagged), each against its own sentences.
   With ``--ref SRC`` the same run is made with another checkout's citecheck too, alternately in
   fresh processes, and the ratios of the two are printed.

For each it prints both times and the ratio, checks that every exact quote gets the same found or
missing outcome from both, and reports how each kind of quote came out: found, and found as a
plain match (no flag, so no person would look). It checks that no meaning-changing edit (a swapped
keyword or opposite, a negation, a number, an ellipsis over a NOT or a condition) is a plain match.
On b it checks the targets: citecheck at least 50 times faster than the baseline, and at most 5 ms
per quote that reaches the fuzzy tier. The exit code is 1 when a check or target fails.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from citecheck import Citation, Document, Location
from citecheck.matcher import locate
from citecheck.matcher._lexicon import is_meaning_word
from citecheck.parsers import RFCParser

# --- the baseline: the cookbook's step 1, as published -------------------------------------------


def cookbook_normalize(text: str) -> str:
    table = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})
    return re.sub(r"\s+", " ", text.translate(table)).strip()


def cookbook_find_quote(sections: dict[str, str], quote: str) -> str | None:
    needle = cookbook_normalize(quote)
    for number in sorted(sections, key=lambda n: [int(p) for p in n.split(".")]):
        if needle in cookbook_normalize(sections[number]):
            return number
    return None


# --- quotes ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Quote:
    text: str
    kind: str  # "exact", "harmless:<variant>", "fabricated:<edit>"


def sentences_of(document: Document) -> list[str]:
    found: list[str] = []
    for section in document.numbered_sections:
        body = cookbook_normalize(section.text.split("\n", 1)[-1])
        for sentence in re.split(r"(?<=[a-z)]\.) (?=[A-Z])", body):
            words = sentence.split()
            if 8 <= len(words) <= 40 and sentence.endswith(".") and not re.search(r"[|{}\[\]<>]", sentence):
                found.append(sentence)
    return found


def _ellipsis(words: list[str], rng: random.Random, *, harmless: bool = True) -> str | None:
    """Leave three words out: words that change nothing (harmless), or a run holding a NOT."""
    if len(words) < 12:
        return None
    starts = [
        start
        for start in range(4, len(words) - 7)
        if harmless != any(is_meaning_word(w.strip('.,;:()"')) for w in words[start : start + 3])
        and (harmless or "not" in [w.lower() for w in words[start : start + 3]])
    ]
    if not starts:
        return None
    start = rng.choice(starts)
    return " ".join([*words[:start], "...", *words[start + 3 :]])


HARMLESS: dict[str, Callable[[str, random.Random], str | None]] = {
    "lowercase": lambda s, rng: s.lower(),
    "no-final-period": lambda s, rng: s.rstrip("."),
    "curly-quotes": lambda s, rng: re.sub(r'"([^"]*)"', "\u201c\\1\u201d", s) if '"' in s else None,
    "ellipsis": lambda s, rng: _ellipsis(s.split(), rng),
    "emphasis": lambda s, rng: (
        re.sub(r"\b(MUST|SHOULD|MAY|REQUIRED)\b", r"**\1**", s, count=1)
        if re.search(r"\b(MUST|SHOULD|MAY|REQUIRED)\b", s)
        else None
    ),
    "dashes": lambda s, rng: s.replace("-", "\u2013") if "-" in s else None,
    "rewrapped": lambda s, rng: textwrap.fill(
        s, width=rng.randint(30, 60), break_long_words=False, break_on_hyphens=False
    ),
    # Kinds added with matcher v2 (issue 7).
    "hyphen-open": lambda s, rng: re.sub(r"(?<=[a-z])-(?=[a-z])", " ", s) if re.search(r"[a-z]-[a-z]", s) else None,
    "hyphen-closed": lambda s, rng: re.sub(r"(?<=[a-z])-(?=[a-z])", "", s) if re.search(r"[a-z]-[a-z]", s) else None,
    "section-prefix": lambda s, rng: f"Section {rng.randint(1, 9)}: {s}",
    "bullet": lambda s, rng: f"{rng.choice(['o', '-', '*'])} {s}",
    "bracketed-capital": lambda s, rng: "[T]" + s[1:] if s.startswith("The ") else None,
    "sic": lambda s, rng: " ".join([*s.split()[:3], "[sic]", *s.split()[3:]]),
}

_SWAPS = {"MUST": "SHOULD", "SHOULD": "MAY", "MAY": "MUST", "REQUIRED": "OPTIONAL", "MUST NOT": "MUST"}


def _swap_keyword(sentence: str, rng: random.Random) -> str | None:
    for keyword, replacement in _SWAPS.items():
        if re.search(rf"\b{keyword}\b", sentence):
            return re.sub(rf"\b{keyword}\b", replacement, sentence, count=1)
    return None


def _negate(sentence: str, rng: random.Random) -> str | None:
    if re.search(r"\b(is|are|MUST|can)\b(?! not\b)", sentence):
        return re.sub(r"\b(is|are|MUST|can)\b(?! not\b)", r"\1 not", sentence, count=1)
    return None


def _renumber(sentence: str, rng: random.Random) -> str | None:
    if re.search(r"\d", sentence):
        return re.sub(r"\d+", lambda m: str(int(m.group()) + rng.randint(1, 9)), sentence, count=1)
    return None


_OPPOSITES = {
    "first": "last",
    "client": "server",
    "request": "response",
    "encrypted": "decrypted",
    "encryption": "decryption",
    "valid": "invalid",
    "before": "after",
    "include": "exclude",
    "public": "private",
    "sender": "recipient",
    "issuer": "audience",
    "minimum": "maximum",
}


def _antonym(sentence: str, rng: random.Random) -> str | None:
    for word, opposite in _OPPOSITES.items():
        for a, b in ((word, opposite), (opposite, word)):
            if re.search(rf"\b{a}\b", sentence):
                return re.sub(rf"\b{a}\b", b, sentence, count=1)
    return None


_CONDITION = re.compile(r"\b(unless|if|only|when|except|whenever)\b")


def _ellipsis_over_condition(sentence: str, rng: random.Random) -> str | None:
    """Leave out a condition: from the word before it up to four words on."""
    words = sentence.split()
    spots = [i for i, w in enumerate(words) if _CONDITION.fullmatch(w.lower()) and 2 <= i <= len(words) - 6]
    if not spots:
        return None
    at = rng.choice(spots)
    return " ".join([*words[:at], "...", *words[at + 4 :]])


def _leading_ellipsis_cuts_condition(sentence: str, rng: random.Random) -> str | None:
    found = re.match(r"(If|When|Unless|Only if)\b[^,]{3,80}, (.{20,})", sentence)
    # A short rest ("the following steps are performed") may stand elsewhere without the condition.
    return f"... {found.group(2)}" if found and len(found.group(2).split()) >= 8 else None


FABRICATIONS: dict[str, Callable[[str, random.Random], str | None]] = {
    "keyword-swap": _swap_keyword,
    "negation-added": _negate,
    "number-changed": _renumber,
    "ellipsis-drops-not": lambda s, rng: _ellipsis(s.split(), rng, harmless=False),
    # Kinds added with matcher v2 (issue 7).
    "antonym-swap": _antonym,
    "ellipsis-drops-condition": _ellipsis_over_condition,
    "leading-ellipsis-cuts-condition": _leading_ellipsis_cuts_condition,
}


def make_quotes(sentences: Sequence[str], count: int, rng: random.Random) -> list[Quote]:
    """A third each of exact sentences, harmless variants and fabrications."""
    quotes: list[Quote] = []
    while len(quotes) < count:
        sentence = rng.choice(sentences)
        roll = len(quotes) % 3
        if roll == 0:
            quotes.append(Quote(sentence, "exact"))
        elif roll == 1:
            name, variant = rng.choice(list(HARMLESS.items()))
            # A word hyphenated at a line end reads as one word once the line break is flattened.
            text = variant(re.sub(r"(?<=\w)- (?=\w)", "-", sentence), rng)
            if text and text != sentence:
                quotes.append(Quote(text, f"harmless:{name}"))
        else:
            if rng.random() < 0.25:
                other = rng.choice(sentences)
                left, right = sentence.split(), other.split()
                spliced = " ".join(left[: len(left) // 2] + right[len(right) // 2 :])
                quotes.append(Quote(spliced, "fabricated:spliced"))
                continue
            name, edit = rng.choice(list(FABRICATIONS.items()))
            text = edit(sentence, rng)
            if text and text != sentence:
                quotes.append(Quote(text, f"fabricated:{name}"))
    return quotes


# --- a generated 5 MB document ----------------------------------------------------------------

_VOCABULARY = [
    "token",
    "claim",
    "issuer",
    "audience",
    "signature",
    "header",
    "payload",
    "key",
    "value",
    "client",
    "server",
    "request",
    "response",
    "message",
    "field",
    "parameter",
    "algorithm",
    "encryption",
    "registry",
    "identifier",
    "processing",
    "validation",
    "content",
    "application",
    "session",
    "resource",
    "endpoint",
    "credential",
    "policy",
    "protocol",
    "extension",
    "attribute",
    "element",
]
_VERBS = [
    "contains",
    "identifies",
    "represents",
    "carries",
    "names",
    "defines",
    "describes",
    "protects",
    "references",
    "encodes",
]
_KEYWORDS = ["MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "MAY", "is", "is not", "can"]


def make_document(size: int, rng: random.Random) -> dict[str, str]:
    sections: dict[str, str] = {}
    total = 0
    chapter = 0
    while total < size:
        chapter += 1
        for sub in range(0, rng.randint(3, 8)):
            number = f"{chapter}" if sub == 0 else f"{chapter}.{sub}"
            paragraphs = []
            for _ in range(rng.randint(3, 6)):
                sentences = []
                for _ in range(rng.randint(3, 7)):
                    noun, other = rng.sample(_VOCABULARY, 2)
                    sentences.append(
                        f"The {noun} {rng.choice(_KEYWORDS)} {rng.choice(_VERBS)} the {other} "
                        f"{rng.choice(_VOCABULARY)} within {rng.randint(1, 9999)} "
                        f"{rng.choice(['octets', 'seconds', 'entries'])} of the {rng.choice(_VOCABULARY)}."
                    )
                paragraphs.append(
                    textwrap.fill(" ".join(sentences), width=72, initial_indent="   ", subsequent_indent="   ")
                )
            body = f"{number}.  {rng.choice(_VOCABULARY).title()} {rng.choice(_VOCABULARY).title()}\n\n" + "\n\n".join(
                paragraphs
            )
            sections[number] = body
            total += len(body) + 2
    return sections


# --- the run -----------------------------------------------------------------------------------


@dataclass
class Outcome:
    seconds: float
    found: list[str | None]
    fuzzy_seconds: float = 0.0
    fuzzy_quotes: int = 0
    tiers: Counter[str] | None = None
    plain: list[bool] | None = None  # found with no flag: a person would not look


def run_baseline(sections: dict[str, str], quotes: Sequence[Quote]) -> Outcome:
    started = time.perf_counter()
    found = [cookbook_find_quote(sections, q.text) for q in quotes]
    return Outcome(time.perf_counter() - started, found)


def run_citecheck(make_document_: Callable[[], Document], quotes: Sequence[Quote]) -> Outcome:
    started = time.perf_counter()
    document = make_document_()  # parsing and indexing count against citecheck
    found: list[str | None] = []
    plain: list[bool] = []
    tiers: Counter[str] = Counter()
    fuzzy_seconds = 0.0
    fuzzy_quotes = 0
    for quote in quotes:
        before = time.perf_counter()
        location = locate(document, Citation(id="q", claim="-", quote=quote.text, section=None))
        took = time.perf_counter() - before
        tier = location.match.tier if location.match else None
        reached_fuzzy = tier == "fuzzy" or (location.status == "missing")
        if reached_fuzzy:
            fuzzy_seconds += took
            fuzzy_quotes += 1
        tiers[f"{location.status}:{tier or '-'}"] += 1
        found.append(location.section if location.status in ("found", "ambiguous") else None)
        plain.append(location.status == "found" and not location.flags)
    return Outcome(time.perf_counter() - started, found, fuzzy_seconds, fuzzy_quotes, tiers, plain)


def report(name: str, sections: dict[str, str], make: Callable[[], Document], quotes: Sequence[Quote]) -> list[str]:
    """Run both, print the figures, and return the failed checks."""
    size = sum(len(t) for t in sections.values())
    print(f"\n== {name}: {size / 1e6:.2f} MB, {len(sections)} sections, {len(quotes):,} quotes")
    ours = run_citecheck(make, quotes)
    per_quote = ours.seconds / len(quotes) * 1000
    print(f"citecheck      {ours.seconds:8.2f} s  ({per_quote:.3f} ms/quote, parsing and indexing included)")
    base = run_baseline(sections, quotes)
    print(f"cookbook       {base.seconds:8.2f} s  ({base.seconds / len(quotes) * 1000:.3f} ms/quote)")
    ratio = base.seconds / ours.seconds
    print(f"ratio          {ratio:8.1f}x faster")
    fuzzy_ms = ours.fuzzy_seconds / ours.fuzzy_quotes * 1000 if ours.fuzzy_quotes else 0.0
    print(f"fuzzy tier     {fuzzy_ms:8.3f} ms/quote over the {ours.fuzzy_quotes:,} quotes that reached it")

    failures: list[str] = []
    exact = [i for i, q in enumerate(quotes) if q.kind == "exact"]
    disagree = [i for i in exact if (base.found[i] is None) != (ours.found[i] is None)]
    print(f"exact quotes   {len(exact):,}: same found/missing outcome for {len(exact) - len(disagree):,}")
    if disagree:
        failures.append(f"{name}: {len(disagree)} exact quotes disagree, e.g. {quotes[disagree[0]].text!r}")

    by_kind: dict[str, Counter[str]] = {}
    for i, quote in enumerate(quotes):
        counts = by_kind.setdefault(quote.kind, Counter())
        counts["cookbook found" if base.found[i] else "cookbook missing"] += 1
        counts["citecheck found" if ours.found[i] else "citecheck missing"] += 1
        counts["citecheck plain"] += bool(ours.plain and ours.plain[i])
    print(f"{'quote kind':<34}{'n':>6}{'cookbook found':>16}{'citecheck found':>17}{'plain (no flag)':>17}")
    for kind in sorted(by_kind):
        counts = by_kind[kind]
        n = counts["cookbook found"] + counts["cookbook missing"]
        found, plain = counts["citecheck found"], counts["citecheck plain"]
        print(f"{kind:<34}{n:>6}{counts['cookbook found']:>16}{found:>17}{plain:>17}")
    accepted = [
        i
        for i, q in enumerate(quotes)
        if q.kind.startswith("fabricated:") and q.kind != "fabricated:spliced" and ours.plain and ours.plain[i]
    ]
    if accepted:
        failures.append(
            f"{name}: {len(accepted)} meaning-changing edits found as plain matches, e.g. {quotes[accepted[0]].text!r}"
        )
    print("citecheck outcomes (status:tier):", dict(sorted(ours.tiers.items())) if ours.tiers else {})
    if name.startswith("b"):
        if ratio < 50:
            failures.append(f"{name}: {ratio:.1f}x is under the 50x target")
        if fuzzy_ms > 5:
            failures.append(f"{name}: fuzzy tier {fuzzy_ms:.2f} ms/quote is over the 5 ms target")
    return failures


def clause_quotes(document: Document) -> tuple[list[str], list[str], list[str]]:
    """The sentences of input a, the longest comma clause (six words or more) of those with one, and their sentences."""
    sentences = sentences_of(document)
    clauses, whole = [], []
    for sentence in sentences:
        parts = sentence.rstrip(".").split(", ")
        longest = max(parts, key=len)
        if len(parts) > 1 and len(longest.split()) >= 6:
            clauses.append(longest)
            whole.append(sentence)
    return sentences, clauses, whole


_CUT_FLAGS = {"partial_sentence", "omitted_text", "ellipsis_gap"}


def time_clauses(text: str, repeats: int = 20) -> dict[str, float]:
    """Milliseconds per quote of step 1 on RFC 7519's sentences and on their clauses (best of ``repeats``).

    The loops take turns, so a burst of other work on the machine slows a round of each alike; each
    takes at most about 15 ms, so many rounds fit in a second. CPU time: other processes' work on a
    shared machine is not counted. The clauses are also timed in two parts against their own
    sentences: those whose cut is neutral (no flag) and those whose cut limits them (flagged, with
    the limit named), which alone read the words left out in full.
    """
    document = RFCParser().parse(text)
    sentences, clauses, whole = clause_quotes(document)

    def locate_(quote: str) -> Location:
        return locate(document, Citation(id="q", claim="-", quote=quote, section=None))

    def loop(quotes: Sequence[str]) -> None:
        for quote in quotes:
            locate_(quote)

    loop(sentences[:20])  # the index, built once
    limited = [bool(_CUT_FLAGS & set(locate_(clause).flags)) for clause in clauses]
    groups = {
        "sentence": sentences,
        "clause": clauses,
        **{
            f"{name}_{part}": [q for q, flagged in zip(quotes, limited, strict=True) if flagged == (name == "limited")]
            for name in ("neutral", "limited")
            for part, quotes in (("clause", clauses), ("sentence", whole))
        },
    }

    def cpu(quotes: Sequence[str]) -> float:
        started = time.process_time()
        loop(quotes)
        return time.process_time() - started

    best = dict.fromkeys(groups, float("inf"))
    for _ in range(repeats):
        for name, quotes in groups.items():
            best[name] = min(best[name], cpu(quotes))
    return {
        **{f"{name}_ms": best[name] / len(quotes) * 1000 for name, quotes in groups.items() if quotes},
        "sentences": len(sentences),
        "clauses": len(clauses),
        "limited": sum(limited),
    }


def report_clauses(text: str, ref: str | None, rounds: int = 3) -> list[str]:
    """Input c: a clause quote's step 1 against a whole sentence's, here and in ``ref``'s citecheck."""
    import json
    import subprocess

    print("\n== c. RFC 7519: whole sentences and clause quotes")
    if ref is None:
        ours = time_clauses(text)
        print(
            f"sentences {ours['sentence_ms']:.3f} ms/quote ({ours['sentences']:.0f}), clauses "
            f"{ours['clause_ms']:.3f} ms/quote ({ours['clauses']:.0f}): {ours['clause_ms'] / ours['sentence_ms']:.2f}x"
        )
        for name, count in (("neutral", ours["clauses"] - ours["limited"]), ("limited", ours["limited"])):
            clause, sentence = ours[f"{name}_clause_ms"], ours[f"{name}_sentence_ms"]
            print(
                f"  {name} cut ({count:.0f}): clause {clause:.3f} ms/quote, its sentence {sentence:.3f}: "
                f"{clause / sentence:.2f}x"
            )
        return []
    here = str(Path(__file__).resolve().parents[1] / "src")
    best: dict[str, dict[str, float]] = {}
    for _ in range(rounds):
        for name, src in (("ref", ref), ("this", here)):
            env = {**os.environ, "PYTHONPATH": src}
            out = subprocess.run(
                [sys.executable, __file__, "--only", "c", "--emit"], env=env, capture_output=True, text=True, check=True
            )
            got = json.loads(out.stdout.strip().splitlines()[-1])
            kept = best.setdefault(name, got)
            for key in ("sentence_ms", "clause_ms"):
                kept[key] = min(kept[key], got[key])
    for name in ("ref", "this"):
        row = best[name]
        print(
            f"{name:<5} sentences {row['sentence_ms']:.3f} ms/quote, clauses {row['clause_ms']:.3f} ms/quote "
            f"(clause/sentence {row['clause_ms'] / row['sentence_ms']:.2f}x)"
        )
    for key in ("sentence_ms", "clause_ms"):
        print(f"{key[:-3]:<9} this/ref {best['this'][key] / best['ref'][key]:.2f}x")
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=["a", "b", "c"], help="run one input")
    parser.add_argument("--seed", type=int, default=7519)
    parser.add_argument("--ref", help="with input c: another checkout's src folder, timed in the same run")
    parser.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)  # input c's figures as JSON
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures: list[str] = []
    fixtures = Path(os.environ.get("CITECHECK_FIXTURES", Path(__file__).parents[1] / ".." / "shared" / "fixtures"))
    if args.only == "c":
        text = (fixtures / "citation_check" / "rfc7519.txt").read_text(encoding="utf-8")
        if args.emit:
            import json

            print(json.dumps(time_clauses(text)))
            return 0
        report_clauses(text, args.ref)
        return 0

    if args.only in (None, "a"):
        source = fixtures / "citation_check" / "rfc7519.txt"
        if not source.is_file():
            print(f"input a needs RFC 7519 at {source}: set CITECHECK_FIXTURES", file=sys.stderr)
            return 2
        text = source.read_text(encoding="utf-8")
        document = RFCParser().parse(text)
        sections = {s.id: s.text for s in document.numbered_sections}
        quotes = make_quotes(sentences_of(document), 10_000, rng)
        failures += report("a. RFC 7519", sections, lambda: RFCParser().parse(text), quotes)

    if args.only in (None, "b"):
        sections = make_document(5_000_000, rng)
        generated = Document.from_sections(sections)
        quotes = make_quotes(sentences_of(generated), 2_000, rng)
        failures += report("b. generated 5 MB", sections, lambda: Document.from_sections(sections), quotes)

    print()
    for failure in failures:
        print(f"FAILED: {failure}")
    print("all checks and targets met" if not failures else f"{len(failures)} check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
