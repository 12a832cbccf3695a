"""The results table without rich (`citecheck.cli._plain_table`) is rich's table, byte for byte.

Each generated table is laid out both ways, through the command's own rich tables
(`_rich_table`, `_console_text`): whenever the plain layout takes a table it
must print exactly what rich prints, and it must hand every other table back to rich.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citecheck.cli._formats import _UNLIMITED, Row, Style, _console_text, _plain_text, _rich_table

# Mostly words of printable ASCII (the tables the plain layout takes), sometimes with what rich
# measures or wraps differently: blanks at the ends or doubled, a tab, an accent, a wide character.
_WORDS = st.lists(st.text("abcxyz019._-:/,", min_size=1, max_size=7), min_size=1, max_size=2).map(" ".join)
_ODD = st.lists(st.sampled_from([*"ab1.", " ", "  ", "\t", "é", "中", "\x1b"]), max_size=20).map("".join)
_COLUMNS = ("status", "tier", "cited", "section", "flags", "relation", "confidence", "verdict", "action")


def _row(text: st.SearchStrategy[str]) -> st.SearchStrategy[dict[str, str | None]]:
    cell = st.one_of(st.none(), st.just(""), text, text)
    return st.fixed_dictionaries({"id": text, **dict.fromkeys(_COLUMNS, cell)})


_ROW = st.one_of(*[_row(_WORDS)] * 4, _row(st.one_of(_WORDS, _ODD)))


def _rows(cells: list[dict[str, str | None]]) -> list[Row]:
    return [Row(position=position, outcome="matched", **row) for position, row in enumerate(cells)]  # type: ignore[arg-type]


def _rich(rows: list[Row], judged: bool, width: int) -> str:
    style = Style(width=width)
    if judged:
        return _console_text(_rich_table(rows, True, style), style)
    style = replace(style, width=max(width, _UNLIMITED))
    return _console_text(_rich_table(rows, False, style), style)


@settings(max_examples=300, deadline=None)
@given(cells=st.lists(_ROW, min_size=0, max_size=6), judged=st.booleans(), width=st.sampled_from([40, 74, 80, 120]))
def test_the_plain_table_is_riches_or_none(cells: list[dict[str, str | None]], judged: bool, width: int) -> None:
    rows = _rows(cells)
    plain = _plain_text(rows, judged, width if judged else max(width, _UNLIMITED))
    if plain is not None:
        assert plain == _rich(rows, judged, width)


COOKBOOK_ROW = {
    "id": "duplicate_names",
    "status": "found",
    "tier": "normalized",
    "cited": "4",
    "section": "4",
    "flags": None,
    "relation": "supports",
    "confidence": "0.97",
    "verdict": "verified",
    "action": "auto",
}


@pytest.mark.parametrize("judged", [True, False], ids=["judged", "matched"])
def test_a_cookbook_table_is_laid_out_without_rich(judged: bool) -> None:
    rows = _rows([COOKBOOK_ROW, {**COOKBOOK_ROW, "id": "sig_reporting", "status": "missing", "section": None}])
    plain = _plain_text(rows, judged, 80 if judged else _UNLIMITED)
    assert plain is not None
    assert plain == _rich(rows, judged, 80)


@pytest.mark.parametrize(
    ("change", "judged", "width"),
    [
        pytest.param({"id": "an_id_longer_than_seventeen"}, True, 80, id="an id rich folds (judged)"),
        pytest.param({"id": "an_id_longer_than_twenty_four_chars"}, False, 80, id="an id rich folds (matched)"),
        pytest.param({"status": "a status past fourteen"}, True, 80, id="a cell rich crops"),
        pytest.param({"id": "中文"}, False, 80, id="wide characters"),
        pytest.param({"flags": "a  b"}, False, 80, id="two blanks in a row"),
        pytest.param({}, True, 60, id="a terminal narrower than the table"),
    ],
)
def test_a_table_that_needs_rich_gets_none(change: dict[str, str], judged: bool, width: int) -> None:
    rows = _rows([{**COOKBOOK_ROW, **change}])
    assert _plain_text(rows, judged, width if judged else _UNLIMITED) is None
