# ruff: noqa: RUF001, RUF003  # full-width punctuation is what these tests are about
"""Step 1 in other languages: scripts without spaces matched a character at a time, quote marks and
accents of each language folded, and the negations and modals of each language meaning-changing."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from citecheck import Document, Location
from citecheck.matcher import locate
from citecheck.matcher._diffs import word_diffs
from citecheck.matcher._lexicon import MODALS_BY_LANGUAGE, NEGATIONS_BY_LANGUAGE, inverts, is_meaning_word
from citecheck.matcher._normalize import fold
from citecheck.parsers import MarkdownParser

# Short texts written for these tests (Chinese, Korean, French, Portuguese); the Japanese, German,
# Russian and Thai ones are third-party documents in the shared fixtures.
ZH = (
    "令牌不得重复使用。服务器必须验证 JWT 的签名，并且不能接受未签名的令牌。"
    "客户端可以缓存公钥（最多24小时）。签发者的名称写作「iss」：它是一个字符串。"
)
KO = (
    "서버는 서명되지 않은 토큰을 받아들여서는 안 된다. 클라이언트는 비밀번호를 저장할 수 없다. "
    "이 값은 만료 후에 변경하지 못한다."
)
FR = (
    "Le serveur ne doit pas accepter un jeton \u00ab\u202fexpiré\u202f\u00bb sans vérifier sa signature. "
    "Il n\u2019est pas nécessaire de rafraîchir le jeton avant son expiration."
)
PT = "O cliente não deve enviar a senha sem criptografia. A autenticação do usuário é obrigatória em cada pedido."


def _locate(document: Document, quote: str) -> Location:
    return locate(document, {"id": "q", "claim": "c", "quote": quote, "section": None})


def _plain(location: Location) -> bool:
    """Found with no flag: what no person would look at."""
    return location.status == "found" and not location.flags


def _found_as_written(location: Location) -> bool:
    """Found, flagged at most because the quote is only part of its sentence (the cut rules' flag)."""
    return location.status == "found" and set(location.flags) <= {"partial_sentence"}


@pytest.fixture(scope="module")
def docs(fixtures_dir: Path) -> dict[str, Document]:
    folder = fixtures_dir / "docs"
    parsed = {
        name: MarkdownParser().parse((folder / f"{name}.md").read_text(encoding="utf-8"))
        for name in (
            "ja_rustbook_ch09-03",
            "ja_vue_template-syntax",
            "th_react_state-and-lifecycle",
            "de_rustbook_ch09-03",
            "ru_rustbook_ch09-03",
        )
    }
    written = {"zh": ZH, "ko": KO, "fr": FR, "pt": PT}
    return parsed | {name: Document.from_sections({"1": text}) for name, text in written.items()}


# --- scripts without spaces ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "quote"),
    [
        ("ja_rustbook_ch09-03", "回復する手段はありません"),  # starts and ends mid-line, no space either side
        ("ja_rustbook_ch09-03", "手段はありません。回復する可能性"),  # across a full stop
        ("ja_rustbook_ch09-03", "呼び出し側に選択肢を与えることになります"),
        ("ja_rustbook_ch09-03", "回復不能だという決定を下す"),
        ("ja_rustbook_ch09-03", "「回復する手段はありません」"),  # Japanese quote marks around it
        ("ja_vue_template-syntax", "テンプレートは、仕様に準拠しているブラウザーや HTML パーサーでパース"),
        ("ja_vue_template-syntax", "レンダリングされるDOMを宣言的にバインド"),  # no spaces around "DOM"
        ("th_react_state-and-lifecycle", "ความต้องการที่สำคัญคือ"),
        ("th_react_state-and-lifecycle", "ามต้องการที่สำคัญคือ"),  # starts inside a Thai word
        ("th_react_state-and-lifecycle", "คลาสคอมโพเนนท์จำเป็นต้องเรียกใช้ construtor พื้นฐาน"),
        ("zh", "令牌不得重复使用"),
        ("zh", "得重复使用。服务器必须验证"),
        ("zh", "“令牌不得重复使用”"),
        ("zh", "服务器必须验证JWT的签名"),  # the source spaces "JWT" from the Chinese
        ("zh", "客户端可以缓存公钥(最多24小时)"),  # half-width brackets for full-width ones
        ("zh", "客户端可以缓存公钥（最多24小时）"),
        ("zh", "签发者的名称写作“iss”:它是一个字符串"),  # curly quotes for 「」, a colon for ：
    ],
)
def test_a_verbatim_quote_in_a_script_without_spaces_is_found_wherever_it_starts(
    docs: dict[str, Document], doc: str, quote: str
) -> None:
    location = _locate(docs[doc], quote)
    assert location.status == "found", location.reason
    assert location.match is not None
    # The match is the quote's own characters in the source, not a longer run around them.
    quoted = fold(quote).text.replace(" ", "").strip('"')
    assert fold(location.match.source_text).text.replace(" ", "").strip('"') == quoted


