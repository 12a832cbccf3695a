"""The engine-neutral step (`check_rows`): a partition of citation rows in, one result row per row out.

No cluster here: a plain call, and the same function under Dask's ``map_partitions``.
"""

import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pytest

from citecheck import Checker, Document
from citecheck.distributed import RESULT_FIELDS, Documents, check_rows, row_id_of
from citecheck.testing import StaticJudge
from tests.tiers import SpanTier


def corpus(n: int) -> dict[str, Document]:
    return {
        f"doc{d}": Document.from_sections(
            {str(i): f"Doc {d} section {i}. Widgets of series {i} MUST be painted blue." for i in range(4)},
            name=f"doc{d}",
        )
        for d in range(n)
    }


def rows(n_docs: int, per_doc: int) -> list[dict[str, Any]]:
    out = []
    for d in range(n_docs):
        for i in range(per_doc):
            out.append({
                "document": f"doc{d}", "id": f"c{i}", "claim": f"Series {i % 4} is blue.",
                "quote": f"Widgets of series {i % 4} MUST be painted blue.", "section": str(i % 4),
            })  # fmt: skip
    return out


def supporting() -> StaticJudge:
    return StaticJudge(default=("supports", 0.9))


def test_one_result_row_per_input_row_keyed_by_a_derived_id() -> None:
    docs = corpus(3)
    given = rows(3, 6)
    out = check_rows(given, documents=docs.__getitem__, judge=supporting())
    assert [r["row_id"] for r in out] == [row_id_of(r) for r in given]
    assert len({r["row_id"] for r in out}) == 18
    assert row_id_of(given[0]) == row_id_of(dict(given[0]))  # a pure function of the content: a retry gets the same id
    assert all(list(r) == list(RESULT_FIELDS) for r in out)
    assert {(r["kind"], r["verdict"], r["auto"]) for r in out} == {("result", "verified", True)}
    entry = json.loads(out[0]["entry"])
    assert entry["location"]["text"] and entry["citation"]["id"] == "c0"  # the evidence travels with the row


def test_given_row_ids_are_kept_and_citation_ids_may_repeat() -> None:
    given = [{**row, "row_id": f"r{n}"} for n, row in enumerate(rows(2, 3))]
    out = check_rows(given, documents=corpus(2).__getitem__, judge=supporting())
    assert [r["row_id"] for r in out] == [f"r{n}" for n in range(6)]
    assert [r["citation_id"] for r in out] == ["c0", "c1", "c2"] * 2


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (None, "no 'document' names"),
        ("", "no 'document' names"),
        ("nowhere", "document 'nowhere' cannot be loaded: KeyError"),
    ],
)
def test_a_row_without_its_document_is_a_failure_row_and_the_rest_go_on(document: Any, message: str) -> None:
    given = [*rows(1, 2), {**rows(1, 1)[0], "document": document, "row_id": "odd"}]
    out = check_rows(given, documents=corpus(1).__getitem__, judge=supporting())
    assert [r["kind"] for r in out] == ["result", "result", "failure"]
    assert out[2]["row_id"] == "odd" and out[2]["error"] == "DocumentError"
    assert message in out[2]["message"]


def test_a_malformed_citation_is_its_own_failure_row() -> None:
    given = [*rows(1, 1), {**rows(1, 1)[0], "claim": None, "row_id": "bad"}]
    out = check_rows(given, documents=corpus(1).__getitem__, judge=supporting())
    assert [r["kind"] for r in out] == ["result", "failure"]
    assert out[1]["error"] == "InvalidCitationError"


def test_a_path_template_loads_each_document_once_while_it_is_kept(tmp_path: Path) -> None:
    for d in range(3):
        (tmp_path / f"doc{d}.md").write_text(f"# 1\n\nDoc {d}: a widget of series 1 MUST be painted blue.\n")
    library = Documents(str(tmp_path / "{document}.md"), keep=2)
    given = [{"document": f"doc{d}", "id": "c", "claim": "Blue.", "quote": "series 1 MUST be painted blue",
              "section": "1"} for d in (0, 1, 0, 1, 2, 0)]  # fmt: skip
    out = check_rows(given, documents=library, judge=supporting())
    assert [r["kind"] for r in out] == ["result"] * 6
    assert library.loads == 3  # grouped by document: each parsed once
    check_rows(given[:1], documents=library, judge=supporting())  # doc0 was evicted (keep=2): parsed again
    assert library.loads == 4


