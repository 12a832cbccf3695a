"""Output formats of the command: one renderer per ``--format``, registered in `RENDERERS`.

A renderer takes the run's `Report` and a `Style` and returns the text to print or write. Adding a
format is one entry in `RENDERERS` (the command's ``--format`` choices come from it).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document
from citecheck._safe_text import neutralise_cell, printable
from citecheck.checker import Result, view
from citecheck.cli._annotations import render_annotations
from citecheck.cli._plain_table import JUDGED_COLUMNS, MATCHED_COLUMNS, plain_table
from citecheck.cli._results import Report

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

__all__ = [
    "RENDERERS",
    "Renderer",
    "Row",
    "Style",
    "format_summary",
    "render_table",
    "row_of",
    "summary_lines",
    "table_text",
]


@dataclass(frozen=True)
class Style:
    """How to render: in colour (a terminal), and how wide the table may be."""

    color: bool = False
    width: int = 120


Renderer = Callable[[Report, Style], str]
"""Turns a run's report into the text of one output format."""


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def _describe(document: Document) -> str:
    numbered = len(document.numbered_sections)
    # A document without numbered sections (HTML, Markdown, prose) counts its sections as they are.
    sections = _plural(numbered, "numbered section") if numbered else _plural(len(document.sections), "section")
    return f"{len(document.text):,} characters, {sections}"


def format_summary(document: Document, citations: int) -> str:
    """The cookbook's first line: ``58,365 characters, 45 numbered sections, 8 citations``."""
    return f"{_describe(document)}, {_plural(citations, 'citation')}"


def summary_lines(documents: Sequence[Document], citations: int) -> list[str]:
    """One line per document, and the citation count once (on the document's line when there is one)."""
    if len(documents) == 1:
        return [format_summary(documents[0], citations)]
    lines = [f"{printable(str(document.name))}: {_describe(document)}" for document in documents]
    return [*lines, _plural(citations, "citation")]


@dataclass(frozen=True)
class Row:
    """One result flattened into the columns the tabular formats share (``None``: nothing to show).

    The fields' order is the CSV's column order.
    """

    position: int
    """The citation's place in the input, counting from 1."""
    id: str
    outcome: str
    document: str | None = None
    status: str | None = None
    tier: str | None = None
    cited: str | None = None
    section: str | None = None
    flags: str | None = None
    relation: str | None = None
    confidence: str | None = None
    verdict: str | None = None
    action: str | None = None
    reason: str | None = None
    source_text: str | None = None
    source_start: int | None = None
    source_end: int | None = None
    error: str | None = None
    message: str | None = None
    fails: str | None = None


def row_of(report: Report, position: int, result: Result) -> Row:
    """The flat row of one result, its text with control characters escaped (`printable`).

    Every text format (table, Markdown, CSV, JUnit) renders these rows: an ESC in an id, claim or
    section from an LLM never reaches a terminal raw, and JUnit XML stays well-formed.
    """
    row = _raw_row(report, position, result)
    escaped: dict[str, Any] = {f.name: printable(v) for f in fields(Row) if isinstance(v := getattr(row, f.name), str)}
    return replace(row, **escaped)


def _raw_row(report: Report, position: int, result: Result) -> Row:
    seen = view(result)
    match, confidence = seen.match, seen.confidence
    return Row(
        position=position,
        id=seen.id,
        outcome=seen.outcome,
        document=seen.document,
        status=seen.status,
        tier=seen.tier,
        cited=seen.cited,
        section=seen.section,
        flags=",".join(seen.flags) or None,
        relation=seen.relation,
        confidence=f"{confidence:.2f}" if confidence is not None else None,
        verdict="error" if seen.failure else seen.verdict.value if seen.verdict else None,
        action=seen.action,
        reason=seen.reason,
        source_text=match.source_text if match else None,
        source_start=match.source_start if match else None,
        source_end=match.source_end if match else None,
        error=seen.error,
        message=seen.message,
        fails=",".join(sorted(report.failing(result))) or None,
    )


def _rows(report: Report) -> list[Row]:
    return [row_of(report, position, result) for position, result in enumerate(report.results, start=1)]


_VERDICT_STYLES = {
    "verified": "green",
    "unsupported": "yellow",
    "contradicted": "red",
    "fabricated": "bold red",
    "error": "magenta",
}
_ACTION_STYLES = {"review": "yellow", "judge": "cyan"}


_UNLIMITED = 100_000
"""A console width no table reaches, for rows that must not be cut."""


def _cell(value: str | None, style: str | None = None) -> Text:
    from rich.text import Text  # rich loads only for a table plain padding cannot lay out

    return Text(value if value is not None else "-", style=style or "")


