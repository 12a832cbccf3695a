"""Any judge gets the batch's dedupe and cache pre-check, shown by how many questions it is asked.

The judges here are counting fakes, not `TypeSafeJudge`: each distinct (claim, section text)
question of a batch is asked once, a second run over the same cache asks nothing, and a judge's
failure on one citation keeps every other result.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import threading
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from citecheck import Checker, CitationFailure, CitationResult, JudgeAnswer, TypeSafeJudge, check_citations
from citecheck.errors import CacheError, JudgeCallError
from citecheck.judge import AnswerCache, CachedJudge, CachingJudge, open_cache
from citecheck.testing import RecordedJudge, static_answer

SECTIONS = {
    "1": "Tokens MUST expire after one hour.",
    "2": "Keys MAY rotate every day.",
}


def cite(number: int, claim: str, section: str, quote: str | None = None) -> dict[str, Any]:
    return {"id": f"c{number}", "claim": claim, "quote": quote, "section": section}


# Seven citations, three distinct questions: c2 repeats c1's, c5 repeats c4's, c7's quote is not
# in the source (fabricated, never asked) and c6 cites a section that does not exist.
BATCH = [
    cite(1, "Tokens expire.", "1", "Tokens MUST expire"),
    cite(2, "Tokens expire.", "1"),
    cite(3, "Tokens last forever.", "1", "after one hour"),
    cite(4, "Tokens expire.", "2", "Keys MAY rotate"),
    cite(5, "Tokens expire.", "2"),
    cite(6, "Tokens expire.", "9"),
    cite(7, "Tokens expire.", "1", "Tokens never expire"),
]
DISTINCT = {
    ("Tokens expire.", SECTIONS["1"]),
    ("Tokens last forever.", SECTIONS["1"]),
    ("Tokens expire.", SECTIONS["2"]),
}
ANSWERS = {"Tokens expire.": "supports", "Tokens last forever.": "contradicts"}


class CountingJudge:
    """A sync judge that counts what it is asked and fails on the claims it is told to."""

    def __init__(self, failing: Iterable[str] = ()) -> None:
        self.asked: list[tuple[str, str]] = []
        self.failing = set(failing)
        self._lock = threading.Lock()

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        with self._lock:
            self.asked.append((claim, section))
        if claim in self.failing:
            raise RuntimeError("the model is down")
        return static_answer(ANSWERS.get(claim, "says_nothing"), 0.9)  # type: ignore[arg-type]


class CountingAsyncJudge(CountingJudge):
    """The async twin: only ``ajudge``, so a batch awaits it."""

    judge = None  # type: ignore[assignment]

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        await asyncio.sleep(0)
        return CountingJudge.judge(self, claim, section)


class SpyCache(AnswerCache):
    """An in-memory answer cache that counts its lookups, and can refuse to record."""

    def __init__(self, *, writable: bool = True) -> None:
        self.path = Path("memory")
        self.data: dict[str, Any] = {}
        self.lookups = 0
        self.gets = 0
        self._writable = writable

    @property
    def writable(self) -> bool:
        return self._writable

    def get(self, key: str) -> Any | None:
        self.gets += 1
        return self.data.get(key)

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        self.lookups += 1
        return {key: self.data[key] for key in keys if key in self.data}

    def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
        if not self._writable:
            raise CacheError("the spy cache is read-only")
        new = dict(items)
        self.data.update(new)
        return len(new)

    def items(self) -> Iterator[tuple[str, Any]]:
        return iter(self.data.items())

    def __len__(self) -> int:
        return len(self.data)


KINDS = [pytest.param(CountingJudge, id="sync judge"), pytest.param(CountingAsyncJudge, id="async judge")]


def verdicts(results: Sequence[Any]) -> dict[str, str]:
    return {entry.id if isinstance(entry, CitationFailure) else entry.citation.id: _verdict(entry) for entry in results}


def _verdict(entry: Any) -> str:
    return entry.error if isinstance(entry, CitationFailure) else entry.verdict.value


@pytest.mark.parametrize("kind", KINDS)
def test_a_custom_judge_is_asked_each_distinct_question_once(kind: type[CountingJudge]) -> None:
    judge = kind()
    results = check_citations(SECTIONS, BATCH, judge=judge)
    assert sorted(judge.asked) == sorted(DISTINCT)
    assert results.totals.calls == 3 and results.totals.shared == 2 and results.totals.replayed == 0
    assert verdicts(results) == {
        "c1": "verified", "c2": "verified", "c3": "contradicted", "c4": "verified", "c5": "verified",
        "c6": "fabricated", "c7": "fabricated",
    }  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
def test_a_second_run_over_the_same_cache_asks_nothing(kind: type[CountingJudge], tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    first = kind()
    with CachedJudge(first, path, create=True) as judge:
        before = check_citations(SECTIONS, BATCH, judge=judge)
    assert sorted(first.asked) == sorted(DISTINCT)
    assert before.totals.calls == 3

    again = kind()
    with CachedJudge(again, path) as judge:
        after = check_citations(SECTIONS, BATCH, judge=judge)
    assert again.asked == []
    assert after.totals.calls == 0 and after.totals.replayed == 3 and after.totals.shared == 2
    assert verdicts(after) == verdicts(before)
    assert [e.answer for e in after if isinstance(e, CitationResult)] == [
        e.answer for e in before if isinstance(e, CitationResult)
    ]


@pytest.mark.parametrize("kind", KINDS)
def test_the_pre_check_is_one_lookup_per_chunk(kind: type[CountingJudge]) -> None:
    cache = SpyCache()
    check_citations(SECTIONS, BATCH, judge=CachedJudge(kind(), cache))
    cache.lookups = cache.gets = 0
    judge = kind()
    check_citations(SECTIONS, BATCH, judge=CachedJudge(judge, cache))
    assert judge.asked == []
    assert (cache.lookups, cache.gets) == (1, 0)  # the batch's one get_many, no lookup per citation


@pytest.mark.parametrize("kind", KINDS)
def test_a_judge_failure_on_one_item_keeps_every_other_result(kind: type[CountingJudge], tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    judge = kind(failing={"Tokens last forever."})
    with CachedJudge(judge, path, create=True) as cached:
        results = check_citations(SECTIONS, BATCH, judge=cached)
    assert verdicts(results) == {
        "c1": "verified", "c2": "verified", "c3": "JudgeCallError", "c4": "verified", "c5": "verified",
        "c6": "fabricated", "c7": "fabricated",
    }  # fmt: skip
    failure = results[2]
    assert isinstance(failure, CitationFailure) and "the model is down" in failure.message
    assert failure.location is not None  # step 1's evidence is kept

    # The failure was not recorded: a rerun asks that question only.
    retry = kind()
    with CachedJudge(retry, path) as cached:
        rerun = check_citations(SECTIONS, BATCH, judge=cached)
    assert retry.asked == [("Tokens last forever.", SECTIONS["1"])]
    assert verdicts(rerun)["c3"] == "contradicted"


class PeakJudge:
    """An async judge that records how many questions it holds at once."""

    def __init__(self) -> None:
        self.active = self.peak = 0

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        self.active += 1
        self.peak = max(self.peak, self.active)
        for _ in range(5):
            await asyncio.sleep(0)
        self.active -= 1
        return static_answer("supports", 0.9)


class PeakSyncJudge:
    """A sync judge that waits, up to a point, for ``target`` questions to be in flight at once."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.lock = threading.Condition()
        self.active = self.peak = 0

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        with self.lock:
            self.active += 1
            self.peak = max(self.peak, self.active)
            self.lock.notify_all()
            if not self.lock.wait_for(lambda: self.peak >= self.target, timeout=5):
                self.target = 0  # the engine never allowed that many: stop waiting, the peak says so
            self.active -= 1
        return static_answer("supports", 0.9)


