"""The PostgreSQL answer cache against a real server on 127.0.0.1 (tests/servers.py), never a fake."""

import json
import shutil
import threading
from pathlib import Path
from typing import Any

import httpx2
import psycopg
import pytest
from click.testing import CliRunner

from citecheck import CacheError, TypeSafeJudge, check_citations
from citecheck.cli._main import main
from citecheck.errors import CacheFormatError
from citecheck.judge import copy_cache, open_cache, redact_url
from citecheck.judge._pgcache import PostgresAnswerCache
from tests.test_cache_lookups import ANSWER, entry
from tests.test_cookbook import EXPECTED

pytestmark = pytest.mark.servers


def test_open_cache_by_url_put_get_and_get_many(postgres_url: str) -> None:
    with open_cache(postgres_url) as cache:
        assert isinstance(cache, PostgresAnswerCache)
        assert cache.get("ask|k") is None
        assert cache.put_many([(f"ask|{i}", entry(i)) for i in range(10)]) == 10
        assert cache.put_many([("ask|0", entry(99)), ("ask|10", entry(10))]) == 1  # the first writer's stays
        assert cache.get("ask|0") == entry(0)
        assert cache.get_many(["ask|1", "ask|7", "ask|nope", "ask|1"]) == {"ask|1": entry(1), "ask|7": entry(7)}
        assert len(cache) == 11
        assert [key for key, _ in cache.items()] == sorted(f"ask|{i}" for i in range(11))


def test_values_are_text_exactly_as_written_never_jsonb(postgres_url: str) -> None:
    value = {"zeta": 1, "alpha": {"b": 2, "a": 1}, **ANSWER}  # jsonb would reorder these keys
    with open_cache(postgres_url) as cache:
        cache.put("ask|k", value)
        assert list(cache.get("ask|k")) == list(value)
    with psycopg.connect(postgres_url) as conn:
        kinds = dict(conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'citecheck_answers'"
        ).fetchall())  # fmt: skip
        stored = conn.execute("SELECT value FROM citecheck_answers WHERE key = 'ask|k'").fetchone()
    assert kinds == {"key": "text", "value": "text"}
    assert stored is not None and stored[0] == json.dumps(value)


