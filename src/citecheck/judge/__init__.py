"""Step 2: the judge that asks the model how a section relates to a claim, and its answer caches.

A judge is anything with ``judge(claim, section) -> JudgeAnswer`` (`Judge`) or an async
``ajudge`` (`AsyncJudge`). `TypeSafeJudge` asks TypeSafe's Jev model the cookbook's `Choice`
question through ``typesafe-sdk``, caching answers in ``cooksafe``'s format (`open_cache` picks
JSON, SQLite or PostgreSQL from the path), with retries (`default_retry`) and an optional global
`RateLimit`.
"""

from citecheck._models import JudgeAnswer, Probabilities, Relation
from citecheck.judge._cache import AnswerCache, copy_cache, open_cache
from citecheck.judge._ratelimit import RateLimit
from citecheck.judge._typesafe import AsyncJudge, Judge, TypeSafeJudge, default_retry

__all__ = [
    "AnswerCache",
    "AsyncJudge",
    "Judge",
    "JudgeAnswer",
    "Probabilities",
    "RateLimit",
    "Relation",
    "TypeSafeJudge",
    "copy_cache",
    "default_retry",
    "open_cache",
]
