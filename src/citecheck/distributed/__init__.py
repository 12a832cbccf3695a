"""Checking citations past one machine: one engine-neutral step, and a Ray Data engine on it.

`check_rows` takes any iterable of citation rows (mappings), a document loader and a `Checker`
(or a judge), and returns one result row per input row, keyed by its row id. `check_dataset` runs
it on Ray Data with long-lived workers (install ``citecheck-llm[ray]``; Ray is imported only when
it is called); so can Dask's ``map_partitions``, Spark's ``mapInPandas`` or a plain loop. The
shared answer cache is ``TypeSafeJudge(cache="postgresql://...")`` and the shared request budget
``TypeSafeJudge(rate_limit=RateLimit(..., store="redis://..."))``. Each row is checked
against the one document it names, never searched for in others: a corpus of 100k documents
cannot be searched per citation, and a result must not depend on which documents happened to
share a partition. The rows of one document run as one batch of the existing async engine (its
single-flight dedupe, its cache lookups), all documents of the partition at once under one bound
on the questions in flight.

Result rows are flat, for Parquet and data frames: the row id, the document, the citation id,
``kind`` (``result`` or ``failure``), verdict, confidence, auto, flags, the failure's error type and
message, and ``entry``: the whole `CitationResult` or `CitationFailure` as JSON (the evidence, the
answer, the location), so nothing a local run keeps is lost.

On Ray, `check_dataset` sorts the citations by document, so each document's rows arrive together
and each document is parsed about once per worker, and identical questions meet on one worker,
where the batch engine's single-flight dedupe applies. Rows are checked by a pool of long-lived
actors (``map_batches`` with an actor pool): each one holds its checker and judge (and the judge's
cache connection: a ``postgresql://`` cache shares answers between workers), an LRU of parsed,
indexed documents, and one event loop that runs `check_rows` on each batch. Ray retries a task
whose worker or node is lost; rows are keyed by their row id, and a retried batch asks again only
the questions the shared cache does not hold yet (at-least-once asking, exactly one result row per
input row).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any, Union

from citecheck._models import CitationFailure, Document
from citecheck.checker import Checker, Entry, chosen_checker, run_batch, view
from citecheck.errors import CitecheckError, DocumentError, InvalidCitationError
from citecheck.judge import AsyncJudge, Judge, TypeSafeJudge

if TYPE_CHECKING:
    import pyarrow  # type: ignore[import-untyped]  # ships no py.typed
    from ray.data import Dataset

__all__ = [
    "CITATION_FIELDS",
    "LOCAL_RAY_ENV",
    "RESULT_FIELDS",
    "DocumentLoader",
    "Documents",
    "acheck_rows",
    "check_dataset",
    "check_rows",
    "result_schema",
    "row_id_of",
]

CITATION_FIELDS = ("id", "claim", "quote", "section")
"""The citation's own fields in an input row (with ``document`` naming its source)."""


class _Out:
    """What a result row is made of: its row id, its document's name, the result and its projection."""

    __slots__ = ("document", "entry", "row_id", "seen")

    def __init__(self, row_id: str, document: str | None, entry: Entry) -> None:
        self.row_id, self.document, self.entry = row_id, document, entry
        self.seen = view(entry)


def _flags(out: _Out) -> list[str]:
    return [] if out.seen.failure is not None else list(out.seen.flags)


_COLUMNS: dict[str, tuple[str, Callable[[_Out], Any]]] = {
    "row_id": ("string", lambda out: out.row_id),
    "document": ("string", lambda out: out.document),
    "citation_id": ("string", lambda out: out.seen.id),
    "kind": ("string", lambda out: "failure" if out.seen.failure is not None else "result"),
    "verdict": ("string", lambda out: out.seen.verdict.value if out.seen.verdict is not None else None),
    "confidence": ("float64", lambda out: out.seen.confidence),
    "auto": ("bool", lambda out: out.seen.action in ("auto", "human")),
    "flags": ("list<string>", _flags),
    "error": ("string", lambda out: out.seen.error),
    "message": ("string", lambda out: out.seen.message),
    "entry": ("string", lambda out: out.entry.model_dump_json()),
}
"""The columns of a result row, in order, with their Arrow types and how each is read from the
result's projection (`citecheck.checker.view`): the one place they are written."""

