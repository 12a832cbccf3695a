"""The CI recipe: the action's shell part run locally, $GITHUB_STEP_SUMMARY a temp file; the hook definitions."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "github_action.sh"


def run_action(tmp_path: Path, cookbook: Path, **inputs: str) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    summary = tmp_path / "step_summary.md"
    summary.write_text("earlier step\n")
    outputs = tmp_path / "github_output"
    env = {
        key: value for key, value in os.environ.items() if not key.startswith("TYPESAFE_")
    }  # offline: recorded answers only
    env |= {
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_OUTPUT": str(outputs),
        "CITECHECK_COMMAND": f"{shlex.quote(sys.executable)} -m citecheck",
        "CITECHECK_SOURCES": str(cookbook / "rfc7519.txt") + "\n",
        "CITECHECK_CITATIONS": str(cookbook / "citations.json"),
        "CITECHECK_JUNIT": str(tmp_path / "junit.xml"),
        **inputs,
    }
    done = subprocess.run(["bash", str(SCRIPT)], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    return done, summary, outputs


@pytest.fixture
def cache(tmp_path: Path, cookbook: Path) -> str:
    copy = tmp_path / "json_cache.json"
    shutil.copyfile(cookbook / "json_cache.json", copy)
    return str(copy)


def test_the_action_writes_the_summary_and_junit_and_fails_on_the_gates(
    tmp_path: Path, cookbook: Path, cache: str
) -> None:
    done, summary, outputs = run_action(tmp_path, cookbook, CITECHECK_CACHE=cache)
    assert done.returncode == 1, done.stderr  # the default gates: sig_reporting and exp_required hit them
    text = summary.read_text()
    assert text.startswith("earlier step\n## citecheck\n")  # appended, as GitHub's summary file is
    assert "| sig\\_reporting | missing |" in text and "| exp\\_required | found |" in text
    assert "Failed: a citation hit --fail-on fabricated,contradicted,error." in text
    cases = list(ET.parse(tmp_path / "junit.xml").iter("testcase"))
    assert len(cases) == 8
    assert outputs.read_text().splitlines() == ["exit-code=1", f"junit={tmp_path / 'junit.xml'}"]


def test_the_action_passes_when_no_gate_is_hit(tmp_path: Path, cookbook: Path, cache: str) -> None:
    done, summary, _ = run_action(tmp_path, cookbook, CITECHECK_CACHE=cache, CITECHECK_FAIL_ON="none")
    assert done.returncode == 0, done.stderr
    assert "Passed: no citation hit --fail-on none." in summary.read_text()


def test_an_input_error_stops_the_action_with_its_code(tmp_path: Path, cookbook: Path) -> None:
    done, summary, _ = run_action(tmp_path, cookbook, CITECHECK_CITATIONS=str(tmp_path / "missing.json"))
    assert done.returncode == 2
    assert "could not check the citations (exit 2)" in done.stderr
    assert summary.read_text() == "earlier step\n"


def test_step_one_alone_needs_no_cache_and_no_key(tmp_path: Path, cookbook: Path) -> None:
    done, summary, _ = run_action(tmp_path, cookbook, CITECHECK_SUBCOMMAND="match", CITECHECK_FAIL_ON="fabricated")
    assert done.returncode == 1, done.stderr  # sig_reporting's quote is not in the source
    assert "| sig\\_reporting | missing |" in summary.read_text()


def test_options_reach_the_check_through_args(tmp_path: Path, cookbook: Path, cache: str) -> None:
    done, summary, _ = run_action(tmp_path, cookbook, CITECHECK_CACHE=cache, CITECHECK_ARGS="--auto-accept 0.2")
    assert done.returncode == 1, done.stderr
    assert "| unsupported | 0.27 | auto |" in summary.read_text()  # at 0.2, pii_encryption's 0.27 stands


def test_the_action_and_the_hooks_are_defined() -> None:
    import yaml

    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) == {"sources", "citations", "cache", "fail-on", "junit", "command", "args", "version"}
    step = action["runs"]["steps"][1]
    assert "scripts/github_action.sh" in step["run"] and step["env"]["CITECHECK_FAIL_ON"] == "${{ inputs.fail-on }}"
    hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert hooks["citecheck-match"]["entry"] == "citecheck match --fail-on fabricated"
    assert all(hook["language"] == "python" and hook["pass_filenames"] is False for hook in hooks.values())


def test_an_unknown_command_stops_the_action(tmp_path: Path, cookbook: Path) -> None:
    done, _, _ = run_action(tmp_path, cookbook, CITECHECK_SUBCOMMAND="judge")
    assert done.returncode == 2
    assert "CITECHECK_SUBCOMMAND must be check or match, got 'judge'" in done.stderr
