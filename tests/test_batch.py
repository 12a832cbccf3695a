"""The batch engine, through the real SDK against the loopback stand-in (tests/standin.py).

The stand-in's answers are synthetic; these tests check plumbing (what is asked, how often, what
comes back where), never what a model would say.
"""

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from typesafe_sdk import RetryPolicy

from citecheck import (
    BatchInterrupted,
    BatchResults,
    Checker,
    CitationFailure,
    CitationResult,
    JudgeAnswer,
    TypeSafeJudge,
    Verdict,
    acheck_citations,
    check_citations,
)
from citecheck.judge import Relation, open_cache
from citecheck.testing import StaticJudge, static_answer
from tests.standin import StandIn

KEY = "sk-test-0123456789abcdef"


def supporting() -> StaticJudge:
    return StaticJudge(default=("supports", 0.9))


FAST_RETRY = RetryPolicy(max_retries=3, backoff_initial=0.01, backoff_max=0.05, timeout=5.0)


def sections(n: int) -> dict[str, str]:
    return {str(i): f"Section {i} says that widget number {i} MUST be painted blue on Tuesdays." for i in range(n)}


def citation(i: int, *, claim: str | None = None, section: int | None = None) -> dict[str, Any]:
    s = i if section is None else section
    return {
        "id": f"c{i}",
        "claim": claim or f"claim {i}",
        "quote": f"Section {s} says that widget number {s} MUST be painted blue on Tuesdays.",
        "section": str(s),
    }


@pytest.fixture
def standin() -> Iterator[StandIn]:
    with StandIn() as server:
        yield server


def judge_for(server: StandIn, **options: Any) -> TypeSafeJudge:
    retry = options.pop("retry", FAST_RETRY)
    return TypeSafeJudge(api_key=KEY, base_url=server.url, retry=retry, create=True, **options)


def test_duplicates_are_asked_once_and_a_cached_rerun_asks_nothing(standin: StandIn, tmp_path: Path) -> None:
    # 1,200 citations, 1,000 distinct (claim, section text) pairs: 200 repeat a pair, some at once.
    docs = sections(1000)
    items = [citation(i) for i in range(1000)] + [citation(1000 + i, claim=f"claim {i}", section=i) for i in range(200)]
    random.Random(7).shuffle(items)
    cache = tmp_path / "answers.sqlite"
    results = check_citations(docs, items, judge=judge_for(standin, cache=cache), checker=Checker(concurrency=64))
    assert standin.requests == 1000 and max(standin.questions.values()) == 1
    assert [r.id for r in results] == [c["id"] for c in items]  # one per citation, in input order
    assert all(isinstance(r, CitationResult) and r.answer is not None for r in results)
    totals = results.totals
    assert (totals.calls, totals.replayed, totals.shared, totals.failures) == (1000, 0, 200, 0)
    assert totals.input_tokens > 0 and totals.output_tokens == 7 * 1000  # the stand-in's 7 per answer

    again = check_citations(docs, items, judge=judge_for(standin, cache=cache), checker=Checker(concurrency=64))
    assert standin.requests == 1000  # nothing new was sent
    assert (again.totals.calls, again.totals.replayed, again.totals.input_tokens) == (0, 1000, 0)
    assert [(r.id, r.verdict) for r in again] == [(r.id, r.verdict) for r in results]


def test_step_one_failures_never_reach_the_api(standin: StandIn) -> None:
    items = [
        {"id": "fab", "claim": "x", "quote": "gadgets of every series ship in wooden crates", "section": "3"},
        {"id": "nosec", "claim": "x", "quote": None, "section": "99"},
        {"id": "bad", "claim": 3, "quote": None, "section": "1"},
    ]
    results = check_citations(sections(5), items, judge=judge_for(standin))
    assert standin.requests == 0
    assert [getattr(r, "verdict", None) for r in results] == [Verdict.FABRICATED, Verdict.FABRICATED, None]
    assert isinstance(results[2], CitationFailure) and results[2].error == "InvalidCitationError"


