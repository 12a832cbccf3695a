"""What providers and people leave in a quote that is not a changed word: extraction artefacts
(U+0002 for a line-end hyphen, soft hyphens, ligatures, CRLF), contractions, quote style (backticks,
a chunk boundary mid-word, a section prefix without its colon, a renumbered list), and the matcher's
worst cases (a bracketed reference before the last word, many ellipsis fragments, many brackets)."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from citecheck import Citation, Document, Location, parse_file
from citecheck.matcher import _dictionary, locate
from citecheck.matcher._normalize import fold
from citecheck.matcher._quote import prepare
from citecheck.matcher._tiers import _ellipsis
from citecheck.parsers import MarkdownParser, PDFParser


def _locate(document: Document, quote: str, section: str | None = None) -> Location:
    return locate(document, {"id": "q", "claim": "c", "quote": quote, "section": section})


def _found(source: str, quote: str) -> Location:
    return _locate(Document.from_sections({"1": source}), quote)


def _plain(location: Location) -> bool:
    return location.status == "found" and not location.flags


def _found_as_written(location: Location) -> bool:
    """Found, flagged at most because the quote is only part of its sentence (the cut rules' flag)."""
    return location.status == "found" and set(location.flags) <= {"partial_sentence"}


# --- extraction artefacts -------------------------------------------------------------------------

_SOURCE = Document.from_sections(
    {
        "1": "Parties agree to co-\noperate in good faith. The financial report is filed each year.\r\n"
        "Each member shall notify the board in writing before any transfer of shares."
    }
)


@pytest.mark.parametrize(
    ("quote", "note"),
    [
        ("Parties agree to co\u0002operate in good faith.", "U+0002 read as a hyphen"),
        ("The \ufb01nancial report is filed each year.", "ligature \ufb01 read as 'fi'"),
        ("The finan\u00adcial report is filed each year.", "soft hyphen (U+00AD) ignored"),
        ("The financial report\x01 is filed each year.", "control character U+0001 ignored"),
        ("each year.\r\nEach member shall notify the board", ""),
        ("each year.\nEach member shall notify the board", ""),
    ],
)
def test_an_extraction_artefact_is_not_a_changed_word(quote: str, note: str) -> None:
    location = _locate(_SOURCE, quote)
    # The line-break quotes stop inside a sentence, which the cut rules flag; nothing else may.
    assert _found_as_written(location), location.reason
    assert note in location.reason


@pytest.mark.parametrize(
    ("artefact", "folded"),
    [("co\u0002operate", "co-operate"), ("\ufb01le", "file"), ("soft\u00adware", "software"), ("a\x00b\x7fc", "abc")],
)
def test_fold_reads_artefacts_as_the_text_they_stand_for(artefact: str, folded: str) -> None:
    assert fold(artefact).text == folded


def test_an_artefact_maps_back_to_the_source_offsets() -> None:
    location = _locate(_SOURCE, "Parties agree to co\u0002operate in good faith.")
    assert location.match is not None
    assert location.match.source_text == "Parties agree to co-\noperate in good faith."


@pytest.fixture(scope="module")
def provider_pdfs(fixtures_dir: Path) -> dict[str, Document]:
    folder = fixtures_dir / "providers" / "anthropic-cookbook"
    return {
        name: PDFParser().parse_bytes((folder / name).read_bytes())
        for name in ("Amazon-com-Inc-2023-Shareholder-Letter.pdf", "Constitutional AI.pdf")
    }


_LINE_END_HYPHEN = re.compile(r"(?<=\w)-\n[ \t]*(?=\w)")


@pytest.mark.parametrize("name", ["Amazon-com-Inc-2023-Shareholder-Letter.pdf", "Constitutional AI.pdf"])
def test_every_pdf_quote_with_u0002_at_a_line_end_hyphen_is_found(
    provider_pdfs: dict[str, Document], name: str
) -> None:
    """Quotes written as Claude's PDF citations write them: U+0002 where a line ends in a hyphen."""
    document = provider_pdfs[name]
    text = document.text
    breaks = list(_LINE_END_HYPHEN.finditer(text))
    assert breaks
    for found in breaks[:40]:
        start = max(text.rfind(" ", 0, max(found.start() - 60, 0)) + 1, 0)
        end = text.find(" ", found.end() + 60)
        span = text[start:end]
        quote = _LINE_END_HYPHEN.sub("\u0002", span).replace("\n", " ")
        location = _locate(document, quote)
        assert location.status == "found", (quote, location.reason)
        assert location.match is not None
        assert location.match.start <= start and end <= location.match.end + 1, quote
        assert "U+0002 read as a hyphen" in location.reason


# --- contractions --------------------------------------------------------------------------------

_PROSE = Document.from_sections(
    {
        "1": "The client does not send the secret. It is not required to refresh the token. "
        "The server can't accept a token that isn't signed. We're told it cannot be reused. "
        "We will need to develop new techniques.",
    }
)


@pytest.mark.parametrize(
    "quote",
    [
        "The client doesn't send the secret.",
        "The client don't send the secret.".replace("don't", "does not"),
        "It isn't required to refresh the token.",
        "It\u2019s not required to refresh the token.",
        "The server cannot accept a token that is not signed.",
        "The server can not accept a token that isn't signed.",
        "We are told it can't be reused.",
        "We'll need to develop new techniques.",
    ],
)
def test_a_contraction_is_the_words_it_stands_for(quote: str) -> None:
    location = _locate(_PROSE, quote)
    assert _plain(location), location.reason


@pytest.mark.parametrize(
    "quote",
    [
        "The client does send the secret.",
        "It is required to refresh the token.",
        "The server can accept a token that is signed.",
        "The client doesn't keep the secret.",
        "We'll not need to develop new techniques.",
        "Well need to develop new techniques.",
    ],
)
def test_a_dropped_negation_is_still_not_a_contraction(quote: str) -> None:
    assert _locate(_PROSE, quote).status == "missing"


# --- quote style ---------------------------------------------------------------------------------

_STYLE = Document.from_sections(
    {
        "4.2": '4.2.  Sending\n\nThe information is sent as "scope" to the unsafe endpoint of the server.\n\n'
        "The server MUST reject the token when it has expired.\n\n"
        "   o  the first item of the list\n\n   o  the second item of the list",
    }
)


@pytest.mark.parametrize(
    ("quote", "note"),
    [
        ("The information is sent as `scope` to the unsafe endpoint of the server.", ""),
        ('nformation is sent as "scope" to the unsafe endpoint', "starts mid-word: 'nformation'"),
        ('The information is sent as "scope" to the unsafe endp', "ends mid-word: 'endp'"),
        ("ation is sent as `scope` to the unsafe endpoi", "starts mid-word"),
        ("\u00a74.2 The server MUST reject the token when it has expired.", ""),
        ("Section 4.2 The server MUST reject the token when it has expired.", ""),
        ("1. the first item of the list 2. the second item of the list", ""),
    ],
)
def test_quote_style_is_not_a_changed_word(quote: str, note: str) -> None:
    location = _locate(_STYLE, quote, "4.2")
    # A chunk that starts or ends mid-word is part of its sentence, which the cut rules flag.
    assert _found_as_written(location), location.reason
    assert note in location.reason


def test_a_mid_word_start_maps_to_the_cut_in_the_source() -> None:
    location = _locate(_STYLE, "nformation is sent as `scope` to the unsafe endpoint")
    assert location.match is not None
    assert location.match.source_text == 'nformation is sent as "scope" to the unsafe endpoint'


@pytest.mark.parametrize(
    "quote",
    [
        "safe endpoint of the server.",  # "un" of "unsafe" cut off
        "The server MUST reject the token when it has expired. The server MUST",
    ],
)
def test_a_cut_that_may_change_the_meaning_is_flagged_or_missing(quote: str) -> None:
    assert not _plain(_locate(_STYLE, quote))


_SPLIT = Document.from_sections(
    {
        "1": "Which of the responses is most harmless? No response may cause harm. The library is kept outside "
        "the guarantees made here, and each side keeps its copy. Users of the library reconnect whenever they "
        "like. Clients come and go regardless of the load, and the server pays no regard to them. Abnormal "
        "results are rejected by the server, and normal ones kept."
    }
)


@pytest.mark.parametrize(
    ("quote", "named"),
    [
        # What is left is a word the document writes ("harm"), or what is cut off is ("side").
        ("Which of the responses is most harm", "'harm' of the source's 'harmless', leaving out 'less'"),
        ("The library is kept out", "'out' of the source's 'outside', leaving out 'side'"),
        ("Clients come and go regard", "'regard' of the source's 'regardless'"),
        ("normal results are rejected by the server", "'normal' of the source's 'Abnormal', leaving out 'Ab'"),
    ],
    ids=["left-a-word", "cut-off-a-word", "both-words", "start-cut"],
)
def test_a_word_cut_into_words_of_the_document_is_flagged(quote: str, named: str) -> None:
    # Found by a probe of 2026-12-06: 249 such cuts were accepted with no flag ("most harm").
    location = _locate(_SPLIT, quote)
    assert location.status == "found"
    assert "omitted_text" in location.flags, location.reason
    assert named in location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # What is left is a negation the source does not write.
        ("The request was nevertheless approved by the board in May.", "The request was never"),
        ("The price change for premium members is notable this year.", "The price change for premium members is not"),
        # A negating prefix or suffix of another language cut off.
        ("A conta é desativada após três tentativas falhas.", "ativada após três tentativas falhas."),
        ("Этот метод безопасен для использования в потоках.", "опасен для использования в потоках."),
        (
            "Der Versand innerhalb Deutschlands ist kostenlos für alle Kunden.",
            "Der Versand innerhalb Deutschlands ist kosten",
        ),
        # One letter left of a word, read with the letters of an abbreviation after it.
        ("Each field has a brief description of the claim (see its type) beside it.", "(e.g. its type) beside it."),
        # A hyphenated compound cut at its hyphen: the words are whole, the word the source writes is not.
        ("Keys come from a pseudo-random generator seeded at boot time.", "random generator seeded at boot time."),
        ("The cohort was sampled during pre-treatment in every center.", "treatment in every center."),
        # A name of code cut at its underscore, which is another name (probe27: 28 plain matches).
        ("To add text to a String, call `push_str`. Next.", "To add text to a String, call push."),
        ("To add text to a String, call `push_str`. Next.", "To add text to a String, call `push`"),
        ("O trait tem o método `resumo_autor` sem implementação.", "`autor` sem implementação."),
        # A word cut where the quote marks it whole, which no chunk's boundary does (probe27).
        ("Customers may not be eligible for return.", "Customers may not be eligible for re."),
        ("在第八章会更深入地讲解 String。", "在第八章会更深入地讲解 `str`。"),
        # A name cut at its dot or double colon, a number at its point or comma (a review of a1a06ed).
        ("To stop, call sys.exit with a status.", "To stop, call sys"),
        ("To join paths, call os.path.join with the parts.", "To join paths, call os.path."),
        ("To make one, call Vec::new with no arguments.", "To make one, call Vec"),
        ("The value is 3.5 in every case we measured.", "The value is 3"),
        ("It costs 1,500 dollars in total for the year.", "It costs 1"),
        # What is left is a common word of the language that a page this short does not write.
        ("The archive is nowhere to be found after the migration.", "The archive is now"),
        ("Keep the cables outside the cabinet at all times.", "Keep the cables out"),
        ("Доступ к серверу открыт всегда для администраторов.", "Доступ к серверу открыт все"),
        ("La clé est valable seulement pendant une heure.", "La clé est valable seule"),
    ],
    ids=[
        *("never", "not", "pt-des", "ru-bez", "de-los", "e-of-see", "pseudo-", "pre-"),
        *("name-stop", "name-code-span", "name-start", "word-stop", "zh-code-span"),
        *("dotted-name", "path-name", "double-colon", "decimal-point", "thousands-comma"),
        *("now", "out", "ru-vse", "fr-seule"),
    ],
)
def test_a_word_cut_into_another_is_never_a_plain_match(source: str, quote: str) -> None:
    # A probe of 2026-12-06 (probe18) found each accepted with no flag.
    location = _found(source, quote)
    assert not _plain(location), location.reason


