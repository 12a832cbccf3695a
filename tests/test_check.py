from typing import Any

import pytest

from citecheck import (
    Checker,
    Citation,
    CitationFailure,
    CitationResult,
    Document,
    DocumentError,
    InvalidCitationError,
    JudgeAnswer,
    Verdict,
    check_citation,
    check_citations,
)
from citecheck.errors import JudgeCallError
from citecheck.testing import StaticJudge

SECTIONS = {"1": "Every token MUST expire within one hour.", "2": "Nothing about tokens here at all."}
QUOTE = "Every token MUST expire within one hour"


@pytest.mark.parametrize(
    ("choice", "confidence", "verdict", "auto"),
    [
        ("supports", 0.93, Verdict.VERIFIED, True),
        ("contradicts", 0.99, Verdict.CONTRADICTED, True),
        ("says_nothing", 0.27, Verdict.UNSUPPORTED, False),
        ("supports", 0.8, Verdict.VERIFIED, True),  # the threshold itself is auto
        ("supports", 0.7999, Verdict.VERIFIED, False),
        ("contradicts", 0.5, Verdict.CONTRADICTED, False),
    ],
)
def test_verdict_paths(choice: str, confidence: float, verdict: Verdict, auto: bool) -> None:
    judge = StaticJudge({"claim": (choice, confidence)})
    result = check_citation(SECTIONS, {"id": "c", "claim": "claim", "quote": QUOTE, "section": "1"}, judge=judge)
    assert (result.verdict, result.confidence, result.auto, result.status) == (verdict, confidence, auto, "found")
    assert result.answer is not None and result.answer.choice == choice
    assert judge.calls == [("claim", SECTIONS["1"])]


def test_auto_accept_moves_the_threshold() -> None:
    judge = StaticJudge({"claim": ("supports", 0.9)})
    citation = {"id": "c", "claim": "claim", "quote": None, "section": "2"}
    assert check_citation(SECTIONS, citation, judge=judge, checker=Checker(auto_accept=0.9)).auto is True
    assert check_citation(SECTIONS, citation, judge=judge, checker=Checker(auto_accept=0.95)).auto is False


@pytest.mark.parametrize("auto_accept", [-0.1, 1.5])
def test_auto_accept_out_of_range(auto_accept: float) -> None:
    with pytest.raises(ValueError, match="auto_accept"):
        Checker(auto_accept=auto_accept)


@pytest.mark.parametrize(
    "citation",
    [
        {"id": "c", "claim": "x", "quote": "Every token MUST NOT expire within one hour.", "section": "1"},  # altered
        {"id": "c", "claim": "x", "quote": None, "section": "7.7"},  # section that does not exist
        {"id": "c", "claim": "x", "quote": "", "section": "7.7"},  # blank quote, section that does not exist
    ],
)
def test_fabricated_never_asks_the_judge(citation: dict[str, Any]) -> None:
    judge = StaticJudge(default="supports")
    result = check_citation(SECTIONS, citation, judge=judge)
    assert (result.verdict, result.confidence, result.auto, result.answer, result.section) == (
        Verdict.FABRICATED,
        None,
        True,
        None,
        None,
    )
    assert judge.calls == []


def test_blank_quote_is_section_only_not_found_in_the_first_section() -> None:
    judge = StaticJudge(default="supports")
    result = check_citation(SECTIONS, {"id": "c", "claim": "x", "quote": "  ", "section": "2"}, judge=judge)
    assert (result.status, result.section) == ("section-only", "2")
    assert judge.calls == [("x", SECTIONS["2"])]


def test_result_keeps_its_evidence_and_citation() -> None:
    citation = Citation(id="c", claim="x", quote="Every token MUST  expire within one hour", section="2")
    result = check_citation(Document.from_sections(SECTIONS), citation, judge=StaticJudge(default="supports"))
    assert result.citation == citation
    assert result.location.cited == "2"
    assert result.section == "1"  # read where the quote is, not where it was cited
    assert result.location.match is not None and result.location.match.source_text == QUOTE


def test_judge_errors_name_the_citation() -> None:
    judge = StaticJudge({"x": JudgeCallError("the fake judge was told to fail")})
    with pytest.raises(JudgeCallError, match=r"^citation c7: the fake judge was told to fail$") as caught:
        check_citation(SECTIONS, {"id": "c7", "claim": "x", "quote": None, "section": "1"}, judge=judge)
    assert caught.value.citation == "c7"


def test_bad_citation_raises_a_typed_error() -> None:
    with pytest.raises(InvalidCitationError, match="field 'claim'"):
        check_citation(SECTIONS, {"id": "c", "section": "1"}, judge=StaticJudge(default="supports"))


