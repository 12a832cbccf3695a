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
INTEGRATIONS = ("mcp", "opentelemetry", "pytest", "_pytest", "pytest_citecheck")
"""The optional integrations' packages: the MCP server's SDK, OpenTelemetry, the pytest plugin."""

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
    assert loaded.isdisjoint(INTEGRATIONS), sorted(loaded & set(INTEGRATIONS))
    assert "numpy" not in loaded
    assert "citecheck" in loaded  # the probe ran what it was asked to


def test_match_loads_no_sdk(tmp_path: Path, cookbook: Path) -> None:
    loaded, run = loaded_packages(
        tmp_path, "match", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"), "--format", "json"
    )
    assert run.returncode == 0, run.stderr
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
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["judged"] is True
    assert set(SDK_PACKAGES) <= loaded


@pytest.mark.parametrize(
    ("args", "package"),
    [
        pytest.param(("mcp", "--help"), "click", id="mcp --help"),
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