def test_a_word_cut_into_pieces_no_one_writes_is_a_chunk_boundary() -> None:
    location = _locate(_SPLIT, "Users of the library reconnect whenev")
    assert _found_as_written(location), location.reason
    assert "'whenev' of the source's 'whenever'" in location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        ("Key rotation is a concern for every server.", "Key rotation is a con"),
        ("Restart the service after running the nightly job.", "ing the nightly job."),
        ("The gateway always matches every route in order.", "The gateway always mat"),
    ],
    ids=["con-of-concern", "ing-of-running", "mat-of-matches"],
)
def test_a_chunk_boundary_that_leaves_a_rare_word_piece_on_a_short_page_is_no_flag(source: str, quote: str) -> None:
    # A review of d5036ac: pieces a chunk's boundary leaves are often in a long word list ("con",
    # "ing"); only a very common word, or two words, reads as a word cut into another.
    location = _found(source, quote)
    assert _found_as_written(location), location.reason


def test_one_thread_reads_a_word_list_while_the_others_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    # A batch's threads may meet their first cut word together: the list is read once.
    reads: list[str] = []

    def slow_read(language: str) -> dict[str, int]:
        reads.append(language)
        time.sleep(0.05)  # long enough for the other threads to ask meanwhile
        return {"word": 0}

    monkeypatch.setattr(_dictionary, "_read_ranks", slow_read)
    monkeypatch.setattr(_dictionary, "_READ", {})
    with ThreadPoolExecutor(max_workers=8) as pool:
        ranks = list(pool.map(_dictionary._ranks, ["xx"] * 8))
    assert reads == ["xx"]
    assert all(r is ranks[0] for r in ranks)


def test_a_chunk_boundary_through_thai_is_no_word_cut_into_words() -> None:
    # Each character of Thai is a word of the index: the one the cut leaves tells nothing.
    source = "ในการกำหนดค่าเริ่มต้นของตัวแปลภายในตัวของ render() จาก props ให้ใช้ constructor ของคลาส"
    location = _locate(Document.from_sections({"1": source}), "\u0e31วแปลภายในตัวของ render() จาก pro")
    assert _found_as_written(location), location.reason
    assert "the quote starts mid-word" in location.reason