@pytest.mark.parametrize(
    ("doc", "quote"),
    [
        ("ja_rustbook_ch09-03", "回復する手段はありません"),
        ("ja_rustbook_ch09-03", "回復不能だという決定を下す"),
        ("zh", "令牌不得重复使用"),
        ("zh", "服务器必须验证JWT的签名"),
        ("th_react_state-and-lifecycle", "ความต้องการที่สำคัญคือ"),
    ],
)
def test_a_verbatim_quote_in_a_script_without_spaces_is_a_plain_match(
    docs: dict[str, Document], doc: str, quote: str
) -> None:
    # Each quote is part of a longer sentence, so the cut rules may flag it; nothing else may.
    location = _locate(docs[doc], quote)
    assert _found_as_written(location), location.reason


@pytest.mark.parametrize(
    ("doc", "quote", "why"),
    [
        ("zh", "令牌可以重复使用", "不得 (must not) swapped for 可以 (may)"),
        ("zh", "服务器必须验证JWT的签名,并且能接受未签名的令牌", "不 dropped"),
        ("zh", "服务器验证JWT的签名，并且不能接受未签名的令牌", "必须 (must) dropped"),
        ("zh", "服务器必须验证…接受未签名的令牌", "an ellipsis over 不能"),
        ("ja_rustbook_ch09-03", "回復する手段はあります", "ありません (there is not) made positive"),
        ("ja_rustbook_ch09-03", "呼び出し側に選択肢を与えないことになります", "ない added"),
        ("ja_rustbook_ch09-03", "回復する手段は…回復不能だという決定", "an ellipsis over ありません"),
        ("th_react_state-and-lifecycle", "คลาสคอมโพเนนท์จำเป็นไม่ต้องเรียกใช้ construtor พื้นฐาน", "ไม่ added"),
    ],
)
def test_a_changed_negation_or_modal_in_a_script_without_spaces_is_not_accepted(
    docs: dict[str, Document], doc: str, quote: str, why: str
) -> None:
    location = _locate(docs[doc], quote)
    assert location.status == "missing", (why, location.reason)


@pytest.mark.parametrize(
    ("quote", "left_out"),
    [
        ("得重复使用。服务器必须", "不 before it"),  # starts right after the 不 of 不得
        ("服务器必须验证 JWT 的签名，并且不能接受", "未 after it"),  # stops right before 未签名 (unsigned)
    ],
)
def test_a_chinese_quote_cut_next_to_a_negation_is_flagged(
    docs: dict[str, Document], quote: str, left_out: str
) -> None:
    location = _locate(docs["zh"], quote)
    assert location.status == "found"
    assert "omitted_text" in location.flags, left_out


def test_a_japanese_quote_cut_before_nai_is_flagged() -> None:
    document = Document.from_sections({"1": "この関数は値を変更できない。別の関数を使う。"})
    location = _locate(document, "この関数は値を変更でき")
    assert location.status == "found"
    assert "omitted_text" in location.flags


@pytest.mark.parametrize(
    ("quote", "short"),
    [
        ("令牌不得重复使", True),  # 7 characters
        ("令牌不得重复使用", False),  # 8 characters: as many as 4 words
        ("回復する手段は", True),
        ("回復する手段はあり", False),
    ],
)
def test_the_minimum_length_is_counted_in_characters(docs: dict[str, Document], quote: str, short: bool) -> None:
    document = docs["zh"] if quote.startswith("令") else docs["ja_rustbook_ch09-03"]
    location = _locate(document, quote)
    # Each occurs once in its document, so a short one is still placed, and flagged for a person.
    assert location.status == "found"
    assert ("short_quote" in location.flags) is short
    if short:
        assert "character(s) of a script without spaces, fewer than 8" in location.reason


