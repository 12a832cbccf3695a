"""Section references as LLMs write them, resolved to a document's sections.

An LLM names a section in many ways: ``4.1.3``, ``Section 4.1.3.``, ``§4.1.3``,
``RFC 7519, Section 4.1.3``, ``4.1.3 ("aud" (Audience) Claim)``, ``appendix a.1``, ``p. 3``, or
the heading's title alone. `resolve_section` accepts all of them and answers with one section or
none; `nearest_sections` names the real sections closest to a reference that resolves to none,
as evidence for a fabricated citation.

Resolution order, first hit wins:

1. the reference is a section id exactly;
2. it holds a section number (after an optional ``RFC N`` and a ``Section`` / ``§`` / ``sec.`` /
   ``Appendix`` / ``page`` word): the section with that number. Words after the number (its
   title, ``of RFC 7519``) are not needed and not checked; a number the document does not have
   resolves to nothing, even when a title follows, since the number is what the citation names;
3. a title: the section whose title equals the reference once both are lower-cased and stripped
   of punctuation and quote marks; else the only section whose title contains the reference's
   words. Two sections with the same title make the reference ambiguous: nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from citecheck._models import Document, Section

__all__ = ["nearest_sections", "resolve_section"]

_RFC = re.compile(r"^\[?(?:rfc|request for comments:?)\s*\d+\]?\s*[,:;-]?\s*", re.IGNORECASE)
_PAGE = re.compile(r"^(?:p|pp|pg|page)\.?\s*(\d+)\b", re.IGNORECASE)
_KEYWORD = re.compile(r"^(?:§+|sections?\b|sect?\b\.?|appendix\b|appendices\b|app\b\.?|annex\b)\s*", re.IGNORECASE)
# A section number: digits or an appendix letter, then dot-separated digits, then an optional
# trailing period; it must end there (not run into a word, as "Abstract" or "a claim" would).
_NUMBER = re.compile(r"^([A-Za-z]|\d+)((?:\.\d+)*)\.?(?=$|[\s,;:)(\"'\u201c\u201d-])")
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class _Parsed:
    number: str | None
    """The section id the reference's number stands for (``"4.1.3"``, ``"A.1"``, ``"p. 3"``)."""
    rest: str
    """The reference without its ``RFC N`` and keyword prefix (what a title would be)."""


def _parse(reference: str) -> _Parsed:
    text = reference.strip().strip("\"'\u201c\u201d").strip()
    text = _RFC.sub("", text)
    if page := _PAGE.match(text):
        return _Parsed(f"p. {int(page.group(1))}", text)
    keyword = _KEYWORD.match(text)
    text = text[keyword.end() :] if keyword else text
    number = _NUMBER.match(text)
    if number is None:
        return _Parsed(None, text)
    head, tail = number.groups()
    # A lone letter is only an appendix when the reference says so, or when a number follows it:
    # "A" alone or "a claim" is a word, "A.1" and "Appendix A" are not.
    if head.isalpha() and not tail and not (keyword and keyword.group().lower().startswith(("app", "annex"))):
        return _Parsed(None, text)
    return _Parsed(head.upper() + tail, text)


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.lower().replace("'", "").replace("\u2019", "")))


def _by_title(document: Document, reference: str) -> Section | None:
    wanted = _words(reference)
    if not wanted:
        return None
    titled = [(section, _words(section.title)) for section in document.sections if section.title.strip()]
    exact = [section for section, title in titled if title == wanted]
    if exact:
        return exact[0] if len(exact) == 1 else None
    contained = [section for section, title in titled if f" {wanted} " in f" {title} "]
    return contained[0] if len(contained) == 1 else None


