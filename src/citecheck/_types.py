"""Type aliases used in public signatures, in one place, each exported from `citecheck`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Union

from citecheck._models import Citation, Document

__all__ = ["CitationLike", "Sources"]

CitationLike = Union[Citation, Mapping[str, Any]]
"""A citation as the checking functions take it: a `Citation`, or a mapping with its fields."""

Sources = Union[Document, Mapping[str, str], Sequence[Document]]
"""What citations are checked against: one `Document`, a plain ``{section id: text}`` mapping, or
several named documents."""
