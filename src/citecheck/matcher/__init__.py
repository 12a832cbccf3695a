"""Step 1, the quote matcher: find a quote in a document and say where, without asking a model.

- `normalize` folds text the way every tier compares it (case, spacing, quote marks, ligatures...);
- step 1 has three entry points: `locate` reads one citation in one document, `locate_in` routes
  it to the document and section it names among several (what the check step calls per
  citation), and `find_quote` gives the id of the section a quote is in;
- a tier is anything meeting the `Tier` protocol; the options have two builders: `tier_preset`
  gives a preset's tiers (``"default"`` and ``"cookbook"``), `match_options` its whole settings (`MatchOptions`),
  and `load_tier` a tier an installed package offers in the ``citecheck.tiers`` entry point group;
  a tier author gets the prepared quote (`PreparedQuote`), the document's index (`WordIndex`) and
  the hit type (`TierHit`) from here too;
- `align_quote` cuts a matched source text into `QuoteSegment`s against the quote, word by word.

Inside, each part decides one thing: `_index` (a document's folded text and word index), `_quote`
(a quote prepared once), `_tiers` (one module per tier), `_options` (the presets), `_plugins` (tiers
of other packages), `_placement` (which section a match lies in), `_locate` (running the tiers
and building the result) and `_routing` (several documents).
"""

from citecheck._models import (
    AmbiguousLocation,
    FoundLocation,
    LocateStatus,
    Location,
    MatchTier,
    MissingLocation,
    QuoteMatch,
    SectionOnlyLocation,
    WordDiff,
)
from citecheck._offsets import OffsetMap
from citecheck.matcher._align import QuoteSegment, align_quote
from citecheck.matcher._index import WordIndex
from citecheck.matcher._locate import MAX_LISTED_OCCURRENCES, find_quote, locate
from citecheck.matcher._normalize import normalize
from citecheck.matcher._options import MatchOptions, PresetName, match_options, tier_preset
from citecheck.matcher._placement import TierHit
from citecheck.matcher._plugins import TIER_GROUP, installed_tiers, load_tier
from citecheck.matcher._quote import PreparedQuote
from citecheck.matcher._references import nearest_sections, resolve_section
from citecheck.matcher._routing import as_documents, locate_in
from citecheck.matcher._tiers import (
    CLOSEST_THRESHOLD,
    FUZZY_THRESHOLD,
    MAX_FUZZY_EDIT_WORDS,
    MAX_TOLERANT_WORDS,
    MIN_QUOTE_WORDS,
    CookbookTier,
    EllipsisTier,
    FuzzyTier,
    LooseTier,
    NormalizedTier,
    Tier,
    edge_flags,
)

__all__ = [
    "CLOSEST_THRESHOLD",
    "FUZZY_THRESHOLD",
    "MAX_FUZZY_EDIT_WORDS",
    "MAX_LISTED_OCCURRENCES",
    "MAX_TOLERANT_WORDS",
    "MIN_QUOTE_WORDS",
    "TIER_GROUP",
    "AmbiguousLocation",
    "CookbookTier",
    "EllipsisTier",
    "FoundLocation",
    "FuzzyTier",
    "LocateStatus",
    "Location",
    "LooseTier",
    "MatchOptions",
    "MatchTier",
    "MissingLocation",
    "NormalizedTier",
    "OffsetMap",
    "PreparedQuote",
    "PresetName",
    "QuoteMatch",
    "QuoteSegment",
    "SectionOnlyLocation",
    "Tier",
    "TierHit",
    "WordDiff",
    "WordIndex",
    "align_quote",
    "as_documents",
    "edge_flags",
    "find_quote",
    "installed_tiers",
    "load_tier",
    "locate",
    "locate_in",
    "match_options",
    "nearest_sections",
    "normalize",
    "resolve_section",
    "tier_preset",
]
