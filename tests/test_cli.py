import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from citecheck import RFCParser
from citecheck._cli import main


@pytest.fixture
def citations_file(tmp_path: Path) -> Path:
    path = tmp_path / "citations.json"
    path.write_text(json.dumps([{"id": "c1", "claim": "x", "quote": "not in the sample", "section": "1"}]))
    return path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_check_on_own_fixture(citations_file: Path) -> None:
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    code, out = run("check", str(sample), str(citations_file))
    assert code == 0
    loaded = RFCParser().parse(sample.read_text()).text
    assert out.splitlines()[0] == f"{len(loaded):,} characters, 3 numbered sections, 1 citations"
    assert "c1                missing       -                  -  fabricated      auto" in out


def test_json_output_keeps_evidence(citations_file: Path) -> None:
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    code, out = run("check", str(sample), str(citations_file), "--json")
    assert code == 0
    (result,) = json.loads(out)
    assert result["verdict"] == "fabricated"
    assert result["location"]["reason"].startswith("the quote is not in any section")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "nope.txt", "cannot read"),
        (lambda d: (d / "bin.txt").write_bytes(b"ok\n\xff\xfe") and d / "bin.txt", "is not UTF-8: byte 3 (0xff)"),
        (lambda d: (d / "empty.txt").write_text(" \n") and d / "empty.txt", "is empty"),
    ],
)
def test_bad_source_is_one_clear_line(tmp_path: Path, citations_file: Path, make, message: str) -> None:  # type: ignore[no-untyped-def]
    code, out = run("check", str(make(tmp_path)), str(citations_file))
    assert code == 1
    assert message in out
    assert "Traceback" not in out
    assert len(out.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON"),
        ('{"id": "c1"}', "must hold a JSON list"),
    ],
)
def test_bad_citations_file_is_one_clear_line(tmp_path: Path, content: str, message: str) -> None:
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    path = tmp_path / "c.json"
    path.write_text(content)
    code, out = run("check", str(sample), str(path))
    assert code == 1
    assert message in out and "Traceback" not in out


def test_bad_citation_in_the_batch_is_reported_and_others_kept(tmp_path: Path) -> None:
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    path = tmp_path / "c.json"
    path.write_text(
        json.dumps(
            [{"id": "bad", "claim": 1, "section": "1"}, {"id": "ok", "claim": "x", "quote": "nowhere", "section": None}]
        )
    )
    code, out = run("check", str(sample), str(path))
    assert code == 1
    assert "bad               error: citation bad, field 'claim': Input should be a valid string" in out
    assert "ok                missing" in out


def test_no_key_for_an_uncached_citation_exits_with_one_line(tmp_path: Path) -> None:
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    path = tmp_path / "c.json"
    path.write_text(json.dumps([{"id": "needs_model", "claim": "x", "quote": None, "section": "2"}]))
    code, out = run("check", str(sample), str(path))
    assert code == 1
    assert "needs_model" in out and "no API key" in out


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda d: (d / "bad.json").write_text("{not json") and d / "bad.json",
            "cannot be read as a JSON answer cache",
        ),
        (lambda d: d, "cannot be read as a JSON answer cache"),  # a directory
    ],
)
def test_a_bad_cache_file_is_one_clear_line(tmp_path: Path, citations_file: Path, make, message: str) -> None:  # type: ignore[no-untyped-def]
    sample = Path(__file__).parent / "data" / "rfc_sample.txt"
    code, out = run("check", str(sample), str(citations_file), "--cache", str(make(tmp_path)))
    assert code == 1
    assert message in out and "Traceback" not in out
