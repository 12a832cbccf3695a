"""``citecheck check/match --from PROVIDER``, and the claim check's effect on what is asked (loopback stand-in)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from typesafe_sdk import RetryPolicy

from citecheck import TypeSafeJudge, check_citations, parse_file
from citecheck.cli._main import main
from citecheck.providers import check_answer, read_response
from tests.standin import StandIn

KEY = "sk-test-0123456789abcdef"
FAST_RETRY = RetryPolicy(max_retries=1, backoff_initial=0.01, backoff_max=0.05, timeout=5.0)

LOYALTY = (
    "PetWorld offers a loyalty program where customers earn 1 point for every dollar spent. Once you "
    "accumulate 100 points, you'll receive a $5 reward that can be used on your next purchase. "
)
EXPIRE = "Points expire 12 months after they are earned. "
BALANCE = "You can check your point balance in your account dashboard or by asking customer service."


def cited(text: str, start: int, index: int = 0) -> dict[str, Any]:
    return {
        "type": "char_location",
        "cited_text": text,
        "document_index": index,
        "document_title": "Loyalty Program Details",
        "start_char_index": start,
        "end_char_index": start + len(text),
    }


def response(claims: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "text", "text": claim + " ", "citations": [citation]} for claim, citation in claims],
    }


@pytest.fixture
def loyalty_path(fixtures_dir: Path) -> Path:
    return fixtures_dir / "providers" / "anthropic-cookbook" / "loyalty_program.txt"


def run(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    return result.exit_code, result.output


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "response.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_claim_check_neither_skips_nor_adds_a_call(loyalty_path: Path) -> None:
    document = parse_file(loyalty_path)
    claims = [
        ("Customers earn 1 point per dollar and get a $10 reward at 100 points.", cited(LOYALTY, 0)),  # $10 absent
        ("Points expire after 18 months.", cited(EXPIRE, len(LOYALTY))),  # 18 months absent
        ("The balance is on the dashboard.", cited(BALANCE, len(LOYALTY) + len(EXPIRE))),
    ]
    answer = read_response("anthropic", response(claims), [document])
    with StandIn() as server:
        run_ = check_answer(answer, [document], judge=TypeSafeJudge(api_key=KEY, base_url=server.url, retry=FAST_RETRY))
        flagged = server.requests
    with StandIn() as server:
        # The same citations without the provider layer: what the plain batch asks.
        plain = check_citations(
            [document],
            [link.citation for link in answer.citations],
            judge=TypeSafeJudge(api_key=KEY, base_url=server.url, retry=FAST_RETRY),
        )
        asked = server.requests
    assert flagged == asked == 3  # one question per citation, flagged or not
    assert plain.totals.calls == 3 and run_.totals is not None and run_.totals.calls == 3
    flags = [result.location.flags for result in run_.results]
    assert flags == [("claim_number_absent",), ("claim_number_absent",), ()]
    assert [r.auto for r in run_.results[:2]] == [False, False]  # to a person, whatever the answer


def test_match_from_anthropic_reports_and_gates(tmp_path: Path, loyalty_path: Path) -> None:
    data = response([("Points expire after 12 months.", cited(EXPIRE, len(LOYALTY) + 5))])
    code, out = run("match", "--from", "anthropic", write(tmp_path, data), loyalty_path, "--format", "json")
    assert code == 0
    report = json.loads(out)
    (entry,) = report["results"]
    assert entry["id"] == "c1.1" and entry["location"]["status"] == "found"
    assert entry["location"]["flags"] == ["provider_location_mismatch"]
    link = report["answer"]["citations"][0]
    assert report["answer"]["claims"][0]["citations"] == ["c1.1"] and link["claim"] == 0
    assert link["location"]["kind"] == "char" and link["location"]["raw"]["start_char_index"] == len(LOYALTY) + 5
    code, _ = run("match", "--from", "anthropic", write(tmp_path, data), loyalty_path, "--fail-on", "review")
    assert code == 1


def test_check_from_anthropic_with_the_recorded_cache_needs_no_key(tmp_path: Path, loyalty_path: Path) -> None:
    data = response([("Points expire after 12 months.", cited(EXPIRE, len(LOYALTY)))])
    code, out = run("check", "--from", "anthropic", write(tmp_path, data), loyalty_path)
    assert code == 1  # no key, no cached answer: an error row, and the default gate is error
    assert "c1.1" in out


def test_a_source_named_as_the_provider_names_it(tmp_path: Path, loyalty_path: Path) -> None:
    quote = {"document_index": None, "document_title": "Rewards", "cited_text": "Points never expire."}
    data = response([("Points never expire.", cited(EXPIRE, len(LOYALTY)) | quote)])
    path = write(tmp_path, data)
    code, out = run("match", "--from", "anthropic", path, loyalty_path)
    assert code == 2
    assert "c1.1" in out and "'Rewards' names none" in out
    code, out = run("match", "--from", "anthropic", path, f"Rewards={loyalty_path}", "--format", "json")
    assert code == 1, out  # fabricated: the default gate
    assert json.loads(out)["results"][0]["verdict"] == "fabricated"  # mapped, and the quote is not there


def test_html_report_shows_the_answer_with_claims_linked(tmp_path: Path, loyalty_path: Path) -> None:
    data = response([("Points expire after 12 months.", cited(EXPIRE, len(LOYALTY)))])
    page = tmp_path / "report.html"
    code, _ = run("match", "--from", "anthropic", write(tmp_path, data), loyalty_path, "--format", "html", "-o", page)
    assert code == 0
    html = page.read_text(encoding="utf-8")
    assert '<mark class="claim" id="claim-1"' in html and 'href="#c1"' in html
    assert "Points expire after 12 months." in html


@pytest.mark.parametrize(
    ("content", "message"),
    [("{", "is not valid JSON"), ('{"content": 3}', "anthropic response, response.content: unexpected int")],
)
def test_a_bad_response_is_an_input_error(tmp_path: Path, loyalty_path: Path, content: str, message: str) -> None:
    path = tmp_path / "response.json"
    path.write_text(content, encoding="utf-8")
    code, out = run("match", "--from", "anthropic", path, loyalty_path)
    assert code == 2 and message in out and "Traceback" not in out


def test_a_chunk_provider_needs_no_source(tmp_path: Path) -> None:
    data = {"answer": "The sky is blue [1].", "chunks": ["The sky is blue."]}
    code, out = run("match", "--from", "numbered", write(tmp_path, data), "--format", "json")
    assert code == 0, out
    assert json.loads(out)["results"][0]["location"]["status"] == "section-only"


def test_without_from_a_source_is_still_required(tmp_path: Path) -> None:
    code, out = run("match", write(tmp_path, []))
    assert code == 2 and "Missing argument 'SOURCE...'" in out


def test_decisions_do_not_apply_to_a_provider_response(tmp_path: Path, loyalty_path: Path) -> None:
    data = response([("Points expire after 12 months.", cited(EXPIRE, len(LOYALTY)))])
    code, out = run(
        "check", "--from", "anthropic", write(tmp_path, data), loyalty_path, "--decisions", tmp_path / "d.json"
    )
    assert code == 2 and "--decisions" in out


def _refusing_sqlite_cache(path: Path) -> Path:
    """A citecheck SQLite cache that refuses every new answer, as a full disk would."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("CREATE TRIGGER refuse BEFORE INSERT ON answers BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        db.commit()
    return path


