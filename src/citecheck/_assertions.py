"""`assert_citations`: a test fails on the citations that hit its gates, and its message shows why.

The message shows, per failing citation, the verdict and confidence, the quote against the exact
source text as a word diff (``[-source only-]{+quote only+}``), the flags and the reason. The pytest
plugin (``pytest_citecheck``) adds each checked result to its session summary and to the test's
JUnit properties; without the plugin the assertion works the same and records nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher
from typing import TYPE_CHECKING, Any

from citecheck._models import QuoteMatch
from citecheck._types import CitationLike, Sources
from citecheck.checker import GATES, Gate, Result, gates_hit, parse_gates, view

if TYPE_CHECKING:
    from citecheck.checker import Checker

__all__ = ["DEFAULT_FAIL_ON", "assert_citations", "failure_message", "word_diff"]

DEFAULT_FAIL_ON: frozenset[Gate] = frozenset(GATES)
"""What fails an assertion unless told otherwise: every gate. It passes when each citation is verified and
stands on its own (no flag for a person, confidence at the auto-accept threshold)."""

_PLUGIN = "pytest_citecheck"


def word_diff(quote: str, source: str) -> str:
    """The source's words with the quote's differences marked: ``[-only in the source-]{+only in the quote+}``.

    Words are split at whitespace and kept as written, punctuation included; two words are the same
    when they differ only in case or in the punctuation around them.
    """
    quote_words, source_words = quote.split(), source.split()
    matcher = SequenceMatcher(None, [_key(w) for w in quote_words], [_key(w) for w in source_words], autojunk=False)
    pieces: list[str] = []
    for op, q_start, q_end, s_start, s_end in matcher.get_opcodes():
        if op == "equal":
            pieces.extend(source_words[s_start:s_end])
            continue
        if s_end > s_start:
            pieces.append("[-" + " ".join(source_words[s_start:s_end]) + "-]")
        if q_end > q_start:
            pieces.append("{+" + " ".join(quote_words[q_start:q_end]) + "+}")
    return " ".join(pieces)


def _key(word: str) -> str:
    return word.strip(_PUNCTUATION).casefold() or word


_PUNCTUATION = "\"'`.,;:!?()[]{}<>\u201c\u201d\u2018\u2019\u00ab\u00bb"


def _where(match: QuoteMatch, document: str | None) -> str:
    place = f"section {match.section}"
    return f"{document} {place}" if document else place


def _evidence(result: Result) -> list[str]:
    seen = view(result)
    citation, location = seen.citation, seen.location
    lines: list[str] = []
    if citation is not None:
        lines.append(f"  claim:  {citation.claim}")
    if location is None:
        return lines
    if citation is not None and not citation.has_quote:
        lines.append(f"  quote:  none; the judge read section {location.section or citation.section}")
    elif citation is not None and citation.quote is not None:
        shown = seen.shown
        if shown is None:
            lines.append(f"  quote:  {citation.quote}")
            lines.append("  source: no text of the source comes close")
        else:
            what = "closest source text" if location.match is None else f"matched {shown.tier}"
            lines.append(f"  quote vs source ({what}, {_where(shown, location.document)}, {shown.source_start}:"
                         f"{shown.source_end}):")  # fmt: skip
            diff = word_diff(citation.quote, shown.source_text)
            same = "[-" not in diff and "{+" not in diff
            lines.append("    " + diff + ("  (the same words)" if same else ""))
    lines.append(f"  flags:  {', '.join(location.flags) or 'none'}")
    lines.append(f"  reason: {location.reason}")
    return lines


def _gates(gates: frozenset[Gate], separator: str = ", ") -> str:
    return separator.join(gate for gate in GATES if gate in gates)


def failure_message(failing: Sequence[tuple[Result, frozenset[Gate]]], total: int, fail_on: frozenset[Gate]) -> str:
    """The assertion's message: a header, then each failing citation with its evidence."""
    gates = _gates(fail_on, ",") or "none"
    lines = [f"{len(failing)} of {total} citations fail (fail_on={gates})"]
    for result, hit in failing:
        seen = view(result)
        lines.append("")
        if seen.failure is not None:
            lines.append(f"{seen.id}: could not be checked: {seen.failure.error}: {seen.failure.message}")
            continue
        confidence = "-" if seen.confidence is None else f"{seen.confidence:.2f}"
        verdict = seen.verdict.value if seen.verdict is not None else "not judged"
        lines.append(f"{seen.id}: {verdict}, confidence {confidence}, action {seen.action} (fails on {_gates(hit)})")
        lines.extend(_evidence(result))
    return "\n".join(lines)


