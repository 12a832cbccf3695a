import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from citecheck import Citation, CitationResult, Document, InvalidCitationError, JudgeAnswer, Section, fold_verdict
from citecheck._models import Relation, as_citation
from citecheck.matcher import locate
from citecheck.testing import static_answer

GOOD = {"id": "c1", "claim": "Widgets are JSON.", "quote": "JSON objects", "section": "1"}


@pytest.mark.parametrize(
    ("raw", "position", "name", "field"),
    [
        ({k: v for k, v in GOOD.items() if k != "claim"}, 0, "c1", "claim"),
        ({**GOOD, "claim": 42}, 0, "c1", "claim"),
        ({**GOOD, "quote": ["a", "list"]}, 3, "c1", "quote"),
        ({**GOOD, "section": 4.1}, 0, "c1", "section"),
        ({**GOOD, "id": 7}, 5, "#6", "id"),
        ({**GOOD, "id": "  "}, 2, "#3", "id"),  # positions count from 1 in errors
        ({**GOOD, "claim": "   "}, 0, "c1", "claim"),
        ({**GOOD, "quote": None, "section": None}, 0, "c1", "section"),
        ({**GOOD, "quote": "  ", "section": None}, 0, "c1", "section"),
        ({**GOOD, "qoute": "typo"}, 1, "c1", "qoute"),
        ({k: v for k, v in GOOD.items() if k != "quote"}, 0, "c1", "quote"),
        ({k: v for k, v in GOOD.items() if k != "section"}, 0, "c1", "section"),
        ({k: v for k, v in GOOD.items() if k not in ("id", "section")}, 6, "#7", "id"),
        ({**GOOD, "section": True}, 0, "c1", "section"),
    ],
)
def test_bad_citation_names_the_citation_and_field(raw: dict[str, Any], position: int, name: str, field: str) -> None:
    with pytest.raises(InvalidCitationError) as caught:
        as_citation(raw, position)
    assert caught.value.citation == name
    assert caught.value.field == field
    assert f"citation {name}" in str(caught.value)
    assert repr(field) in str(caught.value)


@pytest.mark.parametrize("field", ["id", "claim", "quote", "section", "document"])
def test_a_lone_surrogate_is_rejected_naming_the_citation_and_field(field: str) -> None:
    # JSON allows "\\ud800" on its own, and LLM output produces it; no output format can write it.
    raw = {"id": "c1", "claim": "c", "quote": "q", "section": "1", field: json.loads('"x\\ud800"')}
    with pytest.raises(InvalidCitationError) as caught:
        as_citation(raw, 4)
    name = "x\\ud800" if field == "id" else "c1"  # escaped, so the error itself can be printed
    assert (caught.value.citation, caught.value.field) == (name, field)
    assert caught.value.reason == "it holds a lone surrogate, not text"
    str(caught.value).encode("utf-8")


def test_a_surrogate_pair_is_text() -> None:
    citation = as_citation(json.loads('{"id": "c1", "claim": "\\ud83d\\ude00", "quote": null, "section": "1"}'))
    assert citation.claim == "\U0001f600"


def test_not_a_mapping_is_rejected() -> None:
    with pytest.raises(InvalidCitationError, match="got a list"):
        as_citation(["c1"], 4)  # type: ignore[arg-type]


@pytest.mark.parametrize(("quote", "has_quote"), [("x", True), (None, False), ("", False), (" \n\t", False)])
def test_blank_quote_counts_as_no_quote(quote: str | None, has_quote: bool) -> None:
    assert Citation(id="c", claim="x", quote=quote, section="1").has_quote is has_quote


def test_citation_passes_through_unchanged() -> None:
    citation = Citation(**GOOD)
    assert as_citation(citation) is citation


def test_from_sections_keeps_offsets_and_order() -> None:
    doc = Document.from_sections({"1": "alpha", "2.1": "beta gamma", "notes": "delta"})
    assert [s.id for s in doc.sections] == ["1", "2.1", "notes"]
    assert [s.kind for s in doc.sections] == ["numbered", "numbered", "heading"]
    assert len(doc.numbered_sections) == 2


def test_document_rejects_offsets_that_do_not_match() -> None:
    doc = Document.from_sections({"1": "alpha"})
    bad = doc.sections[0].model_copy(update={"start": 1})
    with pytest.raises(ValueError, match="does not match its offsets"):
        Document(text=doc.text, sections=(bad,))


def test_document_rejects_duplicate_ids() -> None:
    doc = Document.from_sections({"1": "alpha"})
    with pytest.raises(ValueError, match="appears twice"):
        Document(text=doc.text, sections=(doc.sections[0], doc.sections[0]))


@pytest.mark.parametrize(("field", "message"), [("quote", "is missing"), ("section", "is missing")])
def test_a_missing_key_says_it_is_missing(field: str, message: str) -> None:
    with pytest.raises(InvalidCitationError, match=message):
        as_citation({k: v for k, v in GOOD.items() if k != field})


