import csv
import io
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import match_citations
from citecheck.cli._commands import _style
from citecheck.cli._formats import RENDERERS, Style, render_table
from citecheck.cli._main import main
from citecheck.cli._results import Report
from citecheck.parsers import RFCParser

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "rfc_sample.txt"


@pytest.fixture
def citations_file(tmp_path: Path) -> Path:
    path = tmp_path / "citations.json"
    path.write_text(json.dumps([{"id": "c1", "claim": "x", "quote": "not in the sample", "section": "1"}]))
    return path


def run(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    return result.exit_code, result.output


def write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_check_on_own_fixture(citations_file: Path) -> None:
    code, out = run("check", SAMPLE, citations_file, "--fail-on", "error")
    assert code == 0
    loaded = RFCParser().parse(SAMPLE.read_text()).text
    assert out.splitlines()[0] == f"{len(loaded):,} characters, 3 numbered sections, 1 citation"
    assert "c1                missing       -                  -  fabricated      auto" in out


def test_json_output_keeps_evidence(citations_file: Path) -> None:
    code, out = run("check", SAMPLE, citations_file, "--format", "json", "--fail-on", "error")
    assert code == 0
    loaded = json.loads(out)
    assert (loaded["schema_version"], loaded["judged"], loaded["passed"]) == (1, True, True)
    (result,) = loaded["results"]
    assert (result["outcome"], result["verdict"]) == ("checked", "fabricated")
    assert result["location"]["reason"].startswith("the quote is not in any section")


@pytest.mark.parametrize(("option", "replaced_by"), [("--json", "--format json"), ("--strict", "--preset cookbook")])
def test_an_old_spelling_is_a_usage_error(citations_file: Path, option: str, replaced_by: str) -> None:
    # Nothing was released: no shim keeps an old spelling alive (CHANGELOG.md says what replaces it).
    result = CliRunner().invoke(main, ["check", str(SAMPLE), str(citations_file), option])
    assert result.exit_code == 2 and f"No such option '{option}'" in result.stderr
    assert option not in CliRunner().invoke(main, ["check", "--help"]).output
    changelog = (Path(__file__).parents[1] / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"`{option}`" in changelog and f"`{replaced_by}`" in changelog


# Bad input: one clear line naming what and where, exit code 2, no traceback.

BadInput = Callable[[Path], list[str | Path]]


def _citations(tmp: Path, content: str | bytes) -> list[str | Path]:
    return ["check", SAMPLE, write(tmp / "c.json", content)]


GOOD = json.dumps([{"id": "c1", "claim": "x", "quote": "nowhere at all in it", "section": "1"}])

BAD_INPUTS: list[tuple[str, BadInput, str]] = [
    ("missing source", lambda d: ["check", d / "nope.txt", write(d / "c.json", GOOD)], r"cannot read .*nope\.txt"),
    (
        "non-UTF-8 source",
        lambda d: ["check", write(d / "bin.txt", b"ok\n\xff\xfe"), write(d / "c.json", GOOD)],
        r"bin\.txt is not UTF-8: byte 3 \(0xff\)",
    ),
    (
        "empty source",
        lambda d: ["check", write(d / "empty.txt", " \n"), write(d / "c.json", GOOD)],
        r"empty\.txt is empty",
    ),
    (
        "NUL-filled source",
        lambda d: ["check", write(d / "zeros.txt", b"\0" * 512), write(d / "c.json", GOOD)],
        r"zeros\.txt is a binary file, not a text document: NUL byte at offset 0",
    ),
    (
        "UTF-16 source",
        lambda d: ["check", write(d / "wide.txt", "1. Intro\n".encode("utf-16")), write(d / "c.json", GOOD)],
        r"wide\.txt is UTF-16 text: save it as UTF-8",
    ),
    (
        "damaged PDF",
        lambda d: ["check", write(d / "broken.pdf", b"%PDF-1.7\n1 0 obj <<"), write(d / "c.json", GOOD)],
        r"broken\.pdf is not a PDF that can be read",
    ),
    ("citations not JSON", lambda d: _citations(d, "{not json"), r"c\.json is not valid JSON: .* line 1, column 2"),
    (
        "one citation, not a list",
        lambda d: _citations(d, '{"id": "c1"}'),
        r"c\.json must hold a JSON list of citations, got a JSON object: put it in \[ \]",
    ),
    ("missing citations file", lambda d: ["check", SAMPLE, d / "none.json"], r"cannot read .*none\.json"),
    ("binary citations file", lambda d: _citations(d, b"[\0]"), r"c\.json is a binary file"),
    (
        "citation is not an object",
        lambda d: _citations(d, '["just a string"]'),
        r"c\.json: citation #1: a citation is an object with id, claim, quote and section, got a string",
    ),
    (
        "field of the wrong type",
        lambda d: _citations(d, '[{"id": "bad", "claim": 1, "section": "1"}]'),
        r"c\.json: citation bad, field 'claim': Input should be a valid string",
    ),
    (
        "misspelled field",
        lambda d: _citations(d, '[{"id": "typo", "claim": "x", "quote": "a b c d", "sectoin": "1"}]'),
        r"c\.json: citation typo, field 'sectoin': unknown field",
    ),
    (
        "no id: named by position",
        lambda d: _citations(d, json.dumps([json.loads(GOOD)[0], {"claim": "x", "quote": "a b c d"}])),
        r"c\.json: citation #2, field 'id': is missing",
    ),
    (
        "no quote key",
        lambda d: _citations(d, '[{"id": "nq", "claim": "x", "section": "1"}]'),
        r"c\.json: citation nq, field 'quote': is missing",
    ),
    (
        "no section key",
        lambda d: _citations(d, '[{"id": "ns", "claim": "x", "quote": "a b c d"}]'),
        r"c\.json: citation ns, field 'section': is missing",
    ),
    (
        "a float section",
        lambda d: _citations(d, '[{"id": "fl", "claim": "x", "quote": null, "section": 4.10}]'),
        r"c\.json: citation fl, field 'section': .*4\.10 and 4\.1 are the same number",
    ),
    (
        "cache in a missing folder",
        lambda d: [*_citations(d, GOOD), "--cache", d / "no" / "such" / "cache.json"],
        r"the cache .*cache\.json does not exist: its folder .*such does not exist either",
    ),
    (
        "new cache in a missing folder",
        lambda d: [*_citations(d, GOOD), "--cache", d / "no" / "such" / "cache.json", "--new-cache"],
        r"the cache .*cache\.json cannot be created: its folder .*such does not exist",
    ),
    (
        "mistyped cache",
        lambda d: [*_citations(d, GOOD), "--cache", d / "json_cach.json"],
        r"the cache .*json_cach\.json does not exist: check its name, or ask for a new cache \(--new-cache",
    ),
    (
        "a PostgreSQL cache with a bad port",
        lambda d: [*_citations(d, GOOD), "--cache", "postgresql://u:hunter2@127.0.0.1:abc/db"],
        r"the cache postgresql://u:\*\*\*@127\.0\.0\.1:abc/db .*cannot be used: .*port",
    ),
    (
        "a PostgreSQL cache with an unclosed [",
        lambda d: [*_citations(d, GOOD), "--cache", "postgresql://u@[::1/db?password=hunter2"],
        r"the cache postgresql://u@\[::1/db\?password=\*\*\* .*cannot be used: .*\]",
    ),
    (
        "cache is not JSON",
        lambda d: [*_citations(d, GOOD), "--cache", write(d / "cache.json", "{not json")],
        r"cannot be read as a JSON answer cache",
    ),
    ("cache is a folder", lambda d: [*_citations(d, GOOD), "--cache", d], r"cannot be read as a JSON answer cache"),
    (
        "lone surrogate in a citation",  # JSON allows it, LLM output produces it, no output format can write it
        lambda d: [*_citations(d, GOOD.replace('"claim": "x"', '"claim": "x\\ud800"')), "--format", "json"],
        r"c\.json: citation c1, field 'claim': it holds a lone surrogate, not text",
    ),
    (
        "output in a missing folder",
        lambda d: [*_citations(d, GOOD), "--output", d / "no" / "out.json"],
        r"--output .*out\.json: the folder .*no does not exist",
    ),
]


@pytest.mark.parametrize(("make", "message"), [(m, e) for _, m, e in BAD_INPUTS], ids=[n for n, _, _ in BAD_INPUTS])
def test_bad_input_is_one_clear_line_and_exit_2(tmp_path: Path, make: BadInput, message: str) -> None:
    result = CliRunner().invoke(main, [str(arg) for arg in make(tmp_path)])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""  # nothing half-done on stdout
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: ")
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert re.search(message, line), line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "rfc"], "--format picks the output now; parse the sources as rfc with --parser rfc"),
        (["--format", "xml"], "'xml' is not a format: use one of table, json, jsonl, markdown, csv, junit"),
        (["--fail-on", "fabricated,bogus"], "'bogus' is not a gate: use any of fabricated, contradicted"),
        (["--no-judge"], "check has no --no-judge: step 1 alone is `citecheck match`"),
        (["--no-judge", "--cache", "x.json"], "step 1 alone is `citecheck match`"),
        (["--new-cache"], "--new-cache needs --cache: the file to start"),
        (["--rate-limit", "9" * 400 + "/s"], "is out of range: at most 1,000,000,000 requests per window"),
        (["--rate-limit", "5/" + "9" * 400 + "s"], "is out of range"),
        (["--parser", "docx"], "'docx' is not a format: use one of rfc, markdown, text, html, pdf"),
    ],
)
def test_bad_options_are_usage_errors(citations_file: Path, args: list[str], message: str) -> None:
    code, out = run("check", SAMPLE, citations_file, *args)
    assert code == 2
    assert message in out and "Traceback" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fail-on", "contradicted"], "the gate contradicted needs a judge: run check instead of match"),
        (["--fail-on", "unsupported,fabricated"], "or gate on fabricated/review/error"),
        (["--fail-on", "contradicted,unsupported"], "the gates contradicted, unsupported need a judge"),
        (["--cache", "x.json"], "No such option '--cache'"),  # step 1 alone asks no model
    ],
)
def test_match_refuses_what_only_a_model_does(citations_file: Path, args: list[str], message: str) -> None:
    code, out = run("match", SAMPLE, citations_file, *args)
    assert code == 2
    assert message in out and "Traceback" not in out


