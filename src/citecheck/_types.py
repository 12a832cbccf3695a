"""Type aliases used in public signatures, in one place.

Each is exported from `citecheck`, or from `citecheck.testing` for the test doubles' own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Union

from citecheck._models import Citation, Document, JudgeAnswer, Relation

__all__ = ["CitationLike", "Sources", "StaticAnswer"]

CitationLike = Union[Citation, Mapping[str, Any]]
"""A citation as the checking functions take it: a `Citation`, or a mapping with its fields."""

Sources = Union[Document, Mapping[str, str], Sequence[Document]]
"""What citations are checked against: one `Document`, a plain ``{section id: text}`` mapping, or
several named documents."""

StaticAnswer = Union[JudgeAnswer, Relation, tuple[Relation, float], BaseException]
"""What a `citecheck.testing.StaticJudge` gives for a claim: a `JudgeAnswer`; a relation
(confidence 1); a relation and a confidence; or an exception to raise, to test how a failed judge
call is handled."""