def _console_text(renderable: Table, style: Style) -> str:
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=style.width,
        color_system="standard" if style.color else None,
        force_terminal=style.color,
        no_color=not style.color,
        highlight=False,
        markup=False,
        emoji=False,
    )
    console.print(renderable)
    # Cells are padded to their column's width; trailing blanks are noise in a pipe or a diff.
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines())


def _cells(row: Row, judged: bool) -> tuple[str | None, ...]:
    """A row's cells, one per column of `JUDGED_COLUMNS` or `MATCHED_COLUMNS`."""
    if judged:
        return (row.id, "", row.status, row.relation, row.confidence, "", row.verdict, row.action)
    return (row.id, row.status, row.tier, row.cited, row.section, row.verdict, row.action, row.flags)


def _rich_table(rows: list[Row], judged: bool, style: Style) -> Table:
    """The table laid out by rich, from the same columns the plain layout takes."""
    from rich.table import Table

    columns = JUDGED_COLUMNS if judged else MATCHED_COLUMNS
    # The cookbook's layout has no padding (its spacer columns are the gaps); step 1's has two blanks.
    padding = 0 if judged else (0, 2, 0, 0)
    table = Table(box=None, padding=padding, show_edge=False, pad_edge=False, header_style="")
    for column in columns:
        table.add_column(
            column.header,
            width=column.width,
            max_width=column.max_width,
            justify="right" if column.right else "left",
            overflow="fold" if column.fold else "ellipsis",
            no_wrap=not column.fold,
        )
    for row in rows:
        styles = (
            {"verdict": _VERDICT_STYLES.get(row.verdict or ""), "action": _ACTION_STYLES.get(row.action or "")}
            if style.color
            else {}
        )
        cells = zip(columns, _cells(row, judged), strict=True)
        table.add_row(*(_cell(cell, styles.get(column.header)) for column, cell in cells))
    return table


def table_text(report: Report, style: Style) -> str:
    """The results table alone, then one ``error:`` line per citation that could not be checked.

    Without a model, step 1's reason follows for each citation it decided or sent to a person
    (``fabricated`` or ``review``): why the quote is missing, what differs, where else it is.
    """
    rows = _rows(report)
    if not report.judged:
        # As wide as its cells need: a long section id or flag list runs on rather than being cut.
        style = replace(style, width=max(style.width, _UNLIMITED))
    text = None if style.color else _plain_text(rows, report.judged, style.width)
    if text is None:
        text = _console_text(_rich_table(rows, report.judged, style), style)
    notes = [f"error: {row.message}" for row in rows if row.message]
    if not report.judged:
        notes += [f"{row.id}: {row.reason}" for row in rows if row.action in ("auto", "review") and row.reason]
    return "\n".join([text, *([""] if notes else []), *notes])


def _plain_text(rows: list[Row], judged: bool, width: int) -> str | None:
    """The table laid out without rich (`plain_table`), or ``None`` when rich must lay it out."""
    shown = [["-" if cell is None else cell for cell in _cells(row, judged)] for row in rows]
    if judged:
        return plain_table(JUDGED_COLUMNS, shown, gap=0, width=width)
    return plain_table(MATCHED_COLUMNS, shown, gap=2, width=width)


def render_table(report: Report, style: Style) -> str:
    """The human-readable table: the cookbook's for a judged run, step 1's columns for a match-only one."""
    return "\n".join([*summary_lines(report.documents, len(report.results)), "", table_text(report, style)])


def render_json(report: Report, style: Style) -> str:
    """The versioned JSON document (`ResultsV1`; schema in ``schema/results.v1.json``)."""
    from citecheck.cli._json import results_of  # the JSON models build only for the JSON formats

    return results_of(report).model_dump_json(indent=2)


def render_jsonl(report: Report, style: Style) -> str:
    """One JSON entry per line, in input order: each is a ``JsonEntry`` of the schema."""
    from citecheck.cli._json import entries

    return "\n".join(entry.model_dump_json() for entry in entries(report))


def render_csv(report: Report, style: Style) -> str:
    """One CSV row per citation with the columns of `Row`; an empty cell is a missing value.

    A text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a CR gets a leading ``'``
    (OWASP's rule against formula injection), as does one that starts with ``'``.
    """
    import csv  # only for this format: the table a plain match prints needs none

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([field.name for field in fields(Row)])
    for row in _rows(report):
        writer.writerow(
            [
                "" if value is None else neutralise_cell(value) if isinstance(value, str) else value
                for value in astuple(row)
            ]
        )
    return buffer.getvalue().rstrip("\n")


# What can make text from a document or a model live in a pull-request comment: a link or image
# (``[``, ``![``), HTML and entities (``<``, ``&``), emphasis and code (``*``, ``_``, ``~``, a
# backtick), an autolink (``:`` of ``https://``, ``@`` of an address, ``www.``), a table cell's end
# (``|``) and the escape itself. Each is written with CommonMark's backslash escape, which shows it as is.
_MARKDOWN_ACTIVE = lazy_compile(r"[\\`*_\[<>&!|~:@]|(?i:(?<=www)\.)")


