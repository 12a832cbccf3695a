"""A result cannot contradict itself: verdict, auto, answer and decision fit the location (issue 10)."""

import json
from typing import Any

import pytest

import citecheck._models
from citecheck import Citation, CitationResult, JudgeAnswer, MatchResult, Verdict, fold_verdict
from citecheck._models import _FOLDED
from citecheck.matcher import locate
from citecheck.review import HumanDecision
from citecheck.review._decisions import StoredDecision, apply_decisions, decision_key, evidence_fingerprint
from citecheck.testing import static_answer

SOURCE = {"1": "Claims are carried in JSON objects of name and value pairs.", "2": "Other things entirely."}
QUOTE = "Claims are carried in JSON objects of name and value pairs."
CITED = {
    "found": (QUOTE, "1"),
    "flagged": (QUOTE, "2"),  # found in section 1, cited as 2: misattributed_section
    "section-only": (None, "2"),
    "missing": ("not in the text at all", "1"),
    "ambiguous": ("Claims", "2"),  # one word, and not in the cited section: too short to place
}
V = Verdict
SUPPORTS = static_answer("supports", 0.95)


def _parts(kind: str) -> tuple[Citation, Any]:
    quote, section = CITED[kind]
    citation = Citation(id=f"c-{kind}", claim="Claims are JSON.", quote=quote, section=section)
    return citation, locate(SOURCE, citation)


def test_the_locations_are_what_the_table_assumes() -> None:
    statuses = {kind: _parts(kind)[1].status for kind in CITED}
    assert statuses == {k: "found" if k == "flagged" else k for k in CITED}
    assert _parts("flagged")[1].flags == ("misattributed_section",) and not _parts("found")[1].flags


@pytest.mark.parametrize(
    ("kind", "answer", "verdict", "auto", "message"),
    [
        # The reviewer's two: a flagged found location verified with no answer, standing on its own...
        ("flagged", None, V.VERIFIED, True, "verdict verified contradicts status found with no answer"),
        # ...and a missing quote verified.
        ("missing", SUPPORTS, V.VERIFIED, True, "answer: status missing has none"),
        ("missing", None, V.VERIFIED, True, "verdict verified contradicts status missing"),
        ("missing", None, V.FABRICATED, False, "auto: a fabricated verdict .* stands on its own"),
        ("ambiguous", SUPPORTS, V.UNSUPPORTED, False, "answer: status ambiguous has none"),
        ("ambiguous", None, V.VERIFIED, False, "verdict verified contradicts status ambiguous"),
        ("ambiguous", None, V.UNSUPPORTED, True, "auto: .* with status ambiguous and no answer"),
        ("found", None, V.UNSUPPORTED, True, "auto: .* with status found and no answer"),
        ("found", None, V.FABRICATED, False, "verdict fabricated contradicts status found"),
        ("found", SUPPORTS, V.CONTRADICTED, False, "verdict contradicted contradicts the answer supports"),
        ("found", static_answer("says_nothing", 0.9), V.VERIFIED, True, "contradicts the answer says_nothing"),
        ("section-only", static_answer("contradicts"), V.UNSUPPORTED, False, "which gives contradicted"),
        ("flagged", SUPPORTS, V.VERIFIED, True, r"auto: .* with flags \(misattributed_section\)"),
    ],
)
def test_a_result_that_contradicts_itself_is_refused(
    kind: str, answer: JudgeAnswer | None, verdict: Verdict, auto: bool, message: str
) -> None:
    citation, location = _parts(kind)
    fields = {"answer": answer, "verdict": verdict, "auto": auto, "citation": citation, "location": location}
    with pytest.raises(ValueError, match=message):
        CitationResult(**fields)
    # Read back from JSON too: a results file is input.
    written = {**fields, "answer": answer and answer.model_dump(mode="json")}
    raw = json.dumps({k: v.model_dump(mode="json") if hasattr(v, "model_dump") else v for k, v in written.items()})
    with pytest.raises(ValueError, match=message):
        CitationResult.model_validate_json(raw)


ANSWERS = [None, static_answer("supports", 0.95), static_answer("contradicts", 0.5), static_answer("says_nothing")]


@pytest.mark.parametrize("kind", list(CITED))
@pytest.mark.parametrize("answer", ANSWERS)
@pytest.mark.parametrize("auto_accept", [0.0, 0.8, 1.0])
def test_every_folded_result_is_valid_and_reads_back(kind: str, answer: JudgeAnswer | None, auto_accept: float) -> None:
    citation, location = _parts(kind)
    result = fold_verdict(citation, location, answer, auto_accept=auto_accept)
    assert CitationResult.model_validate_json(result.model_dump_json()) == result
    assert not (result.auto and location.flags and location.status != "missing")