@pytest.mark.parametrize("gate", ["contradicted", "unsupported"])
def test_match_refuses_a_gate_it_can_never_hit(citations_file: Path, gate: str) -> None:
    # Step 1 never says contradicted or unsupported: the gate would pass every CI run silently.
    code, out = run("match", SAMPLE, citations_file, "--fail-on", f"fabricated,{gate}")
    assert code == 2
    assert f"the gate {gate} needs a judge" in out


def test_every_bad_citation_is_listed_before_any_check(tmp_path: Path) -> None:
    path = write(
        tmp_path / "c.json",
        json.dumps(
            [{"id": "a", "claim": 1}, {"id": "ok", "claim": "x", "quote": "nowhere", "section": None}, {"id": "b"}]
        ),
    )
    result = CliRunner().invoke(main, ["check", str(SAMPLE), str(path)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert [line.split(",")[0].split(": ", 2)[-1] for line in lines] == ["citation a", "citation b"]
    assert "ok" not in result.stderr


def test_a_byte_order_mark_in_the_citations_file_is_fine(tmp_path: Path) -> None:
    path = write(tmp_path / "c.json", b"\xef\xbb\xbf" + GOOD.encode())
    code, out = run("check", SAMPLE, path, "--fail-on", "error")
    assert code == 0, out
    assert "c1 " in out


def test_a_judge_failure_keeps_the_step_1_evidence(tmp_path: Path) -> None:
    path = write(tmp_path / "c.json", json.dumps([{"id": "needs_model", "claim": "x", "quote": None, "section": "2"}]))
    code, out = run("check", SAMPLE, path, "--format", "json")
    assert code == 1  # the default gate: error
    (entry,) = json.loads(out)["results"]
    assert (entry["outcome"], entry["error"]) == ("failed", "NoAnswerError")
    assert "no API key" in entry["message"]
    assert (entry["location"]["status"], entry["location"]["section"]) == ("section-only", "2")
    code, out = run("check", SAMPLE, path, "--fail-on", "none")
    assert code == 0
    assert "needs_model       section-only  -                  -  error              -" in out
    assert "error: citation needs_model: no cached answer and no API key" in out


def test_long_ids_wrap_in_their_column(tmp_path: Path) -> None:
    long_id = "a_citation_id_much_longer_than_seventeen_characters"
    path = write(
        tmp_path / "c.json", json.dumps([{"id": long_id, "claim": "x", "quote": "nowhere to be seen", "section": None}])
    )
    code, out = run("check", SAMPLE, path, "--fail-on", "error")
    assert code == 0
    lines = out.splitlines()[2:]
    assert max(len(line) for line in lines) <= 74
    assert lines[1].startswith(long_id[:17] + " missing")
    assert "".join(line[:17].strip() for line in lines[1:]) == long_id


def test_summary_counts_citations_once_and_html_sections_as_sections(tmp_path: Path) -> None:
    html = write(tmp_path / "page.html", "<html><body><h1>Intro</h1><p>Tokens carry claims.</p></body></html>")
    path = write(tmp_path / "c.json", GOOD)
    code, out = run("match", SAMPLE, html, path, "--fail-on", "error")
    assert code == 0
    summary = out.split("\n\n")[0].splitlines()
    assert summary[0].startswith("rfc_sample.txt: ") and summary[0].endswith(" characters, 3 numbered sections")
    assert re.fullmatch(r"page\.html: \d+ characters, 1 section", summary[1])
    assert summary[2] == "1 citation"


# Colour: on a terminal only, and never with NO_COLOR.


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("tty", "no_color", "output", "color"),
    [(True, None, None, True), (True, "1", None, False), (False, None, None, False), (True, None, Path("o"), False)],
)
def test_colour_only_on_a_terminal_without_no_color(
    monkeypatch: pytest.MonkeyPatch, tty: bool, no_color: str | None, output: Path | None, color: bool
) -> None:
    monkeypatch.setattr(sys, "stdout", _Tty() if tty else io.StringIO())
    if no_color is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", no_color)
    assert _style(output).color is color


@pytest.mark.parametrize("judged", [True, False])
def test_coloured_table_has_ansi_codes_and_the_same_text(citations_file: Path, judged: bool) -> None:
    document = RFCParser().parse(SAMPLE.read_text())
    results = match_citations(document, json.loads(citations_file.read_text()))
    report = Report(documents=(document,), results=tuple(results), judged=judged)
    plain, coloured = render_table(report, Style()), render_table(report, Style(color=True))
    assert "\x1b[" not in plain and "\x1b[1;31mfabricated" in coloured
    assert [line.rstrip() for line in re.sub(r"\x1b\[[0-9;]*m", "", coloured).splitlines()] == plain.splitlines()


# Formats: each one parses with its standard parser.


@pytest.fixture
def report_args(tmp_path: Path) -> list[str]:
    citations = [
        {"id": "found", "claim": "x", "quote": "Widgets are exchanged as JSON objects.", "section": "1"},
        {"id": "gone", "claim": "x", "quote": "nothing like this is in the sample", "section": "1"},
    ]
    return ["check", str(SAMPLE), str(write(tmp_path / "c.json", json.dumps(citations)))]


def test_every_format_is_registered() -> None:
    assert list(RENDERERS) == ["table", "json", "jsonl", "markdown", "csv", "junit", "html", "annotations"]


@pytest.mark.parametrize("no_judge", [True, False])
@pytest.mark.parametrize("output_format", ["json", "jsonl", "csv", "junit", "markdown", "table"])
def test_each_format_parses_with_its_standard_parser(
    sample_text: str, tmp_path: Path, report_args: list[str], output_format: str, no_judge: bool
) -> None:
    out_file = tmp_path / f"out.{output_format}"
    options = ["--format", output_format, "--output", str(out_file), "--fail-on", "fabricated"]
    command = ["match", *report_args[1:]] if no_judge else report_args
    result = CliRunner().invoke(main, [*command, *options])
    # "found" needs the model: without a key it is an error entry, unless step 1 runs alone.
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    text = out_file.read_text(encoding="utf-8")
    ids, outcome = ["found", "gone"], "matched" if no_judge else "checked"
    if output_format == "json":
        loaded = json.loads(text)
        assert [r["id"] for r in loaded["results"]] == ids
        assert loaded["results"][1]["outcome"] == outcome and loaded["results"][1]["verdict"] == "fabricated"
        assert (loaded["passed"], loaded["fail_on"], loaded["judged"]) == (False, ["fabricated"], not no_judge)
    elif output_format == "jsonl":
        entries = [json.loads(line) for line in text.splitlines()]
        assert [e["id"] for e in entries] == ids
        assert entries[0]["outcome"] == ("matched" if no_judge else "failed")
    elif output_format == "csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        assert [row["id"] for row in rows] == ids
        assert (rows[1]["verdict"], rows[1]["fails"], rows[1]["status"]) == ("fabricated", "fabricated", "missing")
        assert rows[0]["status"] == "found" and rows[0]["section"] == "1" and rows[0]["source_text"]
    elif output_format == "junit":
        root = ET.fromstring(text)
        cases = root.findall("./testsuite/testcase")
        assert [case.get("name") for case in cases] == ids
        assert cases[1].find("failure") is not None
        if no_judge:
            assert cases[0].find("failure") is None and cases[0].find("skipped") is None
        else:
            # Not gated: the failed judge call is skipped, not shown as a pass.
            assert cases[0].find("skipped") is not None
        assert root.get("tests") == "2" and root.get("failures") == "1"
    elif output_format == "markdown":
        rows = [line for line in text.splitlines() if line.startswith("| ")]
        assert [row.split(" | ")[0] for row in rows] == ["| citation", "| found", "| gone"]
    else:
        assert text.splitlines()[0].endswith("2 citations")


# The cookbook: its table is unchanged, and the gates decide the exit code.


@pytest.mark.parametrize(
    ("gates", "code"),
    [
        ([], 1),  # the default: fabricated, contradicted and error
        (["--fail-on", "fabricated"], 1),
        (["--fail-on", "contradicted"], 1),
        (["--fail-on", "unsupported"], 1),
        (["--fail-on", "review"], 1),
        (["--fail-on", "error"], 0),
        (["--fail-on", "none"], 0),
        (["--fail-on", "error", "--fail-on", "fabricated"], 1),
    ],
)
def test_cookbook_exit_code_follows_the_gates(cookbook: Path, gates: list[str], code: int) -> None:
    args = ["check", cookbook / "rfc7519.txt", cookbook / "citations.json", "--cache", cookbook / "json_cache.json"]
    assert run(*args, *gates)[0] == code


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (["check", "--cache", "json_cache.json"], 1),  # sig_reporting fabricated, exp_required contradicted
        (["match"], 1),
        (["check", "--cache", "json_cache.json", "--fail-on", "error"], 0),
        (["match", "--fail-on", "none"], 0),
    ],
)
def test_a_wrong_citation_fails_the_run_by_default(cookbook: Path, command: list[str], code: int) -> None:
    options = [str(cookbook / part) if part.endswith(".json") else part for part in command[1:]]
    assert run(command[0], cookbook / "rfc7519.txt", cookbook / "citations.json", *options)[0] == code