def test_a_fault_mix_loses_nothing_and_a_rerun_completes_the_rest(tmp_path: Path) -> None:
    # The mix (10% 500s, 5% 429s with Retry-After, 2% hangs), scaled to 400 citations.
    n = 400
    cache = tmp_path / "answers.json"
    with StandIn(fail_500=0.10, fail_429=0.05, hang=0.02, hang_seconds=0.5, seed=3) as server:
        few_retries = RetryPolicy(max_retries=1, backoff_initial=0.01, backoff_max=0.02, timeout=5.0)
        judge = judge_for(server, cache=cache, timeout=0.2, retry=few_retries)
        results = check_citations(
            sections(n), [citation(i) for i in range(n)], judge=judge, checker=Checker(concurrency=32)
        )
        assert [r.id for r in results] == [f"c{i}" for i in range(n)]
        failed = [r for r in results if isinstance(r, CitationFailure)]
        assert failed, "with one retry, some citations must still fail for this test to mean anything"
        assert {f.error for f in failed} == {"JudgeCallError"}
        assert all(f.location is not None and f.location.status == "found" for f in failed)  # step 1 kept
        assert {"500", "429", "hang"} <= set(server.outcomes)
        answered = n - len(failed)
        assert len(open_cache(cache)) == answered

        server.healthy()
        before = server.requests
        rerun = check_citations(sections(n), [citation(i) for i in range(n)], judge=judge_for(server, cache=cache))
        assert all(isinstance(r, CitationResult) for r in rerun)
        assert server.requests - before == len(failed)  # it paid only for what was missing
        assert (rerun.totals.calls, rerun.totals.replayed) == (len(failed), answered)


def test_retries_ride_out_429_and_500_and_timeouts(tmp_path: Path) -> None:
    # A hang withholds its answer until the client's timeout gives up on it (the stand-in waits for
    # the client to close), so each hang is a timeout however loaded the machine; the timeout is long
    # enough that an ordinary answer, on a loaded machine, does not race it (0.2 s did, and flaked).
    with StandIn(fail_500=0.2, fail_429=0.2, hang=0.05, hang_seconds=30, seed=1) as server:
        judge = judge_for(server, timeout=1.0, retry=RetryPolicy(max_retries=8, backoff_initial=0.01, timeout=30))
        results = check_citations(sections(60), [citation(i) for i in range(60)], judge=judge)
        assert all(isinstance(r, CitationResult) for r in results)
        assert server.requests > 60 and {"500", "429", "hang"} <= set(server.outcomes)


class SlowAsyncJudge:
    """An async fake that records how many questions are in flight at once."""

    def __init__(self) -> None:
        self.active = 0
        self.peak = 0
        self.calls = 0

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        self.calls += 1
        self.active += 1
        self.peak = max(self.peak, self.active)
        await asyncio.sleep(0.002)
        self.active -= 1
        return supporting().judge(claim, section)


class CountingSyncJudge(StaticJudge):
    """A sync fake that records how many questions are in flight at once.

    Each call waits (5 s at most) until ``target`` calls have been in flight together, so the peak
    says what the engine allows, not how the threads happened to be scheduled: with a fixed short
    sleep instead, a loaded machine sometimes never overlapped them all.
    """

    def __init__(self, target: int = 1) -> None:
        super().__init__(default=("supports", 0.9))
        self.target = target
        self.lock = threading.Condition()
        self.active = 0
        self.peak = 0

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        with self.lock:
            self.active += 1
            self.peak = max(self.peak, self.active)
            self.lock.notify_all()
            if not self.lock.wait_for(lambda: self.peak >= self.target, timeout=5):
                self.target = 0  # the engine never allowed that many: stop waiting, the peak says so
        with self.lock:
            self.active -= 1
        return super().judge(claim, section)


@pytest.mark.parametrize("make", [SlowAsyncJudge, CountingSyncJudge])
@pytest.mark.parametrize("concurrency", [1, 4])
def test_concurrency_is_bounded_for_async_and_sync_judges(make: Any, concurrency: int) -> None:
    judge = CountingSyncJudge(concurrency) if make is CountingSyncJudge else make()
    results = check_citations(
        sections(40), [citation(i) for i in range(40)], judge=judge, checker=Checker(concurrency=concurrency)
    )
    assert len(results) == 40 and all(isinstance(r, CitationResult) for r in results)
    assert judge.peak == concurrency


class LocateCountingJudge:
    """An async fake whose clock is step 1: it answers once ``turns`` more citations are located.

    It records the located count as each question starts and ends, and the questions in flight.
    """

    def __init__(self, located: list[int], turns: int, total: int) -> None:
        self.located = located  # one element, bumped by the wrapped `locate`
        self.turns = turns
        self.total = total
        self.starts: list[int] = []
        self.late: list[int] = []
        self.ends: list[int] = []
        self.active = 0
        self.peak = 0

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        due = self.located[0] + self.turns
        self.starts.append(self.located[0])
        self.active += 1
        self.peak = max(self.peak, self.active)
        while self.located[0] < min(due, self.total):
            await asyncio.sleep(0)
        self.late.append(self.located[0] - min(due, self.total))  # step 1 ran on while the answer waited
        self.active -= 1
        self.ends.append(self.located[0])
        return supporting().judge(claim, section)


