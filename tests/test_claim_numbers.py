"""The claim-number check runs in the check step, so every path flags it before the judge is asked."""

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import (
    Checker,
    Citation,
    CitationResult,
    Document,
    MatchResult,
    acheck_citations,
    check_citation,
    check_citations,
    match_citation,
    match_citations,
)
from citecheck.cli._main import main
from citecheck.distributed import check_rows
from citecheck.testing import StaticJudge

SECTIONS = {"1": "Tokens expire. The lifetime of a token is 24 hours, counted from its issue."}
DOCUMENT = Document.from_sections(SECTIONS, name="policy")
QUOTE = "The lifetime of a token is 24 hours, counted from its issue."
ABSENT = Citation(id="c48", claim="A token lives for 48 hours.", quote=QUOTE, section="1")
HELD = Citation(id="c24", claim="A token lives for 24 hours.", quote=QUOTE, section="1")


def _judge() -> StaticJudge:
    return StaticJudge(default=("supports", 0.99))


def _location(entry: object) -> Any:
    assert isinstance(entry, (CitationResult, MatchResult)), entry
    return entry.location


PATHS: list[Any] = [
    pytest.param(lambda c: check_citation(SECTIONS, c, judge=_judge()), id="check_citation"),
    pytest.param(lambda c: check_citations(SECTIONS, [c], judge=_judge())[0], id="check_citations"),
    pytest.param(lambda c: asyncio.run(acheck_citations(SECTIONS, [c], judge=_judge()))[0], id="acheck_citations"),
    pytest.param(lambda c: match_citation(SECTIONS, c), id="match_citation"),
    pytest.param(lambda c: match_citations(SECTIONS, [c])[0], id="match_citations"),
    pytest.param(lambda c: Checker("cookbook", judge=_judge()).check_citation(SECTIONS, c), id="cookbook preset"),
    pytest.param(lambda c: Checker(judge=_judge()).check_citations([DOCUMENT], [c])[0], id="Checker, documents"),
]


@pytest.mark.parametrize("run", PATHS)
def test_a_number_the_section_lacks_is_flagged_on_every_path(run: Callable[[Citation], object]) -> None:
    location = _location(run(ABSENT))
    assert "claim_number_absent" in location.flags
    assert "the claim's 48 hours is nowhere in the section read" in location.reason


@pytest.mark.parametrize("run", PATHS)
def test_a_number_the_section_holds_is_not_flagged(run: Callable[[Citation], object]) -> None:
    assert "claim_number_absent" not in _location(run(HELD)).flags


def test_the_flag_is_set_before_the_judge_and_keeps_the_verdict_for_review() -> None:
    judge = _judge()
    result = check_citation(SECTIONS, ABSENT, judge=judge)
    # The model still reads the section (it may say "supports"), but a person must look.
    assert judge.calls == [(ABSENT.claim, SECTIONS["1"])]
    assert (result.verdict, result.confidence, result.auto) == ("verified", 0.99, False)


def test_a_missing_quote_has_no_section_to_hold_numbers() -> None:
    missing = Citation(id="m", claim="A token lives for 48 hours.", quote="not in the text at all here", section="1")
    location = match_citation(SECTIONS, missing).location
    assert location.status == "missing" and "claim_number_absent" not in location.flags


def test_the_distributed_rows_are_flagged() -> None:
    rows = [{"document": "policy", **c.model_dump(exclude={"document"})} for c in (ABSENT, HELD)]
    out = check_rows(rows, documents=lambda name: DOCUMENT, judge=_judge())
    assert [(r["citation_id"], "claim_number_absent" in r["flags"], r["auto"]) for r in out] == [
        ("c48", True, False),
        ("c24", False, True),
    ]


def test_a_citations_file_on_the_command_line_is_flagged(tmp_path: Path) -> None:
    source = tmp_path / "policy.md"
    source.write_text("# 1. Tokens\n\n" + SECTIONS["1"] + "\n", encoding="utf-8")
    citations = tmp_path / "citations.json"
    citations.write_text(json.dumps([ABSENT.model_dump(), HELD.model_dump()]), encoding="utf-8")
    result = CliRunner().invoke(main, ["match", str(source), str(citations), "--format", "json"])
    assert result.exit_code == 0, result.output
    flags = {entry["id"]: entry["location"]["flags"] for entry in json.loads(result.stdout)["results"]}
    assert "claim_number_absent" in flags["c48"] and "claim_number_absent" not in flags["c24"]


@pytest.mark.parametrize(
    ("claim", "section", "absent"),
    [
        # "k" after a number is a thousand, with a currency sign or without (this raised KeyError: 'k').
        ("It ran 5k tests.", "It ran 5,000 tests.", False),
        ("It ran 5 K tests.", "It ran 4,000 tests.", True),
        ("It ran 5 m.", "It ran 5 metres, not 5 million.", False),
        # `re` matches a Turkish dotless or dotted i case-blind to "i": the tables must find the word too
        # (these raised KeyError: 'apr\u0131l' and the like).
        ("Released Apr\u0131l 5, 2024.", "Released on 2024-04-05.", False),
        ("Done in 5 m\u0131nutes.", "Done in 5 minutes.", False),
        ("Done in 5 days.", "Done in f\u0130ve days.", False),
        ("Done in 6 days.", "Done in f\u0131ve days.", True),
    ],
)
def test_numbers_in_any_spelling_are_read_not_raised(claim: str, section: str, absent: bool) -> None:
    cited = Citation(id="n", claim=claim, quote=section, section="1")
    location = match_citation({"1": section}, cited).location
    assert location.status == "found"
    assert ("claim_number_absent" in location.flags) is absent


def test_the_factored_unit_pattern_matches_as_the_flat_list() -> None:
    # The units are one alternation with shared prefixes factored out (for speed); it must pick the
    # same unit as the plain longest-first list wherever one follows a number.
    import re

    from citecheck.checker import _numbers

    units = sorted(_numbers._UNITS, key=len, reverse=True)
    flat = re.compile(rf"(?:{'|'.join(re.escape(u) for u in units)})(?![A-Za-z])", re.IGNORECASE)
    factored = re.compile(rf"{_numbers._UNIT}(?![A-Za-z])", re.IGNORECASE)
    texts = [f"{unit}{suffix}" for unit in units for suffix in ("", "s", " x", "-", ".", "2")]
    texts += [text.upper() for text in texts] + [text.title() for text in texts]
    for text in texts:
        expected, got = flat.match(text), factored.match(text)
        assert (expected and expected.group()) == (got and got.group()), text
