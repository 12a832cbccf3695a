"""The shipped test doubles: citecheck.testing's judges."""

import json
from pathlib import Path
from typing import Any

import pytest
from cooksafe import JsonCache  # type: ignore[import-untyped]

from citecheck import Checker, CitationFailure, TypeSafeJudge, Verdict, check_citation, check_citations
from citecheck.errors import CacheFormatError, CacheNotFoundError, JudgeCallError, NoAnswerError
from citecheck.judge import copy_cache
from citecheck.parsers import RFCParser
from citecheck.testing import NoRecordedAnswerError, RecordedJudge, StaticJudge, static_answer
from tests.test_judge import FakeAPI

SECTIONS = {"1": "Tokens MUST expire within one hour of issue.", "2": "Keys are rotated every year."}
QUOTE = "Tokens MUST expire within one hour of issue."
ENTRY = {
    "choice": "contradicts",
    "probabilities": {"supports": 0.1, "contradicts": 0.8, "says_nothing": 0.1},
    "confidence": 0.8,
    "seconds": 1.5,
    "input_tokens": 10,
    "output_tokens": 2,
}


def citation(claim: str = "Tokens expire.", cid: str = "c1") -> dict[str, Any]:
    return {"id": cid, "claim": claim, "quote": QUOTE, "section": "1"}


@pytest.mark.parametrize(
    ("given", "choice", "confidence"),
    [
        ("supports", "supports", 1.0),
        (("contradicts", 0.7), "contradicts", 0.7),
        (static_answer("says_nothing", 0.4), "says_nothing", 0.4),
    ],
)
def test_static_judge_answers_from_its_table(given: Any, choice: str, confidence: float) -> None:
    judge = StaticJudge({"Tokens expire.": given})
    answer = judge.judge("Tokens expire.", "the section")
    assert (answer.choice, answer.confidence) == (choice, confidence)
    assert sum(answer.probabilities.values()) == pytest.approx(1.0)
    assert (answer.seconds, answer.input_tokens, answer.output_tokens) == (0.0, 0, 0)


def test_static_judge_records_its_calls_through_the_facade() -> None:
    judge = StaticJudge({"Tokens expire.": ("supports", 0.9)})
    result = check_citation(SECTIONS, citation(), judge=judge)
    assert (result.verdict, result.confidence, result.auto) == ("verified", 0.9, True)
    assert judge.calls == [("Tokens expire.", SECTIONS["1"])]


def test_static_judge_takes_a_function_of_claim_and_section() -> None:
    judge = StaticJudge(lambda claim, section: "supports" if "MUST" in section else "says_nothing")
    assert judge.judge("x", "A MUST B").choice == "supports"
    assert judge.judge("x", "A may B").choice == "says_nothing"
    assert judge.calls == [("x", "A MUST B"), ("x", "A may B")]


def test_static_judge_default_covers_other_claims() -> None:
    judge = StaticJudge({"a": "contradicts"}, default=("says_nothing", 0.5))
    assert judge.judge("a", "s").choice == "contradicts"
    assert judge.judge("anything else", "s").choice == "says_nothing"


def test_static_judge_without_an_answer_fails_naming_claim_and_citation() -> None:
    with pytest.raises(NoRecordedAnswerError, match=r"^citation c4: StaticJudge has no answer for .*'Unknown\.'") as e:
        check_citation(SECTIONS, citation("Unknown.", "c4"), judge=StaticJudge({"a": "supports"}))
    assert (e.value.citation, e.value.claim) == ("c4", "Unknown.")
    assert isinstance(e.value, NoAnswerError)


def test_static_judge_raises_the_exception_it_is_given() -> None:
    judge = StaticJudge({"Tokens expire.": JudgeCallError("rate limited")})
    results = check_citations(
        SECTIONS, [citation(), citation("Other.", "c2")], judge=judge, checker=Checker(concurrency=1)
    )
    failure = results[0]
    assert isinstance(failure, CitationFailure)
    assert (failure.id, failure.error, failure.message) == ("c1", "JudgeCallError", "citation c1: rate limited")
    assert isinstance(results[1], CitationFailure) and results[1].error == "NoRecordedAnswerError"


@pytest.mark.parametrize("bad", [("supports", 1.5), ("maybe", 0.5), "yes"])
def test_a_bad_table_entry_fails_when_the_judge_is_made(bad: Any) -> None:
    with pytest.raises(ValueError):
        StaticJudge({"claim": bad})


