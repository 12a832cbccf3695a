"""Step 1: find a citation's quote in the source, with no model.

The quote is prepared once (`citecheck.matcher._quote.prepare`), then a list of tiers (`citecheck.matcher._tiers`)
runs in order, strongest first, and the first tier whose hits land in the document's sections
wins. Its hits are placed in sections (`citecheck.matcher._placement`), and the result says where, how,
and with which flags a person must look.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from citecheck._lazy_re import lazy_compile
from citecheck._models import (
    AmbiguousLocation,
    Citation,
    Document,
    Flag,
    FoundLocation,
    Location,
    MissingLocation,
    QuoteMatch,
    Section,
    SectionOnlyLocation,
    as_citation,
)
from citecheck._plugins import call
from citecheck.errors import PluginError
from citecheck.matcher._abbreviations import acronyms_of, spelled_otherwise
from citecheck.matcher._appended import set_apart
from citecheck.matcher._chinese import in_other_scripts
from citecheck.matcher._confusables import look_alike_note
from citecheck.matcher._diffs import describe_difference
from citecheck.matcher._index import WordIndex, index_of
from citecheck.matcher._normalize import BIDI_CONTROLS, TAG_CHARACTERS
from citecheck.matcher._options import MatchOptions, chosen_options
from citecheck.matcher._placement import Placement, TierHit, joins_blocks
from citecheck.matcher._plain import document_of
from citecheck.matcher._quote import (
    UNSPACED_CHARACTERS_PER_WORD,
    PreparedQuote,
    prepare,
    source_artefacts,
    without_cut_link_markup,
    without_link_addresses,
)
from citecheck.matcher._references import is_within, nearest_sections, resolve_section
from citecheck.matcher._reported import reported
from citecheck.matcher._tiers import (
    CookbookTier,
    EllipsisTier,
    FuzzyTier,
    LooseTier,
    NormalizedTier,
    Tier,
    edge_flags,
    source_item,
)
from citecheck.matcher._tokens import ASCII_WORD, WORD, key
from citecheck.matcher._written import written_differences
from citecheck.parsers import render_markdown_inline

__all__ = [
    "LONG_QUOTE",
    "MAX_LISTED_OCCURRENCES",
    "PreparedCitation",
    "beyond_reach",
    "built_in_tiers",
    "find_quote",
    "locate",
    "locate_ranked",
]

MAX_LISTED_OCCURRENCES = 10
"""At most this many places are listed in `Location.occurrences` and the reason; the count is kept."""

_Placed = tuple[int, tuple[str, ...], TierHit, tuple[int, int]]


@dataclass(frozen=True)
class _Found:
    """What the tiers found: the placed hits of the first tier that had any, or the closest text."""

    placed: list[_Placed]
    placement: Placement | None
    closest: QuoteMatch | None = None
    why: str = ""
    edge: bool = False
    """Whether the tier's hits are checked for what a cut at either end leaves out."""
    rank: int = 0
    """The position of the tier that found the hits among the tiers run (the strongest is 0)."""
    tier: Tier | None = None
    """The tier that found the hits."""


