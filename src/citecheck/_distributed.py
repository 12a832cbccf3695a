"""The engine-neutral step of a distributed run: a partition of citation rows in, result rows out.

`check_rows` takes any iterable of citation rows (mappings), a document loader and a judge, and
returns one result row per input row, keyed by its row id. Ray Data calls it (`citecheck._ray`);
so can Dask's ``map_partitions``, Spark's ``mapInPandas`` or a plain loop. Each row is checked
against the one document it names, never searched for in others: a corpus of 100k documents
cannot be searched per citation, and a result must not depend on which documents happened to
share a partition. The rows of one document run as one batch of the existing async engine (its
single-flight dedupe, its cache lookups), all documents of the partition at once under one bound
on the questions in flight.

Result rows are flat, for Parquet and data frames: the row id, the document, the citation id,
``kind`` (``result`` or ``failure``), verdict, confidence, auto, flags, the failure's error type and
message, and ``entry``: the whole `CitationResult` or `CitationFailure` as JSON (the evidence, the
answer, the location), so nothing a local run keeps is lost.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Union

from citecheck._batch import DEFAULT_CONCURRENCY, Entry, run_batch
from citecheck._check import AUTO_ACCEPT, fold_verdict
from citecheck._models import CitationFailure, CitationResult, Document
from citecheck.errors import CitecheckError, DocumentError
from citecheck.judge import AsyncJudge, Judge
from citecheck.matcher._options import options_of
from citecheck.matcher._tiers import Tier

__all__ = [
    "CITATION_FIELDS",
    "RESULT_FIELDS",
    "DocumentLoader",
    "Documents",
    "acheck_rows",
    "check_rows",
    "row_id_of",
]

CITATION_FIELDS = ("id", "claim", "quote", "section")
"""The citation's own fields in an input row (with ``document`` naming its source)."""

RESULT_FIELDS = (
    "row_id", "document", "citation_id", "kind", "verdict", "confidence", "auto", "flags", "error", "message", "entry",
)  # fmt: skip
"""The columns of a result row, in order."""

DocumentLoader = Callable[[str], Union[Document, str, "os.PathLike[str]"]]
"""A document's name to the `Document`, or to the path of a file `parse_file` reads."""


def row_id_of(row: Mapping[str, Any], *, document_column: str = "document") -> str:
    """A row id derived from the row's content: the sha256 of its document and citation fields.

    Citation ids repeat across answers, so they cannot be the key; two rows that are identical in
    all these fields get one id (give an id column when such rows must stay apart).
    """
    key = [row.get(document_column), *(row.get(name) for name in CITATION_FIELDS)]
    return hashlib.sha256(json.dumps(key, ensure_ascii=False, default=str).encode()).hexdigest()[:32]


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
            loaded = self.source.format(document=name) if isinstance(self.source, str) else self.source(name)
            if isinstance(loaded, Document):
                return loaded if loaded.name == name else loaded.model_copy(update={"name": name})
            return parse_file(Path(loaded), name=name)
        except DocumentError as error:
            message = str(error)
            raise DocumentError(message if name in message else f"document {name!r}: {message}") from None
        except CitecheckError:
            raise
        except Exception as error:  # a loader's own failure is this document's rows' failure
            raise DocumentError(f"document {name!r} cannot be loaded: {type(error).__name__}: {error}") from None


def _row(row_id: str, document: str | None, entry: Entry) -> dict[str, Any]:
    if isinstance(entry, CitationResult):
        return {
            "row_id": row_id, "document": document, "citation_id": entry.id, "kind": "result",
            "verdict": entry.verdict.value, "confidence": entry.confidence, "auto": entry.auto,
            "flags": [str(flag) for flag in entry.location.flags], "error": None, "message": None,
            "entry": entry.model_dump_json(),
        }  # fmt: skip
    return {
        "row_id": row_id, "document": document, "citation_id": entry.id, "kind": "failure", "verdict": None,
        "confidence": None, "auto": False, "flags": [], "error": entry.error, "message": entry.message,
        "entry": entry.model_dump_json(),
    }  # fmt: skip


def _failure(position: int, row: Mapping[str, Any], error: CitecheckError) -> CitationFailure:
    name = row.get("id")
    return CitationFailure(
        position=position,
        id=name if isinstance(name, str) else f"#{position}",
        error=type(error).__name__,
        message=str(error),
    )


async def acheck_rows(
    rows: Iterable[Mapping[str, Any]],
    *,
    documents: Documents | DocumentLoader | str,
    judge: Judge | AsyncJudge,
    auto_accept: float = AUTO_ACCEPT,
    strict: bool = False,
    tiers: Sequence[Tier] | None = None,
    concurrency: int = DEFAULT_CONCURRENCY,
    id_column: str = "row_id",
    document_column: str = "document",
) -> list[dict[str, Any]]:
    """The async twin of `check_rows`, for a caller that runs its own event loop (a long-lived worker)."""
    library = documents if isinstance(documents, Documents) else Documents(documents)
    options = options_of(strict, tiers)
    listed = list(rows)
    ids = [str(row[id_column]) if row.get(id_column) is not None else row_id_of(row, document_column=document_column)
           for row in listed]  # fmt: skip
    out: list[dict[str, Any] | None] = [None] * len(listed)
    groups: dict[str, list[int]] = {}
    for position, row in enumerate(listed):
        name = row.get(document_column)
        if not isinstance(name, str) or not name:
            missing = DocumentError(f"row {ids[position]}: no {document_column!r} names the citation's document")
            out[position] = _row(ids[position], None, _failure(position, row, missing))
            continue
        groups.setdefault(name, []).append(position)

    fold = partial(fold_verdict, auto_accept=auto_accept)
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
    judge: Judge | AsyncJudge,
    auto_accept: float = AUTO_ACCEPT,
    strict: bool = False,
    tiers: Sequence[Tier] | None = None,
    concurrency: int = DEFAULT_CONCURRENCY,
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
        judge: What answers step 2, as for `check_citations` (a `TypeSafeJudge` with a shared cache).
        auto_accept: The confidence at and above which a verdict stands without review.
        strict: Match quotes as the cookbook does.
        tiers: The tiers to run instead of the preset's (see `citecheck.matcher.locate`).
        concurrency: Questions in flight at once for the whole partition.
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
        rows, documents=documents, judge=judge, auto_accept=auto_accept, strict=strict, tiers=tiers,
        concurrency=concurrency, id_column=id_column, document_column=document_column,
    )  # fmt: skip
    if loop is not None:
        return loop.run_until_complete(work)
    return asyncio.run(work)
