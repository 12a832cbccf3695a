"""The review round trip: export the review queue, import a person's decisions, apply them to a run.

A decision is stored under its citation's content, (claim, quote, document, section), never under
its position or id alone, so it survives reordering and renaming. It also keeps a fingerprint of the
evidence the person saw (step 1's finding and the text the model read): when either the citation or
its evidence has changed since, the decision is reported stale and not applied, since the person
decided on something else.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from citecheck._models import Citation, CitationResult, HumanDecision, Verdict
from citecheck._safe_text import neutralise_cell, restore_cell
from citecheck._sources import FileLock, decode_json, read_text, special_file_problem, write_atomically
from citecheck.checker import ResultView, view
from citecheck.errors import ReviewFileError

__all__ = [
    "QUEUE_COLUMNS",
    "DecisionReport",
    "StaleDecision",
    "StoredDecision",
    "apply_decisions",
    "decision_key",
    "evidence_fingerprint",
    "export_queue",
    "import_queue",
    "load_decisions",
    "load_json",
    "load_results",
    "save_decisions",
]


R = TypeVar("R")
_VERDICTS = ", ".join(v.value for v in Verdict)
_STORE_VERSION = 1


class StoredDecision(BaseModel):
    """One person's decision as the decisions file keeps it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    """`decision_key` of the citation decided on."""
    id: str
    """The citation's id when it was decided on (for messages, and to spot a changed citation)."""
    claim: str
    """The citation's claim."""
    quote: str | None
    """The citation's quote."""
    document: str | None
    """The document the citation named."""
    section: str | None
    """The section the citation named."""
    evidence: str
    """`evidence_fingerprint` of the result the person saw."""
    model_verdict: Verdict
    """The checker's verdict the person saw."""
    confidence: Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)] | None
    """The model's confidence, if a model was asked: with `model_verdict` and `verdict`, a label for calibration.
    Between 0 and 1: a ``NaN`` or infinite one is refused, so calibration never counts it."""
    verdict: Verdict
    """The person's verdict."""
    note: str = ""
    """The person's note."""
    decided_at: str
    """When the decision was imported (ISO 8601, UTC)."""
    flags: tuple[str, ...] = ()
    """Step 1's flags on the result the person saw: a flagged result is never auto-accepted,
    whatever its confidence, so calibration counts it as review load (empty in older files)."""


@dataclass(frozen=True)
class StaleDecision:
    """A decision that was not applied because its citation or evidence changed since."""

    id: str
    """The citation's id in this run."""
    reason: str
    """What changed, in words."""


@dataclass
class DecisionReport:
    """What `apply_decisions` did."""

    applied: list[str] = field(default_factory=list)
    """Ids of the citations that got a person's verdict."""
    stale: list[StaleDecision] = field(default_factory=list)
    """Decisions not applied, because their citation or its evidence changed."""
    unused: int = 0
    """Decisions for citations that are not in this run at all."""


def _norm(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    return " ".join(text.split())


def _key_of(claim: str, quote: str | None, document: str | None, section: str | None) -> str:
    # Whitespace is folded so a rewrapped quote in a spreadsheet keeps its decision.
    parts = [_norm(claim), _norm(quote), _norm(document), _norm(section)]
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode()).hexdigest()[:24]


def decision_key(citation: Citation) -> str:
    """The key a decision is stored under: a hash of the citation's claim, quote, document and section."""
    return _key_of(citation.claim, citation.quote, citation.document, citation.section)


def evidence_fingerprint(result: CitationResult) -> str:
    """A hash of what the person saw: step 1's finding, the section read and its text, the closest text."""
    location = result.location
    closest = location.closest.source_text if location.closest else None
    seen = [location.status, location.document, location.section, location.text, closest]
    return hashlib.sha256(json.dumps(seen, ensure_ascii=False).encode()).hexdigest()[:24]


