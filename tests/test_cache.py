import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from cooksafe import JsonCache  # type: ignore[import-untyped]

from citecheck import CacheError
from citecheck.cli._main import main
from citecheck.errors import CacheFormatError, CacheNotFoundError
from citecheck.judge import AnswerCache, copy_cache, open_cache
from citecheck.judge._cache import JsonAnswerCache, SqliteAnswerCache, cache_key

ANSWER = {"choice": "supports", "probabilities": {"supports": 0.9}, "confidence": 0.9, "seconds": 0.1}


def entry(i: int) -> dict[str, Any]:
    return {**ANSWER, "input_tokens": i, "output_tokens": 1}


@pytest.mark.parametrize(
    ("claim", "section"),
    [("c", "s"), ("a claim", "x" * 500), ("pipes | in | it", "é ünïcode ✓"), ("", "")],
)
def test_keys_are_cooksafes(tmp_path: Path, claim: str, section: str) -> None:
    cooksafe = JsonCache(tmp_path / "c.json")

    @cooksafe
    def ask(claim: str, section: str) -> int:
        return 1

    ask(claim, section)
    (stored,) = json.loads((tmp_path / "c.json").read_text())
    assert cache_key("ask", claim, section) == stored


@pytest.mark.parametrize("name", ["answers.json", "answers.sqlite", "answers.db", "answers.sqlite3"])
def test_put_get_and_reopen(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    with open_cache(path, create=True) as cache:
        assert cache.get("ask|k") is None
        cache.put("ask|k", entry(1))
        cache.put_many([("ask|a", entry(2)), ("ask|b", entry(3))])
        assert cache.get("ask|k") == entry(1)
    with open_cache(path) as cache:
        assert dict(cache.items()) == {"ask|k": entry(1), "ask|a": entry(2), "ask|b": entry(3)}
        assert len(cache) == 3
    expected = SqliteAnswerCache if name != "answers.json" else JsonAnswerCache
    assert isinstance(open_cache(path), expected)


def test_json_cache_is_cooksafes_format(tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    with open_cache(path, create=True) as cache:
        cache.put(cache_key("ask", "c", "s"), entry(1))
    replayed = JsonCache(path)

    @replayed
    def ask(claim: str, section: str) -> dict[str, Any]:
        raise AssertionError("cooksafe must replay the answer citecheck recorded")

    assert ask("c", "s") == entry(1)


def test_published_cache_replays_read_only(cookbook: Path) -> None:
    cache = open_cache(cookbook / "json_cache.json")
    assert len(cache) == 7 and not cache.writable
    assert all(value["choice"] in {"supports", "contradicts", "says_nothing"} for _, value in cache.items())
    with pytest.raises(CacheError, match="read-only"):
        cache.put("ask|new", entry(1))


def test_answers_go_to_a_journal_not_a_rewrite(tmp_path: Path) -> None:
    # The cost of an answer must not grow with the cache: below the fold size, the file is untouched.
    path = tmp_path / "answers.json"
    cache = JsonAnswerCache(path, compact_every=100)
    cache.put_many([(f"ask|seed{i}", entry(i)) for i in range(100)])  # folded at 100
    before = path.read_bytes()
    for i in range(50):
        cache.put(f"ask|k{i}", entry(i))
    assert path.read_bytes() == before
    assert len((tmp_path / "answers.json.journal").read_text().splitlines()) == 50
    cache.flush()
    assert len(json.loads(path.read_text())) == 150
    assert (tmp_path / "answers.json.journal").read_text() == ""
    assert not list(tmp_path.glob("*.tmp"))  # the temporary file was renamed over the cache


def test_the_fold_is_due_when_the_journal_is_as_long_as_the_file(tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    cache = JsonAnswerCache(path, compact_every=10)
    folds = []
    original = cache._write_file

    def counting(data: dict[str, Any]) -> None:
        folds.append(len(data))
        original(data)

    cache._write_file = counting  # type: ignore[method-assign]
    for i in range(1000):
        cache.put(f"ask|k{i}", entry(i))
    # Geometric: each fold at least doubles the file, so writing n answers rewrites O(n) entries.
    assert folds == [10, 20, 40, 80, 160, 320, 640]
    assert sum(folds) < 2 * 1000


def test_a_crashed_run_is_replayed_from_its_journal(tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    code = (
        "import os; from citecheck.judge._cache import JsonAnswerCache\n"
        f"c = JsonAnswerCache({str(path)!r})\n"
        f"[c.put(f'ask|k{{i}}', {{**{ANSWER!r}, 'input_tokens': i, 'output_tokens': 1}}) for i in range(20)]\n"
        "os._exit(0)  # no close, no flush: as a kill -9 would leave it\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
    assert not path.exists()  # nothing was folded yet
    # A line cut short by the crash is skipped; every whole line is an answer.
    with (tmp_path / "answers.json.journal").open("a") as journal:
        journal.write('["ask|half", {"choice":')
    cache = open_cache(path)
    assert {key: value["input_tokens"] for key, value in cache.items()} == {f"ask|k{i}": i for i in range(20)}
    assert len(json.loads(path.read_text())) == 20  # folded on open


@pytest.mark.parametrize("name", ["answers.json", "answers.sqlite"])
@pytest.mark.parametrize(
    ("create", "error", "message"),
    [
        (False, CacheNotFoundError, "does not exist: its folder .* does not exist either"),
        (True, CacheError, "cannot be created: its folder .* does not exist"),
    ],
)
def test_a_missing_folder_is_an_error_naming_the_file(
    tmp_path: Path, name: str, create: bool, error: type[CacheError], message: str
) -> None:
    path = tmp_path / "no" / "such" / name
    with pytest.raises(error, match=f"the cache {path} {message}"):
        open_cache(path, create=create)


@pytest.mark.parametrize("name", ["answers.json", "answers.sqlite", "answers.db"])
def test_a_missing_cache_file_is_an_error_unless_a_new_one_is_asked_for(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    with pytest.raises(CacheNotFoundError, match=f"the cache {path} does not exist: check its name") as caught:
        open_cache(path)
    assert "--new-cache" in str(caught.value) and "create=True" in str(caught.value)
    assert not path.exists()  # nothing was created
    with open_cache(path, create=True) as cache:
        cache.put("ask|k", entry(1))
    with open_cache(path) as cache:  # it exists now: no flag needed
        assert cache.get("ask|k") == entry(1)


def test_a_new_cache_in_a_folder_that_cannot_be_written_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)  # root may write anywhere, but a folder without a write bit is meant to be read only
    try:
        message = f"the cache {folder / 'a.json'} cannot be created: its folder .* read-only"
        with pytest.raises(CacheError, match=message):
            open_cache(folder / "a.json", create=True)
        with pytest.raises(CacheNotFoundError):
            open_cache(folder / "a.json")
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("answers.json", "[1, 2]", "it holds a JSON list, not an object of answers"),
        ("answers.json", "{not json", "cannot be read as a JSON answer cache: it is not valid JSON: Expecting"),
        ("answers.json", b"\xff\xfe", "cannot be read as a JSON answer cache"),
        ("answers.sqlite", "{}", "it is not a SQLite database"),
        ("answers.db", "hello", "it is not a SQLite database"),
    ],
)
def test_a_file_that_is_not_a_cache_is_an_error_naming_it(
    tmp_path: Path, name: str, content: str | bytes, message: str
) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.raises(CacheFormatError, match=str(path)) as caught:
        open_cache(path)
    assert message in str(caught.value)


def test_a_sqlite_database_of_something_else_is_not_a_cache(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE users (name TEXT)")
    db.close()
    with pytest.raises(CacheFormatError, match="without citecheck's answers table"):
        open_cache(path)


def test_an_empty_json_file_is_an_empty_cache(tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    path.write_text("")  # what cooksafe leaves when killed mid-write
    assert len(open_cache(path)) == 0


@pytest.mark.parametrize("name", ["answers.json", "answers.sqlite"])
def test_two_writers_in_one_process_lose_nothing(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    first = JsonAnswerCache(path, compact_every=50) if name.endswith("json") else open_cache(path, create=True)
    second = JsonAnswerCache(path, compact_every=50) if name.endswith("json") else open_cache(path)

    def write(cache: AnswerCache, prefix: str) -> None:
        for i in range(300):
            cache.put(f"ask|{prefix}{i}", entry(i))

    threads = [threading.Thread(target=write, args=(c, p)) for c, p in ((first, "a"), (second, "b"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    first.close()
    second.close()
    assert len(open_cache(path)) == 600


WRITER = """
import os, sys, time
from citecheck.judge import open_cache
while not os.path.exists(sys.argv[3]):  # start together, so the writes really overlap
    time.sleep(0.005)
ANSWER = {"choice": "supports", "probabilities": {"supports": 0.9}, "confidence": 0.9, "seconds": 0.1}
with open_cache(sys.argv[1], create=True) as cache:
    for i in range(1000):
        cache.put(f"ask|{sys.argv[2]}{i}", {**ANSWER, "input_tokens": i, "output_tokens": 1})
"""


@pytest.mark.parametrize("name", ["answers.json", "answers.sqlite"])
def test_two_processes_sharing_one_cache_keep_the_union(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    go = tmp_path / "go"
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), prefix, str(go)], stderr=subprocess.PIPE)
        for prefix in ("a", "b")
    ]
    go.touch()
    for writer in writers:
        _, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
    assert len(open_cache(path)) == 2000


def test_copy_between_formats_round_trips(tmp_path: Path, cookbook: Path) -> None:
    db = tmp_path / "answers.sqlite"
    assert copy_cache(cookbook / "json_cache.json", db) == 7
    assert copy_cache(cookbook / "json_cache.json", db) == 0  # already there
    back = tmp_path / "back.json"
    assert copy_cache(db, back) == 7
    assert json.loads(back.read_text()) == json.loads((cookbook / "json_cache.json").read_text())


def test_copy_from_a_missing_cache_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(CacheError, match="does not exist"):
        copy_cache(tmp_path / "nothing.json", tmp_path / "answers.sqlite")


def test_cache_import_and_export_commands(tmp_path: Path, cookbook: Path) -> None:
    db = tmp_path / "answers.db"
    runner = CliRunner()
    imported = runner.invoke(main, ["cache", "import", str(db), str(cookbook / "json_cache.json")])
    assert imported.exit_code == 0, imported.output
    assert "7 answers imported" in imported.output
    exported = runner.invoke(main, ["cache", "export", str(db), str(tmp_path / "out.json")])
    assert exported.exit_code == 0, exported.output
    assert len(json.loads((tmp_path / "out.json").read_text())) == 7
    bad = runner.invoke(main, ["cache", "import", str(tmp_path / "nowhere" / "x.db"), str(db)])
    assert bad.exit_code == 2 and "does not exist" in bad.output and "Traceback" not in bad.output


def test_a_read_only_folder_is_reported_before_writing(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        # root writes anywhere; a read-only cache is simulated the way the published fixture is seen
        cache = JsonAnswerCache(tmp_path / "answers.json")
        cache._writable = False
    else:  # pragma: no cover - CI runs as root
        tmp_path.chmod(0o555)
        cache = JsonAnswerCache(tmp_path / "answers.json")
    with pytest.raises(CacheError, match="read-only"):
        cache.put("ask|k", entry(1))


@pytest.mark.parametrize("name", ["answers.json", "answers.db"])
def test_the_command_refuses_a_cache_in_a_missing_folder_before_any_call(tmp_path: Path, name: str) -> None:
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    items = tmp_path / "c.json"
    items.write_text(json.dumps([{"id": "c", "claim": "x", "quote": None, "section": "2"}]))
    cache = tmp_path / "nowhere" / name
    for flag, message in ([], "does not exist: its folder"), (["--new-cache"], "cannot be created: its folder"):
        result = CliRunner().invoke(main, ["check", str(sample), str(items), "--cache", str(cache), *flag])
        assert result.exit_code == 2
        assert f"the cache {cache} {message}" in result.output and "Traceback" not in result.output


GOOD_KEY = "jev-1.12|claim|section"
DIGEST = "0371efac1e60479de779e6aafd3bcafa4183e5881ebde772662ebc2c438bb254"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ({"schema_version": 1, "results": []}, "the key 'schema_version' is not an answer key"),
        ({DIGEST: entry(1), "0371EFAC": entry(2)}, "the key '0371EFAC' is not an answer key"),
        ({GOOD_KEY: [1, 2]}, f"the entry {GOOD_KEY!r} is a JSON list, not an answer"),
        ({GOOD_KEY: {"choice": "supports"}}, "it has no 'probabilities'"),
        ({GOOD_KEY: {**entry(1), "choice": "maybe"}}, "the choice 'maybe', not one of"),
        ({GOOD_KEY: {**entry(1), "confidence": "high"}}, "has confidence 'high', not a number"),
        ({GOOD_KEY: {**entry(1), "input_tokens": True}}, "has input_tokens True, not a number"),
    ],
)
def test_a_json_object_of_something_else_is_not_a_cache(tmp_path: Path, content: dict[str, Any], message: str) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(content))
    with pytest.raises(CacheFormatError, match=f"the cache {path} is not an answer cache") as caught:
        open_cache(path)
    assert message in str(caught.value)


def test_answer_keys_are_cooksafe_names_or_digests(tmp_path: Path, cookbook: Path) -> None:
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({GOOD_KEY: entry(1), DIGEST: entry(2)}))
    assert len(open_cache(path)) == 2
    assert len(open_cache(cookbook / "json_cache.json")) == 7  # the published cache still opens


def test_check_refuses_a_results_file_as_cache_before_any_call(tmp_path: Path) -> None:
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    items = tmp_path / "c.json"
    items.write_text(json.dumps([{"id": "c", "claim": "x", "quote": None, "section": "2"}]))
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"schema_version": 1, "judged": True, "results": []}))
    result = CliRunner().invoke(main, ["check", str(sample), str(items), "--cache", str(results)])
    assert result.exit_code == 2, result.output
    [line] = result.output.strip().splitlines()
    assert f"the cache {results} is not an answer cache: the key 'schema_version'" in line


@pytest.mark.parametrize("source_name", ["results.json", "rows.sqlite"])
def test_cache_import_refuses_entries_that_are_not_answers(tmp_path: Path, source_name: str) -> None:
    source = tmp_path / source_name
    if source_name.endswith(".json"):
        source.write_text(json.dumps({"schema_version": 1, "judged": True, "results": []}))
    else:
        with sqlite3.connect(source) as db:
            db.execute("CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            db.execute("INSERT INTO answers VALUES (?, ?)", (GOOD_KEY, json.dumps(entry(1))))
            db.execute("INSERT INTO answers VALUES (?, ?)", ("schema_version", "1"))
        db.close()
    target = tmp_path / "a.sqlite"
    result = CliRunner().invoke(main, ["cache", "import", str(target), str(source)])
    assert result.exit_code == 2, result.output
    assert f"the cache {source} is not an answer cache: the key 'schema_version'" in result.output
    assert "imported" not in result.output
    assert not target.exists() or len(open_cache(target)) == 0  # nothing written
