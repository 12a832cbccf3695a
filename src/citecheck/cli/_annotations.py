"""``--format annotations``: the results as W3C Web Annotations (JSON-LD), for annotation tools such as Hypothesis.

One annotation per citation (https://www.w3.org/TR/annotation-model/): its target is the source
document, with a ``TextQuoteSelector`` (``exact``, ``prefix``, ``suffix``) and a
``TextPositionSelector`` (``start``, ``end``) on the source's text (`Document.original`: the file
as read, so ``text[start:end] == exact``), placed on the matched quote, or on the section read when
the citation quotes nothing; for passages picked from a page a provider cited whole, on the page,
at the best passage. A quote that is nowhere in the source has no selector: the target is
the document alone. The body is the verdict (``purpose: assessing``) and step 1's reason
(``purpose: commenting``). The page is an ``AnnotationCollection`` whose first page holds them all.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlparse

from citecheck._models import Document, Location
from citecheck._safe_text import redact_credentials
from citecheck.checker import Result, ResultView, view

if TYPE_CHECKING:
    from citecheck.cli._results import Report
    from citecheck.providers import LinkedCitation

__all__ = ["CONTEXT", "annotation_collection", "render_annotations"]

CONTEXT = "http://www.w3.org/ns/anno.jsonld"
"""The Web Annotation JSON-LD context."""

_AFFIX = 32  # characters of prefix and suffix: enough to re-anchor a short quote that occurs twice


# What no IRI holds unescaped (RFC 3987): blanks, controls, and the delimiters that end one in text.
_NOT_IRI = frozenset(' <>"{}|\\^`') | frozenset(map(chr, range(0x21)))


def _iri(name: str | None) -> str:
    try:
        parts = urlparse(name) if name else None
        scheme = parts.scheme if parts is not None and (parts.netloc or parts.scheme in ("urn", "file")) else ""
    except ValueError:  # looks like a url but is none ("http://[x"): named as any other document
        scheme = ""
    if name and scheme in ("http", "https", "file", "urn") and _NOT_IRI.isdisjoint(name):
        return redact_credentials(name)
    # Any other name (a title with a blank, "http://[x"), as a urn, its password masked first.
    return "urn:citecheck:document:" + quote(redact_credentials(name or "document"), safe="")


def _span(document: Document, location: Location) -> tuple[int, int] | None:
    if location.match is not None:
        return location.match.source_start, location.match.source_end
    if location.status == "section-only" and location.section is not None:
        section = document.section(location.section)
        if section is not None:
            return document.source_span(section.start, section.end)
    return None


def _verdict(seen: ResultView) -> str:
    if seen.failure is not None:
        return f"error: {seen.failure.error}"
    review = seen.action == "review"
    if seen.outcome == "matched":
        if seen.verdict is not None:
            return str(seen.verdict)
        return "needs review (not judged)" if review else "not judged"
    confidence = f", confidence {seen.confidence:.2f}" if seen.confidence is not None else ""
    return f"{seen.verdict}{confidence}, {'needs review' if review else 'stands'}"


def _annotation(
    result: Result, documents: dict[str, Document], only: Document | None, link: LinkedCitation | None
) -> dict[str, Any]:
    seen = view(result)
    location = seen.location
    rid = seen.id
    name = location.document if location is not None else None
    document = documents.get(name or "") if name is not None else only
    span = _span(document, location) if location is not None and document is not None else None
    if link is not None and link.read == "passages" and link.passages and link.source in documents:
        # The judge read passages put together from a cited page: the page itself is the target,
        # on the best of them (the others are named in the reason).
        best = min(link.passages, key=lambda passage: passage.rank)
        name, document, span = link.source, documents[link.source], (best.start, best.end)
    target: dict[str, Any] = {"source": _iri(name or (document.name if document else None))}
    if document is not None and span is not None:
        text = document.original
        start, end = span
        target["selector"] = [
            {
                "type": "TextQuoteSelector",
                "exact": text[start:end],
                "prefix": text[max(0, start - _AFFIX) : start],
                "suffix": text[end : end + _AFFIX],
            },
            {"type": "TextPositionSelector", "start": start, "end": end},
        ]
    body: list[dict[str, Any]] = [
        {"type": "TextualBody", "purpose": "assessing", "format": "text/plain", "value": _verdict(seen)}
    ]
    comment = seen.failure.message if seen.failure else location.reason if location else None
    if seen.citation is not None:
        comment = f"Claim: {seen.citation.claim}\n{comment}"
    if comment:
        body.append({"type": "TextualBody", "purpose": "commenting", "format": "text/plain", "value": comment})
    return {
        "@context": CONTEXT,
        "id": "urn:citecheck:citation:" + quote(rid, safe=""),
        "type": "Annotation",
        "motivation": "assessing",
        "generator": {"type": "Software", "name": "citecheck"},
        "body": body,
        "target": target,
    }


def annotation_collection(report: Report) -> dict[str, Any]:
    """The report's results as one Web Annotation collection (JSON-LD), one annotation per citation."""
    documents = {document.name or "": document for document in report.documents}
    only = report.documents[0] if len(report.documents) == 1 else None
    links = {link.citation.id: link for link in report.answer.citations} if report.answer is not None else {}
    items = [_annotation(result, documents, only, links.get(result.id)) for result in report.results]
    return {
        "@context": CONTEXT,
        "id": "urn:citecheck:results",
        "type": "AnnotationCollection",
        "label": "citecheck verdicts",
        "total": len(items),
        "first": {"id": "urn:citecheck:results:page-1", "type": "AnnotationPage", "startIndex": 0, "items": items},
    }


def render_annotations(report: Report, style: Any) -> str:
    """``--format annotations``: the collection as JSON-LD text."""
    return json.dumps(annotation_collection(report), indent=2, ensure_ascii=False)
