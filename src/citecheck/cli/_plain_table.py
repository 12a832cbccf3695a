"""The results table laid out without rich, when no cell needs more than padding.

rich measures cells by their width on a terminal, folds a long id and crops a long status; when
there is no colour and every cell is printable ASCII that fits its column, its layout is plain
padding, written here without importing rich (about 40 ms of every ``citecheck match``). Anything
else gets ``None``, and the caller lays the table out with rich. ``tests/test_plain_table.py``
holds the two byte-identical on generated rows, in both layouts of `citecheck.cli._formats`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["JUDGED_COLUMNS", "MATCHED_COLUMNS", "Column", "plain_table"]


@dataclass(frozen=True)
class Column:
    """One column, as rich's ``Table.add_column`` takes it."""

    header: str
    width: int | None = None
    """A fixed width; ``None``: as wide as the widest cell."""
    max_width: int | None = None
    """The most an unfixed column may take (rich folds a longer cell: no plain layout then)."""
    right: bool = False
    """Right-justified (header included)."""
    fold: bool = False
    """A long cell folds onto more lines (the citation id); every other column never wraps."""


JUDGED_COLUMNS = (
    Column("citation", width=17, fold=True),
    Column("", width=1),
    Column("quote", width=14),
    Column("relation", width=14),
    Column("conf", width=6, right=True),
    Column("", width=2),
    Column("verdict", width=13),
    Column("action", width=7, right=True),
)
"""The cookbook's layout (rich's table is built from these columns too), with no padding between columns."""

MATCHED_COLUMNS = (
    Column("citation", max_width=24, fold=True),
    *(Column(name) for name in ("quote", "tier", "cited", "found", "verdict", "action", "flags")),
)
"""Step 1's layout, two blanks after each column but the last."""


def _plain(cell: str) -> bool:
    # Printable ASCII, one terminal cell per character; no blank at either end nor two in a row,
    # which rich's wrapping would treat as word breaks.
    return cell.isascii() and cell.isprintable() and cell == cell.strip() and "  " not in cell


def plain_table(columns: Sequence[Column], rows: Sequence[Sequence[str]], *, gap: int, width: int) -> str | None:
    """The table as rich prints it with no colour (each line's trailing blanks dropped), or ``None``.

    Args:
        columns: The columns, in order.
        rows: Each row's cells, one per column (``"-"`` for a missing value, as the table shows it).
        gap: Blanks after each column but the last (rich's right padding, without the edge's).
        width: The console's width; a table wider than it is one rich would shrink.

    Returns:
        The lines joined by newlines, or ``None`` when a cell is not plain ASCII, does not fit its
        column, or the table does not fit ``width``: rich must lay that table out.
    """
    widths: list[int] = []
    for index, column in enumerate(columns):
        texts = [column.header, *(row[index] for row in rows)]
        if not all(_plain(text) for text in texts if text):
            return None
        widest = max(len(text) for text in texts)
        if column.width is not None:
            if widest > column.width:
                return None
            widest = column.width
        elif column.max_width is not None and widest > column.max_width:
            return None
        widths.append(widest)
    if sum(widths) + gap * (len(columns) - 1) > width:
        return None
    pad = " " * gap
    lines = []
    table: list[Sequence[str]] = [[column.header for column in columns], *rows]
    for cells in table:
        line = pad.join(
            cell.rjust(size) if column.right else cell.ljust(size)
            for column, cell, size in zip(columns, cells, widths, strict=True)
        )
        lines.append(line.rstrip())
    return "\n".join(lines)
