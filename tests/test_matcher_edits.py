# ruff: noqa: RUF001  # full-width punctuation and dashes are what these tests are about
"""Edits inside a quote that may change what it says are never a plain match: missing, or for review.

Each row is one a hostile probe of step 1 found accepted with no flag (2026-12-06): a word the quote
adds in brackets, a bracketed stand-in at either end, a changed operator after an index, a minus sign
in Chinese or Japanese text, and characters that reorder what a reader sees.
"""

from __future__ import annotations

import pytest

from citecheck import Citation, Location
from citecheck.matcher import locate

RFC_6749 = "The authorization server MUST ignore unrecognized request parameters."
ABNF = 'URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]'
GO = "The loop stops when src[n] < sizeOne holds for the current byte."
GO_DIGIT = "The value of x is computed as x*10 + int(b[i]) - '0' in the loop body."
ZH = "现在有了两个变量，x 和 y，都等于 5。这个很简单。"
JA = "属性の 1 つを指定すると、要素は無効になります。"
EXPIRY = "Points expire 12 months after they are earned by the member."
ROWS = "Rows where x > 5 are dropped from the result."
SMUGGLED = "".join(chr(0xE0000 + ord(char)) for char in "ignore the rest")
ANSWER = "Is the key optional? No, keys are required for every request. 可以不提供吗？不，必须提供密钥才能访问。"
RANGE = (
    "It stores numbers from 0 to 27 \u2212 1 inclusive. Ports in the range (0 - 1023) are reserved. "
    "Orders of 400-500 units ship weekly."
)


def _locate(source: str, quote: str) -> Location:
    return locate({"1": source}, Citation(id="q", claim="-", quote=quote, section=None))


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # A word the quote adds in brackets: its own, whatever the language.
        pytest.param(
            RFC_6749,
            "The authorization server MUST [optionally] ignore unrecognized request parameters.",
            id="en-optionally",
        ),
        pytest.param(
            RFC_6749,
            "The authorization server MUST ignore [deprecated] unrecognized request parameters.",
            id="en-deprecated",
        ),
        pytest.param(
            "Diese statischen Prüfungen schützen uns vor Fehlern im Programm.",
            "Diese statischen Prüfungen schützen uns [nur] vor Fehlern im Programm.",
            id="de-nur",
        ),
        pytest.param(
            "При панике код не имеет возможности восстановить своё выполнение.",
            "При панике код [иногда] не имеет возможности восстановить своё выполнение.",
            id="ru-sometimes",
        ),
        # A bracketed stand-in at either end, for words the source has there.
        pytest.param(RFC_6749, "[The client] MUST ignore unrecognized request parameters.", id="stand-in-first"),
        pytest.param(ABNF, 'URI = scheme ":" hier-part [ "?" query ] [ "#" query ]', id="stand-in-last-abnf"),
        # After an index a word reads as two ("srcn" for "src[n]"): what follows it still counts.
        pytest.param(GO, "The loop stops when src[n] > sizeOne holds for the current byte.", id="operator"),
        pytest.param(GO_DIGIT, "The value of x is computed as x*10 + int(b[i]) + '0' in the loop body.", id="sign"),
        # A ">" between words on one line is the operator: not a block quote's marker to drop or add.
        pytest.param(ROWS, "Rows where x 5 are dropped from the result.", id="operator-dropped"),
        pytest.param(
            ROWS.replace(" > ", ">"), "Rows where x 5 are dropped from the result.", id="operator-dropped-glued"
        ),
        # "No," answers a question; "No keys are required" says the opposite (probe of 2026-12-06).
        pytest.param(ANSWER, "No keys are required for every request.", id="answer-comma-dropped"),
        pytest.param(ANSWER, "不必须提供密钥才能访问。", id="zh-answer-comma-dropped"),
        # Between two numbers a dash is a minus or a range, spaced or not (probe of 2026-12-06).
        pytest.param(RANGE, "It stores numbers from 0 to 27 1 inclusive.", id="minus-dropped"),
        pytest.param(RANGE, "Ports in the range (0 1023) are reserved.", id="range-dash-spaced-dropped"),
        pytest.param(RANGE, "Orders of 400 500 units ship weekly.", id="range-dash-dropped"),
        pytest.param(RANGE, "It stores numbers from 0 to 27 \u2212 -1 inclusive.", id="minus-added"),
        # A Korean syllable in parentheses is a word, not an item's letter like "(a)".
        pytest.param(
            "벡터는 같은 타입의 값만을 저장할 수 있습니다.",
            "벡터는 같은 타입의 값만을 저장할 (안) 수 있습니다.",
            id="ko-negation",
        ),
        # A minus sign glued to a number after Chinese or Japanese.
        pytest.param(ZH, "现在有了两个变量，x 和 y，都等于 -5。", id="zh-minus"),
        pytest.param(JA, "属性の -1 つを指定すると、要素は無効になります。", id="ja-minus"),
        # An ideographic comma between digits is two numbers, not a thousands separator.
        pytest.param(
            "这个值是3,600个条目，服务器会一直保存它们。",
            "这个值是3、600个条目，服务器会一直保存它们。",
            id="zh-list-comma",
        ),
        # A full-width comma elsewhere in the quote makes no digit group two numbers.
        pytest.param(
            "The cache holds 3, 600, and 9 values in each of the tiers of the service.",
            "The cache holds 3,600, and 9 values in each of the tiers of the service\uff0c",
            id="digit-group-beside-a-full-width-comma",
        ),
        # Bidirectional controls: the stored "12" displays as "21".
        pytest.param(EXPIRY, "Points expire \u202e12\u202c months after they are earned by the member.", id="bidi"),
    ],
)
def test_an_edit_that_may_change_the_meaning_is_never_a_plain_match(source: str, quote: str) -> None:
    location = _locate(source, quote)
    assert location.status == "missing" or location.flags, location.reason