def resolve_section(document: Document, reference: str) -> Section | None:
    """The section a citation's section reference names, or ``None`` when there is none.

    Args:
        document: The document the citation cites.
        reference: The reference as the citation wrote it: ``"4.1.3"``, ``"Section 4.1.3."``,
            ``"§ 4.1.3"``, ``"RFC 7519, Section 4.1.3"``, ``"Appendix A.1"``, ``"p. 3"``,
            ``'4.1.3 ("aud" (Audience) Claim)'``, or a heading title such as ``"Audience Claim"``.

    Returns:
        The section, or ``None`` when the document has no such section or the title is ambiguous.

    Examples:
        ```python
        resolve_section(document, "sec. 4.1.3").id  # "4.1.3"
        resolve_section(document, '"aud" (Audience) Claim').id  # "4.1.3"
        ```
    """
    stripped = reference.strip()
    if not stripped:
        return None
    exact = document.section(stripped)
    if exact is not None:
        return exact
    parsed = _parse(stripped)
    if parsed.number is not None:
        return document.section(parsed.number)
    return _by_title(document, stripped) or (_by_title(document, parsed.rest) if parsed.rest != stripped else None)


def _components(section_id: str) -> tuple[int, ...] | None:
    """A section number as a tuple of ints (an appendix letter counts by its place in the alphabet)."""
    page = _PAGE.fullmatch(section_id)
    if page:
        return (int(page.group(1)),)
    parts = section_id.split(".")
    if not parts[0]:
        return None
    head = parts[0]
    if len(head) == 1 and head.isalpha():
        first = -(ord(head.upper()) - ord("A") + 1)  # negative: appendices never neighbour numbers
    elif head.isdigit():
        first = int(head)
    else:
        return None
    if not all(part.isdigit() for part in parts[1:]):
        return None
    return (first, *(int(part) for part in parts[1:]))


def _nearest_by_number(document: Document, wanted: tuple[int, ...], *, pages: bool) -> list[str]:
    numbered = {
        key: section.id
        for section in document.sections
        if (section.kind == "page") == pages and (key := _components(section.id)) is not None
    }
    order: list[str] = []
    if wanted in numbered:
        order.append(numbered[wanted])
    ranked: list[list[str]] = []  # per level, bottom up: that level's siblings, nearest first
    ancestors: list[str] = []
    for depth in range(len(wanted), 0, -1):
        prefix, here = wanted[: depth - 1], wanted[depth - 1]
        siblings = sorted(
            (key for key in numbered if len(key) == depth and key[:-1] == prefix and key != wanted[:depth]),
            key=lambda key: (abs(key[-1] - here), -key[-1]),  # a tie goes to the later one
        )
        # Appendix letters are stored negative; a sibling on the other side of zero is no neighbour.
        ranked.append([numbered[key] for key in siblings if (key[-1] < 0) == (here < 0)])
        if depth > 1 and prefix in numbered:
            ancestors.append(numbered[prefix])
        else:
            ancestors.append("")
    # Nearest sibling, then the parent, then the parent's nearest sibling, and so on up; then the rest.
    for level, parent in zip(ranked, ancestors, strict=True):
        if level:
            order.append(level[0])
        if parent:
            order.append(parent)
    for level in ranked:
        order.extend(level[1:])
    return list(dict.fromkeys(order))


def nearest_sections(document: Document, reference: str, *, limit: int = 3) -> list[str]:
    """The ids of the real sections nearest a reference, nearest first.

    For a section number: its nearest sibling, its parent, the parent's nearest sibling, and so
    on up the outline (``4.1.9`` in RFC 7519 gives ``4.1.7``, ``4.1``, ``4.2``; on a tie the later
    section wins); a page gives the nearest pages. For a title: the sections whose titles are most
    similar to it (rapidfuzz's token-set ratio, so word order and extra words matter little). A
    reference that names a real section lists that section first.

    Args:
        document: The document the citation cites.
        reference: The reference as the citation wrote it.
        limit: At most this many ids.

    Returns:
        Section ids in document terms, at most ``limit``; empty when the document has no sections
        to compare with.
    """
    if limit <= 0:
        return []
    stripped = reference.strip()
    parsed = _parse(stripped)
    exact = document.section(stripped)
    number = exact.id if exact is not None and _components(exact.id) is not None else parsed.number
    if number is not None:
        wanted = _components(number)
        if wanted is not None:
            return _nearest_by_number(document, wanted, pages=number.startswith("p. "))[:limit]
    query = _words(parsed.rest) or _words(stripped)
    titles = {section.id: _words(section.title) for section in document.sections if section.title.strip()}
    if not query or not titles:
        return []
    found = process.extract(query, titles, scorer=fuzz.token_set_ratio, limit=limit)
    return [str(key) for _, _, key in found]
