"""Ray Data as the engine, on a local cluster of 2 CPUs on 127.0.0.1 (marker: cluster; CI runs them).

Few and small: the machine is shared. The judge asks the loopback stand-in (synthetic answers, never
a model) and records into a real PostgreSQL, shared by the workers.
"""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from citecheck import Checker, Document, TypeSafeJudge
from tests.netcheck import off_loopback
from tests.standin import StandIn
from tests.tiers import SpanTier

pytestmark = [
    pytest.mark.cluster,
    pytest.mark.servers,
    # Ray Data's own context sets an option it deprecated itself: nothing this code can change.
    pytest.mark.filterwarnings("ignore::DeprecationWarning:ray.data.context"),
]

KEY = "sk-test-0123456789abcdef"


def corpus(n: int) -> dict[str, Document]:
    return {
        f"doc{d}": Document.from_sections(
            {str(i): f"Doc {d} section {i}: a widget of series {i} MUST be painted blue." for i in range(5)},
            name=f"doc{d}",
        )
        for d in range(n)
    }


def rows(n_docs: int, per_doc: int) -> list[dict[str, Any]]:
    return [
        {"document": f"doc{d}", "id": f"c{i}", "claim": f"Series {i % 5} of doc {d} is blue.",
         "quote": f"series {i % 5} MUST be painted blue", "section": str(i % 5)}
        for d in range(n_docs) for i in range(per_doc)
    ]  # fmt: skip


class Loader:
    """A picklable document loader (workers call it lazily, by name)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __call__(self, name: str) -> Document:
        return corpus(self.n)[name]


class MakeJudge:
    def __init__(self, url: str, cache: str) -> None:
        self.url, self.cache = url, cache

    def __call__(self) -> TypeSafeJudge:
        return TypeSafeJudge(api_key=KEY, base_url=self.url, cache=self.cache)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    import ray

    ray.init(_node_ip_address="127.0.0.1", include_dashboard=False, num_cpus=2, log_to_driver=False)
    yield
    ray.shutdown()


def test_a_dataset_of_citations_gives_one_result_row_per_row_on_loopback_only(
    local_ray: None, postgres_url: str, tmp_path: Path
) -> None:
    import ray

    from citecheck.distributed import check_dataset

    given = [*rows(6, 8), {**rows(1, 1)[0], "document": "missing-doc"}]
    with StandIn() as standin:
        results = check_dataset(
            ray.data.from_items(given, override_num_blocks=4),
            documents=Loader(6),
            judge=MakeJudge(standin.url, postgres_url),
            actors=2,
            batch_size=16,
            num_cpus=0.5,  # leave CPUs to the sort that feeds the workers
            checker=Checker(tiers=[SpanTier("span")]),  # pickled to the workers, and what matched there
        ).take_all()
        sockets = off_loopback()  # while Ray's servers and workers are up
        asked = dict(standin.questions)
        # a rerun on the shared cache asks nothing; its rows go where a Ray datasink points (Parquet here)
        check_dataset(
            ray.data.from_items(given, override_num_blocks=2), documents=Loader(6),
            judge=MakeJudge(standin.url, postgres_url), actors=2, batch_size=16, num_cpus=0.5,
        ).write_parquet(str(tmp_path / "results"))  # fmt: skip
        again = ray.data.read_parquet(str(tmp_path / "results")).take_all()
        assert standin.requests == len(asked)
    assert sockets == []
    assert len(results) == len(given) == len({r["row_id"] for r in results})
    assert max(asked.values()) == 1 and len(asked) == 6 * 5  # identical questions asked once
    failures = [r for r in results if r["kind"] == "failure"]
    assert {json.loads(r["entry"])["location"]["match"]["tier"] for r in results if r not in failures} == {"span"}
    assert len(failures) == 1 and failures[0]["document"] == "missing-doc" and failures[0]["error"] == "DocumentError"
    assert {r["row_id"] for r in again} == {r["row_id"] for r in results}
    assert sorted((r["row_id"], r["verdict"]) for r in again) == sorted((r["row_id"], r["verdict"]) for r in results)


class StaticJudgeMaker:
    """Builds each worker's judge: a table of answers (test doubles), so no server is needed."""

    def __call__(self) -> Any:
        from citecheck.testing import StaticJudge

        return StaticJudge(default=("supports", 0.9))


TEXT = "Widgets of series 1 MUST be painted blue."
GOOD = {"document": "doc", "id": "good", "claim": "Series 1 is blue.", "quote": TEXT, "section": None}
HOSTILE = [
    ({**GOOD, "id": "surrogate", "claim": "blue \ud800 claim"}, "InvalidCitationError", "lone surrogate"),
    ({**GOOD, "id": "null claim", "claim": None}, "InvalidCitationError", "'claim'"),
    ({**GOOD, "id": "number claim", "claim": 5}, "InvalidCitationError", "'claim'"),
    ({**GOOD, "id": "list quote", "quote": ["x"]}, "InvalidCitationError", "'quote'"),
    ({**GOOD, "id": "float section", "section": 4.5}, "InvalidCitationError", "'section'"),
    ({**GOOD, "id": "outside", "document": "../secret"}, "DocumentError", "outside the template's folder"),
    ({**GOOD, "id": "no document", "document": None}, "DocumentError", "no 'document'"),
    ({**GOOD, "id": "missing document", "document": "absent"}, "DocumentError", "absent"),
]


@pytest.mark.parametrize("blocks", [1, 4], ids=["one block (mixed types pickled)", "four blocks"])
def test_hostile_rows_through_ray_each_cost_only_themselves(local_ray: None, tmp_path: Path, blocks: int) -> None:
    """The Ray path, not check_rows alone: each hostile row is its own failure row saying why, the rest are results."""
    import ray

    from citecheck.distributed import check_dataset

    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "doc.txt").write_text(TEXT + "\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("The secret is 1234.\n", encoding="utf-8")
    # A None row: Ray Data makes it a row of nulls (from_items wraps it), which names no document.
    given = [GOOD, *(row for row, _, _ in HOSTILE), None, {**GOOD, "id": "good again"}]
    results = check_dataset(
        ray.data.from_items(given, override_num_blocks=blocks),
        documents=str(folder / "{document}.txt"),
        judge=StaticJudgeMaker(),
        actors=1,
        batch_size=64,
        num_cpus=0.5,
    ).take_all()
    assert len(results) == len(given) == len({r["row_id"] for r in results})
    by_id = {r["citation_id"]: r for r in results}
    assert by_id["good"]["kind"] == by_id["good again"]["kind"] == "result"
    assert by_id["good"]["verdict"] == "verified"
    for row, error, says in HOSTILE:
        failed = by_id[row["id"]]
        assert (failed["kind"], failed["error"]) == ("failure", error), failed
        assert says in failed["message"], failed["message"]
    unnamed = [r for r in results if r["document"] is None]  # the row naming no document, and the None row
    assert [(r["kind"], r["error"]) for r in unnamed] == [("failure", "DocumentError")] * 2
    assert "1234" not in json.dumps(results)