def test_a_match_run_passes_by_default_when_no_citation_is_fabricated(tmp_path: Path) -> None:
    path = write(tmp_path / "c.json", json.dumps([{"id": "a", "claim": "x", "quote": None, "section": "1"}]))
    assert run("match", SAMPLE, path)[0] == 0


def test_junit_marks_fabricated_and_contradicted_results_as_failures_by_default(cookbook: Path) -> None:
    args = ["check", cookbook / "rfc7519.txt", cookbook / "citations.json", "--cache", cookbook / "json_cache.json"]
    code, out = run(*args, "--format", "junit")
    failed = {case.get("name") for case in ET.fromstring(out).iter("testcase") if case.find("failure") is not None}
    assert (code, failed) == (1, {"sig_reporting", "exp_required"})


def test_cookbook_junit_fails_the_gated_citations(cookbook: Path) -> None:
    args = ["check", cookbook / "rfc7519.txt", cookbook / "citations.json", "--cache", cookbook / "json_cache.json"]
    code, out = run(*args, "--format", "junit", "--fail-on", "fabricated,contradicted")
    assert code == 1
    cases = ET.fromstring(out).findall(".//testcase")
    assert len(cases) == 8
    assert {c.get("name") for c in cases if c.find("failure") is not None} == {"sig_reporting", "exp_required"}


