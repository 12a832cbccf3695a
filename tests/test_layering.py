"""The import-linter contracts in pyproject.toml hold, and break on a back import."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import citecheck

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(tmp_path: Path, back_import: tuple[str, str] | None) -> subprocess.CompletedProcess[str]:
    source = Path(citecheck.__file__).parent
    shutil.copytree(source, tmp_path / "src" / "citecheck")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    if back_import is not None:
        module, statement = back_import
        target = tmp_path / "src" / "citecheck" / module
        target.write_text(target.read_text("utf-8") + f"\n{statement}\n", "utf-8")
    env = {"PATH": str(LINT.parent), "PYTHONPATH": str(tmp_path / "src"), "HOME": str(tmp_path)}
    return subprocess.run([str(LINT), "--no-cache"], cwd=tmp_path, env=env, capture_output=True, text=True)


def test_the_contracts_are_kept(tmp_path: Path) -> None:
    run = _lint(tmp_path, None)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "4 kept, 0 broken" in run.stdout


@pytest.mark.parametrize(
    ("module", "statement", "contract"),
    [
        ("matcher/_locate.py", "import citecheck.judge", "Step 1"),
        ("parsers/_rfc.py", "import citecheck.review", "Step 1"),
        ("matcher/_index.py", "import typesafe_sdk", "Step 1"),
        ("parsers/_base.py", "import citecheck.matcher", "Parsers do not import the matcher"),
        ("judge/_cache.py", "import citecheck.review", "The judge does not import"),
        ("_check.py", "import citecheck.cli", "Nothing imports the command line"),
    ],
)
def test_a_back_import_breaks_a_contract(tmp_path: Path, module: str, statement: str, contract: str) -> None:
    run = _lint(tmp_path, (module, statement))
    assert run.returncode == 1, run.stdout + run.stderr
    broken = [line for line in run.stdout.splitlines() if line.endswith("BROKEN")]
    assert any(contract in line for line in broken) or contract in run.stdout.split("Broken contracts")[-1]
