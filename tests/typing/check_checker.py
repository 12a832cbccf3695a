"""Checked by ``mypy --strict`` in CI, never run: the Checker, presets and custom tiers as a user types them."""

from collections.abc import Sequence

from typing_extensions import assert_type

from citecheck import (
    BatchResults,
    Checker,
    Citation,
    CitationFailure,
    CitationResult,
    Document,
    Location,
    MatchResult,
    acheck_citations,
    check_citation,
    check_citations,
    match_citation,
    match_citations,
)
from citecheck.matcher import (
    MatchOptions,
    MatchTier,
    PreparedQuote,
    PresetName,
    Tier,
    TierHit,
    WordIndex,
    installed_tiers,
    load_tier,
    locate_in,
    match_options,
    tier_preset,
)


class PlusTier:
    name = "plus"
    cookbook = False
    single_section = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
        return [TierHit(0, 1)]


def check_checker(document: Document, citation: Citation) -> None:
    tiers = [*tier_preset("default"), PlusTier(), load_tier("plus")]
    checker = Checker("cookbook", tiers=tiers, auto_accept=0.9, concurrency=4)
    assert_type(checker.preset, PresetName)
    assert_type(checker.tiers, tuple[Tier, ...])
    assert_type(checker.options, MatchOptions)
    assert_type(checker.check_citation(document, citation), CitationResult)
    assert_type(checker.check_citations(document, [citation]), BatchResults)
    assert_type(checker.match_citation(document, citation), MatchResult)
    assert_type(checker.match_citations(document, [citation]), list[MatchResult | CitationFailure])
    assert_type(checker.locate([document], citation), Location)
    assert_type(checker.find_quote({"1": "text"}, "quote"), str | None)
    assert_type(check_citation(document, citation, checker=Checker(tiers=tiers)), CitationResult)
    assert_type(check_citations(document, [citation], checker=Checker(tiers=tiers)), BatchResults)
    assert_type(match_citation(document, citation, checker=Checker(tiers=tiers)), MatchResult)
    assert_type(
        match_citations(document, [citation], checker=Checker(tiers=tiers)), list[MatchResult | CitationFailure]
    )
    assert_type(locate_in(document, citation, options=match_options(tiers=tiers)), Location)
    assert_type(match_options("cookbook", tiers=tiers), MatchOptions)
    assert_type(installed_tiers(), tuple[str, ...])
    tier: MatchTier = "plus"  # any name: a custom tier reports its own
    assert_type(tier, str)


async def check_async(document: Document, citation: Citation) -> None:
    assert_type(await Checker().acheck_citations(document, [citation]), BatchResults)
    assert_type(await acheck_citations(document, [citation], checker=Checker(tiers=[PlusTier()])), BatchResults)


def check_every_entry_point_takes_a_checker(document: Document, citation: Citation) -> None:
    from typing import Any

    from citecheck.checker import DEFAULT_CHECKER
    from citecheck.distributed import check_rows
    from citecheck.providers import ProviderAnswer, ProviderRun, check_answer, match_answer
    from citecheck.review import render_html
    from citecheck.testing import StaticJudge

    cookbook = Checker("cookbook", judge=StaticJudge(default="supports"))
    assert_type(DEFAULT_CHECKER, Checker)
    assert_type(cookbook.with_judge(None), Checker)
    answer: ProviderAnswer = ...  # type: ignore[assignment]
    assert_type(check_answer(answer, [document], checker=cookbook), ProviderRun)
    assert_type(match_answer(answer, [document], checker=cookbook), ProviderRun)
    rows: list[dict[str, Any]] = check_rows([], documents="{document}.txt", checker=cookbook)
    assert_type(rows, list[dict[str, Any]])
    results = check_citations(document, [citation], checker=cookbook)
    assert_type(render_html(results, document, checker=cookbook), str)
    assert_type(results[0], CitationResult | CitationFailure)
    assert_type(results[:1], tuple[CitationResult | CitationFailure, ...])