RESULT_FIELDS = tuple(_COLUMNS)
"""The columns of a result row, in order."""

DocumentLoader = Callable[[str], Union[Document, str, "os.PathLike[str]"]]
"""A document's name to the `Document`, or to the path of a file `parse_file` reads."""


def row_id_of(row: Mapping[str, Any], *, document_column: str = "document") -> str:
    """A row id derived from the row's content: the sha256 of its document and citation fields.

    Citation ids repeat across answers, so they cannot be the key; two rows that are identical in
    all these fields get one id (give an id column when such rows must stay apart).
    """
    key = [row.get(document_column), *(row.get(name) for name in CITATION_FIELDS)]
    # surrogatepass: a lone surrogate in a claim still gets an id (its row then fails alone, saying why).
    text = json.dumps(key, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class Documents:
    """Documents loaded lazily by name and kept in an LRU of parsed, indexed documents.

    Args:
        source: A callable from a name to a `Document` (or a file path), or a path template such
            as ``"/corpus/{document}.txt"`` that `parse_file` reads.
        keep: How many parsed documents to keep: an indexed document takes up to 10x its text.
    """

    def __init__(self, source: DocumentLoader | str, *, keep: int = 64) -> None:
        if keep < 1:
            raise ValueError(f"keep must be at least 1, got {keep}")
        self.source = source
        self.keep = keep
        self.loads = 0
        """Documents parsed so far (each one about once per worker when rows come grouped by document)."""
        self._documents: OrderedDict[str, Document] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, name: str) -> Document:
        """The document called ``name``, parsed once while it stays among the ``keep`` most recent.

        Raises:
            DocumentError: It cannot be loaded or parsed; the message names it.
        """
        with self._lock:
            found = self._documents.get(name)
            if found is not None:
                self._documents.move_to_end(name)
                return found
        document = self._load(name)
        with self._lock:
            self.loads += 1
            self._documents[name] = document
            while len(self._documents) > self.keep:
                self._documents.popitem(last=False)
        return document

    def _load(self, name: str) -> Document:
        from citecheck.parsers import parse_file

        try:
            loaded = _in_folder(self.source, name) if isinstance(self.source, str) else self.source(name)
            if isinstance(loaded, Document):
                return loaded if loaded.name == name else loaded.model_copy(update={"name": name})
            return parse_file(Path(loaded), name=name)
        except DocumentError as error:
            message = str(error)
            named = name in message or repr(name) in message
            raise DocumentError(message if named else f"document {name!r}: {message}") from None
        except CitecheckError:
            raise
        except Exception as error:  # a loader's own failure is this document's rows' failure
            raise DocumentError(f"document {name!r} cannot be loaded: {type(error).__name__}: {error}") from None


def _in_folder(template: str, name: str) -> Path:
    r"""The file a path template names for ``name``, which must stay in the template's folder.

    The folder is what the template fixes before ``{document}`` (``corpus/`` of
    ``corpus/{document}.txt``). The file is resolved, symlinks included, before it is compared: a
    name such as ``../secret`` or a link out of the folder is refused, never read.

    Raises:
        DocumentError: The name leads outside the folder, is absolute or has a ``..`` part (with
            ``/`` or ``\`` as its separator), or holds a NUL.
    """
    if "\0" in name:
        raise DocumentError(f"document {name!r}: a name with a NUL character names no file")
    windows = PureWindowsPath(name)  # read with both separators, so a name means the same on every system
    if windows.drive or windows.root or ".." in windows.parts or ".." in PurePosixPath(name).parts:
        raise DocumentError(
            f"document {name!r}: an absolute name, or one with a '..' part,"
            " leads outside the template's folder: not read"
        )
    folder = Path(template.split("{document}", 1)[0] or ".")
    if not template.split("{document}", 1)[0].endswith(("/", os.sep)):
        folder = folder.parent  # ``corpus/doc-{document}``: the folder is corpus/
    path = Path(template.format(document=name))
    root, target = folder.resolve(), path.resolve()
    if not target.is_relative_to(root):
        raise DocumentError(f"document {name!r} names {path}, outside the template's folder {folder}: not read")
    return path