def _markdown_text(value: str) -> str:
    """Untrusted text as Markdown that shows it literally, on one line: no link, image, HTML or emphasis."""
    return _MARKDOWN_ACTIVE.sub(lambda found: "\\" + found.group(), value.replace("\r", " ").replace("\n", " "))


def _markdown_cell(value: str | None) -> str:
    return "-" if value is None else _markdown_text(value)


def _read(name: str) -> Callable[[Row], str | None]:
    return lambda row: getattr(row, name)


_MARKDOWN_COLUMNS: dict[str, Callable[[Row], str | None]] = {
    "citation": _read("id"),
    "status": _read("status"),
    "tier": _read("tier"),
    "cited": _read("cited"),
    "found": _read("section"),
    "verdict": _read("verdict"),
    "conf": _read("confidence"),
    "action": _read("action"),
    "flags": _read("flags"),
    "evidence": lambda row: row.message or row.reason,  # why it could not be checked, or step 1's reason
}
"""The Markdown table's columns, by header."""


def render_markdown(report: Report, style: Style) -> str:
    """A GitHub-flavoured Markdown table, for a pull request comment or a job summary."""
    rows = _rows(report)
    lines = [*(_markdown_text(line) for line in summary_lines(report.documents, len(rows))), ""]
    lines.append("| " + " | ".join(_MARKDOWN_COLUMNS) + " |")
    lines.append("|" + "---|" * len(_MARKDOWN_COLUMNS))
    for row in rows:
        lines.append("| " + " | ".join(_markdown_cell(read(row)) for read in _MARKDOWN_COLUMNS.values()) + " |")
    return "\n".join(lines)


def _details(row: Row) -> str:
    parts = [f"{field.name}: {value}" for field in fields(Row) if (value := getattr(row, field.name)) is not None]
    return "\n".join(parts)


def render_junit(report: Report, style: Style) -> str:
    """JUnit XML, one test case per citation, so CI systems show each one.

    A citation fails when it matches a ``--fail-on`` gate; a citation that could not be checked is
    an error when ``error`` is a gate, else skipped; every other citation passes. Each test case
    carries its evidence in ``system-out``.
    """
    import xml.etree.ElementTree as ET  # only for this format: the table and JSON load no XML

    rows = _rows(report)
    failures = sum(1 for row in rows if row.fails and row.outcome != "failed")
    errors = sum(1 for row in rows if row.fails and row.outcome == "failed")
    skipped = sum(1 for row in rows if row.outcome == "failed" and not row.fails)
    counts = {"tests": str(len(rows)), "failures": str(failures), "errors": str(errors), "skipped": str(skipped)}
    suites = ET.Element("testsuites", {"name": "citecheck", **counts})
    suite = ET.SubElement(suites, "testsuite", {"name": "citecheck", **counts})
    for row in rows:
        # CI systems split a class name on dots: "rfc6749.txt" would read as package and class.
        document = (row.document or "citations").replace(".", "_")
        case = ET.SubElement(suite, "testcase", {"classname": f"citecheck.{document}", "name": row.id})
        if row.outcome == "failed":
            tag = "error" if row.fails else "skipped"
            ET.SubElement(case, tag, {"type": row.error or "error", "message": row.message or ""})
        elif row.fails:
            message = f"{row.verdict or row.status}: fails --fail-on {row.fails}"
            failure = ET.SubElement(case, "failure", {"type": row.fails, "message": message})
            failure.text = row.reason
        ET.SubElement(case, "system-out").text = _details(row)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suites, encoding="unicode")


def render_html_page(report: Report, style: Style) -> str:
    """The review report: one self-contained HTML page, the review queue first (see `render_html`)."""
    from citecheck.review import render_html  # the template engine loads only for this format

    page = render_html(
        report.results,
        report.documents,
        totals=report.totals,
        decisions=report.decisions,
        checker=report.checker,
    )
    if report.answer is None:
        return page
    from citecheck.providers import answer_html_style_hash, render_answer_html

    # The answer's style block is allowed by its hash beside the report's own.
    page = page.replace("style-src ", f"style-src {answer_html_style_hash()} ", 1)
    return page.replace('<main id="main">', '<main id="main">\n' + render_answer_html(report.answer, report.results), 1)


RENDERERS: dict[str, Renderer] = {
    "table": render_table,
    "json": render_json,
    "jsonl": render_jsonl,
    "markdown": render_markdown,
    "csv": render_csv,
    "junit": render_junit,
    "html": render_html_page,
    "annotations": render_annotations,
}
"""Every ``--format``, by name: add an entry to add a format."""
