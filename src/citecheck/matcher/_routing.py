"""Routing citations among several documents: which document a citation means, and where its quote is.

`locate_in` is step 1 for any of the sources `check_citation` takes. With one document it is
`locate`. With several, a citation that names its document is read there; one that names none is
looked for in all of them. A quote that is not in the document its citation names, but is in
another loaded one, is reported where it is, flagged ``other_document`` for a person to look at,
rather than called fabricated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import PurePath

from citecheck._models import (
    AmbiguousLocation,
    Citation,
    Document,
    LocateStatus,
    Location,
    MissingLocation,
    as_citation,
)
from citecheck._types import CitationLike, Sources
from citecheck.errors import DocumentError
from citecheck.matcher._index import holders_of, index_of
from citecheck.matcher._locate import LONG_QUOTE, PreparedCitation, beyond_reach, built_in_tiers, locate_ranked
from citecheck.matcher._options import MatchOptions, chosen_options
from citecheck.matcher._plain import document_of

__all__ = ["as_documents", "locate_in"]

_Ranked = tuple[Location, int]
"""A location, and the position of the tier that matched among the tiers run (see `locate_ranked`)."""


def _check_names(documents: tuple[Document, ...]) -> None:
    names = [d.name for d in documents]
    if None in names:
        raise DocumentError(f"document #{names.index(None)} has no name: several documents need one each")
    seen: set[str | None] = set()
    for name in names:
        if name in seen:
            raise DocumentError(f"several documents are named {name!r}: names must be unique")
        seen.add(name)


def as_documents(sources: Sources) -> tuple[Document, ...]:
    """The documents in ``sources``, each with a name when there are several.

    A plain mapping's document is built once and reused while the mapping is unchanged (see
    `citecheck.matcher._plain`).

    Raises:
        DocumentError: ``sources`` is none of the accepted shapes, holds no documents, or holds
            several of which one has no name or two share one.
    """
    if isinstance(sources, (Document, Mapping)):
        return (document_of(sources),)
    if isinstance(sources, Sequence) and not isinstance(sources, str) and all(isinstance(d, Document) for d in sources):
        documents = tuple(sources)
        if not documents:
            raise DocumentError("no documents to check against")
        if len(documents) > 1:
            _check_names(documents)
        return documents
    raise DocumentError(
        "documents must be a Document, a mapping of section ids to texts, or a sequence of Documents; "
        f"got {type(sources).__name__}"
    )


# --- which document a name names ---------------------------------------------------------------


def _comparable(name: str) -> str:
    # "RFC 7519", "rfc7519" and "rfc7519.txt" all name the same file.
    return "".join(char for char in name.casefold() if char.isalnum())


@lru_cache(maxsize=4096)
def _forms(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """A document name's exact forms (itself, its file name; case-folded) and loose ones (`_comparable`).

    Worked out once per name, not once per document for every citation.
    """
    path = PurePath(name)
    exact = frozenset({name.casefold(), path.name.casefold()})
    return exact, frozenset({_comparable(name), _comparable(path.name), _comparable(path.stem)})


def _names(document: Document) -> frozenset[str]:
    return frozenset() if document.name is None else _forms(document.name)[1]


def _named(documents: Sequence[Document], name: str) -> list[Document]:
    """The documents ``name`` names: the one whose name it is exactly, else every loose match."""
    wanted_exactly = name.strip().casefold()
    exact = [d for d in documents if d.name is not None and wanted_exactly in _forms(d.name)[0]]
    if len(exact) == 1:
        return exact
    wanted = _comparable(name)
    return [d for d in documents if wanted and wanted in _names(d)]


# --- choosing among the documents' locations ---------------------------------------------------


def _strongest(found: Sequence[_Ranked], citation: Citation) -> Location | None:
    """The location whose quote matched best: first tier, then word for word, then in the cited section, then first.

    Tiers are ranked by their order in the list run (strongest first), so a custom tier ranks where
    it was put; of two matches by one tier, one that is the quote word for word wins.
    """
    usable = [(f, rank) for f, rank in found if f.status in ("found", "ambiguous") and f.match is not None]
    if not usable:
        return None
    verbatim = (citation.quote or "").strip()
    return min(
        usable,
        key=lambda ranked: (
            ranked[1],
            not (ranked[0].match and ranked[0].match.source_text == verbatim),
            not (ranked[0].match and ranked[0].cited_section in ranked[0].match.sections),
        ),
    )[0]


def _closest(found: Sequence[Location]) -> Location:
    """Of locations where the quote is missing, the one with the closest source text."""
    return max(found, key=lambda f: f.closest.score if f.closest else -1.0)


def _by_section(found: Sequence[Location], citation: Citation) -> Location:
    """For a citation without a quote: the one document that has its section."""
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


# --- which documents can hold the quote ----------------------------------------------------------

_SLACK_WORDS = 2
"""Distinct words of a quote that may be missing from a document that holds it, beyond a quarter of them."""
_CLOSEST_DOCUMENTS = 3
"""When no document holds a quote, the closest text is looked for in at most this many of them."""


def _screen_keys(quote: PreparedCitation) -> frozenset[str]:
    """The quote's words a document must have to hold the quote, by `key`.

    Left out: words in square brackets (an editorial insertion the loose tier sets aside) and words
    that mix ASCII letters with others (a look-alike letter from another script, which a tier may
    read as the Latin one).
    """
    prepared = quote.prepared
    inside = {i for first, end in prepared.brackets for i in range(first, end)}
    return frozenset(
        k
        for i, k in enumerate(prepared.keys)
        if i not in inside and (k.isascii() or not any("a" <= c <= "z" for c in k))
    )


def _shared(
    collection: Sequence[Document], documents: Sequence[Document], keys: frozenset[str], options: MatchOptions
) -> list[int]:
    """How many of ``keys`` each of ``documents`` (some of ``collection``) has, in the index its first tier reads.

    Counted for the whole collection at once (`citecheck.matcher._index.Holders`, built once per
    collection) when it is large; else document by document.
    """
    cookbook = options.tiers[0].cookbook if options.tiers else False
    if len(collection) < _HOLDERS_FROM:
        return [len(keys & index_of(document, cookbook=cookbook).id_of.keys()) for document in documents]
    counts = holders_of(collection, cookbook=cookbook).shared(keys)
    position = {id(document): at for at, document in enumerate(collection)}
    return [counts[position[id(document)]] for document in documents]


_HOLDERS_FROM = 16
"""From this many documents, the screen counts a quote's words in all of them at once."""


