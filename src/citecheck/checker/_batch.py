"""The batch engine: many citations checked concurrently on asyncio, none lost, each pair asked once.

Step 1 runs for every citation in input order; a citation whose quote or section is missing
never reaches the judge. Step 2 asks each distinct ``(claim, section text)`` pair once, whatever
the judge: from the judge's cache when it has one and it holds the answer (a `CachingJudge`, such
as `TypeSafeJudge` or a `CachedJudge` around any judge: one `AnswerCache.get_many` per chunk of
located citations, off the event loop when the cache does I/O: no round trip per citation), else
through the judge, at most ``concurrency`` at a time, and every citation sharing the pair waits
on that one question (single-flight). A judge with an async `ajudge` is awaited (unless its
``can_ajudge`` says no); a plain `Judge` runs in a thread pool of ``concurrency`` threads.
Anything that goes wrong with one citation becomes its `CitationFailure`; the batch goes on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Coroutine, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from time import perf_counter
from typing import TYPE_CHECKING, Any, Union, overload

from pydantic import BaseModel, ConfigDict

from citecheck._models import (
    Citation,
    CitationFailure,
    CitationResult,
    Document,
    JudgeAnswer,
    Location,
    Verdict,
    as_citation,
    citation_name,
)
from citecheck._types import CitationLike
from citecheck.checker._fold import checked_answer, item_failure, judge_failure
from citecheck.checker._match import locate
from citecheck.errors import (
    BatchInterrupted,
    CacheError,
    CitecheckError,
    JudgeCallError,
    NoAnswerError,
    RateLimitError,
)
from citecheck.matcher import MatchOptions

# The judge package loads with the first batch: `citecheck match` never runs one. Nor does it load
# asyncio (with ssl, sockets and subprocess, about 25 ms): the functions that run a batch import it.
if TYPE_CHECKING:
    import asyncio

    from citecheck.judge import AsyncJudge, Judge, TypeSafeJudge

__all__ = ["DEFAULT_CONCURRENCY", "BatchResults", "BatchTotals", "Entry", "run_batch", "run_checks", "run_sync"]

DEFAULT_CONCURRENCY = 32
"""Questions in flight at once by default: the SDK pools 100 connections; 32 reaches the API's
throughput at its usual latency while leaving room for other clients."""

_PROGRESS_FROM = 100  # a bar on shorter batches is only noise
# Citations located between two cache lookups: small at first, so the first questions go out
# while step 1 goes on, then larger, so a database cache sees few round trips per batch.
_FIRST_CHUNK = 64
_LARGEST_CHUNK = 4096
# Seconds of step 1 between two turns of the event loop while questions are out: short against an
# answer's latency (tens of ms), long against a turn's own cost (tens of µs once the loop is idle).
_STEP_ONE_SLICE = 0.001
# Loop turns step 1 gives at each yield. Handing a freed slot on takes a few turns (the answer's
# task ends, the question's caller wakes and releases the slot, the next question wakes and starts
# its task): with one turn per slice, each of them waited for a slice of step 1 of its own.
_TURNS_PER_YIELD = 3

Entry = Union[CitationResult, CitationFailure]
Fold = Callable[[Citation, Location, Union[JudgeAnswer, None]], CitationResult]


class BatchTotals(BaseModel):
    """What a batch found and what it cost."""

    # Built on first use: at import its validator was a few ms of every start-up, `citecheck match`'s
    # included, which makes none.
    model_config = ConfigDict(frozen=True, strict=True, extra="forbid", defer_build=True)

    citations: int
    """Citations in the batch."""
    verdicts: dict[str, int]
    """How many results got each verdict (every verdict is a key, with 0 when none got it)."""
    failures: int
    """Citations that could not be checked (`CitationFailure`)."""
    review: int
    """Results a person should review (``auto`` is ``False``)."""
    calls: int
    """Questions sent to the judge (for `TypeSafeJudge`: API calls made, retries not counted)."""
    replayed: int
    """Answers taken from the cache instead of a call."""
    shared: int
    """Citations that reused the answer to an identical (claim, section text) pair of the same batch."""
    input_tokens: int
    """Input tokens of the calls made (replayed answers cost nothing)."""
    output_tokens: int
    """Output tokens of the calls made."""
    seconds: float
    """Wall-clock time of the batch."""


class BatchResults(Sequence[Entry]):
    """A batch's entries, one per citation in input order, with the batch's `totals`.

    A read-only sequence: index it, iterate over it, take its ``len``; ``list(results)`` copies it.
    """

    __slots__ = ("_entries", "totals")

    def __init__(self, entries: Sequence[Entry], totals: BatchTotals) -> None:
        self._entries = tuple(entries)
        self.totals = totals
        """What the batch found and what it cost."""

    @overload
    def __getitem__(self, index: int) -> Entry: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Entry, ...]: ...
    def __getitem__(self, index: int | slice) -> Entry | tuple[Entry, ...]:
        return self._entries[index]

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries)

    def __eq__(self, other: object) -> bool:
        # By the entries alone: the totals hold the batch's timing, which no two runs share.
        if isinstance(other, BatchResults):
            return self._entries == other._entries
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal by content, so not hashable

    def __repr__(self) -> str:
        # Short for a large batch: asyncio formats the finished task's result (this object) when it
        # restores its SIGINT handler, and a repr of thousands of results costs most of a second.
        if len(self) <= 5:
            return f"BatchResults({list(self._entries)!r}, totals={self.totals!r})"
        return f"<BatchResults of {len(self)} entries, totals={self.totals!r}>"

    @property
    def results(self) -> tuple[Entry, ...]:
        """The entries, as a tuple."""
        return self._entries


@dataclass
class RunState:
    """A batch in progress: what is done so far, so an interrupted run can say what is left."""

    names: list[str] = field(default_factory=list)
    entries: list[Entry | None] = field(default_factory=list)
    calls: int = 0
    replayed: int = 0
    shared: int = 0
    input_tokens: int = 0
    output_tokens: int = 0

    def interrupted(self) -> BatchInterrupted:
        done = tuple(entry for entry in self.entries if entry is not None)
        pending = tuple(name for name, entry in zip(self.names, self.entries, strict=True) if entry is None)
        return BatchInterrupted(done, pending)

    def totals(self, seconds: float) -> BatchTotals:
        verdicts = dict.fromkeys((v.value for v in Verdict), 0)
        failures = review = 0
        for entry in self.entries:
            if isinstance(entry, CitationResult):
                verdicts[entry.verdict.value] += 1
                review += not entry.auto
            else:
                failures += 1
        return BatchTotals(
            citations=len(self.entries),
            verdicts=verdicts,
            failures=failures,
            review=review,
            calls=self.calls,
            replayed=self.replayed,
            shared=self.shared,
            input_tokens=self.input_tokens,
            output_tokens=self.output_tokens,
            seconds=round(seconds, 3),
        )


class _Progress:
    """A tqdm bar on stderr for long batches in a terminal; nothing when piped or asked not to."""

    def __init__(self, total: int, enabled: bool | None) -> None:
        if enabled is None:
            enabled = total >= _PROGRESS_FROM and sys.stderr.isatty()
        self._bar: Any = None
        if enabled:
            from tqdm import tqdm  # type: ignore[import-untyped]  # ships no py.typed

            self._bar = tqdm(total=total, unit="citation", file=sys.stderr, dynamic_ncols=True, leave=False)

    def step(self) -> None:
        if self._bar is not None:
            self._bar.update(1)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


Key = tuple[str, str]
"""A question: the claim and the section text the judge reads."""


def _asks_async(judge: Judge | AsyncJudge) -> bool:
    """Whether a batch awaits the judge's ``ajudge`` rather than running its ``judge`` in threads.

    A judge with both says which through ``can_ajudge`` (a `TypeSafeJudge` tied to a sync-only
    client, a `CachedJudge` around a sync judge: their ``ajudge`` would only wrap a thread).
    """
    from citecheck.judge import AsyncJudge

    can = getattr(judge, "can_ajudge", None)
    return can if isinstance(can, bool) else isinstance(judge, AsyncJudge)


class _Batch:
    """One run of `run_batch`: step 1 for every citation, and step 2 asking each distinct question once."""

    def __init__(
        self,
        documents: tuple[Document, ...],
        judge: Judge | AsyncJudge,
        fold: Fold,
        state: RunState,
        bar: _Progress,
        *,
        options: MatchOptions,
        concurrency: int,
        gate: asyncio.Semaphore | None = None,
    ) -> None:
        self.documents = documents
        self.judge = judge
        self.fold = fold
        self.state = state
        self.bar = bar
        self.options = options
        import asyncio

        self.semaphore = gate if gate is not None else asyncio.Semaphore(concurrency)
        from citecheck.judge import AnswerCache, CachingJudge, SharingJudge

        # What the judge can do, not what it is: every judge gets the same dedupe, pre-check and pool.
        self.cached = judge if isinstance(judge, CachingJudge) and isinstance(judge.cache, AnswerCache) else None
        self.use_async = _asks_async(judge)
        self.sharing = judge if self.use_async and isinstance(judge, SharingJudge) else None
        self.executor = (
            None if self.use_async else ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="citecheck")
        )
        self.loop = asyncio.get_running_loop()
        self.concurrency = concurrency
        self.inflight: dict[Key, asyncio.Task[JudgeAnswer]] = {}
        self.outstanding = 0  # questions asked and not yet answered
        self.known: dict[Key, JudgeAnswer] = {}
        self.stopping = False

    def finish(self, position: int, entry: Entry) -> None:
        self.state.entries[position] = entry
        self.bar.step()

    def conclude(self, position: int, citation: Citation, location: Location, answer: object) -> None:
        """Fold the answer into the citation's result; a wrong answer or a failing fold is its failure."""
        try:
            checked = None if location.text is None else checked_answer(citation, answer)
            self.finish(position, self.fold(citation, location, checked))
        except Exception as error:
            self.finish(position, item_failure(position, citation.id, error, location))

    async def check_all(self, citations: Sequence[Citation | Mapping[str, Any]]) -> None:
        """Locate every citation in input order, chunk by chunk: one cache lookup per chunk, then ask."""
        import asyncio

        chunk: list[tuple[int, Citation, Location]] = []
        size = _FIRST_CHUNK
        turn_ends = perf_counter() + _STEP_ONE_SLICE
        for position, raw in enumerate(citations):
            located = self._locate(position, raw)
            if located is not None:
                chunk.append((position, *located))
            # A full chunk goes to the cache in one lookup; so does a short one when questions are out
            # and a slot is free: a slot left idle while step 1 fills the chunk is time the batch never
            # gets back. (With none out, as in a rerun the cache answers, chunks stay whole.)
            if chunk and (len(chunk) >= size or 0 < self.outstanding < self.concurrency):
                full = len(chunk) >= size
                await self._dispatch(chunk)
                chunk = []
                if full:
                    size = min(size * 2, _LARGEST_CHUNK)
            if self.outstanding and perf_counter() >= turn_ends:
                # A few turns of the loop every _STEP_ONE_SLICE of step 1 while questions are out:
                # an answer that came in is read, and its slot handed on, within a slice, not after
                # a whole chunk; and step 1 still gets most of a loop that would otherwise wait.
                for _ in range(_TURNS_PER_YIELD):
                    await asyncio.sleep(0)
                turn_ends = perf_counter() + _STEP_ONE_SLICE
        await self._dispatch(chunk)
        if self.inflight:
            await asyncio.wait(self.inflight.values())
            await asyncio.sleep(0)  # done-callbacks run on the next loop iteration

    def _locate(self, position: int, raw: Citation | Mapping[str, Any]) -> tuple[Citation, Location] | None:
        """Step 1: the citation and where its quote and section are; ``None`` when it failed (then it is done)."""
        try:
            citation = as_citation(raw, position)
            return citation, locate(self.documents, citation, self.options)
        except Exception as error:
            # Anything, not only our own errors: one odd citation must not cost the batch.
            self.finish(position, item_failure(position, self.state.names[position], error))
            return None

    async def _dispatch(self, chunk: list[tuple[int, Citation, Location]]) -> None:
        """Step 2 for a chunk of located citations: the cache's answers for all of them in one lookup, then each."""
        hits: dict[Key, JudgeAnswer | CitecheckError] = {}
        if self.cached is not None:
            wanted = list(
                dict.fromkeys(
                    (citation.claim, location.text)
                    for _, citation, location in chunk
                    if location.text is not None
                    and (citation.claim, location.text) not in self.known
                    and (citation.claim, location.text) not in self.inflight
                )
            )
            from citecheck.judge import alookup_answers

            try:
                hits = await alookup_answers(self.cached, wanted)
            except Exception as error:  # the cache cannot be read: each of these citations fails, the rest go on
                for position, citation, location in chunk:
                    if location.text is None or (citation.claim, location.text) in self.known:
                        self._answer_or_ask(position, citation, location, {})
                    else:
                        failure = judge_failure(citation, error)
                        self.finish(position, item_failure(position, citation.id, failure, location))
                return
        for position, citation, location in chunk:
            self._answer_or_ask(position, citation, location, hits)

    def _answer_or_ask(
        self, position: int, citation: Citation, location: Location, hits: Mapping[Key, JudgeAnswer | CitecheckError]
    ) -> None:
        """Step 2: nothing to judge, an answer the batch has, the cache's, a question in flight, or a new one."""
        if location.text is None:
            self.conclude(position, citation, location, None)
            return
        key = (citation.claim, location.text)
        if key in self.known:
            self.state.shared += 1
            self.conclude(position, citation, location, self.known[key])
            return
        task = self.inflight.get(key)
        if task is None and key in hits:
            self._replayed(position, citation, location, key, hits[key])
            return
        if task is None:
            task = self.inflight[key] = self.loop.create_task(self.ask(*key))
            self.outstanding += 1
            task.add_done_callback(self._landed)
        else:
            self.state.shared += 1
        task.add_done_callback(partial(self._answered, position, citation, location, key))

    def _landed(self, task: asyncio.Task[JudgeAnswer]) -> None:
        """A question is done (answered, failed or cancelled): one fewer out."""
        self.outstanding -= 1

    def _replayed(
        self, position: int, citation: Citation, location: Location, key: Key, hit: JudgeAnswer | CitecheckError
    ) -> None:
        """The judge's cache settled the citation: with its recorded answer, or with an entry that is none."""
        if isinstance(hit, CitecheckError):
            self.finish(position, item_failure(position, citation.id, judge_failure(citation, hit), location))
            return
        self.state.replayed += 1
        self.known[key] = hit
        self.conclude(position, citation, location, hit)

    async def _send(self, claim: str, text: str) -> tuple[object, bool]:
        """The judge's answer, and whether this batch sent the question (``False``: another batch on the judge did)."""
        if self.sharing is not None:
            return await self.sharing.aanswer(claim, text)
        if self.use_async:
            return await self.judge.ajudge(claim, text), True  # type: ignore[union-attr]
        return await self.loop.run_in_executor(self.executor, self.judge.judge, claim, text), True  # type: ignore[union-attr]

    async def ask(self, claim: str, text: str) -> JudgeAnswer:
        """Ask the judge, at most ``concurrency`` at a time, counting the calls and tokens paid."""
        async with self.semaphore:
            try:
                answer, sent = await self._send(claim, text)
            except (NoAnswerError, CacheError, RateLimitError):
                raise  # refused before anything was sent: not a call
            except Exception:
                self.state.calls += 1
                raise
            if not sent:  # another batch on this judge asked it: nothing paid here
                self.state.shared += 1
                return answer  # type: ignore[return-value]  # a JudgeAnswer: SharingJudge.aanswer's
            self.state.calls += 1
        if isinstance(answer, JudgeAnswer):
            self.state.input_tokens += answer.input_tokens
            self.state.output_tokens += answer.output_tokens
        return answer  # type: ignore[return-value]  # checked per citation, so each failure names its own

    def _answered(
        self, position: int, citation: Citation, location: Location, key: Key, task: asyncio.Task[JudgeAnswer]
    ) -> None:
        """A question's task is done: conclude the citation, or leave it pending when the batch is stopping."""
        if task.cancelled():
            if not self.stopping:  # the judge cancelled its own question: that citation's failure
                cancelled = JudgeCallError("the question was cancelled", citation=citation.id)
                self.finish(position, item_failure(position, citation.id, cancelled, location))
            return  # the batch is stopping: the citation is left pending
        error = task.exception()
        if error is not None and not isinstance(error, Exception):
            return  # a Ctrl-C or exit inside the judge (Python 3.10 raises it there): left pending
        if error is not None:
            self.finish(position, item_failure(position, citation.id, judge_failure(citation, error), location))
            return
        answer = task.result()
        if isinstance(answer, JudgeAnswer):
            self.known[key] = answer
        self.conclude(position, citation, location, answer)

    async def close(self) -> None:
        """Cancel the questions still in flight, stop the threads, close the bar and flush the judge's cache."""
        import asyncio

        self.stopping = True
        pending = [task for task in self.inflight.values() if not task.done()]
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
        self.bar.close()
        flush = getattr(self.judge, "flush", None)
        if callable(flush):
            flush()


