"""``citecheck check``, ``match`` and ``schema``: check citations, gate a CI run on the verdicts, report."""

from __future__ import annotations

import json
import logging
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from functools import partial, wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.core import ParameterSource

from citecheck._models import Citation, Document, as_citation
from citecheck._safe_text import printable
from citecheck._sources import decode_json, read_text, same_file_as
from citecheck.checker import (
    AUTO_ACCEPT,
    DEFAULT_CONCURRENCY,
    DEFAULT_GATES,
    GATES,
    JUDGED_GATES,
    Checker,
    Gate,
    Result,
)
from citecheck.cli._errors import EXIT_GATE, EXIT_INTERRUPTED, EXIT_PASSED, InputError, check_output
from citecheck.cli._formats import RENDERERS, Style
from citecheck.cli._main import EPILOG as _EPILOG
from citecheck.cli._options import preset_option
from citecheck.cli._results import Report
from citecheck.errors import BatchInterrupted, CitecheckError, InvalidCitationError, TierPluginError, UnknownFormatError
from citecheck.matcher import PresetName, Tier, load_tier, tier_preset
from citecheck.parsers import FORMATS, default_registry, parse_file

if TYPE_CHECKING:
    from citecheck.judge import RateLimit, TypeSafeJudge

__all__ = ["check", "match", "schema"]

# Written out rather than imported, so that ``match`` and every ``--help`` load neither the judge
# nor the provider adapters; tests/test_cli.py holds them equal to the library's.
PROVIDERS = ("anthropic", "bedrock", "openai", "cohere", "gemini", "numbered")
"""`citecheck.providers.PROVIDERS`: the providers ``--from`` reads."""
DEFAULT_MODEL = "jev-1.12"
"""`citecheck.judge.DEFAULT_MODEL`: the model ``--model`` names by default."""


_JSON_TYPES = {dict: "object", str: "string", int: "number", float: "number", bool: "boolean", type(None): "null"}


def _parse_gates(ctx: click.Context, param: click.Parameter, values: Sequence[str]) -> frozenset[Gate] | None:
    if not values:
        return None  # not given: the default depends on whether a model is asked (see _run)
    gates: set[Gate] = set()
    for value in values:
        for name in (part.strip() for part in value.split(",")):
            if name == "none":
                continue
            if name not in GATES:
                raise click.BadParameter(f"{name!r} is not a gate: use any of {', '.join(GATES)}, or none")
            gates.add(name)
    return frozenset(gates)


def _check_output_format(ctx: click.Context, param: click.Parameter, value: str) -> str:
    if value in FORMATS and value not in RENDERERS:
        raise click.BadParameter(f"--format picks the output now; parse the sources as {value} with --parser {value}")
    if value not in RENDERERS:
        raise click.BadParameter(f"{value!r} is not a format: use one of {', '.join(RENDERERS)}")
    return value


