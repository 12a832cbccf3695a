"""Step 1, the quote matcher, in one place to import from.

The matcher is split by what each part decides:

- `citecheck._index`: a document's folded text and word index, built once per document;
- `citecheck._quote`: a quote prepared once (folded text, words, ellipsis fragments);
- `citecheck._tiers`: the tiers, one module each, each finding a prepared quote in an index one
  way, and the `DEFAULT_TIERS` and `COOKBOOK_TIERS` lists (all it exports is exported here too);
- `citecheck._placement`: which section a match lies in, and its evidence;
- `citecheck._locate`: `locate` and `find_quote`, running the tiers and building the result.
"""

from __future__ import annotations

from citecheck import _tiers
from citecheck._locate import MAX_LISTED_OCCURRENCES, find_quote, locate
from citecheck._normalize import normalize
from citecheck._tiers import *  # noqa: F403  # everything `_tiers.__all__` lists, so one list serves both

__all__ = ["MAX_LISTED_OCCURRENCES", "find_quote", "locate", "normalize"]
__all__ += _tiers.__all__