async def run_batch(
    documents: tuple[Document, ...],
    citations: Sequence[Citation | Mapping[str, Any]],
    judge: Judge | AsyncJudge,
    fold: Fold,
    *,
    options: MatchOptions,
    concurrency: int,
    progress: bool | None,
    run: RunState | None = None,
    gate: asyncio.Semaphore | None = None,
) -> BatchResults:
    """Check ``citations`` against ``documents``: one entry per citation, in input order.

    ``run`` receives the entries as they finish, so a caller can report on an interrupted batch.
    ``gate`` bounds the questions in flight across several batches run at once (instead of
    ``concurrency`` per batch).
    Cancelling the task cancels the questions in flight; every answer already received stays
    recorded in the judge's cache, which is flushed on the way out.
    """
    started = perf_counter()
    state = run if run is not None else RunState()
    state.names = [citation_name(raw, position) for position, raw in enumerate(citations)]
    state.entries = [None] * len(citations)
    bar = _Progress(len(citations), progress)
    batch = _Batch(documents, judge, fold, state, bar, options=options, concurrency=concurrency, gate=gate)
    try:
        await batch.check_all(citations)
    finally:
        await batch.close()
    entries = [entry for entry in state.entries if entry is not None]
    if len(entries) != len(citations):  # a done-callback not yet run: never drop a citation silently
        raise RuntimeError("a batch finished with citations left unchecked")
    return BatchResults(entries, state.totals(perf_counter() - started))


