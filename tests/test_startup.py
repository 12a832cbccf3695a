"""Start-up: what never asks a model never loads the SDK (typesafe_sdk, httpx2, cooksafe).

Nor is numpy loaded (about 0.2 s) unless a document is large enough for the index to repay it.

Each case runs in a fresh interpreter (this process has long imported everything) and reports
the modules loaded by the time it exits, from ``sys.modules``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SDK_PACKAGES = ("typesafe_sdk", "httpx2", "cooksafe")
# What a command that shows text and exits must never load: the models, the terminal table, the
# SDKs, the optional integrations and the test runner.
NEVER_FOR_HELP = ("pydantic", "rich", *SDK_PACKAGES, "mcp", "opentelemetry", "pytest", "numpy", "markdown_it")

# Registered before anything of citecheck loads, so it sees the modules of a run that ends in
# sys.exit (click always does) as well as one that returns.
PROBE = """
import atexit, json, sys

def report():
    with open(sys.argv[1], "w") as out:
        json.dump(sorted({name.split(".")[0] for name in sys.modules}), out)

atexit.register(report)
if sys.argv[2:] == ["import"]:
    import citecheck
elif sys.argv[2:] == ["import-testing"]:
    import citecheck.testing
else:
    from citecheck.cli import main
    main(sys.argv[2:], prog_name="citecheck")
"""


def loaded_packages(tmp_path: Path, *args: str) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """The top-level packages loaded by a run of ``citecheck ARGS`` (or ``import citecheck``)."""
    report = tmp_path / "modules.json"
    run = subprocess.run(
        [sys.executable, "-c", PROBE, str(report), *args], capture_output=True, text=True, timeout=120, check=False
    )
    assert report.is_file(), run.stderr
    return set(json.loads(report.read_text())), run


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("import",), id="import citecheck"),
        pytest.param(("--version",), id="--version"),
        pytest.param(("--help",), id="--help"),
        pytest.param(("match", "--help"), id="match --help"),
    ],
)
def test_no_sdk_without_a_model(tmp_path: Path, args: tuple[str, ...]) -> None:
    loaded, run = loaded_packages(tmp_path, *args)
    assert run.returncode == 0, run.stderr
    assert loaded.isdisjoint(SDK_PACKAGES), sorted(loaded & set(SDK_PACKAGES))
    assert "numpy" not in loaded
    assert "citecheck" in loaded  # the probe ran what it was asked to


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("--version",), id="--version"),
        pytest.param(("--help",), id="--help"),
        pytest.param(("import",), id="import citecheck"),
    ],
)
def test_version_and_help_load_click_and_the_group_only(tmp_path: Path, args: tuple[str, ...]) -> None:
    loaded, run = loaded_packages(tmp_path, *args)
    assert run.returncode == 0, run.stderr
    assert loaded.isdisjoint(NEVER_FOR_HELP), sorted(loaded & set(NEVER_FOR_HELP))


def loaded_modules(tmp_path: Path, *args: str) -> set[str]:
    """Every module (full names) a run of ``citecheck ARGS`` loads."""
    report = tmp_path / "modules.json"
    code = PROBE.replace('{name.split(".")[0] for name in sys.modules}', "set(sys.modules)")
    assert code != PROBE
    run = subprocess.run([sys.executable, "-c", code, str(report), *args], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    return set(json.loads(report.read_text()))


def test_the_groups_help_imports_no_subcommand(tmp_path: Path) -> None:
    ours = {name for name in loaded_modules(tmp_path, "--help") if name.startswith("citecheck")}
    assert ours == {"citecheck", "citecheck.cli", "citecheck.cli._main"}


NEVER_FOR_A_PLAIN_MATCH = ("rich", "markdown_it", "asyncio", "xml")
"""What ``citecheck match`` on a plain-text RFC, printing the table to a pipe, does without, and why it
starts fast: the terminal table (the plain one is padding, `citecheck.cli._plain_table`), the Markdown
parser (loaded by the first Markdown document or marked-up quote), the batch engine's event loop
(with ssl, sockets and subprocess; step 1 runs none) and the JUnit format's XML."""

NEVER_MODULES_FOR_A_PLAIN_MATCH = (
    "html",
    "citecheck.parsers._html",
    "citecheck.parsers._pdf",
    "difflib",
    "email.parser",
)
"""Modules (full names) the same run does without: the HTML and PDF parsers (made on first use), the
word diffs' `difflib` (for a quote that differs from its source) and the metadata parser that names a
plugin's package (read when a message names the plugin)."""


def test_match_loads_no_judge_no_review_no_sdk(tmp_path: Path, cookbook: Path) -> None:
    loaded = loaded_modules(
        tmp_path, "match", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"), "--fail-on", "error"
    )
    assert not {name for name in loaded if name.startswith(("citecheck.judge", "citecheck.review"))}
    # The JSON output's models (and through their `answer` field, the provider adapters) are the
    # JSON formats' own: the table builds neither.
    assert not {name for name in loaded if name.startswith(("citecheck.providers", "citecheck.cli._json"))}
    packages = {name.split(".")[0] for name in loaded}
    assert packages.isdisjoint((*SDK_PACKAGES, "mcp", "opentelemetry", "pytest"))
    assert packages.isdisjoint(NEVER_FOR_A_PLAIN_MATCH), sorted(packages & set(NEVER_FOR_A_PLAIN_MATCH))
    assert loaded.isdisjoint(NEVER_MODULES_FOR_A_PLAIN_MATCH), sorted(loaded & set(NEVER_MODULES_FOR_A_PLAIN_MATCH))
    assert "citecheck.cli._commands" in loaded  # the probe ran the command


