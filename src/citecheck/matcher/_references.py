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

Ids compare without direction and zero-width marks, and a reference that is no section number by
`citecheck._section_ids`' rules (``ß``, ``²``, ``4.①``, thousands of digits) names no section:
it resolves to nothing, never to an error.

The lookups (ids, titles and their words, the outline of section numbers) are built once per
`Document` and kept with it, so resolving a reference costs a few dictionary lookups, not a pass
over every section.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document, Section
from citecheck._section_ids import MAX_PART_DIGITS, REFERENCE_NUMBER, clean_id, number_key, slugify

__all__ = ["is_within", "nearest_sections", "resolve_section"]

_RFC = lazy_compile(r"^\[?(?:rfc|request for comments:?)\s*\d+\]?\s*[,:;-]?\s*", re.IGNORECASE)
_PAGE = re.compile(r"^(?:p|pp|pg|page)\.?\s*(\d+)\b", re.IGNORECASE)
_KEYWORD = lazy_compile(
    r"^(?:§+|sections?\b|sect?\b\.?|clauses?\b|appendix\b|appendices\b|app\b\.?|annex\b|exhibit\b|schedule\b)\s*",
    re.IGNORECASE,
)
_LETTERED = ("app", "annex", "exhibit", "schedule")  # keywords after which a lone letter is an appendix
# A section number as a reference writes it: digits or an appendix letter, then dot-separated
# digits, then an optional trailing period; it must end there (not run into a word, as "Abstract"
# or "a claim" would).
_NUMBER = lazy_compile(rf"^{REFERENCE_NUMBER}(?:\s?\(([a-z])\))?\.?(?=$|[\s,;:)(\"'\u201c\u201d-])")
_WORD = re.compile(r"[a-z0-9]+")
_COMMON_TITLE_WORD = 64  # a title word in more titles than this is common: see `_Lookup.similar_titles`
_MAX_TITLE_CANDIDATES = 64  # titles compared with a reference at most, those sharing the most words first
# A breadcrumb's separators: ">" and "/" between spaces (a "/" inside a word is no separator),
# and the single and double right-pointing angle quotation marks anywhere.
_CRUMB = lazy_compile(r"\s+[>/]\s+|\s*[\u203a\u00bb]\s*")
_MAX_TYPO_WORD = 40  # characters: a longer word only matches itself
# Characters of a reference read to find the nearest sections: no title or section number is
# longer, and reading more made a 1 MB reference cost its length times the number of sections.
_MAX_NEAREST = 512
_MAX_BREADCRUMB = 1000  # characters: a longer reference is no breadcrumb
_MAX_DEPTH = 64  # ancestors walked at most


def _page_number(digits: str) -> int | None:
    return int(digits) if len(digits) <= MAX_PART_DIGITS else None


@dataclass(frozen=True)
class _Parsed:
    number: str | None
    """The section id the reference's number stands for (``"4.1.3"``, ``"A.1"``, ``"p. 3"``)."""
    rest: str
    """The reference without its ``RFC N`` and keyword prefix (what a title would be)."""


def _parse(reference: str) -> _Parsed:
    text = reference.strip().strip("\"'\u201c\u201d").strip()
    text = _RFC.sub("", text)
    if (page := _PAGE.match(text)) and (number := _page_number(page.group(1))) is not None:
        return _Parsed(f"p. {number}", text)
    keyword = _KEYWORD.match(text)
    text = text[keyword.end() :] if keyword else text
    found = _NUMBER.match(text)
    if found is None:
        return _Parsed(None, text)
    head, tail, clause = found.groups()
    # A lone letter is only an appendix when the reference says so, or when a number follows it:
    # "A" alone or "a claim" is a word, "A.1" and "Appendix A" are not.
    if head.isalpha() and not tail and not (keyword and keyword.group().lower().startswith(_LETTERED)):
        return _Parsed(None, text)
    if clause and head.isalpha():
        return _Parsed(None, text)
    return _Parsed(head.upper() + tail + (f"({clause})" if clause else ""), text)


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.lower().replace("'", "").replace("\u2019", "")))


def _typo_keys(word: str) -> set[str]:
    """The word and, when it is long enough for a typo to leave it recognisable, each one-letter deletion.

    A word longer than `_MAX_TYPO_WORD` is no word of a title: its deletions would cost its length squared.
    """
    if len(word) < 4 or len(word) > _MAX_TYPO_WORD:
        return {word}
    return {word, *(word[:i] + word[i + 1 :] for i in range(len(word)))}


