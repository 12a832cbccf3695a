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
from citecheck.judge._cache import AnswerCache, copy_cache, open_cache
from citecheck.judge._cached import CachedJudge, CachingJudge
from citecheck.judge._plugin import PluginJudge, installed_judges, load_judge
from citecheck.judge._ratelimit import RateLimit
from citecheck.judge._typesafe import AsyncJudge, Judge, TypeSafeJudge, default_retry

__all__ = [
    "AnswerCache",
    "AsyncJudge",
    "CachedJudge",
    "CachingJudge",
    "Judge",
    "JudgeAnswer",
    "PluginJudge",
    "Probabilities",
    "RateLimit",
    "Relation",
    "TypeSafeJudge",
    "copy_cache",
    "default_retry",
    "installed_judges",
    "load_judge",
    "open_cache",
]
