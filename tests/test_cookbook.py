"""The cookbook's published results, reproduced from the shared fixtures through the public API."""

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import Checker, Citation, CitationResult, TypeSafeJudge, Verdict, check_citation, check_citations
from citecheck.cli._main import main
from citecheck.errors import NoAnswerError
from citecheck.parsers import RFCParser

EXPECTED = """\
58,365 characters, 45 numbered sections, 8 citations

citation          quote         relation        conf  verdict       action
epoch_seconds     found         supports        0.93  verified        auto
aud_reject        found         supports        0.95  verified        auto
sig_reporting     missing       -                  -  fabricated      auto
clock_skew        found         supports        0.99  verified        auto
exp_required      found         contradicts     0.99  contradicted    auto
pii_encryption    found         says_nothing    0.27  unsupported   review
iat_future        section-only  says_nothing    0.56  unsupported   review
duplicate_names   found         supports        0.99  verified        auto
"""

ROWS = [
    ("epoch_seconds", "found", "2", 3122, Verdict.VERIFIED, 0.93, True),
    ("aud_reject", "found", "4.1.3", 761, Verdict.VERIFIED, 0.95, True),
    ("sig_reporting", "missing", None, None, Verdict.FABRICATED, None, True),
    ("clock_skew", "found", "4.1.4", 529, Verdict.VERIFIED, 0.99, True),
    ("exp_required", "found", "4.1.4", 529, Verdict.CONTRADICTED, 0.99, True),
    ("pii_encryption", "found", "3", 1653, Verdict.UNSUPPORTED, 0.27, False),
    ("iat_future", "section-only", "4.1.6", 270, Verdict.UNSUPPORTED, 0.56, False),
    ("duplicate_names", "found", "4", 918, Verdict.VERIFIED, 0.99, True),
]


@pytest.fixture
def citations(cookbook: Path) -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads((cookbook / "citations.json").read_text())
    return loaded


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a test tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)


def test_eight_results_through_the_public_api(
    cookbook: Path, citations: list[dict[str, Any]], no_network: None
) -> None:
    document = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    judge = TypeSafeJudge(cache=cookbook / "json_cache.json")
    results = [check_citation(document, citation, judge=judge) for citation in citations]
    got = [
        (r.id, r.status, r.section, len(r.location.text) if r.location.text else None, r.verdict, r.confidence, r.auto)
        for r in results
    ]
    assert got == ROWS
    answered = [r.answer for r in results if r.answer]
    assert sum(a.input_tokens for a in answered) == 4420
    assert sum(a.output_tokens for a in answered) == 281


def test_batch_form_matches(cookbook: Path, citations: list[dict[str, Any]], no_network: None) -> None:
    document = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    results = check_citations(
        document, citations, judge=TypeSafeJudge(cache=cookbook / "json_cache.json"), checker=Checker(concurrency=2)
    )
    assert [(r.id, r.verdict) for r in results if isinstance(r, CitationResult)] == [(r[0], r[4]) for r in ROWS]


def test_cli_prints_the_published_table(cookbook: Path, no_network: None) -> None:
    result = CliRunner().invoke(
        main,
        [
            "check",
            str(cookbook / "rfc7519.txt"),
            str(cookbook / "citations.json"),
            "--cache",
            str(cookbook / "json_cache.json"),
        ],
    )
    assert result.exit_code == 1, result.output  # by default a fabricated or contradicted citation fails the run
    assert result.output == EXPECTED


def test_no_key_and_no_cached_answer_names_the_citation(cookbook: Path, tmp_path: Path, no_network: None) -> None:
    document = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    citation = Citation(id="new_claim", claim="A claim nobody has asked about.", quote=None, section="4.1.6")
    with pytest.raises(NoAnswerError, match=r"^citation new_claim: no cached answer and no API key"):
        check_citation(document, citation, judge=TypeSafeJudge(cache=cookbook / "json_cache.json"))


def test_recording_into_a_copy_keeps_the_recorded_answers(writable_cache: Path, cookbook: Path) -> None:
    before = json.loads(writable_cache.read_text())
    document = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    citation = {"id": "aud_reject", "claim": "x", "quote": None, "section": "4.1.3"}
    with pytest.raises(NoAnswerError):
        check_citation(document, citation, judge=TypeSafeJudge(cache=writable_cache))
    assert json.loads(writable_cache.read_text()) == before  # a failed call records nothing


@pytest.mark.parametrize(
    "reference",
    [
        "4.1.6",
        "4.1.6.",
        "Section 4.1.6",
        "section 4.1.6",
        "§ 4.1.6",
        "§4.1.6",
        "sec. 4.1.6",
        "RFC 7519, Section 4.1.6",
        '4.1.6 ("iat" (Issued At) Claim)',
        '"iat" (Issued At) Claim',
    ],
)
def test_iat_future_in_every_reference_form_replays_the_recorded_answer(
    cookbook: Path, citations: list[dict[str, Any]], reference: str, no_network: None
) -> None:
    document = RFCParser().parse((cookbook / "rfc7519.txt").read_text())
    citation = {**next(c for c in citations if c["id"] == "iat_future"), "section": reference}
    result = check_citation(document, citation, judge=TypeSafeJudge(cache=cookbook / "json_cache.json"))
    assert (result.status, result.section, result.verdict, result.confidence) == (
        "section-only",
        "4.1.6",
        Verdict.UNSUPPORTED,
        0.56,
    )


def test_cli_strict_mode_prints_the_same_table(cookbook: Path, no_network: None) -> None:
    args = [
        str(cookbook / "rfc7519.txt"),
        str(cookbook / "citations.json"),
        "--cache",
        str(cookbook / "json_cache.json"),
    ]
    result = CliRunner().invoke(main, ["check", *args, "--preset", "cookbook"])
    assert result.exit_code == 1, result.output  # by default a fabricated or contradicted citation fails the run
    assert result.output == EXPECTED


def test_the_cookbook_example_prints_the_table_and_evidence(fixtures_dir: Path) -> None:
    import subprocess
    import sys

    example = Path(__file__).parents[1] / "examples" / "check_cookbook.py"
    result = subprocess.run(
        [sys.executable, str(example), str(fixtures_dir)], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.startswith(EXPECTED)
    assert "aud_reject: section 4.1.3" in result.stdout
    assert "then the JWT MUST be" in result.stdout


@pytest.mark.parametrize("example", sorted((Path(__file__).parents[1] / "examples").glob("*.py")), ids=lambda p: p.name)
def test_examples_use_only_the_public_api(example: Path) -> None:
    # An example is what users copy: a private module it imports is one they would depend on.
    import ast

    modules = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(ast.parse(example.read_text(encoding="utf-8")))
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    ]
    private = [m for m in modules if m and m.startswith("citecheck") and any(p.startswith("_") for p in m.split("."))]
    assert private == []
