"""Issue 15's reproducers: inputs never destroyed, every reader's failure typed, no key leaked, no injection."""

from __future__ import annotations

import base64
import csv
import hashlib
import http.server
import io
import json
import logging
import multiprocessing
import os
import sqlite3
import threading
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from click.testing import CliRunner, Result
from typesafe_sdk import RetryPolicy

from citecheck import CitationResult, InvalidCitationError, TypeSafeJudge, check_citations
from citecheck._models import HumanDecision, Verdict, as_citation
from citecheck.cli._main import main
from citecheck.errors import CacheFormatError, JudgeCallError, ReviewFileError
from citecheck.judge import open_cache
from citecheck.review import load_decisions
from citecheck.review._decisions import decision_key, export_queue, import_queue, save_decisions
from citecheck.testing import StaticJudge

SECTIONS = {"1": "Tokens are signed with a key that the issuer keeps secret at all times."}
DOC = "1.  Keys\n\n   Tokens are signed with a key that the issuer keeps secret at all times.\n"


def cite(id: str = "c1", claim: str = "The issuer keeps its key secret.", section: str | None = "1") -> dict[str, Any]:
    return {"id": id, "claim": claim, "quote": "the issuer keeps secret", "section": section}


def invoke(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(arg) for arg in args])


def one_error_line(result: Result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: ")
    return line


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def files(tmp_path: Path, writable_cache: Path) -> dict[str, Path]:
    """A source, citations, a cache, a results file and a decisions file, all in tmp_path."""
    source = tmp_path / "doc.txt"
    source.write_text(DOC)
    citations = tmp_path / "citations.json"
    citations.write_text(json.dumps([cite()]))
    results = tmp_path / "results.json"
    judged = check_citations(SECTIONS, [cite()], judge=StaticJudge(default=("supports", 0.5)))
    results.write_text(json.dumps([r.model_dump(mode="json") for r in judged]))
    decisions = tmp_path / "decisions.json"
    save_decisions(decisions, [])
    queue = tmp_path / "queue.csv"
    export_queue(judged, queue)  # type: ignore[arg-type]
    link = tmp_path / "link.txt"
    link.symlink_to(source)
    response = tmp_path / "response.json"
    response.write_text(json.dumps({"role": "assistant", "content": []}))
    return {
        "response": response,
        "source": source,
        "citations": citations,
        "cache": writable_cache,
        "results": results,
        "decisions": decisions,
        "queue": queue,
        "link": link,
    }


# -- outputs never overwrite inputs ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "target", "named"),
    [
        (["match", "{source}", "{citations}", "-o"], "citations", "citations file"),
        (["match", "{source}", "{citations}", "-o"], "source", "source"),
        (["match", "{link}", "{citations}", "-o"], "source", "source"),  # the source through a symlink
        (["match", "{source}", "{citations}", "-o"], "link", "source"),  # the output through a symlink
        (["check", "{source}", "{citations}", "--cache", "{cache}", "-o"], "cache", "--cache file"),
        (
            ["check", "{source}", "{citations}", "--cache", "{cache}", "--decisions", "{decisions}", "-o"],
            "decisions",
            "--decisions file",
        ),
        (["review", "export", "{results}", "--output"], "results", "results file"),
        (["review", "import", "{queue}", "--decisions"], "queue", "queue"),
        (["match", "--from", "anthropic", "{response}", "{source}", "-o"], "response", "the response"),
        (["match", "--from", "anthropic", "{response}", "Doc={source}", "-o"], "source", "the source"),
    ],
)
def test_an_output_that_is_an_input_is_refused_and_the_input_kept(
    files: dict[str, Path], command: list[str], target: str, named: str
) -> None:
    before = {name: digest(path) for name, path in files.items()}
    args = [part.format(**files) for part in command] + [str(files[target])]
    line = one_error_line(invoke(*args))
    assert named in line and "would destroy that input" in line
    assert {name: digest(path) for name, path in files.items()} == before