def _key(section_id: str) -> tuple[int, ...] | None:
    """A section id as a tuple of ints (see `number_key`); a page ``p. N`` is ``(N,)``."""
    section_id = clean_id(section_id)
    if section_id.endswith(")") and "(" in section_id:
        section_id = section_id.split("(", 1)[0]  # a clause, "4(e)", sits among the neighbours of 4
    page = _PAGE.fullmatch(section_id)
    if page:
        number = _page_number(page.group(1))
        return (number,) if number is not None else None
    return number_key(section_id)


@dataclass
class _Outline:
    """The numbered sections (or the pages) of a document, as a tree of number keys."""

    ids: dict[tuple[int, ...], str] = field(default_factory=dict)
    children: defaultdict[tuple[int, ...], list[int]] = field(default_factory=lambda: defaultdict(list))

    def add(self, key: tuple[int, ...], section_id: str) -> None:
        if key not in self.ids:
            self.children[key[:-1]].append(key[-1])
        self.ids[key] = section_id

    def sort(self) -> None:
        for numbers in self.children.values():
            numbers.sort()

    def siblings(self, prefix: tuple[int, ...], here: int) -> Iterator[int]:
        """The numbers under ``prefix`` other than ``here``, nearest first; a tie goes to the later one.

        Appendix letters are stored negative; a sibling on the other side of zero is no neighbour.
        """
        numbers = self.children.get(prefix, [])
        zero = bisect_left(numbers, 0)
        low, high = (0, zero) if here < 0 else (zero, len(numbers))
        left = bisect_left(numbers, here, low, high) - 1
        right = left + 1
        while right < high and numbers[right] == here:
            right += 1
        while left >= low or right < high:
            if right < high and (left < low or numbers[right] - here <= here - numbers[left]):
                yield numbers[right]
                right += 1
            else:
                yield numbers[left]
                left -= 1

    def nearest(self, wanted: tuple[int, ...], limit: int) -> list[str]:
        order: list[str] = []
        if wanted in self.ids:
            order.append(self.ids[wanted])
        ranked: list[list[str]] = []  # per level, bottom up: that level's siblings, nearest first
        ancestors: list[str] = []
        for depth in range(len(wanted), 0, -1):
            prefix = wanted[: depth - 1]
            level: list[str] = []
            for number in self.siblings(prefix, wanted[depth - 1]):
                sibling = (*prefix, number)
                level.append(self.ids[sibling])
                if len(level) >= limit:
                    break
            ranked.append(level)
            ancestors.append(self.ids.get(prefix, "") if depth > 1 else "")
        # Nearest sibling, then the parent, then the parent's nearest sibling, and so on up; then the rest.
        for level, parent in zip(ranked, ancestors, strict=True):
            if level:
                order.append(level[0])
            if parent:
                order.append(parent)
        for level in ranked:
            order.extend(level[1:])
        return list(dict.fromkeys(order))[:limit]


@dataclass
class _Lookup:
    """One document's sections by id, by title and by number, built once per document."""

    by_id: dict[str, Section] = field(default_factory=dict)  # clean id -> the first section with it
    by_title: defaultdict[str, list[Section]] = field(default_factory=lambda: defaultdict(list))
    titled: list[tuple[Section, str]] = field(default_factory=list)  # sections with a title, with its words
    title_postings: defaultdict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    # A title word under itself and each of its one-letter deletions: words one typo apart share a
    # key. Built on the first reference that needs it (most documents never get a mistyped title).
    _near_words: defaultdict[str, list[str]] | None = None
    numbers: _Outline = field(default_factory=_Outline)
    pages: _Outline = field(default_factory=_Outline)
    parents: dict[str, str] = field(default_factory=dict)  # section id -> the id of the section it is under
    longest_title: int = 0  # characters of the longest title's words

    @property
    def near_words(self) -> defaultdict[str, list[str]]:
        if self._near_words is None:
            near: defaultdict[str, list[str]] = defaultdict(list)  # lists, not sets: a third of the memory
            for word in self.title_postings:
                for typo in _typo_keys(word):
                    near[typo].append(word)
            self._near_words = near
        return self._near_words

    def section(self, section_id: str) -> Section | None:
        return self.by_id.get(clean_id(section_id))

    def by_contained_title(self, wanted: str) -> Section | None:
        """The only section whose title holds the words ``wanted`` in a row, else ``None``."""
        if len(wanted) > self.longest_title:
            return None  # no title holds more words than it has
        postings = [self.title_postings.get(word, []) for word in wanted.split()]
        rarest = min(postings, key=len)
        found: Section | None = None
        padded = f" {wanted} "
        for position in rarest:
            section, title = self.titled[position]
            if padded in f" {title} ":
                if found is not None:
                    return None
                found = section
        return found

    def similar_titles(self, query: str, limit: int) -> list[str]:
        """The ids of the sections whose titles are most like ``query``, most similar first.

        Only titles that share a word with the query, or a word one typo away, are compared,
        rarest words first (a common word only while fewer than ``limit`` titles were found), and
        of those the `_MAX_TITLE_CANDIDATES` that share the most words; all titles are, by
        rapidfuzz in one call, only when fewer than ``limit`` share a word.
        """
        words = {near for word in query.split() for key in _typo_keys(word) for near in self.near_words.get(key, ())}
        votes: Counter[int] = Counter()
        for postings in sorted((self.title_postings[w] for w in words), key=len):
            # A word in many titles ("claim") adds many candidates and little evidence: it counts
            # only when the rarer words did not already find enough.
            if len(postings) > _COMMON_TITLE_WORD and len(votes) >= limit:
                break
            votes.update(postings)
        if len(votes) < limit:
            positions: Iterable[int] = range(len(self.titled))
        else:
            # The titles that share the most words with the query, in document order.
            positions = sorted(position for position, _ in votes.most_common(max(_MAX_TITLE_CANDIDATES, limit)))
        choices = {self.titled[p][0].id: self.titled[p][1] for p in positions}
        found = process.extract(query, choices, scorer=fuzz.token_set_ratio, limit=limit)
        return [str(key) for _, _, key in found]