def _hits_of(tier: Tier, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
    """What a tier finds; a tier that raises or returns anything but hits is an error naming it."""
    label = f"tier {getattr(tier, 'name', type(tier).__name__)!r}"
    hits = call(label, "find()", tier.find, prepared, index)
    if not isinstance(hits, list | tuple) or not all(isinstance(hit, TierHit) for hit in hits):
        raise PluginError(f"{label}: find() returned a {type(hits).__name__}, not a sequence of TierHit")
    return hits


def _search(document: Document, prepared: PreparedQuote, options: MatchOptions, *, prefer: str | None) -> _Found:
    closest: QuoteMatch | None = None
    why = ""
    indexes: dict[bool, WordIndex] = {}  # by folding: looked up once, not once per tier
    for rank, tier in enumerate(options.tiers):
        cookbook = bool(tier.cookbook)
        index = indexes.get(cookbook)
        if index is None:
            index = indexes[cookbook] = index_of(document, cookbook=cookbook)
        hits = _hits_of(tier, prepared, index)
        matches = [h for h in hits if h.rejected is None]
        if matches:
            placement = Placement(
                document,
                index,
                single_section=options.single_section or tier.single_section,
                prefer=prefer,
                first_holder=options.first_section,
                tier=tier.name,
            )
            placed = placement.placed(matches)
            if placed:
                # What a cut leaves out is worked out for the hit read (see `_found`), not for every one.
                edge = options.check_edges and not getattr(tier, "checks_edges", False)
                return _Found(placed, placement, edge=edge, rank=rank, tier=tier)
        rejected = None if closest is not None else next((h for h in hits if h.rejected is not None), None)
        if rejected is not None:
            loose = Placement(document, index, single_section=False, prefer=prefer, tier=tier.name)
            closest, why = loose.place(rejected), rejected.rejected or ""
    return _Found([], None, closest, why, rank=len(options.tiers))


# Tiers whose matches are the quote's own characters, folded: a look-alike letter in one is the source's too.
_PLAIN = frozenset({"exact", "normalized"})


def _look_alike(prepared: PreparedQuote, index: WordIndex, hit: TierHit) -> tuple[tuple[Flag, ...], tuple[str, ...]]:
    """``look_alike`` and its note when a word of the quote or of the source the hit spans mixes scripts."""
    first, end = bisect_left(index.starts, hit.start), bisect_right(index.starts, hit.end - 1)
    note = look_alike_note(prepared.words, index.words(first, end) if first < end else [])
    return (("look_alike",), (note,)) if note else ((), ())


_HIDDEN_CHARACTERS = (
    (
        re.compile(f"[{BIDI_CONTROLS}]"),
        "the quote holds characters that reorder how its text displays (bidirectional controls) where the "
        "source has none, so what a reader sees may not be what was matched",
    ),
    (
        re.compile(f"[{TAG_CHARACTERS}]"),
        "the quote holds invisible tag characters (U+E0000 to U+E007F), read as nothing, where the source "
        "has none: they can carry text a reader does not see",
    ),
)


def _with_flags(hit: TierHit, flags: tuple[Flag, ...], notes: tuple[str, ...]) -> TierHit:
    if not flags:
        return hit
    return replace(hit, flags=tuple(dict.fromkeys((*hit.flags, *flags))), notes=(*hit.notes, *notes))


def find_quote(
    document: Document | Mapping[str, str], quote: str, *, options: MatchOptions | None = None
) -> str | None:
    """The id of the first section, in document order, that holds the quote, or ``None``.

    ``document`` is a `Document` or a plain ``{section id: text}`` mapping (parse once and pass the
    `Document` when searching many quotes: its index is built once).

    Uses the tiers of `locate` (with ``options=match_options("cookbook")``, the cookbook's exact
    match after `normalize`). A blank quote is never found.
    """
    return find_prepared(document_of(document), quote, chosen_options(options))


def find_prepared(document: Document, quote: str, options: MatchOptions) -> str | None:
    """`find_quote` on a document already built, with the options already chosen."""
    if not quote.strip():
        return None
    found = _search(document, prepare(quote), options, prefer=None)
    return found.placed[0][1][0] if found.placed else None


_WHOLE = "the document has no headings: it is read whole"

_SUBSTRING_HOW = {"exact": "word for word", "normalized": "after normalizing"}
_HOW: dict[type, dict[str, str]] = {
    NormalizedTier: _SUBSTRING_HOW,
    CookbookTier: _SUBSTRING_HOW,
    EllipsisTier: {"ellipsis": "as fragments around an ellipsis"},
    LooseTier: {"loose": "ignoring case and typographic punctuation"},
    FuzzyTier: {"fuzzy": "only fuzzily, so a person should look"},
}
"""How each built-in tier's matches were found, in the reason's words, by the tier that found them.

Keyed by the tier's class, not the name a match reports: a custom tier may be named ``fuzzy`` and
match word for word. Any other tier's match is found ``by the <name> tier``."""

_BY_SIMILARITY: Flag = "fuzzy"
"""The flag of a match found only by similarity: the fuzzy tier sets it, and the matcher sets it on
any match scored below 100, whatever its tier is named, so a custom approximate tier is reviewed."""

_FLAG_NOTES: dict[Flag, str] = {
    "ellipsis_gap": "an ellipsis leaves out words that may limit what the quote says (not only an aside, a "
    "reference, examples or a discourse marker), so a person should look",
    "partial_sentence": "the quote starts or stops inside its sentence and leaves out words that may limit "
    "what it says, so a person should look",
    "omitted_text": "the quote leaves out words of the source, an aside or part of a word, without an ellipsis, "
    "so a person should look",
    "substituted_words": "a bracketed word in the quote stands in for the source's or changes it, "
    "so a person should look",
}


def locate(
    document: Document | Mapping[str, str],
    citation: Citation | Mapping[str, Any],
    *,
    options: MatchOptions | None = None,
) -> Location:
    """Step 1 for one citation: where its quote is, or the section it names when it quotes nothing.

    Args:
        document: The source: a `Document`, or a plain ``{section id: text}`` mapping.
        citation: The citation: a `Citation`, or a mapping with its fields.
        options: How to match (`match_options`): by default the ``"default"`` preset;
            ``match_options("cookbook")`` reproduces the cookbook (only an exact match after
            `normalize` counts, and the first section that holds the quote is read), and
            ``match_options(tiers=[...])`` runs other tiers, in order.

    Returns:
        A `Location`: ``found`` (with the places the quote is; the one read is in the cited
        section when the quote is there), ``missing`` (with the closest source text when there is
        any), ``section-only`` for a citation without a quote, or ``ambiguous`` for a quote of fewer
        than `MIN_QUOTE_WORDS` words. A cited section that does not exist makes a citation without a
        quote ``missing``: the section is fabricated. ``flags`` say why a person must look.
    """
    return locate_ranked(document_of(document), as_citation(citation), chosen_options(options))[0]


@dataclass(frozen=True)
class _Cited:
    """The section a citation names, as it names it and as it resolves."""

    document: Document
    cited: str | None
    section: Section | None
    nearest: tuple[str, ...]

    @classmethod
    def of(cls, document: Document, citation: Citation) -> _Cited:
        cited = citation.section if citation.section and citation.section.strip() else None
        section = resolve_section(document, cited) if cited else None
        nearest = tuple(nearest_sections(document, cited)) if cited and section is None else ()
        return cls(document, cited, section, nearest)

    @property
    def no_such_section(self) -> str:
        nearest = f" (nearest: {', '.join(self.nearest)})" if self.nearest else ""
        return f"the cited section {self.cited!r} does not exist{nearest}"

    def fields(self) -> dict[str, Any]:
        """The fields every location of this citation has."""
        return {
            "document": self.document.name,
            "cited": self.cited,
            "cited_section": self.section.id if self.section else None,
            "nearest_sections": self.nearest,
        }


LONG_QUOTE = 10_000
"""A quote of at least this many characters is first read word by word against the document's
words, keeping nothing, before it is prepared: preparing keeps a few objects per word (tens of
times the quote in memory), which a long quote nowhere in the document should not cost."""


def built_in_tiers(options: MatchOptions) -> bool:
    """Whether every tier is one of citecheck's own, whose matches all take the quote's words from the document."""
    return all(type(tier).__module__.startswith("citecheck.matcher._tiers") for tier in options.tiers)


def beyond_reach(document: Document, quote: str, options: MatchOptions) -> bool:
    """Whether no built-in tier can find this long quote in the document, read word by word.

    No tier matches more words than the document has, nor a quote that lacks more than a quarter of
    its words and two more from the document's words (a fuzzy match differs in at most a tenth of
    its words; a loose one joins a few compounds). Only for quotes of `LONG_QUOTE` characters or
    more, and only with built-in tiers: a custom one may match by anything.
    """
    if len(quote) < LONG_QUOTE or not built_in_tiers(options):
        return False
    index = index_of(document, cookbook=options.tiers[0].cookbook if options.tiers else False)
    vocabulary = index.id_of
    total = absent = 0
    for words in _chunk_words(quote):
        total += len(words)
        absent += sum(1 for word in words if word not in vocabulary)
    return total > len(index) + len(index) // 10 + 10 or absent > 2 + total // 4


_INVISIBLE = lazy_compile(r"[\u00ad\u200b-\u200d\u2060\ufeff]|(?<=\w)-[ \t]*\r?\n[ \t]*(?=\w)")
_CHUNK = 1 << 16


def _chunk_words(text: str) -> Iterator[list[str]]:
    """The keys of a text's words, a chunk of about 64 KB at a time, cut at spaces.

    Folded as the matcher folds a quote where it can change a word: NFKC (ligatures, full-width
    letters), soft hyphens and zero-width characters dropped, a line-end hyphen joined.
    """
    at = 0
    while at < len(text):
        stop = text.find(" ", at + _CHUNK)
        stop = len(text) if stop == -1 else stop
        chunk = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text[at:stop])).casefold()
        words = (ASCII_WORD if chunk.isascii() else WORD).findall(chunk)
        yield [w.replace("'", "") for w in words] if chunk.isascii() else [key(w) for w in words]
        at = stop