def test_an_output_folder_is_a_usage_error(files: dict[str, Path], tmp_path: Path) -> None:
    result = invoke("match", files["source"], files["citations"], "-o", tmp_path)
    assert result.exit_code == 2 and "is a directory" in result.stderr  # click's own check, with its usage lines


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["match", "{source}", "{citations}", "-o", "{source}/out.json"], "is not a folder"),
        (["review", "export", "{results}", "--output", "{tmp}"], "it is a folder, not a regular file"),
        (["review", "export", "{results}", "--output", "{source}/queue.csv"], "is not a folder"),
        (["review", "import", "{queue}", "--decisions", "{tmp}"], "it is a folder, not a regular file"),
    ],
)
def test_an_output_that_cannot_be_a_file_is_one_clear_line(
    files: dict[str, Path], tmp_path: Path, command: list[str], message: str
) -> None:
    # A path under a regular file cannot be created even by root, unlike one in a read-only folder.
    line = one_error_line(invoke(*[part.format(tmp=tmp_path, **files) for part in command]))
    assert message in line


# -- decisions written by several processes --------------------------------------------------------


def _import_each(decisions: str, queues: list[str]) -> None:
    # `citecheck review import`, once per queue, in this (spawned) process.
    for queue in queues:
        main(["review", "import", queue, "--decisions", decisions], standalone_mode=False)


def test_concurrent_review_imports_into_one_decisions_file_keep_every_decision(tmp_path: Path) -> None:
    # Real processes (spawned: fork is unsafe in a threaded test run), each importing one queue at a
    # time into the same file; before the lock, one process's rename dropped the other's decisions.
    queues: dict[str, list[str]] = {"a": [], "b": []}
    for prefix, names in queues.items():
        for n in range(15):
            citation = cite(id=f"{prefix}{n}", claim=f"Claim {prefix}{n}.")
            judged = check_citations(SECTIONS, [citation], judge=StaticJudge(default=("supports", 0.5)))
            queue = tmp_path / f"{prefix}{n}.jsonl"
            decided = [r.model_copy(update={"decision": _decided()}) for r in judged]  # type: ignore[union-attr]
            export_queue(decided, queue, everything=True)
            names.append(str(queue))
    decisions = tmp_path / "decisions.json"
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_import_each, args=(str(decisions), names)) for names in queues.values()]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0
    assert len(load_decisions(decisions)) == 30


def _decided(verdict: Verdict = Verdict.VERIFIED) -> HumanDecision:
    return HumanDecision(verdict=verdict, model_verdict=Verdict.VERIFIED, note="n")


# -- the review queue round-trips any text a citation may hold -------------------------------------

TEXTS = {
    "bare CR": "one\rtwo",
    "CRLF": "one\r\ntwo",
    "line separator": "one\u2028two",
    "paragraph separator": "one\u2029two",
    "next line": "one\u0085two",
    "formula": '=HYPERLINK("http://evil.example","click")',
    "dde": "=cmd|' /C calc'!A0",
    "plus": "+1 more",
    "minus": "-5 degrees",
    "at": "@SUM(A1)",
    "tab first": "\tindented",
    "CR first": "\rreturn",
    "apostrophe first": "'quoted",
    "apostrophe and formula": "'=1+1",
    "long": "x" * 200_000,
    "ESC": "red \x1b[31m text",
}


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
@pytest.mark.parametrize("text", list(TEXTS.values()), ids=list(TEXTS))
def test_the_review_queue_round_trips_any_citation_text(tmp_path: Path, suffix: str, text: str) -> None:
    citation = {"id": text[:50], "claim": text, "quote": "the issuer keeps secret", "section": "1", "document": None}
    [result] = check_citations(SECTIONS, [citation], judge=StaticJudge(default=("supports", 0.5)))
    assert isinstance(result, CitationResult)
    queue = tmp_path / f"queue{suffix}"
    export_queue([result.model_copy(update={"decision": _decided(Verdict.UNSUPPORTED)})], queue, everything=True)
    [decision], blank = import_queue(queue)
    assert blank == 0
    assert decision.claim == text and decision.id == text[:50]
    assert decision.key == decision_key(result.citation)
    assert decision.verdict is Verdict.UNSUPPORTED and decision.note == "n"


