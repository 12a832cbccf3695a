"""Citation markers in an answer's text (``[1]``, ``[^2]``, ``[1, 3]``, ``【4:0†source】``), left out of its claims.

A module of its own: the builder finds claims with them, and the records read a claim's text
again with them, and the builder imports the records.
"""

from __future__ import annotations

import re

__all__ = ["MARKERS", "marker_free"]

MARKERS = re.compile(r"\s*(?:【[^】]*】|\[\^?\d+(?:\s*[,;]\s*\^?\d+)*\])")
"""A citation marker and the space before it."""


def marker_free(text: str) -> str:
    """``text`` without citation markers, as the claim the judge reads."""
    return MARKERS.sub("", text).strip()