class PreparedCitation:
    """A citation's quote prepared once, for every document it is looked for in.

    The quote as written is prepared at once; its other readings, each tried where the quote as
    written is not found or only with a flag, on first use: its Markdown rendering (backticks and
    emphasis markers dropped), the quote without a citation it appends (``(p. 3)``), without the
    link addresses a plain-text copy writes (``(/pkg/unsafe/)``), and its Chinese in the other
    script (traditional characters for simplified, and back).
    """

    def __init__(self, quote: str) -> None:
        self.quote = quote
        self.prepared = prepare(quote)

    @cached_property
    def rendered(self) -> PreparedQuote | None:
        """The quote rendered as Markdown, prepared; ``None`` when rendering changes nothing.

        What its edges cut of a link's or an image's markup is dropped too (`without_cut_link_markup`).
        """
        text = without_cut_link_markup(render_markdown_inline(self.quote))
        return prepare(text) if text != self.quote and text.strip() else None

    @cached_property
    def uncited(self) -> PreparedQuote | None:
        """The quote with the citation it appends set aside, prepared; ``None`` when it appends none."""
        if set_apart(self.quote) is None:
            return None  # most quotes: not prepared again
        read = prepare(self.quote, citation=True)
        return read if read.appended else None

    @cached_property
    def unlinked(self) -> PreparedQuote | None:
        """The quote without the link addresses a plain-text copy writes after a link's text, prepared."""
        return without_link_addresses(self.quote)

    @cached_property
    def in_other_scripts(self) -> tuple[PreparedQuote, ...]:
        """The quote's Chinese in the other script, prepared ("所有權" read as "所有权"); empty for most quotes."""
        return tuple(
            replace(
                prepare(text),
                variant=f"the quote writes its Chinese in the other script: read in {script} characters, as the source",
            )
            for text, script in in_other_scripts(self.quote)
        )

    def other_readings(self, *, markdown: bool) -> Iterator[PreparedQuote]:
        """The other readings there are, in the order they are tried, each prepared when asked for."""
        if markdown and self.rendered is not None:
            yield self.rendered
        if self.uncited is not None:
            yield self.uncited
        if self.unlinked is not None:
            yield self.unlinked
        yield from self.in_other_scripts


