"""The provider's answer in the review report: its claims highlighted, each linked to its verdicts."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from html import escape

from citecheck.checker import Result, ResultView, view
from citecheck.providers._model import ProviderAnswer

__all__ = ["answer_html_style_hash", "render_answer_html"]

# A claim's colour says its worst verdict at a glance; the verdict is also in the link's title and
# in the card it leads to, so colour is never the only sign.
_STYLE = (
    "mark.claim{background:#e7f0ff;padding:0 .1em}"
    'mark.claim[data-verdicts~="verified"]{background:#dcf5e3}'
    'mark.claim[data-verdicts~="unsupported"],mark.claim[data-verdicts~="review"]{background:#fff1c2}'
    'mark.claim[data-verdicts~="fabricated"],mark.claim[data-verdicts~="contradicted"]{background:#fde2e1}'
    "p.answer{white-space:pre-wrap}"
)  # later rules win: a claim shows its worst verdict


def answer_html_style_hash() -> str:
    """The CSP source (``'sha256-...'``) that allows the answer's ``<style>`` block, and nothing else.

    The report's policy allows its styles by hash, never ``'unsafe-inline'``; the answer section
    has no ``style=`` attribute, which a hash could only allow with ``'unsafe-hashes'``.
    """
    digest = base64.b64encode(hashlib.sha256(_STYLE.encode()).digest()).decode()
    return f"'sha256-{digest}'"


def _label(seen: ResultView) -> str:
    if seen.failure is not None:
        return "error"
    if seen.outcome == "matched":
        return str(seen.verdict) if seen.verdict is not None else str(seen.action)  # "review" or "judge"
    return f"{seen.verdict}, review" if seen.action == "review" else str(seen.verdict)


def render_answer_html(answer: ProviderAnswer, results: Sequence[Result]) -> str:
    """An HTML section: the answer, each claim marked and followed by links to its citations' cards."""
    # Cards are numbered over the results that are not failures, as the report numbers them.
    anchors: dict[str, str] = {}
    labels: dict[str, str] = {}
    number = 0
    for seen in map(view, results):
        rid = seen.id
        labels[rid] = _label(seen)
        if seen.failure is not None:
            anchors[rid] = "#failures"
        else:
            number += 1
            anchors[rid] = f"#c{number}"
    pieces: list[str] = []
    at = 0
    for index, claim in enumerate(sorted(answer.claims, key=lambda c: (c.start, c.end))):
        if claim.start < at:
            continue  # overlapping spans: the first one shown is enough to link from
        pieces.append(escape(answer.text[at : claim.start]))
        shown = [labels.get(cid, "") for cid in claim.citations]
        words = {label.split(",")[0] for label in shown} | {"review" for label in shown if "review" in label}
        worst = " ".join(sorted(words))
        links = "".join(
            f'<sup><a href="{anchors.get(cid, "#main")}" title="{escape(labels.get(cid, ""))}">{escape(cid)}</a></sup>'
            for cid in claim.citations
        )
        pieces.append(
            f'<mark class="claim" id="claim-{index + 1}" data-verdicts="{escape(worst)}">'
            f"{escape(answer.text[claim.start : claim.end])}</mark>{links}"
        )
        at = claim.end
    pieces.append(escape(answer.text[at:]))
    return (
        f'<section id="answer" aria-labelledby="answer-h">\n  <h2 id="answer-h">The answer ({escape(answer.provider)})'
        f"</h2>\n  <style>{_STYLE}</style>\n"
        f'  <p class="answer">{"".join(pieces)}</p>\n</section>'
    )