def apply_decisions(results: Sequence[R], decisions: Iterable[StoredDecision]) -> tuple[list[R], DecisionReport]:
    """Apply people's decisions to a run's results.

    A result whose citation has a decision, on the same evidence, gets the person's verdict, stands
    (``auto``) and keeps the decision in `CitationResult.decision`. A decision whose citation (same
    id, other content) or evidence has changed is reported stale and not applied.

    Returns:
        The results, in order, and what was applied and what was stale.
    """
    by_key: dict[str, StoredDecision] = {}
    for item in decisions:
        by_key[item.key] = item  # the latest decision on a citation wins
    checked = [r for r in results if isinstance(r, CitationResult)]  # failures and step-1-only results pass as they are
    matched = {decision_key(r.citation) for r in checked} & set(by_key)
    # A decision no citation's content matches, but whose id is in the run: that citation changed.
    orphans: dict[str, list[StoredDecision]] = {}
    for item in by_key.values():
        if item.key not in matched:
            orphans.setdefault(item.id, []).append(item)
    report = DecisionReport()
    reported: set[str] = set()
    applied: list[R] = []
    for result in results:
        if not isinstance(result, CitationResult):
            applied.append(result)
            continue
        stored = by_key.get(decision_key(result.citation))
        if stored is None:
            for old in orphans.get(result.id, []):
                if old.key not in reported:
                    reported.add(old.key)
                    why = _what_changed(old, result.citation)
                    report.stale.append(StaleDecision(result.id, f"the citation changed since it was decided: {why}"))
            applied.append(result)
            continue
        if stored.evidence != evidence_fingerprint(result):
            report.stale.append(
                StaleDecision(
                    result.id, "the evidence changed since it was decided (the source text or how the quote matched)"
                )
            )
            applied.append(result)
            continue
        decision = HumanDecision(
            verdict=stored.verdict, model_verdict=result.model_verdict, note=stored.note, decided_at=stored.decided_at
        )
        decided = result.model_copy(update={"verdict": stored.verdict, "auto": True, "decision": decision})
        applied.append(decided)
        report.applied.append(result.id)
    report.unused = len(set(by_key) - matched - reported)
    return applied, report


def _what_changed(old: StoredDecision, citation: Citation) -> str:
    fields = [
        name
        for name, before, after in (
            ("claim", old.claim, citation.claim),
            ("quote", old.quote, citation.quote),
            ("document", old.document, citation.document),
            ("section", old.section, citation.section),
        )
        if _norm(before) != _norm(after)
    ]
    return ", ".join(fields) + (" differs" if len(fields) == 1 else " differ")


# -- files ---------------------------------------------------------------------------------------


def load_json(path: Path) -> Any:
    """A JSON file read as the project reads text (BOM dropped, binary and special files refused).

    Raises:
        ReviewFileError: The file is not valid JSON (any way `decode_json` refuses it).
        DocumentReadError: The file cannot be read, or is not a regular UTF-8 text file.
    """
    return decode_json(read_text(path), what=str(path), error=ReviewFileError)


def _problem(error: ValidationError) -> str:
    first = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "entry"
    return f"{where}: {first['msg']}"


def load_results(path: str | os.PathLike[str]) -> list[CitationResult]:
    """The results in a JSON file written by ``citecheck check --format json`` (a list, or an object with ``results``).

    Entries for citations that could not be checked (`CitationFailure`), or only matched (step 1
    alone), are left out: there is no model verdict to review.

    Raises:
        ReviewFileError: The file is not JSON, or an entry is not a result; the message names the position.
    """
    path = Path(path)
    loaded = load_json(path)
    items = loaded.get("results") if isinstance(loaded, dict) else loaded
    if not isinstance(items, list):
        raise ReviewFileError(f"{path} must hold a JSON list of results (or an object with a 'results' list)")
    results: list[CitationResult] = []
    for position, item in enumerate(items):
        if isinstance(item, dict):
            # `--format json` tags each entry with its outcome: only checked ones carry a verdict to review.
            outcome = item.get("outcome", "checked")
            if outcome != "checked" or ("verdict" not in item and "error" in item):
                continue
            item = {key: value for key, value in item.items() if key != "outcome"}
        try:
            # JSON mode: the strict models take enum values and lists as JSON gives them.
            results.append(CitationResult.model_validate_json(json.dumps(item)))
        except ValidationError as error:
            raise ReviewFileError(
                f"{path}: result #{position + 1} is not a citecheck result: {_problem(error)}"
            ) from None
    return results


_QUEUE: dict[str, Callable[[ResultView, CitationResult], str]] = {
    "id": lambda seen, _: seen.id,
    "decision": lambda seen, _: seen.decision.verdict.value if seen.decision else "",
    "note": lambda seen, _: seen.decision.note if seen.decision else "",
    "model_verdict": lambda _, result: result.model_verdict.value,
    "confidence": lambda seen, _: "" if seen.confidence is None else f"{seen.confidence:.4f}",
    "claim": lambda _, result: result.citation.claim,
    "quote": lambda _, result: result.citation.quote or "",
    "document": lambda _, result: result.citation.document or "",
    "section": lambda _, result: result.citation.section or "",
    "found_section": lambda seen, _: seen.section or "",
    "flags": lambda seen, _: " ".join(seen.flags),
    "reason": lambda seen, _: seen.reason or "",
    "source_text": lambda seen, _: seen.shown.source_text if seen.shown else "",
    "key": lambda _, result: decision_key(result.citation),
    "evidence": lambda _, result: evidence_fingerprint(result),
}
"""The review queue's columns, each read from the result's projection (`citecheck.checker.view`): a
person fills in ``decision`` and ``note``, the rest is evidence and keys. ``document`` and
``section`` are what the citation names, ``found_section`` where step 1 found the quote."""

