"""One cache lookup per chunk of a batch (`get_many`), first writer wins (`put_first`), and no paid answer lost."""

import asyncio
import json
import logging
import os
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from citecheck import CacheError, TypeSafeJudge, check_citations
from citecheck.judge import AnswerCache, open_cache
from citecheck.judge._cache import JsonAnswerCache, cache_key
from tests.standin import StandIn

KEY = "sk-test-0123456789abcdef"
ANSWER = {
    "choice": "supports",
    "probabilities": {"supports": 0.9, "contradicts": 0.05, "says_nothing": 0.05},
    "confidence": 0.9,
    "seconds": 0.1,
    "input_tokens": 3,
    "output_tokens": 1,
}


def entry(i: int) -> dict[str, Any]:
    return {**ANSWER, "input_tokens": i}


def sections(n: int) -> dict[str, str]:
    return {str(i): f"Section {i} says that widget number {i} MUST be painted blue." for i in range(n)}


def citations(n: int) -> list[dict[str, str]]:
    return [
        {"id": f"c{i}", "claim": f"Widget {i} is blue.", "quote": f"widget number {i} MUST", "section": str(i)}
        for i in range(n)
    ]


@pytest.mark.parametrize("name", ["answers.json", "answers.sqlite"])
def test_get_many_returns_the_stored_keys_only(tmp_path: Path, name: str) -> None:
    with open_cache(tmp_path / name, create=True) as cache:
        cache.put_many([(f"ask|{i}", entry(i)) for i in range(2000)])
        wanted = [f"ask|{i}" for i in range(0, 3000, 3)] + ["ask|0"]  # past 900: several SQLite queries
        found = cache.get_many(wanted)
    assert found == {f"ask|{i}": entry(i) for i in range(0, 2000, 3)}
    assert cache.get_many([]) == {}


@pytest.mark.parametrize("name", ["answers.json", "answers.sqlite"])
def test_the_first_writer_wins(tmp_path: Path, name: str) -> None:
    with open_cache(tmp_path / name, create=True) as first, open_cache(tmp_path / name) as second:
        assert first.put_first("ask|k", entry(1)) == entry(1)
        # A second writer (another process, or a worker that asked at the same time) gets the stored one.
        stored = second.put_first("ask|k", entry(2)) if name.endswith(".sqlite") else first.put_first("ask|k", entry(2))
        assert stored == entry(1)
        assert first.get("ask|k") == entry(1)