def widgets(n: int) -> tuple[dict[str, str], list[dict[str, Any]]]:
    sections = {str(i): f"Widget {i} MUST be blue." for i in range(n)}
    return sections, [cite(i, f"claim {i}", str(i), f"Widget {i} MUST be blue.") for i in range(n)]


@pytest.mark.parametrize("concurrency", [1, 4])
def test_a_cached_async_judge_runs_concurrently_within_the_bound(concurrency: int) -> None:
    sections, citations = widgets(20)
    inner = PeakJudge()
    results = check_citations(
        sections, citations, judge=CachedJudge(inner, SpyCache()), checker=Checker(concurrency=concurrency)
    )
    assert all(isinstance(r, CitationResult) for r in results)
    assert inner.peak == concurrency


@pytest.mark.parametrize("concurrency", [1, 4])
def test_a_cached_sync_judge_runs_in_threads_within_the_bound(concurrency: int) -> None:
    sections, citations = widgets(20)
    inner = PeakSyncJudge(concurrency)
    results = check_citations(
        sections, citations, judge=CachedJudge(inner, SpyCache()), checker=Checker(concurrency=concurrency)
    )
    assert all(isinstance(r, CitationResult) for r in results)
    assert inner.peak == concurrency


def test_keys_name_the_judge(tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    with CachedJudge(CountingJudge(), path, create=True) as judge:
        check_citations(SECTIONS, BATCH, judge=judge)
    keys = set(json.loads(path.read_text()))
    assert len(keys) == 3
    assert all(key.startswith(f"judge:{__name__}.CountingJudge|") for key in keys)

    # Another name is another judge: it asks again, and its answers sit beside the first's.
    other = CountingJudge()
    with CachedJudge(other, path, name="my-model-v2") as judge:
        check_citations(SECTIONS, BATCH, judge=judge)
    assert len(other.asked) == 3
    assert len(json.loads(path.read_text())) == 6


def test_a_custom_judges_answers_never_replay_as_jevs(tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    with CachedJudge(CountingJudge(), path, create=True) as judge:
        check_citations(SECTIONS, BATCH, judge=judge)
    results = check_citations(SECTIONS, BATCH[:1], judge=RecordedJudge(path))
    assert isinstance(results[0], CitationFailure) and results[0].error == "NoRecordedAnswerError"
    with TypeSafeJudge(cache=path) as jev:  # no key: it would have to ask, so it says so
        results = check_citations(SECTIONS, BATCH[:1], judge=jev)
    assert isinstance(results[0], CitationFailure) and results[0].error == "NoAnswerError"


def test_jevs_recorded_answers_never_replay_as_a_custom_judges(cookbook: Path, tmp_path: Path) -> None:
    # The cookbook's cache holds Jev's answers under `ask|claim|section`: a custom judge asks anew.
    cache = tmp_path / "json_cache.json"
    shutil.copyfile(cookbook / "json_cache.json", cache)
    citations = json.loads((cookbook / "citations.json").read_text())
    from citecheck.parsers import parse_file

    document = parse_file(cookbook / "rfc7519.txt")
    recorded = check_citations(document, citations, judge=TypeSafeJudge(cache=cache))
    assert recorded.totals.calls == 0 and recorded.totals.replayed > 0

    inner = CountingJudge()
    with CachedJudge(inner, cache) as judge:
        mine = check_citations(document, citations, judge=judge)
    assert mine.totals.replayed == 0
    assert len(inner.asked) == mine.totals.calls == recorded.totals.replayed  # every distinct question, asked
    # And Jev's answers are still there, byte for byte, for Jev.
    again = check_citations(document, citations, judge=TypeSafeJudge(cache=cache))
    assert again.totals.calls == 0 and [e.answer for e in again] == [e.answer for e in recorded]


def test_a_read_only_cache_asks_nothing() -> None:
    judge = CountingJudge()
    results = check_citations(SECTIONS, BATCH[:1], judge=CachedJudge(judge, SpyCache(writable=False)))
    assert judge.asked == []
    assert isinstance(results[0], CitationFailure) and results[0].error == "CacheError"
    assert results.totals.calls == 0


class RefusingCache(SpyCache):
    """Reads fine; every write fails, as a full disk or a database gone mid-batch."""

    def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
        raise CacheError("the disk is full")


@pytest.mark.parametrize("kind", KINDS)
def test_a_custom_judges_paid_answer_the_cache_refuses_is_kept_in_the_spill_file(
    kind: type[CountingJudge], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    spill = tmp_path / "spill.json"
    judge = kind()
    with (
        caplog.at_level(logging.WARNING, logger="citecheck"),
        CachedJudge(judge, RefusingCache(), spill=spill) as cached,
    ):
        results = check_citations(SECTIONS, BATCH, judge=cached)
    assert verdicts(results)["c1"] == "verified" and verdicts(results)["c3"] == "contradicted"  # still used
    assert cached.spilled == 3 and cached.spill_path == spill
    assert sorted(json.loads(spill.read_text())) == sorted(cached.cache_key(*question) for question in DISTINCT)
    # One warning for the batch, with the count and the file: not one per answer.
    [warning] = [r.getMessage() for r in caplog.records if r.name == "citecheck"]
    assert warning.startswith(f"3 paid answers could not be recorded in the cache; they are kept in {spill}")
    assert "citecheck cache import" in warning and "the disk is full" in warning
    # The spill file is a cache: the next run replays it and pays for nothing.
    again = kind()
    with CachedJudge(again, spill) as replay:
        rerun = check_citations(SECTIONS, BATCH, judge=replay)
    assert again.asked == [] and rerun.totals.replayed == 3


def test_a_custom_judge_and_typesafe_judge_spill_the_same_way(tmp_path: Path) -> None:
    from tests.standin import StandIn

    with StandIn() as standin:
        jev = TypeSafeJudge(
            api_key="sk-test-0123456789", base_url=standin.url, cache=RefusingCache(), spill=tmp_path / "jev.json"
        )
        check_citations(SECTIONS, BATCH, judge=jev)
        jev.close()
    mine = CachedJudge(CountingJudge(), RefusingCache(), spill=tmp_path / "mine.json")
    check_citations(SECTIONS, BATCH, judge=mine)
    mine.close()
    assert jev.spilled == mine.spilled == 3
    assert len(json.loads((tmp_path / "jev.json").read_text())) == len(json.loads((tmp_path / "mine.json").read_text()))


def test_a_judge_that_returns_no_answer_records_nothing() -> None:
    class Silent:
        def judge(self, claim: str, section: str) -> JudgeAnswer:
            return None  # type: ignore[return-value]

    cache = SpyCache()
    results = check_citations(SECTIONS, BATCH[:1], judge=CachedJudge(Silent(), cache))
    assert isinstance(results[0], CitationFailure) and results[0].error == "JudgeCallError"
    assert len(cache) == 0


@pytest.mark.parametrize(
    ("judge", "name", "error"),
    [
        pytest.param(TypeSafeJudge(), None, ValueError, id="a judge with its own cache"),
        pytest.param(object(), None, TypeError, id="no judge"),
        pytest.param(CountingJudge(), "a|b", ValueError, id="a name with |"),
        pytest.param(CountingJudge(), "", ValueError, id="an empty name"),
    ],
)
def test_what_cannot_be_wrapped(judge: Any, name: str | None, error: type[Exception]) -> None:
    with pytest.raises(error):
        CachedJudge(judge, SpyCache(), name=name)


def test_the_protocol_is_what_the_batch_checks() -> None:
    assert isinstance(TypeSafeJudge(), CachingJudge)
    assert isinstance(CachedJudge(CountingJudge(), SpyCache()), CachingJudge)
    assert not isinstance(CountingJudge(), CachingJudge)


def test_a_sync_call_on_an_async_only_judge_says_so() -> None:
    judge = CachedJudge(CountingAsyncJudge(), SpyCache())
    with pytest.raises(TypeError, match="async only"):
        judge.judge("Tokens expire.", SECTIONS["1"])
    assert asyncio.run(judge.ajudge("Tokens expire.", SECTIONS["1"])).choice == "supports"
    assert judge.judge("Tokens expire.", SECTIONS["1"]).choice == "supports"  # now cached


def test_a_cache_file_opened_by_the_judge_is_closed_with_it(tmp_path: Path) -> None:
    path = tmp_path / "answers.sqlite"
    judge = CachedJudge(CountingJudge(), path, create=True)
    judge.judge("Tokens expire.", SECTIONS["1"])
    judge.close()
    with open_cache(path) as cache:
        assert len(cache) == 1


def test_a_batch_failure_is_a_judge_call_error_naming_the_citation() -> None:
    judge = CountingJudge(failing={"Tokens expire."})
    results = check_citations(SECTIONS, BATCH[:1], judge=CachedJudge(judge, SpyCache()))
    assert isinstance(results[0], CitationFailure)
    assert results[0].error == JudgeCallError.__name__ and results[0].id == "c1"


class GatedJudge:
    """An async judge that answers (or fails, or cancels its own question) when its gate opens."""

    def __init__(self, outcome: str = "answer") -> None:
        self.asked = 0
        self.outcome = outcome
        self.gate = asyncio.Event()

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        self.asked += 1
        await self.gate.wait()
        if self.outcome == "fail":
            raise RuntimeError("the model is down")
        if self.outcome == "cancel":
            raise asyncio.CancelledError
        return static_answer("supports", 0.9)


@pytest.mark.parametrize("outcome", ["answer", "fail", "cancel"])
def test_callers_of_one_question_share_it_and_cancelling_one_leaves_it_to_the_others(outcome: str) -> None:
    inner = GatedJudge(outcome)
    cache = SpyCache()
    judge = CachedJudge(inner, cache)

    async def main() -> list[object]:
        callers = [asyncio.ensure_future(judge.aanswer("Tokens expire.", SECTIONS["1"])) for _ in range(3)]
        await asyncio.sleep(0.01)  # all three are waiting on the one question
        callers[0].cancel()
        await asyncio.sleep(0)
        inner.gate.set()
        return list(await asyncio.gather(*callers, return_exceptions=True))

    first, *others = asyncio.run(main())
    assert inner.asked == 1
    assert isinstance(first, asyncio.CancelledError)  # that caller only: the question went on
    if outcome == "answer":
        assert [sent for _, sent in others] == [False, False]  # type: ignore[misc]  # the first caller sent it
        assert all(answer.choice == "supports" for answer, _ in others)  # type: ignore[misc]
        assert len(cache.data) == 1  # recorded, though the caller that asked first was cancelled
    elif outcome == "fail":
        assert all(isinstance(error, RuntimeError) for error in others)
    else:
        assert all(isinstance(error, asyncio.CancelledError) for error in others)