QUEUE_COLUMNS = tuple(_QUEUE)
"""The review queue's columns, in order."""


def _queue_row(result: CitationResult) -> dict[str, str]:
    seen = view(result)
    return {column: read(seen, result) for column, read in _QUEUE.items()}


def export_queue(results: Iterable[CitationResult], output: str | os.PathLike[str], *, everything: bool = False) -> int:
    """Write the review queue as a CSV file, or JSON Lines when ``output`` ends in ``.jsonl``.

    Args:
        results: The run's results.
        output: Where to write it.
        everything: Export every result, not only those that need review: labels for `calibrate`
            must cover the auto-accepted results too.

    Returns:
        How many rows were written.
    """
    rows = [_queue_row(r) for r in results if everything or (not r.auto and r.decision is None)]
    buffer = io.StringIO(newline="")
    if str(output).endswith(".jsonl"):
        for row in rows:
            # json.dumps escapes \n and \r; U+2028 and the like stay raw, and readers split on \n alone.
            buffer.write(json.dumps(row, ensure_ascii=False) + "\n")
    else:
        # The excel dialect ends rows with \r\n, so a cell holding a bare \r or \n is quoted; every
        # cell goes through OWASP's rule, and `import_queue` takes the added ' off again.
        writer = csv.DictWriter(buffer, fieldnames=QUEUE_COLUMNS, dialect="excel")
        writer.writeheader()
        writer.writerows({column: neutralise_cell(value) for column, value in row.items()} for row in rows)
    _write_atomically(Path(output), buffer.getvalue())
    return len(rows)


def _read_queue(path: Path) -> list[dict[str, Any]]:
    text = read_text(path)
    if path.suffix == ".jsonl":
        rows = []
        # JSON Lines ends a line with \n only: str.splitlines() would also split inside a string
        # holding U+2028, U+2029 or U+0085, which json.dumps leaves raw.
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            row = decode_json(line, what=f"{path}, line {number}", error=ReviewFileError)
            if not isinstance(row, dict):
                raise ReviewFileError(f"{path}, line {number}: expected a JSON object, got {type(row).__name__}")
            rows.append(row)
        return rows
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline=""))  # a spreadsheet may add a BOM
    # csv refuses a field over 131,072 characters by default; a claim or source text may be longer,
    # and no field can be longer than the file.
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, len(text) + 1))
    try:
        fieldnames = reader.fieldnames or []
        missing = [c for c in ("decision", "claim", "quote", "document", "section", "evidence") if c not in fieldnames]
        if missing:
            raise ReviewFileError(f"{path}: not a review queue: no {', '.join(repr(c) for c in missing)} column")
        return [{column: _restored(value) for column, value in row.items()} for row in reader]
    except csv.Error as error:
        raise ReviewFileError(f"{path}, line {reader.line_num}: not a valid CSV row: {error}") from None
    finally:
        csv.field_size_limit(limit)


def _restored(value: Any) -> Any:
    # Take off the ' that `export_queue` put before a cell a spreadsheet would run as a formula.
    return restore_cell(value) if isinstance(value, str) else value


def _cell(row: Mapping[str, Any], column: str, *, strip: bool = True) -> str:
    value = row.get(column)
    text = "" if value is None else str(value)
    return text.strip() if strip else text


