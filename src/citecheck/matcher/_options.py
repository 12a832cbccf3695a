"""How step 1 matches, in one object: the tiers, and the few rules the cookbook preset changes.

`MatchOptions` is what `locate`, `locate_in`, `find_quote` and the checker read; the presets
(``"default"`` and ``"cookbook"``) are two of its values, defined here and nowhere else. A
``strict=True`` argument, ``tiers=tier_preset("cookbook")`` and ``Checker("cookbook")`` all come
down to the same `MatchOptions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from citecheck.matcher._tiers import COOKBOOK_TIERS, DEFAULT_TIERS, MIN_QUOTE_WORDS, Tier

__all__ = ["PRESETS", "MatchOptions", "PresetName", "match_options", "options_of", "tier_preset"]

PresetName = Literal["default", "cookbook"]
"""The built-in presets: citecheck's matcher, and the cookbook's exact match."""


@dataclass(frozen=True)
class MatchOptions:
    """How step 1 matches: the tiers to run, in order, and the rules the cookbook preset changes.

    Build one with `match_options`; the fields other than `tiers` are what ``"cookbook"`` means
    beyond its one tier.
    """

    tiers: tuple[Tier, ...] = DEFAULT_TIERS
    """The tiers, strongest first; the first whose hits land in the document's sections wins."""
    preset: PresetName = "default"
    """The preset these options come from (the tiers may have been replaced)."""
    first_section: bool = False
    """Read the first section, in document order, that holds the quote (the cookbook), rather than
    the cited one, or of overlapping sections the narrowest."""
    single_section: bool = False
    """Every match lies in one section, whatever the tier (the cookbook searches section by section)."""
    min_quote_words: int = MIN_QUOTE_WORDS
    """A quote of fewer words is too short to place (``ambiguous``); 0 places any quote."""
    markdown_quotes: bool = True
    """Read a missing quote again with its Markdown markup rendered (backticks, emphasis)."""
    flag_joined_blocks: bool = True
    """Flag ``joined_blocks`` a quote that runs on across a blank line of the source."""
    check_edges: bool = True
    """Check what a quote cut at either end leaves out (``partial_sentence``, ``omitted_text``...),
    for each tier that does not check it itself (see `Tier`)."""
    missing_note: str = ""
    """Said after "the quote is not in any section" when there is no closest text to show."""

    def __post_init__(self) -> None:
        tiers = tuple(self.tiers)
        for position, tier in enumerate(tiers):
            if not isinstance(tier, Tier):
                raise TypeError(
                    f"tier #{position} ({type(tier).__name__}) is not a Tier: it needs a name, cookbook, "
                    "single_section and find(prepared, index)"
                )
        object.__setattr__(self, "tiers", tiers)

    def with_tiers(self, tiers: Sequence[Tier]) -> MatchOptions:
        """These rules with other tiers."""
        return replace(self, tiers=tuple(tiers))


PRESETS: dict[str, MatchOptions] = {
    "default": MatchOptions(DEFAULT_TIERS),
    # The cookbook's step 1, exactly: one substring search after folding whitespace and curly
    # quotes, section by section in document order, whatever the quote's length or markup.
    "cookbook": MatchOptions(
        COOKBOOK_TIERS,
        preset="cookbook",
        first_section=True,
        single_section=True,
        min_quote_words=0,
        markdown_quotes=False,
        flag_joined_blocks=False,
        check_edges=False,
        missing_note=", even after normalizing whitespace and quote marks",
    ),
}
"""The presets, by name: the one place that says what ``"cookbook"`` (``strict=True``) changes."""


def tier_preset(name: PresetName) -> tuple[Tier, ...]:
    """The tiers of a preset, in order: ``"default"`` or ``"cookbook"`` (what ``strict=True`` runs).

    Add or leave out a tier by passing your own list as ``tiers=`` (to `locate`, `locate_in`,
    `find_quote`, the check and match functions, or `citecheck.Checker`)::

        tiers = [*tier_preset("default"), MyTier()]

    Raises:
        ValueError: There is no preset of that name.
    """
    return _preset(name).tiers


def _preset(name: str) -> MatchOptions:
    options = PRESETS.get(name)
    if options is None:
        raise ValueError(f"no tier preset named {name!r}: use 'default' or 'cookbook'")
    return options


def match_options(
    preset: PresetName | None = None, *, tiers: Sequence[Tier] | None = None, strict: bool = False
) -> MatchOptions:
    """The options of a preset, with its tiers replaced when ``tiers`` is given.

    Args:
        preset: ``"default"`` or ``"cookbook"``. When ``None``: ``"cookbook"`` with ``strict``, or
            when every one of ``tiers`` reads the cookbook's folding (``tier.cookbook``), so that
            ``tiers=tier_preset("cookbook")`` is ``strict=True``; ``"default"`` otherwise.
        tiers: The tiers to run instead of the preset's.
        strict: The old spelling of ``preset="cookbook"``.

    Raises:
        ValueError: No preset has that name, or ``strict`` contradicts ``preset``.
        TypeError: One of ``tiers`` is not a `Tier`.
    """
    if preset is None:
        cookbook = strict or (tiers is not None and len(tiers) > 0 and all(_reads_cookbook(t) for t in tiers))
        preset = "cookbook" if cookbook else "default"
    elif strict and preset != "cookbook":
        raise ValueError(f"strict=True is the cookbook preset: it contradicts preset {preset!r}")
    options = _preset(preset)
    if tiers is None:
        return options
    tiers = tuple(tiers)
    if tiers == options.tiers:
        return options
    return options.with_tiers(tiers)


def _reads_cookbook(tier: object) -> bool:
    return getattr(tier, "cookbook", False) is True


def options_of(strict: bool, tiers: Sequence[Tier] | None) -> MatchOptions:
    """What the ``strict=`` and ``tiers=`` arguments of the module-level functions mean (see `match_options`).

    The presets are shared constants, so the common call builds nothing.
    """
    if tiers is None:
        return PRESETS["cookbook" if strict else "default"]
    return match_options(tiers=tiers, strict=strict)