def test_quote_and_section_may_be_explicitly_null() -> None:
    assert as_citation({**GOOD, "quote": None}).quote is None
    assert as_citation({**GOOD, "section": None}).section is None


@pytest.mark.parametrize(("section", "expected"), [(4, "4"), (0, "0"), (12, "12"), ("4.10", "4.10")])
def test_an_integer_section_is_taken_as_an_id(section: object, expected: str) -> None:
    assert as_citation({**GOOD, "section": section}).section == expected


@pytest.mark.parametrize("section", [4.1, 4.10, 4.0])
def test_a_float_section_is_refused_saying_why(section: float) -> None:
    with pytest.raises(InvalidCitationError) as caught:
        as_citation({**GOOD, "section": section}, 2)
    assert (caught.value.citation, caught.value.field) == ("c1", "section")
    assert "4.10 and 4.1 are the same number" in caught.value.reason
    assert f"the number {section}" in caught.value.reason


def _answer(choice: str = "supports", confidence: float = 0.9) -> JudgeAnswer:
    return JudgeAnswer.model_validate(
        {
            "choice": choice,
            "probabilities": {"supports": 0.05, "contradicts": 0.05, "says_nothing": 0.0, choice: confidence},
            "confidence": confidence,
            "seconds": 0.0,
            "input_tokens": 1,
            "output_tokens": 1,
        }
    )


def _result(quote: str | None, section: str | None, answer: JudgeAnswer | None) -> CitationResult:
    citation = Citation(id="c9", claim="x", quote=quote, section=section)
    return fold_verdict(
        citation,
        locate({"1": "Claims are carried in JSON objects of name and value pairs.", "2": "Other."}, citation),
        answer,
    )


@pytest.mark.parametrize(
    ("quote", "section", "answer", "expected"),
    [
        ("carried in JSON objects of name and value pairs", "1", _answer(), ("c9", "found", "1", 0.9)),
        (None, "2", _answer("contradicts", 0.7), ("c9", "section-only", "2", 0.7)),
        ("not in the text at all", "1", _answer(), ("c9", "missing", None, None)),
    ],
)
def test_result_fields_are_derived_from_the_evidence(
    quote: str | None, section: str | None, answer: JudgeAnswer, expected: tuple[object, ...]
) -> None:
    result = _result(quote, section, answer)
    assert (result.id, result.status, result.section, result.confidence) == expected
    assert (result.id, result.status) == (result.citation.id, result.location.status)


@pytest.mark.parametrize(
    ("quote", "section", "answer"),
    [
        ("carried in JSON objects of name and value pairs", "1", _answer()),
        ("carried in JSON objects of name and value pairs", "1", _answer("says_nothing", 0.5)),
        (None, "2", _answer("contradicts", 0.7)),
        ("not in the text at all", "1", _answer()),
        ("not in the text at all", "1", None),
        ("JSON", "1", None),  # ambiguous: too short to place
    ],
)
def test_a_folded_result_is_the_validated_one(quote: str | None, section: str | None, answer: JudgeAnswer) -> None:
    # The fold builds a result without validating it (its parts are already valid models): the
    # result must be the very one validation builds, state and all, whatever pydantic's version.
    folded = _result(quote, section, answer)
    fields = {name: getattr(folded, name) for name in ("answer", "verdict", "auto", "citation", "location")}
    validated = CitationResult.model_validate(fields)
    assert folded.__getstate__() == validated.__getstate__()
    assert list(folded.__dict__) == list(validated.__dict__)
    assert folded.model_fields_set is validated.model_fields_set  # one shared set (see share_fields_set)
    assert folded.location is validated.location and folded.citation is validated.citation
    assert folded.model_dump_json() == validated.model_dump_json() and repr(folded) == repr(validated)


def test_result_json_keeps_the_derived_fields_and_reads_back() -> None:
    result = _result("carried in JSON objects of name and value pairs", "1", _answer())
    written = json.loads(result.model_dump_json())
    assert (written["id"], written["status"], written["section"], written["confidence"]) == ("c9", "found", "1", 0.9)
    assert CitationResult.model_validate_json(result.model_dump_json()) == result


def test_a_result_with_an_unknown_key_is_rejected() -> None:
    written = json.loads(_result("carried in JSON objects of name and value pairs", "1", _answer()).model_dump_json())
    with pytest.raises(ValueError, match="verdcit: unknown field"):
        CitationResult.model_validate_json(json.dumps({**written, "verdcit": "verified"}))


@pytest.mark.parametrize(("key", "value"), [("id", "other"), ("status", "missing"), ("confidence", 0.1)])
def test_a_result_that_contradicts_its_evidence_is_rejected(key: str, value: object) -> None:
    written = json.loads(_result("carried in JSON objects of name and value pairs", "1", _answer()).model_dump_json())
    with pytest.raises(ValueError, match=f"{key}: .* contradicts"):
        CitationResult.model_validate_json(json.dumps({**written, key: value}))