def _results(
    subject: object,
    citations: Iterable[CitationLike] | None,
    documents: Any,
    provider: str | None,
    checker: Checker | None,
) -> list[Result]:
    """The results to assert on, checking first when given inputs."""
    from citecheck.providers import ProviderAnswer, ProviderRun, check_answer, read_response

    if isinstance(subject, ProviderRun):
        return list(subject.results)
    if provider is not None or isinstance(subject, ProviderAnswer):
        if documents is None:
            raise TypeError("assert_citations: a provider answer is checked against its documents: pass documents=")
        answer = subject if isinstance(subject, ProviderAnswer) else read_response(provider or "", subject, documents)
        chosen = _checker(checker)
        run = check_answer(answer, documents, checker=chosen)
        return list(run.results)
    if citations is not None:
        chosen = _checker(checker)
        return list(chosen.check_citations(_sources(subject), citations))
    if isinstance(subject, (str, bytes)) or not isinstance(subject, Iterable):
        raise TypeError(
            "assert_citations takes results, a ProviderRun, a document with citations, or a provider response "
            f"with provider= and documents=; got {type(subject).__name__}"
        )
    return list(subject)


def _sources(subject: object) -> Sources:
    return subject  # type: ignore[return-value]  # the checker says what it refuses, naming it


def _checker(checker: Checker | None) -> Checker:
    if checker is not None:
        return checker
    plugin = sys.modules.get(_PLUGIN)
    active = getattr(plugin, "active_checker", None) if plugin is not None else None
    found = active() if active is not None else None
    if found is None:
        raise TypeError(
            "assert_citations needs a checker to check with: pass checker=, or request the citecheck fixture "
            "in this test (it replays recorded answers, offline)"
        )
    return found  # type: ignore[no-any-return]


def assert_citations(
    subject: object,
    citations: Iterable[CitationLike] | None = None,
    *,
    documents: Any = None,
    provider: str | None = None,
    checker: Checker | None = None,
    fail_on: str | Iterable[str] | None = None,
) -> list[Result]:
    """Fail (``AssertionError``) when a citation hits one of the ``fail_on`` gates; return the results.

    Takes, as ``subject``:

    - results: a `citecheck.BatchResults`, a list of results, or a `citecheck.providers.ProviderRun`;
    - a document (or several) with ``citations``: they are checked first;
    - a provider response with ``provider=`` and ``documents=`` (the documents sent), or a
      `citecheck.providers.ProviderAnswer` with ``documents=``: it is read and checked first.

    Args:
        subject: What to assert on, as above.
        citations: The citations to check against ``subject``, a document.
        documents: The documents a provider answer was given.
        provider: The provider whose response ``subject`` is (one of `citecheck.providers.PROVIDERS`).
        checker: The checker to check with; by default the ``citecheck`` fixture's of the running
            test (the pytest plugin's), else it is an error.
        fail_on: The gates, as ``--fail-on`` takes them: a comma-separated string or names
            (``fabricated``, ``contradicted``, ``unsupported``, ``review``, ``error``), or ``"none"``.
            By default `DEFAULT_FAIL_ON`, or what the plugin's options and marker say.

    Returns:
        The results, in citation order, when none fails.

    Raises:
        AssertionError: A citation hits a gate; the message shows each failing one, with its evidence.
        TypeError: ``subject`` is none of the above, or a check is needed and there is no checker.
        ValueError: ``fail_on`` names something that is not a gate.
    """
    __tracebackhide__ = True  # pytest shows the caller's line, not this one
    gates = parse_gates(fail_on) if fail_on is not None else _default_gates()
    results = _results(subject, citations, documents, provider, checker)
    plugin = sys.modules.get(_PLUGIN)
    record = getattr(plugin, "record_results", None) if plugin is not None else None
    if record is not None:
        record(results)
    failing = [(result, hit) for result in results if (hit := gates_hit(result) & gates)]
    if failing:
        raise AssertionError(failure_message(failing, len(results), gates))
    return results


def _default_gates() -> frozenset[Gate]:
    plugin = sys.modules.get(_PLUGIN)
    active = getattr(plugin, "active_fail_on", None) if plugin is not None else None
    found = active() if active is not None else None
    return parse_gates(found) if found is not None else DEFAULT_FAIL_ON