def _row(row_id: str, document: str | None, entry: Entry) -> dict[str, Any]:
    """A result row, read from the one projection every output reads (`citecheck.checker.view`)."""
    out = _Out(row_id, document, entry)
    return {name: read(out) for name, (_, read) in _COLUMNS.items()}


def _row_id(position: int, row: object, id_column: str, document_column: str) -> str:
    if not isinstance(row, Mapping):
        return f"#{position + 1}"  # counting from 1, as a citation is named
    given = row.get(id_column)
    return _storable(str(given)) if given is not None else row_id_of(row, document_column=document_column)


def _storable(text: str) -> str:
    """``text`` with any lone surrogate written as an escape: Arrow and Parquet hold only UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _failure(position: int, row: Mapping[str, Any], error: CitecheckError) -> CitationFailure:
    name = row.get("id")
    return CitationFailure(
        position=position + 1,
        id=_storable(name) if isinstance(name, str) else f"#{position + 1}",
        error=type(error).__name__,
        message=str(error),
    )


async def acheck_rows(
    rows: Iterable[Mapping[str, Any]],
    *,
    documents: Documents | DocumentLoader | str,
    checker: Checker | None = None,
    judge: Judge | AsyncJudge | None = None,
    id_column: str = "row_id",
    document_column: str = "document",
) -> list[dict[str, Any]]:
    """The async twin of `check_rows`, for a caller that runs its own event loop (a long-lived worker)."""
    library = documents if isinstance(documents, Documents) else Documents(documents)
    chosen = chosen_checker(checker, judge)
    owned = TypeSafeJudge() if chosen.judge is None else None
    try:
        return await _check_rows(rows, library, chosen, owned or chosen.judge, id_column, document_column)  # type: ignore[arg-type]
    finally:
        if owned is not None:
            await owned.aclose_loop()
            owned.close()


async def _check_rows(
    rows: Iterable[Mapping[str, Any]],
    library: Documents,
    checker: Checker,
    judge: Judge | AsyncJudge,
    id_column: str,
    document_column: str,
) -> list[dict[str, Any]]:
    options, concurrency = checker.options, checker.concurrency
    listed = list(rows)
    ids = [_row_id(position, row, id_column, document_column) for position, row in enumerate(listed)]
    out: list[dict[str, Any] | None] = [None] * len(listed)
    groups: dict[str, list[int]] = {}
    for position, row in enumerate(listed):
        if not isinstance(row, Mapping):  # one bad row costs only itself
            wrong = InvalidCitationError(
                f"#{position + 1}", None, f"a row is a mapping of columns, got {type(row).__name__}"
            )
            out[position] = _row(ids[position], None, _failure(position, {}, wrong))
            continue
        name = row.get(document_column)
        if not isinstance(name, str) or not name:
            missing = DocumentError(f"row {ids[position]}: no {document_column!r} names the citation's document")
            out[position] = _row(ids[position], None, _failure(position, row, missing))
            continue
        given = row.get(id_column)
        named = _storable(name)
        if named != name or (given is not None and _storable(str(given)) != str(given)):
            # Its result row could not be written to Arrow (Ray's blocks, Parquet): the whole batch would fail.
            column = document_column if named != name else id_column
            cited = row.get("id")
            named_id = _storable(cited) if isinstance(cited, str) else f"#{position + 1}"
            wrong = InvalidCitationError(named_id, column, "it holds a lone surrogate, not text")
            out[position] = _row(ids[position], named, _failure(position, row, wrong))
            continue
        groups.setdefault(name, []).append(position)

    fold = checker.fold
    gate = asyncio.Semaphore(concurrency)
    # One parse at a time, in the order the rows name the documents: parsing holds the GIL anyway,
    # and the LRU then keeps and drops documents in an order that does not depend on thread timing.
    loading = asyncio.Lock()

    async def one_document(name: str, positions: Sequence[int]) -> None:
        try:
            async with loading:
                document = await asyncio.to_thread(library.get, name)  # parsing is CPU work: off the loop
        except CitecheckError as error:
            for position in positions:
                out[position] = _row(ids[position], name, _failure(position, listed[position], error))
            return
        citations = [{field: listed[p].get(field) for field in CITATION_FIELDS} for p in positions]
        batch = await run_batch(
            (document,), citations, judge, fold, options=options, concurrency=concurrency, progress=False, gate=gate
        )
        for position, entry in zip(positions, batch, strict=True):
            out[position] = _row(ids[position], name, entry)

    await asyncio.gather(*(one_document(name, positions) for name, positions in groups.items()))
    return [row for row in out if row is not None]


def check_rows(
    rows: Iterable[Mapping[str, Any]],
    *,
    documents: Documents | DocumentLoader | str,
    checker: Checker | None = None,
    judge: Judge | AsyncJudge | None = None,
    id_column: str = "row_id",
    document_column: str = "document",
    loop: asyncio.AbstractEventLoop | None = None,
) -> list[dict[str, Any]]:
    """Check a partition of citation rows against their documents: one result row per input row.

    Args:
        rows: Mappings with ``document`` (the source's name), ``id``, ``claim``, ``quote`` and
            ``section``, and optionally a row id; other keys are ignored.
        documents: A `Documents` LRU (kept between partitions by a long-lived worker), a callable
            from a name to a `Document` or a file path, or a path template such as
            ``"/corpus/{document}.txt"``.
        checker: How to check (by default `citecheck.checker.DEFAULT_CHECKER`): the preset and
            tiers, the auto-accept threshold, the judge, and its ``concurrency``, the questions in
            flight at once for the whole partition.
        judge: What answers step 2 instead of the checker's (a `TypeSafeJudge` with a shared
            cache); with neither, a `TypeSafeJudge` for this call.
        id_column: The row id's key; a row without one gets `row_id_of` its content.
        document_column: The key naming each row's document.
        loop: An event loop to run on (a worker's own, kept between partitions, so its judge's
            HTTP connections are reused); by default a new one for this call.

    Returns:
        One row per input row, in input order, with the columns of `RESULT_FIELDS`. A row whose
        document is missing or cannot be loaded, or whose citation is malformed, is a
        ``failure`` row naming why; the other rows are checked.
    """
    work = acheck_rows(
        rows, documents=documents, checker=checker, judge=judge, id_column=id_column, document_column=document_column
    )
    if loop is not None:
        return loop.run_until_complete(work)
    return asyncio.run(work)


LOCAL_RAY_ENV = {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",  # single-node mode: every Ray server on 127.0.0.1
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_AUTH_MODE": "disabled",  # no token written into the user's home for a throwaway local cluster
}
"""Environment for a local Ray that binds and connects only on loopback; set it before importing ray.

