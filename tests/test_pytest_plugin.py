"""The pytest plugin, driven by ``pytester``: a new user's suite against the cookbook's recorded answers.

Each inner session loads the plugin with ``-p pytest_citecheck`` (the entry point's name too, so
where the package is installed with its entry point the two are one plugin).
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
import tomllib

from tests.standin import StandIn

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]
KEY = "sk-test-0123456789abcdef"

GOOD = ["epoch_seconds", "aud_reject", "clock_skew", "duplicate_names"]

SUITE = """
import json
from pathlib import Path

import pytest

from pytest_citecheck import assert_citations

HERE = Path(__file__).parent
CITATIONS = {c["id"]: c for c in json.loads((HERE / "citations.json").read_text())}


@pytest.fixture
def rfc7519(citecheck):
    return citecheck.parse_file(HERE / "rfc7519.txt")


def test_the_accurate_citations(citecheck, rfc7519):
    results = assert_citations(rfc7519, [CITATIONS[i] for i in GOOD])
    assert [r.verdict.value for r in results] == ["verified"] * 4
"""


@pytest.fixture
def suite(pytester: pytest.Pytester, cookbook: Path) -> pytest.Pytester:
    """A user's project: the cookbook's RFC and citations, its recorded answers copied (fixtures are read-only)."""
    for name in ("rfc7519.txt", "citations.json", "json_cache.json"):
        shutil.copyfile(cookbook / name, pytester.path / name)
    pytester.makeini("[pytest]\ncitecheck_cache = json_cache.json\n")
    return pytester


def write_suite(pytester: pytest.Pytester, body: str = "", good: list[str] = GOOD) -> None:
    pytester.makepyfile(test_answers=SUITE.replace("GOOD", repr(good)) + body)


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    # Without Hypothesis's plugin: the inner session runs in this process, and at its terminal summary
    # that plugin imports hypothesis afresh (pytester restores sys.modules after each run) through the
    # assertion rewriter, whose compile() at that stack depth hit CPython 3.11.7's "AST constructor
    # recursion depth mismatch" SystemError: no summary, so the outcome could not be read.
    return pytester.runpytest("-p", "pytest_citecheck", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", *args)


def test_a_passing_suite_replays_offline_and_summarises(suite: pytest.Pytester, no_network: None) -> None:
    write_suite(suite)
    result = run(suite, "--junitxml=junit.xml")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*citecheck*", "4 citations in 1 assertions: verified 4", "actions: auto 4"])
    tree = ET.parse(suite.path / "junit.xml")
    properties = {p.get("name"): p.get("value") for p in tree.iter("property")}
    assert properties == {"citecheck.verdict.verified": "4", "citecheck.action.auto": "4"}


def test_a_changed_quote_fails_with_a_word_diff(suite: pytest.Pytester, no_network: None) -> None:
    write_suite(
        suite,
        """
def test_a_changed_quote(citecheck, rfc7519):
    changed = dict(CITATIONS["aud_reject"], quote=CITATIONS["aud_reject"]["quote"].replace("rejected", "refused"))
    assert_citations(rfc7519, [changed])
""",
    )
    result = run(suite)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*1 of 1 citations fail (fail_on=fabricated,contradicted,unsupported,review,error)",
            "*aud_reject: verified, confidence 0.95, action review (fails on review)",
            "*quote vs source (matched fuzzy, rfc7519.txt section 4.1.3, 18870:19031):",
            "*flags:  fuzzy",
            "*reason: the quote is in section 4.1.3, only fuzzily, so a person should look*",
        ]
    )
    # The word diff (fnmatch would read its brackets as a pattern).
    assert 'a value in the "aud" claim when this claim is present, then the JWT MUST be [-rejected-] {+refused.+}' in (
        result.stdout.str()
    )


def test_the_planted_failures_each_show_verdict_confidence_flags_and_reason(
    suite: pytest.Pytester, no_network: None
) -> None:
    write_suite(suite, good=["sig_reporting", "exp_required", "pii_encryption", "iat_future"])
    result = run(suite)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*4 of 4 citations fail*",
            "*sig_reporting: fabricated, confidence -, action auto (fails on fabricated)",
            "*reason: the quote is not in any section",
            "*exp_required: contradicted, confidence 0.99, action auto (fails on contradicted)",
            "*(the same words)",
            "*pii_encryption: unsupported, confidence 0.27, action review (fails on unsupported, review)",
            "*iat_future: unsupported, confidence 0.56, action review (fails on unsupported, review)",
            "*quote:  none; the judge read section 4.1.6",
        ]
    )
    result.stdout.fnmatch_lines(
        ["*citecheck*", "4 citations in 1 assertions: contradicted 1, fabricated 1, unsupported 2"]
    )


@pytest.mark.parametrize(
    ("how", "args", "outcome"),
    [
        pytest.param("fail_on='fabricated'", (), "passed", id="fail_on argument"),
        pytest.param("", ("--citecheck-fail-on", "fabricated"), "passed", id="--citecheck-fail-on"),
        pytest.param("", ("--citecheck-fail-on", "none"), "passed", id="none"),
        pytest.param("", ("--citecheck-fail-on", "unsupported"), "failed", id="unsupported"),
    ],
)
def test_fail_on_has_the_command_lines_semantics(
    suite: pytest.Pytester, how: str, args: tuple[str, ...], outcome: str
) -> None:
    suite.makepyfile(
        test_gate=SUITE.replace("GOOD", "[]")
        + f"""
def test_pii(citecheck, rfc7519):
    assert_citations(rfc7519, [CITATIONS["pii_encryption"]], {how})
