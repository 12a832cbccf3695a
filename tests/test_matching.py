"""Step 1 alone (match_citations), and the batch's input and failure handling the command relies on."""

import asyncio
import json
from typing import Any

import pytest

from citecheck import (
    Citation,
    CitationFailure,
    CitationResult,
    Document,
    JudgeAnswer,
    MatchResult,
    Verdict,
    acheck_citations,
    check_citations,
    match_citation,
    match_citations,
)
from citecheck.errors import JudgeCallError

DOC = Document.from_sections(
    {"1": "Widgets are exchanged as JSON objects between peers.", "2": "A receiver SHOULD acknowledge every widget."}
)


@pytest.mark.parametrize(
    ("citation", "status", "verdict", "review"),
    [
        ({"quote": "Widgets are exchanged as JSON objects between peers.", "section": "1"}, "found", None, False),
        ({"quote": "Widgets are exchanged as XML documents", "section": "1"}, "missing", Verdict.FABRICATED, False),
        ({"quote": None, "section": "2"}, "section-only", None, False),
        ({"quote": None, "section": "9"}, "missing", Verdict.FABRICATED, False),
        ({"quote": "widgets", "section": "2"}, "ambiguous", None, True),
    ],
)
def test_match_citation_decides_only_what_step_1_can(
    citation: dict[str, Any], status: str, verdict: Verdict | None, review: bool
) -> None:
    result = match_citation(DOC, {"id": "c", "claim": "x", **citation})
    assert (result.status, result.verdict, result.review) == (status, verdict, review)
    assert result.location.status == status and result.location.reason


def test_match_citations_keeps_every_result_when_one_is_invalid() -> None:
    results = match_citations(
        DOC,
        [
            {"id": "bad", "claim": 1},
            Citation(id="ok", claim="x", quote="Widgets are exchanged as JSON objects", section=None),
        ],
    )
    assert isinstance(results[0], CitationFailure) and results[0].error == "InvalidCitationError"
    assert isinstance(results[1], MatchResult) and results[1].status == "found"


def test_an_unexpected_exception_is_that_citations_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    import citecheck.checker._match as matching

    real = matching.locate_in

    def locate_in(documents: Any, cited: Citation, *, options: Any) -> Any:
        if cited.id == "odd":
            raise TypeError("ord() expected a character, but string of length 2 found")
        return real(documents, cited, options=options)

    monkeypatch.setattr(matching, "locate_in", locate_in)
    quote = "Widgets are exchanged as JSON objects"
    results = match_citations(DOC, [{"id": i, "claim": "x", "quote": quote, "section": "1"} for i in ("a", "odd", "b")])
    assert [r.id for r in results] == ["a", "odd", "b"]
    failure = results[1]
    assert isinstance(failure, CitationFailure)
    assert (failure.position, failure.error, failure.location) == (2, "TypeError", None)  # counting from 1
    assert failure.message == "ord() expected a character, but string of length 2 found"
    assert all(isinstance(r, MatchResult) and r.status == "found" for r in (results[0], results[2]))


@pytest.mark.parametrize("call", [check_citations, match_citations])
def test_a_lone_surrogate_is_that_citations_failure_and_the_rest_is_written(call: Any) -> None:
    # JSON allows half a surrogate pair; a result holding one could not be written in any format.
    odd = json.loads('{"id": "a\\ud800", "claim": "c", "quote": "Widgets are exchanged", "section": "1"}')
    good = {"id": "ok", "claim": "x", "quote": "Widgets are exchanged as JSON objects", "section": "1"}
    results = call(DOC, [odd, good])
    failure = results[0]
    assert isinstance(failure, CitationFailure) and failure.error == "InvalidCitationError"
    assert failure.id == "a\\ud800" and "field 'id': it holds a lone surrogate, not text" in failure.message
    assert results[1].id == "ok"
    for result in results:
        result.model_dump_json().encode("utf-8")


def _acheck_citations(document: Any, citations: Any) -> Any:
    return asyncio.run(acheck_citations(document, citations))


@pytest.mark.parametrize("call", [check_citations, _acheck_citations, match_citations])
@pytest.mark.parametrize(
    ("citations", "message"),
    [
        ({"id": "c", "claim": "x", "quote": None}, r"got a single citation: pass a list, \[citation\]"),
        (Citation(id="c", claim="x", quote=None, section="1"), "got a single citation: pass a list"),
        ("citations.json", "got str: pass a list"),
        (7, "got int: pass a list"),
    ],
)
def test_one_citation_where_a_list_is_taken_says_pass_a_list(call: Any, citations: object, message: str) -> None:
    with pytest.raises(TypeError, match=f"citations takes a list of citations, {message}"):
        call(DOC, citations)


class _FailingJudge:
    def judge(self, claim: str, section: str) -> JudgeAnswer:
        raise JudgeCallError("the service is down")


def test_a_failed_judge_call_keeps_the_step_1_evidence() -> None:
    citation = {"id": "c", "claim": "x", "quote": "Widgets are exchanged as JSON objects", "section": "1"}
    (failure,) = check_citations(DOC, [citation], judge=_FailingJudge())
    assert isinstance(failure, CitationFailure)
    assert failure.message == "citation c: the service is down"
    assert failure.location is not None
    assert (failure.location.status, failure.location.section) == ("found", "1")
    assert failure.location.match is not None and failure.location.match.source_text.startswith("Widgets")


def test_an_invalid_citation_has_no_evidence_to_keep() -> None:
    (failure,) = check_citations(DOC, [{"id": "c", "claim": 1}], judge=_FailingJudge())
    assert isinstance(failure, CitationFailure) and failure.location is None
    assert not isinstance(failure, CitationResult)