# Step 1 alone on 33 citations of our own against RFC 6749 and RFC 3986: no model, no key.

EXPECTED_STATUS = {
    "refresh_purpose": "found",
    "refresh_required": "missing",
    "basic_auth_should": "missing",
    "code_lifetime": "found",
    "code_lifetime_30": "missing",
    "no_auto_redirect_flipped": "missing",
    "implicit_misattributed": "found",
    "csrf_section_only": "section-only",
    "no_such_section_6749": "missing",
    "invented_quote": "missing",
    "hex_uppercase": "found",
    "too_short": "ambiguous",
}


@pytest.fixture
def rfcs(fixtures_dir: Path) -> list[Path]:
    return [fixtures_dir / "rfc" / "rfc6749.txt", fixtures_dir / "rfc" / "rfc3986.txt"]


def test_match_only_gives_every_citation_its_status_and_evidence(rfcs: list[Path]) -> None:
    code, out = run("match", *rfcs, DATA / "oauth_uri_citations.json", "--format", "json", "--fail-on", "error")
    assert code == 0  # nothing could fail to be checked: no model is asked
    loaded: dict[str, Any] = json.loads(out)
    results = loaded["results"]
    assert len(results) == 33 and not loaded["judged"]
    for entry in results:
        assert entry["outcome"] == "matched"
        location = entry["location"]
        assert entry["status"] == location["status"] and location["reason"]
        assert location["cited"] is not None
        if entry["status"] == "missing":
            assert entry["verdict"] == "fabricated"
        else:
            assert entry["verdict"] is None  # only a model can say more
        if entry["status"] == "found":
            assert location["match"]["tier"] and location["match"]["source_text"]
            assert location["section"] == location["match"]["section"]
        assert "answer" not in entry and "confidence" not in entry
    by_id = {entry["id"]: entry for entry in results}
    assert {name: by_id[name]["status"] for name in EXPECTED_STATUS} == EXPECTED_STATUS
    assert by_id["implicit_misattributed"]["location"]["section"] == "4.2"