def test_a_negating_prefix_cut_off_names_what_is_left_out() -> None:
    location = _locate(_STYLE, "safe endpoint of the server.")
    assert location.status == "found"
    assert "omitted_text" in location.flags
    assert "leaving out 'un'" in location.reason


# --- worst cases and crashes ------------------------------------------------------------------------


def test_a_bracketed_reference_before_the_last_word_does_not_crash() -> None:
    location = _locate(Document.from_sections({"1": "The limit is 10\n"}), "The limit is [1] ten")
    assert location.status in ("missing", "found")


@pytest.mark.parametrize("text", ["The limit is 10", "The limit is", "limit"])
def test_a_bracketed_quote_near_the_documents_edges_does_not_crash(text: str) -> None:
    location = _locate(Document.from_sections({"1": text}), "[The] limit is [1] [x]")
    assert location.status in ("missing", "found", "ambiguous")


def test_bracketed_runs_are_found_for_every_bracket() -> None:
    prepared = prepare("The limit is " + "[x] " * 2000 + "ten items")
    assert len(prepared.brackets) == 2000
    assert prepared.brackets[0] == (3, 4) and prepared.brackets[-1] == (2002, 2003)


def test_the_ellipsis_tier_tries_a_bounded_number_of_placements(monkeypatch: pytest.MonkeyPatch) -> None:
    tried = 0
    spend = _ellipsis._Budget.spend

    def counting(self: _ellipsis._Budget) -> bool:
        nonlocal tried
        tried += 1
        return spend(self)

    monkeypatch.setattr(_ellipsis._Budget, "spend", counting)
    monkeypatch.setattr(_ellipsis, "_CHAIN_BUDGET", 2_000)
    document = Document.from_sections({"1": "alpha " + "the " * 10_000 + "zebra."})
    location = _locate(document, "alpha ... " + "the ... " * 100 + "zebra")
    assert tried <= 2_001
    assert location.status in ("found", "missing")


# --- layout numbers -------------------------------------------------------------------------------

_PAGES = (
    "Findings\n\n31\n\f\nThe most common drugs are named in the report. They can be\n32\n\f\nadministered by"
    " spiking a drink or food. They can be\n32\nadministered in 2 doses or more."
)


@pytest.mark.parametrize(
    ("quote", "status"),
    [
        # A PDF page's number, on a line of its own by a form feed, in step with the page before's
        # (31, 32), inside a sentence that runs on to the next page.
        ("They can be administered by spiking a drink or food.", "found"),
        # Not a page's number: no form feed, so the number may be the sentence's own.
        ("They can be administered in 2 doses or more.", "missing"),
        # Another number where the page's stands.
        ("They can be 33 administered by spiking a drink or food.", "missing"),
    ],
    ids=["page-number-left-out", "no-form-feed", "number-changed"],
)
def test_a_pdf_page_number_inside_a_sentence_is_set_aside(quote: str, status: str) -> None:
    location = _locate(Document.from_sections({"1": _PAGES}), quote)
    assert location.status == status, location.reason
    if status == "found":
        assert not location.flags and "page number '32' inside the sentence set aside" in location.reason


def test_two_list_items_quoted_without_their_numbers_are_for_review() -> None:
    # Chinese items, whose stop the number follows (the fixture's Rust book, 4.1).
    source = "请谨记这些规则：\n\n1. Rust 中的每一个值都有一个 所有者（owner）。\n2. 值在任一时刻有且只有一个所有者。\n"  # noqa: RUF001
    quote = "Rust 中的每一个值都有一个 所有者（owner）。值在任一时刻有且只有一个所有者。"  # noqa: RUF001
    location = _found(source, quote)
    assert location.status == "found" and location.needs_review, location.reason
    assert "left out '2'" in location.reason


@pytest.mark.parametrize(
    ("file", "quote"),
    [
        (
            "rfc3986.txt",
            "that there are multiple character encodings involved in the Berners-Lee, et al. Standards Track "
            "[Page 14] RFC 3986 URI Generic Syntax January 2005 production and transmission of URIs",
        ),
        (
            "rfc6749.txt",
            "Hardt Standards Track [Page 56]\n\f\nRFC 6749 OAuth 2.0 October 2012\n\n"
            "   client's redirection URI with a URI under the control of the attacker.",
        ),
    ],
    ids=["spaces", "as-the-file-has-it"],
)
def test_an_rfc_page_break_copied_with_a_quote_is_set_aside(fixtures_dir: Path, file: str, quote: str) -> None:
    # The parser leaves the footer and header out of the section text; a quote copied from the
    # text file keeps them (probe of 2026-12-06: 17 quotes called missing).
    document = parse_file(fixtures_dir / "rfc" / file)
    location = locate(document, Citation(id="q", claim="-", quote=quote, section=None))
    assert location.status == "found", location.reason
    assert "an RFC page's footer and header, copied from the text file, set aside" in location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        (
            "It now has more than 40,000 active users¹ (Smith 2021).",
            "It now has more than 40,000 active users (Smith 2021).",
        ),
        (
            "Сегодня у него более 40 000 активных пользователей² (Smith 2021).",  # noqa: RUF001
            "Сегодня у него более 40 000 активных пользователей (Smith 2021).",  # noqa: RUF001
        ),
        (
            "現在、40,000 人を超えるアクティブユーザーがいます¹（Smith 2021）。",  # noqa: RUF001
            "現在、40,000 人を超えるアクティブユーザーがいます（Smith 2021）。",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru", "ja"],
)
def test_a_footnote_s_superscript_number_the_quote_leaves_out_is_typography(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", ()), location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        ("The plot covers 20 km² in total.", "The plot covers 20 km in total."),
        ("The cost grows as x² for large inputs.", "The cost grows as x for large inputs."),
        ("The value is 10⁶ at most.", "The value is 10 at most."),
        ("The energy is E = mc² here.", "The energy is E = mc here."),
        ("The variance sigma² is large.", "The variance sigma is large."),
        ("The level of CO² rises.", "The level of CO rises."),
    ],
    ids=["unit", "letter", "number", "mc", "sigma", "capitals"],
)
def test_an_exponent_the_quote_leaves_out_is_a_changed_word(source: str, quote: str) -> None:
    assert _found(source, quote).status == "missing"


@pytest.mark.parametrize(
    ("quote", "status"),
    [("Austria, 4.90 €, 3 days.", "found"), ("Austria, 4.90 $, 3 days.", "missing")],
    ids=["comma-after-the-symbol", "another-symbol"],
)
def test_a_comma_after_a_lone_symbol_is_typography(quote: str, status: str) -> None:
    # A table row quoted as a sentence: "| Austria | 4.90 € | 3 days |".
    source = Document.from_sections(
        {"1": "| Country | Cost | Time |\n| --- | --- | --- |\n| Austria | 4.90 € | 3 days |"}
    )
    assert _locate(source, quote).status == status