def locate_ranked(
    document: Document, citation: Citation, options: MatchOptions, *, quote: PreparedCitation | None = None
) -> tuple[Location, int]:
    """`locate` on typed input, and the position of the tier that matched (``len(options.tiers)``: none).

    The rank lets `citecheck.matcher._routing` pick the strongest match among documents by the
    tiers' order, whatever their names; ``quote`` is the citation's quote prepared once for all of
    them (prepared here when not given).
    """
    cited = _Cited.of(document, citation)
    if not citation.has_quote:
        return _section_only(cited), len(options.tiers)
    assert citation.quote is not None
    if quote is None and beyond_reach(document, citation.quote, options):
        reason = f"the quote is not in any section: most of its words are not in the document{options.missing_note}"
        return MissingLocation(**cited.fields(), reason=reason), len(options.tiers)
    quote = quote if quote is not None and quote.quote == citation.quote else PreparedCitation(citation.quote)
    prepared = quote.prepared
    prefer = cited.section.id if cited.section else None
    found = _search(document, prepared, options, prefer=prefer)
    location = _found(cited, found, prepared, options) if found.placed and found.placement is not None else None
    rank = found.rank
    # A quote copied from a Markdown source, with its backticks, emphasis markers, link targets,
    # citation keys or character references, against the rendered text every parser gives: markup
    # changes no word. A citation the answer appends ("(p. 3)") is no word of the source's either.
    # Each reading is kept where it loses a reason to look the other gave (a link's address read
    # as words added), with no other or by a stronger tier (what its words leave out of the
    # sentence is flagged for them).
    readings = quote.other_readings(markdown=options.markdown_quotes)
    while location is None or location.flags:
        other = next(readings, None)
        if other is None:
            break
        if other is quote.unlinked and location is not None:
            # A quote found with its address, flagged, keeps the flag: the source has an address
            # there, and the quote writes it otherwise ("/INFO/RFC7159" for "/info/rfc7159").
            continue
        read = _read(cited, other, options, prefer)
        if read is not None and (location is None or _better(*read, location, rank)):
            location, rank = read
    if location is None:
        # An abbreviation written out where the source has it short, or the reverse: read only for
        # a quote found no other way, and only where the reading is found as it is written, with
        # no tier of similarity. One found only by similarity has other differences, which the
        # reading would hide behind its own ("CI" written out in a quote whose "95% CI" lost its "%").
        as_written: MatchOptions | None = None
        for other in _spelled(document, quote.quote):
            if as_written is None:
                as_written = replace(options, tiers=tuple(t for t in options.tiers if not isinstance(t, FuzzyTier)))
            read = _read(cited, other, as_written, prefer)
            if read is not None and _BY_SIMILARITY not in read[0].flags:
                location, rank = read
                break
    if location is None:
        missing = MissingLocation(**cited.fields(), closest=found.closest, reason=_missing_reason(found, options))
        return missing, found.rank
    return location, rank