def test_an_unreadable_file_names_the_document(tmp_path: Path) -> None:
    out = check_rows(
        [{"document": "gone", "id": "c", "claim": "x", "quote": "y", "section": "1"}],
        documents=str(tmp_path / "{document}.txt"),
        judge=supporting(),
    )
    assert out[0]["kind"] == "failure" and "gone" in out[0]["message"]


def test_the_same_function_under_dask_map_partitions() -> None:
    import dask
    import dask.dataframe as dd

    given = pd.DataFrame([{**row, "row_id": f"r{n}"} for n, row in enumerate(rows(4, 5))])
    docs = corpus(4)
    meta = pd.DataFrame({name: pd.Series(dtype="object") for name in RESULT_FIELDS})

    def partition(frame: pd.DataFrame) -> pd.DataFrame:
        out = check_rows(frame.to_dict("records"), documents=docs.__getitem__, judge=supporting())
        return pd.DataFrame(out, columns=list(RESULT_FIELDS)).astype(object)

    frame = dd.from_pandas(given, npartitions=3)
    with dask.config.set(scheduler="synchronous"):  # no network, no cluster
        results = frame.map_partitions(partition, meta=meta).compute()
    assert sorted(results["row_id"]) == sorted(given["row_id"])
    assert set(results["verdict"]) == {"verified"}


# --- the Ray path's wiring, without a cluster ------------------------------------------------------


class InProcessDataset:
    """The calls `check_dataset` makes on a Ray `Dataset`, run here on one Arrow table.

    A worker class given to ``map_batches`` is built from its constructor arguments after a pickle
    round trip, as Ray ships them to each worker (with cloudpickle, which pickles at least as much).
    """

    def __init__(self, table: pa.Table) -> None:
        self.table = table

    def columns(self) -> list[str]:
        return list(self.table.column_names)

    def sort(self, column: str) -> "InProcessDataset":
        return InProcessDataset(self.table.sort_by(column))

    def map_batches(
        self, fn: Callable[..., pa.Table], *, batch_format: str, fn_constructor_args: tuple[Any, ...] = (), **_: Any
    ) -> "InProcessDataset":
        assert batch_format == "pyarrow"
        if not isinstance(fn, type):
            return InProcessDataset(fn(self.table))
        worker = fn(*pickle.loads(pickle.dumps(fn_constructor_args)))
        try:
            return InProcessDataset(worker(self.table))
        finally:
            worker.loop.close()  # as the worker's process ending would


@pytest.mark.parametrize(("tiers", "tier"), [(None, "exact"), ([SpanTier("span")], "span")])
def test_check_dataset_sends_its_tiers_to_the_workers(tiers: list[SpanTier] | None, tier: str) -> None:
    from citecheck.distributed import check_dataset

    given = InProcessDataset(pa.Table.from_pylist(rows(2, 3)))
    checker = Checker(tiers=tiers)  # type: ignore[arg-type]
    out = check_dataset(given, documents=corpus(2).__getitem__, judge=supporting, checker=checker)  # type: ignore[arg-type]
    results = out.table.to_pylist()
    assert len(results) == 6 and {r["kind"] for r in results} == {"result"}
    assert {json.loads(r["entry"])["location"]["match"]["tier"] for r in results} == {tier}


def test_check_dataset_refuses_a_checker_that_is_not_one_before_any_worker_starts() -> None:
    from citecheck.distributed import check_dataset

    given = InProcessDataset(pa.Table.from_pylist(rows(1, 1)))
    with pytest.raises(TypeError, match=r"checker must be a citecheck\.Checker, got dict"):
        check_dataset(given, documents=corpus(1).__getitem__, judge=supporting, checker={"tiers": []})  # type: ignore[arg-type]