def test_a_short_quote_in_a_script_without_spaces_that_occurs_twice_is_ambiguous() -> None:
    document = Document.from_sections({"1": "令牌不得重复使用。", "2": "令牌不得重复使用。"})
    location = _locate(document, "令牌不得重复使")
    assert location.status == "ambiguous"
    assert "7 character(s) of a script without spaces, fewer than 8" in location.reason


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("JWT 不得", "JWT不得"),  # a space typed between Latin and Chinese
        ("不得 JWT", "不得JWT"),
        ("令牌\n不得", "令牌不得"),  # a line break inside a Chinese sentence
        ("（最多24小时）", "(最多24小时)"),
        ("名称：它，是", "名称:它,是"),
        ("「iss」", '"iss"'),
        ("『iss』", '"iss"'),
        ("\u201ciss\u201d", '"iss"'),
    ],
)
def test_cjk_punctuation_and_spacing_fold(one: str, other: str) -> None:
    assert fold(one).text == fold(other).text


def test_a_blank_line_between_cjk_paragraphs_stays_a_break() -> None:
    # A heading and its paragraph are not one sentence: the cut rules must see where one ends.
    assert fold("规则\n\n服务器").text == "规则 服务器"
    location = _locate(Document.from_sections({"1": "规则\n\n服务器必须验证JWT的签名。"}), "服务器必须验证JWT的签名。")
    assert _plain(location), location.reason


def test_spaces_between_latin_words_in_cjk_text_are_kept() -> None:
    assert fold("使用 JSON Web Token 的").text == "使用JSON Web Token的"


# --- spaced scripts: quote marks, accents ---------------------------------------------------------


@pytest.mark.parametrize(
    "quote",
    [
        "accepter un jeton \u00ab\u202fexpiré\u202f\u00bb sans vérifier",  # narrow no-break spaces
        "accepter un jeton \u00ab\u00a0expiré\u00a0\u00bb sans vérifier",  # no-break spaces
        "accepter un jeton \u00abexpiré\u00bb sans vérifier",  # none
        "accepter un jeton \u00ab expiré \u00bb sans vérifier",  # plain spaces
        'accepter un jeton "expiré" sans vérifier',
        "accepter un jeton \u201eexpiré\u201c sans vérifier",  # German marks
        "accepter un jeton 「expiré」 sans vérifier",  # Japanese marks
    ],
)
def test_quote_marks_of_each_language_fold(docs: dict[str, Document], quote: str) -> None:
    location = _locate(docs["fr"], quote)
    assert location.status == "found", location.reason
    assert location.match is not None and location.match.tier in ("exact", "normalized")


@pytest.mark.parametrize("form", ["NFC", "NFD"])
@pytest.mark.parametrize("source_form", ["NFC", "NFD"])
def test_composed_and_decomposed_accents_fold(form: str, source_form: str) -> None:
    document = Document.from_sections({"1": unicodedata.normalize(source_form, PT)})
    sentence = "A autenticação do usuário é obrigatória em cada pedido."
    location = _locate(document, unicodedata.normalize(form, sentence))
    assert _plain(location)
    assert location.match is not None
    assert unicodedata.normalize("NFC", location.match.source_text) == sentence


@pytest.mark.parametrize(
    ("doc", "quote"),
    [
        ("de_rustbook_ch09-03", "Wenn Code abbricht, gibt es keine Möglichkeit, sich vom"),
        ("de_rustbook_ch09-03", "\u201eWenn Code abbricht, gibt es keine Möglichkeit, sich vom\u201c"),
        ("ru_rustbook_ch09-03", "При панике код не имеет возможности восстановить своё выполнение"),
        ("ko", "서버는 서명되지 않은 토큰을 받아들여서는 안 된다"),
        ("fr", "Il n'est pas nécessaire de rafraîchir le jeton"),  # a straight apostrophe for a curly one
        ("pt", "O cliente não deve enviar a senha sem criptografia."),
    ],
)
def test_verbatim_quotes_in_spaced_languages_are_plain_matches(docs: dict[str, Document], doc: str, quote: str) -> None:
    location = _locate(docs[doc], quote)
    assert _found_as_written(location), location.reason