def _read(
    cited: _Cited, reading: PreparedQuote, options: MatchOptions, prefer: str | None
) -> tuple[Location, int] | None:
    """Where another reading of the quote is found, and the rank of the tier that found it; ``None`` where it is not."""
    found = _search(cited.document, reading, options, prefer=prefer)
    if found.placed and found.placement is not None:
        return _found(cited, found, reading, options), found.rank
    return None


def _spelled(document: Document, quote: str) -> Iterator[PreparedQuote]:
    """The quote with an abbreviation in its other form (``document``'s acronyms among them), prepared as asked for."""
    for text, note in spelled_otherwise(quote, acronyms_of(document)):
        yield replace(prepare(text), variant=note)


def _better(read: Location, rank: int, than: Location, than_rank: int) -> bool:
    """Whether a reading of the quote drops a flag of another, with no flag of its own or by a stronger tier."""
    flags, other = set(read.flags), set(than.flags)
    return bool(other - flags) and (flags <= other or rank < than_rank)


def _section_only(cited: _Cited) -> Location:
    if cited.section is None:
        return MissingLocation(**cited.fields(), reason=cited.no_such_section)
    whole = f" ({_WHOLE})" if cited.section.kind == "whole" else ""
    return SectionOnlyLocation(
        **cited.fields(),
        section=cited.section.id,
        text=cited.section.text,
        reason=f"no quote: the judge reads the cited section {cited.section.id}{whole}",
    )


def _missing_reason(found: _Found, options: MatchOptions) -> str:
    if found.closest is None:
        return f"the quote is not in any section{options.missing_note}"
    return f"the quote is not in any section: the closest source text, in section {found.closest.section}, {found.why}"