@pytest.mark.parametrize("source", ["citations file", "--from"])
def test_check_says_where_paid_answers_the_cache_refused_went(
    tmp_path: Path, loyalty_path: Path, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    cache = _refusing_sqlite_cache(tmp_path / "answers.sqlite")
    if source == "--from":
        given = ["--from", "anthropic", write(tmp_path, response([("Points expire.", cited(EXPIRE, len(LOYALTY)))]))]
    else:
        citations = tmp_path / "citations.json"
        citations.write_text(json.dumps([{"id": "c", "claim": "Points expire.", "quote": EXPIRE, "section": None}]))
        given = [citations]
    with StandIn() as server:
        monkeypatch.setenv("TYPESAFE_API_KEY", KEY)
        monkeypatch.setenv("TYPESAFE_BASE_URL", server.url)
        args = ["check", *given, loyalty_path] if source == "--from" else ["check", loyalty_path, *given]
        result = CliRunner().invoke(main, [*map(str, args), "--cache", str(cache), "--format", "json"])
        assert server.requests == 1
    assert result.exit_code == 0, result.output
    spill = tmp_path / "answers.sqlite.spill.json"  # beside a file cache
    assert f"1 paid answers could not be recorded in the cache; they are kept in {spill}" in result.stderr
    assert json.loads(spill.read_text())  # the answer paid for is there
