"""OpenTelemetry evaluation events: a checked batch in a span, one ``gen_ai.evaluation.result`` per citation.

Nothing here imports OpenTelemetry. An application that traces has imported ``opentelemetry.trace``
and set a tracer provider (or a logger provider) before it checks anything; citecheck only looks
the API up in ``sys.modules``. Without the ``otel`` extra, or with no provider set, a batch costs
one dictionary lookup and emits nothing.

With a tracer provider set, the batch runs in a ``citecheck.check_citations`` span, a child of the
span current at the call (the one that produced the answer, typically). Each citation then emits
one event named ``gen_ai.evaluation.result`` with the GenAI semantic conventions' attributes:

- ``gen_ai.evaluation.name``: ``citecheck.citation``;
- ``gen_ai.evaluation.score.value``: the model's confidence (absent when no model was asked:
  a fabricated quote);
- ``gen_ai.evaluation.score.label``: the verdict (absent for a citation that could not be checked,
  which carries ``error.type`` instead);
- ``gen_ai.evaluation.explanation``: step 1's reason, or the failure's message;
- ``citecheck.citation.id`` and ``citecheck.action`` (``auto``, ``review`` or ``human``).

The conventions define events as log records: when a logger provider is set, each event is one
log record with that event name, in the batch span's context (its trace and span ids). With a
tracer provider alone, each event is a span event on the batch span instead. Never both.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from citecheck._models import CitationFailure, CitationResult

__all__ = ["EVALUATION_NAME", "EVENT_NAME", "SPAN_NAME", "evaluation_attributes", "observed_batch"]

EVENT_NAME = "gen_ai.evaluation.result"
"""The GenAI semantic conventions' name of an evaluation result event."""

EVALUATION_NAME = "citecheck.citation"
"""The ``gen_ai.evaluation.name`` of every event: one citation checked against its source."""

SPAN_NAME = "citecheck.check_citations"
"""The name of the span a checked batch runs in."""


_logger = logging.getLogger("citecheck")


class BatchRecorder(Protocol):
    """Records a finished batch's results as events."""

    def __call__(self, results: Sequence[CitationResult | CitationFailure]) -> None: ...


def evaluation_attributes(result: CitationResult | CitationFailure) -> dict[str, str | float]:
    """The attributes of one citation's ``gen_ai.evaluation.result`` event."""
    attributes: dict[str, str | float] = {"gen_ai.evaluation.name": EVALUATION_NAME, "citecheck.citation.id": result.id}
    if isinstance(result, CitationFailure):
        attributes["error.type"] = result.error
        attributes["gen_ai.evaluation.explanation"] = result.message
        return attributes
    if result.confidence is not None:
        attributes["gen_ai.evaluation.score.value"] = result.confidence
    attributes["gen_ai.evaluation.score.label"] = result.verdict.value
    attributes["gen_ai.evaluation.explanation"] = result.location.reason
    attributes["citecheck.action"] = "human" if result.decision is not None else "auto" if result.auto else "review"
    return attributes


def _tracer() -> Any | None:
    """The application's tracer, when it imported the API and set a tracer provider; else ``None``."""
    trace = sys.modules.get("opentelemetry.trace")
    if trace is None:
        return None
    if _api_default(trace.get_tracer_provider(), "opentelemetry.trace"):
        return None
    return trace.get_tracer("citecheck")


def _event_logger() -> Any | None:
    """The application's logger for events, when it set a logger provider; else ``None``."""
    logs = sys.modules.get("opentelemetry._logs")
    if logs is None:
        return None
    if _api_default(logs.get_logger_provider(), "opentelemetry._logs"):
        return None
    return logs.get_logger("citecheck")


def _api_default(provider: object, api: str) -> bool:
    """Whether ``provider`` is the API's own (a proxy or no-op): the API ships no other, an SDK does."""
    return type(provider).__module__.startswith(api)


@contextmanager
def observed_batch(citations: int) -> Iterator[BatchRecorder | None]:
    """Run a batch in a span when the application traces; yields the recorder of its results, or ``None``."""
    tracer = _tracer()
    if tracer is None:
        events = _event_logger()
        yield None if events is None else (lambda results: _emit(events, None, results))
        return
    with tracer.start_as_current_span(SPAN_NAME, attributes={"citecheck.citations": citations}) as span:
        yield lambda results: _emit(_event_logger(), span, results)


def _emit(events: Any | None, span: Any | None, results: Sequence[CitationResult | CitationFailure]) -> None:
    try:
        _emit_all(events, span, results)
    except Exception as error:  # telemetry must never cost the caller its results
        _logger.warning("citecheck could not emit its OpenTelemetry events: %s: %s", type(error).__name__, error)


def _emit_all(events: Any | None, span: Any | None, results: Sequence[CitationResult | CitationFailure]) -> None:
    counts: dict[str, int] = {}
    for result in results:
        attributes = evaluation_attributes(result)
        label = str(attributes.get("gen_ai.evaluation.score.label", "error"))
        counts[label] = counts.get(label, 0) + 1
        if events is not None:
            events.emit(event_name=EVENT_NAME, attributes=attributes)  # in the current (batch) span's context
        elif span is not None:
            span.add_event(EVENT_NAME, attributes=attributes)
    if span is not None:
        span.set_attributes({f"citecheck.verdicts.{label}": count for label, count in sorted(counts.items())})
