"""The import-linter contracts in pyproject.toml hold, and break on a back import or a missing layer.

The layers contract is the package's shape, top to bottom: cli; providers | review | distributed;
the check step (``citecheck.checker``) | testing; judge; matcher; parsers; models and errors. These
tests run ``lint-imports`` on a copy of the package: as it is, then with one back import added (a
lazy one inside a function too) or one layer's line taken out of the contract, each of which must
break it. Two rules import-linter cannot state are checked on the import graph itself: nothing
imports the top-level facade from inside, and no package reaches into another's private modules.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

import citecheck

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")
PYPROJECT = (ROOT / "pyproject.toml").read_text("utf-8")
LAYERS = re.search(r"(?ms)^layers = \[\n(.*?)^\]", PYPROJECT)
assert LAYERS is not None, "pyproject.toml has no layers contract"
LAYER_LINES = [line for line in LAYERS.group(1).splitlines() if line.strip()]


def _lint(
    tmp_path: Path, back_import: tuple[str, str] | None = None, pyproject: str = PYPROJECT
) -> subprocess.CompletedProcess[str]:
    source = Path(citecheck.__file__).parent
    shutil.copytree(source, tmp_path / "src" / "citecheck", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "pyproject.toml").write_text(pyproject, "utf-8")
    if back_import is not None:
        module, statement = back_import
        target = tmp_path / "src" / "citecheck" / module
        target.write_text(target.read_text("utf-8") + f"\n{statement}\n", "utf-8")
    env = {"PATH": str(LINT.parent), "PYTHONPATH": str(tmp_path / "src"), "HOME": str(tmp_path)}
    return subprocess.run([str(LINT), "--no-cache"], cwd=tmp_path, env=env, capture_output=True, text=True)


def test_the_contracts_are_kept(tmp_path: Path) -> None:
    run = _lint(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 kept, 0 broken" in run.stdout


def test_the_layers_are_the_design_cards() -> None:
    layers = [line.strip().strip('",') for line in LAYER_LINES]
    assert layers == [
        "cli",
        "repair | _assertions",  # the integrations over a provider's answer: repair, the pytest assertion
        "providers | review | distributed",
        "checker | testing",
        "judge",
        "matcher",
        "parsers",
        "_models : _types : _offsets : _sources : _section_ids : _safe_text : _plugins : _field_docs : _lazy_re"
        " : errors",
    ]


@pytest.mark.parametrize("line", LAYER_LINES, ids=lambda line: line.strip().strip('",'))
def test_taking_out_a_layer_breaks_the_contract(tmp_path: Path, line: str) -> None:
    # The contract is exhaustive: a package the layers leave out is a failure, not a free pass.
    run = _lint(tmp_path, pyproject=PYPROJECT.replace(line + "\n", "", 1))
    assert run.returncode != 0, run.stdout
    assert "not listed in layers" in run.stdout + run.stderr or "BROKEN" in run.stdout


_LAZY = "def _late() -> None:\n    import {}"


@pytest.mark.parametrize(
    ("module", "statement", "contract"),
    [
        ("matcher/_locate.py", "import citecheck.judge", "Layers"),
        ("parsers/_rfc.py", "import citecheck.matcher", "Layers"),
        ("judge/_cache.py", "import citecheck.checker", "Layers"),
        ("checker/_batch.py", "import citecheck.providers", "Layers"),
        ("checker/_fold.py", _LAZY.format("citecheck.cli"), "Layers"),  # a lazy import is an import
        ("matcher/_index.py", _LAZY.format("citecheck.checker"), "Layers"),
        ("providers/_check.py", "import citecheck.review", "Layers"),  # siblings are independent
        ("testing/__init__.py", "import citecheck.checker", "Layers"),
        ("_models.py", "import citecheck.parsers", "Layers"),
        ("matcher/_index.py", "import typesafe_sdk", "load no SDK"),
    ],
)
def test_a_back_import_breaks_a_contract(tmp_path: Path, module: str, statement: str, contract: str) -> None:
    run = _lint(tmp_path, (module, statement))
    assert run.returncode == 1, run.stdout + run.stderr
    broken = run.stdout.split("Broken contracts")[-1]
    assert contract in broken


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("citecheck", include_external_packages=False)


def test_nothing_inside_imports_the_facade() -> None:
    # The top-level `citecheck` re-exports the parts; a part importing it back is a cycle.
    importers = _graph().find_modules_that_directly_import("citecheck")
    assert importers == set()


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _private_reaches(graph: grimp.ImportGraph) -> set[tuple[str, str]]:
    reaching = set()
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            parts = imported.split(".")
            # citecheck.<package>._<private>; the models layer's modules (citecheck._models...) are shared.
            if len(parts) > 2 and parts[2].startswith("_") and _package(importer) != _package(imported):
                reaching.add((importer, imported))
    return reaching


def test_no_package_imports_another_packages_private_module() -> None:
    # A package is entered through its __init__: what another package needs, it exports.
    assert _private_reaches(_graph()) == set()


@pytest.mark.parametrize(
    ("importer", "imported", "reaches"),
    [
        ("citecheck.checker._batch", "citecheck.judge._cached", True),
        ("citecheck.review._report", "citecheck.matcher._tiers._fuzzy", True),  # a subpackage's module too
        ("citecheck.checker._batch", "citecheck.checker._fold", False),  # its own package's: fine
        ("citecheck.checker._batch", "citecheck.judge", False),  # through the package's __init__
        ("citecheck.matcher._references", "citecheck._section_ids", False),  # the shared bottom layer
    ],
)
def test_the_private_import_check_can_fail(importer: str, imported: str, reaches: bool) -> None:
    graph = _graph()
    graph.add_import(importer=importer, imported=imported)
    assert ((importer, imported) in _private_reaches(graph)) is reaches
