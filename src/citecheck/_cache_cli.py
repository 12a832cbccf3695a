"""``citecheck cache``: move answers between the JSON and SQLite cache formats."""

from __future__ import annotations

from pathlib import Path

import click

from citecheck._cache import copy_cache
from citecheck._cli_errors import InputError, epilog
from citecheck._errors import CitecheckError

__all__ = ["cache"]


@click.group()
def cache() -> None:
    """Import answers into a cache, or export them from one (JSON or SQLite, by extension)."""


def _copy(source: Path, target: Path, verb: str) -> None:
    try:
        added = copy_cache(source, target)
    except CitecheckError as error:
        raise InputError(str(error)) from None
    click.echo(f"{added} answers {verb} ({source} -> {target})")


@cache.command("import", epilog=epilog("citecheck cache import answers.sqlite json_cache.json"))
@click.argument("cache_file", type=click.Path(path_type=Path), metavar="CACHE")
@click.argument("source", type=click.Path(path_type=Path))
def import_(cache_file: Path, source: Path) -> None:
    """Add every answer of SOURCE to CACHE (created when missing); CACHE keeps its own answers.

    A file ending in .sqlite, .sqlite3 or .db is a SQLite cache; any other is cooksafe's JSON.
    """
    _copy(source, cache_file, "imported")


@cache.command("export", epilog=epilog("citecheck cache export answers.sqlite answers.json"))
@click.argument("cache_file", type=click.Path(path_type=Path), metavar="CACHE")
@click.argument("target", type=click.Path(path_type=Path))
def export(cache_file: Path, target: Path) -> None:
    """Write every answer of CACHE into TARGET (created when missing), in TARGET's format."""
    _copy(cache_file, target, "exported")
