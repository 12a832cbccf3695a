"""OpenTelemetry evaluation events: the cookbook run seen by the SDK's in-memory exporters.

Each case runs in a fresh interpreter: OpenTelemetry's global providers can be set once per process,
and a provider set here would make every other test's batch emit.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from citecheck import Citation, CitationFailure, CitationResult, Verdict
from citecheck.checker._telemetry import evaluation_attributes

COOKBOOK = [
    ("epoch_seconds", "verified", 0.93, "auto"),
    ("aud_reject", "verified", 0.95, "auto"),
    ("sig_reporting", "fabricated", None, "auto"),
    ("clock_skew", "verified", 0.99, "auto"),
    ("exp_required", "contradicted", 0.99, "auto"),
    ("pii_encryption", "unsupported", 0.27, "review"),
    ("iat_future", "unsupported", 0.56, "review"),
    ("duplicate_names", "verified", 0.99, "auto"),
]

RUN = """
import json, sys
mode, cookbook, out = sys.argv[1], sys.argv[2], sys.argv[3]
if mode == "absent":
    sys.modules["opentelemetry"] = None  # the extra is not installed: any import of it fails
else:
    from opentelemetry import _logs, trace
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
    spans = InMemorySpanExporter()
    if mode != "logs-only":
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(spans))
        trace.set_tracer_provider(provider)
    if mode in ("logs", "logs-only"):
        from opentelemetry.sdk._logs import LoggerProvider
        from opentelemetry.sdk._logs.export import InMemoryLogRecordExporter, SimpleLogRecordProcessor
        records = InMemoryLogRecordExporter()
        logger_provider = LoggerProvider()
        logger_provider.add_log_record_processor(SimpleLogRecordProcessor(records))
        _logs.set_logger_provider(logger_provider)

from citecheck import Checker, parse_file
from citecheck.testing import RecordedJudge

document = parse_file(cookbook + "/rfc7519.txt")
citations = json.load(open(cookbook + "/citations.json"))
checker = Checker(judge=RecordedJudge(cookbook + "/json_cache.json"))
report = {"loaded": sorted(m for m, v in sys.modules.items() if m.startswith("opentelemetry") and v)}
if mode == "absent":
    checker.check_citations(document, citations)
else:
    tracer = trace.get_tracer("the application")
    with tracer.start_as_current_span("answer") as parent:
        checker.check_citations(document, citations)
    report["parent"] = parent.get_span_context().span_id
    report["spans"] = [
        {
            "name": s.name,
            "id": s.context.span_id,
            "trace": s.context.trace_id,
            "parent": s.parent.span_id if s.parent else None,
            "attributes": dict(s.attributes),
            "events": [{"name": e.name, "attributes": dict(e.attributes)} for e in s.events],
        }
        for s in spans.get_finished_spans()
    ]
    if mode in ("logs", "logs-only"):
        report["records"] = [
            {
                "event_name": r.log_record.event_name,
                "span": r.log_record.span_id,
                "trace": r.log_record.trace_id,
                "attributes": dict(r.log_record.attributes),
            }
            for r in records.get_finished_logs()
        ]
json.dump(report, open(out, "w"))
"""


def run(tmp_path: Path, cookbook: Path, mode: str) -> dict[str, Any]:
    out = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-c", RUN, mode, str(cookbook), str(out)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def expected_events() -> list[tuple[str, str, float | None, str]]:
    return COOKBOOK


def event_rows(events: list[dict[str, Any]]) -> list[tuple[str, str, float | None, str]]:
    return [
        (
            e["citecheck.citation.id"],
            e["gen_ai.evaluation.score.label"],
            e.get("gen_ai.evaluation.score.value"),
            e["citecheck.action"],
        )
        for e in events
    ]


def test_a_tracer_provider_alone_gets_a_batch_span_with_eight_span_events(tmp_path: Path, cookbook: Path) -> None:
    report = run(tmp_path, cookbook, "spans")
    batch, parent = report["spans"]  # the batch span ends first
    assert batch["name"] == "citecheck.check_citations" and parent["name"] == "answer"
    assert batch["parent"] == report["parent"] and batch["trace"] == parent["trace"]
    assert batch["attributes"]["citecheck.citations"] == 8
    assert batch["attributes"]["citecheck.verdicts.verified"] == 4
    assert {e["name"] for e in batch["events"]} == {"gen_ai.evaluation.result"}
    events = [e["attributes"] for e in batch["events"]]
    assert event_rows(events) == COOKBOOK
    assert all(e["gen_ai.evaluation.name"] == "citecheck.citation" for e in events)
    fabricated = events[2]
    assert "gen_ai.evaluation.score.value" not in fabricated  # no model was asked: no score
    assert "not in" in fabricated["gen_ai.evaluation.explanation"] or fabricated["gen_ai.evaluation.explanation"]


def test_a_logger_provider_gets_eight_event_records_in_the_batch_span(tmp_path: Path, cookbook: Path) -> None:
    report = run(tmp_path, cookbook, "logs")
    batch = report["spans"][0]
    assert batch["events"] == []  # one event per citation, as log records: never also as span events
    records = report["records"]
    assert [r["event_name"] for r in records] == ["gen_ai.evaluation.result"] * 8
    assert {(r["span"], r["trace"]) for r in records} == {(batch["id"], batch["trace"])}
    assert event_rows([r["attributes"] for r in records]) == COOKBOOK


def test_a_logger_provider_alone_gets_the_events_in_the_callers_span(tmp_path: Path, cookbook: Path) -> None:
    report = run(tmp_path, cookbook, "logs-only")
    assert report["spans"] == []  # no tracer provider: no batch span
    records = report["records"]
    assert len(records) == 8 and {r["span"] for r in records} == {0}  # the no-op "answer" span has no id


def test_nothing_happens_without_the_extra(tmp_path: Path, cookbook: Path) -> None:
    report = run(tmp_path, cookbook, "absent")
    assert report["loaded"] == []


def test_nothing_is_emitted_when_no_provider_is_set(cookbook: Path) -> None:
    # In this process no provider is set (the API may be loaded by another package): no span, no event.
    from citecheck.checker._telemetry import observed_batch

    with observed_batch(8) as record:
        assert record is None


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        pytest.param(
            CitationFailure(position=0, id="c1", error="NoAnswerError", message="no cached answer"),
            {"error.type": "NoAnswerError", "gen_ai.evaluation.explanation": "no cached answer"},
            id="failure",
        ),
    ],
)
def test_a_failure_carries_its_error_type_and_no_label(result: CitationFailure, expected: dict[str, str]) -> None:
    attributes = evaluation_attributes(result)
    assert attributes == {"gen_ai.evaluation.name": "citecheck.citation", "citecheck.citation.id": "c1", **expected}


def test_a_person_decided_result_is_labelled_with_their_verdict() -> None:
    from citecheck._models import HumanDecision, MissingLocation

    citation = Citation(id="c", claim="x", quote="y", section=None)
    location = MissingLocation(cited=None, reason="the quote is not in the source")
    result = CitationResult.folded(citation, location, None, auto_accept=0.8)
    decided = result.model_copy(
        update={
            "verdict": Verdict.VERIFIED,
            "decision": HumanDecision(verdict=Verdict.VERIFIED, model_verdict=Verdict.FABRICATED),
        }
    )
    attributes = evaluation_attributes(decided)
    assert attributes["gen_ai.evaluation.score.label"] == "verified" and attributes["citecheck.action"] == "human"
