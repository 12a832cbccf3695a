"""How step 1 matches, in one object: the tiers, and the few rules the cookbook preset changes.

`MatchOptions` is what `locate`, `locate_in`, `find_quote` and `citecheck.Checker` read; the
presets (``"default"`` and ``"cookbook"``) are two of its values, defined here and nowhere else.
``Checker("cookbook")`` and ``match_options("cookbook")`` are the one spelling of a preset: a list
of tiers is only ever a list of tiers, whatever the tiers read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from citecheck.matcher._tiers import COOKBOOK_TIERS, DEFAULT_TIERS, MIN_QUOTE_WORDS, Tier

__all__ = ["PRESETS", "MatchOptions", "PresetName", "chosen_options", "match_options", "tier_preset"]

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
    """Read a missing or flagged quote again with its Markdown markup rendered (backticks, emphasis, link
    targets, citation keys), and keep that reading when it drops a flag of the quote as written."""
    flag_joined_blocks: bool = True
    """Flag ``joined_blocks`` a quote that runs on across a blank line of the source."""
    check_edges: bool = True
    """Check what a quote cut at either end leaves out (``partial_sentence``, ``omitted_text``...),
    for each tier that does not check it itself (see `Tier`)."""
    missing_note: str = ""
    """Said after "the quote is not in any section" when there is no closest text to show."""

    def __post_init__(self) -> None:
        tiers = tuple(self.tiers)
        for position, tier in enumerate(tiers, start=1):
            if not isinstance(tier, Tier):
                raise TypeError(
                    f"tier #{position} ({type(tier).__name__}) is not a Tier: it needs a name, cookbook, "
                    "single_section and find(prepared, index)"
                )
        object.__setattr__(self, "tiers", tiers)

    def _with_tiers(self, tiers: Sequence[Tier]) -> MatchOptions:
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
"""The presets, by name: the one place that says what ``"cookbook"`` changes."""


def tier_preset(name: PresetName) -> tuple[Tier, ...]:
    """The tiers of a preset, in order: ``"default"`` or ``"cookbook"``.

    Add or leave out a tier by passing your own list as ``tiers=`` to `match_options` or
    `citecheck.Checker`::

        checker = Checker(tiers=[*tier_preset("default"), MyTier()])

    Raises:
        ValueError: There is no preset of that name.
    """
    return _preset(name).tiers


def _preset(name: str) -> MatchOptions:
    options = PRESETS.get(name)
    if options is None:
        raise ValueError(f"no tier preset named {name!r}: use 'default' or 'cookbook'")
    return options


def match_options(preset: PresetName = "default", *, tiers: Sequence[Tier] | None = None) -> MatchOptions:
    """The options of a preset, with its tiers replaced when ``tiers`` is given.

    The preset's other rules stay whatever ``tiers`` holds: tiers that read the cookbook's folding
    do not make the cookbook preset (name it).

    Args:
        preset: ``"default"`` or ``"cookbook"``.
        tiers: The tiers to run instead of the preset's, in order.

    Raises:
        ValueError: No preset has that name.
        TypeError: One of ``tiers`` is not a `Tier`.
    """
    options = _preset(preset)
    if tiers is None:
        return options
    tiers = tuple(tiers)
    if tiers == options.tiers:
        return options
    return options._with_tiers(tiers)


def chosen_options(options: MatchOptions | None) -> MatchOptions:
    """``options``, or the default preset's when ``None`` (a shared constant: the common call builds nothing).

    Raises:
        TypeError: ``options`` is not a `MatchOptions` (build one with `match_options`).
    """
    if options is None:
        return PRESETS["default"]
    if not isinstance(options, MatchOptions):
        raise TypeError(f"options must be a MatchOptions (see match_options), got {type(options).__name__}")
    return options