# --- negations of spaced languages ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "quote", "why"),
    [
        ("ko", "서버는 서명되지 않은 토큰을 받아들여서는 된다", "안 dropped"),
        ("ko", "클라이언트는 비밀번호를 저장할 수 있다", "없다 made 있다"),
        ("ko", "서버는 ... 토큰을 받아들여서는 안 된다", "an ellipsis over 않은"),
        ("fr", "Le serveur doit accepter un jeton \u00ab\u202fexpiré\u202f\u00bb sans vérifier sa signature", "ne…pas"),
        ("fr", "Il est nécessaire de rafraîchir le jeton", "n'…pas dropped"),
        ("fr", "Le serveur ne doit ... accepter un jeton", "an ellipsis over pas"),
        ("pt", "O cliente deve enviar a senha sem criptografia.", "não dropped"),
        ("pt", "O cliente ... deve enviar a senha sem criptografia", "an ellipsis over não"),
        ("pt", "O cliente não deve enviar a senha com criptografia.", "sem swapped"),
        ("de_rustbook_ch09-03", "Wenn Code abbricht, gibt es eine Möglichkeit, sich vom", "keine made eine"),
        ("de_rustbook_ch09-03", "gibt es ... Möglichkeit, sich vom", "an ellipsis over keine"),
        ("ru_rustbook_ch09-03", "При панике код имеет возможности восстановить своё выполнение", "не dropped"),
    ],
)
def test_a_negation_added_or_dropped_in_a_spaced_language_is_not_accepted(
    docs: dict[str, Document], doc: str, quote: str, why: str
) -> None:
    location = _locate(docs[doc], quote)
    assert not _plain(location), why
    assert location.status == "missing", (why, location.reason)


@pytest.mark.parametrize(
    ("doc", "quote"),
    [
        ("fr", "accepter un jeton \u00abexpiré\u00bb sans vérifier sa signature"),  # cuts off "ne doit pas"
        ("pt", "O cliente não deve enviar a senha"),  # stops before "sem" (without)
        ("de_rustbook_ch09-03", "ob es eine Möglichkeit zur Fehlerbehebung gibt oder ..."),  # "... nicht"
    ],
)
def test_a_quote_cut_next_to_a_foreign_negation_is_flagged(docs: dict[str, Document], doc: str, quote: str) -> None:
    location = _locate(docs[doc], quote)
    assert location.status == "found"
    assert location.flags


@pytest.mark.parametrize(
    ("language", "word"),
    [(language, word) for language, words in NEGATIONS_BY_LANGUAGE.items() for word in sorted(words)]
    + [("ko", "않는다"), ("ko", "없다"), ("ko", "못한다"), ("fr", "n'est"), ("fr", "sans")]
    + [("de", "ohne"), ("pt", "sem"), ("ru", "без")],
)
def test_each_languages_negations_are_meaning_words(language: str, word: str) -> None:
    assert is_meaning_word(word), language


@pytest.mark.parametrize(
    ("language", "word"),
    [(language, word) for language, words in MODALS_BY_LANGUAGE.items() for word in sorted(words)],
)
def test_each_languages_modals_are_meaning_words(language: str, word: str) -> None:
    assert is_meaning_word(word), language


@pytest.mark.parametrize(
    "left_out",
    [["nicht"], ["ne", "pas"], ["não"], ["않는다"], ["使", "用", "不", "得"], ["で", "き", "な", "い"], ["ไม่"]],
)
def test_leaving_out_a_foreign_negation_inverts(left_out: list[str]) -> None:
    assert inverts(left_out)


@pytest.mark.parametrize("word", ["Haus", "maison", "casa", "토큰을", "签名", "関数", "the", "information"])
def test_ordinary_words_are_not_meaning_words(word: str) -> None:
    assert not is_meaning_word(word)


@pytest.mark.parametrize(
    ("quoted", "source", "changes"),
    [
        ("できます", "できません", True),  # ません cut in two by the difference
        ("令牌可以", "令牌不得", True),
        ("回復の手段", "回復する手段", False),  # a particle, not a negation
    ],
)
def test_a_difference_in_a_script_without_spaces_is_read_with_its_neighbours(
    quoted: str, source: str, changes: bool
) -> None:
    diffs = word_diffs(list(quoted), list(source))
    assert diffs
    assert any(d.changes_meaning for d in diffs) is changes


@pytest.mark.parametrize(
    ("quote", "flags"),
    [
        # over the object of 验证 (verify): not shown to be harmless
        ("服务器必须验证……并且不能接受未签名的令牌", ("ellipsis_gap",)),
        # At either end, the rest is an independent clause joined by 并且 (and): it limits nothing here.
        ("……服务器必须验证JWT的签名", ()),
        ("服务器必须验证JWT的签名……", ()),
    ],
)
def test_a_chinese_ellipsis_is_an_ellipsis(docs: dict[str, Document], quote: str, flags: tuple[str, ...]) -> None:
    location = _locate(docs["zh"], quote)
    assert location.status == "found"
    assert location.flags == flags