@pytest.mark.parametrize(
    ("args", "package"),
    [
        pytest.param(("--format", "junit"), "xml", id="JUnit: xml"),
        pytest.param(("--format", "json"), "pydantic", id="JSON: pydantic"),
        pytest.param(("--format", "json"), "citecheck.cli._json", id="JSON: its models"),
    ],
)
def test_a_format_loads_what_it_needs(tmp_path: Path, cookbook: Path, args: tuple[str, ...], package: str) -> None:
    # The positive control of the test above: the probe sees a package the run does load.
    loaded = loaded_modules(
        tmp_path, "match", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"), "--fail-on", "none", *args
    )
    assert package in loaded or package in {name.split(".")[0] for name in loaded}


def test_a_markdown_source_loads_markdown_it(tmp_path: Path) -> None:
    source, citations = tmp_path / "notes.md", tmp_path / "citations.json"
    source.write_text("# Scope\n\nTokens *MUST* be rejected.\n", encoding="utf-8")
    citations.write_text(json.dumps([{"id": "a", "claim": "c", "quote": "Tokens MUST be rejected.", "section": None}]))
    loaded = loaded_modules(tmp_path, "match", str(source), str(citations), "--fail-on", "none")
    assert "markdown_it" in {name.split(".")[0] for name in loaded}


def test_an_html_source_loads_the_html_parser(tmp_path: Path) -> None:
    # The positive control of NEVER_MODULES_FOR_A_PLAIN_MATCH.
    source, citations = tmp_path / "notes.html", tmp_path / "citations.json"
    source.write_text("<html><body><h1>Scope</h1><p>Tokens MUST be rejected.</p></body></html>", encoding="utf-8")
    citations.write_text(json.dumps([{"id": "a", "claim": "c", "quote": "Tokens MUST be rejected.", "section": None}]))
    loaded = loaded_modules(tmp_path, "match", str(source), str(citations), "--fail-on", "none")
    assert {"html", "html.parser", "citecheck.parsers._html"} <= loaded


def test_match_loads_no_sdk(tmp_path: Path, cookbook: Path) -> None:
    loaded, run = loaded_packages(
        tmp_path, "match", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"), "--format", "json"
    )
    assert run.returncode == 1, run.stderr  # sig_reporting is fabricated: the default gate
    assert json.loads(run.stdout)["judged"] is False
    assert loaded.isdisjoint(SDK_PACKAGES), sorted(loaded & set(SDK_PACKAGES))
    assert "numpy" not in loaded  # the RFC is too small for the index to repay numpy's import


def test_check_with_the_recorded_cache_loads_the_sdk(tmp_path: Path, cookbook: Path) -> None:
    # The positive control: the probe would see the SDK if it were loaded, and a judge loads it.
    cache = tmp_path / "json_cache.json"
    shutil.copyfile(cookbook / "json_cache.json", cache)
    loaded, run = loaded_packages(
        tmp_path,
        "check",
        str(cookbook / "rfc7519.txt"),
        str(cookbook / "citations.json"),
        "--cache",
        str(cache),
        "--format",
        "json",
    )
    assert run.returncode == 1, run.stderr  # fabricated and contradicted citations: the default gates
    assert json.loads(run.stdout)["judged"] is True
    assert set(SDK_PACKAGES) <= loaded


INTEGRATIONS = ("mcp", "opentelemetry", "pytest", "_pytest", "pytest_citecheck")
"""The optional integrations' packages: the MCP server's SDK, OpenTelemetry, the pytest plugin."""


@pytest.mark.parametrize(
    ("args", "package"),
    [
        pytest.param(("mcp", "--help"), "click", id="mcp --help"),
        pytest.param(("repair", "--help"), "click", id="repair --help"),
        pytest.param(("import-testing",), "citecheck", id="citecheck.testing"),
    ],
)
def test_the_integrations_load_only_when_used(tmp_path: Path, args: tuple[str, ...], package: str) -> None:
    # `citecheck mcp --help` needs no MCP SDK, and `citecheck.testing` loads no pytest.
    loaded, run = loaded_packages(tmp_path, *args)
    assert run.returncode == 0, run.stderr
    assert loaded.isdisjoint(INTEGRATIONS), sorted(loaded & set(INTEGRATIONS))
    assert package in loaded


def test_api_key_env_is_the_sdks() -> None:
    # Spelt out in citecheck so the help text needs no SDK: it must stay the SDK's name.
    from typesafe_sdk.constants import API_KEY_ENV as SDK_API_KEY_ENV

    from citecheck.judge._typesafe import API_KEY_ENV

    assert API_KEY_ENV == SDK_API_KEY_ENV


