"""Tiers from other packages: the ``citecheck.tiers`` entry point group.

A package ships a tier by naming it in its metadata, the way pytest and markdown-it-py find
their plugins::

    [project.entry-points."citecheck.tiers"]
    plus = "citecheck_plus:PlusTier"

The entry point's object is a tier, or a class whose instance (made with no arguments) is one.
`installed_tiers` lists the names; `load_tier` loads one, and ``citecheck check --tier NAME``
adds it after the preset's tiers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from citecheck.errors import TierPluginError
from citecheck.matcher._tiers import Tier

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["TIER_GROUP", "installed_tiers", "load_tier"]

TIER_GROUP = "citecheck.tiers"
"""The entry point group a package names its tiers in."""


def _entry_points() -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points  # only when a tier is asked for: start-up stays light

    return {entry.name: entry for entry in entry_points(group=TIER_GROUP)}


def installed_tiers() -> tuple[str, ...]:
    """The names of the tiers installed packages offer in the ``citecheck.tiers`` group, sorted."""
    return tuple(sorted(_entry_points()))


def load_tier(name: str) -> Tier:
    """The tier an installed package offers under ``name`` in the ``citecheck.tiers`` group.

    Raises:
        TierPluginError: No installed package offers a tier of that name (the error lists those
            that do); its entry point cannot be imported; or its object is neither a `Tier` nor a
            class whose instance is one. The error names the entry point.
    """
    found = _entry_points()
    entry = found.get(name)
    if entry is None:
        offered = ", ".join(sorted(found)) or "none is installed"
        raise TierPluginError(f"no installed tier is named {name!r} (installed: {offered})")
    where = f"entry point {name!r} ({entry.value}) of group {TIER_GROUP!r}"
    try:
        loaded = entry.load()
    except Exception as error:  # a plugin's import can fail any way: say which plugin it was
        raise TierPluginError(f"{where} cannot be loaded: {type(error).__name__}: {error}") from error
    tier = loaded
    if isinstance(loaded, type):  # a class meets the protocol by its attributes: make the instance
        try:
            tier = loaded()
        except Exception as error:
            raise TierPluginError(f"{where}: {loaded.__name__}() failed: {type(error).__name__}: {error}") from error
    if not isinstance(tier, Tier):
        raise TierPluginError(
            f"{where} is a {type(tier).__name__}, not a tier: a tier has a name, cookbook, single_section "
            "and find(prepared, index)"
        )
    return tier