@pytest.mark.parametrize("gates", ["fabricated", "review", "error", "none"])
def test_match_only_exit_code_follows_the_gates(rfcs: list[Path], gates: str) -> None:
    args = ["match", *rfcs, DATA / "oauth_uri_citations.json", "--fail-on", gates]
    code, out = run(*args, "--format", "jsonl")
    entries = [json.loads(line) for line in out.splitlines()]
    fabricated = any(e["verdict"] == "fabricated" for e in entries)
    review = any(e["review"] for e in entries)
    expected = {"fabricated": fabricated, "review": review}
    assert fabricated and review  # the set exercises both gates
    assert code == (1 if expected.get(gates, False) else 0)


# Help, python -m, version.


@pytest.mark.parametrize("command", ["check", "match", "schema", ""])
def test_help_shows_example_citation_shape_environment_and_exit_codes(command: str) -> None:
    code, out = run(*[command] * bool(command), "--help")
    assert code == 0
    for expected in ['"claim":', '"quote":', '"section":', "TYPESAFE_API_KEY", "NO_COLOR", "Exit codes:", "  2  "]:
        assert expected in out, expected
    assert f"citecheck {command or 'check'} " in out.split("Examples:" if command != "schema" else "Example:")[1]


def test_python_dash_m_runs_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "citecheck", "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("citecheck, version ") or "version" in result.stdout