def test_a_jsonb_table_is_refused(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE citecheck_answers (key text PRIMARY KEY, value jsonb)")
    with pytest.raises(CacheFormatError, match="value jsonb"):
        open_cache(postgres_url)


def test_the_first_writer_wins_and_every_writer_gets_its_answer(postgres_url: str) -> None:
    caches = [open_cache(postgres_url) for _ in range(8)]
    got: list[Any] = [None] * 8
    start = threading.Barrier(8)

    def write(i: int) -> None:
        start.wait()
        got[i] = caches[i].put_first("ask|same", entry(i))

    threads = [threading.Thread(target=write, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = caches[0].get("ask|same")
    assert got == [stored] * 8
    for cache in caches:
        cache.close()


def test_a_judge_uses_the_stored_answer_not_the_one_its_own_call_returned(postgres_url: str) -> None:
    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json={
            "model": "jev-1.12", "usage": {"input_tokens": 1, "output_tokens": 1},
            "answers": {"relation": {"type": "choice", "choice": "contradicts", "confidence": 0.7,
                                     "probabilities": {"supports": 0.1, "contradicts": 0.7, "says_nothing": 0.2}}},
        })  # fmt: skip

    judge = TypeSafeJudge(
        api_key="sk-test-0123456789", cache=postgres_url, create=True, transport=httpx2.MockTransport(answer)
    )
    assert judge.cache is not None
    judge.cache.put(judge.cache_key("claim", "section"), entry(5))  # another worker's answer, stored first
    assert judge.judge("claim", "section").choice == "supports"  # a cached answer is not asked again

    import asyncio

    async def ask() -> str:
        try:
            return (await judge.acall("claim", "section")).choice  # asks the API: its answer says contradicts
        finally:
            await judge.aclose_loop()

    assert asyncio.run(ask()) == "supports"
    judge.close()


def test_json_to_postgres_to_json_keeps_every_answer_byte_for_byte(
    postgres_url: str, cookbook: Path, tmp_path: Path
) -> None:
    source = cookbook / "json_cache.json"
    assert copy_cache(source, postgres_url) > 0
    assert copy_cache(postgres_url, tmp_path / "back.json") > 0
    original = json.loads(source.read_text())
    back = json.loads((tmp_path / "back.json").read_text())
    assert list(back) == sorted(original)
    assert {key: json.dumps(value) for key, value in back.items()} == {
        key: json.dumps(value) for key, value in original.items()
    }
    # and through SQLite too: JSON -> SQLite -> Postgres -> JSON
    copy_cache(source, tmp_path / "a.sqlite")
    copy_cache(tmp_path / "a.sqlite", postgres_url)
    copy_cache(postgres_url, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == (tmp_path / "back.json").read_bytes()


def test_the_cookbook_replays_from_postgres_through_the_command(postgres_url: str, cookbook: Path) -> None:
    runner = CliRunner()
    imported = runner.invoke(main, ["cache", "import", postgres_url, str(cookbook / "json_cache.json")])
    assert imported.exit_code == 0, imported.output
    result = runner.invoke(
        main, ["check", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"), "--cache", postgres_url]
    )
    assert result.exit_code == 1, result.output  # the default --fail-on: one fabricated, one contradicted
    assert result.output == EXPECTED
    strict = runner.invoke(
        main,
        [
            "check",
            str(cookbook / "rfc7519.txt"),
            str(cookbook / "citations.json"),
            "--cache",
            postgres_url,
            "--preset",
            "cookbook",
        ],
    )
    assert strict.output == EXPECTED


def test_export_from_postgres_then_a_local_run_asks_nothing(postgres_url: str, cookbook: Path, tmp_path: Path) -> None:
    copy_cache(cookbook / "json_cache.json", postgres_url)
    result = CliRunner().invoke(main, ["cache", "export", postgres_url, str(tmp_path / "out.json")])
    assert result.exit_code == 0, result.output
    assert "exported" in result.output
    citations = json.loads((cookbook / "citations.json").read_text())
    from citecheck.parsers import RFCParser

    document = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    batch = check_citations(document, citations, judge=TypeSafeJudge(cache=tmp_path / "out.json"))
    assert batch.totals.calls == 0 and batch.totals.failures == 0


def test_an_unreachable_database_is_a_cache_error_without_the_password() -> None:
    from tests.servers import free_port

    url = f"postgresql://someone:hunter2secret@127.0.0.1:{free_port()}/db"
    with pytest.raises(CacheError) as caught:
        open_cache(url)
    assert "hunter2secret" not in str(caught.value) and "***" in str(caught.value)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://u:p%40ss@h:5432/db", "postgresql://u:***@h:5432/db"),
        ("postgresql://u@h/db", "postgresql://u@h/db"),
        ("redis://:pw@127.0.0.1:6379/0", "redis://:***@127.0.0.1:6379/0"),
    ],
)
def test_urls_are_shown_without_their_password(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_a_server_restart_is_survived(postgres_url: str) -> None:
    cache = open_cache(postgres_url)
    cache.put("ask|a", entry(1))
    with psycopg.connect(postgres_url, autocommit=True) as conn:  # drop every other session, as a restart does
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE pid <> pg_backend_pid() AND datname = current_database()"
        )
    assert cache.get("ask|a") == entry(1)  # reconnected once
    cache.close()


def test_the_cache_folder_copy_is_not_needed(postgres_url: str, cookbook: Path, tmp_path: Path) -> None:
    # The published cache is read-only in CI: importing from it writes nothing beside it.
    copy = tmp_path / "json_cache.json"
    shutil.copyfile(cookbook / "json_cache.json", copy)
    copy.chmod(0o444)
    assert copy_cache(copy, postgres_url) > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["json_cache.json"]


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://someone@127.0.0.1:{port}/db?password=hunter2secret",
        "postgresql://someone@127.0.0.1:{port}/db?sslmode=disable&password=hunter2secret",
        "postgresql://someone:hunter2secret@127.0.0.1:abc/db",  # a bad port
        "postgresql://someone:hunter2secret@[::1/db",  # an unclosed [: libpq quotes the URI back
        "postgresql://someone@[::1/db?password=hunter2secret",
    ],
)
def test_a_bad_or_unreachable_url_is_one_line_without_the_password(url: str) -> None:
    from tests.servers import free_port

    given = url.format(port=free_port())
    with pytest.raises(CacheError) as caught:
        open_cache(given)
    assert "hunter2secret" not in str(caught.value) and "***" in str(caught.value)
    result = CliRunner().invoke(main, ["check", "x.txt", "c.json", "--cache", given])
    assert "hunter2secret" not in result.output


