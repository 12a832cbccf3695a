"""A tier for a domain whose quotes join words with ``+``, offered in the ``citecheck.tiers`` group."""

from __future__ import annotations

from collections.abc import Sequence

from citecheck.matcher import PreparedQuote, TierHit, WordIndex

__all__ = ["NOT_A_TIER", "PLUS", "PlusTier"]


class PlusTier:
    """Reads ``+`` in a quote as a space, ignoring case: ``the+widget+must`` is "The widget MUST"."""

    name = "plus"
    cookbook = False
    single_section = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
        """Every place the quote, its ``+`` read as spaces, is in the folded text."""
        if "+" not in prepared.needle:
            return []
        text = index.folded.text.casefold()
        needle = prepared.needle.casefold().replace("+", " ")
        hits = []
        found = text.find(needle)
        while found != -1:
            # No strength named: the match reports the tier's own name, "plus".
            hits.append(TierHit(found, found + len(needle)))
            found = text.find(needle, found + 1)
        return hits


PLUS = PlusTier()
"""The same tier as an instance: an entry point may name either."""

NOT_A_TIER = {"name": "plus", "find": None}
"""An entry point that names something that is not a tier, for the failure path."""
