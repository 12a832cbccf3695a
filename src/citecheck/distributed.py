"""Checking citations past one machine: one engine-neutral step, and a Ray Data engine on it.

`check_rows` takes a partition of citation rows (each naming its ``document``), a document loader
and a judge, and returns one result row per input row, keyed by a row id. Any engine that maps a
function over partitions can call it (Dask's ``map_partitions``, Spark's ``mapInPandas``);
`check_dataset` runs it on Ray Data with long-lived workers (install ``citecheck-llm[ray]``; Ray is
imported only when it is called). The shared answer cache is ``TypeSafeJudge(cache="postgresql://...")``
and the shared request budget ``TypeSafeJudge(rate_limit=RateLimit(..., store="redis://..."))``.
"""

from citecheck._distributed import DocumentLoader, Documents, acheck_rows, check_rows, row_id_of
from citecheck._ray import check_dataset

__all__ = [
    "DocumentLoader",
    "Documents",
    "acheck_rows",
    "check_dataset",
    "check_rows",
    "row_id_of",
]
