"""The review report: one self-contained HTML file a person can act on.

Everything a reviewer needs is in the file: the quote inside its section with the matched words
marked, what an ellipsis left out, the closest source text of a fabricated quote, the model's
probabilities, flags, and a link that reopens the question in the TypeSafe playground. No network:
the CSS and JavaScript are inline, and a Content-Security-Policy forbids loading anything.

Quotes, claims and documents are untrusted input. The template is rendered by Jinja2 with
autoescaping on, so every value is escaped unless it is explicitly marked safe; only the
package's own CSS and JavaScript are.
"""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from citecheck._models import Citation, CitationFailure, CitationResult, Document, Location, QuoteMatch, Verdict
from citecheck.checker import Checker, Located, ResultView, view
from citecheck.judge import DEFAULT_MODEL, prepare_question
from citecheck.matcher import QuoteSegment, align_quote
from citecheck.review._calibrate import Label, reliability
from citecheck.review._decisions import DecisionReport

if TYPE_CHECKING:
    import jinja2
    from markupsafe import Markup

__all__ = ["render_html"]

_CONTEXT_CHARS = 360  # of section text shown on either side of a match before "show the whole section"
_VERDICT_MARKS = {
    Verdict.VERIFIED.value: "✓",
    Verdict.UNSUPPORTED.value: "?",
    Verdict.CONTRADICTED.value: "✗",
    Verdict.FABRICATED.value: "⚠",
    "not judged": "·",
}
_RELATION_LABELS = {"supports": "supports", "contradicts": "contradicts", "says_nothing": "says nothing"}


_NOT_JUDGED = "not judged"


@dataclass
class _Evidence:
    caption: str
    before: str = ""
    segments: list[QuoteSegment] = field(default_factory=list)
    after: str = ""
    clipped_before: bool = False
    clipped_after: bool = False
    whole: list[QuoteSegment] | None = None


@dataclass
class _Card:
    number: int
    result: CitationResult | Located
    verdict: str
    """The verdict's value, or "not judged" for step 1 alone without one."""
    action: str
    confidence: float | None
    decision: Any
    probabilities: list[tuple[str, str, float]]
    evidence: _Evidence | None
    closest: _Evidence | None
    differences: list[Any]
    playground: str | None
    stale: str | None


def _cut(text: str, start: int, end: int) -> tuple[str, str, bool, bool]:
    """Context before ``start`` and after ``end``, clipped at whitespace, and whether each side was clipped."""
    lo = max(0, start - _CONTEXT_CHARS)
    hi = min(len(text), end + _CONTEXT_CHARS)
    if lo > 0:
        space = text.find(" ", lo, start)
        lo = space + 1 if space != -1 else lo
    if hi < len(text):
        space = text.rfind(" ", end, hi)
        hi = space if space != -1 else hi
    return text[lo:start], text[end:hi], lo > 0, hi < len(text)


def _document_for(documents: Sequence[Document], name: str | None) -> Document | None:
    for document in documents:
        if document.name == name:
            return document
    return documents[0] if len(documents) == 1 else None


def _read_from(document: Document, match: QuoteMatch, text: str) -> int | None:
    """Where ``text``, the text the judge read around ``match``, starts in the document's text.

    Step 1 reads the section the match starts in (with the sections a quote spans), so the text
    read starts where that section does. The offsets are only taken when the document holds the
    text read and the matched text at them: a results file shown against a source that changed
    since gets no highlight, rather than one searched for, which could mark another occurrence.
    """
    section = document.section(match.section)
    if section is None or not document.text.startswith(text, section.start):
        return None
    if not section.start <= match.start <= match.end <= section.start + len(text):
        return None
    return section.start if document.text[match.start : match.end] == match.source_text else None


