"""Ray Data as the engine (the ``ray`` extra): a `Dataset` of citations in, a `Dataset` of results out.

`check_dataset` sorts the citations by document, so each document's rows arrive together and each
document is parsed about once per worker, and identical questions meet on one worker, where the
batch engine's single-flight dedupe applies. Rows are checked by a pool of long-lived actors
(``map_batches`` with an actor pool): each one holds its judge (and the judge's cache connection:
a ``postgresql://`` cache shares answers between workers), an LRU of parsed, indexed documents, and
one event loop that runs the existing async engine (`citecheck._distributed.check_rows`) on each
batch.

Ray retries a task whose worker or node is lost; rows are keyed by their row id, and a retried
batch asks again only the questions the shared cache does not hold yet (at-least-once asking,
exactly one result row per input row).

Ray is imported here only: ``import citecheck`` never loads it.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from citecheck._batch import DEFAULT_CONCURRENCY
from citecheck._check import AUTO_ACCEPT
from citecheck._distributed import RESULT_FIELDS, DocumentLoader, Documents, check_rows, row_id_of
from citecheck.judge import AsyncJudge, Judge
from citecheck.matcher._options import options_of
from citecheck.matcher._tiers import Tier

if TYPE_CHECKING:
    import pyarrow  # type: ignore[import-untyped]  # ships no py.typed
    from ray.data import Dataset

__all__ = ["LOCAL_RAY_ENV", "check_dataset", "result_schema"]

LOCAL_RAY_ENV = {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",  # single-node mode: every Ray server on 127.0.0.1
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_AUTH_MODE": "disabled",  # no token written into the user's home for a throwaway local cluster
}
"""Environment for a local Ray that binds and connects only on loopback; set it before importing ray.

By default Ray resolves even ``_node_ip_address="127.0.0.1"`` to the machine's network address
and listens on every interface; in single-node mode it keeps to 127.0.0.1.
"""


def result_schema() -> pyarrow.Schema:
    """The Arrow schema of the result rows (`citecheck._distributed.RESULT_FIELDS`)."""
    import pyarrow as pa

    types = {
        "row_id": pa.string(), "document": pa.string(), "citation_id": pa.string(), "kind": pa.string(),
        "verdict": pa.string(), "confidence": pa.float64(), "auto": pa.bool_(), "flags": pa.list_(pa.string()),
        "error": pa.string(), "message": pa.string(), "entry": pa.string(),
    }  # fmt: skip
    return pa.schema([(name, types[name]) for name in RESULT_FIELDS])


def _add_row_ids(batch: pyarrow.Table, id_column: str, document_column: str) -> pyarrow.Table:
    """Each row's id derived from its content, before rows are moved between workers."""
    import pyarrow as pa

    ids = [row_id_of(row, document_column=document_column) for row in batch.to_pylist()]
    return batch.append_column(id_column, pa.array(ids, pa.string()))


class _Checker:
    """A long-lived worker: its judge, its cache connection, its documents, one event loop."""

    def __init__(
        self,
        documents: DocumentLoader | str,
        judge: Callable[[], Judge | AsyncJudge],
        options: dict[str, Any],
        keep: int,
    ) -> None:
        self.loop = asyncio.new_event_loop()
        self.judge = judge()
        self.documents = Documents(documents, keep=keep)
        self.options = options

    def __call__(self, batch: pyarrow.Table) -> pyarrow.Table:
        import pyarrow as pa

        rows = check_rows(batch.to_pylist(), documents=self.documents, judge=self.judge, loop=self.loop, **self.options)
        return pa.Table.from_pylist(rows, schema=result_schema())


def check_dataset(
    citations: Dataset,
    *,
    documents: DocumentLoader | str,
    judge: Callable[[], Judge | AsyncJudge],
    workers: int = 2,
    batch_size: int = 512,
    concurrency: int = DEFAULT_CONCURRENCY,
    keep_documents: int = 64,
    auto_accept: float = AUTO_ACCEPT,
    strict: bool = False,
    tiers: Sequence[Tier] | None = None,
    id_column: str = "row_id",
    document_column: str = "document",
    num_cpus: float = 1.0,
) -> Dataset:
    """Check a Ray `Dataset` of citations: one result row per input row, keyed by its row id.

    Args:
        citations: Rows with ``document``, ``id``, ``claim``, ``quote`` and ``section`` (and
            optionally ``id_column``; citation ids repeat across answers, so they are no key).
        documents: A callable from a document's name to a `Document` or a file path, or a path
            template such as ``"/corpus/{document}.txt"``; each worker loads lazily what its rows name.
        judge: Builds each worker's judge, on the worker, such as
            ``lambda: TypeSafeJudge(cache="postgresql://...", rate_limit=RateLimit("500/s", store="redis://..."))``.
        workers: Actors in the pool (each holds its documents and a judge).
        batch_size: Rows per call of a worker: its batch engine's batch.
        concurrency: Questions in flight per worker.
        keep_documents: Parsed documents each worker keeps (they take up to 10x their text in memory).
        auto_accept: The confidence at and above which a verdict stands without review.
        strict: Match quotes as the cookbook does.
        tiers: The tiers to run instead of the preset's (see `citecheck.matcher.locate`). They
            travel to the workers by pickle (Ray's cloudpickle): each must pickle, and a tier
            whose class lives in a module (a tier plugin's, say) is rebuilt from that module, so
            it must be installed on the workers too; a class of the driver's own script travels
            whole.
        id_column: The row id column; derived from each row's content when the dataset has none.
        document_column: The column that names each row's document.
        num_cpus: CPUs each worker reserves. Leave whole CPUs free on some node: Ray Data's sort
            tasks that feed the workers need 1 CPU each, and workers that reserve every CPU of
            every node starve them (the run then waits forever).

    Returns:
        A lazy `Dataset` with the columns of `citecheck._distributed.RESULT_FIELDS`: write it
        with any Ray datasink (``.write_parquet(...)``). A row whose document is missing is a
        ``failure`` row; the run goes on.

    Raises:
        TypeError: One of ``tiers`` is not a `Tier`: said here, before any worker starts.
    """
    tiers = None if tiers is None else tuple(tiers)
    options_of(strict, tiers)  # a bad tier fails here, not once per worker

    from ray.data import ActorPoolStrategy

    if id_column not in citations.columns():
        derive = functools.partial(_add_row_ids, id_column=id_column, document_column=document_column)
        citations = citations.map_batches(derive, batch_format="pyarrow")
    grouped = citations.sort(document_column)
    options = {
        "auto_accept": auto_accept, "strict": strict, "tiers": tiers, "concurrency": concurrency,
        "id_column": id_column, "document_column": document_column,
    }  # fmt: skip
    return grouped.map_batches(
        _Checker,
        fn_constructor_args=(documents, judge, options, keep_documents),
        batch_size=batch_size,
        batch_format="pyarrow",
        compute=ActorPoolStrategy(size=workers),
        num_cpus=num_cpus,
    )