def run_sync(
    documents: tuple[Document, ...],
    citations: Sequence[CitationLike],
    judge: Judge | AsyncJudge | None,
    fold: Fold,
    options: MatchOptions,
    concurrency: int,
    progress: bool | None,
) -> BatchResults:
    """A batch run to its end from synchronous code; Ctrl-C raises `BatchInterrupted` with what was checked."""
    run = RunState()
    try:
        return _run_to_end(lambda: run_checks(documents, citations, judge, fold, options, concurrency, progress, run))
    except KeyboardInterrupt:
        raise run.interrupted() from None


async def run_checks(
    documents: tuple[Document, ...],
    citations: Sequence[CitationLike],
    judge: Judge | AsyncJudge | None,
    fold: Fold,
    options: MatchOptions,
    concurrency: int,
    progress: bool | None,
    run: RunState | None,
) -> BatchResults:
    """The batch both faces run, on documents already coerced: judge, and close what the batch opened.

    The synchronous face runs it on a loop of its own (``run`` is then given, to report an
    interruption), so the judge's async client is closed with that loop; on the caller's loop only a
    judge the batch made itself is closed. Each citation is coerced in the batch, so that a bad one
    is that citation's failure.
    """
    from citecheck.judge import TypeSafeJudge

    own_loop = run is not None
    owned, used = _judge_for_batch(judge)
    try:
        return await run_batch(
            documents, citations, used, fold, options=options, concurrency=concurrency, progress=progress, run=run
        )
    finally:
        if isinstance(used, TypeSafeJudge) and (own_loop or owned is not None):
            await used.aclose_loop()
        if owned is not None:
            owned.close()


def _judge_for_batch(judge: Judge | AsyncJudge | None) -> tuple[TypeSafeJudge | None, Judge | AsyncJudge]:
    """``(owned, used)``: the caller's judge as it is, or a default `TypeSafeJudge` the batch closes."""
    from citecheck.judge import TypeSafeJudge

    if judge is not None:
        return None, judge
    owned = TypeSafeJudge()
    return owned, owned


def _run_to_end(main: Callable[[], Coroutine[Any, Any, BatchResults]]) -> BatchResults:
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(main())
    # Called from async code (a notebook): a loop cannot be nested, so the batch gets a thread.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, main()).result()
