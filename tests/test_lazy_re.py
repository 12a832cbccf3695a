"""`citecheck._lazy_re.lazy_compile` behaves as `re.compile`'s pattern, compiled only when first used."""

from __future__ import annotations

import copy
import pickle
import re
from typing import Any

import pytest

from citecheck._lazy_re import _LazyPattern, lazy_compile

TEXT = "Tokens 中文 MUST be rejected; 中 文 again, and ไทย."
PATTERN = r"(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff])|[\u0e00-\u0e7f]+|(MUST)"


def _state(pattern: re.Pattern[str]) -> _LazyPattern:
    assert isinstance(pattern, _LazyPattern)
    return pattern


def _plain(answer: object) -> object:
    """A match as its span and groups (two matches of the same text are not equal objects)."""
    return (answer.span(), answer.groups()) if isinstance(answer, re.Match) else answer


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("search", (TEXT,)),
        ("search", (TEXT, 10, 20)),
        ("match", (TEXT,)),
        ("fullmatch", ("MUST",)),
        ("findall", (TEXT,)),
        ("split", (TEXT,)),
        ("sub", ("_", TEXT)),
        ("subn", ("_", TEXT)),
    ],
)
def test_each_method_answers_as_re_compiles(method: str, args: tuple[Any, ...]) -> None:
    lazy, eager = lazy_compile(PATTERN), re.compile(PATTERN)
    assert _plain(getattr(lazy, method)(*args)) == _plain(getattr(eager, method)(*args))


def test_finditer_and_the_attributes_are_re_compiles() -> None:
    lazy, eager = lazy_compile(PATTERN, re.IGNORECASE), re.compile(PATTERN, re.IGNORECASE)
    assert [m.span() for m in lazy.finditer(TEXT)] == [m.span() for m in eager.finditer(TEXT)]
    assert (lazy.flags, lazy.groups, lazy.groupindex) == (eager.flags, eager.groups, eager.groupindex)


def test_nothing_is_compiled_before_first_use_and_the_text_is_there() -> None:
    lazy = lazy_compile(PATTERN)
    assert lazy.pattern == PATTERN  # read to build another pattern from it: no compiling
    assert _state(lazy)._compiled is None
    assert lazy.search(TEXT) is not None
    assert _state(lazy)._compiled is re.compile(PATTERN)
    assert "search" in vars(lazy)  # later calls skip __getattr__


def test_a_bad_pattern_fails_on_first_use_with_res_error() -> None:
    lazy = lazy_compile("[unclosed")
    with pytest.raises(re.error):
        lazy.search("x")


@pytest.mark.parametrize("used", [False, True], ids=["unused", "used"])
def test_it_copies_and_pickles(used: bool) -> None:
    lazy = lazy_compile(PATTERN, re.IGNORECASE)
    if used:
        lazy.search(TEXT)
    for other in (copy.deepcopy(lazy), copy.copy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert other.findall(TEXT) == re.compile(PATTERN, re.IGNORECASE).findall(TEXT)
    assert repr(lazy) == f"lazy_compile({PATTERN!r}, {re.IGNORECASE})"


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        lazy_compile("a").no_such_method  # type: ignore[attr-defined]  # noqa: B018