class CountingCache(AnswerCache):
    """A cache that does "I/O": it counts lookups and the threads they ran on."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.path = Path("counting")
        self.data = dict(data)
        self.gets = 0
        self.lookups: list[int] = []
        self.threads: set[int] = set()

    @property
    def writable(self) -> bool:
        return True

    def get(self, key: str) -> Any | None:
        self.gets += 1
        return self.data.get(key)

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        wanted = list(keys)
        self.lookups.append(len(wanted))
        self.threads.add(threading.get_ident())
        return {key: self.data[key] for key in wanted if key in self.data}

    def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
        fresh = dict(items)
        self.data.update(fresh)
        return len(fresh)

    def items(self) -> Iterator[tuple[str, Any]]:
        return iter(list(self.data.items()))

    def __len__(self) -> int:
        return len(self.data)


def test_a_batch_looks_its_keys_up_in_few_queries_off_the_event_loop() -> None:
    n = 1000
    judge = TypeSafeJudge(api_key=KEY, base_url="http://127.0.0.1:9")  # every answer is cached: nothing is sent
    data = {judge.cache_key(c["claim"], sections(n)[c["section"]]): entry(i) for i, c in enumerate(citations(n))}
    cache = CountingCache(data)
    judge = TypeSafeJudge(api_key=KEY, base_url="http://127.0.0.1:9", cache=cache)
    results = check_citations(sections(n), citations(n) + citations(n), judge=judge)
    assert results.totals.replayed == n and results.totals.calls == 0
    assert cache.gets == 0  # never one round trip per citation
    assert sum(cache.lookups) == n  # each key looked up once; the repeats are the batch's own
    assert len(cache.lookups) <= 6  # 64, 128, 256, 512, 1024 and the rest
    assert threading.get_ident() not in cache.threads  # a cache that does I/O never blocks the loop


def test_a_cache_that_cannot_be_read_fails_its_citations_and_the_batch_goes_on() -> None:
    class Broken(CountingCache):
        def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
            raise CacheError("the cache db cannot be used: server closed the connection")

    judge = TypeSafeJudge(api_key=KEY, base_url="http://127.0.0.1:9", cache=Broken({}))
    docs = sections(3)
    cited = [*citations(2), {"id": "x", "claim": "c", "quote": "not in any section at all", "section": "1"}]
    results = check_citations(docs, cited, judge=judge)
    assert [type(r).__name__ for r in results] == ["CitationFailure", "CitationFailure", "CitationResult"]
    assert "server closed the connection" in results[0].message  # type: ignore[union-attr]
    assert results[2].verdict.value == "fabricated"  # type: ignore[union-attr]


class RefusingCache(CountingCache):
    """Reads fine; every write fails, as a full disk or a database gone mid-run."""

    def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
        raise CacheError("the cache counting cannot be written: No space left on device")


def test_a_paid_answer_the_cache_refuses_goes_to_the_spill_file(tmp_path: Path, caplog: Any) -> None:
    spill = tmp_path / "spill.json"
    with StandIn() as standin:
        judge = TypeSafeJudge(api_key=KEY, base_url=standin.url, cache=RefusingCache({}), spill=spill)
        with caplog.at_level(logging.WARNING, logger="citecheck"):
            results = check_citations(sections(5), citations(5), judge=judge)
        judge.close()
        assert standin.requests == 5
    assert all(type(r).__name__ == "CitationResult" for r in results)  # the answers are used, not dropped
    assert judge.spilled == 5
    kept = json.loads(spill.read_text())
    assert sorted(kept) == sorted(judge.cache_key(c["claim"], sections(5)[c["section"]]) for c in citations(5))
    assert str(spill) in caplog.text and "citecheck cache import" in caplog.text
    # The spill file is a cache: importing it (or using it as --cache) replays every answer.
    with StandIn() as standin:
        rerun = check_citations(
            sections(5), citations(5), judge=TypeSafeJudge(api_key=KEY, base_url=standin.url, cache=spill)
        )
        assert standin.requests == 0 and rerun.totals.replayed == 5


def test_the_default_spill_file_is_beside_a_file_cache(tmp_path: Path) -> None:
    judge = TypeSafeJudge(api_key=KEY, cache=tmp_path / "answers.json", create=True)
    assert judge.spill_path == tmp_path / "answers.json.spill.json"
    judge.close()


@pytest.mark.parametrize("fsync", ["batch", "answer"])
def test_the_journal_fsync_policy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fsync: Any) -> None:
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    cache = JsonAnswerCache(tmp_path / "a.json", fsync=fsync)
    for i in range(3):
        cache.put(cache_key("ask", str(i), "s"), entry(i))
    assert len(synced) == (3 if fsync == "answer" else 0)
    cache.close()  # the fold writes the file atomically, fsynced, whatever the policy
    assert len(synced) >= (4 if fsync == "answer" else 1)
    assert len(json.loads((tmp_path / "a.json").read_text())) == 3


def test_an_unknown_fsync_policy_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="fsync must be"):
        JsonAnswerCache(tmp_path / "a.json", fsync="sometimes")  # type: ignore[arg-type]


def test_a_blocking_cache_records_off_the_event_loop() -> None:
    class Watching(CountingCache):
        writers: ClassVar[set[int]] = set()

        def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
            self.writers.add(threading.get_ident())
            return super().put_many(items)

    cache = Watching({})
    with StandIn() as standin:
        judge = TypeSafeJudge(api_key=KEY, base_url=standin.url, cache=cache)

        async def main() -> int:
            results = await asyncio.gather(judge.ajudge("claim", "section"))
            await judge.aclose_loop()
            return len(results)

        assert asyncio.run(main()) == 1
    assert cache.writers and threading.get_ident() not in cache.writers
