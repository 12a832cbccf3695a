"""One configurable checker: the tiers, judge, auto-accept threshold and concurrency, held together.

``Checker()`` is the default preset and ``Checker("cookbook")`` the cookbook's, as
``MarkdownIt("commonmark")`` is a preset of markdown-it-py's parser. The module-level functions
(`citecheck.check_citation` and the rest) are thin calls on a checker their arguments make.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from citecheck._batch import DEFAULT_CONCURRENCY, BatchResults
from citecheck._check import (
    AUTO_ACCEPT,
    _check_auto_accept,
    _check_one,
    _judge_or_default,
    run_checks,
    run_sync,
)
from citecheck._match import MatchResult, citation_list, match_all, match_one
from citecheck._models import CitationFailure, CitationResult, Document, Location, as_citation
from citecheck._telemetry import observed_batch
from citecheck._types import CitationLike, Sources
from citecheck.judge import AsyncJudge, Judge
from citecheck.matcher._locate import find_prepared
from citecheck.matcher._options import PRESETS, MatchOptions, PresetName, match_options, options_of
from citecheck.matcher._plain import document_of
from citecheck.matcher._routing import as_documents, route
from citecheck.matcher._tiers import Tier
from citecheck.parsers import AnyParser, ParserRegistry, parse_file, parse_text

__all__ = ["Checker", "checker_for"]


class Checker:
    """Checks citations with one set of choices: how quotes match, who judges, when a verdict stands.

    Args:
        preset: ``"default"`` (citecheck's matcher) or ``"cookbook"`` (the cookbook's exact match,
            what ``strict=True`` means): the tiers and the few rules that go with them (see
            `citecheck.matcher.MatchOptions`).
        tiers: The tiers to run instead of the preset's, in order; the preset's other rules stay.
            Add one with ``[*tier_preset("default"), MyTier()]``, or one an installed package
            offers with `citecheck.matcher.load_tier`.
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
        _check_auto_accept(auto_accept)
        if concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {concurrency}")
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

    @classmethod
    def _of(
        cls,
        options: MatchOptions,
        judge: Judge | AsyncJudge | None,
        auto_accept: float,
        concurrency: int,
    ) -> Checker:
        """A checker from options already built (the module functions' path: nothing checked twice)."""
        checker = cls.__new__(cls)
        checker.options, checker.judge, checker.auto_accept, checker.concurrency = (
            options,
            judge,
            auto_accept,
            concurrency,
        )
        checker._parsers = None
        return checker

    def __repr__(self) -> str:
        tiers = ", ".join(tier.name for tier in self.tiers)
        return f"Checker({self.preset!r}, tiers=[{tiers}], auto_accept={self.auto_accept}, judge={self.judge!r})"

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
        self, path: str | os.PathLike[str], *, format: str | None = None, name: str | None = None
    ) -> Document:
        """Read a document with this checker's parsers; see `citecheck.parsers.parse_file`."""
        return parse_file(path, format=format, name=name, parsers=self._parsers)

    def parse_text(self, text: str | bytes, *, format: str | None = None, name: str | None = None) -> Document:
        """Parse a document's text with this checker's parsers; see `citecheck.parsers.parse_text`."""
        return parse_text(text, format=format, name=name, parsers=self._parsers)

    # --- step 1 ------------------------------------------------------------------------------

    def locate(self, documents: Sources, citation: CitationLike) -> Location:
        """Step 1 for one citation: where its quote is (see `citecheck.matcher.locate_in`).

        Raises:
            DocumentError: ``documents`` is not one of the accepted shapes.
            InvalidCitationError: The citation is missing a field or has one of the wrong type.
        """
        return route(as_documents(documents), as_citation(citation), self.options)

    def find_quote(self, document: Document | Mapping[str, str], quote: str) -> str | None:
        """The id of the first section of a document that holds ``quote`` (see `citecheck.matcher.find_quote`)."""
        return find_prepared(document_of(document), quote, self.options)

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

    def check_citation(self, document: Sources, citation: CitationLike) -> CitationResult:
        """Check one citation against a document (see `citecheck.check_citation`).

        Raises:
            InvalidCitationError: The citation is missing a field or has one of the wrong type.
            JudgeError: Step 2 could not get an answer; the error names the citation.
            TypeError: The checker's judge has only ``ajudge``: check one citation with
                `acheck_citations`.
        """
        checked = as_citation(citation)
        documents = as_documents(document)
        judge = self.judge
        if judge is not None and not isinstance(judge, Judge):
            raise TypeError(f"{type(judge).__name__} has no judge(): check with acheck_citations, which awaits ajudge")
        with _judge_or_default(judge) as chosen:
            return _check_one(documents, checked, chosen, self.auto_accept, self.options)

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
            results = run_sync(documents, items, self.judge, self.auto_accept, self.options, self.concurrency, progress)
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
                documents, items, self.judge, self.auto_accept, self.options, self.concurrency, progress, None
            )
            if record is not None:
                record(results)
        return results


_DEFAULT = {strict: Checker._of(PRESETS["cookbook" if strict else "default"], None, AUTO_ACCEPT, DEFAULT_CONCURRENCY)
            for strict in (False, True)}  # fmt: skip


def checker_for(
    judge: Judge | AsyncJudge | None,
    auto_accept: float | None,
    strict: bool,
    tiers: Sequence[Tier] | None,
    concurrency: int = DEFAULT_CONCURRENCY,
) -> Checker:
    """The checker the module-level functions' arguments describe: a shared default one when they are the defaults.

    ``auto_accept`` is ``None`` for step 1 alone.

    Raises:
        ValueError: ``auto_accept`` is not between 0 and 1, or ``concurrency`` is below 1.
        TypeError: One of ``tiers`` is not a `citecheck.matcher.Tier`.
    """
    threshold = AUTO_ACCEPT if auto_accept is None else auto_accept
    if judge is None and threshold == AUTO_ACCEPT and tiers is None and concurrency == DEFAULT_CONCURRENCY:
        return _DEFAULT[strict]
    _check_auto_accept(threshold)
    return Checker._of(options_of(strict, tiers), judge, threshold, concurrency)
