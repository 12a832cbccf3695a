"""One configurable checker: how quotes match, the parsers, the judge, auto-accept and concurrency, held together.

``Checker()`` is the default preset and ``Checker("cookbook")`` the cookbook's, as
``MarkdownIt("commonmark")`` is a preset of markdown-it-py's parser. Every entry point takes one
(``checker=``): the module-level functions (`citecheck.check_citation` and the rest, thin calls on
`DEFAULT_CHECKER`), `citecheck.providers.check_answer`, `citecheck.distributed.check_rows`, the
report builders and the command line, which builds one from its options.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from contextlib import nullcontext
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING

from citecheck._models import Citation, CitationFailure, CitationResult, Document, JudgeAnswer, Location, as_citation
from citecheck._types import CitationLike, Sources
from citecheck.checker._batch import DEFAULT_CONCURRENCY, BatchResults, run_checks, run_sync
from citecheck.checker._fold import AUTO_ACCEPT, check_auto_accept, checked_answer, fold_verdict, judge_failure
from citecheck.checker._match import MatchResult, citation_list, locate, match_all, match_one
from citecheck.checker._telemetry import observed_batch
from citecheck.matcher import MatchOptions, PresetName, Tier, as_documents, find_quote, match_options
from citecheck.parsers import AnyParser, ParserRegistry, parse_file, parse_text

# The judge package loads when a judge is first needed: step 1 alone (`citecheck match`) never does.
if TYPE_CHECKING:
    from citecheck.judge import AsyncJudge, Judge

__all__ = ["DEFAULT_CHECKER", "Checker", "chosen_checker"]


class Checker:
    """Checks citations with one set of choices: how quotes match, who judges, when a verdict stands.

    Args:
        preset: ``"default"`` (citecheck's matcher) or ``"cookbook"`` (the cookbook's exact
            match): the tiers and the few rules that go with them (see
            `citecheck.matcher.MatchOptions`). The command line names it the same way
            (``--preset cookbook``).
        tiers: The tiers to run instead of the preset's, in order; the preset's other rules stay
            (a list of cookbook tiers does not make the cookbook preset: name it). Add one with
            ``[*tier_preset("default"), MyTier()]``, or one an installed package offers with
            `citecheck.matcher.load_tier`.
        judge: What answers step 2; by default a `TypeSafeJudge` made for each check (each
            batch), and closed after it.
        auto_accept: The confidence at and above which a verdict stands without review.
        concurrency: Questions in flight at once in a batch.
        parsers: The parsers `Checker.parse_file` and `Checker.parse_text` pick from: a
            `citecheck.parsers.ParserRegistry` (formats and extensions; a copy is kept) or a
            mapping of format to parser; by default the shared `default_registry()`.

    Raises:
        ValueError: No preset has that name, ``auto_accept`` is not between 0 and 1, or
            ``concurrency`` is below 1.
        TypeError: One of ``tiers`` is not a `citecheck.matcher.Tier`.

    Examples:
        ```python
        checker = Checker("cookbook", judge=TypeSafeJudge(cache="answers.json", create=True))
        results = checker.check_citations(document, citations)
        ```
    """

    __slots__ = ("_parsers", "auto_accept", "concurrency", "judge", "options")

    def __init__(
        self,
        preset: PresetName = "default",
        *,
        tiers: Sequence[Tier] | None = None,
        judge: Judge | AsyncJudge | None = None,
        auto_accept: float = AUTO_ACCEPT,
        concurrency: int = DEFAULT_CONCURRENCY,
        parsers: Mapping[str, AnyParser] | None = None,
    ) -> None:
        check_auto_accept(auto_accept)
        if isinstance(concurrency, bool) or not isinstance(concurrency, int) or concurrency < 1:
            raise ValueError(f"concurrency must be an integer of at least 1, got {concurrency!r}")
        self.options: MatchOptions = match_options(preset, tiers=tiers)
        """How step 1 matches: the preset's rules and the tiers."""
        self.judge = judge
        """What answers step 2 (``None``: a `TypeSafeJudge` per check)."""
        self.auto_accept = auto_accept
        """The confidence at and above which a verdict stands without review."""
        self.concurrency = concurrency
        """Questions in flight at once in a batch."""
        self._parsers: Mapping[str, AnyParser] | None = None
        if isinstance(parsers, ParserRegistry):
            self._parsers = parsers.copy()  # registering on the caller's registry later changes nothing here
        elif parsers is not None:
            self._parsers = MappingProxyType(dict(parsers))

    def with_judge(self, judge: Judge | AsyncJudge | None) -> Checker:
        """This checker with another judge (everything else shared): a worker's own judge, a per-call one."""
        if judge is self.judge:
            return self
        other = Checker.__new__(Checker)
        other.options, other.auto_accept, other.concurrency, other._parsers = (
            self.options,
            self.auto_accept,
            self.concurrency,
            self._parsers,
        )
        other.judge = judge
        return other

    def __repr__(self) -> str:
        tiers = ", ".join(tier.name for tier in self.tiers)
        return (
            f"Checker({self.preset!r}, tiers=[{tiers}], auto_accept={self.auto_accept}, "
            f"concurrency={self.concurrency}, judge={self.judge!r})"
        )

    def __reduce__(self) -> tuple[object, ...]:
        # Slots and a read-only parser view: rebuilt field by field (Ray sends a checker to its workers).
        parsers = dict(self._parsers) if isinstance(self._parsers, MappingProxyType) else self._parsers
        return (_rebuilt, (self.options, self.judge, self.auto_accept, self.concurrency, parsers))

    @property
    def preset(self) -> PresetName:
        """The preset whose rules step 1 follows: ``"default"`` or ``"cookbook"``."""
        return self.options.preset

    @property
    def tiers(self) -> tuple[Tier, ...]:
        """The tiers step 1 runs, strongest first."""
        return self.options.tiers

    @property
    def parsers(self) -> Mapping[str, AnyParser] | None:
        """The parsers given (a copy), or ``None`` for the shared default registry."""
        return self._parsers

    # --- documents ---------------------------------------------------------------------------

    def parse_file(
        self, path: str | os.PathLike[str], *, parser: str | None = None, name: str | None = None
    ) -> Document:
        """Read a document with this checker's parsers; see `citecheck.parsers.parse_file`."""
        return parse_file(path, parser=parser, name=name, parsers=self._parsers)

    def parse_text(self, text: str | bytes, *, parser: str | None = None, name: str | None = None) -> Document:
        """Parse a document's text with this checker's parsers; see `citecheck.parsers.parse_text`."""
        return parse_text(text, parser=parser, name=name, parsers=self._parsers)

    # --- step 1 ------------------------------------------------------------------------------

    def locate(self, documents: Sources, citation: CitationLike) -> Location:
        """Step 1 for one citation: where its quote is, its claim's numbers checked (see `citecheck.matcher.locate_in`).

        Raises:
            DocumentError: ``documents`` is not one of the accepted shapes.
            InvalidCitationError: The citation is missing a field or has one of the wrong type.
        """
        return locate(as_documents(documents), as_citation(citation), self.options)

    def find_quote(self, document: Document | Mapping[str, str], quote: str) -> str | None:
        """The id of the first section of a document that holds ``quote`` (see `citecheck.matcher.find_quote`)."""
        return find_quote(document, quote, options=self.options)

    def match_citation(self, document: Sources, citation: CitationLike) -> MatchResult:
        """Run step 1 alone on one citation (see `citecheck.match_citation`).

        Raises:
            InvalidCitationError: The citation is missing a field or has one of the wrong type.
        """
        return match_one(as_documents(document), as_citation(citation), self.options)

    def match_citations(
        self, document: Sources, citations: Iterable[CitationLike]
    ) -> list[MatchResult | CitationFailure]:
        """Run step 1 alone on a batch, one entry per citation (see `citecheck.match_citations`).

        Raises:
            TypeError: ``citations`` is a single citation, not a list of them.
        """
        return match_all(as_documents(document), citation_list(citations, "match_citations"), self.options)

    # --- both steps --------------------------------------------------------------------------

    def fold(self, citation: Citation, location: Location, answer: JudgeAnswer | None) -> CitationResult:
        """Fold step 1's location and step 2's answer with this checker's threshold (see `citecheck.fold_verdict`)."""
        return fold_verdict(citation, location, answer, auto_accept=self.auto_accept)

    def check_citation(self, document: Sources, citation: CitationLike) -> CitationResult:
        """Check one citation against a document (see `citecheck.check_citation`).

        Raises:
            InvalidCitationError: The citation is missing a field or has one of the wrong type.
            JudgeError: Step 2 could not get an answer; the error names the citation.
            TypeError: The checker's judge has only ``ajudge``: check one citation with
                `acheck_citations`.
        """
        from citecheck.judge import Judge, TypeSafeJudge

        checked = as_citation(citation)
        documents = as_documents(document)
        judge = self.judge
        if judge is not None and not isinstance(judge, Judge):
            raise TypeError(f"{type(judge).__name__} has no judge(): check with acheck_citations, which awaits ajudge")
        with nullcontext(judge) if judge is not None else TypeSafeJudge() as chosen:
            location = locate(documents, checked, self.options)
            answer = None
            if location.text is not None:
                try:
                    answer = chosen.judge(checked.claim, location.text)
                except Exception as error:
                    raise judge_failure(checked, error) from error
                answer = checked_answer(checked, answer)
        return self.fold(checked, location, answer)

    def check_citations(
        self, document: Sources, citations: Iterable[CitationLike], *, progress: bool | None = None
    ) -> BatchResults:
        """Check a batch concurrently, keeping every result when some fail (see `citecheck.check_citations`).

        Raises:
            BatchInterrupted: Ctrl-C stopped the batch; it carries what was checked.
        """
        documents = as_documents(document)
        items = citation_list(citations, "check_citations")
        with observed_batch(len(items)) as record:  # OpenTelemetry events, when the application traces
            results = run_sync(documents, items, self.judge, self._fold, self.options, self.concurrency, progress)
            if record is not None:
                record(results)
        return results

    async def acheck_citations(
        self, document: Sources, citations: Iterable[CitationLike], *, progress: bool | None = None
    ) -> BatchResults:
        """Check a batch from asyncio code (see `citecheck.acheck_citations`)."""
        documents = as_documents(document)
        items = citation_list(citations, "acheck_citations")
        with observed_batch(len(items)) as record:  # OpenTelemetry events, when the application traces
            results = await run_checks(
                documents, items, self.judge, self._fold, self.options, self.concurrency, progress, None
            )
            if record is not None:
                record(results)
        return results

    @property
    def _fold(self) -> partial[CitationResult]:
        return partial(fold_verdict, auto_accept=self.auto_accept)


def _rebuilt(
    options: MatchOptions,
    judge: Judge | AsyncJudge | None,
    auto_accept: float,
    concurrency: int,
    parsers: Mapping[str, AnyParser] | None,
) -> Checker:
    checker = Checker(options.preset, judge=judge, auto_accept=auto_accept, concurrency=concurrency, parsers=parsers)
    checker.options = options
    return checker


DEFAULT_CHECKER = Checker()
"""The checker the module-level functions use when given none: the default preset, a `TypeSafeJudge` per check."""


def chosen_checker(checker: Checker | None, judge: Judge | AsyncJudge | None = None) -> Checker:
    """The checker an entry point runs: ``checker`` (by default `DEFAULT_CHECKER`), with ``judge`` when one is given.

    Raises:
        TypeError: ``checker`` is not a `Checker`.
    """
    if checker is None:
        checker = DEFAULT_CHECKER
    elif not isinstance(checker, Checker):
        raise TypeError(f"checker must be a citecheck.Checker, got {type(checker).__name__}")
    return checker if judge is None else checker.with_judge(judge)
