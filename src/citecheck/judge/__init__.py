"""Step 2: the judge that asks the model how a section relates to a claim, and its answer caches.

A judge is anything with ``judge(claim, section) -> JudgeAnswer`` (`Judge`) or an async
``ajudge`` (`AsyncJudge`). `TypeSafeJudge` asks TypeSafe's Jev model the cookbook's `Choice`
question through ``typesafe-sdk``, caching answers in ``cooksafe``'s format (`open_cache` picks
JSON, SQLite or PostgreSQL from the path), with retries (`default_retry`) and an optional global
`RateLimit`. `CachedJudge` gives any other judge a cache; a batch looks up the answers of every
`CachingJudge` before asking.

Importing this package loads no SDK: ``typesafe-sdk``, ``httpx2`` and ``cooksafe`` load when a
`TypeSafeJudge` is built or a cache key is first made.
"""

from citecheck._models import JudgeAnswer, Probabilities, Relation
from citecheck.judge._cache import AnswerCache, copy_cache, is_database_url, open_cache
from citecheck.judge._cached import CachedJudge, CachingJudge, SharingJudge, alookup_answers
from citecheck.judge._ratelimit import RateLimit
from citecheck.judge._typesafe import API_KEY_ENV, DEFAULT_MODEL, AsyncJudge, Judge, TypeSafeJudge, default_retry

__all__ = [
    "API_KEY_ENV",
    "DEFAULT_MODEL",
    "AnswerCache",
    "AsyncJudge",
    "CachedJudge",
    "CachingJudge",
    "Judge",
    "JudgeAnswer",
    "Probabilities",
    "RateLimit",
    "Relation",
    "SharingJudge",
    "TypeSafeJudge",
    "alookup_answers",
    "copy_cache",
    "default_retry",
    "is_database_url",
    "open_cache",
]
