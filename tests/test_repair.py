"""``citecheck repair`` and `citecheck.repair`: tolerant quotes made exact, missing ones prose or marked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import Checker, Document, parse_file
from citecheck.cli._main import main
from citecheck.errors import InvalidCitationError
from citecheck.repair import MARK, repair_answer, repair_response
from citecheck.testing import RecordedJudge, StaticJudge

EXACT = "Points expire 12 months after they are earned."
TOLERANT = (
    "Once you accumulate 100 points, you\u2019ll receive a $5 reward"  # a curly apostrophe: the source's is straight
)
MISSING = "Points never expire for gold members."


@pytest.fixture
def loyalty_path(fixtures_dir: Path) -> Path:
    return fixtures_dir / "providers" / "anthropic-cookbook" / "loyalty_program.txt"


@pytest.fixture
def loyalty(loyalty_path: Path) -> Document:
    return parse_file(loyalty_path)


def cited(text: str, start: int) -> dict[str, Any]:
    return {
        "type": "char_location",
        "cited_text": text,
        "document_index": 0,
        "document_title": "Loyalty Program Details",
        "start_char_index": start,
        "end_char_index": start + len(text),
    }


def response(source: str) -> dict[str, Any]:
    """A Messages response in the API's documented shape, citing the cookbook's loyalty text."""
    return {
        "id": "msg_01",
        "type": "message",
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Here is how it works: "},
            {"type": "text", "text": "Points last a year.", "citations": [cited(EXACT, source.index(EXACT))]},
            {"type": "text", "text": " "},
            {"type": "text", "text": "100 points earn $5.", "citations": [cited(TOLERANT, source.index("Once you"))]},
            {"type": "text", "text": " "},
            {"type": "text", "text": "Gold points never expire.", "citations": [cited(MISSING, 0)]},
        ],
    }


JUDGE = StaticJudge(default=("supports", 0.9))  # a test double's answers, not a model's


def test_a_provider_response_is_repaired_in_its_own_shape(loyalty: Document) -> None:
    given = response(loyalty.original)
    repaired = repair_response("anthropic", given, [loyalty], checker=Checker(judge=JUDGE))
    assert repaired.response is not None
    blocks = repaired.response["content"]
    exact, tolerant, missing = (blocks[i]["citations"][0] for i in (1, 3, 5))
    # The exact quote: every field as it was, an annotation added.
    assert {k: v for k, v in exact.items() if k != "citecheck"} == given["content"][1]["citations"][0]
    assert exact["citecheck"] == {"verdict": "verified", "confidence": 0.9, "action": "auto", "change": "kept"}
    # The tolerant one: the source's text, at its offsets.
    assert tolerant["cited_text"] == "Once you accumulate 100 points, you'll receive a $5 reward"
    assert loyalty.original[tolerant["start_char_index"] : tolerant["end_char_index"]] == tolerant["cited_text"]
    assert tolerant["citecheck"]["change"] == "replaced"
    # Not in the source: kept and marked by default.
    assert missing["cited_text"] == MISSING and missing["citecheck"]["change"] == "marked"
    assert missing["citecheck"]["verdict"] == "fabricated"
    # The answer's own words are the provider's; nothing else of the response moved.
    assert [b["text"] for b in blocks] == [b["text"] for b in given["content"]]
    assert repaired.text == "".join(b["text"] for b in given["content"])
    assert given["content"][3]["citations"][0]["cited_text"] == TOLERANT  # the input is not modified


def test_prose_drops_a_citation_whose_text_is_not_in_the_source(loyalty: Document) -> None:
    repaired = repair_response(
        "anthropic", response(loyalty.original), [loyalty], checker=Checker(judge=JUDGE), missing="prose"
    )
    assert repaired.response is not None
    assert repaired.response["content"][5]["citations"] == []  # the claim stays, uncited
    assert repaired.response["content"][5]["text"] == "Gold points never expire."


def test_a_provider_answer_as_markdown_has_a_footnote_per_citation(loyalty: Document) -> None:
    repaired = repair_response("anthropic", response(loyalty.original), [loyalty], checker=Checker(judge=JUDGE))
    markdown = repaired.to_markdown()
    assert markdown.startswith("Here is how it works: Points last a year.[^c1.1] 100 points earn $5.[^c2.1]")
    assert (
        "[^c2.1]: **verified**, confidence 0.90, " in markdown  # auto or review: step 1's flags decide
        and "\u201cOnce you accumulate 100 points, you'll" in markdown
    )
    assert "[^c3.1]: **fabricated**, auto" in markdown and "not in the source: marked" in markdown


RFC_ANSWER = (
    "A validator that is not in the audience must refuse the token: \u201c{aud}\u201d "
    "Leeway is fine: \u201c{skew}\u201d Failures must be reported: \u201c{sig}\u201d That is all."
)


@pytest.fixture
def rfc(cookbook: Path) -> tuple[Document, dict[str, dict[str, Any]], Checker]:
    document = parse_file(cookbook / "rfc7519.txt")
    citations = {c["id"]: c for c in json.loads((cookbook / "citations.json").read_text())}
    return document, citations, Checker(judge=RecordedJudge(cookbook / "json_cache.json"))


def hand_written(citations: dict[str, dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    aud = citations["aud_reject"]["quote"].replace("MUST be rejected", "must be rejected")  # loose: case
    skew, sig = citations["clock_skew"]["quote"], citations["sig_reporting"]["quote"]
    answer = RFC_ANSWER.format(aud=aud, skew=skew, sig=sig)
    return answer, [
        dict(citations["aud_reject"], quote=aud),
        citations["clock_skew"],
        citations["sig_reporting"],
    ]


@pytest.mark.parametrize("missing", ["mark", "prose"])
def test_a_hand_written_answer_is_repaired_with_offsets_that_re_anchor(rfc: Any, missing: Any) -> None:
    document, citations, checker = rfc
    answer, cited = hand_written(citations)
    repaired = repair_answer(answer, cited, document, checker=checker, missing=missing)
    aud, skew, sig = repaired.citations
    assert (aud.change, skew.change) == ("replaced", "kept")
    assert aud.quote is not None and "MUST be rejected" in aud.quote
    for entry in (aud, skew):
        assert entry.start is not None and entry.source_start is not None
        assert repaired.text[entry.start : entry.end] == entry.quote
        # Re-anchored: the source's text at the offsets given, its line wrapping folded.
        assert " ".join(document.original[entry.source_start : entry.source_end].split()) == entry.quote
    # The exact quote and every word outside the quotes stay byte for byte.
    assert skew.quote == citations["clock_skew"]["quote"]
    assert repaired.text.startswith(
        "A validator that is not in the audience must refuse the token: \u201cIf the principal"
    )
    assert repaired.text.endswith(" That is all.")
    assert (aud.verdict, aud.confidence, sig.verdict) == ("verified", 0.95, "fabricated")
    quote = citations["sig_reporting"]["quote"]
    if missing == "mark":
        assert sig.change == "marked" and f"\u201c{quote}\u201d{MARK} That is all." in repaired.text
        assert "[not in the source][^sig_reporting] That is all." in repaired.to_markdown()
    else:
        assert sig.change == "unquoted" and f"reported: {quote} That is all." in repaired.text
    assert sig.start is not None and repaired.text[sig.start : sig.end] == quote


def test_an_answer_with_only_exact_quotes_is_left_byte_for_byte(rfc: Any) -> None:
    document, citations, checker = rfc
    quote = citations["clock_skew"]["quote"]
    answer = f"Leeway: \u201c{quote}\u201d\n"
    repaired = repair_answer(answer, [citations["clock_skew"]], document, checker=checker)
    assert repaired.text == answer
    assert repaired.to_markdown().startswith(answer.rstrip("\n") + "[^clock_skew]")


def test_a_quote_not_in_the_answer_is_an_error_naming_it(rfc: Any) -> None:
    document, citations, checker = rfc
    with pytest.raises(InvalidCitationError, match=r"aud_reject.*quote.*is not in the answer's text"):
        repair_answer("Nothing quoted here.", [citations["aud_reject"]], document, checker=checker)


def test_the_command_repairs_an_answer_file_and_a_provider_response(
    tmp_path: Path, rfc: Any, cookbook: Path, loyalty_path: Path, loyalty: Document
) -> None:
    _, citations, _ = rfc
    answer, cited = hand_written(citations)
    (tmp_path / "answer.md").write_text(answer, encoding="utf-8")
    (tmp_path / "citations.json").write_text(json.dumps(cited), encoding="utf-8")
    cache = tmp_path / "json_cache.json"
    shutil.copyfile(cookbook / "json_cache.json", cache)
    files = [str(tmp_path / "answer.md"), str(tmp_path / "citations.json"), str(cookbook / "rfc7519.txt")]
    run = CliRunner().invoke(main, ["repair", *files, "--cache", str(cache), "--format", "json"])
    assert run.exit_code == 0, run.output
    report = json.loads(run.output)
    assert [c["change"] for c in report["citations"]] == ["replaced", "kept", "marked"]
    run = CliRunner().invoke(main, ["repair", *files, "--no-judge", "--missing", "prose"])
    assert run.exit_code == 0, run.output
    assert "[^aud_reject]: **not judged**, judge" in run.output and "now plain prose" in run.output

    (tmp_path / "response.json").write_text(json.dumps(response(loyalty.original)), encoding="utf-8")
    sent = [str(tmp_path / "response.json"), str(loyalty_path)]
    run = CliRunner().invoke(main, ["repair", "--from", "anthropic", *sent, "--no-judge", "--format", "json"])
    assert run.exit_code == 0, run.output
    content = json.loads(run.output)["content"]
    assert content[3]["citations"][0]["cited_text"] == "Once you accumulate 100 points, you'll receive a $5 reward"


def test_the_command_says_what_it_takes(tmp_path: Path) -> None:
    run = CliRunner().invoke(main, ["repair", str(tmp_path / "answer.md")])
    assert run.exit_code == 2 and "repair takes ANSWER CITATIONS SOURCE..." in run.output
