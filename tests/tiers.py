"""A custom tier for tests that may be named anything, even a built-in tier's name.

What the matcher and the tools after it make of a match must come from what the match says (its
score, its flags, the quote and the source), never from the tier's name: a tier named ``fuzzy``
may match word for word, and one named ``approx`` may match only by similarity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from citecheck.matcher import PreparedQuote, TierHit, WordIndex

_REACH = 40  # words between a quote's first and last word this tier spans at most


@dataclass(frozen=True)
class SpanTier:
    """Matches from the quote's first word to the nearest following place of its last word.

    Whatever stands between is taken: the quote's words word for word, or words it leaves out
    (at an ellipsis or not). The tier says nothing else of its match but ``score``, its similarity.
    Module-level and frozen, so it pickles (to Ray workers, say).
    """

    name: str
    score: float = 100.0
    cookbook: bool = False
    single_section: bool = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
        """One hit for each place of the quote's first word followed closely by its last."""
        if not prepared.keys:
            return []
        lasts = index.positions(prepared.keys[-1])
        hits = []
        for first in index.positions(prepared.keys[0]):
            last = next((p for p in lasts if first + len(prepared.keys) - 1 <= p <= first + _REACH), None)
            if last is not None:
                hits.append(TierHit(*index.word_span(first, last), score=self.score))
        return hits
