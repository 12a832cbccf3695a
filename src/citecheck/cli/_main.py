"""The ``citecheck`` command group; each subcommand is imported only when it runs or shows its help.

This is click's documented lazy-group pattern ("Lazily Loading Subcommands"): the group knows each
subcommand by the import path of its click command and a one-line summary for the group's
``--help``, so ``citecheck --version`` and ``citecheck --help`` import click and nothing of the
library, and ``citecheck match`` imports what matching needs. Adding a command is one line of
`COMMANDS` (or one `LazyGroup.add_lazy` call): ``"mcp": ("citecheck.cli._mcp:mcp", "Serve ...")``.
"""

from __future__ import annotations

import gc
from importlib import import_module
from typing import Any

import click

__all__ = ["COMMANDS", "EPILOG", "LazyGroup", "main"]

EPILOG = """\b
Citations file: a JSON list (a UTF-8 byte order mark is fine), each citation an object:
  {"id": "aud_reject",               a name used in results and errors
   "claim": "Tokens for others are rejected.",
   "quote": "the JWT MUST be rejected", or null when the citation quotes nothing
   "section": "4.1.3",                or "Section 4.1.3", "§ 4.1.3", 4 (an integer)
   "document": "rfc7519.txt"}         optional: which SOURCE, when there are several

\b
Environment:
  TYPESAFE_API_KEY  the API key, needed only for answers the --cache file does not hold
  NO_COLOR          plain table even on a terminal (it is always plain when piped)

\b
Exit codes:
  0  every citation passed the --fail-on gates
  1  a citation matched a --fail-on gate (by default: fabricated, contradicted, or error, a citation
     that could not be checked; match: fabricated or error)
  2  usage or input error: bad option, unreadable source, bad citations file, bad cache path
  130  interrupted (Ctrl-C): the answers received are cached; the ids left are printed
"""
"""What every command's help ends with: the citations file, the environment, the exit codes.

``TYPESAFE_API_KEY`` is `citecheck.judge.API_KEY_ENV`, written out so that ``--help`` imports no judge.
"""

COMMANDS: dict[str, tuple[str, str]] = {
    "cache": (
        "citecheck.cli._cache:cache",
        "Import answers into a cache, or export them from one (JSON or SQLite by extension, or postgresql://...).",
    ),
    "calibrate": (
        "citecheck.cli._review:calibrate",
        "Measure auto-accept thresholds on LABELS: results people decided on.",
    ),
    "check": (
        "citecheck.cli._commands:check",
        "Check the CITATIONS (a JSON list) against the SOURCE documents: match each quote, then ask the model.",
    ),
    "match": (
        "citecheck.cli._commands:match",
        "Step 1 only: find each citation's quote in the SOURCE documents, with no model and no API key.",
    ),
    "mcp": (
        "citecheck.cli._mcp:mcp",
        "Serve citecheck's tools over MCP on stdio: check citations, match quotes, check a provider response.",
    ),
    "repair": (
        "citecheck.cli._repair:repair",
        "Repair an ANSWER (a text or Markdown file) whose CITATIONS carry their quotes as the answer writes them.",
    ),
    "review": (
        "citecheck.cli._review:review",
        "The review round trip: export the queue, fill in decisions, import them, rerun with --decisions.",
    ),
    "schema": (
        "citecheck.cli._commands:schema",
        "Print the JSON Schema of `--format json` (schema/results.v1.json in the repository).",
    ),
}
"""Each subcommand: the ``module:attribute`` of its click command, and its help's first sentence."""


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use, from ``module:attribute`` paths.

    The group's own ``--help`` lists them with the summaries given, so it imports none of them.
    """

    def __init__(self, *args: object, lazy: dict[str, tuple[str, str]] | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy: dict[str, tuple[str, str]] = dict(lazy or {})
        self._collect_after_import = False

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the group; as the program itself, with no garbage collection while its modules load.

        As the program (``args`` not given: the command line is read), no garbage is collected while
        the subcommand's modules load, and what they made is then left out of every later collection
        (`gc.freeze`). Loading pydantic's models and the matcher's tables makes hundreds of thousands
        of objects, none of them garbage: the collections walking them, during the import, the run and
        at exit, were about a quarter of ``citecheck match``'s CPU time. A caller that passes ``args``
        (a test, an application running the command in its own process) keeps its collector as it is.
        """
        given = args[0] if args else kwargs.get("args")
        if given is None and gc.isenabled():
            gc.disable()
            self._collect_after_import = True
        return super().main(*args, **kwargs)

    def add_lazy(self, name: str, path: str, summary: str) -> None:
        """Register the command at ``path`` (``"package.module:attribute"``) as ``name``."""
        self.lazy[name] = (path, summary)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = self.lazy.get(cmd_name)
        if entry is None:
            return super().get_command(ctx, cmd_name)
        module, _, attribute = entry[0].partition(":")
        try:
            command = getattr(import_module(module), attribute)
        finally:
            if self._collect_after_import:
                self._collect_after_import = False
                gc.freeze()
                gc.enable()
        if not isinstance(command, click.Command):
            raise TypeError(f"{entry[0]} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # click's own listing imports every command for its short help: read the summaries instead.
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows: list[tuple[str, str]] = []
        for name in names:
            if name in self.lazy:
                # A stand-in with the summary as its help: click's own shortening, nothing imported.
                rows.append((name, click.Command(name, help=self.lazy[name][1]).get_short_help_str(limit)))
            else:
                command = super().get_command(ctx, name)
                if command is not None and not command.hidden:
                    rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    epilog="\b\nExamples:\n"
    "  citecheck check rfc7519.txt citations.json --cache json_cache.json --fail-on fabricated,contradicted\n"
    "  citecheck match rfc7519.txt citations.json --format json -o step1.json\n\n"
    "Run `citecheck COMMAND --help` for a command's options.\n\n" + EPILOG,
)
@click.version_option(package_name="citecheck-llm")
def main() -> None:
    """Catch wrong and hallucinated citations in LLM output."""
