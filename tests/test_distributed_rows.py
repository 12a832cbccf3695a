"""Bad rows in `check_rows` (issue 27): one bad row costs only itself, and a path template stays in its folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citecheck import Document
from citecheck.distributed import check_rows
from citecheck.testing import StaticJudge

TEXT = "Widgets of series 1 MUST be painted blue."
GOOD = {"document": "doc", "id": "c1", "claim": "Series 1 is blue.", "quote": TEXT, "section": None}


def _check(rows: list[Any], documents: Any = None) -> list[dict[str, Any]]:
    library = documents or {"doc": Document.from_sections({"1": TEXT}, name="doc")}.__getitem__
    return check_rows(rows, documents=library, judge=StaticJudge(default=("supports", 0.9)))


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        ({**GOOD, "id": "c2", "claim": "blue \ud800 claim"}, "InvalidCitationError"),
        (None, "InvalidCitationError"),
        (["doc", "c2"], "InvalidCitationError"),
    ],
    ids=["lone surrogate", "None", "a list"],
)
def test_one_bad_row_is_its_own_failure_row_and_the_partition_keeps_the_rest(bad: Any, error: str) -> None:
    out = _check([GOOD, bad, {**GOOD, "id": "c3"}])
    assert [row["kind"] for row in out] == ["result", "failure", "result"]
    assert out[1]["error"] == error and out[1]["message"]
    json.dumps(out[1], ensure_ascii=True)  # the failure row itself can be written out


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "doc.txt").write_text(TEXT + "\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("The secret is 1234.\n", encoding="utf-8")
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    return folder


@pytest.mark.parametrize("name", ["../secret", "link", "sub/../../secret", "../corpus/../secret"])
def test_a_template_reads_no_file_outside_its_folder(corpus: Path, name: str) -> None:
    out = _check([GOOD, {**GOOD, "id": "c2", "document": name}], documents=str(corpus / "{document}.txt"))
    assert [row["kind"] for row in out] == ["result", "failure"]
    assert "outside the template's folder" in out[1]["message"]
    assert "1234" not in json.dumps(out)


def test_a_template_with_a_prefix_is_confined_to_the_prefix_folder(corpus: Path) -> None:
    (corpus / "doc-a.txt").write_text(TEXT + "\n", encoding="utf-8")
    out = _check([{**GOOD, "document": "a"}, {**GOOD, "document": "/../../secret"}], str(corpus / "doc-{document}.txt"))
    assert [row["kind"] for row in out] == ["result", "failure"]