By default Ray resolves even ``_node_ip_address="127.0.0.1"`` to the machine's network address
and listens on every interface; in single-node mode it keeps to 127.0.0.1.
"""


# --- Ray Data as the engine ---------------------------------------------------------------------
# Ray is imported inside these functions only: ``import citecheck.distributed`` never loads it.


def result_schema() -> pyarrow.Schema:
    """The Arrow schema of the result rows (`RESULT_FIELDS`)."""
    import pyarrow as pa

    arrow = {"string": pa.string(), "float64": pa.float64(), "bool": pa.bool_(), "list<string>": pa.list_(pa.string())}
    return pa.schema([(name, arrow[kind]) for name, (kind, _) in _COLUMNS.items()])


def _add_row_ids(batch: pyarrow.Table, id_column: str, document_column: str) -> pyarrow.Table:
    """Each row's id derived from its content, before rows are moved between workers."""
    import pyarrow as pa

    ids = [row_id_of(row, document_column=document_column) for row in batch.to_pylist()]
    return batch.append_column(id_column, pa.array(ids, pa.string()))


class _Worker:
    """A long-lived worker: its checker and judge, its cache connection, its documents, one event loop."""

    def __init__(
        self,
        documents: DocumentLoader | str,
        checker: Checker,
        judge: Callable[[], Judge | AsyncJudge],
        columns: tuple[str, str],
        keep: int,
    ) -> None:
        self.loop = asyncio.new_event_loop()
        self.checker = checker.with_judge(judge())
        self.documents = Documents(documents, keep=keep)
        self.columns = columns

    def __call__(self, batch: pyarrow.Table) -> pyarrow.Table:
        import pyarrow as pa

        rows = check_rows(
            batch.to_pylist(),
            documents=self.documents,
            checker=self.checker,
            loop=self.loop,
            id_column=self.columns[0],
            document_column=self.columns[1],
        )
        return pa.Table.from_pylist(rows, schema=result_schema())