@pytest.mark.parametrize("kind", list(CITED))
@pytest.mark.parametrize("answer", ANSWERS)
def test_the_fold_table_runs_once_per_result(
    kind: str, answer: JudgeAnswer | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows: list[str] = []
    table = citecheck._models.fold_table

    def counted(location: Any, given: JudgeAnswer | None) -> tuple[Verdict, bool]:
        rows.append(location.status)
        return table(location, given)

    monkeypatch.setattr(citecheck._models, "fold_table", counted)
    citation, location = _parts(kind)
    result = fold_verdict(citation, location, answer)
    assert rows == [location.status]
    # Read back, the result is folded once more: its verdict is input then, and checked.
    CitationResult.model_validate_json(result.model_dump_json())
    assert rows == [location.status] * 2


def test_a_fold_row_for_another_location_is_not_taken() -> None:
    # The row handed over by `folded` belongs to its own location and answer: given with another
    # result's fields, it is ignored and the table decides, so no caller can vouch for a verdict.
    citation, found = _parts("found")
    _, missing = _parts("missing")
    fields = {"answer": SUPPORTS, "verdict": V.VERIFIED, "auto": True, "citation": citation, "location": found}
    assert CitationResult.model_validate(fields, context={_FOLDED: (found, SUPPORTS, V.VERIFIED, True)}).auto
    lying = {_FOLDED: (missing, SUPPORTS, V.VERIFIED, True)}
    with pytest.raises(ValueError, match="verdict verified contradicts status missing"):
        CitationResult.model_validate({**fields, "answer": None, "location": missing}, context=lying)
    with pytest.raises(ValueError, match="verdict verified contradicts the answer says_nothing"):
        CitationResult.model_validate({**fields, "answer": static_answer("says_nothing", 0.9)}, context=lying)


def _decided(result: CitationResult, verdict: Verdict) -> CitationResult:
    stored = StoredDecision(
        key=decision_key(result.citation),
        id=result.id,
        claim=result.citation.claim,
        quote=result.citation.quote,
        document=result.citation.document,
        section=result.citation.section,
        evidence=evidence_fingerprint(result),
        model_verdict=result.verdict,
        confidence=result.confidence,
        verdict=verdict,
        decided_at="2026-11-30T16:00:00Z",
    )
    applied, report = apply_decisions([result], [stored])
    assert report.applied == [result.id]
    decided = applied[0]
    assert isinstance(decided, CitationResult)
    return decided


@pytest.mark.parametrize("kind", ["flagged", "ambiguous", "missing", "found"])
@pytest.mark.parametrize("verdict", list(Verdict))
def test_a_persons_decision_overrides_the_verdict_and_stands(kind: str, verdict: Verdict) -> None:
    citation, location = _parts(kind)
    result = fold_verdict(citation, location, SUPPORTS)
    decided = _decided(result, verdict)
    assert (decided.verdict, decided.auto, decided.decision and decided.decision.model_verdict) == (
        verdict,
        True,
        result.verdict,
    )
    assert CitationResult.model_validate_json(decided.model_dump_json()) == decided
    # Decided twice: the decision still records the checker's verdict, not the first person's.
    again = _decided(decided, Verdict.UNSUPPORTED)
    assert again.decision is not None and again.decision.model_verdict == result.verdict


@pytest.mark.parametrize(
    ("decision", "verdict", "auto", "message"),
    [
        ({"verdict": V.CONTRADICTED, "model_verdict": V.UNSUPPORTED}, V.VERIFIED, True, "the person's verdict"),
        ({"verdict": V.CONTRADICTED, "model_verdict": V.UNSUPPORTED}, V.CONTRADICTED, False, r"stands \(auto\)"),
        (
            {"verdict": V.CONTRADICTED, "model_verdict": V.VERIFIED},
            V.CONTRADICTED,
            True,
            "verdict verified contradicts",
        ),
    ],
)
def test_a_decision_that_does_not_fit_is_refused(
    decision: dict[str, Verdict], verdict: Verdict, auto: bool, message: str
) -> None:
    citation, location = _parts("ambiguous")  # the checker says unsupported, never auto
    with pytest.raises(ValueError, match=message):
        CitationResult(
            answer=None,
            verdict=verdict,
            auto=auto,
            citation=citation,
            location=location,
            decision=HumanDecision(**decision),
        )


@pytest.mark.parametrize(("key", "value"), [("id", "other"), ("status", "found"), ("verdict", None), ("review", True)])
def test_a_match_result_derives_its_fields_and_refuses_contradicting_ones(key: str, value: object) -> None:
    citation, location = _parts("missing")
    result = MatchResult(citation=citation, location=location)
    assert (result.id, result.status, result.verdict, result.review) == ("c-missing", "missing", V.FABRICATED, False)
    written = json.loads(result.model_dump_json())
    assert (written["id"], written["status"], written["verdict"], written["review"]) == (
        "c-missing",
        "missing",
        "fabricated",
        False,
    )
    assert MatchResult.model_validate_json(result.model_dump_json()) == result
    with pytest.raises(ValueError, match=f"{key}: .* contradicts"):
        MatchResult.model_validate_json(json.dumps({**written, key: value}))


def test_a_match_result_refuses_an_unknown_key() -> None:
    written = json.loads(MatchResult(citation=_parts("found")[0], location=_parts("found")[1]).model_dump_json())
    with pytest.raises(ValueError, match="reveiw: unknown field"):
        MatchResult.model_validate_json(json.dumps({**written, "reveiw": True}))