def test_queue_cells_are_neutralised_for_spreadsheets(tmp_path: Path) -> None:
    citation = {
        "id": "=cmd|' /C calc'!A0",
        "claim": '=HYPERLINK("x")',
        "quote": "the issuer keeps secret",
        "section": "1",
    }
    results = check_citations(SECTIONS, [citation], judge=StaticJudge(default=("supports", 0.5)))
    queue = tmp_path / "queue.csv"
    export_queue(results, queue)  # type: ignore[arg-type]
    [row] = list(csv.DictReader(io.StringIO(queue.read_text(), newline="")))
    assert row["id"] == "'=cmd|' /C calc'!A0" and row["claim"] == '\'=HYPERLINK("x")'
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values())


def test_a_nul_in_a_citation_is_refused_up_front() -> None:
    with pytest.raises(InvalidCitationError, match=r"citation c1, field 'claim': it holds a NUL"):
        as_citation(cite(claim="a\0b"))


# -- a foreign SQLite file is left as it was --------------------------------------------------------


def test_a_foreign_sqlite_database_is_left_byte_identical(files: dict[str, Path], tmp_path: Path) -> None:
    app = tmp_path / "app.sqlite"
    with sqlite3.connect(app) as db:
        db.execute("CREATE TABLE users (name TEXT)")
        db.execute("INSERT INTO users VALUES ('ada')")
    db.close()
    before = digest(app)
    line = one_error_line(invoke("check", files["source"], files["citations"], "--cache", app))
    assert str(app) in line and "without citecheck's answers table" in line
    assert digest(app) == before
    assert not (tmp_path / "app.sqlite-wal").exists()


def test_sqlite_answers_that_are_not_json_are_refused_when_the_cache_opens(tmp_path: Path) -> None:
    path = tmp_path / "answers.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO answers VALUES ('ask|c|s', '{not json')")
    db.close()
    with pytest.raises(
        CacheFormatError, match=rf"the cache {path} is not an answer cache: the entry 'ask\|c\|s' is not JSON"
    ):
        open_cache(path)


def test_a_sqlite_answer_python_cannot_read_names_the_cache(tmp_path: Path) -> None:
    # SQLite's json_valid takes a 5,000-digit number; Python's reader does not.
    path = tmp_path / "answers.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO answers VALUES ('ask|c|s', ?)", ("1" * 5000,))
    db.close()
    cache = open_cache(path)
    try:
        with pytest.raises(CacheFormatError, match=rf"the cache {path}, entry 'ask\|c\|s', is not valid JSON"):
            cache.get("ask|c|s")
    finally:
        cache.close()


# -- every reader turns any failure into the typed error and exit 2 ---------------------------------

BAD_JSON = {
    "5,000 digits": ("[" + "1" * 5000 + "]", "a number has more than"),
    "100k deep": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "NaN": ('{"x": NaN}', "NaN is not a JSON number"),
}


def _bad_json_command(reader: str, bad: Path, files: dict[str, Path], tmp_path: Path) -> list[str | Path]:
    return {
        "citations": ["match", files["source"], bad],
        "--decisions": ["check", files["source"], files["citations"], "--cache", files["cache"], "--decisions", bad],
        "--cache": ["check", files["source"], files["citations"], "--cache", bad],
        "review export": ["review", "export", bad, "--output", tmp_path / "q.csv"],
        "review import": ["review", "import", bad, "--decisions", tmp_path / "d.json"],
        "calibrate": ["calibrate", bad],
        "cache import": ["cache", "import", tmp_path / "new.json", bad],
        "--from": ["match", "--from", "anthropic", bad, files["source"]],
    }[reader]


@pytest.mark.parametrize(
    "reader",
    ["citations", "--decisions", "--cache", "review export", "review import", "calibrate", "cache import", "--from"],
)
@pytest.mark.parametrize("shape", list(BAD_JSON))
def test_every_reader_refuses_any_bad_json_in_one_line(
    files: dict[str, Path], tmp_path: Path, reader: str, shape: str
) -> None:
    text, message = BAD_JSON[shape]
    bad = tmp_path / ("bad.jsonl" if reader == "review import" else "bad.json")
    bad.write_text(text)
    line = one_error_line(invoke(*_bad_json_command(reader, bad, files, tmp_path)))
    assert str(bad) in line and message in line