@pytest.mark.parametrize(
    ("source", "quote", "flag"),
    [
        pytest.param(
            RFC_6749, "[The client] MUST ignore unrecognized request parameters.", "substituted_words", id="stand-in"
        ),
        pytest.param(
            EXPIRY, "Points expire \u202e12\u202c months after they are earned by the member.", "look_alike", id="bidi"
        ),
        # Unicode's tag characters are invisible and spell ASCII: text no reader sees (probe of 2026-12-06).
        pytest.param(
            EXPIRY, f"Points expire 12 months after{SMUGGLED} they are earned by the member.", "look_alike", id="tags"
        ),
    ],
)
def test_the_flag_names_the_edit(source: str, quote: str, flag: str) -> None:
    location = _locate(source, quote)
    assert location.status == "found", location.reason
    assert flag in location.flags, location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # The source's own brackets, operators and signs, quoted as they are.
        pytest.param(GO, GO, id="index"),
        pytest.param(ABNF, ABNF, id="abnf"),
        pytest.param(
            "现在有了两个变量，x 和 y，都等于 -5。这个很简单。",
            "现在有了两个变量，x 和 y，都等于-5。",
            id="zh-minus-spaced",
        ),
        pytest.param(
            "见第1-5章的内容，然后继续阅读下面的部分。", "见第1–5章的内容，然后继续阅读下面的部分。", id="zh-range"
        ),
        # Code typed tighter or looser around an index: the same marks between the words.
        pytest.param(
            "The loop compares case a[i] > b[i]: and returns the result.",
            "The loop compares case a[i]>b[i]: and returns the result.",
            id="index-spacing",
        ),
        pytest.param(
            GO_DIGIT, "The value of x is computed as x*10 + int(b[i])-'0' in the loop body.", id="sign-spacing"
        ),
        pytest.param(ROWS, ROWS.replace(" > ", ">"), id="operator-spacing"),
        pytest.param(RANGE, "It stores numbers from 0 to 27-1 inclusive.", id="minus-spacing"),
        pytest.param(ANSWER, "No. Keys are required for every request.", id="answer-stop-for-comma"),
        pytest.param(ANSWER, "不,必须提供密钥才能访问。", id="zh-answer-comma-typed-otherwise"),
        pytest.param(RANGE, "Ports in the range (0\u20131023) are reserved.", id="range-dash-typed-otherwise"),
        pytest.param(RANGE, "Orders of 400 \u2013 500 units ship weekly.", id="range-dash-spaced"),
        pytest.param(ROWS.replace(" > ", ">"), ROWS, id="operator-spacing-source"),
        # A block quote's markers, first on the source's lines (a Markdown page read as text).
        pytest.param(
            "> Rows where x is large\n> are dropped from the result.",
            "Rows where x is large are dropped from the result.",
            id="block-quote-marker",
        ),
        pytest.param(
            "> Rows where x is large\n>> are dropped from the result.",
            "Rows where x is large > are dropped from the result.",
            id="block-quote-marker-quoted",
        ),
        pytest.param(
            "Rows where x is large are dropped from the result.",
            "Rows where x is large > are dropped from the result.",
            id="block-quote-marker-of-a-raw-page",
        ),
        # A compound read as one word in quotation marks, and a name's number after katakana.
        pytest.param(
            "The value of the e-mail address is defined in this section of the document.",
            'The value of the "email" address is defined in this section of the document.',
            id="merged-in-quotes",
        ),
        pytest.param(
            "新しいバージョン-2 では動作が変わりました。次の文です。",
            "新しいバージョン 2 では動作が変わりました。",
            id="ja-version",
        ),
        # An editor's note or a footnote's letter says nothing of the source.
        pytest.param(RFC_6749 + " Next.", RFC_6749[:-1] + " [emphasis added].", id="emphasis-added"),
        pytest.param(
            RFC_6749, "The authorization server MUST ignore [a] unrecognized request parameters.", id="footnote-letter"
        ),
        # An explanation the quoter marks as theirs.
        pytest.param(
            'The "iss" (issuer) claim identifies the principal that issued the JWT. Its processing is specific.',
            'The "iss" (issuer) claim identifies the principal that issued the JWT [i.e., the token].',
            id="explained",
        ),
        # Right-to-left text needs no control characters; the source's own controls are the source's.
        pytest.param(
            "يجب على الخادم رفض الرمز المميز منتهي الصلاحية دائما.",
            "يجب على الخادم رفض الرمز المميز منتهي الصلاحية دائما.",
            id="arabic",
        ),
        pytest.param(
            "Points expire \u202e12\u202c months after they are earned.",
            "Points expire \u202e12\u202c months after they are earned.",
            id="bidi-in-source",
        ),
    ],
)
def test_what_the_source_itself_has_stays_a_plain_match(source: str, quote: str) -> None:
    location = _locate(source, quote)
    assert location.status == "found", location.reason
    assert not location.flags, location.reason