def check_dataset(
    citations: Dataset,
    *,
    documents: DocumentLoader | str,
    judge: Callable[[], Judge | AsyncJudge],
    checker: Checker | None = None,
    actors: int = 2,
    batch_size: int = 512,
    keep_documents: int = 64,
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
        checker: How to check (by default `citecheck.checker.DEFAULT_CHECKER`): the preset and
            tiers, the auto-accept threshold, and its ``concurrency``, the questions in flight per
            worker; each worker runs it with the judge ``judge`` builds. It travels to the workers
            by pickle (Ray's cloudpickle): each tier must pickle, and a tier whose class lives in
            a module (a tier plugin's, say) is rebuilt from that module, so it must be installed
            on the workers too; a class of the driver's own script travels whole.
        actors: Ray actors in the pool (each holds its documents and a judge): not the questions
            in flight, which are the checker's ``concurrency``, per actor.
        batch_size: Rows per call of a worker: its batch engine's batch.
        keep_documents: Parsed documents each worker keeps (they take up to 10x their text in memory).
        id_column: The row id column; derived from each row's content when the dataset has none.
        document_column: The column that names each row's document.
        num_cpus: CPUs each worker reserves. Leave whole CPUs free on some node: Ray Data's sort
            tasks that feed the workers need 1 CPU each, and workers that reserve every CPU of
            every node starve them (the run then waits forever).

    Returns:
        A lazy `Dataset` with the columns of `RESULT_FIELDS`: write it
        with any Ray datasink (``.write_parquet(...)``). A row whose document is missing is a
        ``failure`` row; the run goes on.

    Raises:
        TypeError: ``checker`` is not a `Checker`: said here, before any worker starts.
    """
    chosen = chosen_checker(checker)

    from ray.data import ActorPoolStrategy

    if id_column not in citations.columns():
        derive = functools.partial(_add_row_ids, id_column=id_column, document_column=document_column)
        citations = citations.map_batches(derive, batch_format="pyarrow")
    grouped = citations.sort(document_column)
    columns = (id_column, document_column)
    return grouped.map_batches(
        _Worker,
        fn_constructor_args=(documents, chosen, judge, columns, keep_documents),
        batch_size=batch_size,
        batch_format="pyarrow",
        compute=ActorPoolStrategy(size=actors),
        num_cpus=num_cpus,
    )