def _evidence(
    citation: Citation, location: Location, document: Document | None, *, judged: bool = True
) -> _Evidence | None:
    quote = citation.quote or ""
    match = location.match
    if location.text is not None:
        text = location.text
        # Step 1 alone asks no model: the section is what a model would read, not what one did.
        reader = "as the model read it" if judged else "as a model would read it"
        caption = f"Section {location.section}, {reader}"
        base = _read_from(document, match, text) if document and match else None
        if match is None or base is None:
            # No quote (section-only), or a match we cannot place in the text read: show the text.
            clipped = len(text) > 2 * _CONTEXT_CHARS
            whole = [QuoteSegment("plain", text)] if clipped else None
            return _Evidence(caption, before=text[: 2 * _CONTEXT_CHARS], clipped_after=clipped, whole=whole)
        start, end = match.start - base, match.end - base
        segments = align_quote(quote, text[start:end])
        before, after, clipped_before, clipped_after = _cut(text, start, end)
        whole = None
        if clipped_before or clipped_after:
            whole = [QuoteSegment("plain", text[:start]), *segments, QuoteSegment("plain", text[end:])]
        return _Evidence(caption, before, segments, after, clipped_before, clipped_after, whole)
    cited = document.section(location.cited_section) if document and location.cited_section else None
    if match is None and cited is not None:  # a missing quote: what the cited section does say
        clipped = len(cited.text) > 2 * _CONTEXT_CHARS
        return _Evidence(
            f"Section {cited.id}, as cited: the quote is not in it",
            before=cited.text[: 2 * _CONTEXT_CHARS],
            clipped_after=clipped,
            whole=[QuoteSegment("plain", cited.text)] if clipped else None,
        )
    if match is not None:  # ambiguous: placed, but too short to send to the model
        return _Evidence(
            f"Section {match.section}, where the quote first occurs",
            segments=align_quote(quote, match.source_text),
        )
    return None


def _closest(citation: Citation, location: Location) -> _Evidence | None:
    closest: QuoteMatch | None = location.closest
    if closest is None:
        return None
    return _Evidence(
        f"Closest source text, in section {closest.section} ({closest.score:.0f}% similar)",
        segments=align_quote(citation.quote or "", closest.source_text),
    )


@lru_cache(maxsize=4096)
def _playground(claim: str, section: str, model: str) -> str:
    # cooksafe builds the link offline: the state and question are compressed into its fragment.
    # Imported here, not at the top: cooksafe loads the TypeSafe SDK, which the CLI's start-up avoids.
    from cooksafe import make_playground_link  # type: ignore[import-untyped]  # ships no py.typed

    state, questions = prepare_question(claim, section)
    return str(make_playground_link(state, questions, models=[model]))


def _card(
    number: int,
    seen: ResultView,
    documents: Sequence[Document],
    model: str | None,
    stale: Mapping[str, str],
) -> _Card:
    result, citation, location = seen.result, seen.citation, seen.location
    # Failures are listed apart, with no card: every other result has a citation and a location.
    assert not isinstance(result, CitationFailure) and citation is not None and location is not None
    document = _document_for(documents, location.document)
    probabilities = []
    playground = None
    answer = seen.answer
    if answer is not None:
        for relation, label in _RELATION_LABELS.items():
            probabilities.append((relation, label, float(answer.probabilities.get(relation, 0.0))))
        if model and location.text is not None:
            playground = _playground(citation.claim, location.text, model)
    shown = seen.shown
    return _Card(
        number=number,
        result=result,
        # Step 1 alone has a verdict only when it is fabricated.
        verdict=seen.verdict.value if seen.verdict else _NOT_JUDGED,
        action=seen.action or "",
        confidence=seen.confidence,
        decision=seen.decision,
        probabilities=probabilities,
        evidence=_evidence(citation, location, document, judged=isinstance(result, CitationResult)),
        closest=_closest(citation, location),
        differences=list(shown.differences) if shown else [],
        playground=playground,
        stale=stale.get(result.id),
    )


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    import jinja2  # here, not at the top: `import citecheck` need not load the template engine

    # Autoescaping everywhere (not by file extension): every quote, claim and section is escaped.
    environment = jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: files("citecheck.review").joinpath("_templates").joinpath(name).read_text("utf-8")
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return environment


def _asset(name: str) -> tuple[Markup, str]:
    """One of the package's own assets, trusted, and its CSP hash."""
    from markupsafe import Markup

    text = files("citecheck.review").joinpath("_templates").joinpath(name).read_text("utf-8")
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return Markup(text), f"'sha256-{digest}'"  # the package's own file, not input