def test_the_commands_help_text_names_the_api_key_variable() -> None:
    # Written out in the group's module, so that --help imports no judge.
    from citecheck.cli._main import EPILOG
    from citecheck.judge import API_KEY_ENV

    assert f"  {API_KEY_ENV}  the API key" in EPILOG


def test_the_constants_written_out_for_start_up_are_the_librarys() -> None:
    from citecheck.cli import _commands
    from citecheck.judge import DEFAULT_MODEL
    from citecheck.providers import PROVIDERS

    assert (_commands.PROVIDERS, _commands.DEFAULT_MODEL) == (PROVIDERS, DEFAULT_MODEL)


def test_each_lazy_summary_is_its_commands_own() -> None:
    # The group lists the summaries without importing the commands: they must say what each says.
    import click

    from citecheck.cli._main import COMMANDS, main

    for name in COMMANDS:
        command = main.get_command(click.Context(main), name)
        assert command is not None and command.name == name
        assert (command.help or "").split("\n\n")[0].replace("\n", " ") == COMMANDS[name][1], name


def test_a_lazy_command_is_registered_in_one_line_and_a_bad_path_fails_clearly() -> None:
    import click
    from click.testing import CliRunner

    from citecheck.cli._main import LazyGroup

    group = LazyGroup("g", lazy={"version": ("click.decorators:version_option", "Not a command.")})
    group.add_lazy("hello", "tests.test_startup:_hello", "Say hello.")
    assert CliRunner().invoke(group, ["hello"]).output == "hello\n"
    assert "Say hello." in CliRunner().invoke(group, ["--help"]).output
    with pytest.raises(TypeError, match=r"click\.decorators:version_option is not a click command"):
        group.get_command(click.Context(group), "version")


def _make_hello() -> object:
    import click

    @click.command("hello")
    def hello() -> None:
        click.echo("hello")

    return hello


_hello = _make_hello()


# Counts, at exit, the patterns made with `citecheck._lazy_re.lazy_compile` that were compiled.
COMPILED_PROBE = PROBE.replace(
    'json.dump(sorted({name.split(".")[0] for name in sys.modules}), out)',
    "import gc; from citecheck._lazy_re import _LazyPattern; "
    "lazy = [o for o in gc.get_objects() if isinstance(o, _LazyPattern)]; "
    "json.dump([len(lazy), sum(o._compiled is not None for o in lazy)], out)",
)


def _lazy_patterns(tmp_path: Path, *args: str) -> tuple[int, int]:
    """How many lazy patterns a run of ``citecheck ARGS`` made, and how many of them it compiled."""
    assert COMPILED_PROBE != PROBE
    report = tmp_path / "patterns.json"
    run = subprocess.run(
        [sys.executable, "-c", COMPILED_PROBE, str(report), *args], capture_output=True, text=True, check=False
    )
    assert report.is_file(), run.stderr
    made, compiled = json.loads(report.read_text())
    return made, compiled


def test_match_on_an_english_rfc_compiles_no_pattern_of_other_scripts(tmp_path: Path, cookbook: Path) -> None:
    # The character classes of Chinese, Japanese, Thai and Khmer take 5 to 20 ms each to compile.
    made, compiled = _lazy_patterns(
        tmp_path, "match", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"), "--fail-on", "none"
    )
    assert made >= 8
    assert compiled == 0


def test_a_chinese_source_compiles_its_patterns(tmp_path: Path) -> None:
    source, citations = tmp_path / "notes.md", tmp_path / "citations.json"
    source.write_text("# 范围\n\n令牌必须被拒绝。\n", encoding="utf-8")
    citations.write_text(json.dumps([{"id": "a", "claim": "c", "quote": "令牌必须被拒绝", "section": None}]))
    made, compiled = _lazy_patterns(tmp_path, "match", str(source), str(citations), "--fail-on", "none")
    assert 0 < compiled <= made


GC_PROBE = """
import atexit, gc, json, sys

path = sys.argv[1]

def report():
    with open(path, "w") as out:
        json.dump([gc.get_freeze_count(), gc.isenabled()], out)

atexit.register(report)
from citecheck.cli import main
if sys.argv[2] == "program":
    sys.argv[1:] = sys.argv[3:]
    main(prog_name="citecheck")
else:
    main(sys.argv[3:], prog_name="citecheck")
"""


@pytest.mark.parametrize(("how", "frozen"), [("program", True), ("args", False)], ids=["as the program", "given args"])
def test_the_program_leaves_its_modules_out_of_garbage_collection(
    tmp_path: Path, cookbook: Path, how: str, frozen: bool
) -> None:
    # As the program, what the import made is frozen (gc.freeze) and collection is back on for the
    # run; a caller passing args keeps its collector as it was.
    report = tmp_path / "gc.json"
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            GC_PROBE,
            str(report),
            how,
            "match",
            str(cookbook / "rfc7519.txt"),
            str(cookbook / "citations.json"),
            "--fail-on",
            "none",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    count, enabled = json.loads(report.read_text())
    assert (count > 10_000) is frozen
    assert enabled
