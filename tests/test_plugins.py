"""One plugin registry: a parser, a tier, a judge and a provider adapter from entry points, on the command line.

The plugins are packages of their own under ``tests/plugins/`` that `.ci/run` installs
(``citecheck_test_parser``, ``citecheck_test_tiers``, ``citecheck_test_judge``,
``citecheck_test_provider``), so each entry point is found as a third party's would be. Plugins
that misbehave in ways no installed package should (exiting at import, a tier returning a string)
are entry points made here and given to the registry.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import _plugins
from citecheck.cli._main import main
from citecheck.errors import PluginError
from citecheck.judge import installed_judges, load_judge
from citecheck.matcher import PreparedQuote, TierHit, WordIndex, load_tier
from citecheck.parsers import ParserRegistry
from citecheck.providers import installed_providers, read_response

PLUGINS = Path(__file__).parent / "plugins"
QA = "Q: What must a widget be?\nThe widget MUST be signed by its issuer before it is sent.\n"
QUOTE = "the+widget+must+be+signed+by+its+issuer"
CLAIM = "The widget must be signed."


@pytest.fixture(autouse=True)
def _plugins_installed() -> None:
    wanted = {"words": installed_judges(), "quotes": installed_providers()}
    missing = [name for name, found in wanted.items() if name not in found]
    if not missing:
        return
    message = f"test plugins not installed ({', '.join(missing)}): pip install -e {PLUGINS}/citecheck_test_*"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    source = tmp_path / "widgets.qa"  # read by the parser plugin, by its extension
    source.write_text(QA, encoding="utf-8")
    citations = tmp_path / "citations.json"
    citations.write_text(json.dumps([{"id": "c1", "claim": CLAIM, "quote": QUOTE, "section": "q1"}]), encoding="utf-8")
    return source, citations


def _command(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "citecheck", *map(str, args)], capture_output=True, text=True, check=False, timeout=120
    )


def test_a_parser_a_tier_and_a_judge_from_entry_points_work_from_the_command_line(files: tuple[Path, Path]) -> None:
    source, citations = files
    run = _command("check", source, citations, "--tier", "plus", "--judge", "words", "--format", "json")
    assert run.returncode == 0, run.stderr
    entry = json.loads(run.stdout)["results"][0]
    assert entry["location"]["section"] == "q1"  # the parser plugin's section
    assert entry["location"]["match"]["tier"] == "plus"  # the tier plugin found the "+" quote
    assert (entry["verdict"], entry["answer"]["choice"]) == ("verified", "supports")  # the judge plugin


def test_a_provider_adapter_from_an_entry_point_works_from_the_command_line(tmp_path: Path) -> None:
    source = tmp_path / "policy.txt"
    source.write_text("The limit is ten items per request.\n", encoding="utf-8")
    response = tmp_path / "response.json"
    answer = [{"claim": "Ten items at most.", "quote": "The limit is ten items", "document": "policy.txt"}]
    response.write_text(json.dumps({"answer": answer}), encoding="utf-8")
    run = _command("match", "--from", "quotes", response, source, "--format", "json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["answer"]["provider"] == "quotes"
    assert [entry["location"]["status"] for entry in report["results"]] == ["found"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--judge", "exits"],
            "judge plugin 'exits' (citecheck_test_judge.exits:JUDGE in group 'citecheck.judges', "
            "package citecheck-test-judge) cannot be loaded: it called sys.exit(7)",
        ),
        (["--judge", "not-a-judge"], "judge plugin 'not-a-judge' (citecheck_test_judge:NOT_A_JUDGE"),
        (["--judge", "nope"], "no installed judge is named 'nope' (installed: exits, not-a-judge, raises, words"),
    ],
)
def test_a_judge_plugin_that_cannot_be_loaded_is_one_line_naming_it(
    files: tuple[Path, Path], args: list[str], message: str
) -> None:
    source, citations = files
    result = CliRunner().invoke(main, ["check", str(source), str(citations), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("raises", "judge plugin 'raises' (citecheck_test_judge:RaisingJudge"),
        ("wrong-type", "judge() returned a str, not a JudgeAnswer"),
    ],
)
def test_a_judge_plugin_that_misbehaves_fails_each_citation_naming_it(
    files: tuple[Path, Path], name: str, message: str
) -> None:
    source, citations = files
    result = CliRunner().invoke(main, ["check", str(source), str(citations), "--tier", "plus", "--judge", name])
    assert result.exit_code == 1, result.output
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("quotes-exits", "provider plugin 'quotes-exits' (citecheck_test_provider.exits:read"),
        ("quotes-raises", "reading the response raised KeyError: 'answer'"),
        ("quotes-wrong-type", "reading the response returned a dict, not a ProviderAnswer"),
        ("nope", "'nope' is not a provider: use one of anthropic, bedrock, openai, cohere, gemini, numbered, quotes"),
    ],
)
def test_a_provider_plugin_that_fails_is_one_line_naming_it(tmp_path: Path, name: str, message: str) -> None:
    response = tmp_path / "response.json"
    response.write_text(json.dumps({"answer": []}), encoding="utf-8")
    result = CliRunner().invoke(main, ["match", "--from", name, str(response)])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("group", [*_plugins.GROUPS.values(), "console_scripts", "pytest11", "no.such.group"])
def test_the_scan_of_a_group_finds_what_importlib_metadata_finds(group: str) -> None:
    # `_plugins._group` parses only the distributions whose entry_points.txt names the group.
    from importlib.metadata import entry_points

    assert _plugins._group(group) == list(entry_points(group=group))


def test_the_exit_of_a_plugin_is_reported_not_obeyed() -> None:
    with pytest.raises(PluginError, match=r"it called sys.exit\(7\)") as raised:
        load_judge("exits")
    assert (raised.value.group, raised.value.name) == ("citecheck.judges", "exits")
    with pytest.raises(PluginError, match=r"it called sys.exit\(7\)"):
        read_response("quotes-exits", {"answer": []})


# Plugins no installed package should be: given to the registry as entry points of this module.


class StringTier:
    """A tier whose find() returns a string."""

    name = "stringy"
    cookbook = False
    single_section = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
        return "not hits"  # type: ignore[return-value]


class RaisingParser:
    """A parser whose parse() raises."""

    extensions = (".boom",)

    def parse(self, text: str) -> Any:
        raise ZeroDivisionError("the parser plugin broke")


def _offer(monkeypatch: pytest.MonkeyPatch, group: str, name: str, value: str) -> None:
    entry = EntryPoint(name=name, value=value, group=group)
    real = _plugins._group
    monkeypatch.setattr(_plugins, "_group", lambda wanted: [entry] if wanted == group else real(wanted))


def test_a_tier_whose_find_returns_a_string_fails_its_citation_naming_the_tier(
    monkeypatch: pytest.MonkeyPatch, files: tuple[Path, Path]
) -> None:
    _offer(monkeypatch, "citecheck.tiers", "stringy", f"{__name__}:StringTier")
    assert load_tier("stringy").name == "stringy"
    source, citations = files
    result = CliRunner().invoke(main, ["match", str(source), str(citations), "--tier", "stringy"])
    assert result.exit_code == 1, result.output
    assert "tier 'stringy': find() returned a str, not a sequence of TierHit" in result.output
    assert "'str' object has no attribute" not in result.output


def test_a_parser_plugin_whose_parse_raises_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _offer(monkeypatch, "citecheck.parsers", "boom", f"{__name__}:RaisingParser")
    monkeypatch.setattr("citecheck.parsers._registry._default", None)
    source = tmp_path / "a.boom"
    source.write_text("anything\n", encoding="utf-8")
    citations = tmp_path / "c.json"
    citations.write_text("[]", encoding="utf-8")
    result = CliRunner().invoke(main, ["match", str(source), str(citations)])
    assert result.exit_code == 2, result.output
    assert "parser plugin 'boom'" in result.output and "parse() raised ZeroDivisionError" in result.output
    assert "Traceback" not in result.output


def test_a_parser_plugin_that_exits_at_import_is_reported_not_obeyed(monkeypatch: pytest.MonkeyPatch) -> None:
    _offer(monkeypatch, "citecheck.parsers", "gone", "citecheck_test_judge.exits:JUDGE")
    with pytest.raises(PluginError, match=r"parser plugin 'gone' .* cannot be loaded: it called sys.exit\(7\)"):
        ParserRegistry.builtins().load_entry_points()


PAGE = Path(__file__).parents[1] / "docs" / "plugins.md"
EXAMPLES = re.findall(r"```python\n(.*?)```\n\n```text\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)


def test_the_plugins_page_has_a_worked_plugin_of_each_kind() -> None:
    assert len(EXAMPLES) == 5
    for kind in ("class QAParser", "class PlusTier", "class OneWordTier", "class WordsJudge", "def read_quotes"):
        assert any(kind in code for code, _ in EXAMPLES), kind


@pytest.mark.parametrize(("code", "shown"), EXAMPLES, ids=["parser", "tier", "helpers_tier", "judge", "provider"])
def test_each_plugin_of_the_page_prints_what_the_page_shows(code: str, shown: str) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(PAGE), "exec"), {"__name__": "plugins_page"})
    assert printed.getvalue() == shown