def _build_lookup(document: Document) -> _Lookup:
    lookup = _Lookup()
    for section in document.sections:
        lookup.by_id.setdefault(clean_id(section.id), section)
        if section.parent is not None:
            lookup.parents[section.id] = section.parent
        key = _key(section.id) if not section.id.endswith(")") else None  # a clause is no outline node
        if key is not None:
            (lookup.pages if section.kind == "page" else lookup.numbers).add(key, section.id)
        if section.title.strip():
            words = _words(section.title)
            lookup.longest_title = max(lookup.longest_title, len(words))
            lookup.by_title[words].append(section)
            for word in set(words.split()):
                lookup.title_postings[word].append(len(lookup.titled))
            lookup.titled.append((section, words))
    lookup.numbers.sort()
    lookup.pages.sort()
    return lookup


def _lookup(document: Document) -> _Lookup:
    return document.derived("references", _build_lookup)


def _by_title(lookup: _Lookup, reference: str) -> Section | None:
    wanted = _words(reference)
    if not wanted:
        return None
    exact = lookup.by_title.get(wanted)
    if exact:
        return exact[0] if len(exact) == 1 else None
    return lookup.by_contained_title(wanted)


def _crumbs(reference: str) -> list[str]:
    """The parts of a breadcrumb (``Guide > Installation > Linux``), or ``[]`` for another reference."""
    if len(reference) > _MAX_BREADCRUMB or not _CRUMB.search(reference):
        return []
    parts = [part.strip() for part in _CRUMB.split(reference)]
    return parts if len(parts) > 1 and all(parts) else []


def _names(document: Document, lookup: _Lookup, part: str, section: Section) -> bool:
    """Whether one part of a breadcrumb names ``section``: its title, its number or its id's last step."""
    if _words(part) and _words(part) == _words(section.title):
        return True
    if clean_id(part) == section.id or slugify(part) == section.id.rsplit("/", 1)[-1]:
        return True
    number = _parse(part).number
    return number is not None and lookup.section(number) is section


def _names_any(lookup: _Lookup, part: str) -> bool:
    """Whether a breadcrumb's part names any section of the document (else it names the site or book)."""
    return bool(lookup.by_title.get(_words(part))) or lookup.section(_parse(part).number or clean_id(part)) is not None


def _by_breadcrumb(document: Document, lookup: _Lookup, crumbs: list[str]) -> Section | None:
    """The section a breadcrumb names: its last part, under sections named by the parts before it.

    A heading path joined as the parser joins it (``guide/installation/linux``) is tried first,
    then without leading parts (a breadcrumb often starts with the site's or the book's name).
    Otherwise, of the sections the last part names, the one whose ancestors match the most of the
    earlier parts, in order; parts that match no ancestor may only lead the breadcrumb. A tie is
    ambiguous: nothing.
    """
    slugs = [slugify(part) for part in crumbs]
    for first in range(len(slugs) - 1):
        section = lookup.section("/".join(slugs[first:]))
        if section is not None:
            return section
    last = crumbs[-1]
    candidates = list(lookup.by_title.get(_words(last), ()))
    alone = lookup.section(_parse(last).number or clean_id(last))
    if alone is not None and alone not in candidates:
        candidates.append(alone)
    best: list[Section] = []
    best_score = -1
    for candidate in candidates[:_MAX_TITLE_CANDIDATES]:
        ancestors = _ancestors(document, lookup, candidate)
        score, wanted = 0, len(crumbs) - 2  # match the earlier parts from the nearest one up
        for ancestor in ancestors:
            if wanted >= 0 and _names(document, lookup, crumbs[wanted], ancestor):
                score, wanted = score + 1, wanted - 1
        if any(_names_any(lookup, crumbs[w]) for w in range(wanted + 1)):
            continue  # an earlier part names a section, but none this one is under
        if score > best_score:
            best, best_score = [candidate], score
        elif score == best_score:
            best.append(candidate)
    return best[0] if len(best) == 1 else None