def test_probabilities_cannot_be_changed_in_place() -> None:
    answer = _answer()
    with pytest.raises(TypeError):
        answer.probabilities["supports"] = 0.0  # type: ignore[index]
    assert answer.probabilities["supports"] == 0.9
    assert json.loads(answer.model_dump_json())["probabilities"] == {
        "supports": 0.9,
        "contradicts": 0.05,
        "says_nothing": 0.0,
    }
    assert JudgeAnswer.model_validate_json(answer.model_dump_json()) == answer
    assert hash(answer) == hash(JudgeAnswer.model_validate(answer.model_dump()))


def test_probabilities_are_validated_as_numbers() -> None:
    with pytest.raises(ValueError, match=r"probabilities\.supports"):
        JudgeAnswer.model_validate({**_answer().model_dump(), "probabilities": {"supports": "high"}})


_BASE = {"choice": "supports", "seconds": 0.0, "input_tokens": 1, "output_tokens": 1}
_EVEN = {"supports": 0.5, "contradicts": 0.25, "says_nothing": 0.25}


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"confidence": float("nan")}, "confidence"),
        ({"confidence": float("inf")}, "confidence"),
        ({"confidence": 1.5}, "confidence"),
        ({"confidence": -0.1}, "confidence"),
        ({"probabilities": {**_EVEN, "supports": float("nan")}}, "probabilities.supports"),
        ({"probabilities": {**_EVEN, "contradicts": 1.5}}, "probabilities.contradicts"),
        ({"probabilities": {**_EVEN, "says_nothing": -0.1}}, "probabilities.says_nothing"),
    ],
)
def test_confidence_and_probabilities_are_finite_and_between_0_and_1(changes: dict[str, Any], where: str) -> None:
    raw = {**_BASE, "probabilities": _EVEN, "confidence": 0.5, **changes}
    with pytest.raises(ValueError, match=rf"{where}\n"):
        JudgeAnswer.model_validate(raw)
    with pytest.raises(ValueError, match=rf"{where}\n"):
        JudgeAnswer.model_validate_json(json.dumps(raw))


def test_a_choice_the_probabilities_rank_below_another_is_rejected() -> None:
    # The reviewer's answer: it folded into a verified verdict that stood on its own.
    raw = {**_BASE, "probabilities": {"supports": 0.1, "contradicts": 0.9}, "confidence": 0.95}
    with pytest.raises(ValueError, match=r"choice supports .* less probable than contradicts"):
        JudgeAnswer.model_validate(raw)


@pytest.mark.parametrize(
    "probabilities",
    [
        {"supports": 0.5, "contradicts": 0.5, "says_nothing": 0.0},  # a tie: either may be chosen
        {"supports": 0.4, "contradicts": 0.4 + 1e-12, "says_nothing": 0.2},  # equal but for rounding
        {"supports": 0.9},  # the others left out
        {"contradicts": 0.2},  # the choice left out: nothing ranks it
        {},
    ],
)
def test_a_most_probable_choice_is_accepted(probabilities: dict[str, float]) -> None:
    # The confidence is the model's own figure, not probabilities[choice] (the recorded answers differ).
    answer = JudgeAnswer.model_validate({**_BASE, "probabilities": probabilities, "confidence": 0.3})
    assert answer.choice == "supports"


def test_the_recorded_cookbook_answers_validate(cookbook: Path) -> None:
    recorded = json.loads((cookbook / "json_cache.json").read_text(encoding="utf-8"))
    answers = [JudgeAnswer.model_validate_json(json.dumps(raw)) for raw in recorded.values()]
    assert len(answers) == len(recorded) > 0


@pytest.mark.parametrize("choice", ["supports", "contradicts", "says_nothing"])
@pytest.mark.parametrize("confidence", [0.0, 0.2, 1 / 3, 0.4, 0.9, 1.0])
def test_static_answers_are_valid_answers(choice: Relation, confidence: float) -> None:
    answer = static_answer(choice, confidence)
    assert (answer.choice, answer.confidence, answer.probabilities[choice]) == (choice, confidence, confidence)
    assert max(answer.probabilities.values()) == confidence


@pytest.mark.parametrize(
    ("model", "field", "words"),
    [
        (Citation, "quote", "The words the answer says"),
        (Section, "text", "what the judge reads"),
        (JudgeAnswer, "probabilities", "Probability of each relation"),
        (CitationResult, "verdict", "The verdict."),
        (CitationResult, "id", "The citation's id."),
    ],
)
def test_field_docstrings_reach_the_json_schema(model: type[BaseModel], field: str, words: str) -> None:
    schema = model.model_json_schema(mode="serialization")
    properties = schema["properties"] if "properties" in schema else schema["$defs"][model.__name__]["properties"]
    assert words in properties[field]["description"]