def _check_parser(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    # Checked against the registry, plugins included, only when given: --help and --version load no plugin.
    if value is None:
        return None
    try:
        known = list(default_registry())
    except CitecheckError as error:
        raise click.BadParameter(str(error)) from None
    if value not in known:
        # The error's message ends with the plugins' entry point group: a missing plugin is the likely cause.
        raise click.BadParameter(str(UnknownFormatError(value, known, reason=f"{value!r} is not a format: use one of")))
    return value


def _check_provider(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None or value in PROVIDERS:
        return value
    from citecheck.providers import installed_providers  # entry points are read only for a plugin's name

    if value not in installed_providers():
        raise click.BadParameter(f"{value!r} is not a provider: use one of {', '.join(installed_providers())}")
    return value


def _load_tiers(ctx: click.Context, param: click.Parameter, names: Sequence[str]) -> tuple[Tier, ...]:
    tiers = []
    for name in names:
        try:
            tiers.append(load_tier(name))
        except TierPluginError as error:
            raise click.BadParameter(str(error)) from None
    return tuple(tiers)


@dataclass(frozen=True)
class _CommonOptions:
    """What ``check`` and ``match`` both take: the sources and citations, how to match, output and gates."""

    sources: tuple[Path, ...]
    citations: Path
    parser: str | None
    preset: PresetName
    plugin_tiers: tuple[Tier, ...]
    output_format: str
    output: Path | None
    fail_on: frozenset[Gate] | None
    """The ``--fail-on`` gates; ``None`` until `_run` puts the default in when none was given."""
    provider: str | None
    request: Path | None

    @property
    def tiers(self) -> tuple[Tier, ...] | None:
        """The tiers to run: the preset's, then those of ``--tier``; ``None`` for the preset's alone."""
        if not self.plugin_tiers:
            return None
        return (*tier_preset(self.preset), *self.plugin_tiers)

    def checker(self, judge: Any = None, options: _JudgeOptions | None = None) -> Checker:
        """The one `Checker` the run uses: these options, and the judge's when the model judges."""
        if options is None:
            return Checker(self.preset, tiers=self.tiers)
        _, _, auto_accept, concurrency, _, _, _ = options
        return Checker(self.preset, tiers=self.tiers, judge=judge, auto_accept=auto_accept, concurrency=concurrency)


def _common_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """The options ``check`` and ``match`` share, handed to the command as one ``common`` argument."""

    @wraps(function)
    def collected(*args: Any, **kwargs: Any) -> Any:
        common = _CommonOptions(**{option.name: kwargs.pop(option.name) for option in fields(_CommonOptions)})
        return function(*args, common=common, **kwargs)

    options = [
        click.argument("sources", nargs=-1, type=click.Path(path_type=Path), metavar="SOURCE..."),
        click.argument("citations", type=click.Path(path_type=Path)),
        click.option(
            "--from",
            "provider",
            metavar="[" + "|".join(PROVIDERS) + "|PLUGIN]",
            callback=_check_provider,
            help="Read the citations from this provider's response (given first: --from anthropic RESPONSE.json "
            "SOURCE...), the documents sent in the order sent; NAME=PATH names a SOURCE by its title, file id or url.",
        ),
        click.option(
            "--request",
            type=click.Path(path_type=Path, dir_okay=False),
            help="With --from anthropic or bedrock: read the documents sent from this request body, exactly as "
            "sent (a SOURCE then only stands for one the request names by url or file id).",
        ),
        click.option(
            "--parser",
            metavar="FORMAT",
            callback=_check_parser,
            help=f"Parse every SOURCE as this format ({', '.join(FORMATS)}, or one a plugin registers), "
            "instead of going by its extension and content.",
        ),
        preset_option,
        click.option(
            "--tier",
            "plugin_tiers",
            multiple=True,
            metavar="NAME",
            callback=_load_tiers,
            help="Run this tier too, after the preset's: one an installed package offers in the citecheck.tiers "
            "entry point group. Repeat for several.",
        ),
        click.option(
            "--format",
            "output_format",
            default="table",
            show_default=True,
            callback=_check_output_format,
            metavar="[" + "|".join(RENDERERS) + "]",
            help="Output format. json follows schema/results.v1.json; junit has one test case per citation.",
        ),
        click.option(
            "--output",
            "-o",
            type=click.Path(path_type=Path, dir_okay=False),
            help="Write the output to this file instead of printing it.",
        ),
        click.option(
            "--fail-on",
            multiple=True,
            callback=_parse_gates,
            metavar="GATES",
            help=f"Exit 1 when a result matches one of these, comma-separated: {', '.join(GATES)} "
            "(review: a person must look), or none. Default: fabricated,contradicted,error "
            "(fabricated,error without a model). Giving it replaces the default.",
        ),
    ]
    for option in reversed(options):
        collected = option(collected)
    return collected


class _Check(click.Command):
    """`check`, whose usage error for ``--no-judge`` says where step 1 alone is."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            # Step 1 alone has one spelling: `citecheck match`; a reader of an old example is told so.
            if error.option_name == "--no-judge":
                raise click.UsageError(
                    "check has no --no-judge: step 1 alone is `citecheck match`, with the same sources, "
                    "citations and options",
                    ctx,
                ) from None
            raise


@click.command(
    cls=_Check,
    epilog="\b\nExamples:\n"
    "  citecheck check rfc7519.txt citations.json --cache json_cache.json\n"
    "  citecheck check rfc7519.txt citations.json --cache json_cache.json --format junit -o citecheck.xml\n\n"
    + _EPILOG,
)
@_common_options
@click.option(
    "--cache",
    metavar="FILE",
    help="cooksafe JsonCache file (.sqlite/.db: SQLite; postgresql://...: a shared PostgreSQL table): "
    "recorded answers to replay, new ones recorded. The file must exist, unless --new-cache.",
)
@click.option(
    "--new-cache",
    is_flag=True,
    help="Start the --cache file when it does not exist (without this, a missing file is an error: a typo).",
)
@click.option(
    "--rate-limit",
    metavar="LIMIT",
    help="Requests per window for every request sent, retries included, such as 500/s or 500/s,10000/min.",
)
@click.option(
    "--rate-limit-store",
    metavar="URL",
    help="redis://host:port/db: share the --rate-limit with every process that names this store (default: this "
    "process only).",
)
@click.option("--model", default=DEFAULT_MODEL, show_default=True, help="The model that judges each citation.")
@click.option(
    "--judge",
    "plugin_judge",
    metavar="NAME",
    help="Ask this judge instead of the model: one an installed package offers in the citecheck.judges entry "
    "point group (--cache then records its answers under its own name).",
)
@click.option(
    "--auto-accept",
    type=click.FloatRange(0, 1),
    default=AUTO_ACCEPT,
    show_default=True,
    help="Confidence at and above which a verdict stands without review.",
)
@click.option(
    "--concurrency",
    type=click.IntRange(min=1),
    default=DEFAULT_CONCURRENCY,
    show_default=True,
    help="Questions in flight at once (Checker(concurrency=N) in Python).",
)
@click.option(
    "--decisions",
    type=click.Path(path_type=Path),
    help="Apply people's decisions from this file (`citecheck review import`): theirs override the model's.",
)
@click.pass_context
def check(
    ctx: click.Context,
    common: _CommonOptions,
    cache: str | None,
    new_cache: bool,
    rate_limit: str | None,
    rate_limit_store: str | None,
    model: str,
    plugin_judge: str | None,
    auto_accept: float,
    concurrency: int,
    decisions: Path | None,
) -> None:
    """Check the CITATIONS (a JSON list) against the SOURCE documents: match each quote, then ask the model.

    A SOURCE is an RFC, Markdown, HTML, plain text or PDF file, or of a format a plugin adds. With
    several, each citation names its source by file name in a "document" field, or is looked for
    in all of them. Step 1 alone, with no model and no API key, is `citecheck match`.
    """
    if plugin_judge is not None:
        given = [f"--{name.replace('_', '-')}" for name in ("model", "rate_limit") if _given(ctx, name)]
        if given:
            raise click.UsageError(f"--judge asks a plugin, not the model: drop {', '.join(given)}")
    if new_cache and cache is None:
        raise click.UsageError("--new-cache needs --cache: the file to start")
    limit = _rate_limit(rate_limit, rate_limit_store)
    _run(
        common,
        judge=(model, _cache_location(cache), auto_accept, concurrency, limit, new_cache, plugin_judge),
        decisions=decisions,
    )


@click.command(
    epilog="\b\nExamples:\n"
    "  citecheck match rfc7519.txt citations.json\n"
    "  citecheck match rfc6749.txt rfc3986.txt citations.json --fail-on fabricated,review --format csv -o step1.csv\n\n"
    + _EPILOG
)
@_common_options
def match(common: _CommonOptions) -> None:
    """Step 1 only: find each citation's quote in the SOURCE documents, with no model and no API key.

    Every citation gets its status (found, missing, section-only, ambiguous), the tier that matched,
    the cited and the found section, flags and evidence. A missing quote is fabricated; any other
    citation has no verdict, since only the model can judge it (action "judge"), unless a flag asks
    a person to look (action "review").
    """
    _run(common)


@click.command(epilog="\b\nExample:\n  citecheck schema > results.v1.json\n\n" + _EPILOG)
def schema() -> None:
    """Print the JSON Schema of `--format json` (schema/results.v1.json in the repository)."""
    from citecheck.cli._json import results_schema

    click.echo(json.dumps(results_schema(), indent=2))


def _given(ctx: click.Context, name: str) -> bool:
    return ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None)


def _read_documents(sources: Sequence[Path], parser: str | None) -> list[Document]:
    # Documents are named after their files; by their paths when two files share a name. A file
    # given twice (--from: the same document sent twice) is read once and is one document, both times.
    firsts: dict[str, Path] = {}
    for path in sources:
        if same_file_as(path, firsts.values()) is None:
            firsts[str(path)] = path
    names = [path.name for path in firsts.values()]
    read: dict[str, Document] = {}
    documents = []
    for path in sources:
        first = same_file_as(path, firsts.values()) or str(path)
        if first not in read:
            try:
                name = str(path) if names.count(path.name) > 1 else None
                read[first] = parse_file(path, parser=parser, name=name)
            except CitecheckError as error:
                message = str(error)
                raise InputError(message if str(path) in message else f"{path}: {message}") from None
        documents.append(read[first])
    return documents


def _distinct(sources: Sequence[Path], aliases: dict[str, str] | None = None) -> list[Path]:
    """The SOURCEs with a file given twice (by the same path, a symlink or a hard link) read once.

    Two copies of one document would make every quote in it occur twice, so every citation would be
    ambiguous; a note on stderr says which file was given again. ``aliases`` gets the names the
    other spellings would have had (``hard.txt``), to the file kept (``doc.txt``).
    """
    kept: list[Path] = []
    for path in sources:
        again = same_file_as(path, kept)
        if again is None:
            kept.append(path)
        else:
            click.echo(printable(f"note: {path} is {again}, given before: read once"), err=True)
            if aliases is not None:
                aliases.setdefault(path.name, again)
                aliases.setdefault(str(path), again)
    return kept


def _by_alias(
    citations: list[Citation], aliases: dict[str, str], kept: Sequence[Path], documents: Sequence[Document]
) -> list[Citation]:
    """Citations naming a file given twice by its other spelling, naming the document read instead."""
    if not aliases:
        return citations
    named = {str(path): document.name for path, document in zip(kept, documents, strict=True)}
    names = set(named.values())
    moved = {alias: named[first] for alias, first in aliases.items() if alias not in names and first in named}
    return [
        citation.model_copy(update={"document": moved[citation.document]}) if citation.document in moved else citation
        for citation in citations
    ]


def _read_citations(path: Path) -> list[Citation]:
    try:
        text = read_text(path)
    except CitecheckError as error:
        raise InputError(str(error)) from None
    loaded = decode_json(text, what=str(path), error=InputError)
    if not isinstance(loaded, list):
        kind = _JSON_TYPES.get(type(loaded), type(loaded).__name__)
        hint = ": put it in [ ]" if isinstance(loaded, dict) else ""
        raise InputError(f"{path} must hold a JSON list of citations, got a JSON {kind}{hint}")
    citations, problems = [], []
    for position, item in enumerate(loaded):
        try:
            citations.append(as_citation(item, position))
        except InvalidCitationError as error:
            problems.append(f"{path}: {error}")
    if problems:
        # Every bad citation, one line each, before any model call is paid for.
        raise InputError("\n".join(problems))
    return citations


def _cache_location(cache: str | None) -> str | Path | None:
    """A database URL as it is (a path would fold its ``//``), anything else as a file path."""
    from citecheck.judge import is_database_url

    return cache if cache is None or is_database_url(cache) else Path(cache)


def _rate_limit(limit: str | None, store: str | None) -> RateLimit | None:
    if limit is None:
        if store is not None:
            raise click.UsageError("--rate-limit-store needs --rate-limit: the limit the store holds")
        return None
    try:
        from citecheck.judge import RateLimit

        return RateLimit(limit, store=store)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--rate-limit") from None


def _open_judge(model: str, cache: str | Path | None, limit: RateLimit | None, create: bool) -> TypeSafeJudge:
    try:
        from citecheck.judge import TypeSafeJudge

        return TypeSafeJudge(model=model, cache=cache, rate_limit=limit, create=create)
    except CitecheckError as error:
        raise InputError(str(error)) from None


_JudgeOptions = tuple[str, "str | Path | None", float, int, "RateLimit | None", bool, "str | None"]
"""What ``check`` asks of the judge: model, cache, auto-accept threshold, concurrency, rate limit, new cache."""
_T = TypeVar("_T")


class _Stderr(logging.Handler):
    """The ``citecheck`` logger's warnings (a spill: how many answers, and where) as lines on stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(printable(record.getMessage()), err=True)


def _plugin_judge(name: str, cache: str | Path | None, create: bool) -> Any:
    from citecheck.judge import CachedJudge, load_judge

    try:
        chosen = load_judge(name)
        return chosen if cache is None else CachedJudge(chosen, cache, name=f"plugin:{name}", create=create)
    except (CitecheckError, ValueError, TypeError) as error:
        raise InputError(str(error)) from None


def _judged(common: _CommonOptions, judge: _JudgeOptions | None, check: Callable[[Checker], _T]) -> _T:
    """Run ``check`` with the run's one `Checker`: with the judge the options describe, if any.

    The judge's warnings (a spill: paid answers the cache refused, and where they are) go to stderr.
    """
    if judge is None:
        return check(common.checker())
    model, cache, _, _, limit, create, plugin = judge
    logger, handler = logging.getLogger("citecheck"), _Stderr(logging.WARNING)
    logger.addHandler(handler)
    try:
        if plugin is not None:
            return check(common.checker(_plugin_judge(plugin, cache, create), judge))
        with _open_judge(model, cache, limit, create) as chosen:
            return check(common.checker(chosen, judge))
    finally:
        logger.removeHandler(handler)


@contextmanager
def _checking() -> Iterator[None]:
    """A batch stopped by Ctrl-C exits 130 naming the ids left; any other failure is one line, exit 2."""
    try:
        yield
    except BatchInterrupted as stop:
        # Every answer received so far is in the cache: a rerun pays only for what is left.
        click.echo(printable(f"{stop}. Left: {', '.join(stop.pending)}"), err=True)
        sys.exit(EXIT_INTERRUPTED)
    except CitecheckError as error:
        raise InputError(str(error)) from None


def _style(output: Path | None) -> Style:
    if output is not None or not sys.stdout.isatty():
        return Style()
    color = not os.environ.get("NO_COLOR")
    return Style(color=color, width=shutil.get_terminal_size().columns)


def _run(
    common: _CommonOptions,
    *,
    judge: _JudgeOptions | None = None,
    decisions: Path | None = None,
) -> None:
    output = common.output
    # Without a model no citation is contradicted or unsupported: such a gate could never fire,
    # and a CI pipeline relying on it would pass silently.
    fail_on = common.fail_on
    if fail_on is None:
        # A CI run fails on a wrong citation by default, as a linter fails on a finding.
        fail_on = DEFAULT_GATES if judge is not None else DEFAULT_GATES - JUDGED_GATES
        common = replace(common, fail_on=fail_on)
    needs_judge = sorted(fail_on & JUDGED_GATES)
    if judge is None and needs_judge:
        rest = "/".join(g for g in GATES if g not in JUDGED_GATES)
        raise click.UsageError(
            f"the gate{'s' if len(needs_judge) > 1 else ''} {', '.join(needs_judge)} "
            f"need{'' if len(needs_judge) > 1 else 's'} a judge: run check instead of match, "
            f"or gate on {rest}"
        )
    if output is not None:
        inputs: list[tuple[str, Path | None]]
        if common.provider is None:
            inputs = [("the source", path) for path in common.sources]
            inputs.append(("the citations file", common.citations))
        else:
            from citecheck.cli._providers import provider_inputs

            inputs = provider_inputs(common)
        inputs += [("the --request file", common.request), ("the --decisions file", decisions)]
        cache_file = judge[1] if judge and isinstance(judge[1], Path) else None  # a database URL is no file
        check_output("--output", output, [*inputs, ("the --cache file", cache_file)])
    if common.provider is not None:
        from citecheck.cli._providers import run_provider

        if decisions is not None:
            raise click.UsageError("--decisions applies to a citations file, not to --from")
        run_provider(common, judge, _read_documents, partial(_judged, common), _checking, _write)
        return
    if common.request is not None:
        raise click.UsageError("--request goes with --from anthropic or --from bedrock")
    if not common.sources:
        raise click.UsageError("Missing argument 'SOURCE...'.")
    # Read before any model call: a bad decisions file must not cost a paid run.
    stored = None
    if decisions is not None:  # the review tools load only for a run that applies decisions
        from citecheck.cli._review import read_decisions_file

        stored = read_decisions_file(decisions)
    aliases: dict[str, str] = {}
    kept = _distinct(common.sources, aliases)
    documents = _read_documents(kept, common.parser)
    citations = _by_alias(_read_citations(common.citations), aliases, kept, documents)
    results: Sequence[Result]
    totals: dict[str, int] = {}
    decided = None
    with _checking():
        if judge is None:
            checker = common.checker()
            results = checker.match_citations(documents, citations)
        else:
            checker, batch = _judged(
                common, judge, lambda checker: (checker, checker.check_citations(documents, citations))
            )
            results = batch
            totals = {"model calls made": batch.totals.calls, "answers replayed from the cache": batch.totals.replayed}
            if decisions is not None and stored is not None:
                from citecheck.cli._review import apply_decisions_file

                results, decided = apply_decisions_file(results, decisions, stored)
    report = Report(
        documents=tuple(documents),
        results=tuple(results),
        judged=judge is not None,
        fail_on=fail_on,
        totals=totals,
        decisions=decided,
        checker=checker if judge else None,
    )
    _write(report, common.output_format, output)


def _write(report: Report, output_format: str, output: Path | None) -> None:
    text = RENDERERS[output_format](report, _style(output))
    if output is None:
        click.echo(text)
    else:
        try:
            output.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise InputError(f"--output {output}: {error.strerror or error}") from None
    sys.exit(EXIT_PASSED if report.passed else EXIT_GATE)
