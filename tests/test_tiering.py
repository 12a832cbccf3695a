"""`citecheck.matcher.tiering` is what the built-in tiers are written on, as a plugin tier is.

Each built-in tier module imports the helpers a plugin gets from that public module, never the
same names from the matcher's private modules: a tier moved back onto a private helper fails here.
"""

import ast
import importlib
import inspect
import pkgutil
import types

import pytest

import citecheck.matcher._tiers
from citecheck import Document
from citecheck.matcher import tiering

TIER_MODULES = sorted(
    f"citecheck.matcher._tiers.{info.name}" for info in pkgutil.iter_modules(citecheck.matcher._tiers.__path__)
)


def _private_imports(source: str) -> list[str]:
    """``module.name`` of each name `tiering` offers that ``source`` imports from a private matcher module."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            parts = node.module.split(".")
            private = len(parts) > 2 and parts[:2] == ["citecheck", "matcher"] and parts[2].startswith("_")
            if private and parts[2] != "_tiers":
                found += [f"{node.module}.{alias.name}" for alias in node.names if alias.name in tiering.__all__]
    return found


def test_the_tier_modules_are_found() -> None:
    names = {module.rsplit(".", 1)[1] for module in TIER_MODULES}
    assert {"_substring", "_loose", "_ellipsis", "_fuzzy", "_base"} <= names


@pytest.mark.parametrize("name", TIER_MODULES)
def test_a_built_in_tier_imports_the_public_helpers(name: str) -> None:
    module = importlib.import_module(name)
    assert _private_imports(inspect.getsource(module)) == []


@pytest.mark.parametrize(
    "statement",
    [
        "from citecheck.matcher._index import WordIndex",
        "from citecheck.matcher._quote import Other, lead_key",
        "def find():\n    from citecheck.matcher._diffs import word_diffs",  # a lazy import too
    ],
)
def test_a_private_import_of_a_public_helper_is_caught(statement: str) -> None:
    assert len(_private_imports(statement)) == 1


@pytest.mark.parametrize(
    "statement",
    [
        "from citecheck.matcher._lexicon import inverts",  # one tier's lexicon: internal
        "from citecheck.matcher._tiers._base import _rarest",
        "from citecheck.matcher.tiering import WordIndex",
    ],
)
def test_an_internal_helper_may_stay_private(statement: str) -> None:
    assert _private_imports(statement) == []


@pytest.mark.parametrize("name", tiering.__all__)
def test_each_helper_is_documented_and_one_object(name: str) -> None:
    # One object, not a copy: a name `citecheck.matcher` offers too is the same one there.
    value = getattr(tiering, name)
    if name in citecheck.matcher.__all__:
        assert getattr(citecheck.matcher, name) is value
    if isinstance(value, types.FunctionType) or (isinstance(value, type) and value.__module__.startswith("citecheck")):
        assert value.__doc__, name
    assert name in (tiering.__doc__ or ""), name


def test_a_tier_reads_what_prepare_and_index_of_build() -> None:
    prepared = tiering.prepare("Section 4: The widget \u201cMUST\u201d be signed")
    index = tiering.index_of(Document.from_sections({"1": "A widget MUST be signed. The widget must be signed."}))
    assert prepared.keys == ("the", "widget", "must", "be", "signed")
    assert [index.word_span(p, p + len(prepared.keys) - 1) for p in index.positions("the")] == [(25, 50)]
    assert tiering.key("Widget's") == "widgets"
    assert tiering.normalize("  a \u201cb\u201d  c ") == 'a "b" c'
    [diff] = tiering.word_diffs(["must", "be", "signed"], ["may", "be", "signed"])
    assert (diff.kind, diff.quote, diff.source, diff.changes_meaning) == ("changed", "must", "may", True)