def _unblock_fifo_after(fifo: Path, seconds: float, run: Callable[[], Result]) -> Result | None:
    """Run ``run``; if it still blocks after ``seconds``, open the FIFO's other end so it returns, and say so."""
    outcome: list[Result] = []
    worker = threading.Thread(target=lambda: outcome.append(run()), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        # A reader blocked in open() or read(): a writer that closes at once lets it see end of file.
        os.close(os.open(fifo, os.O_WRONLY))
        worker.join(30)
        return None
    return outcome[0]


@pytest.mark.parametrize("role", ["source", "citations", "cache", "sqlite cache", "labels", "decisions", "queue"])
def test_a_fifo_is_refused_before_it_is_read(files: dict[str, Path], tmp_path: Path, role: str) -> None:
    fifo = tmp_path / ("pipe.sqlite" if role == "sqlite cache" else "pipe")
    os.mkfifo(fifo)
    source, citations = files["source"], files["citations"]
    args: list[str | Path] = {
        "source": ["match", fifo, citations],
        "citations": ["match", source, fifo],
        "cache": ["check", source, citations, "--cache", fifo],
        "sqlite cache": ["check", source, citations, "--cache", fifo],
        "labels": ["calibrate", fifo],
        "decisions": ["check", source, citations, "--cache", files["cache"], "--decisions", fifo],
        "queue": ["review", "import", fifo, "--decisions", tmp_path / "d.json"],
    }[role]
    result = _unblock_fifo_after(fifo, 10, lambda: invoke(*args))
    assert result is not None, f"citecheck blocked reading a FIFO as {role}"
    line = one_error_line(result)
    assert str(fifo) in line and ("FIFO" in line or "no such file" in line)


@pytest.mark.parametrize("role", ["source", "citations"])
def test_a_device_is_refused_before_it_is_read(files: dict[str, Path], role: str) -> None:
    args = ["match", "/dev/zero", files["citations"]] if role == "source" else ["match", files["source"], "/dev/zero"]
    line = one_error_line(invoke(*args))
    assert "/dev/zero: it is a character device, not a regular file" in line


# -- confidences -------------------------------------------------------------------------------------


@pytest.mark.parametrize("confidence", ["nan", "1e999", "-inf", "-5", "1.5", "high"])
def test_a_queue_confidence_that_is_no_probability_is_refused(tmp_path: Path, confidence: str) -> None:
    results = check_citations(SECTIONS, [cite()], judge=StaticJudge(default=("supports", 0.5)))
    queue = tmp_path / "queue.jsonl"
    export_queue([r.model_copy(update={"decision": _decided()}) for r in results], queue, everything=True)  # type: ignore[union-attr]
    row = json.loads(queue.read_text())
    row["confidence"] = confidence
    queue.write_text(json.dumps(row) + "\n")
    with pytest.raises(
        ReviewFileError, match=rf"line 1 \(id c1\): confidence '{confidence}' is not a number from 0 to 1"
    ):
        import_queue(queue)


@pytest.mark.parametrize(
    ("written", "message"), [("NaN", "NaN is not a JSON number"), ("1e999", "confidence"), ("-5", "confidence")]
)
def test_a_decisions_file_with_a_bad_confidence_is_refused(tmp_path: Path, written: str, message: str) -> None:
    decision = {
        "key": "k", "id": "c1", "claim": "c", "quote": None, "document": None, "section": "1", "evidence": "e",
        "model_verdict": "verified", "confidence": 0.5, "verdict": "verified", "decided_at": "2026-01-01",
    }  # fmt: skip
    path = tmp_path / "decisions.json"
    path.write_text(json.dumps({"version": 1, "decisions": [decision]}).replace("0.5", written))
    with pytest.raises(ReviewFileError, match=message):
        load_decisions(path)
    line = one_error_line(invoke("calibrate", path))  # never auto-accepted at any threshold: refused
    assert str(path) in line


# -- the key never leaks --------------------------------------------------------------------------

KEY = "ts_live_AbC+dEf/GhI=jKl123xyz"


def _echoing_judge(echo: Callable[[httpx2.Request], str]) -> TypeSafeJudge:
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(401, json={"error": {"message": echo(request), "type": "auth"}})

    return TypeSafeJudge(api_key=KEY, transport=httpx2.MockTransport(handler), retry=RetryPolicy(max_retries=0))


def _chain(error: BaseException | None) -> Iterator[BaseException]:
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        yield error
        error = error.__cause__ or error.__context__


def _everything_in(error: BaseException) -> str:
    return " ".join(repr(vars(link)) + repr(link.args) + str(link) for link in _chain(error))


@pytest.mark.parametrize("prefix", ["Bearer ", "Bearer  ", "Authorization: Bearer ", "user:", ""])
@pytest.mark.parametrize("urlsafe", [False, True])
def test_base64_of_the_key_behind_any_prefix_is_masked(prefix: str, urlsafe: bool) -> None:
    encode = base64.urlsafe_b64encode if urlsafe else base64.b64encode
    echoed = encode((prefix + KEY).encode()).decode()
    judge = _echoing_judge(lambda request: f"rejected <{echoed}>")
    with pytest.raises(JudgeCallError) as caught:
        judge.judge("c", "s")
    assert "rejected <" in str(caught.value)
    core = encode(KEY.encode()).decode()[4:-4]
    assert echoed not in _everything_in(caught.value)
    # Whatever the alignment, no 8 characters in a row of the key's own encoding are left.
    text = str(caught.value)
    for shift in range(3):
        shifted = encode(bytes(shift) + KEY.encode()).decode()[4:-4]
        assert not any(shifted[i : i + 8] in text for i in range(len(shifted) - 8)), (shift, core)


def test_the_key_in_hex_behind_a_prefix_is_masked() -> None:
    echoed = f"Bearer {KEY}".encode().hex().upper()
    with pytest.raises(JudgeCallError) as caught:
        _echoing_judge(lambda request: f"rejected <{echoed}>").judge("c", "s")
    assert KEY.encode().hex() not in str(caught.value).lower() and "***>" in str(caught.value)


def test_the_key_is_not_in_the_error_chain_nor_its_body() -> None:
    judge = _echoing_judge(lambda request: f"bad credentials: {request.headers['authorization']}")
    with pytest.raises(JudgeCallError) as caught:
        judge.judge("c", "s")
    assert caught.value.__context__ is None and caught.value.__cause__ is None
    assert KEY not in _everything_in(caught.value)


def test_the_key_is_not_in_the_chain_check_citation_raises() -> None:
    from citecheck import JudgeError, check_citation

    judge = _echoing_judge(lambda request: f"bad credentials: {request.headers['authorization']}")
    with pytest.raises(JudgeError) as caught:
        check_citation(SECTIONS, cite(), judge=judge)
    assert KEY not in _everything_in(caught.value)


def test_the_key_is_not_in_the_async_error_chain() -> None:
    import asyncio

    judge = _echoing_judge(lambda request: f"bad credentials: {request.headers['authorization']}")

    async def ask() -> BaseException:
        try:
            await judge.ajudge("c", "s")
        except JudgeCallError as error:
            return error
        finally:
            await judge.aclose_loop()
        raise AssertionError("no error")

    error = asyncio.run(ask())
    assert KEY not in _everything_in(error)


@pytest.mark.parametrize("logger", ["httpcore2.http11", "httpcore2.connection", "typesafe_sdk", "httpx2"])
def test_the_key_is_masked_in_any_record_of_a_logger_that_carries_requests(
    caplog: pytest.LogCaptureFixture, logger: str
) -> None:
    judge = _echoing_judge(lambda request: "")  # registers the key, and holds the filters while open
    with caplog.at_level(logging.DEBUG):
        log = logging.getLogger(logger)
        log.debug("send_request_headers.started request=%r", [(b"Authorization", f"Bearer {KEY}".encode())])
        try:
            raise RuntimeError(f"boom {KEY}")
        except RuntimeError:
            log.exception("failed")
    judge.close()
    assert caplog.records
    for record in caplog.records:
        assert KEY not in record.getMessage()
        assert KEY not in logging.Formatter().format(record)
    assert "***" in caplog.text


class _EchoHandler(http.server.BaseHTTPRequestHandler):
    """A careless server on loopback: it answers 401 and repeats the Authorization header in a header of its own."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", 0)))
        body = b'{"error": {"message": "no", "type": "auth"}}'
        self.send_response(401)
        self.send_header("X-Echo", self.headers.get("authorization", ""))
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_a_key_echoed_in_a_response_header_is_masked_in_httpcore2_records(caplog: pytest.LogCaptureFixture) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _EchoHandler)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        judge = TypeSafeJudge(
            api_key=KEY, base_url=f"http://127.0.0.1:{server.server_address[1]}", retry=RetryPolicy(max_retries=0)
        )
        with caplog.at_level(logging.DEBUG), pytest.raises(JudgeCallError):
            judge.judge("c", "s")
        judge.close()
    finally:
        server.shutdown()
        server.server_close()
    headers = [r for r in caplog.records if r.name.startswith("httpcore2") and "X-Echo" in r.getMessage()]
    assert headers, "httpcore2 logged no response headers"
    assert all(KEY not in record.getMessage() for record in caplog.records)
    assert "Bearer ***" in headers[0].getMessage()


# -- CSV formula injection and terminal escapes in the outputs ---------------------------------------

EVIL = [
    {
        "id": "=cmd|' /C calc'!A0",
        "claim": '=HYPERLINK("http://x","y")',
        "quote": "the issuer keeps secret",
        "section": "1",
    },
    {"id": "t\x1b]0;pwned\x07", "claim": "c", "quote": "the issuer keeps secret", "section": "1\x1b[2J"},
    {"id": "nowhere\x1b]8;;http://x\x1b\\", "claim": "c", "quote": "not in the document at all", "section": "9\x0c"},
]


@pytest.fixture
def evil_run(tmp_path: Path) -> list[str]:
    source = tmp_path / "doc.txt"
    source.write_text(DOC)
    citations = tmp_path / "evil.json"
    citations.write_text(json.dumps(EVIL))
    return [str(source), str(citations)]


@pytest.mark.parametrize("output_format", ["table", "markdown", "csv", "junit", "jsonl", "json"])
def test_no_control_character_reaches_a_text_output(evil_run: list[str], output_format: str) -> None:
    result = invoke("match", *evil_run, "--format", output_format, "--fail-on", "fabricated")
    assert result.exit_code == 1, result.output
    assert not any(ch in result.stdout for ch in "\x1b\x07\x0c\r"), repr(result.stdout)
    if output_format == "junit":
        suites = ET.fromstring(result.stdout.encode())
        names = [case.get("name") for case in suites.iter("testcase")]
        assert names[1] == "t\\x1b]0;pwned\\x07"
    if output_format == "table":
        assert "t\\x1b]0;pwned\\x07" in result.stdout
    if output_format == "markdown":  # Markdown doubles the backslash of the escape
        assert "t\\\\x1b]0;pwned\\\\x07" in result.stdout


def test_csv_output_cells_are_neutralised(evil_run: list[str]) -> None:
    result = invoke("match", *evil_run, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout, newline="")))
    assert rows[0]["id"] == "'=cmd|' /C calc'!A0"
    for row in rows:
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values())


def test_stderr_messages_escape_control_characters(tmp_path: Path) -> None:
    source = tmp_path / "doc.txt"
    source.write_text(DOC)
    citations = tmp_path / "bad.json"
    citations.write_text(json.dumps([{"id": "x\x1b]0;pwned\x07", "claim": "", "quote": None, "section": "1"}]))
    line = one_error_line(invoke("match", source, citations))
    assert "\x1b" not in line and "x\\x1b]0;pwned\\x07" in line