def _ancestors(document: Document, lookup: _Lookup, section: Section) -> list[Section]:
    """The sections ``section`` lies under, nearest first."""
    found: list[Section] = []
    current = lookup.parents.get(section.id)
    while current is not None and len(found) < _MAX_DEPTH:
        parent = document.section(current)
        if parent is None or parent in found:
            break
        found.append(parent)
        current = lookup.parents.get(current)
    return found


def _exact(document: Document, lookup: _Lookup, reference: str) -> Section | None:
    return document.section(reference.strip()) or lookup.section(reference)


def resolve_section(document: Document, reference: str) -> Section | None:
    """The section a citation's section reference names, or ``None`` when there is none.

    Args:
        document: The document the citation cites.
        reference: The reference as the citation wrote it: ``"4.1.3"``, ``"Section 4.1.3."``,
            ``"§ 4.1.3"``, ``"RFC 7519, Section 4.1.3"``, ``"Appendix A.1"``, ``"p. 3"``,
            ``'4.1.3 ("aud" (Audience) Claim)'``, or a heading title such as ``"Audience Claim"``.
            Direction and zero-width marks in it are ignored.

    Returns:
        The section, or ``None`` when the document has no such section or the title is ambiguous.

    Examples:
        ```python
        resolve_section(document, "sec. 4.1.3").id  # "4.1.3"
        resolve_section(document, '"aud" (Audience) Claim').id  # "4.1.3"
        ```
    """
    stripped = clean_id(reference)
    if not stripped:
        return None
    lookup = _lookup(document)
    exact = _exact(document, lookup, reference)
    if exact is not None:
        return exact
    crumbs = _crumbs(stripped)
    titled = lookup.by_title.get(_words(stripped), []) if crumbs else []
    if len(titled) == 1:
        return titled[0]  # a title with a separator in it, "Input / Output", is that title
    if crumbs:
        found = _by_breadcrumb(document, lookup, crumbs)
        if found is not None:
            return found
    parsed = _parse(stripped)
    if parsed.number is not None:
        found = lookup.section(parsed.number)
        if found is None and parsed.number.endswith(")"):
            # "4(b)" in a document whose parser kept section 4's clauses inside it: the section
            # that holds the clause. Where 4's clauses are sections, a missing one is missing.
            parent = parsed.number.split("(", 1)[0]
            found = lookup.section(parent) if lookup.section(f"{parent}(a)") is None else None
        return found
    return _by_title(lookup, stripped) or (_by_title(lookup, parsed.rest) if parsed.rest != stripped else None)


def is_within(document: Document, section_id: str, ancestor_id: str) -> bool:
    """Whether section ``section_id`` is section ``ancestor_id`` or lies anywhere under it.

    A section lies under another when its chain of parents (`Section.parent`, as the parser saw
    the headings) reaches it, at any depth, or when its number extends the other's: ``4.1.3`` is
    under ``4.1`` and ``4``, ``4(a)`` under ``4``.
    """
    if section_id == ancestor_id or section_id.startswith((f"{ancestor_id}.", f"{ancestor_id}(")):
        return True
    parents = _lookup(document).parents
    seen: set[str] = set()
    current = parents.get(section_id)
    while current is not None and current not in seen:  # a hand-built document may loop
        if current == ancestor_id:
            return True
        seen.add(current)
        current = parents.get(current)
    return False


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
    stripped = clean_id(reference)[:_MAX_NEAREST]
    lookup = _lookup(document)
    parsed = _parse(stripped)
    exact = _exact(document, lookup, reference) if stripped else None
    number = exact.id if exact is not None and _key(exact.id) is not None else parsed.number
    wanted = _key(number) if number is not None else None
    if number is not None and wanted is not None:
        outline = lookup.pages if number.startswith("p. ") else lookup.numbers
        return outline.nearest(wanted, limit)
    query = _words(parsed.rest) or _words(stripped)
    if not query or not lookup.titled:
        return []
    return lookup.similar_titles(query, limit)