def _searched(
    documents: Sequence[Document],
    citation: Citation,
    options: MatchOptions,
    *,
    closest: bool,
    collection: Sequence[Document] | None = None,
) -> list[_Ranked]:
    """Step 1 in each document that can hold the quote, prepared once for all of them.

    A document that lacks more of the quote's distinct words than any built-in tier forgives (a
    fuzzy match differs in at most a tenth of its words, a loose one joins a few compounds) cannot
    hold it, so its tiers are not run: with hundreds of documents, a quote that is in none of them
    would otherwise run the fuzzy tier in every one. With ``closest``, when no document is left, the
    few that share the most words are searched anyway, for the closest text. Custom tiers may match
    by anything, so with one of them every document is searched. ``collection`` is every document
    loaded, of which ``documents`` are some (all of them by default).
    """
    assert citation.quote is not None
    if len(citation.quote) >= LONG_QUOTE:
        # Read word by word in each document before it is prepared (see `beyond_reach`).
        within = [d for d in documents if not beyond_reach(d, citation.quote, options)]
        if not within:
            return [locate_ranked(documents[0], citation, options)] if closest else []
        documents = within
    quote = PreparedCitation(citation.quote)
    keys = _screen_keys(quote)
    wanted = len(keys) - _SLACK_WORDS - len(keys) // 4
    if wanted <= 0 or not built_in_tiers(options):
        chosen = list(documents)
    else:
        shared = _shared(documents if collection is None else collection, documents, keys, options)
        chosen = [document for document, count in zip(documents, shared, strict=True) if count >= wanted]
        if not chosen and closest:
            # The first document too: with no closest text anywhere, the finding names it, as when
            # every document is searched.
            best = {0, *sorted(range(len(documents)), key=lambda i: -shared[i])[:_CLOSEST_DOCUMENTS]}
            chosen = [documents[i] for i in sorted(best)]
    return [locate_ranked(document, citation, options, quote=quote) for document in chosen]


# --- the routes --------------------------------------------------------------------------------


def _in_any(documents: Sequence[Document], citation: Citation, options: MatchOptions) -> Location:
    """A citation that names no document: read where its quote matches best, or its section is."""
    if not citation.has_quote:
        return _by_section([locate_ranked(document, citation, options)[0] for document in documents], citation)
    ranked = _searched(documents, citation, options, closest=True)
    return _strongest(ranked, citation) or _closest([location for location, _ in ranked])