@pytest.mark.parametrize("concurrency", [1, 3])
def test_batch_keeps_every_other_result(concurrency: int) -> None:
    citations: list[Any] = [
        {"id": "ok1", "claim": "a", "quote": QUOTE, "section": "1"},
        {"id": "bad", "claim": 3, "quote": None, "section": "1"},
        {"id": "boom", "claim": "fails", "quote": None, "section": "2"},
        {"claim": "b", "quote": None, "section": "2"},
        {"id": "ok2", "claim": "c", "quote": "this sentence is not there", "section": "1"},
    ]
    results = check_citations(
        SECTIONS,
        citations,
        judge=StaticJudge({"fails": JudgeCallError("told to fail")}, default="supports"),
        checker=Checker(concurrency=concurrency),
    )
    assert [type(r) for r in results] == [
        CitationResult,
        CitationFailure,
        CitationFailure,
        CitationFailure,
        CitationResult,
    ]
    failures = [r for r in results if isinstance(r, CitationFailure)]
    assert [(f.position, f.id, f.error) for f in failures] == [
        (2, "bad", "InvalidCitationError"),
        (3, "boom", "JudgeCallError"),
        (4, "#4", "InvalidCitationError"),  # counted from 1, as a person counts and names it
    ]
    ok = [r for r in results if isinstance(r, CitationResult)]
    assert [(r.id, r.verdict) for r in ok] == [("ok1", Verdict.VERIFIED), ("ok2", Verdict.FABRICATED)]


@pytest.mark.parametrize("concurrency", [0, -1, 1.5, True])
def test_a_checker_refuses_a_concurrency_below_one(concurrency: Any) -> None:
    with pytest.raises(ValueError, match="concurrency must be an integer of at least 1"):
        Checker(concurrency=concurrency)


class NoneJudge:
    def judge(self, claim: str, section: str) -> None:
        return None


def test_a_judge_that_returns_nothing_is_an_error_not_unsupported() -> None:
    with pytest.raises(JudgeCallError, match="citation c: the judge returned NoneType"):
        check_citation(SECTIONS, {"id": "c", "claim": "x", "quote": None, "section": "1"}, judge=NoneJudge())  # type: ignore[arg-type]


@pytest.mark.parametrize("document", [{"1": None}, None, "just text", 42])
def test_bad_documents_are_typed_errors(document: Any) -> None:
    with pytest.raises(DocumentError):
        check_citation(
            document, {"id": "c", "claim": "x", "quote": None, "section": "1"}, judge=StaticJudge(default="supports")
        )


def test_a_blank_cited_section_with_a_quote_is_no_section() -> None:
    result = check_citation(
        SECTIONS, {"id": "c", "claim": "x", "quote": QUOTE, "section": "   "}, judge=StaticJudge(default="supports")
    )
    assert (result.status, result.auto, result.location.cited) == ("found", True, None)


@pytest.mark.parametrize(
    ("quote", "section", "status", "asked", "verdict", "auto"),
    [
        ("Every token MUST expire within one hour", "1", "found", True, Verdict.VERIFIED, True),
        ("Every single token MUST expire within one hour", "1", "found", True, Verdict.VERIFIED, False),  # fuzzy
        # Too short to place by its words, but once where cited (or in the document): judged, for review.
        ("MUST expire", "1", "found", True, Verdict.VERIFIED, False),
        ("MUST expire", None, "found", True, Verdict.VERIFIED, False),
        ("MUST expire", "2", "ambiguous", False, Verdict.UNSUPPORTED, False),  # too short, and not where cited
        ("Every token MUST expire within one hour", "9", "found", True, Verdict.VERIFIED, False),  # no section 9
        ("Every token MUST expire within two hours", "1", "missing", False, Verdict.FABRICATED, True),
    ],
)
def test_step_one_can_ask_for_review(
    quote: str, section: str | None, status: str, asked: bool, verdict: Verdict, auto: bool
) -> None:
    judge = StaticJudge({"x": ("supports", 0.99)})
    result = check_citation(SECTIONS, {"id": "c", "claim": "x", "quote": quote, "section": section}, judge=judge)
    assert (result.status, bool(judge.calls), result.verdict, result.auto) == (status, asked, verdict, auto)


def test_strict_mode_is_the_cookbook() -> None:
    judge = StaticJudge(default="supports")
    citation = {"id": "c", "claim": "x", "quote": "every token must expire within one hour", "section": "1"}
    assert check_citation(SECTIONS, citation, judge=judge).verdict == Verdict.VERIFIED
    assert check_citation(SECTIONS, citation, judge=judge, checker=Checker("cookbook")).verdict == Verdict.FABRICATED


class RaisingJudge:
    def judge(self, claim: str, section: str) -> JudgeAnswer:
        raise RuntimeError("boom")


def test_a_judge_that_raises_fails_only_its_citation() -> None:
    citations = [
        {"id": "a", "claim": "x", "quote": None, "section": "1"},
        {"id": "b", "claim": "x", "quote": "this quote is not in there", "section": "1"},
    ]
    results = check_citations(SECTIONS, citations, judge=RaisingJudge())
    assert isinstance(results[0], CitationFailure)
    assert results[0].message == "citation a: the judge failed: RuntimeError: boom"
    assert isinstance(results[1], CitationResult) and results[1].verdict == Verdict.FABRICATED