def _reader(postgres_url: str) -> str:
    """A role that may only SELECT the answers table (PostgreSQL 15+ gives no CREATE on public)."""
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("DO $$ BEGIN CREATE ROLE reader LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$")
        conn.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        conn.execute("GRANT SELECT ON citecheck_answers TO reader")
    return postgres_url.replace("citecheck@", "reader@")


def test_a_role_that_may_only_select_replays_and_spills_what_it_cannot_write(
    postgres_url: str, cookbook: Path, tmp_path: Path
) -> None:
    copy_cache(cookbook / "json_cache.json", postgres_url)
    reader = _reader(postgres_url)
    result = CliRunner().invoke(
        main, ["check", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"), "--cache", reader]
    )
    assert result.exit_code == 1, result.output  # fabricated and contradicted fail by default
    assert result.output == EXPECTED  # replayed with SELECT only
    from tests.standin import StandIn
    from tests.test_cache_lookups import citations, sections

    spill = tmp_path / "spill.json"
    with StandIn() as standin:
        judge = TypeSafeJudge(api_key="sk-test-0123456789", base_url=standin.url, cache=reader, spill=spill)
        results = check_citations(sections(3), citations(3), judge=judge)
        judge.close()
        assert standin.requests == 3
    assert all(type(r).__name__ == "CitationResult" for r in results)  # the paid answers are used
    assert judge.spilled == 3 and len(json.loads(spill.read_text())) == 3  # and kept


def test_postgres_dying_mid_batch_is_one_spill_warning_with_the_count(
    tmp_path: Path, monkeypatch: Any, caplog: pytest.LogCaptureFixture
) -> None:
    from tests.servers import PostgresServer
    from tests.standin import StandIn
    from tests.test_cache_lookups import citations, sections

    n = 40
    source, cited = tmp_path / "doc.txt", tmp_path / "citations.json"
    source.write_text("".join(f"{i}. Part {i}\n\n{text}\n\n" for i, text in sections(n).items()))
    cited.write_text(json.dumps(citations(n)))
    monkeypatch.chdir(tmp_path)  # a database's spill file goes to the working folder
    with PostgresServer() as pg, StandIn(latency=0.5) as standin:
        monkeypatch.setenv("TYPESAFE_API_KEY", "sk-test-0123456789")
        monkeypatch.setenv("TYPESAFE_BASE_URL", standin.url)
        outcome: list[Any] = []

        def run() -> None:
            args = [
                "check",
                str(source),
                str(cited),
                "--cache",
                pg.url,
                "--new-cache",
                "--concurrency",
                "64",
                "--format",
                "json",
            ]
            outcome.append(CliRunner().invoke(main, args))

        worker = threading.Thread(target=run)
        worker.start()
        deadline = __import__("time").monotonic() + 60
        while standin.requests < n and __import__("time").monotonic() < deadline:
            __import__("time").sleep(0.01)
        pg.stop()  # every question is in flight: each answer lands on a database that is gone
        worker.join(timeout=120)
    [result] = outcome
    spill = tmp_path / "citecheck-spill.json"
    kept = json.loads(spill.read_text())
    assert len(kept) == n  # every paid answer is kept
    lines = [line for line in result.stderr.splitlines() if "could not be recorded" in line]
    assert lines == [lines[0]] and lines[0].startswith(f"{n} paid answers could not be recorded in the cache")
    assert str(spill) in lines[0]
    logged = [r for r in caplog.records if "could not be recorded" in r.getMessage()]
    assert len(logged) == 1  # for a library user too: one record, not one per answer
    assert len(json.loads(result.stdout)["results"]) == n  # every citation has its result
