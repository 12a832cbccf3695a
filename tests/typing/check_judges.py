"""Checked by ``mypy --strict`` in CI, never run: a custom judge with a cache, as a user types it."""

from typing_extensions import assert_type

from citecheck import AsyncJudge, BatchResults, Judge, JudgeAnswer, TypeSafeJudge, check_citations
from citecheck.judge import AnswerCache, CachedJudge, CachingJudge
from citecheck.testing import StaticJudge


class MyJudge:
    def judge(self, claim: str, section: str) -> JudgeAnswer:
        raise NotImplementedError


class MyAsyncJudge:
    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        raise NotImplementedError


async def check_judges() -> None:
    cached = CachedJudge(MyJudge(), "answers.json", name="my-model-v2", create=True)
    # One wrapper for every judge: a TypeSafeJudge, which is one, may have no cache.
    assert_type(cached.cache, AnswerCache | None)
    assert_type(cached.cache_key("claim", "section"), str)
    assert_type(cached.judge("claim", "section"), JudgeAnswer)
    assert_type(await cached.ajudge("claim", "section"), JudgeAnswer)
    CachedJudge(MyAsyncJudge(), "answers.sqlite", spill="spill.json")
    CachedJudge(StaticJudge(default="supports"), "answers.json")
    judges: list[Judge | AsyncJudge] = [cached, MyAsyncJudge(), TypeSafeJudge()]
    caching: list[CachingJudge] = [cached, TypeSafeJudge()]
    assert_type(caching[0].cache, AnswerCache | None)
    results = check_citations({"1": "text"}, [], judge=judges[0])
    assert_type(results, BatchResults)
    assert_type(check_citations({"1": "text"}, [], judge=cached), BatchResults)
