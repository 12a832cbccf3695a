"""The tiers: small objects that each find a prepared quote in a document's index one way.

A tier has a `name`, says which folding its index needs (`cookbook`) and whether its matches must
lie in one section (`single_section`), and has one method, ``find(prepared, index)``, returning
`TierHit`s. A hit with ``rejected`` set is only the closest text, with the reason it is not a match.
`citecheck.matcher._locate` runs a list of tiers in order and stops at the first whose hits land in the
document, the way markdown-it-py runs its rule lists; `DEFAULT_TIERS` and `COOKBOOK_TIERS` are two
such lists.
"""

from __future__ import annotations

from citecheck.matcher._tiers._base import (
    CLOSEST_THRESHOLD,
    FUZZY_THRESHOLD,
    MAX_FUZZY_EDIT_WORDS,
    MAX_TOLERANT_WORDS,
    MIN_QUOTE_WORDS,
    Tier,
)
from citecheck.matcher._tiers._cuts import source_item
from citecheck.matcher._tiers._ellipsis import EllipsisTier, edge_flags
from citecheck.matcher._tiers._fuzzy import FuzzyTier
from citecheck.matcher._tiers._loose import LooseTier
from citecheck.matcher._tiers._substring import CookbookTier, NormalizedTier

__all__ = [
    "CLOSEST_THRESHOLD",
    "COOKBOOK_TIERS",
    "DEFAULT_TIERS",
    "FUZZY_THRESHOLD",
    "MAX_FUZZY_EDIT_WORDS",
    "MAX_TOLERANT_WORDS",
    "MIN_QUOTE_WORDS",
    "CookbookTier",
    "EllipsisTier",
    "FuzzyTier",
    "LooseTier",
    "NormalizedTier",
    "Tier",
    "edge_flags",
    "source_item",
]


DEFAULT_TIERS: tuple[Tier, ...] = (NormalizedTier(), EllipsisTier(), LooseTier(), FuzzyTier())
"""The tiers `citecheck.matcher.locate` runs by default, strongest first."""


COOKBOOK_TIERS: tuple[Tier, ...] = (CookbookTier(),)
"""The cookbook's one tier: an exact match after `normalize` (``strict=True``).

The presets' other rules are in `citecheck.matcher._options`."""