""".replace(", )", ")")
    )
    result = run(suite, "-k", "pii", *args)
    result.assert_outcomes(**{outcome: 1})


def test_the_marker_sets_options_per_test(suite: pytest.Pytester) -> None:
    write_suite(
        suite,
        """
@pytest.mark.citecheck(fail_on="fabricated", preset="cookbook", auto_accept=0.99)
def test_marked(citecheck, rfc7519):
    assert citecheck.preset == "cookbook" and citecheck.auto_accept == 0.99
    assert_citations(rfc7519, [CITATIONS["pii_encryption"]])


@pytest.mark.citecheck(colour="blue")
def test_unknown_option(citecheck):
    pass
""",
    )
    result = run(suite)
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*@pytest.mark.citecheck has no option colour*"])


def test_record_mode_none_never_calls_and_says_how_to_record(suite: pytest.Pytester, no_network: None) -> None:
    write_suite(
        suite,
        """
def test_new_claim(citecheck, rfc7519):
    assert_citations(rfc7519, [dict(CITATIONS["clock_skew"], claim="Clocks may drift a little.")])
""",
    )
    result = run(suite, "-k", "new_claim")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*clock_skew: could not be checked: NoRecordedAnswerError:*json_cache.json holds no*"])


def test_a_missing_recording_is_a_usage_error(suite: pytest.Pytester) -> None:
    write_suite(suite)
    result = run(suite, "--citecheck-cache", str(suite.path / "nowhere.json"))
    result.stdout.fnmatch_lines(["*the recorded answers*nowhere.json do not exist; record them once with*"])
    assert result.ret != 0


def _cache(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


def _standin_env(monkeypatch: pytest.MonkeyPatch, server: StandIn) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", KEY)
    monkeypatch.setenv("TYPESAFE_BASE_URL", server.url)


def test_new_episodes_calls_only_for_what_is_missing(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    write_suite(
        suite,
        """
def test_new_claim(citecheck, rfc7519):
    assert_citations(rfc7519, [dict(CITATIONS["clock_skew"], claim="Clocks may drift a little.")], fail_on="error")
""",
    )
    before = _cache(suite.path / "json_cache.json")
    with StandIn() as server:
        _standin_env(monkeypatch, server)
        result = run(suite, "--citecheck-record-mode", "new_episodes")
        asked = server.requests
    result.assert_outcomes(passed=2)
    assert asked == 1  # the four recorded answers replayed; the new claim asked once
    after = _cache(suite.path / "json_cache.json")
    assert len(after) == len(before) + 1 and all(after[k] == v for k, v in before.items())


def test_all_asks_again_and_records_over_the_old_answers(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_suite(suite)
    before = _cache(suite.path / "json_cache.json")
    with StandIn() as server:
        _standin_env(monkeypatch, server)
        result = run(suite, "--citecheck-record-mode", "all", "-k", "accurate")
        asked = server.requests
    assert asked == 4  # every question asked again, though all four are recorded
    after = _cache(suite.path / "json_cache.json")
    assert set(after) == set(before)
    changed = [key for key in before if after[key] != before[key]]
    assert len(changed) == 4  # the stand-in's synthetic answers replaced the recorded ones
    del result


def test_no_recording_in_mode_none_fails_the_citation_not_the_session(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_plain="""
from pytest_citecheck import assert_citations

DOCUMENT = {"1": "Tokens expire."}
CITATION = {"id": "a", "claim": "x", "quote": "Tokens expire.", "section": "1"}

def test_step_one_alone_needs_no_recording(citecheck):
    results = citecheck.match_citations(DOCUMENT, [CITATION])
    assert results[0].location.status == "found"

def test_step_two_without_a_recording(citecheck):
    assert_citations(DOCUMENT, [CITATION])
"""
    )
    result = run(pytester)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*record mode none replays recorded answers only: give --citecheck-cache*"])


def test_assert_citations_without_the_fixture_needs_a_checker(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_plain="""
import pytest
from pytest_citecheck import assert_citations

def test_no_checker():
    with pytest.raises(TypeError, match="pass checker=, or request the citecheck fixture"):
        assert_citations({"1": "x"}, [{"id": "a", "claim": "x", "quote": "x", "section": "1"}])
"""
    )
    run(pytester).assert_outcomes(passed=1)


def test_an_unused_plugin_adds_nothing_to_the_session(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_nothing():\n    pass\n")
    result = run(pytester)
    result.assert_outcomes(passed=1)
    # pytest's own header lists the installed plugin's distribution; nothing else may name it.
    added = [line for line in result.outlines if "citecheck" in line and not line.startswith("plugins:")]
    assert not added, added


def test_loading_the_plugin_loads_no_citecheck(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_plain="""
import sys

def test_nothing_loaded():
    assert "pytest_citecheck" in sys.modules
    assert not [m for m in sys.modules if m == "citecheck" or m.startswith("citecheck.")]
"""
    )
    result = pytester.runpytest_subprocess("-p", "pytest_citecheck", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_the_entry_point_is_registered() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["entry-points"]["pytest11"] == {"pytest_citecheck": "pytest_citecheck"}
    assert "src/pytest_citecheck" in project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]
    installed = metadata.distribution("citecheck-llm")
    origin = installed.read_text("direct_url.json")
    if origin is not None and json.loads(origin).get("url") == ROOT.as_uri():
        # This checkout is what is installed (CI reinstalls it): its metadata carries the entry point.
        points = [ep for ep in installed.entry_points if ep.group == "pytest11"]
        assert [(ep.name, ep.value) for ep in points] == [("pytest_citecheck", "pytest_citecheck")]


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a test tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
