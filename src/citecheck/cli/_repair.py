"""``citecheck repair``: the answer with tolerant quotes made exact, missing ones prose or marked, each annotated."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from citecheck.cli._options import preset_option
from citecheck.providers import PROVIDERS

if TYPE_CHECKING:
    from citecheck.matcher import PresetName
    from citecheck.repair import MissingQuotes

__all__ = ["repair"]


@click.command(
    epilog="\b\nExamples:\n"
    "  citecheck repair answer.md citations.json rfc7519.txt --cache json_cache.json\n"
    "  citecheck repair --from anthropic response.json policy.txt --format json -o repaired.json\n\n"
    "Nothing is invented: every word put in is the source's; no claim is rewritten; a quote found\n"
    "word for word is left byte for byte."
)
@click.argument(
    "inputs", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="ANSWER CITATIONS SOURCE..."
)
@click.option(
    "--from",
    "provider",
    type=click.Choice(PROVIDERS),
    help="Repair this provider's response instead (given first: --from anthropic RESPONSE.json SOURCE...).",
)
@click.option(
    "--missing",
    type=click.Choice(["mark", "prose"]),
    default="mark",
    show_default=True,
    help="A quote not in the source: marked [not in the source], or made plain prose (its quotation marks dropped; "
    "with --from, its citation dropped).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["markdown", "json"]),
    default="markdown",
    show_default=True,
    help="markdown: the answer with a footnote per citation; json: with --from, the response in the provider's "
    "own shape, else the repaired text and each citation's change, verdict and offsets.",
)
@click.option("--output", "-o", type=click.Path(path_type=Path, dir_okay=False), help="Write to this file.")
@click.option(
    "--cache", metavar="FILE", help="Answer cache (as check --cache): recorded answers replayed, new ones recorded."
)
@click.option("--new-cache", is_flag=True, help="Start the --cache file when it does not exist (as check --new-cache).")
@preset_option
@click.option("--no-judge", is_flag=True, help="Step 1 only: repair the quotes, annotate without the model's verdicts.")
@click.option("--model", default="jev-1.12", show_default=True, help="The model that judges each citation.")
def repair(
    inputs: tuple[Path, ...],
    provider: str | None,
    missing: MissingQuotes,
    output_format: str,
    output: Path | None,
    cache: str | None,
    new_cache: bool,
    preset: PresetName,
    no_judge: bool,
    model: str,
) -> None:
    """Repair an ANSWER (a text or Markdown file) whose CITATIONS carry their quotes as the answer writes them.

    Each quote found by a tolerant tier becomes the exact source text (line wrapping folded); each
    quote not in the source is marked or made prose (--missing); each citation gets a footnote with
    its verdict, confidence and action. Exact quotes are left as they are.
    """
    from citecheck._sources import decode_json, read_text
    from citecheck.checker import Checker
    from citecheck.cli._commands import _cache_location, _open_judge, _read_citations, _read_documents
    from citecheck.cli._errors import InputError
    from citecheck.errors import CitecheckError
    from citecheck.repair import repair_answer, repair_response

    if no_judge and cache is not None:
        raise click.UsageError("--cache only applies when the model judges: drop it or --no-judge")
    needed = 2 if provider is not None else 3
    if len(inputs) < needed:
        what = "RESPONSE SOURCE..." if provider is not None else "ANSWER CITATIONS SOURCE..."
        raise click.UsageError(f"repair takes {what}")
    # Without a model, step 1 alone gives the results (matched only): the checker's judge is never asked.
    if new_cache and cache is None:
        raise click.UsageError("--new-cache needs --cache: the file to start")
    judge = None if no_judge else _open_judge(model, _cache_location(cache), None, new_cache)
    checker = Checker(preset, judge=judge)
    try:
        if provider is not None:
            response_path, sources = inputs[0], inputs[1:]
            try:
                response = decode_json(read_text(response_path), what=str(response_path), error=InputError)
            except CitecheckError as error:
                raise InputError(str(error)) from None
            documents = _read_documents(sources, None)
            repaired = repair_response(
                provider,
                response,
                documents,
                checker=checker,
                missing=missing,
                judged=not no_judge,
            )
        else:
            answer_path, citations_path, sources = inputs[0], inputs[1], inputs[2:]
            try:
                answer = read_text(answer_path)
            except CitecheckError as error:
                raise InputError(str(error)) from None
            citations = _read_citations(citations_path)
            documents = _read_documents(sources, None)
            results = checker.match_citations(documents, citations) if no_judge else None
            repaired = repair_answer(
                answer,
                citations,
                documents,
                checker=checker,
                missing=missing,
                results=results,
            )
    except CitecheckError as error:
        raise InputError(str(error)) from None
    finally:
        if judge is not None:
            judge.close()
    if output_format == "markdown":
        text = repaired.to_markdown()
    elif provider is not None:
        if repaired.response is None:
            raise click.UsageError(
                f"--format json keeps the provider's shape for anthropic and bedrock; for {provider}, use markdown"
            )
        text = json.dumps(repaired.response, indent=2, ensure_ascii=False) + "\n"
    else:
        text = repaired.model_dump_json(indent=2) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as error:
            raise InputError(f"--output {output}: {error.strerror or error}") from None