def _elsewhere(
    documents: Sequence[Document], named: Sequence[Document], citation: Citation, options: MatchOptions
) -> Location | None:
    """The quote where it best matches outside the named documents, flagged ``other_document``; else ``None``."""
    others = [d for d in documents if all(d is not n for n in named)]
    searched = _searched(others, citation, options, closest=False, collection=documents) if others else []
    location = _strongest(searched, citation) if searched else None
    if location is None:
        return None
    assert citation.document is not None
    why = (
        f"the quote is not in the cited document {citation.document!r}"
        if named
        else f"the cited document {citation.document!r} is not among the documents"
    )
    flags = location.flags if "other_document" in location.flags else (*location.flags, "other_document")
    reason = f"{why}, but it is in {location.document}: {location.reason}"
    return location.model_copy(update={"flags": flags, "reason": reason})


def _section_elsewhere(documents: Sequence[Document], citation: Citation, options: MatchOptions) -> Location:
    """A citation without a quote that names a document that is not loaded: never fabricated.

    A name that matches no loaded document is almost always a file left out of the run, not an
    invented source, so a person looks: the section is read in the one loaded document that has it,
    flagged ``other_document``; with none or several, nothing is read (``ambiguous``, for review).
    """
    assert citation.document is not None
    available = ", ".join(d.name or "?" for d in documents)
    why = f"the cited document {citation.document!r} is not among the documents ({available})"
    found = [locate_ranked(document, citation, options)[0] for document in documents]
    with_section = [f for f in found if f.status == "section-only"]
    if len(with_section) == 1:
        location = with_section[0]
        reason = f"{why}, but section {citation.section!r} is in {location.document}: {location.reason}"
        return location.model_copy(update={"flags": (*location.flags, "other_document"), "reason": reason})
    if with_section:
        holders = ", ".join(f.document or "?" for f in with_section)
        return _unread(citation, "ambiguous", f"{why}, and section {citation.section!r} is in several ({holders})")
    return _unread(citation, "ambiguous", f"{why}, and no loaded document has section {citation.section!r}")


def _in_named(documents: Sequence[Document], citation: Citation, options: MatchOptions) -> Location:
    """A citation that names its document: read there, else where else its quote is."""
    assert citation.document is not None
    named = _named(documents, citation.document)
    if not named and not citation.has_quote:
        return _section_elsewhere(documents, citation, options)
    if len(named) > 1:
        candidates = ", ".join(d.name or "?" for d in named)
        return _unread(citation, "ambiguous", f"the cited document {citation.document!r} could be any of {candidates}")
    located = locate_ranked(named[0], citation, options)[0] if named else None
    if citation.has_quote and (located is None or located.status == "missing"):
        located = _elsewhere(documents, named, citation, options) or located
    if located is not None:
        return located
    available = ", ".join(d.name or "?" for d in documents)
    return _unread(
        citation, "missing", f"the cited document {citation.document!r} is not among the documents ({available})"
    )


def locate_in(documents: Sources, citation: CitationLike, *, options: MatchOptions | None = None) -> Location:
    """Step 1 against one or several documents: the one the citation names, or else the one its quote is in.

    Args:
        documents: What `check_citation` takes: a `Document`, a plain ``{section id: text}``
            mapping, or several named documents.
        citation: The citation: a `Citation`, or a mapping with its fields (as `locate` takes).
        options: How to match (see `locate`).

    Returns:
        The location. Names compare by their letters and digits, so ``RFC 7519`` names
        ``rfc7519.txt``; with one unnamed document, the name is not checked. A quote that is not in
        the named document (or names one that is not loaded) but is in another loaded one is
        ``found`` there, with the flag ``other_document``, for review; otherwise a quote that is
        in no document is ``missing`` (fabricated). A citation without a quote that names a
        document that is not loaded is read in the one document that has its section, flagged
        ``other_document``, and is ``ambiguous`` (for review) when none or several have it. A citation that names
        none is looked for in every document: its quote is read where it matches best
        (strongest tier, then the cited section, then document order); a citation without a
        quote needs its section to exist in exactly one document, and is ``ambiguous`` when
        several have it.

    Raises:
        DocumentError: ``documents`` is not one of the accepted shapes (see `as_documents`).
        InvalidCitationError: The citation is missing a field or has one of the wrong type.
        TypeError: ``options`` is not a `MatchOptions`.
    """
    return route(as_documents(documents), as_citation(citation), chosen_options(options))


def route(documents: tuple[Document, ...], citation: Citation, options: MatchOptions) -> Location:
    """`locate_in` on input already coerced (by the entry point), with the options already chosen."""
    if len(documents) == 1 and (citation.document is None or documents[0].name is None):
        # One unnamed document (a plain mapping, say) is the one every citation means.
        return locate_ranked(documents[0], citation, options)[0]
    if citation.document is not None:
        return _in_named(documents, citation, options)
    return _in_any(documents, citation, options)