def _attribution(cited: _Cited, match: QuoteMatch) -> tuple[list[Flag], list[str]]:
    """Flags and notes on where the quote is against where the citation says it is."""
    if cited.cited and cited.section is None:
        return ["missing_section"], [cited.no_such_section]
    if cited.section is not None and cited.section.id not in match.sections:
        if is_within(cited.document, match.section, cited.section.id):
            # Citing section 4.1 for a sentence of 4.1.3, or a chapter for a sentence three
            # headings below it, names the part that holds it: no flag.
            return [], [f"cited as section {cited.section.id}, found in its subsection {match.section}"]
        return ["misattributed_section"], [f"cited as section {cited.section.id}, found in section {match.section}"]
    return [], []


def _place_notes(placed: list[_Placed], listed: list[_Placed], match: QuoteMatch, section: Section) -> list[str]:
    """Notes on how many places hold the quote, and on the sections read."""
    notes: list[str] = []
    if len(placed) > 1:
        shown = ", ".join(ids[0] for _, ids, _, _ in listed)
        more = f" (the first {len(listed)} listed)" if len(placed) > len(listed) else ""
        notes.append(f"the quote is in {len(placed)} places: sections {shown}{more}")
    if len(match.sections) > 1:
        notes.append(f"the quote spans sections {', '.join(match.sections)}")
    if section.kind == "whole":
        notes.append(_WHOLE)
    return notes


# Characters after a match that hold its sentence's marks, with closing quote marks and brackets,
# and a marker or an author and year before them ("works (Smith, 2020)?").
_AFTER = 120


