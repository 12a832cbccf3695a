"""The configurable checker: presets decided in one place, custom tiers at every entry point."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

from citecheck import (
    Checker,
    Citation,
    CitationResult,
    Document,
    MatchResult,
    acheck_citations,
    check_citation,
    check_citations,
    match_citation,
    match_citations,
)
from citecheck.matcher import (
    MatchOptions,
    NormalizedTier,
    PreparedQuote,
    TierHit,
    WordIndex,
    find_quote,
    locate,
    locate_in,
    match_options,
    tier_preset,
)
from citecheck.matcher._options import PRESETS
from citecheck.matcher._tiers import COOKBOOK_TIERS, DEFAULT_TIERS
from citecheck.testing import StaticJudge
from tests.tiers import SpanTier

SECTIONS = {
    "1": "1. Intro\n\nThe widget MUST be signed by its issuer before it is sent.",
    "2": "2. Rules\n\nA receiver MUST reject a widget whose signature does not validate.\n\nIt MUST log it.",
    "3": "3. Again\n\nThe widget MUST be signed by its issuer before it is sent.",
}


class UnderscoreTier:
    """Quotes from a tool that joins words with ``_``: ``the_widget_must`` is "The widget MUST"."""

    name = "underscore"
    cookbook = False
    single_section = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
        text = index.folded.text.casefold().replace("_", " ")
        needle = prepared.needle.casefold().replace("_", " ")
        found = text.find(needle)
        if found == -1 or "_" not in prepared.needle + index.folded.text[found : found + len(needle)]:
            return []  # the other tiers' matches: only an underscore on either side is this tier's
        return [TierHit(found, found + len(needle))]


def _cite(quote: str | None, section: str = "1", document: str | None = None) -> Citation:
    return Citation(id="c", claim="The widget is signed.", quote=quote, section=section, document=document)


# --- the presets -------------------------------------------------------------------------------


def test_the_default_and_cookbook_presets() -> None:
    assert (Checker().preset, Checker().tiers) == ("default", DEFAULT_TIERS)
    assert (Checker("cookbook").preset, Checker("cookbook").tiers) == ("cookbook", COOKBOOK_TIERS)
    assert Checker().options is PRESETS["default"] and Checker("cookbook").options is PRESETS["cookbook"]
    assert tier_preset("cookbook") is PRESETS["cookbook"].tiers


# Each differs between the presets by one of the rules "cookbook" changes besides its tier.
COOKBOOK_CASES = [
    pytest.param(_cite("MUST be signed"), id="a short quote is placed"),
    pytest.param(_cite("The widget MUST be signed by its issuer before it is sent.", "3"), id="the first section"),
    pytest.param(_cite("does not validate. It MUST log it.", "2"), id="no joined_blocks flag"),
    pytest.param(_cite("The `widget` MUST be *signed* by its issuer"), id="no Markdown retry"),
    pytest.param(_cite("The widget MUST be signed by its issuer"), id="no edge check"),
    pytest.param(_cite("The widget must be signed by the issuer"), id="the missing reason"),
]


@pytest.mark.parametrize("citation", COOKBOOK_CASES)
def test_the_cookbook_preset_has_one_spelling_on_every_entry_point(citation: Citation) -> None:
    strict = locate(SECTIONS, citation, options=match_options("cookbook"))
    assert locate_in(SECTIONS, citation, options=match_options("cookbook")) == strict
    assert Checker("cookbook").locate(SECTIONS, citation) == strict
    assert match_citation(SECTIONS, citation, checker=Checker("cookbook")).location == strict
    # Each case shows a rule of the preset: the default preset decides it otherwise.
    assert locate(SECTIONS, citation) != strict


def test_cookbook_tiers_do_not_silently_make_the_cookbook_preset() -> None:
    checker = Checker(tiers=tier_preset("cookbook"))
    assert (checker.preset, checker.tiers) == ("default", COOKBOOK_TIERS)
    assert match_options(tiers=list(COOKBOOK_TIERS)).preset == "default"
    # The preset's other rules stay the default's: some of the cases the cookbook decides otherwise.
    cases = [case.values[0] for case in COOKBOOK_CASES]
    differ = [c for c in cases if checker.locate(SECTIONS, c) != Checker("cookbook").locate(SECTIONS, c)]
    assert differ


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Checker("fast"), ValueError, "no tier preset named 'fast'"),  # type: ignore[arg-type]
        (lambda: Checker(auto_accept=1.5), ValueError, "auto_accept must be between 0 and 1"),
        (lambda: Checker(concurrency=0), ValueError, "concurrency must be an integer of at least 1"),
        (lambda: Checker(tiers=[NormalizedTier(), object()]), TypeError, r"tier #2 \(object\) is not a Tier"),
        (
            lambda: locate(SECTIONS, _cite("x"), options=match_options(tiers=["normalized"])),
            TypeError,
            "tier #1 .str. is not a Tier",
        ),
    ],
)
def test_bad_settings_are_clear_errors(make: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        make()


# --- the module functions are the default checker -------------------------------------------------


def test_the_module_functions_give_what_the_checker_gives() -> None:
    judge = StaticJudge(default="supports")
    citations = [_cite("The widget MUST be signed by its issuer before it is sent."), _cite("made up words here")]
    checker = Checker(judge=judge, auto_accept=0.5)
    assert check_citation(
        SECTIONS, citations[0], judge=judge, checker=Checker(auto_accept=0.5)
    ) == checker.check_citation(SECTIONS, citations[0])
    batch = check_citations(SECTIONS, citations, judge=judge, checker=Checker(auto_accept=0.5))
    assert list(batch) == list(checker.check_citations(SECTIONS, citations))
    cookbook = Checker("cookbook")
    assert match_citations(SECTIONS, citations, checker=cookbook) == cookbook.match_citations(SECTIONS, citations)
    assert find_quote(SECTIONS, "MUST reject a widget") == Checker().find_quote(SECTIONS, "MUST reject a widget") == "2"


def test_an_async_only_judge_cannot_check_one_citation_synchronously() -> None:
    class OnlyAsync:
        async def ajudge(self, claim: str, section: str) -> Any:
            raise AssertionError("never asked")

    with pytest.raises(TypeError, match="OnlyAsync has no judge"):
        Checker(judge=OnlyAsync()).check_citation(SECTIONS, _cite(None))


# --- a custom tier reaches every entry point, under its own name ---------------------------------

UNDERSCORED = "the_widget_must_be_signed_by_its_issuer"
YES = StaticJudge(default="supports")


def _tiers() -> list[Any]:
    return [*tier_preset("default"), UnderscoreTier()]


def _tier_of(result: object) -> str | None:
    assert isinstance(result, (CitationResult, MatchResult)), result
    return result.location.match.tier if result.location.match else None


@pytest.mark.parametrize(
    "run",
    [
        pytest.param(lambda c: locate(SECTIONS, c, options=match_options(tiers=_tiers())).match, id="locate"),
        pytest.param(lambda c: locate_in(SECTIONS, c, options=match_options(tiers=_tiers())).match, id="locate_in"),
        pytest.param(lambda c: Checker(tiers=_tiers()).locate(SECTIONS, c).match, id="Checker.locate"),
        pytest.param(
            lambda c: match_citation(SECTIONS, c, checker=Checker(tiers=_tiers())).location.match, id="match_citation"
        ),
        pytest.param(
            lambda c: match_citations(SECTIONS, [c], checker=Checker(tiers=_tiers()))[0].location.match,
            id="match_citations",
        ),
        pytest.param(
            lambda c: check_citation(SECTIONS, c, judge=YES, checker=Checker(tiers=_tiers())).location.match,
            id="check_citation",
        ),
        pytest.param(
            lambda c: check_citations(SECTIONS, [c], judge=YES, checker=Checker(tiers=_tiers()))[0].location.match,
            id="check_citations",
        ),
        pytest.param(
            lambda c: (
                asyncio.run(acheck_citations(SECTIONS, [c], judge=YES, checker=Checker(tiers=_tiers())))[
                    0
                ].location.match
            ),
            id="acheck_citations",
        ),
    ],
)
def test_a_custom_tier_reaches_every_entry_point_under_its_own_name(run: Any) -> None:
    assert locate(SECTIONS, _cite(UNDERSCORED)).status == "missing"  # no built-in tier finds it
    match = run(_cite(UNDERSCORED))
    assert match is not None
    found = (match.tier, match.section, match.source_text)
    assert found == ("underscore", "1", "The widget MUST be signed by its issuer")


def test_a_custom_tier_checks_a_batch_with_a_judge() -> None:
    results = check_citations(
        SECTIONS, [_cite(UNDERSCORED)], judge=StaticJudge(default="supports"), checker=Checker(tiers=_tiers())
    )
    assert [(r.verdict, _tier_of(r)) for r in results] == [("verified", "underscore")]
    # A cut quote from a custom tier is checked like a built-in one's: a person looks.
    assert results[0].location.flags == ("partial_sentence",)


def test_a_hit_that_names_its_strength_keeps_it() -> None:
    class Named(UnderscoreTier):
        def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
            return [replace_tier(hit, "underscore-exact") for hit in super().find(prepared, index)]

    match = locate(SECTIONS, _cite(UNDERSCORED), options=match_options(tiers=[Named()])).match
    assert match is not None and match.tier == "underscore-exact"


def replace_tier(hit: TierHit, tier: str) -> TierHit:
    return TierHit(hit.start, hit.end, tier)


# --- what a match is comes from the match, not from its tier's name ------------------------------

SENTENCE = "The widget MUST be signed by its issuer before it is sent."


@pytest.mark.parametrize(
    ("tier", "flags", "how"),
    [
        # A built-in's name on a tier that matches word for word: nothing fuzzy about it.
        (SpanTier("fuzzy"), (), "by the fuzzy tier"),
        (SpanTier("ellipsis"), (), "by the ellipsis tier"),
        # Scored below 100 under any name: found only by similarity, so a person looks.
        (
            SpanTier("approx", score=87.5),
            ("fuzzy",),
            "by the approx tier; the quote matched only by similarity (87.5%)",
        ),
        (SpanTier("exact", score=99), ("fuzzy",), "by the exact tier; the quote matched only by similarity (99%)"),
    ],
)
def test_a_match_is_fuzzy_by_its_score_not_by_its_tier_name(tier: SpanTier, flags: tuple[str, ...], how: str) -> None:
    location = locate(SECTIONS, _cite(SENTENCE), options=match_options(tiers=[tier]))
    assert location.match is not None and (location.match.tier, location.match.score) == (tier.name, tier.score)
    assert location.flags == flags
    assert location.reason.startswith(f"the quote is in section 1, {how}")
    result = check_citation(
        SECTIONS, _cite(SENTENCE), judge=StaticJudge(default=("supports", 0.99)), checker=Checker(tiers=[tier])
    )
    assert isinstance(result, CitationResult) and result.auto == (not flags)


def test_the_built_in_fuzzy_tier_keeps_its_words() -> None:
    location = locate(SECTIONS, _cite("The widget MUST be signed by its isuer before it is sent."))
    assert location.match is not None and location.match.tier == "fuzzy" and location.match.score < 100
    assert location.flags == ("fuzzy",)
    assert location.reason.startswith("the quote is in section 1, only fuzzily, so a person should look")
    assert "matched only by similarity" not in location.reason  # the tier's own flag: no second note


# --- routing ranks a custom tier by its place in the list ----------------------------------------

DOCUMENTS = [
    Document.from_sections({"1": "The widget MUST be signed by its issuer."}, name="plain.txt"),
    Document.from_sections({"1": "the_widget_must_be_signed_by_its_issuer"}, name="joined.txt"),
]


@pytest.mark.parametrize(
    ("tiers", "document", "tier"),
    [
        ([NormalizedTier(), UnderscoreTier()], "plain.txt", "exact"),
        ([UnderscoreTier(), NormalizedTier()], "joined.txt", "underscore"),
    ],
)
def test_among_documents_the_earlier_tier_wins(tiers: list[Any], document: str, tier: str) -> None:
    citation = _cite("The widget MUST be signed by its issuer")
    location = locate_in(DOCUMENTS, citation, options=match_options(tiers=tiers))
    assert (location.document, location.match.tier if location.match else None) == (document, tier)


def test_a_word_for_word_match_beats_a_normalized_one_of_the_same_tier() -> None:
    documents = [
        Document.from_sections({"1": "The widget  MUST be signed by its issuer."}, name="spaced.txt"),
        Document.from_sections({"1": "The widget MUST be signed by its issuer."}, name="exact.txt"),
    ]
    location = locate_in(documents, _cite("The widget MUST be signed by its issuer"))
    assert (location.document, location.match.tier if location.match else None) == ("exact.txt", "exact")


def test_match_options_are_frozen_and_replace_tiers() -> None:
    options = match_options(tiers=[UnderscoreTier()])
    assert isinstance(options, MatchOptions) and options.preset == "default"
    assert [t.name for t in options.tiers] == ["underscore"]
    with pytest.raises(AttributeError):
        options.min_quote_words = 0  # type: ignore[misc]