@pytest.mark.parametrize(
    ("source", "quote", "status"),
    [
        # A PDF's text layer glues a footnote's number to the word ("ten2 simple principles").
        (
            "It is harmless using only of order ten2 simple principles, stated in natural language.",
            "It is harmless using only of order ten simple principles, stated in natural language.",
            "found",
        ),
        # A name's own digits are not left out: "sha256" is not "sha".
        (
            "We hash every token with sha256 before storing it.",
            "We hash every token with sha before storing it.",
            "missing",
        ),
    ],
    ids=["footnote-number", "name-digits"],
)
def test_a_number_glued_to_a_word_the_quote_leaves_out_is_for_review(source: str, quote: str, status: str) -> None:
    location = _found(source, quote)
    assert location.status == status, location.reason
    if status == "found":
        assert location.flags == ("variant_form",), location.reason
        assert "'ten2' with a number glued on" in location.reason


# A reference marker glued to the word a quote stops at, as a page copied from a wiki writes it
# (probe of 2026-12-07: "2019[1]" quoted as "2019" was missing in every language, as "users [1]" never was).
@pytest.mark.parametrize(
    ("source", "quote"),
    [
        ("The service launched for users[1] and grew. Next.", "The service launched for users"),
        ("The service launched for users[1]. Next.", "The service launched for users."),
        ("The service launched for users[1][2]. Next.", "The service launched for users."),
        ("The service launched in 2019[12], and grew. Next.", "The service launched in 2019"),
        ("บริการนี้เปิดตัวในปี 2019[1] ปัจจุบันมีผู้ใช้งานมากกว่า 40,000 คน", "บริการนี้เปิดตัวในปี 2019"),
        ("服务于 2019 年[1]推出。目前有很多用户。", "服务于 2019 年"),
        ("The timeout of every request is thirty seconds[12]", "The timeout of every request is thirty seconds"),
        ("The service launched for users[1], and grew. Next.", "The service launched for users ... and grew."),
    ],
    ids=["mid-sentence", "stop", "two-markers", "year", "thai", "chinese", "text-s-end", "ellipsis"],
)
def test_a_marker_glued_to_the_last_word_is_left_out_as_a_spaced_one_is(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert not {"variant_form", "omitted_text"} & set(location.flags), location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # Guards of the rule above (all were missing before it): no footnote is numbered 0, a type's
        # brackets are glued to its name on both sides, and an index in code is code.
        ("Read the value of buf[0]. Next.", "Read the value of buf."),
        ("Declare the array as x[10]int. Next.", "Declare the array as x."),
        ("To read the second element, write `items[1]` in the loop body.", "To read the second element, write `items`"),
        ("Read items[1].name first. Next.", "Read items."),
        ("To read the second element, set x = items[1]. Next.", "To read the second element, set x = items."),
        ("To read the second element, set x=items[1]. Next.", "To read the second element, set x=items."),
        # Inside the quote too: brackets of numbers glued as code writes an index are the sentence's.
        ("To read it, take buf[0] before the loop starts.", "To read it, take buf before the loop starts."),
        ("To read it, take matrix[1, 2] before the loop.", "To read it, take matrix before the loop."),
        ("To read it, take `items[1]` before the loop.", "To read it, take `items` before the loop."),
        ("To read it, take items[1].name before the loop.", "To read it, take items.name before the loop."),
        ("To read it, set x = items[1] before the loop.", "To read it, set x = items before the loop."),
        ("To sum, write total = counts2[3] in the loop body.", "To sum, write total = counts2 in the loop body."),
        # A marker glued to the word before the rest of the clause hides none of it.
        (
            "Refunds are granted to all customers[3] within 30 days of purchase.",
            "Refunds are granted to all customers.",
        ),
        (
            "Refunds are granted to all customers [3] within 30 days of purchase.",
            "Refunds are granted to all customers.",
        ),
        ("Refunds are granted to all customers [3, 4] within 30 days.", "Refunds are granted to all customers."),
        ("Refunds are granted to all customers [3-5] within 30 days.", "Refunds are granted to all customers."),
        # Numbers glued in brackets with a comma or a dash are an index or a range of code.
        ("Read the value at matrix[1, 2] now. Next.", "Read the value at matrix."),
        ("The supported versions are v[1-3]. Next.", "The supported versions are v."),
        # A marker the quote writes itself must be the source's.
        ("The service launched in 2019[1]. Next.", "The service launched in 2019[2]."),
    ],
    ids=[
        "index-zero",
        "array-type",
        "code-span",
        "method",
        "assignment",
        "assignment-unspaced",
        "index-zero-inside",
        "matrix-index-inside",
        "code-span-inside",
        "method-inside",
        "assignment-inside",
        "assignment-of-a-name-with-a-digit",
        "clause-after-marker",
        "clause-after-spaced-marker",
        "clause-after-a-list-of-markers",
        "clause-after-a-range-of-markers",
        "matrix-index",
        "glued-range",
        "other-marker",
    ],
)
def test_brackets_glued_to_the_last_word_that_are_no_footnote_marker_are_compared(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert location.status == "missing" or location.flags, location.reason


@pytest.mark.parametrize(
    ("source", "quote", "found"),
    [
        # A quote that stops before numbers in brackets glued as code indexes: a footnote's marker
        # after a formula's name, or an index it leaves out; either way, not fabricated.
        ("The energy is E = mc2[4]. Next.", "The energy is E = mc2.", True),
        ("The energy is E = mc2[4] in this frame.", "The energy is E = mc2", True),
        ("Read the value of buf[0]. Next.", "Read the value of buf.", True),
        ("To read the second element, set x = items[1]. Next.", "To read the second element, set x = items.", True),
        # The answer's own citation, spaced (a review of d6e45f3: missing).
        ("Read the value of buf[0]. Next.", "Read the value of buf [7].", True),
        # Other numbers in brackets of the quote's own, or another word: compared.
        ("Then the parser will take buf[0] and return it.", "Then the parser will take buf[1]", False),
        ("The energy is E = mc2[4]. Next.", "The energy is E = mc3.", False),
    ],
    ids=["formula", "formula-mid-sentence", "index-zero", "assignment", "spaced-citation", "other-index", "other-name"],
)
def test_a_quote_that_stops_before_an_index_of_code_is_for_review(source: str, quote: str, found: bool) -> None:
    location = _found(source, quote)
    assert (location.status == "found") == found, location.reason
    if found:
        assert "omitted_text" in location.flags and "which the quote stops before" in location.reason


# --- a PDF's text layer: page furniture, lost spaces, OCR digits (probe23, 2026-12-07) -------------


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # The page's number is the line of digits alone before the form feed, never the number
        # that opens the next page's first line (73 of 80 such quotes were accepted with no flag).
        (
            "They returned safely to Earth after spending\n175\n\f\n21 hours on the Moon's surface.",
            "They returned safely to Earth after spending 175 hours on the Moon's surface.",
        ),
        (
            "The refund window is open for\n12\n\f\n30 days after delivery of the order.",
            "The refund window is open for 12 days after delivery of the order.",
        ),
    ],
    ids=["moon", "refund"],
)
def test_a_number_that_opens_the_next_page_s_line_is_no_page_number(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert location.status == "missing" or location.flags, location.reason


@pytest.mark.parametrize("indent", ["", "  ", "\u3000\u3000", "\u00a0"])
def test_the_page_s_own_number_before_the_form_feed_is_set_aside_however_indented(indent: str) -> None:
    location = _found(
        f"Page one.\n{indent}11\n\f\nThe client sends the token to the server\n{indent}12\n\f\n"
        "and the server validates it.",
        "The client sends the token to the server and the server validates it.",
    )
    assert (location.status, location.flags) == ("found", ()), location.reason


def test_the_page_s_own_number_before_the_form_feed_is_set_aside() -> None:
    location = _found(
        "Apollo 11\n174\n\f\nThey returned safely to Earth after spending\n175\n\f\n21 hours on the Moon's surface.",
        "They returned safely to Earth after spending 21 hours on the Moon's surface.",
    )
    assert (location.status, location.flags) == ("found", ()), location.reason
    assert "page number '175'" in location.reason


def test_page_numbers_two_a_sheet_are_in_step() -> None:
    # A scan of two pages a sheet: 1, 3, 5, 7 by successive form feeds.
    source = (
        "Title.\n1\n\f\nThe report names the drugs.\n3\n\f\nThey can be\n5\n\f\nadministered by spiking a drink"
        " or food.\n7\n\f\nEnd."
    )
    location = _found(source, "They can be administered by spiking a drink or food.")
    assert (location.status, location.flags) == ("found", ()), location.reason


_SPLIT_BY_PAGE = "The committee decided that the rules would be adminis-\n32\n\f\ntered by the regional offices."


@pytest.mark.parametrize(
    ("source", "quote", "flags", "named"),
    [
        # A word a page break splits with a hyphen, the page's number between its halves (probe23:
        # missing): in step with another page's number, set aside as one between two words is.
        (
            "Page one.\n31\n\f\n" + _SPLIT_BY_PAGE,
            "The committee decided that the rules would be administered by the regional offices.",
            (),
            "page number '32'",
        ),
        # A number no other page's is in step with, or a header line: for review.
        (
            _SPLIT_BY_PAGE,
            "The committee decided that the rules would be administered by the regional offices.",
            ("omitted_text",),
            "the source's line '32'",
        ),
        (
            _SPLIT_BY_PAGE.replace("32", "CHAPTER 3. RULES 33"),
            "The committee decided that the rules would be administered by the regional offices.",
            ("omitted_text",),
            "the source's line 'CHAPTER 3 RULES 33'",
        ),
        # The split word opening or ending the quote (what the first leaves out is a modal's).
        (
            "Page one.\n31\n\f\n" + _SPLIT_BY_PAGE,
            "administered by the regional offices.",
            ("partial_sentence",),
            "page number '32'",
        ),
        (
            "Page one.\n31\n\f\n" + _SPLIT_BY_PAGE,
            "The committee decided that the rules would be administered",
            (),  # what it leaves out ("by the regional offices") is neutral
            "page number '32'",
        ),
    ],
    ids=["page-number-in-step", "page-number-alone", "header", "opening-the-quote", "ending-the-quote"],
)
def test_a_word_a_page_break_splits_is_read_whole(source: str, quote: str, flags: tuple[str, ...], named: str) -> None:
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert set(location.flags) == set(flags) and named in location.reason, location.reason


def test_a_trade_mark_sign_the_text_is_about_is_its_words() -> None:
    location = _found(
        "Use \u00ae only for registered trademarks; use \u2122 otherwise.", "Use \u2122 only for registered trademarks"
    )
    assert location.status == "missing", location.reason


@pytest.mark.parametrize(
    ("source", "quote", "sign"),
    [
        # A sign spaced from its name was missing (probe27): `fold` drops only one glued to the name.
        (
            "Built on an Intel \u00ae Core \u2122 processor, it runs fast.",
            "Built on an Intel Core processor, it runs fast.",
            "'\u00ae', '\u2122'",
        ),
        (
            "Built on an Intel\u00ae Core\u2122 processor, it runs fast.",
            "Built on an Intel \u00ae Core \u2122 processor, it runs fast.",
            "'\u00ae', '\u2122'",
        ),
        (
            "The laptop uses Intel \u00ae, a brand that makes fast chips.",
            "The laptop uses Intel, a brand that makes fast chips.",
            "'\u00ae'",
        ),
        # Spaced, a sign may be what the text is about: never plain.
        (
            "Use \u00ae only for registered trademarks; use \u2122 otherwise.",
            "Use only for registered trademarks",
            "'\u00ae'",
        ),
    ],
    ids=["left-out", "written-in", "before-a-comma", "the-text-is-about-it"],
)
def test_a_trade_mark_sign_spaced_from_its_name_is_for_review(source: str, quote: str, sign: str) -> None:
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", ("omitted_text",)), location.reason
    assert f"{sign} on one side only" in location.reason


def test_a_name_with_a_digit_a_page_break_splits_is_read_whole() -> None:
    # A third review: "GPT-", a page, "4" was missing once the halves had to be letters.
    location = _found(
        "Page one.\n31\n\f\nThe model is called GPT-\n32\n\f\n4 in the report.",
        "The model is called GPT4 in the report.",
    )
    assert (location.status, location.flags) == ("found", ()), location.reason


def test_numbers_a_page_break_parts_are_not_one_number() -> None:
    # A review of 12a8a85: "10-" and "20" across a page were read as 1020, with no flag.
    location = _found(
        "Page one.\n31\n\f\nThe dose ranged from 10-\n32\n\f\n20 mg per day.", "The dose ranged from 1020 mg per day."
    )
    assert location.status == "missing", location.reason


def test_a_word_a_page_break_splits_is_not_another_word() -> None:
    location = _found(
        "Page one.\n31\n\f\n" + _SPLIT_BY_PAGE,
        "The committee decided that the rules would be administrated by the regional offices.",
    )
    assert location.status == "missing" or location.flags, location.reason


@pytest.mark.parametrize("marker", ["[1]", " [1]", " (Smith, 2020)"], ids=["glued", "spaced", "author-year"])
def test_a_question_is_one_with_a_marker_before_its_question_mark(marker: str) -> None:
    # Reviews of d6e45f3 and a70727a: "works[1]?" was read as a statement, so the stop passed with no flag.
    location = _found(f"So the method works{marker}? Not quite, as the next section shows.", "So the method works.")
    assert location.status == "found" and "variant_form" in location.flags, location.reason
    assert "it states what the source asks" in location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # An elided article left out before an opening quotation mark (a review of c7f8688).
        ("L'utilisateur doit fournir un jeton valide.", "\u00ab utilisateur doit fournir un jeton valide \u00bb"),
        # A hyphen after the piece says the word goes on.
        ("The value is then read in the configuration file.", "The value is then read in the configur-"),
        # A trade mark's sign, left out or written in.
        ("Our product is called Acme\u2122 and it ships today.", "Our product is called Acme and it ships today."),
        ("Our product is called Acme and it ships today.", "Our product is called Acme\u00ae and it ships today."),
        # A sign named in quotation marks is the text's own (a fifth review: missing with curly marks).
        (
            'Names may contain "\u00a9" in this registry of marks.',
            "Names may contain \u201c\u00a9\u201d in this registry of marks.",
        ),
        # A name's mark glued to a number (a fourth review).
        ("The laptop uses Office 365\u00ae with 16 GB of memory.", "The laptop uses Office 365 with 16 GB of memory."),
        # A PDF's text glues a stop to the next sentence: no name cut there.
        ("The job runs at midnight.Next, the operator checks the logs.", "The job runs at midnight."),
    ],
    ids=[
        *("elided-article", "hyphen-after-piece", "trade-mark-left-out", "registered-written-in"),
        *("sign-named-in-curly-marks", "mark-after-a-number", "stop-glued-to-next"),
    ],
)
def test_typography_at_a_quote_s_edge_is_no_cut(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", ()), location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        (
            "In the trial the sample size was n = 1200[5]. Results follow below.",
            "In the trial the sample size was n = 1200.",
        ),
        ("Patients were eligible if aged \u2265 65[12]. Others were not.", "Patients were eligible if aged \u2265 65."),
    ],
    ids=["equals-a-number", "at-least-a-number"],
)
def test_a_footnote_after_a_number_in_a_formula_is_a_marker(source: str, quote: str) -> None:
    # "=" before a name is code's ("x = items[1]"); before a number, a statistic with its footnote.
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", ()), location.reason


