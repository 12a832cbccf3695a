"""What a tier is written on: the helpers the built-in tiers use, public for a plugin tier too.

A tier (the `citecheck.matcher.Tier` protocol) gets a quote prepared once (`PreparedQuote`) and a
document's index (`WordIndex`), and returns `TierHit`s, offsets in ``index.folded.text``. The
built-in tiers import these names from here, as a plugin tier does, the way markdown-it-py's rules
are written on its public rule states:

- the inputs: `PreparedQuote` (built by `prepare`) and `WordIndex` (built by `index_of`);
- the output: `TierHit`, and the models it carries (`WordDiff`, `Flag`, `MatchTier`);
- words: `WORD` (what one word is), `key` (how two words compare), `is_unspaced` (a script written
  without spaces, whose characters count `UNSPACED_CHARACTERS_PER_WORD` to a word);
- what stands between words: `lead_key`, `trail_key` and `between_key` keep what matters of it (a
  ``::`` in an address) and drop what is typography (a closing quote mark); `in_uri` and
  `is_literal` say where a word must match as written;
- text: `normalize`, the cookbook's normalization (spaces and curly quotes);
- differences: `word_opcodes` and `word_diffs`, the word-level differences between a quote and the
  text a tier matched, each saying whether it changes the meaning.

The thresholds every tier shares (`MIN_QUOTE_WORDS`, `MAX_TOLERANT_WORDS`, `FUZZY_THRESHOLD`...)
and the `Tier` protocol are in `citecheck.matcher`.

Internal, and free to change: what only one built-in tier needs stays in its private module. That
is the cuts of the ellipsis tier (``_tiers._cuts``), the lexicon of negations and modals
(``_lexicon``), look-alike letters (``_confusables``), the variants of the fuzzy tier
(``_tiers._variants``, `is_unclear_swap` in ``_diffs``), and the tuning of the shared word search
(the rarest-word lookups and vote budgets of ``_tiers._base``, ``VECTORIZED_MIN`` and the vectorized
search of ``_numpy_index``).
"""

from citecheck._models import Flag, MatchTier, WordDiff
from citecheck.matcher._diffs import word_diffs, word_opcodes
from citecheck.matcher._index import WordIndex, index_of
from citecheck.matcher._normalize import normalize
from citecheck.matcher._placement import TierHit
from citecheck.matcher._quote import (
    UNSPACED_CHARACTERS_PER_WORD,
    PreparedQuote,
    between_key,
    in_uri,
    is_literal,
    lead_key,
    prepare,
    trail_key,
)
from citecheck.matcher._tokens import WORD, is_unspaced, key

__all__ = [
    "UNSPACED_CHARACTERS_PER_WORD",
    "WORD",
    "Flag",
    "MatchTier",
    "PreparedQuote",
    "TierHit",
    "WordDiff",
    "WordIndex",
    "between_key",
    "in_uri",
    "index_of",
    "is_literal",
    "is_unspaced",
    "key",
    "lead_key",
    "normalize",
    "prepare",
    "trail_key",
    "word_diffs",
    "word_opcodes",
]
