"""Tiers from other packages: the ``citecheck.tiers`` entry point group, read by the one plugin registry.

A package ships a tier by naming it in its metadata, the way pytest and markdown-it-py find
their plugins::

    [project.entry-points."citecheck.tiers"]
    plus = "citecheck_plus:PlusTier"

The entry point's object is a tier, or a class whose instance (made with no arguments) is one.
`installed_tiers` lists the names; `load_tier` loads one, and ``citecheck check --tier NAME``
adds it after the preset's tiers.
"""

from __future__ import annotations

from citecheck._plugins import GROUPS, installed, load
from citecheck.errors import TierPluginError
from citecheck.matcher._tiers import Tier

__all__ = ["TIER_GROUP", "installed_tiers", "load_tier"]

TIER_GROUP = GROUPS["tier"]
"""The entry point group a package names its tiers in."""


def _not_a_tier(value: object) -> str | None:
    if isinstance(value, Tier):
        return None
    return (
        f"it is a {type(value).__name__}, not a tier: a tier has a name, cookbook, single_section "
        "and find(prepared, index)"
    )


def installed_tiers() -> tuple[str, ...]:
    """The names of the tiers installed packages offer in the ``citecheck.tiers`` group, sorted."""
    return installed("tier")


def load_tier(name: str) -> Tier:
    """The tier an installed package offers under ``name`` in the ``citecheck.tiers`` group.

    Raises:
        TierPluginError: No installed package offers a tier of that name (the error lists those
            that do); its entry point cannot be imported (or exits); or its object is neither a
            `Tier` nor a class whose instance is one. The error names the plugin.
    """
    tier: Tier = load("tier", name, check=_not_a_tier, error=TierPluginError)[1]
    return tier