@pytest.mark.parametrize(
    ("source", "quote", "line"),
    [
        # A number the text wraps onto a line of its own at the top of a page may be the sentence's
        # own (21 hours): with no other page's number to be in step with, a person tells.
        (
            "They returned safely to Earth after spending\n\f\n21\nhours on the Moon's surface.",
            "They returned safely to Earth after spending hours on the Moon's surface.",
            "'21'",
        ),
        (
            "The client sends the token to the server\n12\n\f\nand the server validates it.",
            "The client sends the token to the server and the server validates it.",
            "'12'",
        ),
        # Out of step with the other page's number (11 before the first break would be): not told a page's.
        (
            "Page one.\n40\n\f\nThe client sends the token to the server\n12\n\f\nand the server validates it.",
            "The client sends the token to the server and the server validates it.",
            "'12'",
        ),
    ],
    ids=["top-of-the-page", "one-page-break", "out-of-step"],
)
def test_a_number_by_a_form_feed_not_in_step_with_other_pages_is_set_aside_for_review(
    source: str, quote: str, line: str
) -> None:
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", ("omitted_text",)), location.reason
    assert f"the source's line {line} inside the sentence set aside" in location.reason


@pytest.mark.parametrize(
    ("source", "quote", "line"),
    [
        (
            "The client sends the token to the server\n\n12\n\nand the server validates it before use.",
            "The client sends the token to the server and the server validates it before use.",
            "'12'",
        ),
        (
            "The client sends the token to the server\n12    Journal of Things, Vol. 3\n\f\nand the server"
            " validates it before use.",
            "The client sends the token to the server and the server validates it before use.",
            "'12 Journal of Things Vol 3'",
        ),
        (
            "客户端把令牌发送给\n\n12\n\n服务器，服务器在使用前验证它。",  # noqa: RUF001
            "客户端把令牌发送给服务器，服务器在使用前验证它。",  # noqa: RUF001
            "'12'",
        ),
        (
            "Vue では、HTML ベー\n\f258    物事ジャーナル 第3巻\n\nスのテンプレート構文を使用します。",
            "Vue では、HTML ベースのテンプレート構文を使用します。",
            "'258 物事ジャーナル第 3 巻'",
        ),
        (
            "Listing 8-5는 인덱스\n\n191\n\f\n사물 저널 제3권\n문법이나 get 메소드를 가지고 벡터의 값에 접근합니다.",
            "Listing 8-5는 인덱스 문법이나 get 메소드를 가지고 벡터의 값에 접근합니다.",
            "'191', '사물 저널 제3권'",
        ),
        (
            "The client sends the token to the server\n12 Journal | Vol. 3 | No. 2 | 2021 | 285\n\f\nand the"
            " server validates it before use.",
            "The client sends the token to the server and the server validates it before use.",
            "'12 Journal Vol 3 No 2 2021 285'",
        ),
        # Content on a line of its own by a page break is set aside too, but never without a flag.
        (
            "The server\n\f\nmust not\nsend tokens to the client in any case.",
            "The server send tokens to the client in any case.",
            "'must not'",
        ),
    ],
    ids=[
        "number-between-blank-lines",
        "header-by-a-form-feed",
        "zh",
        "ja-header",
        "ko-number-then-header",
        "pipes",
        "content-line",
    ],
)
def test_a_page_s_header_or_number_inside_a_sentence_is_set_aside_for_review(
    source: str, quote: str, line: str
) -> None:
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert "omitted_text" in location.flags, location.reason
    assert f"the source's line {line} inside the sentence set aside" in location.reason


