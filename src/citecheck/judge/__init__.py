"""Step 2: the judge that asks the model how a section relates to a claim, and its answer caches.

A judge is anything with ``judge(claim, section) -> JudgeAnswer`` (`Judge`) or an async
``ajudge`` (`AsyncJudge`). `CachedJudge` is the one caching wrapper: it gives any judge the cache
pre-check a batch reads (`CachingJudge`), the dedupe of questions in flight (`SharingJudge`), and
the spill of answers the cache refuses. `TypeSafeJudge` is a `CachedJudge` that asks TypeSafe's
Jev model the cookbook's `Choice` question through ``typesafe-sdk``, caching answers in
``cooksafe``'s format (`open_cache` picks JSON, SQLite or PostgreSQL from the path), with retries
(`default_retry`) and an optional global `RateLimit`. A cache file must exist unless a new one is
asked for (``create=True``).

Importing this package loads no SDK: ``typesafe-sdk``, ``httpx2`` and ``cooksafe`` load when a
`TypeSafeJudge` is built or a cache key is first made.
"""

from citecheck._models import JudgeAnswer, Probabilities, Relation
from citecheck._safe_text import redact_url
from citecheck.judge._cache import AnswerCache, copy_cache, is_database_url, open_cache
from citecheck.judge._cached import CachedJudge, alookup_answers, lookup_answers
from citecheck.judge._plugin import PluginJudge, installed_judges, load_judge
from citecheck.judge._protocols import AsyncJudge, CachingJudge, Judge, SharingJudge
from citecheck.judge._ratelimit import RateLimit
from citecheck.judge._typesafe import (
    API_KEY_ENV,
    CRITERIA,
    DEFAULT_MODEL,
    INSTRUCTIONS,
    TypeSafeJudge,
    default_retry,
    prepare_question,
    recorded_answer,
)

__all__ = [
    "API_KEY_ENV",
    "CRITERIA",
    "DEFAULT_MODEL",
    "INSTRUCTIONS",
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
    "SharingJudge",
    "TypeSafeJudge",
    "alookup_answers",
    "copy_cache",
    "default_retry",
    "installed_judges",
    "is_database_url",
    "load_judge",
    "lookup_answers",
    "open_cache",
    "prepare_question",
    "recorded_answer",
    "redact_url",
]
