import ast
import importlib
import inspect
import types

import pytest

import citecheck

# The public surface is these packages and what their ``__all__`` lists; everything else is private.
PUBLIC_PACKAGES = [
    "citecheck",
    "citecheck.checker",
    "citecheck.cli",
    "citecheck.distributed",
    "citecheck.errors",
    "citecheck.judge",
    "citecheck.matcher",
    "citecheck.matcher.tiering",
    "citecheck.parsers",
    "citecheck.providers",
    "citecheck.repair",
    "citecheck.review",
    "citecheck.testing",
]


def _isort_order(name: str) -> tuple[int, str]:
    # ruff's RUF022 sorts ``__all__`` the way isort does: CONSTANTS, then Classes, then functions.
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


@pytest.mark.parametrize("name", PUBLIC_PACKAGES)
def test_all_is_sorted_and_importable(name: str) -> None:
    package = importlib.import_module(name)
    assert package.__all__ == sorted(package.__all__, key=_isort_order)
    for member in package.__all__:
        assert getattr(package, member) is not None, member


# Modules that hold their code themselves rather than re-export it: what they import is not theirs
# to export, what they define is (in __all__, or private).
REAL_MODULES = {"citecheck.distributed", "citecheck.testing"}


def _defined_in(module: types.ModuleType) -> set[str]:
    """The names a module's own top-level statements bind (imports excluded)."""
    tree = ast.parse(inspect.getsource(module))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@pytest.mark.parametrize("name", PUBLIC_PACKAGES)
def test_exported_members(name: str) -> None:
    # As httpx's test_exported_members: every public name the package holds is in __all__, and
    # every module under it is either a public package or private (a leading underscore).
    package = importlib.import_module(name)
    for member in package.__all__:  # the top level imports each name on first use (PEP 562)
        getattr(package, member)
    modules = {m: v for m, v in vars(package).items() if isinstance(v, types.ModuleType)}
    subpackages = {m for m, v in modules.items() if v.__name__ in PUBLIC_PACKAGES}
    public = {member for member in vars(package) if not member.startswith("_")} - subpackages
    if name in REAL_MODULES:
        public &= _defined_in(package)
        assert public <= set(package.__all__) <= set(vars(package))
    else:
        assert public == set(package.__all__)
    for member, value in vars(package).items():
        if isinstance(value, types.ModuleType) and value.__name__.startswith("citecheck"):
            assert value.__name__ in PUBLIC_PACKAGES or member.startswith("_"), member


def test_every_error_derives_from_the_root() -> None:
    import citecheck.errors

    errors = [getattr(citecheck.errors, n) for n in citecheck.errors.__all__ if n.endswith("Error")]
    assert len(errors) >= 15
    for error in errors:
        assert issubclass(error, citecheck.CitecheckError)


def test_every_error_lives_in_errors_and_is_in_its_drawn_tree() -> None:
    # One place to find every error: defined in _errors, and drawn in its docstring's tree.
    import citecheck.errors as _errors

    drawn = {line.lstrip("│├└─ ").split(" ")[0] for line in (_errors.__doc__ or "").splitlines()}
    import citecheck.errors

    for name in citecheck.errors.__all__:
        if name.endswith("Error"):
            assert getattr(citecheck.errors, name).__module__ == "citecheck.errors", name
            assert name in drawn, name


def test_package_is_typed() -> None:
    from importlib.resources import files

    assert files("citecheck").joinpath("py.typed").is_file()


def test_the_top_level_is_the_facade() -> None:
    # About 30 names: what a user of the facade needs; the parts live in the subpackages.
    assert 25 <= len(citecheck.__all__) <= 35


@pytest.mark.parametrize(("name", "home"), [("WordIndex", "citecheck.matcher"), ("render_html", "citecheck.review")])
def test_a_name_of_a_subpackage_is_not_on_the_top_level(name: str, home: str) -> None:
    # Nothing was released, so no old top-level name is kept alive with a warning: one home each.
    assert name not in vars(citecheck) and name not in citecheck.__all__
    assert name in importlib.import_module(home).__all__


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        citecheck.no_such_name  # noqa: B018


def test_the_top_level_imports_its_names_on_first_use() -> None:
    # `import citecheck` alone loads no part of the package: each name comes from its home when used.
    import subprocess
    import sys

    code = "import sys, citecheck; print(sorted(m for m in sys.modules if m.startswith('citecheck')))"
    before = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert before.strip() == "['citecheck']"
    assert citecheck.Checker is importlib.import_module("citecheck.checker").Checker
    assert set(citecheck.__all__) <= set(dir(citecheck))