@pytest.mark.parametrize(
    "source",
    [
        # After a sentence's stop, or where a parser starts a section: a heading ("1.3. Contribution"
        # of a licence), which a quote across it leaves out. Only a page's number is set aside there.
        "The client sends the token to the server.\n\n1.3. Contribution\n\nThe server validates it before use.",
        "# Terms\n\nThe client sends the token to the server\n\n## 1.3. Contribution\n\nThe server validates it.",
    ],
    ids=["after-a-stop", "a-section-s-heading"],
)
def test_a_line_of_words_between_blank_lines_that_may_be_a_heading_is_no_page_furniture(source: str) -> None:
    document = MarkdownParser().parse(source) if source.startswith("#") else Document.from_sections({"1": source})
    quote = "The client sends the token to the server. The server validates it"
    location = _locate(document, quote if "." in source.split("\n\n")[0] else quote.replace(". The", " The"))
    assert location.status == "missing", location.reason


@pytest.mark.parametrize(
    ("source", "quote", "named"),
    [
        (
            "The software makes it easiertobuild these models for every customer.",
            "The software makes it easier to build these models for every customer.",
            "'easier to build' for the source's 'easiertobuild'",
        ),
        (
            "Contributors proposed analyses, implemented it in their fork, and filed a pull request.",
            "Contributors proposed analyses, implementeditin their fork, and filed a pull request.",
            "'implementeditin' for the source's 'implemented it in'",
        ),
        (
            "The function returns an error when the c0nnection is closed by the peer.",
            "The function returns an error when the connection is closed by the peer.",
            "OCR damage in the source",
        ),
        (
            "Ваш код д0лжен полагаться на то, что он не находится в некорректном состоянии.",  # noqa: RUF001
            "Ваш код должен полагаться на то, что он не находится в некорректном состоянии.",
            "OCR damage in the source",
        ),
        (
            "As we pass from prompting, to RLHF, to the constitutional methods discussed here, we lower it.",
            "As we pass from prompting, to RLHF7, to the constitutional methods discussed here, we lower it.",
            "the quote writes 'RLHF7' with a number glued on",
        ),
        (
            "We then trained SL-CAI models by finetuning a pre-trained model on the revisions.",
            "We then trained SL-CAI²³ models by finetuning a pre-trained model on the revisions.",
            "the quote writes 'CAI²³' with a number glued on",
        ),
        # A PDF font's ligature glyphs (ﬁ, ﬀ, ﬂ) with no characters in its text layer: an ordinal,
        # a French word that is another word without them, three words of one sentence.
        (
            "So rst it creates the array, then it loops through the range and marks the multiples.",
            "So first it creates the array, then it loops through the range and marks the multiples.",
            "'first' for the source's 'rst': letters a PDF font's ligature stood for, lost in the source",
        ),
        (
            "Et quand vous avez ni, vous devez le lui rendre au propriétaire.",
            "Et quand vous avez fini, vous devez le lui rendre au propriétaire.",
            "'fini' for the source's 'ni': a negation one side writes",
        ),
        (
            "It is also important to nd work that oers exibility, balance, and room for advancement.",
            "It is also important to find work that offers flexibility, balance, and room for advancement.",
            "'offers flexibility' for the source's 'oers exibility'",
        ),
        (
            "So first it creates the array, then it loops through the range and marks the multiples.",
            "So rst it creates the array, then it loops through the range and marks the multiples.",
            "'rst' for the source's 'first': letters a PDF font's ligature stood for, lost",
        ),
        # A negation where the other word is it with a ligature's letters more: named as such, not as the font's loss.
        (
            "Il prezzo resta fino a 100 euro per tutto il mese di marzo.",
            "Il prezzo resta no a 100 euro per tutto il mese di marzo.",
            "'no' for the source's 'fino': a negation one side writes",
        ),
    ],
    ids=[
        "three-words-run-together",
        "in-the-quote",
        "digit-for-letter",
        "digit-for-cyrillic-letter",
        "quote-footnote",
        "quote-superscripts",
        "ligature-lost-ordinal",
        "ligature-lost-fr",
        "ligatures-lost-three-words",
        "ligature-lost-in-the-quote",
        "negation-for-a-word-without-a-ligature",
    ],
)
def test_a_text_layer_s_damage_is_for_review_not_missing(source: str, quote: str, named: str) -> None:
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert {"variant_form", "damaged_source"} & set(location.flags), location.reason
    assert named in location.reason


