"""Checking citations against several documents at once: which document a citation means."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import Union

from citecheck._errors import DocumentError
from citecheck._matcher import locate
from citecheck._models import AmbiguousLocation, Citation, Document, LocateStatus, Location, MissingLocation

__all__ = ["Sources", "as_documents", "locate_in"]

Sources = Union[Document, Mapping[str, str], Sequence[Document]]
"""What citations are checked against: one `Document`, a plain ``{section id: text}`` mapping, or
several named documents."""


def as_documents(sources: Sources) -> tuple[Document, ...]:
    """The documents in ``sources``, each with a name when there are several.

    Raises:
        DocumentError: ``sources`` is none of the accepted shapes, holds no documents, or holds
            several of which one has no name or two share one.
    """
    if isinstance(sources, (Document, Mapping)):
        return (Document.of(sources),)
    if isinstance(sources, Sequence) and not isinstance(sources, str) and all(isinstance(d, Document) for d in sources):
        documents = tuple(sources)
        if not documents:
            raise DocumentError("no documents to check against")
        if len(documents) > 1:
            names = [d.name for d in documents]
            if None in names:
                raise DocumentError(f"document #{names.index(None)} has no name: several documents need one each")
            duplicates = sorted({n for n in names if names.count(n) > 1 and n is not None})
            if duplicates:
                raise DocumentError(f"several documents are named {duplicates[0]!r}: names must be unique")
        return documents
    raise DocumentError(
        "documents must be a Document, a mapping of section ids to texts, or a sequence of Documents; "
        f"got {type(sources).__name__}"
    )


def _comparable(name: str) -> str:
    # "RFC 7519", "rfc7519" and "rfc7519.txt" all name the same file.
    return "".join(char for char in name.casefold() if char.isalnum())


def _names(document: Document) -> set[str]:
    if document.name is None:
        return set()
    path = PurePath(document.name)
    return {_comparable(document.name), _comparable(path.name), _comparable(path.stem)}


def _named(documents: Sequence[Document], name: str) -> list[Document]:
    """The documents ``name`` names: the one whose name it is exactly, else every loose match."""
    exact = [
        d
        for d in documents
        if d.name is not None and name.strip().casefold() in {d.name.casefold(), PurePath(d.name).name.casefold()}
    ]
    if len(exact) == 1:
        return exact
    wanted = _comparable(name)
    return [d for d in documents if wanted and wanted in _names(d)]


_TIER_RANK = {"exact": 0, "normalized": 1, "ellipsis": 2, "loose": 3, "fuzzy": 4}


def locate_in(documents: Sequence[Document], citation: Citation, *, strict: bool = False) -> Location:
    """Step 1 against several documents: the one the citation names, or else the one its quote is in.

    A citation that names a document that is not there is ``missing`` (fabricated); names compare
    by their letters and digits, so ``RFC 7519`` names ``rfc7519.txt``. With one unnamed document,
    the name is not checked. A citation that names none is looked for in every document: its quote
    is read in the first document that holds it in the cited section, else the first that holds it;
    a citation without a quote needs its section to exist in exactly one document, and is
    ``ambiguous`` when several have it.
    """
    if len(documents) == 1 and (citation.document is None or documents[0].name is None):
        # One unnamed document (a plain mapping, say) is the one every citation means.
        return locate(documents[0], citation, strict=strict)
    if citation.document is not None:
        named = _named(documents, citation.document)
        if not named:
            available = ", ".join(d.name or "?" for d in documents)
            return _unread(
                citation,
                "missing",
                f"the cited document {citation.document!r} is not among the documents ({available})",
            )
        if len(named) > 1:
            candidates = ", ".join(d.name or "?" for d in named)
            return _unread(
                citation, "ambiguous", f"the cited document {citation.document!r} could be any of {candidates}"
            )
        return locate(named[0], citation, strict=strict)

    found = [locate(document, citation, strict=strict) for document in documents]
    if citation.has_quote:
        usable = [f for f in found if f.status in ("found", "ambiguous") and f.match is not None]
        if usable:
            # The strongest match wins, then one in the cited section, then document order.
            return min(
                usable,
                key=lambda f: (
                    _TIER_RANK[f.match.tier] if f.match else len(_TIER_RANK),
                    not (f.match and f.cited_section in f.match.sections),
                ),
            )
        # Missing everywhere: the evidence comes from the document with the closest text.
        return max(found, key=lambda f: f.closest.score if f.closest else -1.0)
    with_section = [f for f in found if f.status == "section-only"]
    if len(with_section) == 1:
        return with_section[0]
    if not with_section:
        return found[0]
    holders = ", ".join(f.document or "?" for f in with_section)
    return _unread(
        citation,
        "ambiguous",
        f"the cited section {citation.section!r} is in several documents ({holders}): name the document",
    )


def _unread(citation: Citation, status: LocateStatus, reason: str) -> Location:
    """A location in no document: nothing for the judge to read."""
    if status == "ambiguous":
        return AmbiguousLocation(document=None, cited=citation.section, flags=("ambiguous",), reason=reason)
    return MissingLocation(document=None, cited=citation.section, reason=reason)
