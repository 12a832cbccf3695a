"""A node lost in the middle of a run: Ray retries its work, and no row is lost or duplicated.

A two-node local cluster (`ray.cluster_utils.Cluster`, both nodes on 127.0.0.1); marker: cluster.
"""

import time
from typing import Any

import pytest

from citecheck import Checker
from tests.netcheck import off_loopback
from tests.standin import StandIn
from tests.test_ray import Loader, MakeJudge, rows

pytestmark = [
    pytest.mark.cluster,
    pytest.mark.servers,
    pytest.mark.filterwarnings("ignore::DeprecationWarning:ray.data.context"),
]


def test_removing_a_node_mid_run_loses_and_duplicates_no_row(postgres_url: str) -> None:
    import ray
    from ray.cluster_utils import Cluster

    from citecheck.distributed import check_dataset

    cluster = Cluster(
        initialize_head=True,
        # Logical CPUs: 2 per node leaves a whole CPU beside a 0.5-CPU worker for the sort's tasks.
        head_node_args={"num_cpus": 2, "include_dashboard": False, "node_ip_address": "127.0.0.1"},
    )
    worker = cluster.add_node(num_cpus=2, node_ip_address="127.0.0.1")
    try:
        ray.init(address=cluster.address, log_to_driver=False)
        given = rows(8, 12)
        seen: list[dict[str, Any]] = []
        with StandIn(latency=0.05) as standin:
            results = check_dataset(
                ray.data.from_items(given, override_num_blocks=8), documents=Loader(8),
                judge=MakeJudge(standin.url, postgres_url), checker=Checker(concurrency=4), actors=2, batch_size=8,
                num_cpus=0.5,
            )  # fmt: skip
            removed = False
            for batch in results.iter_rows():
                seen.append(batch)
                if not removed and len(seen) >= 8:
                    assert off_loopback() == []
                    cluster.remove_node(worker)
                    removed = True
            assert removed
        assert len(seen) == len(given)
        assert len({row["row_id"] for row in seen}) == len(given)  # 0 lost, 0 duplicated
        assert all(row["kind"] == "result" for row in seen)
    finally:
        ray.shutdown()
        cluster.shutdown()
        time.sleep(0.5)