# --- full-width punctuation typed in Latin text (probe24, 2026-12-07) ------------------------------


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        (
            "Note: the server MUST reject the token after five minutes.",
            "Note\uff1a the server MUST reject the token after five minutes.",
        ),
        (
            "The server MUST reject the token. The client retries later.",
            "The server MUST reject the token\uff0e The client retries later.",
        ),
        # The ideographic comma and full stop fold the space after them wherever they stand.
        ("React\u3001Vue とその他のフレームワークを使います。", "React\u3001 Vue とその他のフレームワークを使います。"),
        ("Vue 3\u3002React も使えます。", "Vue 3\u3002 React も使えます。"),
    ],
    ids=["colon", "full-stop", "ideographic-comma-after-latin", "ideographic-stop-after-a-digit"],
)
def test_a_full_width_stop_in_latin_text_keeps_the_space_after_it(source: str, quote: str) -> None:
    assert _plain(_found(source, quote)), _found(source, quote).reason


@pytest.mark.parametrize(
    ("source_mark", "mark", "flagged"),
    [("1\uff09", "2\uff09", True), ("1\uff09", "1)", False), ("\uff11\uff0e", "\uff12\uff0e", True)],
    ids=["renumbered", "same-item-ascii", "full-width-digits-renumbered"],
)
def test_a_full_width_list_in_the_source_is_numbered_as_an_ascii_one(
    source_mark: str, mark: str, flagged: bool
) -> None:
    source = f"Steps:\n{source_mark} Save the settings before you quit.\nAnd restart the editor afterwards."
    location = _found(source, f"{mark} Save the settings before you quit.")
    assert location.status == "found", location.reason
    assert ("variant_form" in location.flags) is flagged, location.reason


@pytest.mark.parametrize(("mark", "flagged"), [("99\uff09", True), ("2\uff09", False), ("\uff082\uff09", False)])
def test_a_list_item_s_full_width_mark_is_compared_with_the_source_s(mark: str, flagged: bool) -> None:
    source = "x = f(a)\n\n2) Add a constructor to the class and set the initial state:\n\nThe end."
    location = _found(source, f"{mark} Add a constructor to the class and set the initial state:")
    assert location.status == "found", location.reason
    assert ("variant_form" in location.flags) is flagged, location.reason


def test_two_acronyms_are_no_ocr_misreading() -> None:
    # OCR reads a capital I for a small l, never for a capital L: "URL" for "URI" is another name (probe24).
    location = _found(
        "The client sends the URI to the server for validation. Next.",
        "The client sends the URL to the server for validation.",
    )
    assert location.status == "missing" or location.flags, location.reason
    assert "OCR" not in location.reason


@pytest.mark.parametrize(
    ("source", "quote", "flag", "named"),
    [
        # OCR's letters for digits in a number, in the source or the quote (probe23: 160 called missing).
        (
            "We now offer I05 Availability Zones within 33 geographic Regions globally.",
            "We now offer 105 Availability Zones within 33 geographic Regions globally.",
            "damaged_source",
            "a number as OCR misreads it",
        ),
        (
            "Listagem 10-13: Implementando o trait Resumir nos tipos ArtigoDeNoticia e Tweet",
            "Listagem 1O-13: Implementando o trait Resumir nos tipos ArtigoDeNoticia e Tweet",
            "variant_form",
            "a number as OCR misreads it",
        ),
        # A footnote's superscript the quote copied, glued to a character of Japanese or before a number.
        (
            "別の例として、DOM イベントを購読する v-on ディレクティブを紹介します:",
            "別の例として、DOM イベントを購読する\u2074 v-on ディレクティブを紹介します:",
            "variant_form",
            "with a number glued on",
        ),
        (
            "O código externo da Listagem 10-14 que está usando nosso crate pode chamar nossa função.",
            "O código externo da Listagem\u2076 10-14 que está usando nosso crate pode chamar nossa função.",
            "variant_form",
            "with a number glued on",
        ),
        # ß and ss fold alike, but may be two words: "in moderation", "in masses" (probe25).
        (
            "Man sollte Alkohol nur in Maßen trinken, sagt der Arzt.",
            "Man sollte Alkohol nur in Massen trinken, sagt der Arzt.",
            "variant_form",
            "'massen' for the source's 'maßen'",
        ),
        (
            "Ich weiß, dass es regnet und wir gehen müssen.",
            "Ich weiß, daß es regnet und wir gehen müssen.",
            "variant_form",
            "'daß' for the source's 'dass'",
        ),
        # A decimal comma typed as a point, or the reverse (not a thousands separator: "3,500").
        (
            "Der Wert liegt zwischen 3,5 und 100 Prozent der Last.",
            "Der Wert liegt zwischen 3.5 und 100 Prozent der Last.",
            "variant_form",
            "'3.5' for the source's '3,5': a decimal mark written otherwise",
        ),
        (
            "Значение находится в диапазоне от 0,75 до 1 единицы.",
            "Значение находится в диапазоне от 0.75 до 1 единицы.",
            "variant_form",
            "a decimal mark written otherwise",
        ),
    ],
    ids=[
        "number-in-source",
        "number-in-quote",
        "ja-superscript",
        "superscript-before-a-number",
        "sharp-s-two-words",
        "sharp-s-old-spelling",
        "decimal-comma-de",
        "decimal-comma-ru",
    ],
)
def test_an_unprovable_text_layer_s_or_spelling_difference_is_for_review(
    source: str, quote: str, flag: str, named: str
) -> None:
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert flag in location.flags, location.reason
    assert named in location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        (
            "We now offer 1O5 Availability Zones in 33 Regions globally.",
            "We now offer 115 Availability Zones in 33 Regions globally.",
        ),
        ("The road is 300 公里 long in total. Next.", "The road is 300 公里\u00b2 long in total. Next."),
    ],
    ids=["another-number", "a-unit-s-power"],
)
def test_a_number_ocr_does_not_explain_is_compared(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert location.status == "missing" or location.flags, location.reason
    assert "OCR misreads" not in location.reason


def test_a_decimal_number_changed_stays_missing() -> None:
    source = "The value is between 3.5 and 100 percent of the load."
    assert _found(source, "The value is between 3,6 and 100 percent of the load.").status == "missing"


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        (
            "当 s 进入作用域时，它就是有效的。\n这一直持续到它离开作用域为止。",  # noqa: RUF001
            "1. 当 s 进入作用域时，它就是有效的。 2. 这一直持续到它离开作用域为止。",  # noqa: RUF001
        ),
        (
            "悪い状態が起こるとは予想されないとき。\nこの悪い状態にないことを頼りにコードが書かれているとき。",
            "1. 悪い状態が起こるとは予想されないとき。 2. この悪い状態にないことを頼りにコードが書かれているとき。",
        ),
    ],
    ids=["zh", "ja"],
)
def test_items_the_quote_numbers_after_a_chinese_or_japanese_stop_are_its_bullets(source: str, quote: str) -> None:
    # As in German or French: a list the source shows unmarked (rendered Markdown), numbered by the quote (probe25).
    assert _found(source, quote).status == "found", _found(source, quote).reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        ("公司表示。5%的员工将被裁员。", "公司表示。0.5%的员工将被裁员。"),
        ("收入增长了。5倍于去年的水平。", "收入增长了。2.5倍于去年的水平。"),
    ],
    ids=["percent", "times"],
)
def test_a_number_after_a_chinese_stop_is_no_bullet(source: str, quote: str) -> None:
    # "。2.5倍": the "2." before a digit is a number's, which the quote changed.
    location = _found(source, quote)
    assert location.status == "missing" or location.flags, location.reason