@pytest.mark.parametrize("concurrency", [1, 4, 32])
def test_answers_and_freed_slots_are_not_kept_waiting_behind_step_one(
    monkeypatch: pytest.MonkeyPatch, concurrency: int
) -> None:
    from citecheck.checker import _batch

    located = [0]
    real_locate = _batch.locate

    def counting_locate(*args: Any, **kwargs: Any) -> Any:
        located[0] += 1
        return real_locate(*args, **kwargs)

    monkeypatch.setattr(_batch, "locate", counting_locate)
    monkeypatch.setattr(_batch, "_STEP_ONE_SLICE", 0.0)  # a loop turn after every citation: no clock in the test
    n = 600  # past the first cache-lookup chunks (64, 128, 256)
    judge = LocateCountingJudge(located, turns=2 * concurrency, total=n)  # slower than step 1: the slots fill
    results = check_citations(
        sections(n), [citation(i) for i in range(n)], judge=judge, checker=Checker(concurrency=concurrency)
    )
    assert [r.id for r in results] == [f"c{i}" for i in range(n)]
    assert judge.peak == concurrency
    # An answer is read within a citation of step 1 of being due, and the question next in line
    # takes its slot within a citation or two: never after step 1 ran through a whole chunk.
    assert max(judge.late) <= 1, max(judge.late)
    waits = [judge.starts[i] - judge.ends[i - concurrency] for i in range(concurrency, n)]
    assert max(waits) <= 2, max(waits)


def test_workers_is_no_longer_a_name_of_concurrency() -> None:
    with pytest.raises(TypeError, match="workers"):
        check_citations(sections(1), [], judge=CountingSyncJudge(3), workers=3)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="concurrency must be an integer of at least 1"):
        Checker(concurrency=0)


class OddJudge:
    def judge(self, claim: str, section: str) -> JudgeAnswer:
        if claim == "claim 3":
            raise KeyError("weird")
        return supporting().judge(claim, section)


def test_an_unexpected_exception_is_that_items_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    import citecheck.checker._batch as batch

    real = batch.locate

    def locate(documents: Any, cited: Any, options: Any) -> Any:
        if cited.id == "c5":
            raise TypeError("ord() expected a character, but string of length 2 found")
        return real(documents, cited, options)

    monkeypatch.setattr(batch, "locate", locate)
    results = check_citations(sections(8), [citation(i) for i in range(8)], judge=OddJudge())
    assert len(results) == 8
    by_id = {r.id: r for r in results}
    step1, step2 = by_id["c5"], by_id["c3"]
    assert isinstance(step1, CitationFailure) and (step1.error, step1.location) == ("TypeError", None)
    assert step1.message == "ord() expected a character, but string of length 2 found"
    assert isinstance(step2, CitationFailure) and step2.error == "JudgeCallError"
    assert "KeyError: 'weird'" in step2.message and step2.location is not None
    assert sum(isinstance(r, CitationResult) for r in results) == 6


@pytest.mark.parametrize("section", ["ß", "ﬁ", "²", "4.①", "9" * 5000])
def test_odd_sections_in_a_batch_of_100_give_100_results(section: str) -> None:
    items = [citation(i) for i in range(99)] + [{"id": "odd", "claim": "x", "quote": None, "section": section}]
    results = check_citations(sections(99), items, judge=supporting())
    assert len(results) == 100 and results[-1].id == "odd"


def _with_tokens(choice: Relation, confidence: float) -> JudgeAnswer:
    return static_answer(choice, confidence).model_copy(update={"input_tokens": 1, "output_tokens": 1})


def test_totals_count_verdicts_reviews_and_tokens() -> None:
    answers = {"claim 0": _with_tokens("contradicts", 0.95), "claim 1": _with_tokens("says_nothing", 0.3)}
    judge = StaticJudge(answers, default=_with_tokens("supports", 0.9))
    items = [citation(i) for i in range(3)] + [{"id": "fab", "claim": "y", "quote": "not in it at all", "section": "1"}]
    results = check_citations(sections(3), items, judge=judge)
    # A read-only sequence, not a list: nothing appends to a batch's results after the fact.
    assert isinstance(results, BatchResults) and isinstance(results, Sequence) and not isinstance(results, list)
    assert results.results == tuple(results) == results[:] and results[-1].id == "fab" and len(results) == 4
    totals = results.totals
    assert totals.verdicts == {"verified": 1, "unsupported": 1, "contradicted": 1, "fabricated": 1}
    assert (totals.citations, totals.review, totals.failures, totals.calls) == (4, 1, 0, 3)
    assert (totals.input_tokens, totals.output_tokens) == (3, 3)
    assert totals.seconds >= 0


