"""Tiers from installed packages: the ``citecheck.tiers`` entry point group, in Python and on the command line.

The plugin is ``tests/plugins/citecheck_test_tiers``, a package of its own that `.ci/run` installs
(``pip install -e tests/plugins/citecheck_test_tiers``), so the entry point is found as a third
party's would be.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import Checker, CitationResult, MatchResult, check_citations, match_citations
from citecheck.cli._main import main
from citecheck.errors import CitecheckError, TierPluginError
from citecheck.matcher import TIER_GROUP, Tier, installed_tiers, load_tier, locate, tier_preset
from citecheck.testing import StaticJudge

PLUGIN = Path(__file__).parent / "plugins" / "citecheck_test_tiers"
SOURCE = """\
# 1. Intro

The widget MUST be signed by its issuer before it is sent.

# 2. Rules

A receiver MUST reject a widget whose signature does not validate.
"""
QUOTE = "the+widget+must+be+signed+by+its+issuer"


@pytest.fixture(autouse=True)
def _plugin_installed() -> None:
    if "plus" in installed_tiers():
        return
    message = f"the test tier plugin is not installed: pip install -e {PLUGIN}"
    if os.environ.get("CI"):
        pytest.fail(message)  # CI installs it (.ci/run): a missing plugin there is a broken run
    pytest.skip(message)


def _citation(quote: str = QUOTE, section: str = "1") -> dict[str, Any]:
    return {"id": "c1", "claim": "Widgets are signed.", "quote": quote, "section": section}


def test_the_group_lists_the_installed_tiers() -> None:
    assert TIER_GROUP == "citecheck.tiers"
    assert {"plus", "plus-instance", "not-a-tier"} <= set(installed_tiers())
    assert list(installed_tiers()) == sorted(installed_tiers())


@pytest.mark.parametrize("name", ["plus", "plus-instance"])
def test_an_entry_point_names_a_tier_class_or_instance(name: str) -> None:
    tier = load_tier(name)
    assert isinstance(tier, Tier) and not isinstance(tier, type)
    assert tier.name == "plus"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nope", r"no installed tier is named 'nope' \(installed: .*not-a-tier, plus, plus-instance"),
        (
            "not-a-tier",
            r"tier plugin 'not-a-tier' \(citecheck_test_tiers:NOT_A_TIER in group 'citecheck.tiers'.*\): it is a dict, "
            "not a tier",
        ),
    ],
)
def test_a_plugin_that_cannot_be_used_is_a_typed_error(name: str, message: str) -> None:
    with pytest.raises(TierPluginError, match=message) as raised:
        load_tier(name)
    assert isinstance(raised.value, CitecheckError)


def test_a_plugin_tier_is_used_by_match_and_check_citations() -> None:
    assert locate({"1": SOURCE}, _citation()).status == "missing"  # no built-in tier reads "+"
    tiers = [*tier_preset("default"), load_tier("plus")]
    matched = match_citations({"1": SOURCE}, [_citation()], checker=Checker(tiers=tiers))
    checked = check_citations(
        {"1": SOURCE}, [_citation()], judge=StaticJudge(default="supports"), checker=Checker(tiers=tiers)
    )
    for result in (*matched, *checked):
        assert isinstance(result, (MatchResult, CitationResult))
        assert result.location.match is not None and result.location.match.tier == "plus"
    assert [r.verdict for r in checked] == ["verified"]
    assert Checker(tiers=tiers).match_citation({"1": SOURCE}, _citation()).location.match is not None


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    source = tmp_path / "widgets.md"
    source.write_text(SOURCE, encoding="utf-8")
    citations = tmp_path / "citations.json"
    citations.write_text(json.dumps([_citation(), _citation("A receiver MUST reject a widget", "2")]))
    return source, citations


def test_the_command_line_runs_a_plugin_tier_and_reports_its_name(files: tuple[Path, Path]) -> None:
    source, citations = files
    result = CliRunner().invoke(main, ["match", str(source), str(citations), "--tier", "plus", "--format", "json"])
    assert result.exit_code == 0, result.output
    tiers = [entry["location"]["match"]["tier"] for entry in json.loads(result.output)["results"]]
    assert tiers == ["plus", "exact"]
    without = CliRunner().invoke(main, ["match", str(source), str(citations), "--format", "json"])
    assert [entry["location"]["status"] for entry in json.loads(without.output)["results"]] == ["missing", "found"]


def test_the_plugin_tier_runs_after_the_cookbook_preset_with_strict(files: tuple[Path, Path]) -> None:
    source, citations = files
    args = ["match", str(source), str(citations), "--preset", "cookbook", "--tier", "plus", "--format", "json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    location = json.loads(result.output)["results"][0]["location"]
    # The cookbook preset's rules stay: no edge check, so no partial_sentence flag.
    assert (location["match"]["tier"], location["flags"]) == ("plus", [])


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nope", "Invalid value for '--tier': no installed tier is named 'nope' (installed: "),
        ("not-a-tier", "Invalid value for '--tier': tier plugin 'not-a-tier' (citecheck_test_tiers:NOT_A_TIER in "),
    ],
)
def test_a_bad_tier_name_is_a_usage_error(files: tuple[Path, Path], name: str, message: str) -> None:
    source, citations = files
    result = CliRunner().invoke(main, ["match", str(source), str(citations), "--tier", name])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