def import_queue(path: str | os.PathLike[str], *, now: datetime | None = None) -> tuple[list[StoredDecision], int]:
    """Read the decisions a person filled into a review queue file (CSV or ``.jsonl``).

    Rows with an empty ``decision`` are left out.

    Returns:
        The decisions, and how many rows were left blank.

    Raises:
        ReviewFileError: A row has a decision that is not a verdict, a bad confidence, or key
            columns edited by hand; the message names the file, row and column.
    """
    path = Path(path)
    stamp = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    decisions: list[StoredDecision] = []
    blank = 0
    for number, row in enumerate(_read_queue(path), start=2 if path.suffix != ".jsonl" else 1):
        where = f"{path}, {'row' if path.suffix != '.jsonl' else 'line'} {number} (id {_cell(row, 'id') or '?'})"
        decided = _cell(row, "decision").lower()
        if not decided:
            blank += 1
            continue
        try:
            verdict = Verdict(decided)
        except ValueError:
            raise ReviewFileError(f"{where}: decision {decided!r} is not one of {_VERDICTS}") from None
        # The citation's own text comes back exactly as exported; blanks are None, as the export wrote them.
        claim, quote = _cell(row, "claim", strip=False), _cell(row, "quote", strip=False) or None
        document, section = _cell(row, "document", strip=False) or None, _cell(row, "section", strip=False) or None
        key = _key_of(claim, quote, document, section)
        if _cell(row, "key") and _cell(row, "key") != key:
            raise ReviewFileError(
                f"{where}: the claim, quote, document or section was edited; they identify the citation, "
                "so only 'decision' and 'note' may change"
            )
        confidence = _confidence(_cell(row, "confidence"), where)
        try:
            model_verdict = Verdict(_cell(row, "model_verdict").lower())
        except ValueError:
            raise ReviewFileError(
                f"{where}: model_verdict {_cell(row, 'model_verdict')!r} is not one of {_VERDICTS}"
            ) from None
        if not claim.strip():
            raise ReviewFileError(f"{where}: claim is empty")
        decisions.append(
            StoredDecision(
                key=key,
                id=_cell(row, "id", strip=False),
                claim=claim,
                quote=quote,
                document=document,
                section=section,
                evidence=_cell(row, "evidence"),
                model_verdict=model_verdict,
                confidence=confidence,
                verdict=verdict,
                note=_cell(row, "note"),
                decided_at=stamp,
                flags=tuple(_cell(row, "flags").split()),
            )
        )
    return decisions, blank


def _confidence(text: str, where: str) -> float | None:
    """A queue's confidence cell: empty, or a number from 0 to 1 (``nan``, ``1e999`` and ``-5`` are refused)."""
    if not text:
        return None
    try:
        confidence = float(text)
    except ValueError:
        confidence = math.nan
    if not (math.isfinite(confidence) and 0 <= confidence <= 1):
        raise ReviewFileError(f"{where}: confidence {text!r} is not a number from 0 to 1")
    return confidence


def load_decisions(path: str | os.PathLike[str]) -> list[StoredDecision]:
    """The decisions kept in a decisions file (written by `save_decisions`); none when it does not exist.

    Raises:
        ReviewFileError: The file is not a decisions file; the message names the entry and field.
    """
    path = Path(path)
    if not path.exists():
        return []
    loaded = load_json(path)
    if not isinstance(loaded, dict) or not isinstance(loaded.get("decisions"), list):
        raise ReviewFileError(f"{path} is not a decisions file: expected an object with a 'decisions' list")
    decisions = []
    for position, item in enumerate(loaded["decisions"]):
        try:
            decisions.append(StoredDecision.model_validate(item))
        except ValidationError as error:
            raise ReviewFileError(f"{path}: decision #{position + 1}: {_problem(error)}") from None
    return decisions


def save_decisions(path: str | os.PathLike[str], decisions: Iterable[StoredDecision]) -> tuple[int, int]:
    """Merge decisions into a decisions file, atomically; a newer decision on a citation replaces the older.

    Returns:
        How many decisions were new, and how many replaced an older one.
    """
    path = Path(path)
    decisions = list(decisions)
    _check_writable(path)
    # Read, merge and replace under a lock beside the file, as the caches do: two imports at once
    # would otherwise both read the old file, and the second rename would drop the first's decisions.
    lock = FileLock(path.with_name(path.name + ".lock"))
    try:
        with lock.held():
            kept = {d.key: d for d in load_decisions(path)}
            new = replaced = 0
            for decision in decisions:
                if decision.key in kept:
                    replaced += 1
                else:
                    new += 1
                kept[decision.key] = decision
            payload = {"version": _STORE_VERSION, "decisions": [d.model_dump(mode="json") for d in kept.values()]}
            # allow_nan=False: a decisions file is JSON, which has no NaN or Infinity (the model refuses them too).
            _write_atomically(path, json.dumps(payload, indent=2, ensure_ascii=False, allow_nan=False) + "\n")
    except OSError as error:
        raise ReviewFileError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        lock.close()
    return new, replaced


def _check_writable(path: Path) -> None:
    # Like the cache and --output: a missing folder is a typo more often than a wish, so refuse it.
    if not path.parent.is_dir():
        why = "is not a folder" if path.parent.exists() else "does not exist"
        raise ReviewFileError(f"cannot write {path}: its folder {path.parent} {why}")
    problem = special_file_problem(path)
    if problem is not None:
        raise ReviewFileError(f"cannot write {path}: {problem}")


def _write_atomically(path: Path, text: str) -> None:
    # A crash mid-write must not lose the decisions a person already made: temp file, fsync, rename.
    _check_writable(path)
    try:
        write_atomically(path, text)
    except OSError as error:
        raise ReviewFileError(f"cannot write {path}: {error.strerror or error}") from None