def _labels(shown: Sequence[ResultView]) -> list[Label]:
    return [
        Label(v.confidence, v.decision.model_verdict, v.decision.verdict)
        for v in shown
        if v.decision is not None and v.confidence is not None
    ]


def _stale_reasons(decisions: DecisionReport | None) -> dict[str, str]:
    """Why each stale decision no longer applies, by citation id (shown on its card)."""
    return {s.id: s.reason for s in decisions.stale} if decisions else {}


def _summary(cards: Sequence[_Card]) -> dict[str, Any]:
    """The counts at the top, the review queue first and the settled cards after it.

    "not judged" gets a filter only when some card is not judged (step 1 alone).
    """
    counts = Counter(c.verdict for c in cards)
    return {
        "verdicts": [v.value for v in Verdict] + ([_NOT_JUDGED] if counts[_NOT_JUDGED] else []),
        "marks": _VERDICT_MARKS,
        "counts": counts,
        "actions": Counter(c.action for c in cards),
        "total": len(cards),
        "queue": [c for c in cards if c.action == "review"],
        "settled": [c for c in cards if c.action != "review"],
    }


def _decisions_shown(decisions: DecisionReport | None) -> dict[str, Any]:
    """The people's decisions that no longer apply, and how many matched no citation."""
    if decisions is None:
        return {"stale": [], "unused": 0}
    return {"stale": decisions.stale, "unused": decisions.unused}


def _reliability_shown(labels: Sequence[Label] | None, shown: Sequence[ResultView]) -> dict[str, Any]:
    """The reliability diagram's bins: from ``labels`` when given, else the results' own human decisions."""
    chosen = list(labels) if labels is not None else _labels(shown)
    return {"bins": reliability(chosen) if chosen else [], "label_count": len(chosen)}


def _inline_assets() -> dict[str, Any]:
    """The package's CSS and JavaScript, inline, and a Content-Security-Policy that allows only them."""
    style, style_hash = _asset("report.css")
    script, script_hash = _asset("report.js")
    return {
        "style": style,
        "script": script,
        "csp": f"default-src 'none'; style-src {style_hash}; script-src {script_hash}; img-src data:; "
        "base-uri 'none'; form-action 'none'",
    }


def render_html(
    results: Sequence[CitationResult | CitationFailure | Located],
    documents: Document | Sequence[Document],
    *,
    totals: Mapping[str, int | float | str] | None = None,
    title: str = "citecheck review report",
    model: str | None = DEFAULT_MODEL,
    decisions: DecisionReport | None = None,
    labels: Sequence[Label] | None = None,
    checker: Checker | None = None,
) -> str:
    """Render a run's results as one self-contained HTML page, the review queue first.

    Args:
        results: The results, as `check_citations` returns them (a failure is listed with its
            error); results of step 1 alone (a ``MatchResult``) are shown as not judged.
        documents: The documents checked, to show each quote inside its section.
        totals: Run totals to show in the summary, such as ``{"calls made": 2, "replayed": 6}``.
        title: The page's title.
        model: The model for the playground links; ``None`` leaves the links out.
        decisions: What applying people's decisions did: stale decisions are listed.
        labels: Labels for the reliability diagram; by default the results' own human decisions.
        checker: The checker the run used: its auto-accept threshold is drawn on the reliability
            diagram (none is drawn without one).

    Returns:
        The page.
    """
    docs = (documents,) if isinstance(documents, Document) else tuple(documents)
    views = [view(r) for r in results]
    shown = [v for v in views if v.failure is None]
    stale = _stale_reasons(decisions)
    cards = [_card(n, v, docs, model, stale) for n, v in enumerate(shown, start=1)]
    return (
        _environment()
        .get_template("report.html.j2")
        .render(
            title=title,
            **_summary(cards),
            failures=[v.failure for v in views if v.failure is not None],
            totals=dict(totals or {}),
            documents=docs,
            **_decisions_shown(decisions),
            **_reliability_shown(labels, shown),
            auto_accept=checker.auto_accept if checker is not None else None,
            **_inline_assets(),
        )
    )