def test_acheck_citations_and_the_sync_face_inside_a_running_loop() -> None:
    async def main() -> tuple[BatchResults, BatchResults]:
        direct = await acheck_citations(sections(5), [citation(i) for i in range(5)], judge=SlowAsyncJudge())
        nested = check_citations(sections(5), [citation(i) for i in range(5)], judge=supporting())  # a notebook's case
        return direct, nested

    direct, nested = asyncio.run(main())
    assert [r.id for r in direct] == [r.id for r in nested] == [f"c{i}" for i in range(5)]


def test_the_async_path_is_the_real_sdk(standin: StandIn) -> None:
    async def main() -> BatchResults:
        judge = judge_for(standin)
        try:
            return await acheck_citations(sections(10), [citation(i) for i in range(10)], judge=judge)
        finally:
            await judge.aclose_loop()

    results = asyncio.run(main())
    assert standin.requests == 10 and all(isinstance(r, CitationResult) for r in results)


class InterruptingJudge:
    """Sends this process a SIGINT (a Ctrl-C) once a few answers are in."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.calls = 0

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        self.calls += 1
        if self.calls == self.after:
            os.kill(os.getpid(), signal.SIGINT)
            await asyncio.sleep(5)  # cancelled long before
        return supporting().judge(claim, section)


def test_ctrl_c_stops_the_batch_and_says_what_is_left() -> None:
    # Python's own Ctrl-C handler, whatever an earlier test in the process left installed.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(BatchInterrupted) as caught:
            check_citations(
                sections(50),
                [citation(i) for i in range(50)],
                judge=InterruptingJudge(10),
                checker=Checker(concurrency=1),
            )
    finally:
        signal.signal(signal.SIGINT, previous)
    stop = caught.value
    assert isinstance(stop, KeyboardInterrupt)
    assert [r.id for r in stop.done] == [f"c{i}" for i in range(9)]
    assert stop.pending == tuple(f"c{i}" for i in range(9, 50))
    assert "9 of 50 citations checked, 41 left" in str(stop)


def test_cancelling_keeps_every_answer_received_in_the_cache(standin: StandIn, tmp_path: Path) -> None:
    standin.latency = 0.02
    cache = tmp_path / "answers.json"

    async def main() -> None:
        judge = judge_for(standin, cache=cache)
        task = asyncio.ensure_future(
            acheck_citations(
                sections(200), [citation(i) for i in range(200)], judge=judge, checker=Checker(concurrency=4)
            )
        )
        while sum(standin.questions.values()) < 20:
            await asyncio.sleep(0.005)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await judge.aclose_loop()

    asyncio.run(main())
    kept = json.loads(cache.read_text())  # flushed into the file itself on the way out
    answered = sum(standin.questions.values())
    # Every answer that reached the client is in the file; at most the 4 in flight did not arrive.
    assert answered - 4 <= len(kept) <= answered < 200


def test_progress_bar_only_when_asked_or_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    check_citations(sections(150), [citation(i) for i in range(150)], judge=supporting())
    assert capsys.readouterr().err == ""  # stderr is not a terminal here: no bar
    check_citations(sections(5), [citation(i) for i in range(5)], judge=supporting(), progress=True)
    assert "0/5 [" in capsys.readouterr().err


def test_the_key_never_lands_in_results_errors_logs_or_the_cache(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cache = tmp_path / "answers.json"
    caplog.set_level("DEBUG", logger="typesafe_sdk")
    with StandIn(fail_500=1.0, echo_key=True) as server:
        judge = judge_for(server, cache=cache, retry=RetryPolicy(max_retries=0))
        results = check_citations(sections(3), [citation(i) for i in range(3)], judge=judge)
    (failure, *_) = results
    assert isinstance(failure, CitationFailure)
    assert "you sent Authorization: Bearer ***" in failure.message  # the server did echo it
    dumped = json.dumps([r.model_dump(mode="json") for r in results])
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "you sent Authorization" in logged
    for text in (dumped, logged, failure.message, cache.read_text() if cache.exists() else ""):
        assert KEY not in text


KILLED_RUN = """
import sys
from typesafe_sdk import RetryPolicy
from citecheck import Checker, TypeSafeJudge, check_citations
n = int(sys.argv[3])
docs = {str(i): f"Section {i} says that widget number {i} MUST be painted blue on Tuesdays." for i in range(n)}
items = [{"id": f"c{i}", "claim": f"claim {i}", "quote": f"widget number {i} MUST be painted blue", "section": str(i)}
         for i in range(n)]
