"""The ``citecheck`` command."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from citecheck._batch import DEFAULT_CONCURRENCY
from citecheck._cache_cli import cache
from citecheck._check import AUTO_ACCEPT, check_citations
from citecheck._errors import BatchInterrupted, CitecheckError
from citecheck._judge import DEFAULT_MODEL, TypeSafeJudge
from citecheck._models import CitationFailure
from citecheck._report import format_summary, format_table
from citecheck._sources import read_text
from citecheck.parsers import FORMATS, parse_document

__all__ = ["main"]


def _read_citations(path: Path) -> list[Any]:
    try:
        loaded = json.loads(read_text(path))
    except json.JSONDecodeError as error:
        raise click.ClickException(
            f"{path} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    if not isinstance(loaded, list):
        raise click.ClickException(f"{path} must hold a JSON list of citations, got {type(loaded).__name__}")
    return loaded


@click.group()
@click.version_option(package_name="citecheck")
def main() -> None:
    """Catch wrong and hallucinated citations in LLM output."""


main.add_command(cache)


@main.command()
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="SOURCE...")
@click.argument("citations", type=click.Path(path_type=Path))
@click.option(
    "--format",
    "source_format",
    type=click.Choice(FORMATS),
    help="Parse every SOURCE as this format, instead of going by its extension and content.",
)
@click.option(
    "--cache",
    type=click.Path(path_type=Path),
    help="cooksafe JsonCache file: recorded answers to replay, new ones recorded.",
)
@click.option("--model", default=DEFAULT_MODEL, show_default=True, help="The model that judges each citation.")
@click.option(
    "--auto-accept",
    type=click.FloatRange(0, 1),
    default=AUTO_ACCEPT,
    show_default=True,
    help="Confidence at and above which a verdict stands without review.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Match quotes as the cookbook does: exactly, after folding whitespace and curly quotes.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=DEFAULT_CONCURRENCY,
    show_default=True,
    help="Questions in flight at once.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON, with their evidence.")
def check(
    sources: tuple[Path, ...],
    citations: Path,
    source_format: str | None,
    cache: Path | None,
    model: str,
    auto_accept: float,
    strict: bool,
    workers: int,
    as_json: bool,
) -> None:
    """Check the CITATIONS (a JSON list) against the SOURCE documents.

    A SOURCE is an RFC, Markdown, HTML, plain text or PDF file. With several, each citation names
    its source by file name in a "document" field, or is looked for in all of them.
    """
    try:
        # Documents are named after their files; by their paths when two files share a name.
        names = [path.name for path in sources]
        documents = [
            parse_document(path, format=source_format, name=str(path) if names.count(path.name) > 1 else None)
            for path in sources
        ]
        items = _read_citations(citations)
        judge = TypeSafeJudge(model=model, cache=cache)
        results = check_citations(
            documents, items, judge=judge, auto_accept=auto_accept, strict=strict, concurrency=workers
        )
    except BatchInterrupted as stop:
        click.echo(f"{stop}. Left: {', '.join(stop.pending)}", err=True)
        sys.exit(130)
    except CitecheckError as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps([r.model_dump(mode="json") for r in results], indent=2))
    else:
        for document in documents:
            prefix = f"{document.name}: " if len(documents) > 1 else ""
            click.echo(prefix + format_summary(document, len(items)))
        click.echo()
        click.echo(format_table(results))
    if any(isinstance(r, CitationFailure) for r in results):
        sys.exit(1)
