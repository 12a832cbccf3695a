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
