"""The tiers as a pipeline, the flags on a result, and evidence that stays bounded."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from pydantic import TypeAdapter, ValidationError

from citecheck import Citation, Document, Location, check_citation
from citecheck.matcher import (
    AmbiguousLocation,
    FoundLocation,
    MissingLocation,
    PreparedQuote,
    SectionOnlyLocation,
    Tier,
    TierHit,
    WordIndex,
    find_quote,
    locate,
    match_options,
    tier_preset,
)
from citecheck.matcher._locate import MAX_LISTED_OCCURRENCES
from citecheck.matcher._tiers import COOKBOOK_TIERS, DEFAULT_TIERS, CookbookTier, FuzzyTier, LooseTier
from citecheck.testing import StaticJudge

SECTIONS = {
    "1": "1. Intro\n\nThe widget MUST be signed by its issuer before it is sent.",
    "2": "2. Rules\n\nA receiver MUST reject a widget whose signature does not validate.",
}


def _quote(quote: str, section: str | None = "1") -> Citation:
    return Citation(id="c", claim="x", quote=quote, section=section)


class PlusTier:
    """A tier for a domain whose quotes join words with ``+``: reads them as spaces."""

    name = "plus"
    cookbook = False
    single_section = False

    def __init__(self) -> None:
        self.calls = 0

    def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
        self.calls += 1
        text = index.folded.text.casefold()
        needle = prepared.needle.casefold().replace("+", " ")
        found = text.find(needle)
        return [TierHit(found, found + len(needle))] if found != -1 else []


def test_the_presets_are_two_lists_of_tiers() -> None:
    assert tier_preset("default") == DEFAULT_TIERS
    assert tier_preset("cookbook") == COOKBOOK_TIERS
    assert [t.name for t in DEFAULT_TIERS] == ["normalized", "ellipsis", "loose", "fuzzy"]
    assert [type(t) for t in COOKBOOK_TIERS] == [CookbookTier]
    assert all(isinstance(t, Tier) for t in (*DEFAULT_TIERS, *COOKBOOK_TIERS, PlusTier()))


def test_an_unknown_preset_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no tier preset named 'fast'"):
        tier_preset("fast")  # type: ignore[arg-type]


def test_a_tier_added_to_the_list_runs_after_the_others() -> None:
    plus = PlusTier()
    quote = "the+widget+must+be+signed+by+its+issuer"
    assert locate(SECTIONS, _quote(quote)).status == "missing"
    location = locate(SECTIONS, _quote(quote), options=match_options(tiers=[*tier_preset("default"), plus]))
    assert (location.status, location.section) == ("found", "1")
    assert location.match is not None and location.match.tier == "plus"  # its own name, not a built-in's
    assert plus.calls == 1
    # A quote an earlier tier finds never reaches it.
    locate(
        SECTIONS,
        _quote("The widget MUST be signed by its issuer"),
        options=match_options(tiers=[*tier_preset("default"), plus]),
    )
    assert plus.calls == 1


def test_a_tier_left_out_finds_nothing() -> None:
    quote = "the widget must be signed by its issuer"  # only the loose tier finds it
    assert locate(SECTIONS, _quote(quote)).match is not None
    without_loose = [t for t in tier_preset("default") if not isinstance(t, (LooseTier, FuzzyTier))]
    assert locate(SECTIONS, _quote(quote), options=match_options(tiers=without_loose)).status == "missing"
    assert find_quote(SECTIONS, quote, options=match_options(tiers=without_loose)) is None


def test_strict_runs_the_cookbook_preset() -> None:
    quote = "the widget must be signed by its issuer"
    assert locate(SECTIONS, _quote(quote), options=match_options("cookbook")).status == "missing"
    assert locate(SECTIONS, _quote(quote), options=match_options(tiers=tier_preset("cookbook"))).status == "missing"


@pytest.mark.parametrize(
    ("quote", "section", "flags"),
    [
        ("The widget MUST be signed by its issuer before it is sent.", "1", ()),
        ("The widget MUST be signed by its issuer before it is sent.", "2", ("misattributed_section",)),
        ("The widget MUST be signed by its issuer before it is sent.", "9", ("missing_section",)),
        ("The widget MUST be signed by its issuer", "1", ("partial_sentence",)),
        ("The widget MUST be signed by its isuer", "1", ("fuzzy",)),
        ("The widget MUST be signed by its isuer", "2", ("fuzzy", "misattributed_section")),
        # The subject and "by its issuer" left out limit nothing; "before it is sent" is no clause's opening here.
        ("MUST be signed", "1", ("short_quote",)),
        ("MUST be signed", "2", ("ambiguous", "misattributed_section")),
        ("The widget MUST be signed ... before it is sent", "1", ("ellipsis_gap",)),
        ("A receiver MUST reject a widget ... does not validate", "2", ("ellipsis_gap",)),
    ],
)
def test_flags_say_why_a_person_must_look(quote: str, section: str, flags: tuple[str, ...]) -> None:
    location = locate(SECTIONS, _quote(quote, section))
    assert location.flags == flags, location.reason
    assert location.needs_review is bool(flags)


def test_a_quote_in_a_subsection_of_the_cited_section_is_not_misattributed() -> None:
    sections = {
        "4": "4. Claims",
        "4.1": "4.1. Registered",
        "4.1.3": '4.1.3. "aud"\n\nThe audience claim MUST be checked.',
    }
    location = locate(sections, _quote("The audience claim MUST be checked.", "4.1"))
    assert (location.status, location.section, location.flags) == ("found", "4.1.3", ())
    assert "found in its subsection 4.1.3" in location.reason
    assert locate(sections, _quote("The audience claim MUST be checked.", "4")).flags == ()


def test_a_misattributed_section_is_never_auto_and_says_where_the_quote_is() -> None:
    judge = StaticJudge({"x": ("supports", 0.99)})
    quote = _quote("The widget MUST be signed by its issuer before it is sent.", "2")
    result = check_citation(SECTIONS, quote, judge=judge)
    assert result.location.flags == ("misattributed_section",)
    assert "cited as section 2, found in section 1" in result.location.reason
    assert (result.verdict.value, result.auto) == ("verified", False)


def test_needs_review_is_derived_from_the_flags_and_survives_json() -> None:
    location = locate(SECTIONS, _quote("The widget MUST be signed by its issuer before it is sent.", "2"))
    dumped = location.model_dump(mode="json")
    assert dumped["needs_review"] is True and dumped["flags"] == ["misattributed_section"]
    adapter: TypeAdapter[Location] = TypeAdapter(Location)
    assert adapter.validate_json(location.model_dump_json()) == location
    # It cannot be set apart from the flags: given as input, it is ignored.
    unflagged = adapter.validate_python({**dumped, "flags": [], "needs_review": True}, strict=False)
    assert unflagged.needs_review is False


@pytest.mark.parametrize(
    ("fields", "wrong"),
    [
        ({"status": "missing", "text": "read this"}, "text"),
        ({"status": "missing", "section": "1"}, "section"),
        ({"status": "found", "section": "1", "text": "t"}, "match"),
        ({"status": "section-only", "text": "t"}, "section"),
        ({"status": "ambiguous", "text": "t"}, "text"),
        ({"status": "maybe"}, "status"),
    ],
)
def test_a_location_cannot_contradict_its_status(fields: dict[str, object], wrong: str) -> None:
    with pytest.raises(ValidationError, match=wrong):
        TypeAdapter(Location).validate_python({"cited": None, "reason": "r", **fields})


@pytest.mark.parametrize(
    ("quote", "section", "kind"),
    [
        ("The widget MUST be signed by its issuer before it is sent.", "1", FoundLocation),
        ("The gadget is never signed by anyone at all", "1", MissingLocation),
        (None, "2", SectionOnlyLocation),
        ("MUST be signed", "2", AmbiguousLocation),
    ],
)
def test_each_status_has_its_own_type(quote: str | None, section: str, kind: type) -> None:
    location = locate(SECTIONS, Citation(id="c", claim="x", quote=quote, section=section))
    assert type(location) is kind


def test_a_quote_in_thousands_of_places_lists_a_few_and_counts_them_all() -> None:
    sections = {str(n): f"{n}. Part\n\nThe same sentence appears in every section here." for n in range(1, 3001)}
    document = Document.from_sections(sections)
    location = locate(document, _quote("The same sentence appears in every section", "2500"))
    assert location.occurrence_count == 3000
    assert len(location.occurrences) == MAX_LISTED_OCCURRENCES
    assert location.section == "2500"  # the cited section is read, though it is not among those listed
    assert "the quote is in 3000 places" in location.reason
    assert len(location.reason) < 500


def test_an_ellipsis_at_the_quote_edges_that_cuts_nothing_is_plain() -> None:
    location = locate(SECTIONS, _quote("... The widget MUST be signed by its issuer before it is sent ...", "1"))
    assert (location.status, location.flags) == ("found", ())


def test_an_ellipsis_at_the_quote_edges_over_the_subject_is_for_review() -> None:
    # The subject left out limits nothing the quote says; a condition left out there does.
    location = locate(SECTIONS, _quote("... MUST be signed by its issuer before it is sent.", "1"))
    assert (location.status, location.flags) == ("found", ())
    conditioned = locate(
        {"1": "If the widget is public, it MUST be signed by its issuer."},
        _quote("... it MUST be signed by its issuer.", "1"),
    )
    assert (conditioned.status, conditioned.flags) == ("found", ("ellipsis_gap",))
    assert "left out a leading condition: 'If the widget is public,'" in conditioned.reason