def _found(cited: _Cited, found: _Found, prepared: PreparedQuote, options: MatchOptions) -> Location:
    placed, placement = found.placed, found.placement
    assert placement is not None
    document = cited.document
    cited_id = None if options.first_section or cited.section is None else cited.section.id
    in_cited = None if cited_id is None else next((p for p in placed if cited_id in p[1]), None)
    if in_cited is None and cited_id is not None:
        in_cited = next((p for p in placed if is_within(document, p[1][0], cited_id)), None)
    chosen = in_cited or placed[0]
    if prepared.item and len(placed) > 1:
        # A step a list gives twice ("Verify that ..." at 4 and at 10): the place of the item the quote names.
        index = placement.index
        chosen = next(
            (
                p
                for p in placed
                if (cited_id is None or p[1] == chosen[1]) and source_item(index, p[2].start) == prepared.item
            ),
            chosen,
        )
    listed = placed[:MAX_LISTED_OCCURRENCES]
    occurrences = tuple(placement.match(hit, span, ids) for _, ids, hit, span in listed)
    # The evidence of the place read is its occurrence's when it is listed: flags are not part of
    # a `QuoteMatch`, so the edge flags set below leave it the same.
    read = next((i for i, p in enumerate(listed) if p is chosen), None)
    match = occurrences[read] if read is not None else placement.match(chosen[2], chosen[3], chosen[1])
    hit = chosen[2]
    if found.edge:
        hit = _with_flags(hit, *edge_flags(prepared, placement.index, hit))
    if match.tier not in _PLAIN:
        # A quote matched but not character for character (by keys, fragments or similarity) may
        # hold a look-alike letter where the source has its own, whichever tier found it.
        hit = _with_flags(hit, *_look_alike(prepared, placement.index, hit))
    if match.tier != "exact":
        # What folding reads as typography and may not be: an operator's "*", a word's case, an
        # apostrophe, quotation marks moved, a question mark for a stop.
        after = document.text[match.end : match.end + _AFTER]
        written = written_differences(prepared.text, match.source_text, after, folded=match.tier != "normalized")
        if written:
            hit = _with_flags(hit, ("variant_form",), written)
    reports = reported(document.text, match.start, match.end)
    if reports is not None:
        hit = _with_flags(hit, ("partial_sentence",), (reports,))
    if not prepared.original.isascii():
        # Folding drops invisible characters, but some reorder what a reader sees ("\u202e12\u202c"
        # displays as "21", the Trojan Source trick) or carry text no reader sees (tag characters).
        for pattern, note in _HIDDEN_CHARACTERS:
            if pattern.search(prepared.original) and not pattern.search(match.source_text):
                hit = _with_flags(hit, ("look_alike",), (note,))
    section = document.section(match.section)
    assert section is not None

    flags, notes = _attribution(cited, match)
    flags = [*hit.flags, *flags]
    if match.score < 100 and _BY_SIMILARITY not in flags:
        flags.insert(0, _BY_SIMILARITY)
        notes.append(f"the quote matched only by similarity ({match.score:g}%), so a person should look")
    if options.flag_joined_blocks and joins_blocks(document, *_stripped(match)):
        # Two blocks (figure labels, table cells, paragraphs) read as one sentence may say what
        # neither says alone.
        flags.append("joined_blocks")
        notes.append("the quote runs on across a blank line of the source, joining two blocks, so a person should look")
    notes += [_FLAG_NOTES[f] for f in hit.flags if f in _FLAG_NOTES]
    notes += [*hit.notes, *prepared.artefacts, *source_artefacts(match.source_text)]
    if prepared.appended:
        notes.append(f"{prepared.appended!r} set aside: a citation or note the quote appends, not the source's words")
    if prepared.variant:
        flags.append("variant_form")
        notes.append(prepared.variant)
    if match.tier != "ellipsis":
        # Every format prints the reason: it names the changed words, as the HTML report shows them.
        named = "".join(notes)
        notes += [describe_difference(d) for d in match.differences if not (d.quote and repr(d.quote) in named)]
    detail = "".join(f"; {note}" for note in [*notes, *_place_notes(placed, listed, match, section)])
    common = {**cited.fields(), "match": match, "occurrences": occurrences, "occurrence_count": len(placed)}

    words = prepared.word_count
    least = options.min_quote_words
    short = words < least
    if short:
        length = f"{words} word(s), fewer than {least}"
        if prepared.unspaced_characters:
            # Chinese, Japanese, Thai: counted in characters, as those scripts have no spaces.
            characters = prepared.unspaced_characters
            spaced = words - characters // UNSPACED_CHARACTERS_PER_WORD
            length = (
                f"{characters} character(s) of a script without spaces, fewer than "
                f"{least * UNSPACED_CHARACTERS_PER_WORD}"
                if spaced == 0
                else f"{spaced} word(s) and {characters} character(s) of a script without spaces "
                f"({UNSPACED_CHARACTERS_PER_WORD} to a word), fewer than {least} words"
            )
    if short and _once_where_cited(cited, placed):
        # Too short to place by its words, but there is one place it can be, where it is cited: the
        # judge reads it, and a person looks.
        flags = ["short_quote", *flags]
        detail = (
            f"; the quote has {length}, but occurs once "
            f"{'in the cited section' if cited.section else 'in the document'}, so a person should look{detail}"
        )
    elif short:
        return AmbiguousLocation(
            **common,
            flags=tuple(dict.fromkeys(["ambiguous", *flags])),
            reason=f"the quote has {length}: too short to place, so no model is asked{detail}",
        )
    return FoundLocation(
        **common,
        section=section.id,
        text=section.text if len(match.sections) == 1 else _spanned(document, section, match),
        flags=tuple(dict.fromkeys(flags)),
        reason=f"the quote is in section {section.id}, {_how(found.tier, match.tier)}{detail}",
    )


def _stripped(match: QuoteMatch) -> tuple[int, int]:
    """The match's span in `Document.text` without the white space at either end."""
    text = match.source_text
    return match.start + len(text) - len(text.lstrip()), match.end - len(text) + len(text.rstrip())


def _how(tier: Tier | None, strength: str) -> str:
    """How a match was found, in the reason's words (see `_HOW`)."""
    return _HOW.get(type(tier), {}).get(strength, f"by the {strength} tier")


def _once_where_cited(cited: _Cited, placed: list[_Placed]) -> bool:
    """Whether a quote occurs exactly once in the cited section (in the document, when none is cited)."""
    if cited.cited is None:
        return len(placed) == 1
    if cited.section is None:
        return False
    return [cited.section.id in ids for _, ids, _, _ in placed].count(True) == 1


def _spanned(document: Document, first: Section, match: QuoteMatch) -> str:
    """The text of the sections a quote spans, from the first to the last."""
    last = document.section(match.sections[-1])
    assert last is not None
    return document.text[first.start : last.end]
