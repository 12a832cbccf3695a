"""The metamorphic cases: each transform applied to each sentence, run through the public API, tallied.

`generate` builds the cases (all of them, or a fixed-seed sample of each transform x language
cell); `run` matches them with `citecheck.match_citations`, one call per document; `tally` counts
each cell's found, flagged and accepted quotes. The test (`test_metamorphic.py`) and the benchmark
(`benchmarks/bench_metamorphic.py`) share these three.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import citecheck
from tests.metamorphic.corpus import CorpusDocument
from tests.metamorphic.transforms import LANGUAGES, TRANSFORMS, Transform, collapse, join_lines

__all__ = ["Case", "Cell", "Outcome", "format_matrix", "generate", "run", "tally"]


@dataclass(frozen=True)
class Case:
    """One quote made from one sentence by one transform."""

    document: int
    """The index of its document in the corpus."""
    transform: Transform
    language: str
    section: str
    sentence: str
    quote: str

    @property
    def cell(self) -> tuple[str, str]:
        """Its cell of the matrix: (transform name, language)."""
        return self.transform.name, self.language


@dataclass(frozen=True)
class Outcome:
    """What step 1 made of a case, through the public API."""

    case: Case
    status: str
    flags: tuple[str, ...]
    reason: str

    @property
    def found(self) -> bool:
        return self.status == "found"

    @property
    def flagged(self) -> bool:
        return self.found and bool(self.flags)

    @property
    def accepted(self) -> bool:
        """Found with no flag: a supporting answer would pass it with no person looking."""
        return self.found and not self.flags

    @property
    def passed(self) -> bool:
        """Harmless: found with no flag. Harmful: anything but that."""
        return self.accepted if self.case.transform.kind == "harmless" else not self.accepted


@dataclass
class Cell:
    """The counts of one transform x language cell."""

    transform: Transform
    language: str
    cases: int = 0
    found: int = 0
    flagged: int = 0
    accepted: int = 0
    failures: list[Outcome] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def _edited(transform: Transform, quote: str, sentence: str, corpus_document: CorpusDocument) -> bool:
    """Whether a quote still tests its transform: a harmful edit the document holds verbatim is no edit."""
    if transform.kind == "harmless" or transform.cut:
        return True
    flat = collapse(join_lines(quote))
    return flat != sentence and flat not in corpus_document.flat


def generate(
    corpus: Sequence[CorpusDocument],
    *,
    seed: int = 0,
    per_cell: int | None = None,
    transforms: Iterable[Transform] = TRANSFORMS,
) -> list[Case]:
    """The cases of every transform on every sentence (``per_cell=None``), or a fixed-seed sample of each cell.

    Each case draws its random choices from a generator seeded by ``seed``, the transform and the
    sentence, so a case is the same quote whether it is generated alone or in the full set.
    """
    by_cell: dict[tuple[str, str], list[Case]] = defaultdict(list)
    for transform in transforms:
        for index, corpus_document in enumerate(corpus):
            for item in corpus_document.sentences:
                sentence = item.sentence
                rng = random.Random(f"{seed}|{transform.name}|{corpus_document.path}|{sentence.text}")
                quote = transform.apply(sentence, rng)
                if quote is None or not _edited(transform, quote, sentence.text, corpus_document):
                    continue
                case = Case(index, transform, sentence.language, item.section, sentence.text, quote)
                by_cell[case.cell].append(case)
    cases: list[Case] = []
    for key in sorted(by_cell):
        cell = by_cell[key]
        if per_cell is not None and len(cell) > per_cell:
            cell = random.Random(f"{seed}|{key}").sample(cell, per_cell)
        cases.extend(cell)
    return cases


def run(corpus: Sequence[CorpusDocument], cases: Sequence[Case], *, strict: bool = False) -> list[Outcome]:
    """Each case matched with `citecheck.match_citations`, one call per document, in case order."""
    by_document: dict[int, list[int]] = defaultdict(list)
    for position, case in enumerate(cases):
        by_document[case.document].append(position)
    outcomes: list[Outcome | None] = [None] * len(cases)
    for index, positions in by_document.items():
        citations = [
            {"id": f"c{p}", "claim": cases[p].sentence, "quote": cases[p].quote, "section": cases[p].section}
            for p in positions
        ]
        checker = citecheck.Checker("cookbook") if strict else None
        results = citecheck.match_citations(corpus[index].document, citations, checker=checker)
        for p, result in zip(positions, results, strict=True):
            if isinstance(result, citecheck.CitationFailure):
                outcomes[p] = Outcome(cases[p], "failure", (), result.error)
            else:
                location = result.location
                outcomes[p] = Outcome(cases[p], location.status, tuple(location.flags), location.reason)
    return [o for o in outcomes if o is not None]


def tally(outcomes: Iterable[Outcome]) -> dict[tuple[str, str], Cell]:
    """The matrix: one `Cell` per transform x language that has cases."""
    cells: dict[tuple[str, str], Cell] = {}
    for outcome in outcomes:
        case = outcome.case
        cell = cells.setdefault(case.cell, Cell(case.transform, case.language))
        cell.cases += 1
        cell.found += outcome.found
        cell.flagged += outcome.flagged
        cell.accepted += outcome.accepted
        if not outcome.passed:
            cell.failures.append(outcome)
    return cells


def format_matrix(cells: dict[tuple[str, str], Cell]) -> str:
    """The matrix as a Markdown table: per transform and language, ``cases/found/flagged/accepted``.

    A cell that fails its rule (a harmless quote not accepted, a harmful one accepted) is in bold.
    """
    languages = [language for language in LANGUAGES if any(key[1] == language for key in cells)]
    header = "| transform | kind | " + " | ".join(languages) + " |"
    lines = [header, "| --- | --- |" + " --- |" * len(languages)]
    for transform in TRANSFORMS:
        row = [cells.get((transform.name, language)) for language in languages]
        if not any(row):
            continue
        shown = []
        for cell in row:
            if cell is None:
                shown.append("")
                continue
            text = f"{cell.cases}/{cell.found}/{cell.flagged}/{cell.accepted}"
            shown.append(text if cell.passed else f"**{text}**")
        lines.append(f"| {transform.name} | {transform.kind} | " + " | ".join(shown) + " |")
    return "\n".join(lines)
