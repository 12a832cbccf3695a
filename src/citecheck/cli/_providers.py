"""``citecheck check --from PROVIDER RESPONSE.json SOURCE...``: a provider's response checked as any citations file."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import click

from citecheck._models import Document
from citecheck._sources import decode_json, read_text
from citecheck.checker import Checker
from citecheck.cli._errors import InputError
from citecheck.cli._results import Report
from citecheck.errors import CitecheckError
from citecheck.providers import ProviderRun, SentDocument, check_answer, match_answer, read_response, request_documents

__all__ = ["provider_inputs", "run_provider"]


def _split(entry: Path) -> tuple[str | None, Path]:
    """A SOURCE as ``NAME=PATH`` (the title, file id or url the provider names it by) or a plain path."""
    text = str(entry)
    if "=" in text and not entry.exists():
        # A url name holds "=" in its query (``https://h/p?id=3=page.html``): the PATH is what
        # follows the last "=" that leaves an existing file; else the first "=" splits, and the
        # missing file is reported.
        for at in (at for at in range(len(text) - 1, -1, -1) if text[at] == "="):
            name, path = text[:at].strip(), text[at + 1 :].strip()
            if name and path and Path(path).exists():
                return name, Path(path)
        name, _, path = text.partition("=")
        if name.strip() and path.strip():
            return name.strip(), Path(path.strip())
    return None, entry


def _sent(
    entries: Sequence[Path], read_documents: Callable[[Sequence[Path], str | None], list[Document]], parser: str | None
) -> list[SentDocument]:
    split = [_split(entry) for entry in entries]
    documents = read_documents([path for _, path in split], parser)
    return [
        SentDocument(document, title=name, file_id=name, url=name)
        for (name, _), document in zip(split, documents, strict=True)
    ]


def provider_inputs(common: Any) -> list[tuple[str, Path | None]]:
    """The files a ``--from`` run reads, named for a message: the response, then each source sent."""
    given: list[Path] = [*common.sources, common.citations]
    inputs: list[tuple[str, Path | None]] = [("the response", given[0])]
    return inputs + [("the source", _split(entry)[1]) for entry in given[1:]]


def _response(path: Path) -> Any:
    try:
        text = read_text(path)
    except CitecheckError as error:
        raise InputError(str(error)) from None
    if text.lstrip().startswith(("event:", "data:")):
        return text  # a recorded stream of server-sent events: the adapter reads it
    return decode_json(text, what=str(path), error=InputError)


def run_provider(
    common: Any,
    judge: tuple[str, str | Path | None, float, int, Any, bool, str | None] | None,
    read_documents: Callable[[Sequence[Path], str | None], list[Document]],
    judged: Callable[[Any, Callable[[Checker], tuple[Checker, ProviderRun]]], tuple[Checker, ProviderRun]],
    checking: Callable[[], AbstractContextManager[None]],
    write: Callable[[Report, str, Path | None], None],
) -> None:
    """Read the response (the first positional argument) and the documents sent, check, and report.

    Raises:
        InputError: The response or a document cannot be read, or a citation names no document given.
    """
    given: list[Path] = [*common.sources, common.citations]
    response_path, entries = given[0], given[1:]
    response = _response(response_path)
    sent = _sent(entries, read_documents, common.parser)
    if common.request is not None:
        if common.provider not in ("anthropic", "bedrock"):
            raise click.UsageError("--request goes with --from anthropic or --from bedrock")
        try:
            sent = request_documents(common.provider, _response(common.request), sent)
        except CitecheckError as error:
            raise InputError(f"{common.request}: {error}") from None
    try:
        answer = read_response(common.provider, response, sent)
    except CitecheckError as error:
        raise InputError(f"{response_path}: {error}") from None
    totals: dict[str, int] = {}
    with checking():
        checker, run = judged(
            judge,
            lambda checker: (
                checker,
                match_answer(answer, sent, checker=checker)
                if judge is None
                else check_answer(answer, sent, checker=checker),
            ),
        )
        if run.totals is not None:
            totals = {"model calls made": run.totals.calls, "answers replayed from the cache": run.totals.replayed}
    report = Report(
        documents=run.documents,
        results=tuple(run.results),
        judged=judge is not None,
        fail_on=common.fail_on,
        totals=totals,
        checker=checker if judge is not None else None,
        answer=answer,
    )
    write(report, common.output_format, common.output)
