"""Checked by ``mypy --strict`` in CI, never run: the test doubles' types as a user sees them."""

from collections.abc import Mapping

from typing_extensions import assert_type

from citecheck import CitationResult, Judge, JudgeAnswer, check_citation
from citecheck.matcher import LocateStatus
from citecheck.testing import RecordedJudge, StaticAnswer, StaticJudge, static_answer


def check_testing(answers: Mapping[str, StaticAnswer]) -> None:
    static = StaticJudge(answers, default="supports")
    assert_type(static.judge("claim", "section"), JudgeAnswer)
    assert_type(static.calls, list[tuple[str, str]])
    StaticJudge(lambda claim, section: ("contradicts", 0.7))
    StaticJudge({"claim": static_answer("says_nothing", 0.4)})
    recorded = RecordedJudge("json_cache.json", model="jev-1.12")
    assert_type(recorded.judge("claim", "section"), JudgeAnswer)
    judges: list[Judge] = [static, recorded]
    result = check_citation({"1": "text"}, {"id": "c", "claim": "x", "quote": None, "section": "1"}, judge=judges[0])
    assert_type(result, CitationResult)
    assert_type(result.status, LocateStatus)
    assert_type(result.confidence, float | None)
    assert_type(result.answer.probabilities["supports"] if result.answer else 0.0, float)
