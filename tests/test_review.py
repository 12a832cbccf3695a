"""The review round trip: export the queue, fill it in, import it, rerun with the decisions."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import CitationResult, Verdict, check_citations
from citecheck.cli._formats import Style, table_text
from citecheck.cli._main import main
from citecheck.cli._results import Report
from citecheck.errors import ReviewFileError
from citecheck.review import apply_decisions, load_decisions
from citecheck.review._decisions import export_queue, import_queue, save_decisions
from citecheck.testing import StaticJudge

SECTIONS = {
    "1": "Tokens are signed with a key that the issuer keeps secret at all times.",
    "2": "A validator MUST reject a token whose signature does not verify against the key.",
}
CITATIONS: list[dict[str, Any]] = [
    {"id": "keep", "claim": "The issuer keeps its key secret.", "quote": "the issuer keeps secret", "section": "1"},
    {"id": "reject", "claim": "Bad signatures are rejected.", "quote": "MUST reject a token", "section": "2"},
    {
        "id": "sure",
        "claim": "Signed tokens exist.",
        "quote": "Tokens are signed with a key that the issuer keeps secret at all times.",
        "section": "1",
    },
]
ANSWERS = {"The issuer keeps its key secret.": ("supports", 0.6), "Bad signatures are rejected.": ("says_nothing", 0.5)}


def run_checks(citations: list[dict[str, Any]], sections: dict[str, str] = SECTIONS) -> list[CitationResult]:
    results = check_citations(sections, citations, judge=StaticJudge(ANSWERS, default=("supports", 0.9)))
    assert all(isinstance(r, CitationResult) for r in results)
    return results  # type: ignore[return-value]


def fill(queue: Path, decisions: dict[str, tuple[str, str]]) -> None:
    with queue.open(newline="") as file:
        rows = list(csv.DictReader(file))
        fields = list(rows[0])
    for row in rows:
        row["decision"], row["note"] = decisions.get(row["id"], ("", ""))
    with queue.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def test_library_round_trip_applies_decisions_and_survives_reordering(tmp_path: Path) -> None:
    results = run_checks(CITATIONS)
    queue = tmp_path / "queue.csv"
    assert export_queue(results, queue) == 2  # "sure" stands on its own (0.9)
    fill(queue, {"keep": ("verified", "plainly says so"), "reject": ("Verified", "")})
    found, blank = import_queue(queue)
    assert (len(found), blank) == (2, 0)
    store = tmp_path / "decisions.json"
    assert save_decisions(store, found) == (2, 0)

    rerun = run_checks(list(reversed(CITATIONS)))
    applied, report = apply_decisions(rerun, load_decisions(store))
    by_id = {r.id: r for r in applied if isinstance(r, CitationResult)}
    assert sorted(report.applied) == ["keep", "reject"]
    assert report.stale == []
    assert by_id["reject"].verdict is Verdict.VERIFIED
    assert by_id["reject"].decision is not None
    assert by_id["reject"].decision.model_verdict is Verdict.UNSUPPORTED
    assert by_id["keep"].decision is not None and by_id["keep"].decision.note == "plainly says so"
    assert by_id["sure"].decision is None
    # Marked as human in every output: the table, the JSON.
    table = table_text(Report(documents=(), results=tuple(applied), judged=True), Style())
    assert "human" in next(line for line in table.splitlines() if line.startswith("reject"))
    assert by_id["reject"].model_dump(mode="json")["decision"]["verdict"] == "verified"


def test_a_changed_citation_is_stale_and_not_applied(tmp_path: Path) -> None:
    results = run_checks(CITATIONS)
    queue = tmp_path / "queue.jsonl"
    export_queue(results, queue)
    rows = [json.loads(line) for line in queue.read_text().splitlines()]
    for row in rows:
        row["decision"] = "contradicted"
    queue.write_text("".join(json.dumps(row) + "\n" for row in rows))
    store = tmp_path / "decisions.json"
    save_decisions(store, import_queue(queue)[0])

    changed = [dict(c) for c in CITATIONS]
    changed[1]["claim"] = "Bad signatures are accepted."
    applied, report = apply_decisions(run_checks(changed), load_decisions(store))
    assert report.applied == ["keep"]
    assert [(s.id, "claim differs" in s.reason) for s in report.stale] == [("reject", True)]
    reject = next(r for r in applied if isinstance(r, CitationResult) and r.id == "reject")
    assert reject.decision is None and reject.verdict is Verdict.VERIFIED  # the model's, not the stale "contradicted"


def test_changed_evidence_is_stale(tmp_path: Path) -> None:
    store = tmp_path / "decisions.json"
    queue = tmp_path / "queue.csv"
    export_queue(run_checks(CITATIONS), queue)
    fill(queue, {"keep": ("verified", "")})
    save_decisions(store, import_queue(queue)[0])
    edited = {**SECTIONS, "1": SECTIONS["1"] + " It is rotated every year."}
    _, report = apply_decisions(run_checks(CITATIONS, edited), load_decisions(store))
    assert report.applied == []
    assert [s.id for s in report.stale] == ["keep"]
    assert "evidence changed" in report.stale[0].reason


def test_decisions_for_citations_not_in_the_run_are_counted_unused(tmp_path: Path) -> None:
    store = tmp_path / "decisions.json"
    queue = tmp_path / "queue.csv"
    export_queue(run_checks(CITATIONS), queue)
    fill(queue, {"keep": ("verified", ""), "reject": ("unsupported", "")})
    save_decisions(store, import_queue(queue)[0])
    _, report = apply_decisions(run_checks(CITATIONS[2:]), load_decisions(store))
    assert (report.applied, report.stale, report.unused) == ([], [], 2)


def test_a_newer_decision_replaces_the_older(tmp_path: Path) -> None:
    store = tmp_path / "decisions.json"
    queue = tmp_path / "queue.csv"
    export_queue(run_checks(CITATIONS), queue)
    fill(queue, {"keep": ("verified", "")})
    save_decisions(store, import_queue(queue)[0])
    fill(queue, {"keep": ("fabricated", "second look")})
    assert save_decisions(store, import_queue(queue)[0]) == (0, 1)
    assert [(d.verdict, d.note) for d in load_decisions(store)] == [(Verdict.FABRICATED, "second look")]


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("decision", "maybe", "decision 'maybe' is not one of verified, unsupported, contradicted, fabricated"),
        ("claim", "Someone edited this.", "only 'decision' and 'note' may change"),
        ("confidence", "high", "confidence 'high' is not a number"),
        ("model_verdict", "", "model_verdict '' is not one of"),
    ],
)
def test_a_bad_row_is_a_clear_error_naming_file_and_row(tmp_path: Path, column: str, value: str, message: str) -> None:
    queue = tmp_path / "queue.csv"
    export_queue(run_checks(CITATIONS), queue)
    fill(queue, {"keep": ("verified", ""), "reject": ("verified", "")})
    with queue.open(newline="") as file:
        rows = list(csv.DictReader(file))
    rows[1][column] = value
    with queue.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with pytest.raises(ReviewFileError) as caught:
        import_queue(queue)
    assert f"{queue}, row 3 (id reject)" in str(caught.value)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON"),
        ('{"decisions": [{"key": "k"}]}', "decision #1: id: Field required"),
        ("[1, 2]", "expected an object with a 'decisions' list"),
    ],
)
def test_a_bad_decisions_file_is_a_clear_error(tmp_path: Path, content: str, message: str) -> None:
    store = tmp_path / "decisions.json"
    store.write_text(content)
    with pytest.raises(ReviewFileError, match=r"decisions\.json") as caught:
        load_decisions(store)
    assert message in str(caught.value)


def test_a_queue_without_its_columns_is_refused(tmp_path: Path) -> None:
    queue = tmp_path / "queue.csv"
    queue.write_text("id,verdict\nx,verified\n")
    with pytest.raises(ReviewFileError, match="not a review queue: no 'decision'"):
        import_queue(queue)


# -- the command line, on the cookbook run ---------------------------------------------------------


def invoke(*args: str) -> Any:
    # The round trip, not the gates, is under test: a check fails only on a citation it could not check.
    gates = ["--fail-on", "error"] if args[0] == "check" else []
    result = CliRunner().invoke(main, [*args, *gates])
    assert result.exit_code == 0, result.output
    return result


def test_cli_round_trip_on_the_cookbook(cookbook: Path, writable_cache: Path, tmp_path: Path) -> None:
    source = str(cookbook / "rfc7519.txt")
    citations = json.loads((cookbook / "citations.json").read_text())
    first = tmp_path / "citations.json"
    first.write_text(json.dumps(citations))
    results = tmp_path / "results.json"
    invoke("check", source, str(first), "--cache", str(writable_cache), "--format", "json", "--output", str(results))

    queue = tmp_path / "queue.csv"
    assert "wrote 2 citations to review" in invoke("review", "export", str(results), "--output", str(queue)).stdout
    fill(queue, {"pii_encryption": ("unsupported", "no word on encryption"), "iat_future": ("contradicted", "")})
    store = tmp_path / "decisions.json"
    out = invoke("review", "import", str(queue), "--decisions", str(store)).stdout
    assert "stored 2 decisions" in out and "(2 new, 0 replaced)" in out

    # Rerun on reordered citations, one of them changed since it was decided.
    changed = list(reversed(citations))
    for citation in changed:
        if citation["id"] == "iat_future":
            citation["section"] = "Section " + citation["section"]  # same text read: the answer replays
    second = tmp_path / "second.json"
    second.write_text(json.dumps(changed))
    report = tmp_path / "report.html"
    args = ["check", source, str(second), "--cache", str(writable_cache), "--decisions", str(store)]
    invoke(*args, "--format", "html", "--output", str(report))
    rerun = invoke(*args)
    table = {line.split()[0]: line for line in rerun.stdout.splitlines()[2:] if line.strip()}
    assert table["pii_encryption"].split()[-2:] == ["unsupported", "human"]
    assert table["iat_future"].split()[-2:] == ["unsupported", "review"]
    assert "stale decision for iat_future, not applied: the citation changed since it was decided: section differs" in (
        rerun.stderr
    )
    for output_format in ("markdown", "csv", "junit"):  # marked as human in every output
        assert "human" in invoke(*args, "--format", output_format).stdout
    as_json = json.loads(invoke(*args, "--format", "json").stdout)
    decided = {r["id"]: r["decision"] for r in as_json["results"]}
    assert decided["pii_encryption"]["verdict"] == "unsupported"
    assert decided["pii_encryption"]["note"] == "no word on encryption"
    assert decided["iat_future"] is None
    page = report.read_text()
    assert "decided by a person" in page and "Stale decision, not applied" in page
    assert "<b>0</b> model calls made" in page and "<b>7</b> answers replayed from the cache" in page


def test_cli_export_all_and_bad_results_file(tmp_path: Path) -> None:
    results = run_checks(CITATIONS)
    path = tmp_path / "results.json"
    entries = [{**r.model_dump(mode="json"), "outcome": "checked"} for r in results]
    entries.append({"outcome": "failed", "position": 3, "id": "x", "error": "E", "message": "m"})
    path.write_text(json.dumps({"schema_version": 1, "results": entries}))
    queue = tmp_path / "all.jsonl"
    assert "wrote 3 citations" in invoke("review", "export", str(path), "--all", "-o", str(queue)).stdout
    assert len(queue.read_text().splitlines()) == 3

    path.write_text(json.dumps([{"id": "x", "verdict": "verified"}]))
    failed = CliRunner().invoke(main, ["review", "export", str(path), "-o", str(queue)])
    assert failed.exit_code == 2
    assert "result #1 is not a citecheck result" in failed.output
    assert "Traceback" not in failed.output


def test_decisions_need_a_judged_run(tmp_path: Path) -> None:
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    citations = tmp_path / "citations.json"
    citations.write_text(json.dumps(CITATIONS[:1]))
    result = CliRunner().invoke(main, ["match", str(sample), str(citations), "--decisions", str(tmp_path / "d.json")])
    assert result.exit_code == 2
    assert "No such option '--decisions'" in result.output  # step 1 alone: no verdict to decide on


@pytest.mark.parametrize("content", [None, "{not json"])
def test_check_refuses_a_decisions_file_it_cannot_apply(tmp_path: Path, content: str | None) -> None:
    # A typo in --decisions must not apply nothing and pass: exit 2 before any model call.
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    citations = tmp_path / "citations.json"
    citations.write_text(json.dumps(CITATIONS[:1]))
    store = tmp_path / "TYPO.json"
    if content is not None:
        store.write_text(content)
    result = CliRunner().invoke(main, ["check", str(sample), str(citations), "--decisions", str(store)])
    assert result.exit_code == 2, result.output
    [line] = result.output.strip().splitlines()
    assert str(store) in line
    assert "Traceback" not in result.output


def test_review_import_refuses_a_missing_folder(tmp_path: Path) -> None:
    queue = tmp_path / "queue.csv"
    export_queue(run_checks(CITATIONS), queue, everything=True)
    store = tmp_path / "nonexist" / "dec.json"
    result = CliRunner().invoke(main, ["review", "import", str(queue), "--decisions", str(store)])
    assert result.exit_code == 2, result.output
    assert f"its folder {store.parent} does not exist" in result.output
    assert not store.parent.exists()
    # The folder there, only the file is created.
    store.parent.mkdir()
    invoke("review", "import", str(queue), "--decisions", str(store))
    assert store.is_file()
