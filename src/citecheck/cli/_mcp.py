"""``citecheck mcp``: an MCP server (stdio) whose tools check citations, for agents.

Built on the official ``mcp`` SDK (the ``mcp`` extra), imported only when the server starts. Three
tools, each returning the command's JSON output (`ResultsV1`, ``schema/results.v1.json``) as
structured content with that schema as its output schema:

- ``check_citations``: both steps, for citations against documents given as paths or text;
- ``match_citations``: step 1 alone (no model, no key);
- ``check_provider_response``: a provider's response (``anthropic``, ``openai``, ...) and the
  documents sent.

A document given by path must lie inside one of the roots the server was started with, after
resolving ``..`` and symbolic links; anything else is refused. The API key is read from the
environment (``TYPESAFE_API_KEY``) by the judge, never taken from a tool's arguments.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from pydantic import BaseModel, ConfigDict, Field

# Names the tools' annotations use must be the module's: the SDK reads the annotations to build
# the tools' schemas. The command line already loads these modules; the SDK loads with the server.
from citecheck._models import Citation
from citecheck.cli._json import ResultsV1
from citecheck.cli._options import preset_option
from citecheck.providers import ProviderName

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from citecheck._models import Document
    from citecheck.checker import Checker
    from citecheck.matcher import PresetName

__all__ = ["DocumentInput", "Roots", "build_server", "mcp"]

SERVER_NAME = "citecheck"


class DocumentInput(BaseModel):
    """A source document, by path (inside the server's roots) or by its text."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    path: str | None = None
    """A file inside one of the server's roots; a relative path is taken from the first root."""
    text: str | None = None
    """The document's text, instead of a path."""
    name: str | None = None
    """The name citations use for it (their ``document`` field); by default the file's name."""
    parser: str | None = Field(default=None)
    """Parse it with this parser (rfc, markdown, html, text, pdf), as ``--parser``, not by extension and content."""


class Roots:
    """The folders a server may read documents from: a path resolves inside one of them, or it is refused."""

    def __init__(self, folders: Sequence[str | os.PathLike[str]]) -> None:
        if not folders:
            raise ValueError("an MCP server needs at least one root folder to read documents from")
        self.folders = tuple(Path(os.path.realpath(folder)) for folder in folders)
        for folder in self.folders:
            if not folder.is_dir():
                raise ValueError(f"the root {folder} is not a folder")

    def resolve(self, path: str) -> Path:
        """The real path of ``path`` (``..`` and symbolic links resolved), when it lies inside a root.

        Raises:
            DocumentReadError: It lies outside every root.
        """
        from citecheck.errors import DocumentReadError

        given = Path(path)
        candidate = given if given.is_absolute() else self.folders[0] / given
        real = Path(os.path.realpath(candidate))
        if not any(real == folder or real.is_relative_to(folder) for folder in self.folders):
            raise DocumentReadError(f"{path}: outside the folders this server reads from (its roots); refused")
        return real


class _DocumentInputError(Exception):
    """A document of a tool call cannot be used; the message names it by its position and says why."""


def _documents(inputs: Sequence[DocumentInput], roots: Roots, checker: Checker) -> list[Document]:
    from citecheck.errors import CitecheckError

    documents = []
    for index, given in enumerate(inputs):
        where = f"documents[{index}]"
        if (given.path is None) == (given.text is None):
            raise _DocumentInputError(f"{where}: give either path or text, not {'both' if given.path else 'neither'}")
        try:
            if given.path is not None:
                path = roots.resolve(given.path)
                documents.append(
                    checker.parse_file(path, parser=given.parser, name=given.name or Path(given.path).name)
                )
            else:
                assert given.text is not None
                documents.append(checker.parse_text(given.text, parser=given.parser, name=given.name))
        except CitecheckError as error:
            raise _DocumentInputError(f"{where}: {type(error).__name__}: {error}") from None
    return documents


def _results(documents: Sequence[Document], results: Sequence[Any], judged: bool, **extra: Any) -> ResultsV1:
    from citecheck.cli._json import results_of
    from citecheck.cli._results import Report

    return results_of(Report(documents=tuple(documents), results=tuple(results), judged=judged, **extra))


def build_server(roots: Roots, checker: Checker) -> MCPServer:
    """The MCP server: its three tools check with ``checker``, reading documents inside ``roots`` only."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.server.mcpserver.tools import Tool

    from citecheck.cli._json import results_schema
    from citecheck.errors import CitecheckError
    from citecheck.providers import check_answer, read_response

    def failing(error: Exception) -> ToolError:
        return ToolError(str(error) if isinstance(error, _DocumentInputError) else f"{type(error).__name__}: {error}")

    async def check_citations(citations: list[Citation], documents: list[DocumentInput]) -> ResultsV1:
        """Check citations against documents: find each quote, then ask the model if its section supports the claim.

        Returns one result per citation: verdict (verified, unsupported, contradicted, fabricated),
        confidence, whether it stands or a person must review it, and the evidence (section, offsets,
        the exact source text, how the quote matched, flags).
        """
        try:
            loaded = _documents(documents, roots, checker)
            batch = await checker.acheck_citations(loaded, citations)
        except (CitecheckError, _DocumentInputError) as error:
            raise failing(error) from None
        return _results(loaded, batch, True, checker=checker)

    async def match_citations(citations: list[Citation], documents: list[DocumentInput]) -> ResultsV1:
        """Step 1 alone: find each citation's quote in the documents, with no model and no API key.

        A quote that is not in the source is fabricated; any other citation has no verdict (only the
        model can judge it) unless a flag asks a person to look.
        """
        try:
            loaded = _documents(documents, roots, checker)
            results = checker.match_citations(loaded, citations)
        except (CitecheckError, _DocumentInputError) as error:
            raise failing(error) from None
        return _results(loaded, results, False)

    async def check_provider_response(
        provider: ProviderName, response: dict[str, Any], documents: list[DocumentInput]
    ) -> ResultsV1:
        """Check every citation of an LLM provider's response (its JSON as returned) against the documents sent.

        The documents are given in the order they were sent: providers cite them by position.
        """
        try:
            loaded = _documents(documents, roots, checker)
            answer = read_response(provider, response, loaded)
            run = check_answer(answer, loaded, checker=checker)
        except (CitecheckError, _DocumentInputError) as error:
            raise failing(error) from None
        return _results(run.documents, run.results, True, checker=checker, answer=answer)

    schema = {key: value for key, value in results_schema().items() if key not in ("$schema", "$id")}
    tools = []
    for function in (check_citations, match_citations, check_provider_response):
        tool = Tool.from_function(function, structured_output=True)
        # The schema the library publishes (serialization mode: derived fields included), not one
        # the SDK derives from the return type for validation.
        tool.fn_metadata.output_schema = schema
        tools.append(tool)
    return MCPServer(
        SERVER_NAME,
        instructions="Check that each citation's quote is in its source document and that the source supports "
        "the claim. Documents are read only inside the server's root folders.",
        tools=tools,
        log_level="WARNING",  # stderr carries the server's problems, not a line per refused call
    )


def _checker(cache: str | None, new_cache: bool, preset: PresetName, model: str, auto_accept: float) -> Checker:
    from citecheck.checker import Checker
    from citecheck.judge import TypeSafeJudge

    judge = TypeSafeJudge(model=model, cache=cache, create=new_cache)  # the key, if any, from TYPESAFE_API_KEY alone
    return Checker(preset, judge=judge, auto_accept=auto_accept)


@click.command(
    epilog="\b\nExample (Claude Desktop, .mcp.json):\n"
    '  {"mcpServers": {"citecheck": {"command": "citecheck",\n'
    '     "args": ["mcp", "--root", "/path/to/docs", "--cache", "/path/to/answers.json"]}}}'
)
@click.option(
    "--root",
    "roots",
    multiple=True,
    type=click.Path(file_okay=False, exists=True),
    help="A folder the tools may read documents from (repeat for several); by default the current folder.",
)
@click.option("--cache", help="Answer cache: recorded answers replayed, new ones recorded (as check --cache).")
@click.option("--new-cache", is_flag=True, help="Start the --cache file when it does not exist (as check --new-cache).")
@preset_option
@click.option("--model", default="jev-1.12", show_default=True, help="The model that judges each citation.")
@click.option("--auto-accept", type=click.FloatRange(0, 1), default=0.8, show_default=True)
def mcp(
    roots: tuple[str, ...], cache: str | None, new_cache: bool, preset: PresetName, model: str, auto_accept: float
) -> None:
    """Serve citecheck's tools over MCP on stdio: check citations, match quotes, check a provider response.

    Needs the mcp extra (pip install 'citecheck-llm[mcp]'). The API key comes from TYPESAFE_API_KEY
    only; with --cache, recorded answers need no key.
    """
    try:
        import mcp as _sdk  # noqa: F401  # the extra, said plainly when it is missing
    except ImportError:
        raise click.UsageError("citecheck mcp needs the mcp extra: pip install 'citecheck-llm[mcp]'") from None
    from citecheck.errors import CitecheckError

    try:
        if new_cache and cache is None:
            raise click.UsageError("--new-cache needs --cache: the file to start")
        checker = _checker(cache, new_cache, preset, model, auto_accept)
        server = build_server(Roots(roots or [os.getcwd()]), checker)
    except (CitecheckError, ValueError) as error:
        raise click.UsageError(str(error)) from None
    server.run("stdio")