def test_two_spellings_with_sharp_s_swapped_are_for_review() -> None:
    location = _found(
        "Die Massen tranken Wein, aber nur in Maßen, sagt man.",
        "Die Maßen tranken Wein, aber nur in Massen, sagt man.",
    )
    assert "variant_form" in location.flags, location.reason


@pytest.mark.parametrize(
    ("source", "quote", "aside"),
    [
        (
            "If you access past the end of the array, such as 10, you will see a panic at runtime here.",
            "If you access past the end of the array, you will see a panic at runtime here.",
            "'such as 10'",
        ),
        (
            "Code in sub-repositories of the main tree, such as the net package, may be developed more loosely.",
            "Code in sub-repositories of the main tree may be developed more loosely.",
            "'such as the net package'",
        ),
        (
            "Die Bibliothek, zum Beispiel die Standardbibliothek, ist nicht immer verfügbar.",
            "Die Bibliothek ist nicht immer verfügbar.",
            "'zum Beispiel die Standardbibliothek'",
        ),
    ],
    ids=["en-comma-kept", "en-both-commas-dropped", "de"],
)
def test_an_aside_of_examples_dropped_without_an_ellipsis_is_for_review(source: str, quote: str, aside: str) -> None:
    # A parenthetical dropped without an ellipsis is unprovable, never missing (probe25: 7 of 7 were).
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert "omitted_text" in location.flags, location.reason
    assert f"left out an aside of examples: {aside}" in location.reason


_BURDEN = "Tumors of this type showed high burden {} in most of the samples we studied."


@pytest.mark.parametrize(
    ("aside", "flagged"),
    [
        # A reference only says where to read more (probe27: 39 of 60 such quotes were flagged).
        ("(Figure D)", False),
        ("(Figure 2)", False),
        ("(see Section 4)", False),
        ("(Smith et al., 2020)", False),
        # Any other aside may limit the claim, as may a reference with more in its brackets.
        ("(in adults)", True),
        ("(Figure 2, only in adults)", True),
        ("(Figure 2; not significant)", True),
        # A fourth review: numbers and places that restrict, read as references by the general test.
        ("(65 and above)", True),
        ("(Part B)", True),
        ("(version 2)", True),
        ("(Figure 2: n = 3)", True),
        # A fifth review: two letters are no figure's label; plural and ranged references are references.
        ("(Table NS)", True),
        ("(Figures 2 and 3)", False),
        ("(Fig. 2A-C)", False),
        ("(Smith et al. 2020)", False),
        # A section sign with a space after it was no bracket to the loose tier: the quote was missing.
        ("(\u00a7 3)", False),
        ("(\u00a73.2)", False),
        ("(\u00a7\u00a7 3-4)", False),
        ("(\u00b6 12)", False),
        ("(\u00a7 3, adults only)", True),
        ('("Figure 2")', False),
        # Brackets spaced from their words (the second review: missing once only § was read so).
        ("( see Figure 2 )", False),
        ("( in adults )", True),
    ],
    ids=[
        *("figure-letter", "figure-number", "see-section", "author-year", "scope", "reference-and-scope"),
        *("reference-and-negation", "age-threshold", "part", "version", "reference-and-count"),
        *("two-letters", "figures-and", "figure-range", "author-year-no-comma"),
        *("section-sign-spaced", "section-sign", "section-signs", "pilcrow", "section-sign-and-scope"),
        *("figure-in-quotation-marks", "spaced-reference", "spaced-scope"),
    ],
)
def test_a_reference_dropped_without_an_ellipsis_is_no_flag(aside: str, flagged: bool) -> None:
    location = _found(_BURDEN.format(aside), _BURDEN.format("").replace("  ", " "))
    assert location.status == "found", location.reason
    assert ("omitted_text" in location.flags) == flagged, location.reason


def test_a_reference_the_sentence_governs_is_its_words() -> None:
    location = _found(
        "Every URI is parsed as defined in (RFC 3986) before it is compared.",
        "Every URI is parsed as defined in before it is compared.",
    )
    assert location.status == "missing" or "omitted_text" in location.flags, location.reason


def test_a_section_sign_the_sentence_governs_is_for_review() -> None:
    # "in (§ 3)" names where the rule is: a quote without it says less, but is no fabrication.
    location = _found(
        "The rule in (\u00a7 3) applies to every member of the team here.",
        "The rule in applies to every member of the team here.",
    )
    assert location.status == "found", location.reason
    assert "omitted_text" in location.flags, location.reason


def test_an_aside_of_other_words_dropped_stays_missing() -> None:
    # "like" compares as often as it illustrates; a relative clause may restrict.
    source = "The server rejects tokens, like the old one did, and then logs the error."
    assert _found(source, "The server rejects tokens, and then logs the error.").status == "missing"