def test_match_only_table_says_why_for_each_fabricated_or_review_row(tmp_path: Path) -> None:
    citations = [
        {"id": "here", "claim": "x", "quote": "Widgets are exchanged as JSON objects.", "section": "1"},
        {"id": "gone", "claim": "x", "quote": "nothing like this is in the sample", "section": "1"},
    ]
    code, out = run("match", SAMPLE, write(tmp_path / "c.json", json.dumps(citations)))
    assert code == 1  # a fabricated citation fails a match run by default
    table, notes = out.split("\n\n")[1:3]
    rows = [line.split()[:3] for line in table.splitlines()[1:]]
    assert rows == [["here", "found", "exact"], ["gone", "missing", "-"]]
    assert notes.splitlines() == ["gone: the quote is not in any section"]


def test_an_integer_section_is_taken_as_its_id(tmp_path: Path) -> None:
    path = write(tmp_path / "c.json", json.dumps([{"id": "n", "claim": "x", "quote": None, "section": 2}]))
    code, out = run("match", SAMPLE, path, "--format", "json")
    assert code == 0, out
    (entry,) = json.loads(out)["results"]
    assert (entry["location"]["status"], entry["location"]["section"]) == ("section-only", "2")


@pytest.mark.parametrize(
    "command", [["review", "export"], ["review", "import"], ["calibrate"], ["cache", "import"], ["cache", "export"]]
)
def test_file_commands_show_an_example_and_their_exit_codes(command: list[str]) -> None:
    code, out = run(*command, "--help")
    assert code == 0
    examples, codes = out.split("Examples:")[1].split("Exit codes:")
    assert f"citecheck {' '.join(command)} " in examples
    assert "  0  done" in codes and "  2  " in codes


def test_the_preset_choices_are_the_matchers() -> None:
    # Written out in the CLI so --help imports no matcher: they must stay the matcher's presets.
    from typing import get_args

    from citecheck.cli._options import PRESETS
    from citecheck.matcher import PresetName

    assert get_args(PresetName) == PRESETS