judge = TypeSafeJudge(api_key="k-123456", base_url=sys.argv[1], cache=sys.argv[2], create=True)
print("ready", flush=True)
check_citations(docs, items, judge=judge, checker=Checker(concurrency=16))
"""


@pytest.mark.parametrize("name", ["answers.json", "answers.sqlite"])
def test_kill_9_mid_batch_keeps_a_readable_cache_and_a_rerun_pays_only_the_rest(tmp_path: Path, name: str) -> None:
    n = 300
    cache = tmp_path / name
    draws = random.Random(11)
    with StandIn(latency=0.005) as server:
        recorded = 0
        for _ in range(3 if name.endswith("json") else 1):
            before = server.outcomes["ok"]
            child = subprocess.Popen(
                [sys.executable, "-c", KILLED_RUN, server.url, str(cache), str(n)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            assert child.stdout is not None
            # The child's imports take seconds on a loaded machine: wait for it, not for a clock.
            ready = child.stdout.readline()
            assert ready == "ready\n", f"the child did not start: {ready!r} {child.communicate()[1][-2000:]}"
            target = before + draws.randint(5, 40)
            deadline = time.monotonic() + 120
            while server.outcomes["ok"] < target and child.poll() is None and time.monotonic() < deadline:
                time.sleep(0.002)
            # Killed mid-batch, as meant: answers came, and the child was still running.
            assert server.outcomes["ok"] >= target and child.poll() is None, (server.outcomes, child.poll())
            child.kill()  # SIGKILL: no cleanup runs
            child.communicate(timeout=30)  # reaped, its pipes closed
            kept = len(open_cache(cache))  # readable, every time
            assert kept >= recorded  # nothing recorded before was lost
            recorded = kept
        rerun = check_citations(
            sections(n),
            [citation(i) for i in range(n)],
            judge=judge_for(server, cache=cache),
            checker=Checker(concurrency=32),
        )
        assert all(isinstance(r, CitationResult) for r in rerun)
        # Paid only for what was missing (counted by key: a killed run's last requests may still land).
        assert server.senders[f"Bearer {KEY}"] == rerun.totals.calls == n - recorded
        assert rerun.totals.replayed == recorded


class SelfCancellingJudge:
    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        if claim == "claim 2":
            raise asyncio.CancelledError  # e.g. a library's own timeout gone wrong
        return supporting().judge(claim, section)


def test_a_question_cancelled_by_the_judge_is_that_citations_failure() -> None:
    results = check_citations(sections(4), [citation(i) for i in range(4)], judge=SelfCancellingJudge())
    assert [type(r).__name__ for r in results] == ["CitationResult"] * 2 + ["CitationFailure", "CitationResult"]
    assert "cancelled" in results[2].message  # type: ignore[union-attr]


def test_the_command_prints_what_is_left_after_ctrl_c(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from citecheck.cli._main import main

    def interrupted(*args: Any, **kwargs: Any) -> BatchResults:
        raise BatchInterrupted((), ("c1", "c2"))

    monkeypatch.setattr(Checker, "check_citations", interrupted)
    source = tmp_path / "doc.md"
    source.write_text("# 1. Widgets\n\nWidgets MUST be painted blue.\n")
    items = tmp_path / "citations.json"
    items.write_text(json.dumps([citation(1), citation(2)]))
    result = CliRunner().invoke(main, ["check", str(source), str(items)])
    assert result.exit_code == 130
    assert "0 of 2 citations checked, 2 left" in result.output and "Left: c1, c2" in result.output


def test_two_batches_at_once_on_one_judge_ask_each_question_once(standin: StandIn, tmp_path: Path) -> None:
    standin.latency = 0.01
    judge = judge_for(standin, cache=tmp_path / "answers.json")  # the other batch's landed answers are found there

    async def main() -> list[BatchResults]:
        try:
            items = [citation(i) for i in range(40)]
            return list(
                await asyncio.gather(
                    acheck_citations(sections(40), items, judge=judge),
                    acheck_citations(sections(40), list(reversed(items)), judge=judge),
                )
            )
        finally:
            await judge.aclose_loop()

    first, second = asyncio.run(main())
    assert standin.requests == 40
    assert first.totals.calls + second.totals.calls == 40
    assert {r.id: r.verdict for r in first} == {r.id: r.verdict for r in second}  # type: ignore[union-attr]