def write_cache(path: Path, entries: dict[str, Any]) -> Path:
    path.write_text(json.dumps(entries))
    return path


def test_recorded_judge_replays_under_the_cookbook_key(tmp_path: Path) -> None:
    cache = write_cache(tmp_path / "cache.json", {"ask|Tokens expire.|" + SECTIONS["1"]: ENTRY})
    judge = RecordedJudge(cache)
    result = check_citation(SECTIONS, citation(), judge=judge)
    assert (result.verdict, result.confidence, result.auto) == ("contradicted", 0.8, True)
    assert result.answer is not None and result.answer.seconds == 1.5
    assert judge.calls == [("Tokens expire.", SECTIONS["1"])]


def test_recorded_judge_takes_an_open_cache(tmp_path: Path) -> None:
    cache = JsonCache(write_cache(tmp_path / "cache.json", {"ask|c|s": ENTRY}))
    assert RecordedJudge(cache).judge("c", "s").choice == "contradicts"


def test_a_miss_fails_loudly_naming_the_claim_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", "a-key-that-must-not-be-used")
    cache = write_cache(tmp_path / "cache.json", {"ask|c|s": ENTRY})
    before = cache.read_text()
    with pytest.raises(NoRecordedAnswerError, match=r"holds no answer of jev-1\.12 for the claim 'Never asked\.'") as e:
        check_citation(SECTIONS, citation("Never asked.", "c9"), judge=RecordedJudge(cache))
    assert (e.value.citation, e.value.claim) == ("c9", "Never asked.")
    assert str(cache) in str(e.value)
    assert cache.read_text() == before


@pytest.mark.parametrize("options", [{"model": "jev-1.13"}, {"instructions": "Is the claim right?"}])
def test_another_model_or_question_never_replays_the_cookbooks_answers(tmp_path: Path, options: dict[str, Any]) -> None:
    cache = write_cache(tmp_path / "cache.json", {"ask|c|s": ENTRY})
    with pytest.raises(NoRecordedAnswerError):
        RecordedJudge(cache, **options).judge("c", "s")


def test_recorded_judge_replays_what_typesafe_judge_recorded_for_another_model(tmp_path: Path) -> None:
    cache = tmp_path / "cache.json"
    api = FakeAPI(choice="supports", confidence=0.6)
    TypeSafeJudge(model="jev-9", api_key="k", transport=api.transport, cache=cache, create=True).judge("c", "s")
    assert RecordedJudge(cache, model="jev-9").judge("c", "s").confidence == 0.6
    with pytest.raises(NoRecordedAnswerError):
        RecordedJudge(cache).judge("c", "s")  # the cookbook's model never replays another's answers


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist"),
        ("not json", "cannot be read"),
        (json.dumps({"ask|c|s": {"choice": "x"}}), "is not an answer"),
    ],
)
def test_a_bad_recording_is_a_typed_error(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "cache.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(CacheNotFoundError if content is None else CacheFormatError, match=message):
        RecordedJudge(path).judge("c", "s")


def test_recorded_judge_replays_the_cookbook_as_typesafe_judge_does(cookbook: Path) -> None:
    document = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    citations = json.loads((cookbook / "citations.json").read_text())
    recorded = check_citations(document, citations, judge=RecordedJudge(cookbook / "json_cache.json"))
    replayed = check_citations(document, citations, judge=TypeSafeJudge(cache=cookbook / "json_cache.json"))
    assert recorded == replayed
    assert [r.verdict for r in recorded if not isinstance(r, CitationFailure)].count(Verdict.VERIFIED) == 4


def test_recorded_judge_replays_a_sqlite_copy_of_the_cookbook(cookbook: Path, tmp_path: Path) -> None:
    sqlite = tmp_path / "answers.sqlite"
    assert copy_cache(cookbook / "json_cache.json", sqlite) == 7
    citations = json.loads((cookbook / "citations.json").read_text())
    document = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    from_sqlite = check_citations(document, citations, judge=RecordedJudge(sqlite))
    from_json = check_citations(document, citations, judge=RecordedJudge(cookbook / "json_cache.json"))
    assert from_sqlite == from_json
    assert not any(isinstance(r, CitationFailure) for r in from_sqlite)
