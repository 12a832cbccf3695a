"""What a judge is: the protocols every judge meets, and the two a batch looks for to save questions.

- `Judge`: ``judge(claim, section) -> JudgeAnswer``; `AsyncJudge`: its async twin ``ajudge``.
- `CachingJudge`: a judge with an answer cache a batch may read before asking (its ``cache`` and
  the ``cache_key`` its answers are stored under).
- `SharingJudge`: a caching judge that can ask without looking in its cache again, and says
  whether it sent the question or joined one in flight.

`citecheck.judge.CachedJudge` gives any `Judge` or `AsyncJudge` the last two; `TypeSafeJudge` is
one. This module imports nothing but the models, so every other judge module can depend on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from citecheck._models import JudgeAnswer

if TYPE_CHECKING:
    from citecheck.judge._cache import AnswerCache

__all__ = ["AsyncJudge", "CachingJudge", "Judge", "SharingJudge"]


@runtime_checkable
class Judge(Protocol):
    """Anything that can say how a section relates to a claim."""

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """Answer the Choice question for one claim and the section text it cites.

        Raises:
            JudgeError: No answer could be had.
        """
        ...


@runtime_checkable
class AsyncJudge(Protocol):
    """The async twin of `Judge`: batches await it instead of running `Judge.judge` in threads."""

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        """Answer the Choice question for one claim and the section text it cites.

        Raises:
            JudgeError: No answer could be had.
        """
        ...


@runtime_checkable
class CachingJudge(Protocol):
    """A judge whose answers live in an `AnswerCache` a batch may read before asking.

    A batch looks up each chunk's questions in ``cache`` under ``cache_key`` in one lookup and asks
    the judge only the rest; the judge itself records what it is asked (as `CachedJudge` does). A
    judge whose ``cache`` is ``None`` is asked everything.
    """

    @property
    def cache(self) -> AnswerCache | None:
        """The answer cache, or ``None``."""
        ...

    def cache_key(self, claim: str, section: str) -> str:
        """The key the answer for ``(claim, section)`` is stored under; it must name the judge."""
        ...


@runtime_checkable
class SharingJudge(Protocol):
    """A caching judge that can ask without looking in its cache again, after a batch has looked.

    Optional: a batch uses `aanswer` when the judge has it, else `AsyncJudge.ajudge`.
    """

    async def aanswer(self, claim: str, section: str) -> tuple[JudgeAnswer, bool]:
        """The answer, and whether this call sent the question (``False``: it joined another caller's)."""
        ...
