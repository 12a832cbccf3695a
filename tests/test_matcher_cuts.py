# ruff: noqa: RUF001  # full-width punctuation is what these tests are about
"""A cut is flagged by what it leaves out: limiting words flag it, neutral ones do not, in every language."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from citecheck import Citation, Document
from citecheck.matcher import locate
from citecheck.matcher._index import index_of
from citecheck.matcher._lexicon import (
    CUT_CLASSES,
    EXCEPTIONS_BY_LANGUAGE,
    MODALS_BY_LANGUAGE,
    NEGATION_KEYS,
    NEGATIONS_BY_LANGUAGE,
    NORMATIVE_KEYWORDS,
    OBLIGATIONS_BY_LANGUAGE,
    QUANTIFIERS_BY_LANGUAGE,
    RESTRICTIVE_WORDS,
    SCOPE_OPENERS_BY_LANGUAGE,
    SELF_REFERENCES_BY_LANGUAGE,
    cut_marks,
    is_meaning_word,
    opens_reason,
    phrase_words,
    spaced_language,
    unspaced_meaning,
)
from citecheck.matcher._tiers import _cuts
from citecheck.matcher._tiers._base import _MAX_GAP_WORDS
from citecheck.matcher.tiering import WordIndex, key
from citecheck.parsers import MarkdownParser, RFCParser, paragraph_joins


def _locate(source: str, quote: str) -> Any:
    return locate({"1": source}, Citation(id="c", claim="x", quote=quote, section="1"))


_CUT_FLAGS = {"partial_sentence", "ellipsis_gap", "omitted_text"}

# (source sentence, quote, the kind the reason names): the left-out words limit the quote.
HARMFUL: dict[str, tuple[str, str, str]] = {
    # "subject to" opening a sentence is a condition; after a copula it is only "governed by" (NEUTRAL).
    "en-subject-to": (
        "Subject to approval by the registry, the client MAY publish the value.",
        "the client MAY publish the value.",
        "a leading condition",
    ),
    # A negating prefix cut off the quote's first word still negates it ("non-" of "non-integer").
    "en-prefix-cut-off": (
        "The parser accepts non-integer values in this field.",
        "integer values in this field.",
        "a negation",
    ),
    "en-time-word-after-a-verb": (
        "The token MUST NOT be used after it expires.",
        "The token MUST NOT be used",
        "a condition or exception",
    ),
    # A condition of one short word is what the quote leaves out, never an item's letter.
    "en-condition-word-alone": (
        "If the key is unknown, then the server rejects the token.",
        "the key is unknown, then the server rejects the token.",
        "a leading condition",
    ),
    # A hedge governs the quote through the article of its first noun: the quote's "o" is no bullet.
    "pt-hedge-before-an-article": (
        "Introdução aqui. Talvez o servidor rejeite o token e devolva um erro ao cliente.",
        "o servidor rejeite o token e devolva um erro ao cliente.",
        "a hedge",
    ),
    "en-hedge-before-an-article": (
        "Often the server rejects the token and returns an error to the client.",
        "server rejects the token and returns an error to the client.",
        "a hedge",
    ),
    # A phrase typed without its accents is the same phrase ("As vezes" for "Às vezes").
    "pt-hedge-without-its-accent": (
        "As vezes o servidor rejeita o token e devolve um erro ao cliente que o enviou.",
        "O servidor rejeita o token e devolve um erro ao cliente que o enviou.",
        "a hedge",
    ),
    # A condition after a compound that holds "if" still limits the quote.
    "en-condition-after-a-compound": (
        "The compiler rejects a long if-else chain when the option is set.",
        "The compiler rejects a long if-else chain",
        "a condition or exception",
    ),
    # A bracket the quote starts inside holds the words before it too: they govern the quote.
    "en-hedge-in-the-quote-s-own-aside": (
        "This service saves sellers money (often more than 70% of their costs) every year.",
        "more than 70% of their costs",
        "a hedge",
    ),
    # A dash that sets off an aside is no hyphen of a compound: the hedge in it governs the quote.
    "en-hedge-in-a-dash-aside": (
        "The function takes an argument of any type\u2014often a string\u2014to be printed as the program dies.",
        "a string\u2014to be printed as the program dies.",
        "a hedge",
    ),
    # English, each class
    "en-condition": (
        "If the client is public, the server issues no refresh token.",
        "the server issues no refresh token.",
        "a leading condition",
    ),
    "en-condition-after": (
        "The server accepts the token only when it is signed.",
        "The server accepts the token",
        "a condition or exception",
    ),
    "en-unless-after": (
        "The gateway forwards every header unless the origin refuses it.",
        "The gateway forwards every header",
        "a condition or exception",
    ),
    "en-negation-subject": (
        "Not all clients can keep a secret confidential from the user.",
        "clients can keep a secret confidential from the user.",
        "a negation",
    ),
    "en-negation-before": (
        "The server does not accept tokens that have already expired.",
        "accept tokens that have already expired.",
        "a negation",
    ),
    "en-quantifier": (
        "Only registered clients may request a token from this endpoint.",
        "clients may request a token from this endpoint.",
        "a limiting phrase",
    ),
    "en-at-most": (
        "The token is valid for at most ten minutes after it is issued.",
        "The token is valid for",
        "a limiting phrase",
    ),
    "en-modal": (
        "Implementations MAY reject tokens with duplicate claim names.",
        "reject tokens with duplicate claim names.",
        "a modal",
    ),
    "en-hedge-before": (
        "The tests often fail in CI when the cache is cold.",
        "fail in CI when the cache is cold.",
        "a hedge",
    ),
    "en-hedge-opening": (
        "Typically, the server rotates the signing key every month.",
        "the server rotates the signing key every month.",
        "a hedge",
    ),
    "en-contrast": (
        "Retrieval models achieve strong recall on short queries, but they collapse on lengthy documents.",
        "Retrieval models achieve strong recall on short queries",
        "a following contrast",
    ),
    "en-distancing": (
        "Some argue that the new protocol removes every replay attack.",
        "the new protocol removes every replay attack.",
        "a distancing frame",
    ),
    # English may leave out the "that": a frame right before the quote frames it.
    "en-distancing-without-that": (
        "Critics argue the new protocol removes every replay attack.",
        "the new protocol removes every replay attack.",
        "a distancing frame",
    ),
    "en-distancing-ending-the-sentence": (
        "The new protocol removes every replay attack, critics argue.",
        "The new protocol removes every replay attack",
        "a distancing frame",
    ),
    # A comment clause: a few words after a comma that end with a verb of saying or believing.
    "en-comment-clause": (
        "The new protocol removes every replay attack, the authors argue.",
        "The new protocol removes every replay attack",
        "a distancing frame",
    ),
    "fr-comment-clause-verb-first": (
        "Le nouveau protocole supprime toute attaque par rejeu, affirment les critiques.",
        "Le nouveau protocole supprime toute attaque par rejeu",
        "a distancing frame",
    ),
    "de-comment-clause-verb-first": (
        "Das neue Protokoll verhindert jeden Replay-Angriff, behaupten Kritiker.",
        "Das neue Protokoll verhindert jeden Replay-Angriff",
        "a distancing frame",
    ),
    # An expectation or an assumption: the source does not state what follows as a fact (a probe of
    # 2026-12-06 on go1compat, RFC 6749 and the Constitutional AI paper).
    "en-we-expect-that": (
        "Although we expect that the vast majority of programs will maintain this compatibility over time, "
        "it is impossible to guarantee that no future change will break any program.",
        "the vast majority of programs will maintain this compatibility over time",
        "a distancing frame",
    ),
    "en-it-is-assumed-that": (
        "It is assumed that any client authentication credentials included in the application can be extracted.",
        "any client authentication credentials included in the application can be extracted.",
        "a distancing frame",
    ),
    "de-wir-erwarten": (
        "Wir erwarten, dass die meisten Programme auch in Zukunft funktionieren werden.",
        "die meisten Programme auch in Zukunft funktionieren werden.",
        "a distancing frame",
    ),
    "ja-expected-after-the-clause": (
        "多くのプログラムは今後も動作し続けると予想されています。次の文です。",
        "多くのプログラムは今後も動作し続ける",
        "a distancing frame",
    ),
    # A frame of the main clause, after a concessive clause or an adverb of contrast (a review of
    # the rule that sets frames inside a concessive clause aside, on the Amazon letter).
    "en-frame-after-a-closed-concessive-clause": (
        "Although the server is fast, critics say that, under load, it fails within minutes.",
        "it fails within minutes.",
        "a distancing frame",
    ),
    "en-frame-after-however": (
        "However, we expect that, over time, the server rejects every unsigned token.",
        "the server rejects every unsigned token.",
        "a distancing frame",
    ),
    "en-frame-after-yet": (
        "Yet, I think every one of us believes that we have a long way to go, in every one of our businesses, "
        "before we exhaust how we can make customers' lives better.",
        "in every one of our businesses, before we exhaust how we can make customers' lives better.",
        "a distancing frame",
    ),
    # A phrase opening the sentence that says whom or what it holds for (a probe of 2026-12-06 on
    # look-alike scientific abstracts: "For public clients using implicit flows," left out).
    "en-scope-for": (
        "For public clients using implicit flows, this specification does not provide any method for authentication.",
        "this specification does not provide any method for authentication.",
        "a restriction on whom or what it applies to",
    ),
    "en-scope-in-after-a-discourse-marker": (
        "However, in embryonal tumors, the signature was present in every sample we sequenced.",
        "the signature was present in every sample we sequenced.",
        "a restriction on whom or what it applies to",
    ),
    "fr-scope-pour": (
        "Pour les clients publics, cette spécification ne fournit aucune méthode d'authentification.",
        "cette spécification ne fournit aucune méthode d'authentification.",
        "a restriction on whom or what it applies to",
    ),
    "zh-scope-duiyu": (
        "对于公开客户端，本规范不提供任何客户端认证方法。这是规则。",
        "本规范不提供任何客户端认证方法。",
        "a restriction on whom or what it applies to",
    ),
    "ja-scope-dewa": (
        "公開クライアントでは、この仕様は認証方法を提供しません。",
        "この仕様は認証方法を提供しません。",
        "a restriction on whom or what it applies to",
    ),
    "en-scope-of": (
        "Of HGG tumors with TP53 or PPM1D mutations, 53 of 55 had mutations in only one of these genes.",
        "53 of 55 had mutations in only one of these genes.",
        "a restriction on whom or what it applies to",
    ),
    "en-scope-with-and": (
        "In Media and Advertising, content will continue to migrate from linear formats to streaming.",
        "content will continue to migrate from linear formats to streaming.",
        "a restriction on whom or what it applies to",
    ),
    "ko-scope-eseoneun": (
        "공개 클라이언트에서는, 이 명세는 인증 방법을 제공하지 않습니다.",
        "이 명세는 인증 방법을 제공하지 않습니다.",
        "a restriction on whom or what it applies to",
    ),
    # A verb no class holds, right before a quote that opens with a subject.
    "en-we-think": (
        "We think the new protocol removes every replay attack.",
        "the new protocol removes every replay attack.",
        "a distancing frame",
    ),
    "en-never-assume": (
        "Never assume the input is valid before the parser has checked every field.",
        "the input is valid before the parser has checked every field.",
        "a negation",
    ),
    "ja-trailing-to-iu": (
        "批評家は新しいプロトコルがすべてのリプレイ攻撃を防ぐと言う。",
        "新しいプロトコルがすべてのリプレイ攻撃を防ぐ",
        "a distancing frame",
    ),
    "en-who-says-a-name": (
        "The report quotes a witness who says Clinton signed the order in 1993.",
        "Clinton signed the order in 1993.",
        "a distancing frame",
    ),
    # The quote in the complement of a negated verb: the source does not say it (probe19).
    "en-not-assume-that": (
        "Authors should not assume that a slightly different, though equivalent, reference URI will be "
        "interpreted as a same-document reference.",
        "reference URI will be interpreted as a same-document reference.",
        "a negating frame",
    ),
    "en-does-not-mean-that": (
        "This does not mean that the token is invalid.",
        "the token is invalid.",
        "a negating frame",
    ),
    # A main clause after its condition, run on into the next sentence: a clause, not a phrase.
    "en-condition-over-two-sentences": (
        "If valid and authorized, the authorization server issues an access token as described in Section 5.1. "
        "If the request is invalid, the server returns an error response.",
        "the authorization server issues an access token as described in Section 5.1. If the request is "
        "invalid, the server returns an error response.",
        "a leading condition",
    ),
    # A condition carried past a semicolon by what follows from its clause ("; therefore,", "; then").
    "en-condition-before-therefore": (
        "When a reference is dereferenced, its target is the same entity; therefore, a dereference should "
        "not result in a new retrieval action.",
        "a dereference should not result in a new retrieval action.",
        "a leading condition",
    ),
    "en-condition-before-then": (
        "When a new scheme defines a component, the data should first be encoded as octets; then only those "
        "octets that are reserved should be percent-encoded.",
        "only those octets that are reserved should be percent-encoded.",
        "a leading condition",
    ),
    # What a reason clause does not cover (a review and probe20 of 2026-12-06): a comment clause
    # it opens, a condition after its comma, a hedge set off before it, a frame after it.
    "en-so-the-authors-argue": (
        "The method never fails on real data, so the authors argue.",
        "The method never fails on real data",
        "a distancing frame",
    ),
    "en-because-then-unless": (
        "The server rejects the token, because it is expired, unless the clock is skewed.",
        "The server rejects the token",
        "a condition or exception",
    ),
    "ja-hedge-before-reason": (
        "通常、キャッシュが空なので、最初のリクエストは遅くなります。",
        "最初のリクエストは遅くなります。",
        "a hedge",
    ),
    "zh-according-to-after-reason": (
        "网关会阻止来自未知客户端的所有请求，所以客户端必须重试，据供应商称。",
        "网关会阻止来自未知客户端的所有请求",
        "a distancing frame",
    ),
    "en-condition-before-consequently": (
        "When the cache is cold, the first request is slow; consequently, the server prefetches all user "
        "profiles at startup.",
        "the server prefetches all user profiles at startup.",
        "a leading condition",
    ),
    # An "as" clause that denies what it stands beside, before or after the quote.
    "en-as-wrongly-reported-before": (
        "As previously wrongly reported, the drug reduces tumor growth in treated animals.",
        "the drug reduces tumor growth in treated animals.",
        "a negating frame",
    ),
    "en-as-wrongly-reported-after": (
        "The drug reduces tumor growth in treated animals, as was previously wrongly reported.",
        "The drug reduces tumor growth in treated animals",
        "a negating frame",
    ),
    "en-not-been-shown-that": (
        "It has not been shown that the cache always holds the latest signed configuration.",
        "the cache always holds the latest signed configuration.",
        "a negating frame",
    ),
    "de-bestreiten-dass": (
        "Wir bestreiten, dass der Cache immer die neueste signierte Konfiguration enthält.",
        "der Cache immer die neueste signierte Konfiguration enthält.",
        "a negating frame",
    ),
    "ja-wake-dewa-arimasen": (
        "キャッシュが常に最新の署名済み設定を保持しているわけではありません。",
        "キャッシュが常に最新の署名済み設定を保持している",
        "a negating frame",
    ),
    "en-condition-before-because-of-this": (
        "If the cache is cold, the first request is slow; because of this, the server prefetches all user "
        "profiles at startup.",
        "the server prefetches all user profiles at startup.",
        "a leading condition",
    ),
    "en-as-reported-in-error": (
        "The drug reduces tumor growth in treated animals, as has been previously reported in error.",
        "The drug reduces tumor growth in treated animals",
        "a negating frame",
    ),
    "en-reject-the-idea-that": (
        "We reject the idea that the server must store every token.",
        "the server must store every token.",
        "a negating frame",
    ),
    # A review of dd67c5d: a result adverb opens no reason clause before the quote; a reason clause
    # ends at a limit even without a comma ("since" is no reason word); in Chinese, at a hedge after
    # its comma; a discourse marker's "when" is no example's case; an attribution is no pointer;
    # "(in part)" and "(in 2019)" are no references.
    "en-thus-typically": (
        "The cache is cleared daily. Thus typically, the token is rejected by the server.",
        "the token is rejected by the server.",
        "a hedge",
    ),
    "en-because-unless-without-comma": (
        "The token is rejected, because it is expired unless the clock is skewed.",
        "The token is rejected",
        "a condition or exception",
    ),
    "en-since-version-but-not": (
        "The token is rejected, since version 2 but not in version 3.",
        "The token is rejected",
        "a following contrast",
    ),
    "zh-hedge-after-reason": (
        "服务器会立即拒绝每一个过期的令牌，因为密钥已经轮换，通常如此。",
        "服务器会立即拒绝每一个过期的令牌",
        "a hedge",
    ),
    "en-in-particular-when": (
        "The server rejects the token, in particular when it is expired.",
        "The server rejects the token",
        "a condition or exception",
    ),
    "en-relative-with-condition-in-examples": (
        "The server logs errors, e.g. timeouts, which it does if debug mode is on.",
        "The server logs errors",
        "a condition or exception",
    ),
    "en-as-reported-by": (
        "The drug reduces tumor growth, as previously reported by the manufacturer.",
        "The drug reduces tumor growth",
        "a hedge",
    ),
    "en-postposed-only-after-a-clause": (
        "The server rejects every unsigned access token, since they are unsafe, in version 1 only.",
        "The server rejects every unsigned access token",
        "a limiting phrase",
    ),
    # French elision: the index keeps "l'idée", "D'après", "c'est" one word each, as the lexicon does.
    "fr-negating-frame-elided": (
        "Nous contestons l'idée que le cache contient toujours la dernière configuration signée.",
        "le cache contient toujours la dernière configuration signée",
        "a negating frame",
    ),
    "fr-d-apres": (
        "D'après les experts, le cache contient toujours la dernière configuration signée.",
        "le cache contient toujours la dernière configuration signée",
        "a distancing frame",
    ),
    "fr-c-est-pourquoi": (
        "Si le cache est vide, la première requête est lente ; c'est pourquoi le serveur précharge tous les profils.",
        "le serveur précharge tous les profils",
        "a leading condition",
    ),
    "fr-lorsqu-il": (
        "Le serveur rejette la requête lorsqu'il est surchargé.",
        "Le serveur rejette la requête.",
        "a condition or exception",
    ),
    "es-negating-frame-short": (
        # "la" is Spanish as much as French: the few words around tell no language, and every one's frames are read.
        "Negamos que la caché siempre contiene la última configuración firmada.",
        "la caché siempre contiene la última configuración firmada",
        "a negating frame",
    ),
    "de-example-abbreviation-then-limit": (
        "Der Server protokolliert jede fehlgeschlagene Anfrage, z. B. Zeitüberschreitungen, nur im Debugmodus.",
        "Der Server protokolliert jede fehlgeschlagene Anfrage",
        "a limiting phrase",
    ),
    # An "as" clause of saying that denies, in each language, before or after the quote (probe20).
    "es-como-se-informo-erroneamente": (
        "Como se informó erróneamente, el fármaco reduce el crecimiento tumoral.",
        "el fármaco reduce el crecimiento tumoral",
        "a negating frame",
    ),
    "de-wie-faelschlicherweise-berichtet": (
        "Wie fälschlicherweise berichtet, hemmt das Medikament das Tumorwachstum.",
        "hemmt das Medikament das Tumorwachstum",
        "a negating frame",
    ),
    "fr-comme-indique-a-tort-precedemment": (
        "Comme indiqué à tort précédemment, le médicament réduit la croissance tumorale.",
        "le médicament réduit la croissance tumorale",
        "a negating frame",
    ),
    # ... where it was said before the comma, or a verb of believing (second session of 2026-12-07).
    "en-as-wrongly-stated-in-the-manual": (
        "As wrongly stated in the old manual, the server caches every token.",
        "the server caches every token",
        "a negating frame",
    ),
    "en-as-is-wrongly-believed": (
        "As is wrongly believed, the server caches every token.",
        "the server caches every token",
        "a negating frame",
    ),
    "es-como-erroneamente-se-cree": (
        "Como erróneamente se cree, el servidor guarda todos los tokens en caché.",
        "el servidor guarda todos los tokens en caché",
        "a negating frame",
    ),
    "fr-comme-on-le-croit-a-tort": (
        "Comme on le croit à tort, le serveur met en cache tous les jetons.",
        "le serveur met en cache tous les jetons",
        "a negating frame",
    ),
    "de-wie-faelschlicherweise-angenommen-wird": (
        "Wie fälschlicherweise angenommen wird, speichert der Server alle Tokens.",
        "speichert der Server alle Tokens",
        "a negating frame",
    ),
    "en-as-was-falsely-and-widely-reported-after": (
        "The drug reduces tumour growth, as was falsely, and widely, reported.",
        "The drug reduces tumour growth",
        "a negating frame",
    ),
    "pt-como-foi-relatado-erroneamente-after": (
        "O fármaco reduz o crescimento tumoral, como foi relatado erroneamente.",
        "O fármaco reduz o crescimento tumoral",
        "a negating frame",
    ),
    # A predicate that calls the clause before it false.
    "en-the-idea-that-is-wrong": (
        "The idea that the cache always holds the latest signed configuration is wrong.",
        "the cache always holds the latest signed configuration",
        "a negating frame",
    ),
    "de-die-annahme-ist-falsch": (
        "Die Annahme, dass der Cache immer die neueste Konfiguration enthält, ist falsch.",
        "der Cache immer die neueste Konfiguration enthält",
        "a negating frame",
    ),
    "ru-mnenie-oshibochno": (
        "Мнение, что кэш всегда содержит последнюю конфигурацию, ошибочно.",
        "кэш всегда содержит последнюю конфигурацию",
        "a negating frame",
    ),
    # probe21: a Chinese exception written around its noun, a supposition, and what restates it.
    "zh-chu-wai": ("除管理员外，用户不能修改账单地址。", "用户不能修改账单地址。", "a leading condition"),
    "zh-chu-zhi-wai": (
        "除管理员之外，所有用户都不能修改账单地址。",
        "所有用户都不能修改账单地址。",
        "a leading condition",
    ),
    "en-tempting-to-assume": (
        "This page describes the service.\n\nIt is tempting to assume that the server checks every token. It does not.",
        "the server checks every token.",
        "a distancing frame",
    ),
    "de-koennte-annehmen": (
        "Man könnte annehmen, dass der Server jedes Token vor der Verwendung prüft.",
        "der Server jedes Token vor der Verwendung prüft",
        "a distancing frame",
    ),
    "de-restated-after-a-colon": (
        "Dies sieht ähnlich aus, sodass wir annehmen könnten, dass es gleich funktioniert: Das heißt, die zweite "
        "Zeile würde eine Kopie erstellen.",
        "Die zweite Zeile würde eine Kopie erstellen.",
        "a distancing frame",
    ),
    "ko-restated-after-a-colon": (
        "같은 방식으로 동작한다고 가정할 수도 있습니다: 즉, 두 번째 줄은 값을 복사할 것입니다. 하지만 그렇지 않습니다.",
        "두 번째 줄은 값을 복사할 것입니다.",
        "a distancing frame",
    ),
    "zh-restated-after-a-colon": (
        "所以我们可能会假设它们的运行方式也是类似的：也就是说，第二行可能会生成一个拷贝。",
        "第二行可能会生成一个拷贝。",
        "a distancing frame",
    ),
    "ja-restated-after-a-colon": (
        "同じように動作すると考えるかもしれません: つまり、2行目はs1の値のコピーを作ります。しかし、そうなりません。",
        "2行目はs1の値のコピーを作ります。",
        "a distancing frame",
    ),
    "en-relative-that-is": (
        "This page describes the service.\n\nRefunds are issued only to the customer that is named on the invoice.",
        "Refunds are issued only to the customer.",
        "the rest of its clause",
    ),
    # A clause of degree: "as the load increases" (probe20).
    "en-as-the-load-increases": (
        "As the load increases, the gateway drops requests from anonymous clients.",
        "the gateway drops requests from anonymous clients.",
        "a leading condition",
    ),
    "en-as-the-load-increases-after": (
        "The gateway drops requests from anonymous clients, as the load increases.",
        "The gateway drops requests from anonymous clients",
        "a condition or exception",
    ),
    "fr-a-mesure-que": (
        "À mesure que la charge augmente, la passerelle rejette les requêtes anonymes.",
        "la passerelle rejette les requêtes anonymes.",
        "a leading condition",
    ),
    "es-a-medida-que": (
        "A medida que aumenta la carga, la pasarela descarta las solicitudes anónimas.",
        "la pasarela descarta las solicitudes anónimas.",
        "a leading condition",
    ),
    "ru-po-mere-togo-kak": (
        "По мере того как нагрузка растёт, шлюз отбрасывает анонимные запросы.",
        "шлюз отбрасывает анонимные запросы.",
        "a leading condition",
    ),
    "zh-suizhe": ("随着负载增加，网关会丢弃匿名客户端的请求。", "网关会丢弃匿名客户端的请求。", "a leading condition"),
    # A review of the rules above (8f7af3a, ab61b90).
    "es-no-beside-portuguese-words": (
        # "da", "nos", "para" are Portuguese words too: no language is told, so "no" negates.
        "Esta versión no da soporte para IPv6.",
        "da soporte para IPv6.",
        "a negation",
    ),
    "zh-butongyi": ("董事会不同意公司在年底前出售该业务部门。", "公司在年底前出售该业务部门", "a negation"),
    "es-two-frames-in-a-row": (
        "Supuestamente, según los expertos, el fármaco reduce el crecimiento tumoral.",
        "el fármaco reduce el crecimiento tumoral",
        "a distancing frame",
    ),
    "de-hiess-es-faelschlich": (
        "In älteren Versionen hieß es fälschlich, der Server akzeptiere unsignierte Token.",
        "der Server akzeptiere unsignierte Token",
        "a negating frame",
    ),
    "ru-oshibochno-polagat-budto": (
        "Ошибочно полагать, будто сервер принимает неподписанные токены.",
        "сервер принимает неподписанные токены",
        "a negating frame",
    ),
    "en-restated-after-a-semicolon": (
        "We might assume that the second line works the same; that is, the second line would make a copy.",
        "the second line would make a copy.",
        "a distancing frame",
    ),
    "en-is-untrue": (
        "The claim that the cache always holds the latest configuration is untrue.",
        "the cache always holds the latest configuration",
        "a negating frame",
    ),
    "es-condition-beside-portuguese-words": (
        # "dos", "o", "da" are Portuguese words too: the text is told no language, and Spanish "si" is read.
        "Si la sesión expira en dos horas o más, da un error al usuario.",
        "da un error al usuario.",
        "a leading condition",
    ),
    # "Insofar as": a condition in every language (probe20).
    "fr-dans-la-mesure-ou": (
        "L'API rejette tous les jetons non signés, dans la mesure où le mode strict est actif.",
        "L'API rejette tous les jetons non signés",
        "a condition or exception",
    ),
    "es-en-la-medida-en-que": (
        "La API rechaza todos los tokens sin firma, en la medida en que la política lo permita.",
        "La API rechaza todos los tokens sin firma",
        "a condition or exception",
    ),
    "ru-postolku-poskolku": (
        "API отклоняет все неподписанные токены доступа, постольку поскольку это разрешено политикой.",
        "API отклоняет все неподписанные токены доступа",
        "a condition or exception",
    ),
    "en-in-part": (
        "The drug reduced tumor growth (in part).",
        "The drug reduced tumor growth",
        "a limiting phrase",
    ),
    # A limit after trailing examples, or an "only" that ends the sentence.
    "en-only-after-examples": (
        "The server logs every failed request, e.g. timeouts, only in debug mode.",
        "The server logs every failed request",
        "a limiting phrase",
    ),
    "en-postposed-only": (
        "The server logs every failed request, in version 1 only.",
        "The server logs every failed request",
        "a limiting phrase",
    ),
    "en-example-case-then-never": (
        "The server logs every failed request, for example when a timeout occurs, which is never the case in "
        "production.",
        "The server logs every failed request",
        "a condition or exception",
    ),
    # A reason clause the quote starts inside of: its "only" is the quote's.
    "en-inside-a-reason-clause": (
        "Since the only operations that are performed are equality and inequality, the same rules apply.",
        "operations that are performed are equality and inequality, the same rules apply.",
        "a limiting phrase",
    ),
    "en-lets-say": (
        "Let's say we have an expensive operation to perform on every item of a vector.",
        "we have an expensive operation to perform on every item of a vector.",
        "a distancing frame",
    ),
    "en-who-claimed-a-name": (
        "The report quotes a witness who claimed Clinton signed the order in 1993.",
        "Clinton signed the order in 1993.",
        "a distancing frame",
    ),
    "en-frame-in-an-aside": (
        "The server rejects the token (critics argue) and logs the failure.",
        "The server rejects the token",
        "a distancing frame",
    ),
    "en-according-to-in-an-aside-before": (
        "The server (according to the vendor) rejects the expired token and logs it.",
        "rejects the expired token and logs it.",
        "a distancing frame",
    ),
    "en-temporal": (
        "The key MUST NOT be used after it has expired.",
        "The key MUST NOT be used",
        "a condition or exception",
    ),
    # French
    "fr-condition": (
        "Si le client est public, le serveur ne délivre aucun secret.",
        "le serveur ne délivre aucun secret.",
        "a leading condition",
    ),
    "fr-exception": (
        "Le serveur accepte le jeton sauf si la signature est invalide.",
        "Le serveur accepte le jeton",
        "a condition or exception",
    ),
    "fr-negation": (
        "Le serveur ne vérifie jamais la signature du jeton reçu.",
        "vérifie jamais la signature du jeton reçu.",
        "a negation",
    ),
    "fr-quantifier": (
        "Seuls les clients enregistrés peuvent demander un jeton au serveur.",
        "les clients enregistrés peuvent demander un jeton au serveur.",
        "a limiting phrase",
    ),
    "fr-modal": (
        "Les implémentations devraient rejeter les jetons expirés sans délai.",
        "rejeter les jetons expirés sans délai.",
        "a modal",
    ),
    "fr-contrast": (
        "Le cache accélère les lectures, mais il ralentit les écritures concurrentes.",
        "Le cache accélère les lectures",
        "a following contrast",
    ),
    # Portuguese (the leading ellipsis of issue 23)
    "pt-condition": (
        "Se a confiança for baixa, uma pessoa confirma o veredicto final.",
        "… uma pessoa confirma o veredicto final.",
        "a leading condition",
    ),
    "pt-colon-condition": (
        "Somente quando o modelo hesita: uma pessoa confirma o veredicto final.",
        "… uma pessoa confirma o veredicto final.",
        "a limiting phrase",
    ),
    "pt-exception": (
        "O servidor aceita o token, exceto quando o emissor for desconhecido.",
        "O servidor aceita o token",
        "a condition or exception",
    ),
    "pt-negation": (
        "O servidor não emite nenhum segredo para clientes públicos.",
        "emite nenhum segredo para clientes públicos.",
        "a negation",
    ),
    "pt-hedge": ("O teste geralmente falha quando o cache está frio.", "falha quando o cache está frio.", "a hedge"),
    # German
    "de-condition": (
        "Wenn der Client öffentlich ist, gibt der Server kein Geheimnis aus.",
        "gibt der Server kein Geheimnis aus.",
        "a leading condition",
    ),
    "de-exception": (
        "Der Server akzeptiert das Token, außer wenn es abgelaufen ist.",
        "Der Server akzeptiert das Token",
        "a condition or exception",
    ),
    # German ends a main clause with its negation, after the objects: the quote's verb is negated.
    "de-negation-at-clause-end": (
        "Ein gesonderter Zulagebescheid ergeht nach Maßgabe des Satzes 9 nicht.",
        "Ein gesonderter Zulagebescheid ergeht",
        "a negation",
    ),
    "de-negation-before-participle": (
        "Der Server hat das Token nach der Prüfung nicht akzeptiert.",
        "Der Server hat das Token",
        "a negation",
    ),
    "de-only-at-clause-end": (
        "Die Behörde genehmigt den Antrag nach der Prüfung der Unterlagen höchstens einmal.",
        "Die Behörde genehmigt den Antrag",
        "a limiting phrase",
    ),
    "de-hedge-at-clause-end": (
        "Die Behörde genehmigt den Antrag nach der Prüfung der Unterlagen selten.",
        "Die Behörde genehmigt den Antrag",
        "a hedge",
    ),
    "de-negation-after-two-nouns-joined": (
        "Der Server akzeptiert Tokens und Schlüssel aus dem Header in diesem Zustand nicht.",
        "Der Server akzeptiert Tokens",
        "a negation",
    ),
    "de-negation-after-um-a-preposition": (
        "Der Server speichert die Daten um Mitternacht nicht mehr im Cache.",
        "Der Server speichert die Daten",
        "a negation",
    ),
    "de-not-a-single-one": (
        "Der Server meldet dabei in diesem Modus nicht einen Fehler.",
        "Der Server meldet dabei",
        "a negation",
    ),
    "de-hedge-before-a-possessive": (
        "Für jeden Test möchten wir in diesem Projekt normalerweise unseren React-Baum in ein DOM-Element rendern.",
        "Für jeden Test möchten wir in diesem Projekt",
        "a hedge",
    ),
    "de-negation-after-als-in-the-subject": (
        "Das Nutzen eines generellen Ausdrucks als React Elementtyp ist in dieser Version nicht möglich.",
        "Das Nutzen eines generellen Ausdrucks",
        "a negation",
    ),
    "de-keineswegs": (
        "Der Server akzeptiert das Token nach der Prüfung keineswegs.",
        "Der Server akzeptiert das Token",
        "a negation",
    ),
    # The provisos of laws: a rule set apart from another it overrides ("abweichend von"), leaves
    # in force ("unbeschadet") or is subject to ("vorbehaltlich"); German puts the verb right after.
    "de-derogation": (
        "Abweichend von Absatz 1 beträgt die Frist für Anträge zwei Wochen.",
        "beträgt die Frist für Anträge zwei Wochen.",
        "a leading condition",
    ),
    "de-derogation-trailing": (
        "Die Bundesanstalt kann im Einzelfall abweichend von Absatz 2 eine andere Frist bestimmen.",
        "Die Bundesanstalt kann im Einzelfall",
        "a condition or exception",
    ),
    "de-derogation-label": (
        "(2) Abweichend von Absatz 1 gilt: Die Frist für Anträge beträgt zwei Wochen.",
        "Die Frist für Anträge beträgt zwei Wochen.",
        "a leading condition",
    ),
    "de-without-prejudice": (
        "Unbeschadet des § 5 beträgt die Frist für Anträge zwei Wochen.",
        "beträgt die Frist für Anträge zwei Wochen.",
        "a leading condition",
    ),
    "de-notwithstanding": (
        "Ungeachtet des Absatzes 1 beträgt die Frist für Anträge zwei Wochen.",
        "beträgt die Frist für Anträge zwei Wochen.",
        "a leading condition",
    ),
    "de-subject-to": (
        "Vorbehaltlich des Absatzes 2 beträgt die Frist für Anträge zwei Wochen.",
        "beträgt die Frist für Anträge zwei Wochen.",
        "a leading condition",
    ),
    "fr-derogation": (
        "Par dérogation à l'article 3, le délai de recours est de deux semaines.",
        "le délai de recours est de deux semaines.",
        "a leading condition",
    ),
    "fr-notwithstanding": (
        "Nonobstant l'article 3, le délai de recours est de deux semaines.",
        "le délai de recours est de deux semaines.",
        "a leading condition",
    ),
    "pt-saving": (
        "Ressalvado o disposto no artigo 3, o prazo de recurso é de duas semanas.",
        "o prazo de recurso é de duas semanas.",
        "a leading condition",
    ),
    "es-notwithstanding": (
        "No obstante lo dispuesto en el artículo 3, el plazo de recurso es de dos semanas.",
        "el plazo de recurso es de dos semanas.",
        "a leading condition",
    ),
    "en-derogation": (
        "By way of derogation from paragraph 1, the period for appeals shall be two weeks.",
        "the period for appeals shall be two weeks.",
        "a leading condition",
    ),
    "de-modal": (
        "Implementierungen sollten abgelaufene Token sofort zurückweisen.",
        "abgelaufene Token sofort zurückweisen.",
        "a modal",
    ),
    "de-musst": (
        "Du musst den Fehler an den Aufrufer weitergeben.",
        "den Fehler an den Aufrufer weitergeben.",
        "a modal",
    ),
    "de-quantifier": (
        "Nur registrierte Clients dürfen ein Token anfordern.",
        "registrierte Clients dürfen ein Token anfordern.",
        "a limiting phrase",
    ),
    # Spanish
    "es-condition": (
        "Si el cliente es público, el servidor no emite ningún secreto.",
        "el servidor no emite ningún secreto.",
        "a leading condition",
    ),
    "es-contrast": (
        "El caché acelera las lecturas, pero ralentiza las escrituras.",
        "El caché acelera las lecturas",
        "a following contrast",
    ),
    # Russian (a real sentence of the Russian Rust book)
    "ru-condition": (
        "Когда вы возвращаете значение `Result`, вы делегируете принятие решения вызывающему коду.",
        "вы делегируете принятие решения вызывающему коду.",
        "a leading condition",
    ),
    "ru-quantifier": (
        "Только зарегистрированные клиенты могут запросить токен.",
        "зарегистрированные клиенты могут запросить токен.",
        "a limiting phrase",
    ),
    # Korean (the leading ellipsis of issue 23)
    "ko-condition": (
        "신뢰도가 낮은 경우, 사람이 판정을 확인합니다.",
        "… 사람이 판정을 확인합니다.",
        "a leading condition",
    ),
    "ko-ending-condition": (
        "신뢰도가 낮으면 사람이 판정을 확인합니다.",
        "사람이 판정을 확인합니다.",
        "a leading condition",
    ),
    "ko-contrast": (
        "캐시는 읽기를 빠르게 하지만 쓰기는 느리게 합니다.",
        "캐시는 읽기를 빠르게",
        "a following contrast",
    ),
    # Chinese (a real sentence of the Chinese Rust book)
    "zh-condition": ("如果违反了任何这些规则，程序都不能编译。", "……程序都不能编译。", "a leading condition"),
    # A condition or hedge opening the sentence governs a clause after its "but" too.
    "en-but-after-an-opening-condition": (
        "Only when the option is set, the cache is warm, but the server rejects every token that arrives late.",
        "but the server rejects every token that arrives late.",
        "a leading condition",
    ),
    "en-but-after-an-opening-hedge": (
        "In theory, the cache is warm, but the server rejects every token that arrives late.",
        "but the server rejects every token that arrives late.",
        "a hedge",
    ),
    "pt-uma-vez-que": (
        "Uma vez que definimos resumo_autor, nós podemos chamar resumo em instâncias do struct Tweet.",
        "nós podemos chamar resumo em instâncias do struct Tweet.",
        "a leading condition",
    ),
    "ja-sai-ni": (
        "関数を定義する際には、いい第一選択肢になります。",
        "いい第一選択肢になります。",
        "a leading condition",
    ),
    # 当 inside the sentence, closed by its 后 or 时: "when the variable goes out of scope".
    "zh-when-inside": (
        "之前我们提到过当变量离开作用域后，Rust 自动调用 drop 函数并清理变量的堆内存。",
        "Rust 自动调用 drop 函数并清理变量的堆内存。",
        "a leading condition",
    ),
    "zh-whenever": ("我们每当用户登录时，服务器都会记录一条日志。", "服务器都会记录一条日志。", "a leading condition"),
    # French text: "mais" is its "but".
    "fr-mais-contrast": (
        "Le serveur accepte le jeton, mais il le rejette après une heure.",
        "Le serveur accepte le jeton",
        "a following contrast",
    ),
    "zh-contrast": ("缓存加快了读取，但是它减慢了并发写入。", "缓存加快了读取", "a following contrast"),
    # Japanese
    # A quote that runs over a sentence's end still leaves out what limits the words it quotes of
    # that sentence: a negation or modal right before them, a condition over a clause with a verb of its own.
    "en-negation-before-a-stop": (
        "The JWT MUST NOT be accepted for processing. The processing of the claim requires a date.",
        "accepted for processing. The processing of the claim requires a date.",
        "a negation",
    ),
    "en-condition-over-a-modal-before-a-stop": (
        "If the principal does not identify itself, then the JWT MUST be rejected. In the general case, the "
        "value is an array.",
        "then the JWT MUST be rejected. In the general case, the value is an array.",
        "a leading condition",
    ),
    "en-condition-over-a-verb-before-a-stop": (
        "If the token expired, the server rejects it. Clients then ask for a new one.",
        "rejects it. Clients then ask for a new one.",
        "a leading condition",
    ),
    # A semicolon ends a clause, not the sentence: the condition governs the clause after it.
    "en-condition-over-a-semicolon": (
        "If the JWT is a JWS, create a JWS using the Message as the payload; all steps for creating a JWS MUST "
        "be followed.",
        "payload; all steps for creating a JWS MUST be followed.",
        "a leading condition",
    ),
    "en-negation-after-a-modal-after-a-stop": (
        "The claims are compact. The JWT MUST NOT be accepted after it expires.",
        "The claims are compact. The JWT MUST",
        "a negation",
    ),
    "en-condition-aside-after-the-quote": (
        "The client MUST send the token, if present, in the header.",
        "The client MUST send the token",
        "a condition or exception",
    ),
    # A stop before a lower-case word on the next line (the "!" of a macro, "panic!") goes on with the sentence.
    "en-condition-after-a-stop-in-code": (
        "This is the main reason that the standard library panic!\naborts, if you try to access invalid memory.",
        "This is the main reason that the standard library panic! aborts",
        "a condition or exception",
    ),
    "ja-condition": ("値が負の場合、関数はエラーを返します。", "関数はエラーを返します。", "a leading condition"),
    "ja-modal": ("呼び出し側はエラーを処理しなければならない。", "呼び出し側はエラーを処理し", "a modal"),
    # Chinese 时 ("when") closing a clause before a comma, after a verb or a noun; Japanese 時 too.
    "zh-shi-when": ("用户登录时，服务器会记录一条日志。", "服务器会记录一条日志。", "a leading condition"),
    "zh-shi-when-after-a-modal": (
        "在操作需要较长时间才能完成时，为用户显示该操作的当前进度和状态。",
        "为用户显示该操作的当前进度和状态。",
        "a leading condition",
    ),
    "zh-shi-after-a-latin-word": (
        "设置为 OFF 时，服务器会记录一条日志。",
        "服务器会记录一条日志。",
        "a leading condition",
    ),
    "zh-butong-shi": ("当两个值不同时，服务器会记录一条日志。", "服务器会记录一条日志。", "a leading condition"),
    "ja-no-toki": ("エラーの時、デフォルト値を返します。", "デフォルト値を返します。", "a leading condition"),
    "ja-ji-when": (
        "アプリケーションの起動時、設定ファイルを読み込みます。",
        "設定ファイルを読み込みます。",
        "a leading condition",
    ),
    # Chinese 能 ("can") before the quote or after it, in its clause.
    "zh-neng-before": ("有了这个缓存，服务器就能在一秒内处理所有请求。", "在一秒内处理所有请求。", "a modal"),
    "zh-neng-after": ("配置完成以后，客户端能自动重新连接服务器。", "配置完成以后，客户端", "a modal"),
    # The characters around a cut tell a 能 only: they take no word from the cut's own ("应" before
    # the quote's "对" is no "应对", "cope with"; "不" before "管理" no "不管", "regardless"), and none
    # across a mark ("重要性, 能" holds no "性能"). Traditional 能夠 is 能够.
    "zh-ying-before-dui": ("服务端应对请求参数进行校验。", "对请求参数进行校验。", "a modal"),
    "zh-bu-before-guanli": ("平台不管理用户的密钥，而是交给客户端。", "管理用户的密钥，而是交给客户端。", "a negation"),
    "zh-neng-after-a-comma": (
        "引导告知用户操作的目的或重要性，能促进用户更愿意去执行。",
        "促进用户更愿意去执行。",
        "a modal",
    ),
    "zh-hant-nenggou": ("這個函式的彈性能夠滿足大多數團隊的需求。", "滿足大多數團隊的需求。", "a modal"),
    # A quote that stops inside a word, before the ず that negates it ("does not depend"): read with
    # the character before it.
    "ja-zu-of-the-word-cut": (
        "これは仮想 DOM に依存せず、組み込みのシステムを活用します。",
        "これは仮想 DOM に依存せ",
        "a negation",
    ),
    # The sentence's last predicate alone left out, after any form of the verb: its mood governs it.
    "ja-sometimes-right-after": (
        "設定ファイルはアプリケーションの起動時に読み込まれることがあります。",
        "設定ファイルはアプリケーションの起動時に読み込まれる",
        "a hedge",
    ),
    "ja-often-right-after": (
        "設定ファイルはアプリケーションの起動時に読み込まれることが多いです。",
        "設定ファイルはアプリケーションの起動時に読み込まれる",
        "a hedge",
    ),
    "ja-must-not-after-te": (
        "ユーザーはパスワードを他人と共有してはいけません。",
        "ユーザーはパスワードを他人と共有して",
        "a negation",
    ),
    "ja-also-at-times-right-after": (
        "大きなメールボックスでは、処理に数時間かかることもあります。",
        "大きなメールボックスでは、処理に数時間かかる",
        "a hedge",
    ),
    # "Must", polite or with いけない: one modal, not a condition (れば) and a negation (ません).
    "ja-modal-polite": (
        "アプリケーションは設定ファイルを毎回読み込まなければなりません。",
        "アプリケーションは設定ファイルを毎回読み込",
        "a modal",
    ),
    "ja-modal-nakute-wa-ikemasen": (
        "アプリケーションは設定ファイルを毎回読み込まなくてはいけません。",
        "アプリケーションは設定ファイルを毎回読み込",
        "a modal",
    ),
    "ja-modal-nai-to-ikemasen": (
        "アプリケーションは設定ファイルを毎回読み込まないといけません。",
        "アプリケーションは設定ファイルを毎回読み込",
        "a modal",
    ),
    # Thai
    "th-condition": ("ถ้าผู้ใช้ไม่ได้เข้าสู่ระบบ ระบบจะแสดงหน้าเข้าสู่ระบบ", "ระบบจะแสดงหน้าเข้าสู่ระบบ", "a leading condition"),
    # Negating frames (issue 23): the source denies what the quote states, in every language.
    "en-not-true-that": (
        "It is not true that the server rejects every expired token.",
        "the server rejects every expired token.",
        "a negating frame",
    ),
    "en-not-the-case-that": (
        "It is not the case that the server rejects every expired token.",
        "… the server rejects every expired token.",
        "a negating frame",
    ),
    "en-false-that": (
        "It is false that the server rejects every expired token.",
        "the server rejects every expired token.",
        "a negating frame",
    ),
    "fr-pas-vrai-que": (
        "Il n'est pas vrai que les références doivent toujours être valides.",
        "les références doivent toujours être valides.",
        "a negating frame",
    ),
    "pt-nao-e-verdade": (
        "Não é verdade que o servidor rejeita todos os tokens expirados.",
        "o servidor rejeita todos os tokens expirados.",
        "a negating frame",
    ),
    "de-stimmt-nicht": (
        "Es stimmt nicht, dass der Server jedes abgelaufene Token ablehnt.",
        "der Server jedes abgelaufene Token ablehnt.",
        "a negating frame",
    ),
    "es-no-es-cierto": (
        "No es cierto que el servidor rechaza todos los tokens caducados.",
        "el servidor rechaza todos los tokens caducados.",
        "a negating frame",
    ),
    "ru-neverno": (
        "Неверно, что сервер отклоняет каждый просроченный токен.",
        "сервер отклоняет каждый просроченный токен.",
        "a negating frame",
    ),
    "zh-bing-bu-shi-shuo": (
        "并不是说服务器会拒绝每一个过期的令牌。",
        "服务器会拒绝每一个过期的令牌。",
        "a negating frame",
    ),
    "th-mai-jing": ("ไม่จริงที่ว่า เซิร์ฟเวอร์ปฏิเสธโทเค็นที่หมดอายุ", "เซิร์ฟเวอร์ปฏิเสธโทเค็นที่หมดอายุ", "a negating frame"),
    # อย่า ("don't") before the quote; not the อย่า inside อย่าง ("way", ตัวอย่าง "example", below).
    "th-ya": ("ผู้ใช้อย่าลบไฟล์นี้ก่อนการอัปเดต", "ลบไฟล์นี้ก่อนการอัปเดต", "a negation"),
    # Japanese frames follow the clause they frame.
    "ja-trailing-negating-frame": (
        "サーバーは期限切れのトークンをすべて拒否するというのは正しくありません。",
        "サーバーは期限切れのトークンをすべて拒否する。",
        "a negating frame",
    ),
    # Chinese puts a negating frame after the clause too.
    "zh-trailing-negating-frame": (
        "说服务器会拒绝每一个过期的令牌是不对的。",
        "服务器会拒绝每一个过期的令牌。",
        "a negating frame",
    ),
    "zh-trailing-negating-frame-of-a-claim": (
        "认为缓存永远不会过期的说法是错误的。",
        "缓存永远不会过期",
        "a negating frame",
    ),
    "ja-trailing-distancing-frame": (
        "サーバーは期限切れのトークンをすべて拒否すると主張する人もいます。",
        "サーバーは期限切れのトークンをすべて拒否する…",
        "a distancing frame",
    ),
    # A condition, an exception or a contrast that opens an aside right after the quote limits it.
    "en-bracketed-condition": (
        "The server checks every token (if the option is enabled).",
        "The server checks every token",
        "a condition or exception",
    ),
    "en-bracketed-exception": (
        "The server checks every token (except expired ones).",
        "The server checks every token",
        "a condition or exception",
    ),
    "en-bracketed-contrast": (
        "The server caches the token (but only for one minute).",
        "The server caches the token",
        "a following contrast",
    ),
    # So does a quantifier or hedge that opens the aside, in every language.
    "en-bracketed-quantifier": (
        "The server rejects the token (in most cases) and logs the failure.",
        "The server rejects the token",
        "a limiting phrase",
    ),
    "en-bracketed-hedge": (
        "The server rejects the token (usually) and logs the failure.",
        "The server rejects the token",
        "a hedge",
    ),
    "fr-bracketed-hedge": (
        "Le serveur rejette le jeton (dans la plupart des cas) et journalise l'échec.",
        "Le serveur rejette le jeton",
        "a hedge",
    ),
    "de-bracketed-hedge": (
        "Der Server lehnt das Token ab (in den meisten Fällen) und protokolliert den Fehler.",
        "Der Server lehnt das Token ab",
        "a hedge",
    ),
    "zh-bracketed-hedge": (
        "服务器拒绝该令牌（通常），并记录失败。",
        "服务器拒绝该令牌",
        "a hedge",
    ),
    "en-bracketed-only-at-the-end": (
        "The server rejects the token (in version 1 only) and logs the failure.",
        "The server rejects the token",
        "a limiting phrase",
    ),
    # An aside that closes right before the quote governs it too.
    "en-bracketed-condition-before": (
        "The server (if enabled) rejects the expired token and logs it.",
        "rejects the expired token and logs it.",
        "a leading condition",
    ),
    "en-bracketed-quantifier-before": (
        "The server (in most cases) rejects the expired token and logs it.",
        "rejects the expired token and logs it.",
        "a limiting phrase",
    ),
    "ja-bracketed-hedge-before": (
        "サーバーは（通常）期限切れのトークンを拒否します。",
        "期限切れのトークンを拒否します。",
        "a hedge",
    ),
    "fr-comma-hedge": (
        "Le serveur rejette le jeton, dans la plupart des cas, et journalise l'échec.",
        "Le serveur rejette le jeton",
        "a hedge",
    ),
    # A contrast in quotation marks, or in brackets before the sentence goes on outside them, is
    # the quote's (the later-aside case in NEUTRAL is not).
    "en-contrast-in-an-interrupted-quotation": (
        "\u201cThe server caches the token,\u201d the author said, \u201cbut only for one minute.\u201d",
        "The server caches the token",
        "a following contrast",
    ),
    "en-contrast-after-a-reference": (
        "The server caches the token [RFC6749] (but only for admins).",
        "The server caches the token",
        "a following contrast",
    ),
    # A pointer is a reference only as far as it goes: what follows it may limit the quote.
    "en-contrast-after-a-pointer": (
        "The server caches the token (see RFC 1), but only for admins.",
        "The server caches the token",
        "a following contrast",
    ),
    "en-contrast-after-a-defined-in": (
        "The server caches the token as defined in Section 4, but only for admins.",
        "The server caches the token",
        "a following contrast",
    ),
    "en-condition-inside-the-aside-right-after": (
        "The server caches the token (for admins, if enabled).",
        "The server caches the token",
        "a condition or exception",
    ),
    "en-exception-inside-an-aside-after-a-reference": (
        "The server caches the token [RFC6749] (for admins, unless disabled).",
        "The server caches the token",
        "a condition or exception",
    ),
    "en-contrast-inside-the-aside-right-after": (
        "The server caches the token (for one minute, but only for admins).",
        "The server caches the token",
        "a following contrast",
    ),
    # A pointer's aside that goes on with a condition may limit the quote, not only the pointer.
    "en-condition-in-a-pointer": (
        "The server caches the token (see Section 4 unless caching is disabled).",
        "The server caches the token",
        "a condition or exception",
    ),
    # What "but also" adds may be a cost: it stays a contrast, after "not only" too.
    "en-but-also": (
        "The new model is more helpful but also more harmful than the old one.",
        "The new model is more helpful",
        "a following contrast",
    ),
    "en-not-only-but-also": (
        "The drug not only lowers blood pressure but also damages the kidneys.",
        "The drug not only lowers blood pressure",
        "a following contrast",
    ),
    # A modal before "not only" still governs the quote after it.
    "en-modal-before-not-only": (
        "The vendor may not only patch the flaw within thirty days but also notify the customers.",
        "patch the flaw within thirty days but also notify the customers.",
        "a modal",
    ),
    # "not only" only in the text's language: English "No solo flights" is a negation.
    "en-no-solo": (
        "No solo flights are permitted before the checkride is passed by the student.",
        "flights are permitted before the checkride is passed by the student.",
        "a negation",
    ),
    # Not "not only" across a comma: an answer's "No," then "only".
    "es-no-comma-solo": (
        "¿Valida el servidor el token? No, solo el cliente valida el token de acceso.",
        "el cliente valida el token de acceso.",
        "a negation",
    ),
    "zh-bracketed-condition": (
        "服务器会检查每一个令牌\uff08如果启用了该选项\uff09。",
        "服务器会检查每一个令牌",
        "a condition or exception",
    ),
    # The same frames after the clause in quotation marks, the quote taking what is inside them.
    "ja-quoted-distancing-frame": (
        "\u300cサーバーは期限切れのトークンをすべて拒否する\u300dと主張する人もいます。",
        "サーバーは期限切れのトークンをすべて拒否する",
        "a distancing frame",
    ),
    "ja-quoted-negating-frame": (
        "\u300cサーバーは期限切れのトークンをすべて拒否する\u300dというのは正しくありません。",
        "サーバーは期限切れのトークンをすべて拒否する",
        "a negating frame",
    ),
    "ko-quoted-distancing-frame": (
        "\u201c서버는 만료된 토큰을 모두 거부한다\u201d라고 주장하는 사람들도 있습니다.",
        "서버는 만료된 토큰을 모두 거부한다",
        "a distancing frame",
    ),
    "ko-quoted-negating-frame-polite": (
        "\u201c서버는 만료된 토큰을 모두 거부한다\u201d라는 것은 사실이 아닙니다.",
        "서버는 만료된 토큰을 모두 거부한다",
        "a negating frame",
    ),
    "ko-quoted-negating-frame-differs": (
        "\u201c서버는 만료된 토큰을 모두 거부한다\u201d라는 것은 사실과 다릅니다.",
        "서버는 만료된 토큰을 모두 거부한다",
        "a negating frame",
    ),
    "ko-quoted-distancing-frame-ascii": (
        '"서버는 만료된 토큰을 모두 거부한다"라고 주장하는 사람들도 있습니다.',
        "서버는 만료된 토큰을 모두 거부한다",
        "a distancing frame",
    ),
    # Leading distancing frames and hedges, set off by a complementizer or a colon.
    "en-it-is-claimed": (
        "It is claimed that the server rejects every expired token.",
        "the server rejects every expired token.",
        "a distancing frame",
    ),
    "fr-peut-etre-que": (
        "Peut-être que le serveur rejette chaque jeton expiré.",
        "le serveur rejette chaque jeton expiré.",
        "a hedge",
    ),
    "de-hedge-colon": (
        "Möglicherweise gilt: der Server lehnt jedes abgelaufene Token ab.",
        "der Server lehnt jedes abgelaufene Token ab.",
        "a hedge",
    ),
    "de-hedge-colon-capital": (
        "Möglicherweise gilt: Der Server lehnt jedes abgelaufene Token ab.",
        "Der Server lehnt jedes abgelaufene Token ab.",
        "a hedge",
    ),
    # Thai ends a sentence with a space: a stop before a Thai word on its line goes on with it.
    "th-contrast-after-a-stop": (
        "แต่ละ Clock จะสร้างตัวจับเวลาอย่างอิสระ. แต่ในทางปฏิบัติแทบไม่เป็นเช่นนั้น",
        "แต่ละ Clock จะสร้างตัวจับเวลาอย่างอิสระ.",
        "a following contrast",
    ),
    # "時" after a verb is "when"; a line that ends with an ideographic comma goes on.
    "ja-toki-condition": (
        "例を記述している時、頑健なエラー処理コードは例の明瞭さを欠きます。",
        "頑健なエラー処理コードは例の明瞭さを欠きます。",
        "a leading condition",
    ),
    "ja-comma-line-goes-on": (
        "そうしたらコードは、\nSomeとNoneの場合を処理する必要がなくなります。",
        "SomeとNoneの場合を処理する必要がなくなります。",
        "a leading condition",
    ),
    # A clause after a semicolon is neutral unless it opens with a contrast that takes the quote back.
    "en-contrast-after-a-semicolon": (
        "The server accepts every signed token; however, tokens signed with none are rejected.",
        "The server accepts every signed token",
        "a following contrast",
    ),
    "en-other-hand-after-a-semicolon": (
        "Caching reduces the latency of each lookup; on the other hand, it serves stale keys for an hour.",
        "Caching reduces the latency of each lookup",
        "a following contrast",
    ),
    "fr-mais-after-a-semicolon": (
        "Le serveur accepte chaque jeton signé ; mais les jetons expirés sont rejetés.",
        "Le serveur accepte chaque jeton signé",
        "a following contrast",
    ),
    "en-with-the-exception-of": (
        "The server rejects every unsigned token, with the exception of tokens from the local issuer.",
        "The server rejects every unsigned token",
        "a condition or exception",
    ),
    "en-save-for": (
        "All claims are optional, save for the issuer claim.",
        "All claims are optional",
        "a condition or exception",
    ),
    # Conditions, hedges and frames of each language the lists once lacked, and conditions told by word order.
    "de-falls-leading": (
        "Falls der Wert ungültig ist, bricht das Programm sofort mit einem Fehler ab.",
        "bricht das Programm sofort mit einem Fehler ab.",
        "a leading condition",
    ),
    "de-falls-trailing": (
        "Der Speicher wird beim Verlassen freigegeben, falls der Besitzer nicht verschoben wurde.",
        "Der Speicher wird beim Verlassen freigegeben",
        "a condition or exception",
    ),
    "de-gegebenenfalls-colon": (
        "Gegebenenfalls gilt: Der Server lehnt jedes abgelaufene Token ab.",
        "Der Server lehnt jedes abgelaufene Token ab.",
        "a leading condition",
    ),
    "de-inverted-sollte": (
        "Sollte der Schlüssel unbekannt sein, lehnt der Server jedes Token ab.",
        "lehnt der Server jedes Token ab.",
        "a leading condition",
    ),
    "de-inverted-sollte-colon": (
        "Sollte der Schlüssel unbekannt sein, gilt: Der Server lehnt jedes Token ab.",
        "Der Server lehnt jedes Token ab.",
        "a leading condition",
    ),
    "de-gelegentlich-colon": (
        "Gelegentlich gilt: Der Server lehnt jedes abgelaufene Token ab.",
        "Der Server lehnt jedes abgelaufene Token ab.",
        "a hedge",
    ),
    "de-in-seltenen-faellen": (
        "In seltenen Fällen lehnt der Server jedes abgelaufene Token ab.",
        "lehnt der Server jedes abgelaufene Token ab.",
        "a hedge",
    ),
    "de-angeblich": (
        "Angeblich lehnt der Server jedes abgelaufene Token ab.",
        "lehnt der Server jedes abgelaufene Token ab.",
        "a hedge",
    ),
    "de-laut-frame": (
        "Laut dem Hersteller lehnt der Server jedes abgelaufene Token ab.",
        "lehnt der Server jedes abgelaufene Token ab.",
        "a distancing frame",
    ),
    "en-inverted-should": (
        "Should the key be unknown, the server rejects the token and returns an error.",
        "the server rejects the token and returns an error.",
        "a leading condition",
    ),
    "en-inverted-were": (
        "Were the key to be unknown, the server would reject the token.",
        "the server would reject the token.",
        "a leading condition",
    ),
    "en-inverted-had": (
        "Had the key been revoked, the server would reject the token.",
        "the server would reject the token.",
        "a leading condition",
    ),
    "en-inverted-should-trailing": (
        "The server rejects the token, should the key be unknown.",
        "The server rejects the token",
        "a condition or exception",
    ),
    # An item's mark ("o", "2.", "(a)") before the condition: the item's sentence starts after it.
    "en-inverted-should-in-an-rfc-item": (
        "   o  Should the key be unknown, the server rejects the token.",
        "the server rejects the token.",
        "a leading condition",
    ),
    "en-inverted-were-in-a-numbered-item": (
        "2. Were the key unknown, the server would reject the token.",
        "the server would reject the token.",
        "a leading condition",
    ),
    "en-inverted-should-in-a-roman-item": (
        "(ii) Should the key be unknown, the server rejects the token.",
        "the server rejects the token.",
        "a leading condition",
    ),
    "en-inverted-should-in-a-capital-lettered-item": (
        "(B) Should the key be unknown, the server rejects the token.",
        "the server rejects the token.",
        "a leading condition",
    ),
    "en-provided-in-a-lettered-item": (
        "(b) Provided the key is known, the server accepts the token.",
        "the server accepts the token.",
        "a leading condition",
    ),
    "en-provided-leading": (
        "Provided the key is known, the server accepts the token.",
        "the server accepts the token.",
        "a leading condition",
    ),
    "en-provided-trailing": (
        "The server accepts the token, provided the key is known.",
        "The server accepts the token",
        "a condition or exception",
    ),
    "en-provided-trailing-no-comma": (
        "The server accepts the token provided the key is known.",
        "The server accepts the token",
        "a condition or exception",
    ),
    "en-save-in": (
        "The server accepts every token, save in legacy mode.",
        "The server accepts every token",
        "a condition or exception",
    ),
    "en-historically": (
        "Historically, the server rejected every token without a key.",
        "the server rejected every token without a key.",
        "a hedge",
    ),
    "fr-du-moins-trailing": (
        "Le serveur rejette chaque jeton expiré, du moins en théorie.",
        "Le serveur rejette chaque jeton expiré",
        "a hedge",
    ),
    "de-es-stimmt-nicht-colon": (
        "Es stimmt nicht: Der Server lehnt jedes abgelaufene Token ab.",
        "Der Server lehnt jedes abgelaufene Token ab.",
        "a negating frame",
    ),
    "en-in-rare-cases": (
        "In rare cases, the server rejects the token and returns an error.",
        "the server rejects the token and returns an error.",
        "a hedge",
    ),
    "en-it-may-be-that": (
        "It may be that the server rejects the token and returns an error.",
        "the server rejects the token and returns an error.",
        "a hedge",
    ),
    "en-one-might-think-that": (
        "One might think that the server rejects the token and returns an error.",
        "the server rejects the token and returns an error.",
        "a distancing frame",
    ),
    "en-it-is-often-said-that": (
        "It is often said that the server rejects the token and returns an error.",
        "the server rejects the token and returns an error.",
        "a distancing frame",
    ),
    "fr-au-cas-ou-leading": (
        "Au cas où la clé serait inconnue, le serveur rejette le jeton.",
        "le serveur rejette le jeton.",
        "a leading condition",
    ),
    "fr-au-cas-ou-trailing": (
        "Le serveur rejette le jeton au cas où la clé serait inconnue.",
        "Le serveur rejette le jeton",
        "a condition or exception",
    ),
    "fr-pour-peu-que": (
        "Pour peu que la clé soit inconnue, le serveur rejette le jeton.",
        "le serveur rejette le jeton.",
        "a leading condition",
    ),
    "fr-apparemment": (
        "Apparemment, le serveur rejette chaque jeton expiré.",
        "le serveur rejette chaque jeton expiré.",
        "a hedge",
    ),
    "fr-faux-de-dire-que": (
        "Il est faux de dire que le serveur rejette chaque jeton expiré.",
        "le serveur rejette chaque jeton expiré.",
        "a negating frame",
    ),
    "pt-em-caso-de": (
        "Em caso de erro, a chave expira e o servidor devolve um erro ao cliente.",
        "a chave expira e o servidor devolve um erro ao cliente.",
        "a leading condition",
    ),
    "pt-parece-que": (
        "Parece que a chave expira e o servidor devolve um erro ao cliente.",
        "a chave expira e o servidor devolve um erro ao cliente.",
        "a hedge",
    ),
    "pt-mito": (
        "É um mito que a chave expira e o servidor devolve um erro ao cliente.",
        "a chave expira e o servidor devolve um erro ao cliente.",
        "a distancing frame",
    ),
    "ru-mozhet-byt": (
        "Может быть, сервер отклоняет токен и возвращает клиенту ошибку.",
        "сервер отклоняет токен и возвращает клиенту ошибку.",
        "a hedge",
    ),
    "ru-pri-leading": (
        "При неизвестном ключе сервер отклоняет токен и возвращает клиенту ошибку.",
        "сервер отклоняет токен и возвращает клиенту ошибку.",
        "a leading condition",
    ),
    "ru-mif": (
        "Это миф, что сервер отклоняет токен и возвращает клиенту ошибку.",
        "сервер отклоняет токен и возвращает клиенту ошибку.",
        "a distancing frame",
    ),
    "zh-qingkuangxia": (
        "在密钥未知的情况下，服务器会拒绝该令牌并向客户端返回错误。",
        "服务器会拒绝该令牌并向客户端返回错误。",
        "a leading condition",
    ),
    "zh-qiantishi-trailing": (
        "服务器会拒绝该令牌并向客户端返回错误，前提是密钥未知。",
        "服务器会拒绝该令牌并向客户端返回错误",
        "a condition or exception",
    ),
    "zh-sihu": (
        "似乎服务器会拒绝该令牌并向客户端返回错误。",
        "服务器会拒绝该令牌并向客户端返回错误。",
        "a hedge",
    ),
    "zh-jubaodao": (
        "据报道，服务器会拒绝该令牌并向客户端返回错误。",
        "服务器会拒绝该令牌并向客户端返回错误。",
        "a distancing frame",
    ),
    "ja-suru-to": (
        "鍵を削除すると、サーバーはトークンを拒否し、クライアントにエラーを返します。",
        "サーバーはトークンを拒否し、クライアントにエラーを返します。",
        "a leading condition",
    ),
    "ja-sareru-to": (
        "鍵が削除されると、サーバーはトークンを拒否し、クライアントにエラーを返します。",
        "サーバーはトークンを拒否し、クライアントにエラーを返します。",
        "a leading condition",
    ),
    "ja-mare-ni": (
        "まれに、サーバーはトークンを拒否し、クライアントにエラーを返します。",
        "サーバーはトークンを拒否し、クライアントにエラーを返します。",
        "a hedge",
    ),
    "ja-to-kangaerareteimasu": (
        "サーバーはトークンを拒否し、クライアントにエラーを返すと考えられています。",
        "サーバーはトークンを拒否し、クライアントにエラーを返す",
        "a distancing frame",
    ),
    "ja-gokai": (
        "サーバーはトークンを拒否し、クライアントにエラーを返すというのは誤解です。",
        "サーバーはトークンを拒否し、クライアントにエラーを返す",
        "a negating frame",
    ),
    "ko-ama": (
        "아마 서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "a hedge",
    ),
    "ko-botong": (
        "보통 서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "a hedge",
    ),
    "ko-deumulge": (
        "드물게 서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "a hedge",
    ),
    "ko-ttaeman": (
        "키가 만료되었을 때만 서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "a leading condition",
    ),
    "ko-ryeomyeon": (
        "가변 참조자가 가리키는 값을 수정하려면, 역참조 연산자로 i의 값을 얻어야 합니다.",
        "역참조 연산자로 i의 값을 얻어야 합니다.",
        "a leading condition",
    ),
    "th-mi-raingan-wa": (
        "มีรายงานว่าเซิร์ฟเวอร์จะปฏิเสธโทเค็นและส่งข้อผิดพลาดกลับไปยังไคลเอนต์",
        "เซิร์ฟเวอร์จะปฏิเสธโทเค็นและส่งข้อผิดพลาดกลับไปยังไคลเอนต์",
        "a distancing frame",
    ),
    # Since when, in which versions, or whether at all it holds: a quote without it says it always does.
    "en-in-older-versions": (
        "In older versions, the server rejects every expired token.",
        "the server rejects every expired token.",
        "a hedge",
    ),
    "en-optionally": ("Optionally, the server signs the response.", "the server signs the response.", "a hedge"),
    "de-frueher-colon": (
        "Früher galt: Der Server lehnt jedes abgelaufene Token ab.",
        "Der Server lehnt jedes abgelaufene Token ab.",
        "a hedge",
    ),
    "ru-ranshe": (
        "Раньше сервер отклонял каждый просроченный токен.",
        "сервер отклонял каждый просроченный токен.",
        "a hedge",
    ),
    "ja-izen-wa": (
        "以前は、サーバーは期限切れのトークンを拒否しました。",
        "サーバーは期限切れのトークンを拒否しました。",
        "a hedge",
    ),
    "ko-ijeon-eneun": ("이전에는 서버가 만료된 토큰을 거부했습니다.", "서버가 만료된 토큰을 거부했습니다.", "a hedge"),
    # A quotation closed by a mark after other punctuation ('/",', '",') ends there: what follows is in scope.
    "en-hedge-after-a-quoted-url": (
        'I found it under "http://www.w3.org/Addressing/", but you can probably pick it up from the mirror.',
        "pick it up from the mirror.",
        "a hedge",
    ),
    "en-hedge-after-a-quoted-clause": (
        'He wrote "the server rejects," but often it accepts the token anyway.',
        "it accepts the token anyway.",
        "a hedge",
    ),
    # A comma quoted inside the separator before an inverted condition ('";" / "="' of a grammar) is no comma before it.
    "en-inverted-were-after-a-grammar": (
        'sub-delims = "!" / "," / ";" / "="\n\nWere the configuration to allow it, the purpose of reserved'
        " characters is to provide delimiters.",
        "the purpose of reserved characters is to provide delimiters.",
        "a leading condition",
    ),
    # Found by the laundering probe of 2026-12-06 (each was accepted with no flag).
    # A label that denies what follows its colon: a style guide's wrong example, a myth.
    "en-label-incorrect": (
        "Incorrect: The server rejects every token that has expired. Correct: it logs them.",
        "The server rejects every token that has expired.",
        "a negating frame: 'Incorrect'",
    ),
    "de-label-falsch": (
        "Falsch: Der Server lehnt jedes Token ab. Richtig: er protokolliert es.",
        "Der Server lehnt jedes Token ab.",
        "a negating frame: 'Falsch'",
    ),
    "ja-label": (
        "誤り：サーバーは期限切れのトークンをすべて拒否します。",
        "サーバーは期限切れのトークンをすべて拒否します。",
        "a negating frame: '誤り'",
    ),
    # A frame anywhere in the clause a colon ends: "the old docs wrongly wrote:", "critics argue:".
    "zh-colon-frame": (
        "旧版文档错误地写道：服务器会拒绝所有过期的令牌。",
        "服务器会拒绝所有过期的令牌。",
        "a negating frame",
    ),
    "en-colon-frame": (
        "Critics argue: the server rejects every token that has expired.",
        "the server rejects every token that has expired.",
        "a distancing frame: 'Critics argue'",
    ),
    "en-wrong-to-conclude": (
        "It would be wrong to conclude that the server rejects every token that has expired.",
        "the server rejects every token that has expired.",
        "a negating frame",
    ),
    "en-wrongly-stated": (
        "Early drafts wrongly stated that the server rejects every token. This was removed.",
        "the server rejects every token.",
        "a negating frame",
    ),
    # A label whose sentence goes on in lower case after its colon; a frame that ends the colon's clause.
    "en-label-lower-case-after": (
        "Incorrect: the server accepts expired tokens without checking them.",
        "the server accepts expired tokens without checking them.",
        "a negating frame: 'Incorrect'",
    ),
    "en-falsely-claimed-colon": (
        "The old manual falsely claimed: tokens never expire after issue.",
        "tokens never expire after issue.",
        "a negating frame",
    ),
    "en-quantified-noun-with": (
        "The feature is available to every customer with a paid plan.",
        "The feature is available to every customer",
        "a limiting phrase: 'with a paid plan'",
    ),
    # A question the quote is part of asserts nothing; a refutation after the quote takes it back.
    "en-question": (
        "Q: Is it true that the server rejects every token that has expired? A: No.",
        "the server rejects every token that has expired",
        "a question it is part of: 'Is it true that'",
    ),
    "en-refuted-after-a-dash": (
        "The docs say the server rejects every token - this turned out to be false.",
        "The docs say the server rejects every token",
        "a negating frame: 'this turned out to be false'",
    ),
    "fr-refuted-after-a-dash": (
        "Le serveur rejette chaque jeton \u2013 ce qui est faux.",
        "Le serveur rejette chaque jeton",
        "a negating frame",
    ),
    "ja-refuted-after-the-clause": (
        "旧版の文書ではサーバーはすべてのトークンを拒否すると書かれていたが、これは誤りだった。",
        "サーバーはすべてのトークンを拒否する",
        "a negating frame",
    ),
    "en-in-the-rare-case-that": (
        "The server rejects every token in the rare case that the clock is misconfigured.",
        "The server rejects every token",
        "a condition or exception: 'in the rare case that the clock is misconfigured'",
    ),
    # An exception in brackets after the rest of a list the quote stops inside limits the whole list.
    "en-exception-after-the-list": (
        "This License does not grant any rights in the trademarks, service marks, or logos of any "
        "Contributor (except as may be necessary to comply with the notice requirements in Section 3.4).",
        "This License does not grant any rights in the trademarks",
        "a condition or exception",
    ),
    # What the phrase right after the quote restricts: a threshold, a rate, a quantified noun's clause.
    "en-threshold": (
        "Standard shipping takes 3-5 business days and is free for orders over $49. Returns are free.",
        "Standard shipping takes 3-5 business days and is free",
        "a condition or exception: 'for orders over $49'",
    ),
    "en-rate": (
        "You'll receive 1 point for every $1 spent. Points expire.",
        "You'll receive 1 point",
        "a number: 'for every $1 spent'",
    ),
    "en-quantified-noun-clause": (
        "Your plan ends, but you'll continue to receive any deliveries that have already been processed.",
        "you'll continue to receive any deliveries",
        "a limiting phrase: 'that have already been processed'",
    ),
    # probe28: refutations after the quote in other words than "is false".
    "en-refuted-common-misconception": (
        "The server caches every token, which is a common misconception.",
        "The server caches every token",
        "a negating frame",
    ),
    "en-refuted-claim-disproven": (
        "The server caches every token \u2013 a claim that has since been disproven.",
        "The server caches every token",
        "a negating frame",
    ),
    "de-refuted-turned-out-false": (
        "Der Server speichert jedes Token, was sich als falsch herausstellte.",
        "Der Server speichert jedes Token",
        "a negating frame",
    ),
    "ru-refuted-which-is-wrong": (
        "Сервер кэширует каждый токен, что неверно.",
        "Сервер кэширует каждый токен.",
        "a negating frame",
    ),
    "ru-refuted-misconception": (
        "Сервер кэширует каждый токен \u2013 это распространённое заблуждение.",
        "Сервер кэширует каждый токен.",
        "a negating frame",
    ),
    "fr-refuted-idee-recue": (
        "Le serveur met en cache chaque jeton \u2013 ce qui est une idée reçue.",
        "Le serveur met en cache chaque jeton",
        "a negating frame",
    ),
    "pt-refuted-myth": (
        "O servidor guarda cada token em cache \u2013 o que é um mito.",
        "O servidor guarda cada token em cache",
        "a negating frame",
    ),
    # probe28: a verb of believing with its "that" (RFC 3986, 2.5), and suppositions.
    "en-assume-that": (
        'Consumers of URIs assume that the letter "X" corresponds to the octet "01011000", and even when that '
        "assumption is incorrect, there is no harm in making it.",
        'the letter "X" corresponds to the octet "01011000", and even when that assumption is incorrect, there is '
        "no harm in making it.",
        "a distancing frame",
    ),
    "en-suppose-that": (
        "Suppose that the server caches every token in memory.",
        "the server caches every token in memory.",
        "a distancing frame",
    ),
    "pt-assumindo-que": (
        "Nós escolhemos definir resumo como o nome do autor, assumindo que o conteúdo do tweet já está limitado a "
        "140 caracteres.",
        "o conteúdo do tweet já está limitado a 140 caracteres.",
        "a distancing frame",
    ),
    "pt-digamos-que": (
        "Por exemplo, digamos que temos múltiplos structs que contém vários tipos e quantidades de texto.",
        "temos múltiplos structs que contém vários tipos e quantidades de texto",
        "a distancing frame",
    ),
    # probe28: "according to" whose source follows before the comma, in other languages.
    "pt-de-acordo-com": (
        "De acordo com os críticos, a empresa guarda cada token em cache.",
        "a empresa guarda cada token em cache.",
        "a distancing frame",
    ),
    "pt-segundo": (
        "Segundo uma versão antiga do documento, a empresa guarda cada token em cache.",
        "a empresa guarda cada token em cache.",
        "a distancing frame",
    ),
    "fr-selon": (
        "Selon les critiques, le serveur met en cache chaque jeton.",
        "le serveur met en cache chaque jeton.",
        "a distancing frame",
    ),
    # probe28: denials and frames the lexicon lacked.
    "en-not-always-the-case": (
        "It is not always the case that the server caches every token.",
        "the server caches every token.",
        "a negating frame",
    ),
    "de-irrtum-lautet": (
        "Ein verbreiteter Irrtum lautet: Der Server speichert jedes Token.",
        "Der Server speichert jedes Token.",
        "a negating frame",
    ),
    "zh-common-misconception": ("一个常见的误解是服务器会缓存所有令牌。", "服务器会缓存所有令牌。", "a negating frame"),
    # probe28: an "only" in an aside after the quote restricts it, whatever noun it stands by.
    "en-aside-admins-only": (
        "The server caches every token (admins only).",
        "The server caches every token",
        "a limiting phrase",
    ),
    "ja-aside-nomi": (
        "サーバーはすべてのトークンをキャッシュします（管理者のみ）。",
        "サーバーはすべてのトークンをキャッシュします",
        "a limiting phrase",
    ),
    "zh-aside-jin-xian": ("服务器会缓存所有令牌（仅限管理员）。", "服务器会缓存所有令牌", "a limiting phrase"),
    "ko-aside-man": (
        "서버는 모든 토큰을 캐시합니다 (관리자만 해당).",
        "서버는 모든 토큰을 캐시합니다",
        "a limiting phrase",
    ),
    # probe28: a condition inside a quotation the lead opens and leaves open (effective_go.html).
    "en-condition-in-an-open-quotation": (
        "This could be summarized as, \u201cif the newline comes after a token that could end a statement, "
        "insert a semicolon\u201d.",
        "end a statement, insert a semicolon\u201d.",
        "a leading condition",
    ),
    # ... nor "though" after a hedge of the quote's clause (effective_go.html).
    "en-sometimes-though": (
        "Sometimes, though, it's necessary to break out of a surrounding loop, not the switch.",
        "it's necessary to break out of a surrounding loop, not the switch.",
        "a hedge",
    ),
    # A concessive clause's negation or quantifier is its own, but "while" may say when.
    "en-while-negated": (
        "While no lock is held, the server caches every token.",
        "the server caches every token.",
        "a negation",
    ),
    # "While" and an -ing form says when a rule holds (Apache-2.0 section 9: "While redistributing the
    # Work ..., You may choose to offer ..."); "while" and a clause is a concession as often (below).
    "en-while-redistributing": (
        "While redistributing the Work or Derivative Works thereof, You may choose to offer support for a fee.",
        "You may choose to offer support for a fee.",
        "a leading condition",
    ),
    "en-while-holding-the-lock-after": (
        "The thread must not call into user code while holding the lock.",
        "The thread must not call into user code",
        "a following contrast",
    ),
    "en-while-using-must": (
        "While using the cache, the server must answer every request from memory.",
        "the server must answer every request from memory.",
        "a leading condition",
    ),
    # After a quote "while" is read as a contrast, an -ing form or not.
    "en-while-a-gerund-subject-after": (
        "We found that clamping at 20-80 percent slightly improved results, "
        "while clamping at 40-60 improved results further.",
        "We found that clamping at 20-80 percent slightly improved results",
        "a following contrast",
    ),
    # probe28: a label of several words that ends with a denial's ("common misconception").
    "ja-label-common-misconception": (
        "よくある誤解：サーバーはすべてのトークンをキャッシュします。",
        "サーバーはすべてのトークンをキャッシュします。",
        "a negating frame",
    ),
    "ko-label-common-misconception": (
        "흔한 오해: 서버는 모든 토큰을 캐시합니다.",
        "서버는 모든 토큰을 캐시합니다.",
        "a negating frame",
    ),
    # The review of 61570af: "once" opens a condition unless a comma sets the marker off.
    "en-once-more-than": (
        "Once more than half of the nodes agree, the cluster commits the entry.",
        "the cluster commits the entry.",
        "a leading condition",
    ),
    "en-once-again-connected": (
        "Once again connected, the client resends every pending request.",
        "the client resends every pending request.",
        "a leading condition",
    ),
    "fr-une-fois-encore-connecte": (
        "Une fois encore connecté, le client renvoie chaque requête en attente.",
        "le client renvoie chaque requête en attente.",
        "a leading condition",
    ),
    # ... and "to assume that" is a statement only after "safe", "reasonable", "fair" (RFC 3986, 7.6).
    "en-not-safe-to-assume": (
        "It is not safe to assume that the server caches every token in memory.",
        "the server caches every token in memory.",
        "a distancing frame",
    ),
    "en-lead-a-user-to-assume": (
        "This may lead a human user to assume that the host is the one the link names.",
        "the host is the one the link names.",
        "a distancing frame",
    ),
    # ... and a Japanese clause's verb, which carries its negation, after a quote that stops before it.
    "ja-stops-before-cannot": (
        "HTML 属性の中ではマスタッシュ構文が使えません。",
        "HTML 属性の中ではマスタッシュ構文が…",
        "a negation",
    ),
    # The second review (of daca687): limits the first review's fixes let through.
    "en-vendor-asserts-that": (
        "The vendor asserts that the server caches every token in memory.",
        "the server caches every token in memory.",
        "a distancing frame",
    ),
    "pt-mas-segundo": (
        "Mas segundo os críticos, o servidor guarda cada token em cache.",
        "o servidor guarda cada token em cache.",
        "a distancing frame",
    ),
    "fr-et-selon": (
        "Et selon le fournisseur, le serveur garde chaque jeton en mémoire.",
        "le serveur garde chaque jeton en mémoire.",
        "a distancing frame",
    ),
    "en-refuted-fallacy": (
        "The server caches every token in memory, which is a fallacy.",
        "The server caches every token in memory",
        "a negating frame",
    ),
    "fr-refuted-totalement-faux": (
        "Le serveur garde chaque jeton en mémoire, ce qui est totalement faux.",
        "Le serveur garde chaque jeton en mémoire",
        "a negating frame",
    ),
    "fr-refuted-faux-depuis": (
        "Le serveur garde chaque jeton en mémoire, ce qui est faux depuis la version 2.",
        "Le serveur garde chaque jeton en mémoire",
        "a negating frame",
    ),
    "pt-refuted-mito-comum": (
        "O servidor guarda cada token em cache \u2013 o que é um mito comum.",
        "O servidor guarda cada token em cache",
        "a negating frame",
    ),
    "ru-refuted-sovershenno-neverno": (
        "Сервер хранит каждый токен в кэше, что совершенно неверно.",
        "Сервер хранит каждый токен в кэше",
        "a negating frame",
    ),
    "en-not-always-true-aside": (
        "It is not always true, as some claim, that the server caches every token in memory.",
        "the server caches every token in memory.",
        "a negating frame",
    ),
    "ko-stops-two-words-before-might": (
        "이 코드는 프로그램을 패닉에 빠지게 할 수도 있습니다.",
        "이 코드는 프로그램을 패닉에 빠지게",
        "a hedge",
    ),
    "ko-aside-at-most-20000": (
        "서버는 모든 토큰을 캐시합니다 (최대 2만 개).",
        "서버는 모든 토큰을 캐시합니다",
        "a limiting phrase",
    ),
    "en-not-always-safe-to-assume": (
        "It is not always safe to assume that the server caches every token in memory.",
        "the server caches every token in memory.",
        "a distancing frame",
    ),
    # The third review (of 80be4de): a comma closes the condition "once again ..." opens.
    "en-once-again-the-cache-is-warm": (
        "Once again the cache is warm, requests are served from memory.",
        "requests are served from memory.",
        "a leading condition",
    ),
    # ... and a Japanese or Korean verb negated past a nominaliser is the quote's clause's.
    "ja-not-permitted-after-koto": (
        "ユーザーはパスワードを再利用することが許可されていません。",
        "ユーザーはパスワードを再利用する",
        "a negation",
    ),
    "ko-not-allowed-after-geot": (
        "관리자는 시스템 로그를 삭제하는 것이 허용되지 않습니다.",
        "관리자는 시스템 로그를 삭제하는",
        "a negation",
    ),
    # Korean "is not" in the formal speech level (아닙니다), which was read as no negation at all.
    "ko-formal-is-not": (
        "이 함수는 스레드에 안전한 함수가 아닙니다.",
        "이 함수는 스레드에 안전한 함수가",
        "a negation",
    ),
    # A chained verb takes the mood of the sentence's last predicate before an explanatory "のです".
    "ja-chained-should-explained": (
        "サーバーは設定ファイルを確認し、サービスを再起動するべきなのです。次の文です。",
        "サーバーは設定ファイルを確認し",
        "a modal",
    ),
    # The same before a sentence that opens with a name of code in lower case: the stop after a
    # Korean predicate ends its sentence (the rest was read on, and named "a following contrast").
    "ko-formal-is-not-before-code": (
        "이 동작은 상태 패턴의 일부가 아닙니다. add_text 메소드는 state 필드를 읽지 않지만, 동작 요소입니다.",
        "이 동작은 상태 패턴의 일부가",
        "a negation: '아닙니다'",
    ),
    # 없어지다 ("to cease to be") is a negation ("there is no longer any need"), 없애다 ("to remove") none.
    "ko-no-longer-needed": (
        "이로써 러스트는 아무것도 해제할 필요가 없어집니다.",
        "이로써 러스트는 아무것도 해제할 필요가",
        "a negation",
    ),
    "ko-from-what-i-hear": (
        "듣기로는 서버는 모든 토큰을 캐시합니다.",
        "서버는 모든 토큰을 캐시합니다.",
        "a distancing frame",
    ),
    "zh-so-the-critics-say": ("服务器会缓存所有令牌，批评者如是说。", "服务器会缓存所有令牌", "a distancing frame"),
    # probe28: a Korean quote that stops before "-ㄹ 수(도) 있다" ("can", "might"), real text.
    "ko-stops-before-might": (
        "예를 들어 인덱스는 사람이 직접 번호를 입력하는 것으로 들어올 수도 있습니다.",
        "예를 들어 인덱스는 사람이 직접 번호를 입력하는 것으로 들어올",
        "a hedge",
    ),
    "ko-stops-before-can": (
        "하나 혹은 그 이상의 타입이 에러를 야기할 수 있습니다.",
        "하나 혹은 그 이상의 타입이 에러를 야기할",
        "a modal",
    ),
    # probe28's rest: a frame anywhere in a clause before a colon that says it speaks of what follows.
    "en-wrongly-states-the-following": (
        "The old manual wrongly states the following: The server caches every token.",
        "The server caches every token.",
        "a negating frame",
    ),
    "ja-wrongly-written-as-follows": (
        "古い文書には誤って次のように書かれていました：サーバーはすべてのトークンをキャッシュします。",
        "サーバーはすべてのトークンをキャッシュします。",
        "a negating frame",
    ),
    "ko-not-always-so": (
        "항상 그런 것은 아닙니다: 서버는 모든 토큰을 캐시합니다.",
        "서버는 모든 토큰을 캐시합니다.",
        "a negating frame",
    ),
    # ... German's "according to" after the clause, Japanese "while" and "excluding".
    "de-so-die-kritiker": (
        "Der Server speichert jedes Token, so die Kritiker.",
        "Der Server speichert jedes Token",
        "a distancing frame",
    ),
    "ja-while-holding-the-lock": (
        "ロックを保持している間は、サーバーはすべてのトークンをキャッシュします。",
        "サーバーはすべてのトークンをキャッシュします。",
        "a leading condition",
    ),
    "ja-aside-excluding": (
        "サーバーはすべてのトークンをキャッシュします（Windowsを除く）。",
        "サーバーはすべてのトークンをキャッシュします",
        "a condition or exception",
    ),
    # ... and a scope phrase with no comma that ends with a name or a number.
    "en-on-linux-no-comma": (
        "On Linux the server restarts every night.",
        "the server restarts every night.",
        "a restriction",
    ),
    "en-in-2019-no-comma": (
        "In 2019 the server restarted every night.",
        "the server restarted every night.",
        "a restriction",
    ),
    "ru-v-linux-no-comma": (
        "Язык Rust помогает писать надёжные программы, и компилятор проверяет многие ошибки ещё до запуска "
        "программы. Это очень важно для всех программ, которые работают в сети. В Linux компилятор проверяет "
        "каждую ссылку.",
        "компилятор проверяет каждую ссылку.",
        "a restriction",
    ),
    "en-in-python-3-no-comma": (
        "In Python 3 the print statement became a function.",
        "the print statement became a function.",
        "a restriction",
    ),
    # The second review of 60279af: a quote after a scope phrase with no comma opens its clause with
    # a name and its verb, a bare plural and an auxiliary, or a quantifier, as well as with "the".
    "en-name-and-verb-after-a-scope-no-comma": (
        "On Windows Docker requires WSL 2 to run Linux containers.",
        "Docker requires WSL 2 to run Linux containers.",
        "a restriction",
    ),
    "en-plural-and-auxiliary-after-a-scope-no-comma": (
        "In Safari third-party cookies are blocked by default.",
        "third-party cookies are blocked by default.",
        "a restriction",
    ),
    "en-quantifier-after-a-scope-no-comma": (
        "In Java every class extends Object.",
        "every class extends Object.",
        "a restriction",
    ),
    "ja-while-before-its-comma": (
        "クレートをローカルで作成している間、クレートの名前は自由に変えられます。",
        "クレートの名前は自由に変えられます。",
        "a leading condition",
    ),
    "de-so-ein-sprecher": (
        "Der Server ist für die meisten Programme schnell und sicher, und er wird von allen Diensten genutzt. "
        "Der Server speichert jedes Token, so ein Sprecher.",
        "Der Server speichert jedes Token",
        "a distancing frame",
    ),
    "de-so-mueller": (
        "Der Server ist für die meisten Programme schnell und sicher, und er wird von allen Diensten genutzt. "
        "Der Server speichert jedes Token, so Müller.",
        "Der Server speichert jedes Token",
        "a distancing frame",
    ),
    # The review of f6cf631: a Thai "because" and "usually" only, before the quote, says why in its words.
    "th-because-usually": (
        "element ประเภทฟอร์มต่างๆ ทำงานแตกต่างกันไป เนื่องจากโดยปกติ element ประเภทฟอร์ม จะมีการเก็บ state ไว้เป็นของตัวเองอยู่แล้ว",
        "element ประเภทฟอร์ม จะมีการเก็บ state ไว้เป็นของตัวเองอยู่แล้ว",
        "a hedge",
    ),
    # ... and a Japanese or Korean condition or exception past a comma after the quote (an afterthought).
    "ja-afterthought-condition": (
        "サーバーはすべてのトークンを拒否します、設定が有効な場合に限ります。",
        "サーバーはすべてのトークンを拒否します",
        "a condition or exception",
    ),
    "ko-afterthought-condition": (
        "서버는 모든 토큰을 거부합니다, 설정이 활성화된 경우에만.",
        "서버는 모든 토큰을 거부합니다",
        "a condition or exception",
    ),
    "ja-exception-after-the-comma": (
        "すべてのユーザーが利用できます、ただし管理者の承認が必要な場合を除きます。",
        "すべてのユーザーが利用できます",
        "a condition or exception",
    ),
    # The metamorphic matrix (ja_vue_template-syntax.md): Japanese's polite "but" after the quote.
    "ja-desu-ga-contrast": (
        "この省略記法を使うかどうかは任意ですが、その使い方を後ほど詳しく知れば、良さがわかるはずです。",
        "この省略記法を使うかどうかは任意",
        "a following contrast",
    ),
    # eval_probe: a quote that ends with the "but" of the clause it leaves out.
    "en-ends-with-but": (
        "This rule may seem intuitive, but it gets complicated with references to vector elements.",
        "This rule may seem intuitive, but",
        "a following contrast",
    ),
    "ko-ends-with-jiman": (
        "이 규칙은 직관적인 것 같아 보일 수도 있지만, 벡터 요소의 참조자를 만들 경우엔 좀 복잡해질 수 있습니다.",
        "이 규칙은 직관적인 것 같아 보일 수도 있지만",
        "a following contrast",
    ),
    "ja-ends-with-masen-ga": (
        "このルールは直感的に見えるかもしれませんが、ベクタの要素への参照を作る場合は複雑になります。",
        "このルールは直感的に見えるかもしれませんが",
        "a following contrast",
    ),
    "th-bon-linux": ("บน Linux คอมไพเลอร์ตรวจสอบทุกการอ้างอิง", "คอมไพเลอร์ตรวจสอบทุกการอ้างอิง", "a restriction"),
    # ... and Thai's "only X" ("เฉพาะ X เท่านั้น"), in an aside after the quote or not.
    "th-aside-only-admins": (
        "เซิร์ฟเวอร์ปฏิเสธโทเค็นทั้งหมด (เฉพาะผู้ดูแลระบบเท่านั้น)",
        "เซิร์ฟเวอร์ปฏิเสธโทเค็นทั้งหมด",
        "a limiting phrase",
    ),
    "th-only-admins": (
        "เซิร์ฟเวอร์ปฏิเสธโทเค็นทั้งหมด เฉพาะผู้ดูแลระบบเท่านั้น",
        "เซิร์ฟเวอร์ปฏิเสธโทเค็นทั้งหมด",
        "a limiting phrase",
    ),
    # ... and Chinese "suppose" alone before the quote (zh_rustbook_ch04-01.md).
    "zh-suppose": (
        "继续类比，假设有一个服务员在餐厅里处理多个桌子的点菜。",
        "有一个服务员在餐厅里处理多个桌子的点菜。",
        "a distancing frame",
    ),
    # A Japanese or Korean condition past a comma after the quote may be the quote's: after a topic
    # (the cleft "Xのは、...場合のみです", real vendor docs), an afterthought after a plain or polite
    # ending, one that ends the sentence ("...場合に限ります"), and, past a connective form, one whose
    # clause the quote's is coordinated into ("[...が共通し]、...場合にお勧めします": "recommended
    # when A and B", the commonest shape in vendor docs; book-ja's "[...で指定し]、...できたら、").
    # Two reviews on real text found no rule that tells these from a later clause's own condition
    # ("[break文を追加して]、ユーザが勝ったら..."), which stays flagged for a person.
    "ja-coordinated-condition-recommended": (
        "このオプションは、通信要件が共通し、業務プロセスが明確に定義されている場合にお勧めします。",
        "このオプションは、通信要件が共通し",
        "a condition or exception",
    ),
    "ja-coordinated-condition-applies-only": (
        "この設定は、複数のサーバープールを展開しており、共有データベースを使用する場合にのみ適用できます。",
        "この設定は、複数のサーバープールを展開しており",
        "a condition or exception",
    ),
    "ko-coordinated-condition": (
        "타입을 구현하고, 해당 타입을 Send로 표시하려면 unsafe를 사용해야 합니다.",
        "타입을 구현하고",
        "a condition or exception",
    ),
    "ja-cleft-condition": (
        "新しい ADR が必要になるのは、メカニズム自体が変更される場合のみです。",
        "新しい ADR が必要になる",
        "a condition or exception",
    ),
    "ja-cleft-condition-inside-the-predicate": (
        "アドインが読み込まれるのは、ユーザーがボタンをクリックしたときだけという仕様です。",
        "アドインが読み込まれる",
        "a condition or exception",
    ),
    "ko-topic-condition-inside-the-predicate": (
        "캐시가 응답을 저장하는 것은, 설정이 켜진 경우에만 허용되는 동작입니다.",
        "캐시가 응답을 저장하는",
        "a condition or exception",
    ),
    "ja-plain-ending-then-condition": (
        "キャッシュは削除されない、設定で無効にしない限り。",
        "キャッシュは削除されない",
        "a condition or exception",
    ),
    "ja-polite-ending-cut-then-condition": (
        "この関数はファイルを削除します、管理者が許可した場合に限ります。",
        "この関数はファイルを削除し",
        "a condition or exception",
    ),
    "ja-coordinated-condition": (
        "ユーザが年齢を文字列で指定し、数値として解析することができたら、背景色は、その数値の値によって紫かオレンジになります。",
        "ユーザが年齢を文字列で指定し",
        "a condition or exception",
    ),
    "ja-exception-after-a-connective": (
        "サーバーはリクエストを受け取り、ただし管理者のリクエストを除いてすべてをログに記録します。",
        "サーバーはリクエストを受け取り",
        "a condition or exception",
    ),
    "ja-condition-ends-the-sentence": (
        "この関数はファイルを削除し、管理者が許可した場合に限ります。",
        "この関数はファイルを削除し",
        "a condition or exception",
    ),
    "ko-condition-ends-the-sentence": (
        "서버는 모든 요청을 저장하며, 이는 설정이 켜진 경우에만 가능합니다.",
        "서버는 모든 요청을 저장하며",
        "a condition or exception",
    ),
    # Japanese's "but" が: after a copula or a conjecture (`であるが、`, `でしょうが、`), after a polite
    # ending with no comma, けど, a quote that ends with けれども; a verb of explaining that points at
    # no later account is no preface.
    "ja-desu-comma-ga": (
        "この設定は任意です、が、本番環境では必須です。",
        "この設定は任意です",
        "a following contrast",
    ),
    # Russian "largely" (the Leptos book in Russian, its 3-15_global_state chapter).
    "ru-vo-mnogom": (
        "Во многом URL это действительно лучший способ хранить глобальное состояние.",
        "URL это действительно лучший способ хранить глобальное состояние.",
        "a hedge",
    ),
    "ja-kedo-without-a-comma": (
        "この機能は使えるけど本番環境では動作が遅い。",
        "この機能は使える",
        "a following contrast",
    ),
    "ja-kedo-contrast": (
        "この機能は使えるけど、本番環境では動作が遅い。",
        "この機能は使える",
        "a following contrast",
    ),
    "ja-copula-de-aru-ga": (
        "この設定は任意であるが、本番環境では必須である。",
        "この設定は任意",
        "a following contrast",
    ),
    "ja-deshou-ga": (
        "この設定は任意でしょうが、本番環境では必須です。",
        "この設定は任意",
        "a following contrast",
    ),
    "ja-desu-ga-without-a-comma": (
        "この設定は任意ですが本番環境では必須です。",
        "この設定は任意です",
        "a following contrast",
    ),
    "ja-quote-ends-with-keredomo": (
        "この機能は使えるけれども、本番環境では動作が遅い。",
        "この機能は使えるけれども",
        "a following contrast",
    ),
    "ja-explained-but-not-a-preface": (
        "この関数は入力を検証しますが、出力は検証しません。",
        "この関数は入力を検証し",
        "a following contrast",
    ),
    "ja-explaining-without-a-pointer": (
        "この章では所有権を説明しますが、借用は説明しません。",
        "この章では所有権を説明し",
        "a following contrast",
    ),
    # eval_heldout (ja_vue_template-syntax.md): a preface's verb inside an aside the "but" follows is the aside's.
    "ja-but-after-an-aside-that-prefaces": (
        "ディレクティブの属性値は単一の式であることが期待されます"
        "（ただし v-for は例外であり、後ほどそれぞれのセクションで説明します）が、実際には複数の式も書けます。",
        "ディレクティブの属性値は単一の式であることが期待されます"
        "（ただし v-for は例外であり、後ほどそれぞれのセクションで説明します）",
        "a following contrast",
    ),
    "ko-jiman-then-condition": (
        "응답 경로에 있는 캐시는 응답의 복사본을 가져올 수 있지만, "
        "이는 캐싱 메타데이터가 허용하는 경우에만 가능합니다.",
        "응답 경로에 있는 캐시는 응답의 복사본을 가져올 수 있지만",
        "a following contrast",
    ),
    # A chained verb ("確認し", "使って", Korean "-거나") takes the mood of the sentence's last predicate:
    # "should check the file and restart", "might verify and log", which a quote cut at the chain leaves out.
    "ja-chained-must": (
        "設定ファイルを確認して、サーバーを再起動する必要があります。",
        "設定ファイルを確認して",
        "a modal",
    ),
    "ja-chained-can": (
        "ユーザーはパスワードを入力し、ログインすることができます。",
        "ユーザーはパスワードを入力し",
        "a modal",
    ),
    "ja-chained-might": (
        "サーバーは要求を検証し、結果をログに記録するかもしれません。",
        "サーバーは要求を検証し",
        "a hedge",
    ),
    "ja-chained-te-form-in-n": (
        "設定ファイルを読んで、サーバーを再起動するべきです。",
        "設定ファイルを読んで",
        "a modal",
    ),
    "ja-chained-cut-inside-the-ending": (
        "to_string()とString::fromを使って、所有権のあるString型に変換する必要があります。",
        "to_string()とString::fromを使っ",
        "a modal",
    ),
    "ja-chained-frame": (
        "LLVMは、自身がレジスタを完全にコントロールし、元の状態を復元すると考えています。",
        "LLVMは、自身がレジスタを完全にコントロールし",
        "a distancing frame",
    ),
    "ja-chained-not-that": (
        "このライブラリはすべての入力を検証し、エラーを記録するわけではありません。",
        "このライブラリはすべての入力を検証し",
        "a negating frame",
    ),
    # Preparing sets a quote's first "o" aside as a list bullet: the cut is read from it, the
    # Portuguese article it is ("No Linux, [o servidor ...]").
    "pt-scope-before-an-article": (
        "O servidor é simples de configurar. No Linux, o servidor armazena cada token em cache na memória.",
        "o servidor armazena cada token em cache na memória.",
        "a restriction on whom or what it applies to",
    ),
    "zh-according-to-the-vendor": (
        "根据供应商的说法，服务器会将每个令牌缓存在内存中。",
        "服务器会将每个令牌缓存在内存中。",
        "a distancing frame",
    ),
    # probe28's constructed frames: "according to them" in Chinese; a German label that ends in
    # "gilt" ("holds"), read as the lead of what follows its colon.
    "zh-according-to-after-the-quote": (
        "服务器会将每个令牌缓存在内存中，根据供应商的说法。",
        "服务器会将每个令牌缓存在内存中",
        "a distancing frame",
    ),
    "de-not-always-holds": (
        "Nicht immer gilt: Der Server speichert jedes Token im Speicher.",
        "Der Server speichert jedes Token im Speicher.",
        "a negation",
    ),
    "de-on-linux-holds": (
        "Unter Linux gilt: Der Server speichert jedes Token im Speicher.",
        "Der Server speichert jedes Token im Speicher.",
        "a restriction on whom or what it applies to",
    ),
    "pt-during-the-first-render": (
        "O React é rápido. Durante a renderização inicial, o React chamará o componente raiz.",
        "o React chamará o componente raiz.",
        "a restriction on whom or what it applies to",
    ),
    "zh-reportedly": (
        "据报道，服务器会将每个令牌缓存在内存中。",
        "服务器会将每个令牌缓存在内存中。",
        "a distancing frame",
    ),
    "zh-this-claim-is-inaccurate": (
        "服务器会将每个令牌缓存在内存中，这种说法并不准确。",
        "服务器会将每个令牌缓存在内存中",
        "a negating frame",
    ),
    # "Cannot" over a means is a mood: "you cannot change it using PowerShell" (the Microsoft admin docs).
    "ja-chained-means-cannot": (
        "Windows PowerShell を使用して、この情報を変更することはできません。",
        "Windows PowerShell を使用して",
        "a modal",
    ),
    "ja-chained-intention": (
        "私たちはこの機能を改善し、来年にはリリースしたいと考えています。",
        "私たちはこの機能を改善し",
        "a modal",
    ),
    "ko-alternatives-might": (
        "예를 들면 해당 파일이 존재하지 않거나, 파일 접근을 위한 권한이 없을지도 모릅니다.",
        "예를 들면 해당 파일이 존재하지 않거나",
        "a hedge",
    ),
    "ko-alternatives-can": (
        "이 애플리케이션은 메시지를 애플리케이션 내에 집어넣거나, 이메일을 보내거나, 그 밖의 것들을 할 수 있습니다.",
        "이 애플리케이션은 메시지를 애플리케이션 내에 집어넣거나",
        "a modal",
    ),
}

# (source sentence, quote): the left-out words are neutral.
NEUTRAL: dict[str, tuple[str, str]] = {
    # probe28: a stance marker that asserts, whose words look like a negation or a condition.
    "en-not-surprisingly": ("Not surprisingly, the server caches every token.", "the server caches every token."),
    "en-once-again": ("Once again, the server caches every token.", "the server caches every token."),
    "fr-une-fois-de-plus": (
        "Une fois de plus, le serveur met en cache chaque jeton.",
        "le serveur met en cache chaque jeton.",
    ),
    "pt-sem-duvida": ("Sem dúvida, o servidor guarda cada token em cache.", "o servidor guarda cada token em cache."),
    "ru-bez-somneniya": ("Без сомнения, сервер кэширует каждый токен.", "сервер кэширует каждый токен."),
    "zh-bu-chu-suo-liao": ("不出所料，服务器会缓存所有令牌。", "服务器会缓存所有令牌。"),
    "ja-iu-made-mo-naku": (
        "言うまでもなく、サーバーはすべてのトークンをキャッシュします。",
        "サーバーはすべてのトークンをキャッシュします。",
    ),
    "ko-needless-to-say": ("말할 것도 없이, 서버는 모든 토큰을 캐시합니다.", "서버는 모든 토큰을 캐시합니다."),
    # probe28: RFC 3986, 1.2.2: the "many" of a concessive clause the comma closes is its own.
    "en-although-many": (
        "Although many URI schemes are named after protocols, this does not imply that use of these URIs will "
        "result in access to the resource via the named protocol.",
        "this does not imply that use of these URIs will result in access to the resource via the named protocol.",
    ),
    "en-as-if-comparison": ("The server behaves as if the token were valid.", "the token were valid."),
    "ja-label-note": (
        "注意：サーバーはすべてのトークンをキャッシュします。",
        "サーバーはすべてのトークンをキャッシュします。",
    ),
    # The review of 61570af: words like the new frames, refutations and "only"s that are none.
    "pt-em-segundo-lugar": (
        "Em segundo lugar, a empresa guarda cada token em cache.",
        "a empresa guarda cada token em cache.",
    ),
    "fr-selon-la-date": (
        "Triez les résultats selon la date, puis envoyez la liste complète au serveur.",
        "envoyez la liste complète au serveur.",
    ),
    "de-was-zu-einem-irrtum": (
        "Der Parser ignoriert Leerzeichen, was zu einem Irrtum führen kann.",
        "Der Parser ignoriert Leerzeichen",
    ),
    "fr-vrai-ou-faux": ("La fonction renvoie un booléen, c'est vrai ou faux.", "La fonction renvoie un booléen"),
    "ko-aside-number-man": ("서버는 모든 토큰을 캐시합니다 (2만 원).", "서버는 모든 토큰을 캐시합니다"),
    "zh-aside-zhi-shi": ("服务器会缓存所有令牌（只是示例）。", "服务器会缓存所有令牌"),
    "ja-aside-dekiru-dake": ("サーバーはトークンを更新します（できるだけ早く）。", "サーバーはトークンを更新します"),
    "en-aside-the-only-one": ("The server caches every token (the only one).", "The server caches every token"),
    "ko-number-of-users": (
        "스레드 풀은 설정된 작업자 스레드 수 만큼 요청을 동시에 처리합니다.",
        "스레드 풀은 설정된 작업자 스레드",
    ),
    "en-test-asserts-that": (
        "The test asserts that the response status is 200 for every request.",
        "the response status is 200 for every request.",
    ),
    "en-must-assume-that": (
        "You must assume that all input from the network is untrusted.",
        "all input from the network is untrusted.",
    ),
    # The second review: markers, concessions and Japanese clauses read too broadly.
    "en-once-again-no-comma": (
        "Once again the server caches every token in memory.",
        "the server caches every token in memory.",
    ),
    "en-once-again-at-the-end": (
        "The server caches every token in memory once again.",
        "The server caches every token in memory",
    ),
    "en-however-although": (
        "However, although few clients send the header, the server caches every token in memory.",
        "the server caches every token in memory.",
    ),
    "ja-needless-to-say-after": (
        "ベクタは値をヒープに保存することは言うまでもありません。",
        "ベクタは値をヒープに保存する",
    ),
    "ko-conjunct-negated": ("벡터는 값을 힙에 저장하고 크기 제한이 없습니다.", "벡터는 값을 힙에 저장하고"),
    # ... and none from a past one ("it is that it restarted").
    "ja-chained-past-explained": (
        "サーバーは設定ファイルを確認し、サービスを再起動したのです。次の文です。",
        "サーバーは設定ファイルを確認し",
    ),
    # A sentence that opens with a name of code in lower case after a Korean predicate's stop.
    "ko-sentence-opening-with-code": (
        "이 동작은 상태 패턴의 일부가 아닙니다. add_text 메소드는 state 필드를 읽고 값을 저장합니다.",
        "add_text 메소드는 state 필드를 읽고 값을 저장합니다.",
    ),
    # 없애는 ("removing") holds 없 and negates nothing (ko_rustbook_ch08-01).
    "ko-removing": (
        "지금까지 벡터를 만들고, 갱신하고, 없애는 방법에 대해 알아보았으니, "
        "벡터의 내용물을 읽어 들이는 방법을 알아보는 것이 다음 단계로 좋아 보입니다.",
        "방법에 대해 알아보았으니, 벡터의 내용물을 읽어 들이는 방법을 알아보는 것이 다음 단계로 좋아 보입니다.",
    ),
    # A chained verb takes no negation from the end of the sentence ("saves and does not restart"),
    # nor a mood from a sentence after a particle that ends as a verb does ("about", "-다고").
    "ja-chained-then-negated": (
        "サーバーは設定ファイルを保存し、ほかのサービスを再起動しません。",
        "サーバーは設定ファイルを保存し",
    ),
    "ja-chained-plain": ("サーバーは要求を検証し、結果をログに記録します。", "サーバーは要求を検証し"),
    "ja-particle-in-te": (
        "ベクタの容量について、公式のドキュメントで説明されているかもしれません。",
        "ベクタの容量について",
    ),
    # An independent review on the React docs in Chinese: 根据 alone is "based on" (0 of 24 right as a frame).
    "zh-based-on-the-config": ("根据配置文件，服务器会将每个令牌缓存在内存中。", "服务器会将每个令牌缓存在内存中。"),
    "zh-based-on-the-size-prop": (
        "接下来我们会修改头像组件的实现，根据 size prop 请求最接近的图像尺寸。",
        "接下来我们会修改头像组件的实现",
    ),
    # The independent review on the React docs in Japanese: "can" over a means ("using this object,
    # you can read ..."), particles ending in し or て, a finite "ません" and し, "recommend" as the
    # writer's own next act.
    "ja-chained-means-can": (
        "このオブジェクトを使用して、イベントに関する情報を読み取ることができます。",
        "このオブジェクトを使用して",
    ),
    "ja-particle-ni-taishi": (
        "このルールはリンタに対し、それが依存値である理由がないことを証明する必要があります。",
        "このルールはリンタに対し",
    ),
    "ja-finite-masen-and-besides": (
        "すべてを useEffectEvent でラップする必要はありませんし、バグにつながる可能性があります。",
        "すべてを useEffectEvent でラップする必要はありません",
    ),
    "ja-try-doing": (
        "実験として useMemo で計算をラップしてみて、その操作に対する合計時間が減少したかどうかをログで確認できます。",
        "実験として useMemo で計算をラップしてみて",
    ),
    "ja-recommend-as-own-act": (
        "本日、新規アプリに対して Create React App を非推奨とし、既存のアプリには移行を推奨します。",
        "本日、新規アプリに対して Create React App を非推奨とし",
    ),
    # The same review on the React docs in Portuguese, once a quote's first "o" is read as its
    # article: a discourse marker, a purpose ("para" and an infinitive), the text's own example.
    "pt-em-seguida": ("O React é rápido. Em seguida, o React executará seu Efeito.", "o React executará seu Efeito."),
    "pt-purpose-para-and-an-infinitive": (
        "O React é rápido. Para hidratar seu aplicativo, o React anexará a lógica dos seus componentes.",
        "o React anexará a lógica dos seus componentes.",
    ),
    "pt-in-this-code": (
        "O React é rápido. Neste código, o componente Profile não está passando nenhuma prop.",
        "o componente Profile não está passando nenhuma prop.",
    ),
    "pt-in-the-object-below": (
        "O React é rápido. No objeto abaixo, o URL completo da imagem é dividido em quatro partes.",
        "o URL completo da imagem é dividido em quatro partes.",
    ),
    "zh-put-another-way": ("换个说法，服务器会将每个令牌缓存在内存中。", "服务器会将每个令牌缓存在内存中。"),
    # Past a quote, "根据" ("by", "according to") inside another clause frames that clause only.
    "zh-by-the-rules-in-a-later-clause": (
        "Rust 则选择了第三种方式：通过所有权系统管理内存，编译器在编译时会根据一系列的规则进行检查。",
        "Rust 则选择了第三种方式：通过所有权系统管理内存",
    ),
    "en-while-a-concession": (
        "While we did not detect a known variant, this patient's pathology report was consistent with it.",
        "this patient's pathology report was consistent with it.",
    ),
    # Real text (the React docs, OpenPBTA, the Leptos book): an -ing form that is a subject, and a
    # "while" clause the quote goes on in.
    "en-while-a-gerund-subject": (
        "While passing [] as the second argument is closer to the familiar mental model, "
        "there are usually better solutions to avoid re-running effects too often.",
        "there are usually better solutions to avoid re-running effects too often.",
    ),
    "en-while-passing-your-quote": (
        "While passing [] as the second argument is closer to the familiar mental model, "
        "there are usually better solutions to avoid re-running effects too often.",
        "[] as the second argument is closer to the familiar mental model, "
        "there are usually better solutions to avoid re-running effects too often.",
    ),
    "en-while-keeping-your-quote": (
        "This will optimize the WASM for your release build for size, "
        "while keeping your server build optimized for speed.",
        "server build optimized for speed.",
    ),
    "en-while-in-a-relative-clause-after": (
        "This is the advantage of this mechanism over debouncing or throttling, "
        "which always impose a minimal delay and cannot avoid blocking the thread while rendering.",
        "This is the advantage of this mechanism over debouncing or throttling",
    ),
    # A quote with no modal reports what happened then (the React docs), limited by nothing.
    "en-while-a-gerund-subject-should": (
        "While passing [] as the second argument is closer to the familiar mental model, "
        "you should prefer a better solution.",
        "you should prefer a better solution.",
    ),
    "en-while-a-gerund-subject-in-ed": (
        "While clamping at 40-60 improved results further, you should still measure your own data.",
        "you should still measure your own data.",
    ),
    "en-while-a-concession-with-a-modal": (
        "While we disagree with the proposal, you must follow it.",
        "you must follow it.",
    ),
    "en-while-writing-we-found": (
        "While writing these docs and creating all of the examples, we found mistakes in some of our own explanations.",
        "we found mistakes in some of our own explanations.",
    ),
    "en-while-a-noun-in-ing": (
        "While string concatenation is slow, the builder is fast enough for most programs.",
        "the builder is fast enough for most programs.",
    ),
    "de-it-holds": (
        "Es gilt: Der Server speichert jedes Token im Speicher.",
        "Der Server speichert jedes Token im Speicher.",
    ),
    "de-in-practice-holds": (
        "In der Praxis gilt: Der Server speichert jedes Token im Speicher.",
        "Der Server speichert jedes Token im Speicher.",
    ),
    "de-in-this-section-holds": (
        "In diesem Abschnitt gilt: Der Server speichert jedes Token im Speicher.",
        "Der Server speichert jedes Token im Speicher.",
    ),
    # A German negation of a clause of its own: after "und", after a semicolon.
    "de-negation-of-the-clause-after-und": (
        "Der Server akzeptiert das Token und der Client sendet es danach nicht.",
        "Der Server akzeptiert das Token",
    ),
    "de-negation-of-the-clause-the-quote-s-und-opens": (
        "Das Beispiel zeigt, wo Variablen in den Gültigkeitsbereich fallen und wo nicht.",
        "Das Beispiel zeigt, wo Variablen in den Gültigkeitsbereich fallen und",
    ),
    "de-nothing-of-a-noun-phrase": (
        "Wenn du einen Typ anstatt einer Option hast, erwartet dein Programm etwas statt nichts.",
        "Wenn du einen Typ anstatt einer Option hast, erwartet dein Programm etwas",
    ),
    "de-negation-after-a-reason-the-trail-opens-with": (
        "Wir können den Test nicht ausführen und zusehen, wie er fehlschlägt, weil der Test noch nicht kompiliert.",
        "Wir können den Test nicht ausführen und zusehen",
    ),
    "de-negation-that-is-a-compound-s-prefix": (
        "Der Wert eines Typs ist zur Kompilierzeit eines nicht-rekursiven Programms bekannt.",
        "Der Wert eines Typs ist",
    ),
    "de-negation-of-a-reason-set-off-by-a-comma": (
        "Der Server akzeptiert das Token sofort, weil der Client es vorher nicht signiert hat.",
        "Der Server akzeptiert das Token sofort",
    ),
    "de-hedge-of-the-clause-after-und": (
        "Der Server speichert die Daten im Cache und der Client liest sie dort nur selten.",
        "Der Server speichert die Daten im Cache",
    ),
    "de-negation-of-an-attribute": (
        "Der Server protokolliert alle Fehler beim Start in einer nicht öffentlichen Datei.",
        "Der Server protokolliert alle Fehler",
    ),
    "de-hedge-of-an-attribute": (
        "Der Client lädt die Updates jede Woche von einem selten erreichbaren Spiegelserver.",
        "Der Client lädt die Updates",
    ),
    "de-negation-of-a-verb-final-conjunct": (
        "Beachte, dass die Syntax neu ist und sich die Syntax ändert oder der Vorschlag nicht eingebaut wird.",
        "Beachte, dass die Syntax neu ist und sich die Syntax ändert",
    ),
    "de-negation-of-a-second-predicate": (
        "Das ist für die meisten Leser komplett optional und für dieses Tutorial nicht notwendig.",
        "Das ist für die meisten Leser komplett optional",
    ),
    "de-negation-of-an-infinitive-clause": (
        "Der Server ruft die Funktion jetzt auf um die Daten nicht zu verlieren.",
        "Der Server ruft die Funktion jetzt auf",
    ),
    "de-never-in-a-comparison": (
        "Der Server startet die Anwendung schneller wie nie zuvor im Betrieb.",
        "Der Server startet die Anwendung",
    ),
    "de-hedge-after-a-spaced-dash": (
        "Der Fehler tritt beim Start der Anwendung auf - der Server meldet ihn dann meistens im Log.",
        "Der Fehler tritt beim Start der Anwendung auf",
    ),
    "de-undamaged-is-no-proviso": (
        "Nach dem Update bleiben die gespeicherten Daten auf dem Server unbeschadet.",
        "Nach dem Update bleiben die gespeicherten Daten auf dem Server",
    ),
    "ja-have-done-is-no-hedge": (
        "私はこのアプリケーションを以前に使ったことがあります。",
        "私はこのアプリケーションを以前に使った",
    ),
    "de-negation-of-the-clause-after-a-semicolon": (
        "Der Server speichert das Token im Cache; der Client speichert es nicht.",
        "Der Server speichert das Token im Cache",
    ),
    # "No obstante," alone is "however", a marker; "no obstante lo dispuesto" is the proviso.
    "es-however-is-no-proviso": (
        "No obstante, el plazo de recurso es de dos semanas para todos los casos.",
        "el plazo de recurso es de dos semanas para todos los casos.",
    ),
    # "abweichende Werte": the adjective ("differing"), not "abweichend von".
    "de-differing-is-no-proviso": (
        "Für abweichende Werte gibt es ein eigenes Feld, und der Server speichert jedes Token im Speicher.",
        "der Server speichert jedes Token im Speicher.",
    ),
    "ja-finite-and-besides": (
        "そのような比較はコストがかかりますし、その価値はないでしょう。",
        "そのような比較はコストがかかります",
    ),
    "ja-state-and": (
        "これらの基礎は全てのRustプログラムに存在するものであり、早期に学ぶことで強力な基礎を築くことになるでしょう。",
        "これらの基礎は全てのRustプログラムに存在するものであり",
    ),
    "ko-clauses-each-with-a-subject": (
        "상수는 let 키워드 대신 const 키워드로 선언하며, 값의 타입은 반드시 명시되어야 합니다.",
        "상수는 let 키워드 대신 const 키워드로 선언하며",
    ),
    # The third review: what a refutation's words say otherwise.
    "de-das-ist-nicht-falsch": (
        "Der Cache beschleunigt alle Anfragen deutlich, das ist nicht falsch.",
        "Der Cache beschleunigt alle Anfragen deutlich",
    ),
    "fr-faux-positif": ("Le scanner signale ce fichier, c'est un faux positif.", "Le scanner signale ce fichier"),
    "en-a-babylonian-myth": (
        "The film retells the flood story, which is a Babylonian myth.",
        "The film retells the flood story",
    ),
    "pt-segundo-ordinal": ("Segundo, a empresa guarda cada token em cache.", "a empresa guarda cada token em cache."),
    "en-aside-most-names": ("The server accepts names (most names).", "The server accepts names"),
    # Thai "แต่ละ" is "each", not "but" (th_react_state-and-lifecycle.md).
    "th-each": (
        "มาสรุปกันว่าเกิดอะไรขึ้น และลำดับการเรียกใช้ของแต่ละเมธอด",
        "มาสรุปกันว่าเกิดอะไรขึ้น",
    ),
    # An aside after the quote that opens with no condition: a reference, examples.
    "en-bracketed-reference": ("The server checks every token (see Section 4).", "The server checks every token"),
    "en-bracketed-examples": ("The server checks every token (e.g. JWTs).", "The server checks every token"),
    # Words whose character is a negation's and that negate nothing: 非常 ("very"); "not only".
    "zh-feichang": ("这个服务器非常快速地验证每一个令牌。", "快速地验证每一个令牌。"),
    # 能 of a noun the cut parts (功能, 能力) or holds whole (太阳能): no "can".
    "zh-gongneng-parted": ("这个库提供了缓存功能，并且支持所有主流的数据库。", "这个库提供了缓存功"),
    "zh-nengli-parted": ("这个团队的能力很强，并且每个成员都很有经验。", "力很强，并且每个成员都很有经验。"),
    "zh-taiyangneng": ("太阳能发电设备的价格，这几年一直在下跌。", "发电设备的价格，这几年一直在下跌。"),
    # A modal after the quote's comma and the marker the reading starts past ("然后", "then") is
    # the next clause's: "then can the parameters be read".
    "zh-then-can-after-a-comma": ("提示必须先初始化网络，然后才能访问参数。", "提示必须先初始化网络"),
    # 时 in a word of its own: 同时 ("at the same time"), 小时 ("hour"), no "when".
    "zh-tongshi": ("同时，服务器会记录一条日志。", "服务器会记录一条日志。"),
    "zh-xiaoshi": ("每隔24小时，服务器会检查每个令牌。", "服务器会检查每个令牌。"),
    "zh-yanshi": ("为了降低网络延时，服务器会缓存每个令牌。", "服务器会缓存每个令牌。"),
    # A clause of "when" after the quote's comma is the next clause's ("when configuring ..., can ...").
    "zh-shi-in-the-next-clause": (
        "我们在这个版本中引入了加密算法，用户在配置静态加密时，可将密钥轮换。",
        "我们在这个版本中引入了加密算法",
    ),
    "ja-sono-toki": (
        "その時、アプリケーションは設定ファイルを読み込みます。",
        "アプリケーションは設定ファイルを読み込みます。",
    ),
    # 节能 ("energy saving"), 能效 ("efficiency") the cut parts: nouns, no "can".
    "zh-jieneng": ("这款处理器在低负载时的节能表现明显优于上一代产品。", "表现明显优于上一代产品。"),
    "zh-nengxiao-parted": ("这个系统能效很高，并且运行稳定。", "效很高，并且运行稳定。"),
    # "まず" ("first") opening a sentence, after a mark: no ず of the word before it.
    "ja-mazu-after-a-stop": (
        "次に構造体を定義。まず、所有権のルールについて見ていきましょう。",
        "所有権のルールについて見ていきましょう。",
    ),
    # A quote that opens with "but" after a comma is a clause of its own: the negation or modal of
    # the clause before governs that clause.
    "en-but-after-a-negated-clause": (
        "The program won't panic, but the variable will have a value that probably isn't what you expected.",
        "but the variable will have a value that probably isn't what you expected.",
    ),
    "zh-danshi-after-a-modal": (
        "虽然这样是可以的，但是在每一个函数中都获取所有权并接着返回所有权有些啰嗦。",
        "但是在每一个函数中都获取所有权并接着返回所有权有些啰嗦。",
    ),
    # A hedge that opens the sentence without a comma is the first clause's only.
    "en-but-after-a-hedged-clause": (
        "Usually the compiler infers the type, but you must annotate it when parsing strings.",
        "but you must annotate it when parsing strings.",
    ),
    # A discourse marker that holds "not", a word that holds 不 ("unfortunately").
    "en-last-but-not-least": (
        "Last but certainly not least, Generative AI may be the largest technology transformation since the cloud.",
        "Generative AI may be the largest technology transformation since the cloud.",
    ),
    "zh-buxing": ("不幸的是，这个函数在每一个调用中都获取所有权。", "这个函数在每一个调用中都获取所有权。"),
    # Thai ไม่ว่า ("regardless") holds ไม่ ("not") and negates nothing.
    "th-regardless": (
        "ไม่ว่าคอมโพเนนท์นั้นจะมี state หรือไม่ เราสามารถส่ง props ลงไปยังคอมโพเนนท์ลูกได้เสมอ",
        "เราสามารถส่ง props ลงไปยังคอมโพเนนท์ลูกได้เสมอ",
    ),
    # 当 in a word (相当, 应当, 当然) is no "when", though a 后 or 时 follows.
    "zh-xiangdang": ("这相当于一个新的变量，之后服务器都会记录一条日志。", "服务器都会记录一条日志。"),
    # 之后 opening its clause is "afterwards"; closing one before a comma, "after [X]" (a condition).
    "zh-afterwards": ("这是一个新的变量，之后服务器会记录一条日志。", "服务器会记录一条日志。"),
    # A colon after a plain clause, a label that denies nothing, an "and" clause after a threshold.
    "en-colon-plain": ("The rule is simple: the server rejects every token.", "the server rejects every token."),
    "en-label-example": ("Example: the server rejects every token.", "the server rejects every token."),
    "en-and-clause-with-threshold": (
        "Standard shipping takes 3-5 business days and is free for orders over $49.",
        "Standard shipping takes 3-5 business days",
    ),
    # A condition's word as a noun or in "as if", and "yet" as "still" (false alarms of the probe of 2026-12-06).
    "en-if-as-a-noun": (
        "The main way to use Boolean values is through conditionals, such as an if expression.",
        "The main way to use Boolean values is through conditionals",
    ),
    "en-as-if": (
        "You can use _ as a separator, such as 1_000, which will have the same value as if you had specified 1000.",
        "You can use _ as a separator",
    ),
    "en-have-yet-to": (
        "This applies to all URIs, including those schemes that have yet to be defined.",
        "This applies to all URIs",
    ),
    # False alarms of the first versions of this round's rules (review of 2026-12-06).
    "zh-denial-far-before-the-colon": ("这并不是说堆比栈更好：两者各有用途，都很重要。", "两者各有用途，都很重要。"),
    "en-wrongly-inside-the-colon-clause": (
        "Requests that are wrongly formatted fall into two groups: the server rejects them at once.",
        "the server rejects them at once.",
    ),
    "en-wrong-value-before-a-result": (
        # A predicate that denies frames only the clause it ends, not what follows its comma.
        "The value is wrong, so the server rejects the token.",
        "the server rejects the token.",
    ),
    "es-erroneamente-of-doing": (
        "El valor se almacenó erróneamente, y el servidor rechaza la solicitud.",
        "el servidor rechaza la solicitud.",
    ),
    "zh-suizhe-inside-an-and-clause": (
        "我们不能将一块内存放入二进制文件中，并且它的大小还可能随着程序运行而改变。",
        "我们不能将一块内存放入二进制文件中",
    ),
    "en-safe-to-assume": (
        "It is safe to assume that the server rejects every unsigned token.",
        "the server rejects every unsigned token",
    ),
    "de-annehmen-koennte-is-accept": (
        "Da der Dienst keine Anfragen mehr annehmen könnte, startet der Supervisor ihn neu.",
        "startet der Supervisor ihn neu",
    ),
    "zh-null-hypothesis": ("我们拒绝了零假设，结果在统计上显著。", "结果在统计上显著"),
    "fr-s-il-vous-plait": (
        "Veuillez redémarrer le serveur après la mise à jour, s'il vous plaît.",
        "Veuillez redémarrer le serveur après la mise à jour",
    ),
    "en-sentence-ending-in-ca": (
        "Every certificate is signed by the CA. Clients accept it only if the chain is complete.",
        "Every certificate is signed by the CA.",
    ),
    "ru-centimetres-end-a-sentence": (
        "Длина кабеля составляет 5 см. Но сервер отклоняет каждый неподписанный токен.",
        "Длина кабеля составляет 5 см.",
    ),
    "ru-lozhno-a-gerund": (
        "Датчик срабатывает каждую ночь, ложно сигнализируя о пожаре.",
        "Датчик срабатывает каждую ночь",
    ),
    "es-como-with-an-adverb-elsewhere": (
        "El servidor rechaza la solicitud, como se ha dicho en la sección sobre tokens firmados erróneamente.",
        "El servidor rechaza la solicitud",
    ),
    "zh-deleted": ("管理员删除了旧的日志，服务器每天凌晨重启。", "服务器每天凌晨重启。"),
    "zh-dismantled-outside": ("系统已拆除旧的外部接口，所有请求都使用新的网关。", "所有请求都使用新的网关。"),
    "en-a-part-of": ("Logging is a part of every request handler.", "of every request handler."),
    "zh-chu-ci-zhi-wai": ("除此之外，用户可以修改账单地址。", "用户可以修改账单地址。"),
    "zh-delete-before-outside": ("管理员可以删除外部链接，用户可以修改账单地址。", "用户可以修改账单地址。"),
    "en-restated-after-a-colon": ("The server has one job: that is, it signs every token.", "it signs every token."),
    "pt-no-is-in-the": (
        "Esta página descreve o serviço.\n\nO cache é atualizado no servidor principal a cada hora.",
        "O cache é atualizado",
    ),
    "en-as-clause-of-doing-wrongly": (
        "As the value was wrongly cached in the old build, the server rejects every token.",
        "the server rejects every token",
    ),
    "fr-a-tort-in-a-cause": (
        "Parce que la valeur a été mise en cache à tort, la page affichait des données périmées.",
        "la page affichait des données périmées.",
    ),
    "ru-oshibochno-in-a-cause": (
        "Поскольку значение было ошибочно закэшировано, страница показывала старые данные.",
        "страница показывала старые данные.",
    ),
    "zh-cuowude-in-a-cause": ("因为该值被错误地缓存了，页面显示了过期的数据。", "页面显示了过期的数据。"),
    "zh-error-label": ("错误：无法打开配置文件，请检查路径。", "无法打开配置文件，请检查路径。"),
    "en-something-else-is-wrong": (
        "The parser rejects the request, because the header is wrong.",
        "The parser rejects the request",
    ),
    "en-the-default-is-false": (
        "Set the flag to true to enable caching - the default is false.",
        "Set the flag to true to enable caching",
    ),
    "en-question-in-a-later-clause": (
        "In practice, most clients cache the response for an hour, so why would anyone disable it?",
        "most clients cache the response for an hour",
    ),
    "en-over-how-long": ("The model was trained over 3 epochs on the data.", "The model was trained"),
    "en-with-more-than": (
        "The committee of the union met with more than 40 delegates in May.",
        "The committee of the union met",
    ),
    "en-each-of-which": (
        "The stack has three layers, each of which is gigantic and still growing.",
        "The stack has three layers, each of",
    ),
    "en-question-quoted-whole": (
        "Is it true that the server rejects every token? Yes, it is.",
        "Is it true that the server rejects every token?",
    ),
    "en-noun-clause-unquantified": (
        "The server logs the tokens that it rejects, and the client retries.",
        "The server logs the tokens",
    ),
    "zh-dangran": ("这当然是正确的做法，之后服务器都会记录一条日志。", "服务器都会记录一条日志。"),
    # 当时 ("at that time") and 上当 ("be fooled") are no "when" either.
    "zh-dangshi": ("我们当时选择了这个方案，之后服务器都会记录一条日志。", "服务器都会记录一条日志。"),
    "zh-shangdang": ("很多用户曾经上当，之后服务器都会记录一条日志。", "服务器都会记录一条日志。"),
    "zh-not-only": ("服务器不仅验证每一个令牌，而且会记录每一次请求。", "验证每一个令牌，而且会记录每一次请求。"),
    "ja-not-only": (
        "サーバーはトークンを検証するだけでなく、すべてのリクエストを記録します。",
        "すべてのリクエストを記録します。",
    ),
    "th-example": ("ตัวอย่างนี้แสดงวิธีการลบไฟล์ก่อนการอัปเดต", "แสดงวิธีการลบไฟล์ก่อนการอัปเดต"),
    # "not only" adds what follows to something: it limits nothing.
    "en-not-only": (
        "The server not only validates the token but also logs the request.",
        "validates the token but also logs the request",
    ),
    "fr-non-seulement": (
        "Le serveur non seulement valide le jeton mais aussi enregistre la requête.",
        "valide le jeton mais aussi enregistre la requête",
    ),
    "de-nicht-nur": (
        "Der Server prüft nicht nur das Token, sondern auch die Anfrage.",
        "das Token, sondern auch die Anfrage",
    ),
    "pt-nao-so": (
        "O servidor não só valida o token, mas também registra a requisição.",
        "valida o token, mas também registra a requisição",
    ),
    # A quantifier further into an aside right after the quote, in a relative clause, is its own words'.
    "en-quantifier-in-a-relative-aside": (
        "The server rejects the token (which most clients send) and logs the failure.",
        "The server rejects the token",
    ),
    # A negation in an aside is nearly always a gloss that sets its words against others.
    "en-negation-gloss-aside-before": (
        'The "nbf" (not before) claim identifies the time before which the JWT MUST NOT be accepted.',
        "claim identifies the time before which the JWT MUST NOT be accepted.",
    ),
    "en-quantifier-in-a-relative-aside-before": (
        "The clients (which most servers accept) send the expired token and log it.",
        "send the expired token and log it.",
    ),
    "en-reference-aside-before": (
        "The server (see Section 4) rejects the expired token and logs it.",
        "rejects the expired token and logs it.",
    ),
    # A verb of saying not framing a clause: with an object, before a phrase, or as "for example".
    "en-assume-an-object": (
        "You are responsible for the Work and assume any risks associated with Your use of it.",
        "any risks associated with Your use of it.",
    ),
    "en-think-before-a-phrase": (
        "Let's think step by step about the answer before we write it.",
        "step by step about the answer before we write it.",
    ),
    "en-say-for-example": (
        "It is not that different from, say, the receiver being a channel in Go.",
        "the receiver being a channel in Go.",
    ),
    # An "as" clause endorses what it stands beside; "we say" defines, "you can safely assume" allows.
    "en-comment-clause-with-as": (
        "The new protocol removes every replay attack, as the documentation says.",
        "The new protocol removes every replay attack",
    ),
    "en-we-say": (
        "We say the value was moved into s2 and s1 is no longer valid.",
        "the value was moved into s2 and s1 is no longer valid.",
    ),
    "en-safely-assume": (
        "You can safely assume the list is sorted when the function returns.",
        "the list is sorted when the function returns.",
    ),
    "en-needless-to-say": (
        "The server rejects every expired token, needless to say.",
        "The server rejects every expired token",
    ),
    "en-contrary-to-popular-belief-after": (
        "The server rejects every expired token, contrary to popular belief.",
        "The server rejects every expired token",
    ),
    # An aside on the noun beside the quote, not on what it says.
    "en-hedge-on-a-noun-before": (
        "Tokens (often JWTs) are signed by the issuer with its private key.",
        "are signed by the issuer with its private key.",
    ),
    "en-hedge-on-a-noun-with-article-before": (
        "The client (usually a browser) sends the request to the server.",
        "sends the request to the server.",
    ),
    "de-if-any-before": (
        "Der Server gibt die Attribute (falls vorhanden) an den Client zurück.",
        "an den Client zurück.",
    ),
    # An aside after a bracket the quote closes stands on the words after it.
    "en-aside-after-a-closed-one": (
        "The server (rejects every expired token) (usually) logs the failure to the audit trail.",
        "rejects every expired token",
    ),
    "en-as-argued": (
        "The server rejects the token as argued in the previous section of this memo.",
        "in the previous section of this memo.",
    ),
    # An aside that only describes the words beside it, or adds a conjunct, or lists examples.
    "en-describing-aside": (
        "The client uses a user-agent (typically a web browser) to reach the server.",
        "The client uses a user-agent",
    ),
    "en-display-only-aside": (
        "The server yields this encoded payload (with line breaks for display purposes only):",
        "The server yields this encoded payload",
    ),
    "en-conjunct-aside-before": (
        "Protocol data is easily accessible (and often visible) to the resource owner.",
        "to the resource owner.",
    ),
    "en-examples-aside-with-most": (
        "Names are looked up in the registry (e.g., most names beginning with www) first.",
        "Names are looked up in the registry",
    ),
    "en-if-any-aside-before": (
        "The server specifies the additional attributes (if any) sent to the client.",
        "sent to the client.",
    ),
    "en-keyword-list-aside-before": (
        "Go's control structures (if, for, switch) do not have parentheses in their syntax.",
        "do not have parentheses in their syntax.",
    ),
    "en-aside-ending-a-list-item": (
        "The request includes an unsupported value (other than grant type), repeats a parameter, or is malformed.",
        "repeats a parameter, or is malformed.",
    ),
    "en-claim-a-noun": (
        "The client validates the claim the server sent in the token header.",
        "the server sent in the token header.",
    ),
    "en-examples-aside": (
        "The server rejects the token (e.g., a JWT) and logs the failure.",
        "The server rejects the token",
    ),
    # A contrast inside a later aside takes back something of the words it stands in, not of the quote.
    "en-contrast-in-a-later-aside": (
        "The sites are in the largest metro areas, house our top SKUs (but also cover other SKUs), and ship fast.",
        "The sites are in the largest metro areas",
    ),
    # A CJK stop ends its sentence even before a lower-case Latin word: the next sentence is not left out.
    "ja-stop-before-latin": (
        "この式が値を検査し、別の推測を求めます。if式の後、guessは範囲にあると分かります。",
        "この式が値を検査し、別の推測を求めます。",
    ),
    # NFKC folds the full-width question mark, exclamation mark, semicolon and colon into ASCII
    # ones with no space after them: next to CJK they still end the sentence.
    "zh-question-before": (
        "那么这里有什么区别呢？为什么 String 可变而字面值却不行呢？",
        "为什么 String 可变而字面值却不行呢？",
    ),
    "zh-question-after": (
        "那么哪些类型实现了 Copy trait 呢？你可以查看给定类型的文档来确认，不过作为一个通用的规则，任何类型都可以。",
        "那么哪些类型实现了 Copy trait 呢？",
    ),
    "zh-semicolon": (
        "一些语言中具有垃圾回收机制，在程序运行时寻找不再使用的内存；在另一些语言中，程序员必须亲自释放内存。",
        "一些语言中具有垃圾回收机制，在程序运行时寻找不再使用的内存",
    ),
    "ja-exclamation": ("値が負の場合は失敗します！関数はエラーを返します。", "関数はエラーを返します。"),
    # "is subject to BCP 78": a predicate, not a condition.
    "en-subject-to-after-a-copula": (
        "This document is subject to BCP 78 and to the provisions of the license.",
        "to the provisions of the license.",
    ),
    # "before or after": the time word goes on with the quote's own phrase, opening no clause.
    "en-time-word-after-or": (
        "The object MAY contain whitespace before or after any values of the object.",
        "The object MAY contain whitespace before or",
    ),
    # A negating prefix negates its own word ("non-integer"), not the clause the quote is in.
    "en-prefix-after-the-quote": (
        "Each day is accounted for by exactly 86400 seconds, other than that non-integer values can be represented.",
        "Each day is accounted for by exactly 86400 seconds, other than that",
    ),
    # A negation in another block (the "none" of a JSON example above a paragraph) is not next to the quote.
    "en-negation-in-the-block-before": (
        'The header is:\n\n     {"alg":"none"}\n\n   Base64url encoding the octets of the header yields the value.',
        "Base64url encoding the octets of the header yields the value.",
    ),
    # A modal named in quotation marks is a keyword defined, not a modal on the words after it.
    "en-keywords-named-in-quotes": (
        'The key words "MUST", "SHOULD", "MAY", and "OPTIONAL" in this document are to be interpreted as '
        "described in RFC 2119.",
        "in this document are to be interpreted as described in RFC 2119.",
    ),
    # A quote that runs over a sentence's end and quotes of that sentence only a phrase that a left-out
    # article, preposition or copula opens (no verb of its own) asserts nothing the sentence's
    # condition could limit.
    "en-condition-over-a-noun-phrase-before-a-stop": (
        "If the JWT is a JWS, follow the steps specified in [JWS] for validating a JWS. Let the Message be "
        "the result of decoding the payload.",
        "JWS. Let the Message be the result of decoding the payload.",
    ),
    "en-condition-over-a-preposition-before-a-stop": (
        "If an implementation provides encryption, only RSA keys MUST be implemented by conforming "
        "implementations. It is RECOMMENDED that implementations also support elliptic curves.",
        "by conforming implementations. It is RECOMMENDED that implementations also support elliptic curves.",
    ),
    "en-condition-over-a-copula-complement-before-a-stop": (
        "When validating a token, the following steps are performed. The order of the steps is significant.",
        "performed. The order of the steps is significant.",
    ),
    # ... and one that stops a word or an article into the next sentence says nothing of it.
    "en-one-word-after-a-stop": (
        "The claims are a starting point for interoperable claims. Applications using tokens should define "
        "which claims they use and when they are required.",
        "The claims are a starting point for interoperable claims. Applications",
    ),
    "en-article-after-a-stop": (
        "The claims are registered in the registry. An indication of the relevant sections may also be "
        "included but is not required.",
        "The claims are registered in the registry. An indication of the",
    ),
    "en-condition-word-after-a-stop": (
        "Each principal MUST identify itself with a value in the claim. If the principal does not identify "
        "itself when the claim is present, then the JWT MUST be rejected.",
        "Each principal MUST identify itself with a value in the claim. If the",
    ),
    "en-negated-subject-after-a-stop": (
        "The names are registered in the registry. None of the claims are mandatory, but rather they are a "
        "starting point.",
        "The names are registered in the registry. None of the",
    ),
    # "and when" after "which": a question the verb asks ("define which ... and when"), not a condition.
    "en-when-asked-after-which": (
        "Applications using tokens should define which claims they use and when they are required.",
        "Applications using tokens should define",
    ),
    # A trailing "whether" frames the words after it, not the quote before it.
    "en-whether-after-the-quote": (
        "Ambiguities can arise due to differing line breaks, whether the last line has a line break or not.",
        "Ambiguities can arise due to differing line breaks",
    ),
    # A negation next to the quote that negates nothing of it: a quoted name, "or not," that ends its clause.
    "en-quoted-none-after-the-quote": (
        'Only HMAC SHA-256 and "none" MUST be implemented by conforming implementations.',
        "Only HMAC SHA-256 and",
    ),
    "en-or-not-before-the-quote": (
        "Ambiguities arise from spacing, from a final line break or not, and other causes of trouble.",
        "and other causes of trouble.",
    ),
    # ... or stops right before that sentence's auxiliary or modal: its predicate is all left out.
    "en-predicate-after-a-stop": (
        "Signatures add privacy for the signer. Furthermore, signatures over encrypted text are not "
        "considered valid in many jurisdictions.",
        "Signatures add privacy for the signer. Furthermore, signatures over encrypted text",
    ),
    # A condition set off by commas after "and," limits the conjunct after it, not the quote before.
    "en-condition-aside-of-the-next-conjunct": (
        "Denials should include an explanation and, if applicable, suggestions for how to succeed.",
        "Denials should include an explanation",
    ),
    "en-discourse": (
        "For example, the server rotates the signing key every month.",
        "the server rotates the signing key every month.",
    ),
    "en-in-practice": (
        "In practice, most clients refresh their tokens before they expire.",
        "most clients refresh their tokens before they expire.",
    ),
    "en-and-clause": (
        "The header names the algorithm, and the payload carries the claims.",
        "the payload carries the claims.",
    ),
    "en-and-clause-after": (
        "The header names the algorithm, and the payload carries the claims.",
        "The header names the algorithm",
    ),
    "en-semicolon": (
        "The header names the algorithm; the payload carries the claims.",
        "The header names the algorithm",
    ),
    # A frame inside an opening concessive clause, which a comma closes before the quote: it frames
    # that clause only. So does a Japanese or Korean frame after its clause, in the words before the quote.
    "en-frame-in-a-concessive-clause": (
        "Although we expect that the vast majority of programs will maintain this compatibility over time, "
        "it is impossible to guarantee that any future change will leave every program working.",
        "it is impossible to guarantee that any future change will leave every program working.",
    ),
    "en-argue-in-a-concessive-clause": (
        "Although critics argue that the cache is slow, the server rejects every unsigned token.",
        "the server rejects every unsigned token.",
    ),
    "de-frame-in-a-concessive-clause": (
        "Obwohl Kritiker behaupten, dass der Cache langsam ist, lehnt der Server jedes Token ab.",
        "lehnt der Server jedes Token ab.",
    ),
    "en-frame-before-a-but-clause": (
        "Users anticipated that the feature would ship in March, but it shipped in June instead.",
        "but it shipped in June instead.",
    ),
    "en-frame-before-an-although-clause": (
        "We expect that this behaviour holds for larger models, although we did not study this quantitatively.",
        "although we did not study this quantitatively.",
    ),
    "en-that-after-a-comma": (
        "The function returns the value that callers expect, that is, the parsed token without its header.",
        "the parsed token without its header.",
    ),
    "ko-frame-after-its-clause": (
        "토큰은 곧 만료될 것으로 예상되지만 서버는 모든 요청을 처리합니다.",
        "서버는 모든 요청을 처리합니다.",
    ),
    # A phrase that points at the text itself or says why it is put, a discourse marker, a clause.
    "en-in-this-chapter": (
        "In this chapter, the signature was present in every sample we sequenced.",
        "the signature was present in every sample we sequenced.",
    ),
    "en-for-simplicity": (
        "For simplicity, the server rejects every unsigned token.",
        "the server rejects every unsigned token.",
    ),
    "en-in-order-to": (
        "In order to prevent such an attack, the server rejects every unsigned token.",
        "the server rejects every unsigned token.",
    ),
    # A comparison, a pointer back, a reference to the text, from a review of the first version.
    "en-unlike": (
        "Unlike access tokens, refresh tokens are intended for use only with authorization servers.",
        "refresh tokens are intended for use only with authorization servers.",
    ),
    "en-for-reference": (
        "For reference, here are sketches of the two methods.",
        "here are sketches of the two methods.",
    ),
    "en-for-that": (
        "For that, we need channels between the two goroutines.",
        "we need channels between the two goroutines.",
    ),
    "en-for-the-purposes-of-this-license": (
        "For the purposes of this License, Derivative Works shall not include works that remain separable.",
        "Derivative Works shall not include works that remain separable.",
    ),
    "en-however-in-reality": (
        "However, in reality, the orbit of Mercury precesses slowly over time.",
        "the orbit of Mercury precesses slowly over time.",
    ),
    # A phrase over every case the text names restricts none of them (RFC 7519, section 4.2).
    "en-in-each-case": (
        "In each case, the definer of the name or value needs to take reasonable precautions.",
        "the definer of the name or value needs to take reasonable precautions.",
    ),
    "fr-dans-tous-les-cas": (
        "Dans tous les cas, le serveur doit vérifier la signature du jeton avant de l'utiliser.",
        "le serveur doit vérifier la signature du jeton avant de l'utiliser.",
    ),
    "pt-em-cada-caso": (
        "Em cada caso, o servidor deve verificar a assinatura do token antes de usá-lo.",
        "o servidor deve verificar a assinatura do token antes de usá-lo.",
    ),
    "fr-dans-ce-chapitre": (
        "Dans ce chapitre, nous verrons les règles de la possession en Rust.",
        "nous verrons les règles de la possession en Rust.",
    ),
    "fr-en-revanche": (
        "En revanche, avec Rust, le compilateur garantit que les références ne seront jamais invalides.",
        "avec Rust, le compilateur garantit que les références ne seront jamais invalides.",
    ),
    "de-mit-anderen-worten": (
        "Mit anderen Worten, es gibt hier zwei wichtige Zeitpunkte im Programm.",
        "es gibt hier zwei wichtige Zeitpunkte im Programm.",
    ),
    "de-verb-second-clause": (
        "In C++ wird dieses Muster, Ressourcen am Ende freizugeben, manchmal RAII genannt.",
        "Ressourcen am Ende freizugeben, manchmal RAII genannt.",
    ),
    "zh-in-this-chapter": ("在本章中，我们将讨论所有权的规则。这是规则。", "我们将讨论所有权的规则。"),
    "ja-dewa-opening-a-sentence": (
        "では、panic!すべき時とResultを返すべき時はどう決定すればいいのでしょうか？",
        "panic!すべき時とResultを返すべき時はどう決定すればいいのでしょうか？",
    ),
    "zh-frame-in-a-concessive-clause": (
        "虽然有人认为缓存很慢，服务器会拒绝所有未签名的令牌。这是规则。",
        "服务器会拒绝所有未签名的令牌。",
    ),
    "ja-frame-before-the-quote": (
        "コードは失敗すると予想されますが、悪い状態に達したときはエラーを返すほうが適切です。",
        "悪い状態に達したときはエラーを返すほうが適切です。",
    ),
    "en-semicolon-clause-without-contrast": (
        "The server accepts every signed token; expired ones are skipped by the cleanup job.",
        "The server accepts every signed token",
    ),
    # "instead" after a denial says what holds in its place, and takes none of it back.
    "en-instead-after-a-semicolon": (
        "Do not communicate by sharing memory; instead, share memory by communicating.",
        "Do not communicate by sharing memory",
    ),
    "en-examples-after": (
        "The parser accepts common encodings such as UTF-8, UTF-16 and Latin-1.",
        "The parser accepts common encodings",
    ),
    "en-reference-after": (
        "The claim names the issuer of the token (see Section 4.1).",
        "The claim names the issuer of the token",
    ),
    "en-subject-left-out": (
        "The issuer claim identifies the principal that issued the token.",
        "identifies the principal that issued the token.",
    ),
    "en-object-left-out": (
        "This agreement grants the buyer the right to terminate upon written notice.",
        "the right to terminate upon written notice.",
    ),
    "en-aside-after": (
        "The client is issued an access token directly (as the result of the owner's consent).",
        "The client is issued an access token directly",
    ),
    # Told by its commonest words, the text is Portuguese: "mais" is "more", not French "but".
    "pt-mais-is-more": (
        "Isso é menos confuso e faz a assinatura da função ficar mais parecida à uma função, e o nome da função "
        "fica mais próximo da lista de parâmetros.",
        "Isso é menos confuso e faz a assinatura da função ficar mais parecida à uma função",
    ),
    # A hedge or quantifier inside trailing examples describes an example, not the quote.
    "en-examples-with-a-hedge": (
        "We are also building several apps in AWS, including arguably the most compelling use case, a coding tool.",
        "We are also building several apps in AWS",
    ),
    # A compound that holds a condition or a quantifier names a thing: "if-else", "read-only".
    "en-if-else-in-trailing-examples": (
        "This property makes it easy to use a single err value, for example, in a long if-else chain.",
        "This property makes it easy to use a single err value",
    ),
    "en-read-only-after-the-quote": (
        "The server keeps the signing keys in a read-only store.",
        "The server keeps the signing keys in a",
    ),
    # A hedge in an aside closed before the quote's own governs nothing of it.
    "en-hedge-in-an-aside-closed-before": (
        "This service saves sellers money (often) (more than 70% of their costs) every year.",
        "more than 70% of their costs",
    ),
    # An article left out before the quote, after a discourse marker, limits nothing.
    "pt-article-after-a-discourse-marker": (
        "Na prática, o servidor rejeita o token e devolve um erro ao cliente.",
        "servidor rejeita o token e devolve um erro ao cliente.",
    ),
    "fr-discourse": (
        "Par exemple, le serveur renouvelle la clé de signature chaque mois.",
        "le serveur renouvelle la clé de signature chaque mois.",
    ),
    "fr-and-clause": (
        "L'en-tête nomme l'algorithme, et la charge utile porte les revendications.",
        "la charge utile porte les revendications.",
    ),
    "pt-discourse": (
        "Na prática, os clientes renovam os tokens antes de expirarem.",
        "os clientes renovam os tokens antes de expirarem.",
    ),
    "pt-se-reflexive": (
        "O token se torna inválido depois de uma hora sem uso.",
        "torna inválido depois de uma hora sem uso.",
    ),
    "de-discourse": (
        "Zum Beispiel erneuert der Server den Schlüssel jeden Monat.",
        "erneuert der Server den Schlüssel jeden Monat.",
    ),
    "de-and-clause": (
        "Der Kopf nennt den Algorithmus, und die Nutzlast trägt die Ansprüche.",
        "die Nutzlast trägt die Ansprüche.",
    ),
    "es-and-clause": (
        "La cabecera nombra el algoritmo, y la carga lleva las declaraciones.",
        "la carga lleva las declaraciones.",
    ),
    "ru-and-clause": (
        "Заголовок называет алгоритм, и полезная нагрузка несёт утверждения.",
        "полезная нагрузка несёт утверждения.",
    ),
    "ko-discourse": ("예를 들어, 서버는 매달 서명 키를 교체합니다.", "서버는 매달 서명 키를 교체합니다."),
    "zh-and-clause": (
        "令牌不得重复使用。服务器必须验证 JWT 的签名，并且不能接受未签名的令牌。",
        "服务器必须验证JWT的签名",
    ),
    # ... and one whose second verb has a modal of its own ("and can accept").
    "zh-and-clause-can": (
        "令牌不得重复使用。服务器必须验证 JWT 的签名，并且可以接受未签名的令牌。",
        "服务器必须验证JWT的签名",
    ),
    "zh-discourse": ("例如，服务器每个月更换签名密钥。", "服务器每个月更换签名密钥。"),
    "ja-discourse": ("例えば、サーバーは毎月署名鍵を交換します。", "サーバーは毎月署名鍵を交換します。"),
    # A frame that affirms is no negating frame.
    "en-it-is-true-that": (
        "It is true that the server rejects every expired token.",
        "the server rejects every expired token.",
    ),
    "fr-il-est-vrai-que": (
        "Il est vrai que le serveur rejette chaque jeton expiré.",
        "le serveur rejette chaque jeton expiré.",
    ),
    # "時" alone is as often "time" ("時間"): only after a verb or an adjective is it "when".
    "ja-time-noun": (
        "この処理には時間がかかりますが、結果は正確です。サーバーは毎月署名鍵を交換します。",
        "サーバーは毎月署名鍵を交換します。",
    ),
    # Words of the limiting lists in another use: a modal, a verb, an adjective, a discourse marker.
    "en-should-a-modal": (
        "The client should retry, and the server rejects the token and returns an error.",
        "the server rejects the token and returns an error.",
    ),
    "en-were-a-verb-after-an-aside": (
        "The results, as expected, were the same for every token.",
        "the same for every token.",
    ),
    "en-provided-a-verb": (
        "The library provided the server with the key it needs.",
        "the key it needs.",
    ),
    "en-falls-a-verb": (
        "In our tests the value falls below the limit and the server sleeps for a while.",
        "the server sleeps for a while.",
    ),
    "en-save-a-verb": (
        "Implementations save in memory every token they accept.",
        "every token they accept.",
    ),
    "de-laut-loud": (
        "Der Lüfter ist laut und der Server lehnt jedes abgelaufene Token ab.",
        "der Server lehnt jedes abgelaufene Token ab.",
    ),
    "de-examples-after-an-abbreviation": (
        "Der Server protokolliert jede fehlgeschlagene Anfrage, z. B. Zeitüberschreitungen und Abbrüche.",
        "Der Server protokolliert jede fehlgeschlagene Anfrage",
    ),
    "de-etwa-so-opens-an-example": (
        "Dann ergänzt man eine Bereichsprüfung der Zahl, etwa so:",
        "Dann ergänzt man eine Bereichsprüfung der Zahl",
    ),
    "ru-pri-etom": (
        "При этом сервер отклоняет каждый просроченный токен.",
        "сервер отклоняет каждый просроченный токен.",
    ),
    "ja-mazu-first": (
        "まず、サーバーは毎月署名鍵を交換します。",
        "サーバーは毎月署名鍵を交換します。",
    ),
    "ja-to-after-a-noun": (
        "データと、サーバーの鍵を毎月交換します。",
        "サーバーの鍵を毎月交換します。",
    ),
    "ja-to-quoting": (
        "「はい」と、サーバーは毎月署名鍵を交換します。",
        "サーバーは毎月署名鍵を交換します。",
    ),
    "ko-first": (
        "먼저, 서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
        "서버는 토큰을 거부하고 클라이언트에 오류를 반환합니다.",
    ),
    # A clause that says why, or what follows, is a statement of its own: its negation, modal or
    # hedge is its own (found by probe19, 2026-12-06, in every language it read).
    "en-so-after": (
        "Some jurisdictions do not allow the exclusion of incidental damages, so this exclusion may not apply to You.",
        "Some jurisdictions do not allow the exclusion of incidental damages",
    ),
    "en-because-before": (
        "Because the value is not cached, the server reads it from the store on every request.",
        "the server reads it from the store on every request.",
    ),
    "zh-because-after": (
        "访问堆上的数据比访问栈上的数据慢，因为必须通过指针来访问。",
        "访问堆上的数据比访问栈上的数据慢",
    ),
    "ru-so-after": (
        "Такой код не будет даже компилироваться, поэтому ваша функция не должна проверять этот случай.",
        "Такой код не будет даже компилироваться",
    ),
    "de-purpose-after": (
        "Es ist am besten, den Fehler im Code zu melden, damit man ihn während der Entwicklung beheben kann.",
        "Es ist am besten, den Fehler im Code zu melden",
    ),
    "ko-because-before": (
        "이 벡터에 어떠한 값도 집어넣지 않았기 때문에, 러스트는 요소의 종류를 알지 못합니다.",
        "러스트는 요소의 종류를 알지 못합니다.",
    ),
    # Negated, but no verb of meaning or supposing before the "that", "so that", "now that".
    "en-not-surprising-that": (
        "It is not surprising that the server rejects unsigned tokens.",
        "the server rejects unsigned tokens.",
    ),
    "en-not-flushed-so-that": (
        "The cache is not flushed so that the server can reuse old entries.",
        "the server can reuse old entries.",
    ),
    # An "only" of another clause; a quantity that opens an example; a causal "as"; a German
    # particle verb before "so dass"; a list of references under an ellipsis.
    "en-postposed-only-in-another-clause": (
        "The server logs the error and the client retries once only.",
        "The server logs the error",
    ),
    "en-quantity-item-in-examples": (
        "The service supports many formats, such as JSON, some XML dialects and CSV.",
        "The service supports many formats",
    ),
    "en-causal-as-with-in-error": (
        "The server logs every request, as in error cases the client retries.",
        "The server logs every request",
    ),
    "de-particle-verb-before-so-dass": (
        "Die Liste reicht nicht aus, so dass der Server weitere Daten anfordert.",
        "der Server weitere Daten anfordert.",
    ),
    "en-ellipsis-over-references": (
        "The header is described in detail (Section 5.1; Appendix B) for every client.",
        "The header is described in detail ... for every client.",
    ),
    # A reason after a semicolon is no result of the clause before it.
    "en-because-after-semicolon": (
        "If the token is expired, the server rejects it; because tokens are short-lived, clients should refresh often.",
        "clients should refresh often.",
    ),
    "en-therefore-without-a-condition": (
        "The server validates the token; therefore, the client does not need to.",
        "the client does not need to.",
    ),
    # The も and し of a verb ("does not even pass") is no もし ("if").
    "ja-because-before": (
        "そのようなコードはコンパイルが通りもしませんので、実行時に検査する必要はありません。",
        "実行時に検査する必要はありません。",
    ),
    # An English keyword named in Japanese text ("this if-expression") opens no condition.
    "ja-if-keyword": ("このif式が、値が範囲外かどうかをチェックします。", "値が範囲外かどうかをチェックします。"),
    # Examples end the sentence: a licence's "including but not limited to", a case ("for example
    # when"), a relative clause on an example.
    "en-including-but-not-limited-to": (
        '"Object" form shall mean any form resulting from translation of a Source form, including but not '
        "limited to compiled object code and generated documentation.",
        '"Object" form shall mean any form resulting from translation of a Source form',
    ),
    "zh-for-example-when": (
        "在更复杂的场景下代码的行为可能是不可预测的，比如当有多个变量使用在堆上分配的内存时。",
        "在更复杂的场景下代码的行为可能是不可预测的",
    ),
    "ru-for-example-when": (
        "Это может происходить время от времени, например, когда пользователь вводит данные в неправильном формате.",
        "Это может происходить время от времени",
    ),
    "en-relative-clause-in-examples": (
        "This can be useful for descriptive documents, such as tables of contents, which may be sent by email.",
        "This can be useful for descriptive documents",
    ),
    # "as previously reported" endorses a finding of earlier work: no hedge.
    "en-as-previously-reported": (
        "We observed recurrent amplifications in EGFR, MET and KIT, as previously reported.",
        "We observed recurrent amplifications in EGFR, MET and KIT",
    ),
    # probe28's rest: a stance marker before a colon, or after a comma, with "nicht".
    "de-nicht-ueberraschend-label": (
        "Nicht überraschend: Der Server speichert jedes Token.",
        "Der Server speichert jedes Token.",
    ),
    "de-was-nicht-ueberraschend-ist": (
        "Der Server speichert jedes Token, was nicht überraschend ist.",
        "Der Server speichert jedes Token",
    ),
    # A negation before a colon that does not open its clause, or in another clause than the one
    # that points at what follows, is that clause's; Go's ":=" is no colon; "取り除く" is "remove".
    "en-not-a-bug-label": ("This is not a bug: The server caches every token.", "The server caches every token."),
    "en-the-following-in-another-clause": (
        "Nothing here is new, and the manual states the following: The server caches every token.",
        "The server caches every token.",
    ),
    "go-declaration-operator": (
        "In a := declaration a variable v may appear even if it has already been declared, provided:",
        ":= declaration a variable v may appear even if it has already been declared, provided:",
    ),
    "ja-remove-is-no-exception": (
        "サーバーは不要なファイルを取り除く処理を毎晩実行します。",
        "処理を毎晩実行します。",
    ),
    # With no comma, a quote that starts inside a scope phrase leaves nothing of it out that a
    # name or number would end (the first review's probe, real sentences).
    "en-starts-inside-in-the-general-case": (
        'In the general case, the "aud" value is an array of case-sensitive strings.',
        'general case, the "aud" value is an array of case-sensitive strings.',
    ),
    "en-starts-inside-of-hgg-tumors": (
        "Of HGG tumors with TP53 or PPM1D mutations, 53 of 55 had mutations in only one of these genes.",
        "tumors with TP53 or PPM1D mutations, 53 of 55 had mutations in only one of these genes.",
    ),
    "de-starts-inside-im-vergleich-dazu": (
        "Im Vergleich dazu erfordert das Allokieren von Speicherplatz im Heap mehr Arbeit, da der "
        "Speicher-Allokator zunächst einen ausreichend großen Platz für die Daten finden muss.",
        "dazu erfordert das Allokieren von Speicherplatz im Heap mehr Arbeit, da der Speicher-Allokator "
        "zunächst einen ausreichend großen Platz für die Daten finden muss.",
    ),
    "ko-listing-points-at-the-text": (
        "Listing 8-1에서는 러스트에게 v 안의 Vec가 i32 타입의 요소를 가질 것이라고 알려주었습니다.",
        "러스트에게 v 안의 Vec가 i32 타입의 요소를 가질 것이라고 알려주었습니다.",
    ),
    # A Thai clause that says why, set off by a space as a comma would: its "often" is its own.
    # 假设 is as often "hypothesis": not after another word of its clause.
    "zh-null-hypothesis-before-the-quote": (
        "我们拒绝零假设有一个服务员在餐厅里处理多个桌子的点菜。",
        "有一个服务员在餐厅里处理多个桌子的点菜。",
    ),
    # The review of f6cf631, real text: a label a negation opens is as often reassurance, an answer
    # or a title, and a colon label that looks like a scope phrase a discourse marker.
    "de-keine-sorge-label": (
        "Keine Sorge: Der Installer ist weiterhin sicher und von uns signiert.",
        "Der Installer ist weiterhin sicher und von uns signiert.",
    ),
    "en-lazy-no-answer": (
        "Lazy? No: The function needs to explore the whole stream.",
        "The function needs to explore the whole stream.",
    ),
    "en-not-always-counterexample": (
        "A login usually belongs to a person we also measure. Not always: A bookkeeper logs in and never answers.",
        "A bookkeeper logs in and never answers.",
    ),
    "en-in-a-nutshell-label": (
        "In a nutshell: You feed in user interactions and it spits out similarity vectors between items.",
        "You feed in user interactions and it spits out similarity vectors between items.",
    ),
    "en-for-comparison-label": (
        "The Growth plan supports up to 10 team members. For comparison: Free=1, Starter=3, Pro=5, Growth=10.",
        "Free=1, Starter=3, Pro=5, Growth=10.",
    ),
    "en-nothing-is-cached-therefore": (
        "Nothing is cached; therefore, the server fetches every token again.",
        "the server fetches every token again.",
    ),
    # ... a negation before a colon's "the following" is no frame of what follows.
    "en-does-not-compile-for-the-following-reason": (
        "The last line doesn't compile for the following reason: The type trait examines only the signature.",
        "The type trait examines only the signature.",
    ),
    "ko-some-say-it-is-not-so": (
        "그런 것은 아니라고 말하는 사람도 있지만, 서버는 모든 토큰을 캐시합니다.",
        "서버는 모든 토큰을 캐시합니다.",
    ),
    # ... Japanese 間 of "interval" and of a noun's "during", 除く the verb "remove".
    "ja-interval": (
        "設定した間隔で、証明機関から証明書の失効一覧をダウンロードします。",
        "証明機関から証明書の失効一覧をダウンロードします。",
    ),
    "ja-during-of-a-noun": (
        "これはプログラムを開発している間のテストに便利ですが、最終版からは削除する予定です。",
        "最終版からは削除する予定です。",
    ),
    "ja-remove-by": (
        "余計な中間フィルタを除くことで、CPUパイプラインを最大限に活用します。",
        "CPUパイプラインを最大限に活用します。",
    ),
    # ... a numbered part of the text, and a scope phrase with no comma only of names.
    "en-in-fig-2": (
        "In Fig. 2 we show that the explained variance ratio can behave very differently.",
        "we show that the explained variance ratio can behave very differently.",
    ),
    "en-in-theorem-1": (
        "In Theorem 1 we show that a simple variant of the policy has logarithmic regret.",
        "we show that a simple variant of the policy has logarithmic regret.",
    ),
    "de-in-diesem-abschnitt": (
        "## Mustersyntax\n\nIn diesem Abschnitt stellen wir die gesamte Syntax gültiger Muster zusammen und "
        "erörtern, warum und wann du jedes einzelne Muster verwenden solltest.\n\n### Literale abgleichen\n\n"
        "Wie du in Kapitel 6 gesehen hast, kannst du Muster direkt mit Literalen abgleichen.",
        "stellen wir die gesamte Syntax gültiger Muster zusammen und erörtern, warum und wann du jedes einzelne "
        "Muster verwenden solltest.",
    ),
    "en-comma-in-the-quote-s-first-words": (
        'For Standards Track RFCs, list the "IESG".',
        'Track RFCs, list the "IESG".',
    ),
    "en-starts-inside-in-react-components": (
        "In React components declared as ES6 classes, methods follow the same semantics as regular classes.",
        "components declared as ES6 classes, methods follow the same semantics as regular classes.",
    ),
    # A word that ends with the letters of a "but" is none ("воедино", "важно": "но").
    "ru-ends-with-the-letters-of-but": (
        "Чтобы немного собрать всё воедино, на практике это значит, что большую часть контроля можно реализовать.",
        "Чтобы немного собрать всё воедино",
    ),
    # A numbered part of the text is no scope: "In Algorithm 1", "In Part II" (not "in part", "partly").
    "en-numbered-algorithm": ("In Algorithm 1 we first sort the input.", "we first sort the input."),
    "en-numbered-lesson": (
        "In Lesson 3, you write the parser for the language.",
        "you write the parser for the language.",
    ),
    "en-numbered-part": ("In Part II we build a web server.", "we build a web server."),
    "en-starts-inside-in-react-class-components": (
        "In React class components declared as ES6 classes, methods follow the same semantics as regular classes.",
        "class components declared as ES6 classes, methods follow the same semantics as regular classes.",
    ),
    "en-coordinator-opens-the-quote": (
        "On Linux and macOS the server restarts every night.",
        "and macOS the server restarts every night.",
    ),
    "th-because-a-common-cause": (
        "เนื่องจากนี่เป็นสาเหตุของข้อผิดพลาดที่พบบ่อย เซิร์ฟเวอร์ปฏิเสธโทเค็นทั้งหมด",
        "เซิร์ฟเวอร์ปฏิเสธโทเค็นทั้งหมด",
    ),
    "th-because-a-common-cause-after-a-clause": (
        "คอมโพเนนท์ Clock นี้คือวิธีที่ทำให้ React รู้ว่าอะไรควรแสดงผล เนื่องจากนี่เป็นสาเหตุของข้อผิดพลาดที่พบบ่อย "
        "จากนั้น React จะทำการปรับปรุง DOM ให้ตรงกับผลลัพธ์ของ Clock",
        "จากนั้น React จะทำการปรับปรุง DOM ให้ตรงกับผลลัพธ์ของ Clock",
    ),
    # A subject's が before a comma is no "but"; nor one that ends the sentence (`ですが` and a
    # question mark); a preface ("I'll explain in chapter 8, but", "at the risk of repeating") takes
    # nothing back, and what follows it, the point it leads to, is not its own.
    # "け" and "ど" after a verb's stem are no "but" ("[...影響を受]け、どのように...").
    "ja-kedo-letters-across-a-comma": (
        "どの証明書が影響を受け、どのように適用されるかを完全に定義するための必須パラメーターです。",
        "どの証明書が影響を受",
    ),
    "ja-subject-ga-before-a-comma": (
        "本番環境で使うすべての設定ファイルが、起動時に読み込まれます。",
        "本番環境で使うすべての設定ファイル",
    ),
    "ja-preface-explained-later": (
        "詳しくは第8章で説明しますが、ここでは簡単に触れておきます。",
        "詳しくは第8章で説明します",
    ),
    "ja-preface-ends-the-quote": (
        "詳しくは第8章で説明しますが、ここでは簡単に触れておきます。",
        "詳しくは第8章で説明しますが",
    ),
    "ja-preface-at-the-risk-of-repeating": (
        "繰り返しになりますが、所有権はRustの中心的な概念です。",
        "繰り返しになりますが",
    ),
    "ja-desu-ga-ends-the-sentence": (
        "この設定ファイルの項目はどれも任意ですが？",
        "この設定ファイルの項目はどれも任意です",
    ),
    "ja-preface-then-a-condition": (
        "これについては第3章で詳しく説明しますが、今のところ、この機能はある型から別の型に値を変換するときに"
        "よく使われることを知っておいてください。",
        "これについては第3章で詳しく説明しますが",
    ),
    "ja-preface-then-a-hedge": (
        "メソッド記法については第5章で詳しく議論しますが、メソッドは多くのプログラミング言語に見られる機能な"
        "ので、以前に見かけたこともあるんじゃないでしょうか。",
        "メソッド記法については第5章で詳しく議論し",
    ),
}


@pytest.mark.parametrize(("source", "quote", "kind"), HARMFUL.values(), ids=HARMFUL.keys())
def test_a_cut_that_leaves_out_a_limit_is_flagged_and_named(source: str, quote: str, kind: str) -> None:
    location = _locate(source, quote)
    assert location.status == "found", location.reason
    assert set(location.flags) & _CUT_FLAGS, location.reason
    assert f"left out {kind}" in location.reason


@pytest.mark.parametrize("mark", ['"', "'", "\u201c"])
def test_a_quoted_name_right_before_the_quote_is_no_negation_left_out(mark: str) -> None:
    # A name in quotation marks of any kind right before the quote is no negation it leaves out.
    closing = "\u201d" if mark == "\u201c" else mark
    source = f"The server treats {mark}none{closing} as unsigned and rejects such tokens by default."
    location = _locate(source, "as unsigned and rejects such tokens by default.")
    assert location.status == "found", location.reason
    assert "omitted_text" not in location.flags, location.reason


@pytest.mark.parametrize(("source", "quote"), NEUTRAL.values(), ids=NEUTRAL.keys())
def test_a_cut_that_leaves_out_something_neutral_is_no_flag(source: str, quote: str) -> None:
    location = _locate(source, quote)
    assert (location.status, location.flags) == ("found", ()), location.reason


@pytest.mark.parametrize(
    "source",
    ["The server MUST reject the token. It then logs the00{", "the token MUST é é000000\n\nthe the the00{"],
    ids=["prose", "hypothesis"],
)
def test_a_quote_after_the_last_word_start_is_placed_without_a_cut(source: str) -> None:
    # No word of the source starts in "{" of "the00{": the cut analysis once read past the index's end.
    location = _locate(source, "{")
    assert (location.status, "short_quote" in location.flags) == ("found", True), location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        (
            "Languages such as Go and Rust compile to native code, but scripting languages run in an interpreter.",
            "Languages ... run in an interpreter.",
        ),
        (
            "Caches such as Redis and Memcached keep entries in memory, but disk caches survive a restart.",
            "Caches ... survive a restart.",
        ),
    ],
    ids=["languages", "caches"],
)
def test_an_ellipsis_is_placed_over_words_before_next_to_its_neighbour(source: str, quote: str) -> None:
    # The quote's first word also stands right before the second fragment ("scripting languages run"):
    # an ellipsis says words were left out, so the first is the one quoted, and the contrast left out is named.
    location = _locate("Intro text here.\n\n" + source, quote)
    assert (location.status, location.flags) == ("found", ("ellipsis_gap",)), location.reason
    assert "left out a following contrast" in location.reason


def test_an_ellipsis_with_nothing_left_out_is_still_placed() -> None:
    # Only when no run stands apart is the run right next to its neighbour taken.
    location = _locate("The server rejects the expired token.", "The server ... rejects the expired token.")
    assert location.status == "found", location.reason


_SPACED_ENTRIES = sorted(
    {
        entry
        for by_language in CUT_CLASSES.values()
        for language in ("en", "fr", "pt", "de", "es", "ru")
        for entry in by_language[language]
    }
)


def test_every_phrase_is_split_into_words_as_the_index_splits_a_text() -> None:
    # "d'après", "c'est pourquoi": an apostrophe between letters joins, a hyphen splits ("peut-être").
    for entry in _SPACED_ENTRIES:
        index = index_of(Document.from_sections({"1": entry}))
        words = [word.lower() for word in index.words(0, len(index))]
        assert phrase_words(entry) == tuple(words), entry
        assert [mark[:2] for mark in cut_marks(words)[:1]] == [(0, len(words))], entry


@pytest.mark.parametrize(
    ("words", "size", "kind"),
    [
        (["lorsqu'une", "requête", "échoue"], 1, "condition"),
        (["pourvu", "qu'il", "réponde"], 2, "condition"),
        (["s'il", "échoue"], 1, "condition"),
        (["bien", "qu'elle", "échoue"], 2, "contrast"),
    ],
)
def test_an_entry_matches_its_french_elided_form(words: list[str], size: int, kind: str) -> None:
    # "lorsqu'une" is one word of the index: "lorsque" matches it by its head "lorsqu'".
    assert cut_marks(words, "fr")[:1] == [(0, size, kind)]
    assert cut_marks(words)[:1] == [(0, size, kind)]


def test_the_pronoun_s_is_no_elided_if() -> None:
    # "si" elides only before "il" and "ils": "s'applique" is the pronoun "se".
    assert cut_marks(["s'applique", "ici"], "fr") == []


def test_a_reason_opens_with_its_french_elided_form() -> None:
    assert opens_reason(["parce", "qu'il", "est", "lent"], "fr")
    assert not opens_reason(["parce", "il", "est", "lent"], "fr")


def test_a_first_o_set_aside_as_a_bullet_is_the_quote_s_article_only_where_the_source_has_it() -> None:
    # The word before the hit is read as the quote's own only when it is the "o" the quote starts
    # with: the "Nunca" ("never") here is left out, not quoted.
    location = _locate(
        "A regra é simples. Nunca servidor armazena cada token em cache na memória.",
        "o servidor armazena cada token em cache na memória.",
    )
    assert "omitted_text" in location.flags, location.reason


def test_a_leading_ellipsis_over_a_condition_is_the_ellipsis_flag() -> None:
    location = _locate(
        "Se a confiança for baixa, uma pessoa confirma o veredicto final.", "… uma pessoa confirma o veredicto…"
    )
    assert "ellipsis_gap" in location.flags


def test_such_as_reads_a_list_only_as_far_as_it_is_a_list() -> None:
    source = (
        "Retrieval models such as ColBERT and SPLADE achieve strong recall on short queries, "
        "but older dense baselines collapse on lengthy documents."
    )
    spliced = _locate(source, "Retrieval models ... collapse on lengthy documents.")
    assert spliced.status == "missing" or "ellipsis_gap" in spliced.flags
    listed = _locate(source, "Retrieval models ... achieve strong recall on short queries")
    assert "ellipsis_gap" not in listed.flags


@pytest.mark.parametrize(
    ("source", "quote", "status"),
    [
        # A prose "may" left out hedges the quote: for review, never called missing.
        (
            "Larger batches may in some settings reduce the variance of the estimate.",
            "Larger batches ... reduce the variance of the estimate.",
            "found",
        ),
        # An RFC keyword in capitals left out next to the words kept may invert it.
        (
            "The server MAY reject the token when the key is unknown.",
            "The server ... reject the token when the key is unknown.",
            "missing",
        ),
    ],
)
def test_a_prose_may_in_an_ellipsis_is_no_rfc_keyword(source: str, quote: str, status: str) -> None:
    location = _locate(source, quote)
    assert location.status == status, location.reason
    if status == "found":
        assert "ellipsis_gap" in location.flags


# -- the lexicon: one list per class and language -------------------------------------------------


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # A version's threshold, not a section's number.
        (
            "The new API is supported (version 3 and above) on every Linux distribution.",
            "The new API is supported ... on every Linux distribution.",
        ),
        # A reference with a word of another kind.
        (
            "The server caches access tokens (see Section 5.1; experimental) for one hour.",
            "The server caches access tokens ... for one hour.",
        ),
        # A year, not a place to read.
        (
            "The drug reduced tumor growth (in 2019) in all treated animals.",
            "The drug reduced tumor growth ... in all treated animals.",
        ),
        # Two asides and the words between: one closes inside the gap.
        (
            "Clients (e.g. browsers) are trusted. Servers (e.g. proxies) are not trusted.",
            "Clients ... are not trusted.",
        ),
        # An aside that says where or for whom the quote holds (probe27: 8 of 10 were plain).
        (
            "The cache is shared across all processes (on Linux) and survives a restart of the host.",
            "The cache is shared across all processes ... and survives a restart of the host.",
        ),
        (
            "The cache is shared across all processes (for paid plans) and survives a restart.",
            "The cache is shared across all processes ... and survives a restart.",
        ),
        (
            "Le cache est partagé entre tous les processus (sous Linux) et survit au redémarrage.",
            "Le cache est partagé entre tous les processus ... et survit au redémarrage.",
        ),
        # A conjunct between commas, which hands the next verb to its subject (probe27).
        (
            "The parent process starts the job, and the worker deletes the files, and reports success.",
            "The parent process starts the job, ... and reports success.",
        ),
        (
            "Le processus parent lance la tâche, et le worker supprime les fichiers, et signale le succès.",
            "Le processus parent lance la tâche, ... et signale le succès.",
        ),
        # A review of a1a06ed: a reference after the scope, a conjunct "then" opens.
        (
            "The cache is shared across all processes (for paid plans; see the pricing page) and survives.",
            "The cache is shared across all processes ... and survives.",
        ),
        (
            "The parent starts the job, then the worker deletes the files, and reports success.",
            "The parent starts the job, ... and reports success.",
        ),
        # A fourth review: a scope opener the index keeps otherwise ("ausserhalb").
        (
            "Außerhalb in Europa, muss der Server die Anfrage ablehnen, wenn die Daten fehlen.",
            "... muss der Server die Anfrage ablehnen, wenn die Daten fehlen.",
        ),
        # A third review: a word of how the text is set hid a restriction.
        (
            "Kerning is applied (for bold fonts) automatically by the renderer.",
            "Kerning is applied ... automatically by the renderer.",
        ),
    ],
    ids=[
        *("version-and-above", "reference-and-more", "a-year", "two-asides"),
        *("scope-aside", "scope-aside-for", "fr-scope-aside", "conjunct", "fr-conjunct"),
        *("scope-aside-and-reference", "then-conjunct", "de-scope-opener-folded", "how-the-text-is-set-may-restrict"),
    ],
)
def test_an_ellipsis_over_more_than_a_reference_or_an_example_is_flagged(source: str, quote: str) -> None:
    # A review of d5036ac: each was accepted with no flag by that commit's reading of references and asides.
    location = _locate(source, quote)
    assert (location.status, location.flags) == ("found", ("ellipsis_gap",)), location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        (
            "The cache is shared across all processes (see Figure 2) and survives a restart.",
            "The cache is shared across all processes ... and survives a restart.",
        ),
        (
            "The cache is shared across all processes (in this document) and survives a restart.",
            "The cache is shared across all processes ... and survives a restart.",
        ),
        (
            "We support JSON, YAML, and TOML, and XML as formats for the configuration.",
            "We support JSON, ... and XML as formats for the configuration.",
        ),
        ("It was, so to speak, a small matter for the whole team.", "It was, ... a small matter for the whole team."),
        (
            "The cache is shared across all processes (with thanks to the reviewers) and survives a restart.",
            "The cache is shared across all processes ... and survives a restart.",
        ),
    ],
    ids=["reference", "self-reference", "list-items", "set-phrase", "with-thanks"],
)
def test_an_ellipsis_over_an_aside_that_restricts_nothing_is_plain(source: str, quote: str) -> None:
    location = _locate(source, quote)
    assert (location.status, location.flags) == ("found", ()), location.reason


def test_an_ellipsis_over_not_only_is_for_review_not_missing() -> None:
    """It inverts nothing; an inner ellipsis stays strict, so it is flagged, never called missing."""
    source = (
        "The vendor not only patched the flaw within 30 days of the report but also notified the "
        "customers and the press about the fix and the release."
    )
    location = _locate(source, "The vendor ... patched the flaw within 30 days of the report")
    assert location.status == "found", location.reason
    assert "ellipsis_gap" in location.flags


LANGUAGES = ("en", "fr", "pt", "de", "es", "ru", "ko", "zh", "ja", "th")


@pytest.mark.parametrize("name", sorted(CUT_CLASSES))
def test_every_cut_class_has_a_list_for_every_language(name: str) -> None:
    assert set(CUT_CLASSES[name]) == set(LANGUAGES)
    assert all(CUT_CLASSES[name][language] for language in LANGUAGES)


@pytest.mark.parametrize("lists", [SCOPE_OPENERS_BY_LANGUAGE, SELF_REFERENCES_BY_LANGUAGE], ids=["scope", "self"])
def test_the_scope_lexicons_have_a_list_for_every_language(lists: dict[str, frozenset[str]]) -> None:
    assert set(lists) == set(LANGUAGES)
    assert all(lists[language] for language in LANGUAGES)


@pytest.mark.parametrize("word", ["devraient", "musst", "sollen", "sollten", "deben", "должен"])
def test_every_obligation_is_a_normative_keyword_and_a_modal(word: str) -> None:
    assert word in NORMATIVE_KEYWORDS
    assert any(word in words for words in OBLIGATIONS_BY_LANGUAGE.values())
    assert any(word in words for words in MODALS_BY_LANGUAGE.values())


@pytest.mark.parametrize("word", ["nothing", "nobody", "jamas", "ningun", "nadie", "keineswegs", "keinesfalls"])
def test_the_negations_the_word_diffs_count(word: str) -> None:
    assert is_meaning_word(word)


def test_nothing_and_nobody_are_no_edge_negation_keys() -> None:
    # They open a sentence of their own as often as they negate the words before.
    assert not NEGATION_KEYS & {"nothing", "nobody"}


def test_the_restrictive_words_are_the_english_exceptions_and_only() -> None:
    assert EXCEPTIONS_BY_LANGUAGE["en"] | QUANTIFIERS_BY_LANGUAGE["en"] >= RESTRICTIVE_WORDS


def test_the_clause_words_hold_every_language_s_negations_once() -> None:
    for language in ("fr", "pt", "de"):
        assert (
            NEGATIONS_BY_LANGUAGE[language] - {"ni", "nem", "weder", "guère", "nada", "ninguém"} <= _cuts._CLAUSE_WORDS
        )


@pytest.mark.parametrize(
    ("words", "classes"),
    [
        (["except", "when", "known"], ["exception", "condition"]),
        (["as", "long", "as", "it", "holds"], ["condition"]),
        (["such", "as", "X"], ["examples"]),
        (["but", "rather"], ["contrast"]),
        (["신뢰도가", "낮으면"], ["condition"]),
        (["如", "果", "违", "反"], ["condition"]),
    ],
)
def test_cut_marks_finds_each_class(words: list[str], classes: list[str]) -> None:
    assert [name for _, _, name in cut_marks(words)] == classes


# -- measured on real text ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rfc7519(fixtures_dir: Path) -> Document:
    return RFCParser().parse((fixtures_dir / "citation_check" / "rfc7519.txt").read_text(encoding="utf-8"))


def _spans(document: Document, count: int, seed: int) -> list[tuple[str, str]]:
    """Verbatim 12-word spans of the sections, each inside one paragraph (a page break joins none)."""
    joins = paragraph_joins(document)
    pool: list[tuple[str, list[str]]] = []
    for section in document.sections:
        text = section.text
        blocks: list[str] = []
        at = 0
        for found in re.finditer(r"\n[ \t]*\n", text):
            if section.start + found.end() in joins or section.start + text.rfind("\n", 0, found.end()) + 1 in joins:
                continue
            blocks.append(text[at : found.start()])
            at = found.end()
        blocks.append(text[at:])
        pool += [(section.id, block.split()) for block in blocks if len(block.split()) >= 14]
    rng = random.Random(seed)
    spans = []
    for _ in range(count):
        section, words = rng.choice(pool)
        start = rng.randrange(len(words) - 12)
        spans.append((section, " ".join(words[start : start + 12])))
    return spans


def test_verbatim_spans_of_rfc_7519_are_rarely_flagged(rfc7519: Document) -> None:
    spans = _spans(rfc7519, 1000, seed=7519)
    locations = [locate(rfc7519, Citation(id="c", claim="x", quote=q, section=s)) for s, q in spans]
    assert all(location.status == "found" for location in locations)
    flagged = sum(bool(location.flags) for location in locations)
    # Issue 23's target is 10%. RFC 7519 is dense with conditions: 102 of the 170 flags are spans
    # under an "If ...,", "Otherwise," or "unless" (sections 7.1 and 7.2 most), which the cut does
    # leave out (one leaves out only the "If" that opens its sentence; one starts inside "(some of
    # which may [be the empty string)"; one right after "and optionally,", one after "were
    # previously"); `python benchmarks/eval_cuts.py --show all` lists every flag with its left-out words.
    assert flagged <= 170, flagged


def test_each_item_of_a_list_is_a_sentence_of_its_own(rfc7519: Document) -> None:
    # Section 10.3.1's template, one item a line: "none" ends the item before, and limits nothing here.
    quote = "o Author: Michael B. Jones, mbj@microsoft.com o Change controller: IESG o Provisional"
    location = locate(rfc7519, Citation(id="c", claim="x", quote=quote, section="10.3.1"))
    assert (location.status, location.flags) == ("found", ()), location.reason


def test_a_paragraph_a_page_break_split_is_one_block(rfc7519: Document) -> None:
    joins = sorted(paragraph_joins(rfc7519))
    assert len(joins) == 3  # sections 4.3, 10.1 and 11.2, as the parser's docstring says
    for offset in joins:
        words = rfc7519.text[offset - 70 : offset + 60].split()[1:-1]
        section = next(s for s in rfc7519.sections if s.start <= offset < s.end)
        location = locate(rfc7519, Citation(id="c", claim="x", quote=" ".join(words), section=section.id))
        assert location.status == "found"
        assert "joined_blocks" not in location.flags


def test_two_paragraphs_read_as_one_are_still_joined_blocks(rfc7519: Document) -> None:
    # Section 4.1.1's last paragraph and 4.1.2's heading: a real blank line between two blocks.
    section = rfc7519.section("4")
    assert section is not None
    location = locate(
        {"1": "The issuer claim is a string.\n\nThe subject claim identifies the principal."},
        Citation(
            id="c",
            claim="x",
            quote="The issuer claim is a string. The subject claim identifies the principal.",
            section="1",
        ),
    )
    assert location.status == "found"
    assert "joined_blocks" in location.flags


LANGUAGE_DOCUMENTS = [
    "fr_rustbook_ch04-02",
    "de_rustbook_ch09-03",
    "pt_rustbook_ch10-02",
    "ru_rustbook_ch09-03",
    "ja_rustbook_ch09-03",
    "ko_rustbook_ch08-01",
    "zh_rustbook_ch04-01",
]
_LIMITING_CLASSES = {"condition", "exception", "quantifier", "hedge", "contrast", "distancing"}


@pytest.mark.parametrize("name", LANGUAGE_DOCUMENTS)
def test_clause_quotes_whose_rest_is_neutral_are_rarely_flagged(fixtures_dir: Path, name: str) -> None:
    """Each sentence's longest clause, quoted alone: found, and flagged only where the rest limits it."""
    document = MarkdownParser().parse((fixtures_dir / "docs" / f"{name}.md").read_text(encoding="utf-8"))
    quotes = _clauses(document)
    assert len(quotes) >= 15
    neutral = flagged = 0
    for section, sentence, quote in quotes:
        location = locate(document, Citation(id="c", claim="x", quote=quote, section=section))
        assert location.status != "missing", quote
        if not _limits(sentence.replace(quote, " ")):
            neutral += 1
            flagged += bool(set(location.flags) & _CUT_FLAGS)
    assert neutral >= 5
    assert flagged <= neutral * 0.1, (flagged, neutral)


def _limits(rest: str) -> bool:
    """Whether the rest of a sentence holds a word of a limiting class, a negation or a modal."""
    words = re.findall(r"[^\W_]+(?:'[^\W_]+)?", rest.lower())
    if not "".join(words).isascii():
        words = [c for w in words for c in (w if re.match(r"[\u3040-\u9fff]", w) else [w])]
    classes = {name for _, _, name in cut_marks(words)}
    return (
        bool(classes & _LIMITING_CLASSES)
        or any(_cuts._word_classes(w) for w in words)
        or bool(unspaced_meaning("".join(words)))
    )


def _clauses(document: Document) -> list[tuple[str, str, str]]:
    """(section, sentence, its longest comma-separated clause) of prose sentences with more than one clause.

    A Chinese or Japanese clause that starts or ends with a Latin word is left out: quoting one
    right after CJK punctuation is called missing today (``、Result``, ``。可以使用 from ... String``),
    a matter of the substring tier, outside the cuts.
    """
    found: list[tuple[str, str, str]] = []
    for section in document.sections:
        for block in re.split(r"\n[ \t]*\n", section.text):
            if re.search(r"[`|#<>\[\]*{}();=]", block):
                continue
            for sentence in re.split(r"(?<=[.!?])\s+|(?<=[。！？])", " ".join(block.split())):
                parts = [p.strip() for p in re.split(r"[,，、]", sentence.rstrip(".。")) if p.strip()]
                if len(parts) < 2:
                    continue
                clause = max(parts, key=len)
                spaced = not re.search(r"[\u3040-\u9fff]", clause)
                latin_edge = clause[:1].isascii() or clause[-1:].isascii()
                if (len(clause.split()) >= 4 if spaced else len(clause) >= 10) and not (latin_edge and not spaced):
                    found.append((section.id, sentence, clause))
    return found


# -- word swaps (issue 26) ------------------------------------------------------------------------

SWAP_SOURCE = (
    "The checks run on every push to the main branch and fail in CI when a citation is fabricated. "
    "The results often improve after the second pass over the data set. "
    "Our measurements show that the cache lowers the median latency of every request."
)


@pytest.mark.parametrize(
    ("quote", "status", "named"),
    [
        # Opposites: the quote says something else.
        (
            "The checks run on every push to the main branch and skip in CI when a citation is fabricated.",
            "missing",
            "changed 'skip' (source: 'fail')",
        ),
        (
            "The results often degrade after the second pass over the data set.",
            "missing",
            "changed 'degrade' (source: 'improve')",
        ),
        (
            "Our measurements refute that the cache lowers the median latency of every request.",
            "missing",
            "changed 'refute' (source: 'show')",
        ),
        # Any other word swapped: for review, named.
        (
            "The checks run on every push to the main branch and break in CI when a citation is fabricated.",
            "found",
            "changed 'break' (source: 'fail'): a word swapped for another",
        ),
        # A hedge dropped without an ellipsis: for review, named.
        ("The results improve after the second pass over the data set.", "found", "left out 'often' (a hedge)"),
        # In a short sentence one long word swapped is under the similarity threshold: still one swap.
        ("The results often materialize after the second pass.", "found", "changed 'materialize' (source: 'improve')"),
        ("Our measurements indicate that the cache lowers", "found", "changed 'indicate' (source: 'show')"),
        # Two words swapped, or one in a quote of five words, is too different.
        ("The results frequently strengthen after the second pass over the data set.", "missing", "too different"),
        ("Our measurements indicate that the", "missing", ""),
    ],
)
def test_a_word_swap_is_never_auto_and_its_words_are_named(quote: str, status: str, named: str) -> None:
    location = _locate(SWAP_SOURCE, quote)
    assert location.status == status, location.reason
    assert named in location.reason
    if status == "found":
        assert location.flags
        assert all(d.changes_meaning for d in location.match.differences if d.kind == "changed")


@pytest.mark.parametrize("output", ["table", "markdown", "junit", "json"])
def test_every_text_format_names_the_swapped_words(tmp_path: Path, output: str) -> None:
    from click.testing import CliRunner

    from citecheck.cli._main import main

    source = tmp_path / "notes.txt"
    source.write_text(SWAP_SOURCE, encoding="utf-8")
    citations = tmp_path / "citations.json"
    quote = "The checks run on every push to the main branch and break in CI when a citation is fabricated."
    citations.write_text(f'[{{"id": "c1", "claim": "x", "quote": "{quote}", "section": null}}]', encoding="utf-8")
    result = CliRunner().invoke(main, ["match", str(source), str(citations), "--format", output])
    printed = " ".join(result.output.split()).replace("\\", "")  # Markdown escapes its colons
    assert "'break' (source: 'fail')" in printed.replace("&apos;", "'").replace("&#x27;", "'").replace("&#39;", "'")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("the server must reject the token if it is expired and log the failure", "en"),
        ("si le jeton a expiré le serveur doit le rejeter et noter la faute", "fr"),
        ("isso é menos confuso e faz a assinatura da função ficar mais parecida", "pt"),
        ("wenn der wert fehlt muss der server den aufruf ablehnen und es melden", "de"),
        ("el servidor rechaza el token si no es válido y lo registra en el log", "es"),
        ("сервер не принимает токен и сообщает об ошибке в журнал", "ru"),
        ("JWT RFC7519", None),  # too few common words to tell
        ("de la de o da", None),  # French and Portuguese alike
    ],
)
def test_spaced_language_is_told_by_the_commonest_words(text: str, language: str | None) -> None:
    assert spaced_language(text.split(" ")) == language


def test_a_phrase_is_read_in_its_own_language_only_once_the_language_is_told() -> None:
    words = ["estão", "mais", "próximos"]
    assert [name for _, _, name in cut_marks(words)] == ["contrast"]  # untold: every language's lists
    assert cut_marks(words, "pt") == []
    assert [name for _, _, name in cut_marks(["mais", "il"], "fr")] == ["contrast"]


# -- what a cut reads of each word, kept with the index (`_cuts._Marks`) ------------------------------

# One document of each language and shape the matcher reads: a line-broken RFC, Markdown in
# scripts with and without spaces, an HTML page.
_MARKED = (
    "citation_check/rfc7519.txt",
    "docs/effective_go.html",
    "docs/ja_rustbook_ch09-03.md",
    "docs/zh_rustbook_ch04-01.md",
    "docs/ko_rustbook_ch08-01.md",
    "docs/th_react_state-and-lifecycle.md",
    "docs/ru_rustbook_ch09-03.md",
    "docs/fr_rustbook_ch04-02.md",
    "docs/pt_rustbook_ch10-02.md",
    "docs/de_rustbook_ch04-01.md",
)


@pytest.fixture(scope="module", params=_MARKED)
def marked(request: pytest.FixtureRequest, fixtures_dir: Path) -> WordIndex:
    from citecheck import parse_file

    return index_of(parse_file(fixtures_dir / request.param))


def _walked_lead(index: WordIndex, first: int) -> int:
    """Where `_cuts.lead_cut` starts, found word by word as it was before `_cuts._Marks`."""
    start = first
    while (
        start > 0
        and first - start < _MAX_GAP_WORDS
        and (_cuts._spaced(index, start) or not _cuts._sentence_starts(index, start))
    ):
        start -= 1
    if start < first and _cuts._has_break(index, start, first + 1):
        start = next((p for p in range(first, start, -1) if _cuts._line_boundary(index, p)), start)
    if start < first and _cuts._item_mark(index, start):
        start += 1
    return start


def _walked_trail(index: WordIndex, last: int) -> int:
    """Where `_cuts.trail_cut` ends (its last word), found word by word."""
    end = last + 1
    while (
        end < len(index)
        and end - last <= _MAX_GAP_WORDS
        and (_cuts._spaced(index, end) or not _cuts._sentence_starts(index, end))
    ):
        end += 1
    if end > last + 1 and _cuts._has_break(index, last, end):
        end = next((p for p in range(last + 1, end) if _cuts._line_boundary(index, p)), end)
    return end - 1


def test_the_folded_text_maps_back_in_order(marked: WordIndex) -> None:
    # `_cuts._breaks` places each line break by a binary search over the words: it needs a later
    # folded offset never to map earlier.
    original = marked.folded.offsets.original
    assert all(a <= b for a, b in pairwise(original))
    to_original = marked.folded.to_original
    mapped = [to_original(offset) for offset in range(0, len(marked.folded.text), 7)]
    assert mapped == sorted(mapped)


@pytest.mark.parametrize("seed", range(4))
def test_every_way_fold_maps_a_text_back_is_in_order(seed: int) -> None:
    rng = random.Random(seed)
    pieces = [
        "word",
        " ",
        "\n",
        "  \n\n ",
        "-\n",
        "\t",
        "ﬁ",
        "e\u0301",
        "«",
        "»",
        "\u3000",
        "日本",
        "。",
        "\u1100\u1161",
    ]
    pieces += ["\u00a0", "\x0c", "\u2014", "\uff1f", "x" * 5, "\r\n", "한국어", "\u0301"]
    text = "".join(rng.choice(pieces) for _ in range(3000))
    for cookbook in (False, True):
        original = index_of(Document.from_sections({"1": text}), cookbook=cookbook).folded.offsets.original
        assert all(a <= b for a, b in pairwise(original))


@pytest.mark.parametrize(
    ("text", "word", "starts"),
    [
        ("Der Server protokolliert Fehler, z. B. Timeouts, nur im Debugmodus.", "B", False),
        ("Der Server protokolliert Fehler, z. B. Timeouts, nur im Debugmodus.", "Timeouts", False),
        ("Der Server protokolliert Fehler, z.B. Timeouts, nur im Debugmodus.", "Timeouts", False),
        ("As Dr. Smith reported, the drug works.", "Smith", False),
        ("The curve (see Fig. 3) rises.", "3", False),
        ("Les erreurs, p. ex. Délais, sont journalisées.", "Délais", False),
        # A stop after a word that is also an abbreviation's letters, or a unit, still ends a sentence.
        ("Is the token valid? No. Servers reject it.", "Servers", True),
        ("The server answers within 5 ms. Clients retry.", "Clients", True),
        ("Plan z. Both parts run.", "Both", True),
        ("The curve (see fig. 3) rises.", "3", False),
        ("We build it with VS. Then we ship it.", "Then", True),
        ("Every certificate is signed by the CA. Clients accept it.", "Clients", True),
        ("Put the key in .env. Servers read it.", "Servers", True),
        ("Длина кабеля составляет 5 см. Сервер отклоняет его.", "Сервер", True),
    ],
)
def test_an_abbreviation_s_stop_ends_no_sentence(text: str, word: str, starts: bool) -> None:
    index = index_of(Document.from_sections({"1": text}))
    position = index.words(0, len(index)).index(word)
    assert _cuts._sentence_starts(index, position) is starts


def test_the_ends_of_a_sentence_are_where_the_walk_word_by_word_finds_them(marked: WordIndex) -> None:
    # Every position once, in an order that reaches each from known and unknown marks alike.
    positions = list(range(len(marked)))
    random.Random(23).shuffle(positions)
    for first in positions[:3000]:
        assert _cuts.lead_cut(marked, first).first == _walked_lead(marked, first), first
        assert _cuts.trail_cut(marked, first).last == _walked_trail(marked, first), first


def test_a_cut_told_neutral_is_what_reading_every_word_finds(marked: WordIndex) -> None:
    limiting = frozenset(_cuts._KINDS) - {"number"}
    rng = random.Random(7519)
    told = 0
    for _ in range(3000):
        first = rng.randrange(len(marked))
        cut = _cuts.Cut(marked, first, min(first + rng.randrange(1, 30), len(marked) - 1))
        fresh = _cuts.Cut(marked, cut.first, cut.last)  # read whole, without the marks' answer
        assert _cuts.lead_limit(cut) == _cuts._lead_limit(fresh)
        assert _cuts.trail_limit(cut) == _cuts._trail_limit(fresh)
        assert _cuts.gap_limit(cut) == _cuts._gap_limit(fresh)
        assert _cuts.colon_condition(cut) == _cuts._colon_condition(fresh)
        if not _cuts._may_limit(cut):
            told += 1
            assert not any(classes & limiting for classes in fresh.scan.classes), fresh.words
    assert told  # some cuts of each document are told neutral without being read


@pytest.mark.parametrize(
    ("text", "quote_start", "side"),
    [
        # A contrast before the quote takes nothing back from it.
        ("However for such requirements all claims MUST be ignored.", "all", "lead"),
        # A modal far before the quote governs its own verb, not the quote.
        ("For instance one application might require support for JWTs while another needs none.", "while", "lead"),
        # A modal after the quote, in a language that puts it before its verb.
        ("The JWT is accepted and the caller MUST log it.", "and", "trail"),
        # A negation deep in the words after the quote, not set off by a comma.
        ("The name is short and it does not exceed eight characters.", "and", "trail"),
        # A negation set off by a comma, past the trail's first words: it negates its own clause.
        ("The token is read by servers, caching proxies, not clients.", "caching", "trail"),
    ],
)
def test_a_limiting_word_where_it_limits_nothing_is_told_without_reading_the_cut(
    text: str, quote_start: str, side: str
) -> None:
    index = index_of(Document.from_sections({"1": text}))
    at = index.keys(0, len(index)).index(quote_start.lower())
    cut = _cuts.lead_cut(index, at) if side == "lead" else _cuts.trail_cut(index, at - 1)
    assert _cuts._may_limit(cut)  # it holds a word that limits from some places
    told = _cuts._lead_may_limit(cut) if side == "lead" else _cuts._trail_may_limit(cut)
    assert not told
    fresh = _cuts.Cut(index, cut.first, cut.last)
    assert (_cuts._lead_limit(fresh) if side == "lead" else _cuts._trail_limit(fresh)) is None


def test_a_cut_s_language_is_the_words_around_it(marked: WordIndex) -> None:
    rng = random.Random(3)
    for _ in range(500):
        first = rng.randrange(len(marked))
        cut = _cuts.Cut(marked, first, min(first + rng.randrange(0, 20), len(marked) - 1))
        around = marked.keys(max(0, cut.first - _cuts._CONTEXT), min(len(marked), cut.last + 1 + _cuts._CONTEXT))
        assert cut.language == spaced_language(around)


def test_what_a_cut_reads_of_the_words_is_kept_in_a_few_bytes_a_word(fixtures_dir: Path) -> None:
    document = Document.from_sections({"1": (fixtures_dir / "citation_check" / "rfc7519.txt").read_text()})
    index = index_of(document)
    _cuts.lead_cut(index, len(index) // 2)
    marks = _cuts._marks(index)
    kept = sum(len(getattr(marks, name)) for name in marks.__slots__ if name != "index")
    assert kept <= 4 * len(index) <= len(document.text)


@pytest.mark.parametrize("lead", [False, True])
@pytest.mark.parametrize(
    ("text", "outside"),
    [
        ("alpha (beta gamma) delta", ["alpha", "delta"]),
        # ")(" closes one aside and opens the next, even where the cut opened none: "beta" is inside.
        ("alpha) (beta gamma) delta", ["alpha", "delta"]),
        ('alpha "beta" gamma', ["alpha", "gamma"]),
    ],
)
def test_only_the_words_outside_every_aside_are_read(text: str, outside: list[str], lead: bool) -> None:
    index = index_of(Document.from_sections({"1": text}))
    cut = _cuts.Cut(index, 0, len(index) - 1)
    assert [cut.words[p] for p in _cuts._outside_asides(cut, 0, lead=lead)] == outside


def test_the_denying_predicates_are_looked_up_by_the_index_s_keys() -> None:
    # Written without `key`, which compiles a pattern at import (tests/test_startup.py).
    keys = frozenset(tuple(map(key, phrase[:2])) for phrase in _cuts._DENYING_PREDICATES)
    assert keys == _cuts._DENYING_PREDICATE_KEYS


@pytest.mark.parametrize(
    ("source", "quote", "status"),
    [
        # Portuguese "no" is "em" + "o", "in the"; Chinese 不同 is "different": no negation to invert.
        (
            "Um trait pode ter vários métodos no seu corpo, com os métodos listados um por linha.",
            "Um trait pode ter vários métodos ... corpo, com os métodos listados um por linha.",
            "found",
        ),
        # Words as Portuguese as Spanish around it ("de", "que", "se"): the likeliest language tells.
        (
            "Se nós precisássemos usar formatação no tipo T em uma função assim como no método, nós podemos usar isso.",
            "Se nós precisássemos usar formatação ... T em uma função assim como no método, nós podemos usar isso.",
            "found",
        ),
        (
            "在 Rust 中，多个变量可以采取不同的方式与同一数据进行交互。",
            "在 Rust 中，多个变量可以采取……方式与同一数据进行交互。",
            "found",
        ),
        # Spanish "no" negates: where the words tell Spanish, the quote is missing; where they tell no
        # language, Portuguese "no" may be meant, and the quote is for review, never accepted.
        (
            "El servidor no acepta los tokens sin firma y el cliente los rechaza en el modo de prueba del sistema.",
            "El servidor ... acepta los tokens sin firma y el cliente los rechaza en el modo de prueba del sistema.",
            "missing",
        ),
        (
            "Esta opción no nos da más control sobre el proceso.",
            "Esta opción ... nos da más control sobre el proceso.",
            "found",
        ),
        ("Salve o arquivo no disco antes de sair.", "Salve o arquivo ... antes de sair.", "found"),
        # 不同意 is "disagree": 不同 ("different") does not hide its 不; 不同意见 is "different opinions".
        ("董事会不同意公司在年底前出售该业务部门。", "董事会同意公司在年底前出售该业务部门。", "missing"),
        (
            "专家们对这个方案提出了不同意见，但项目仍然按计划推进。",
            "专家们对这个方案……，但项目仍然按计划推进。",
            "found",
        ),
    ],
    ids=[
        "pt-no",
        "pt-no-beside-spanish",
        "zh-butong",
        "es-no-told",
        "es-no-untold",
        "pt-no-untold",
        "zh-butongyi",
        "zh-butongyijian",
    ],
)
def test_an_ellipsis_over_a_word_that_negates_only_in_another_language(source: str, quote: str, status: str) -> None:
    location = _locate(source, quote)
    assert location.status == status, location.reason
    if status == "found":
        assert location.flags == ("ellipsis_gap",), location.reason


@pytest.mark.parametrize(
    ("text", "quote", "flagged"),
    [
        # The lead-in's negation governs each item, bulleted, numbered or rendered as lines.
        (
            "The administrator must not:\n\n- delete an account without a backup\n- disable the audit log",
            "disable the audit log",
            True,
        ),
        (
            "Der Administrator darf nicht:\n\n1. ein Konto ohne Sicherung löschen\n2. das Protokoll abschalten",
            "das Protokoll abschalten",
            True,
        ),
        (
            "   When a token arrives, the server MUST NOT:\n\n   o  store the token,\n\n   o  forward the token.",
            "forward the token.",
            True,
        ),
        # A lead-in with nothing to govern, and a paragraph after a list's end.
        (
            "The server supports two modes:\n\n- a fast mode that skips checks\n- a strict mode that checks tokens",
            "a strict mode that checks tokens",
            False,
        ),
        ("Here are some of the types:\n\n- all integer types\n- the Boolean type", "all integer types", False),
        (
            "The server must not:\n\n- cache tokens\n\nClients retry every failed request.",
            "Clients retry every failed request.",
            False,
        ),
        (
            "The administrator must not do any of the following:\n- delete an account\n- disable the audit log",
            "disable the audit log",
            True,
        ),
        (
            "None of the following may be cached:\n+ access tokens\n+ refresh tokens and their keys",
            "refresh tokens and their keys",
            True,
        ),
    ],
    ids=[
        "markdown-item",
        "numbered-item",
        "rfc-item",
        "no-limit",
        "some-examples",
        "paragraph-after",
        "any-of",
        "none-of",
    ],
)
def test_a_list_item_leaves_out_the_negation_of_its_lead_in(text: str, quote: str, flagged: bool) -> None:
    location = _locate(text, quote)
    assert location.status == "found", location.reason
    assert bool(set(location.flags) & _CUT_FLAGS) is flagged, location.reason
    if flagged:
        assert "left out a negation" in location.reason


@pytest.mark.parametrize(
    ("markdown", "quote", "flagged"),
    [
        (
            "## Common myths\n\nDeleted accounts can be restored at any time.",
            "Deleted accounts can be restored at any time.",
            True,
        ),
        (
            "## Idées reçues\n\nLes comptes supprimés peuvent être restaurés.",
            "Les comptes supprimés peuvent être restaurés.",
            True,
        ),
        ("## 常见误区\n\n已删除的账户可以随时由支持团队恢复。", "已删除的账户可以随时由支持团队恢复。", True),
        # A heading of more characters than a spaced one has words (probe22: 6 of 6 accepted in Thai).
        (
            "## ความเข้าใจผิดที่พบบ่อย\n\nบัญชีที่ถูกลบสามารถกู้คืนได้ทุกเมื่อโดยทีมสนับสนุน",
            "บัญชีที่ถูกลบสามารถกู้คืนได้ทุกเมื่อโดยทีมสนับสนุน",
            True,
        ),
        (
            "## よくある誤解とその真実について\n\n削除されたアカウントはいつでも復元できます。",
            "削除されたアカウントはいつでも復元できます。",
            True,
        ),
        (
            "## การตั้งค่าบัญชีผู้ใช้งาน\n\nบัญชีที่ถูกลบสามารถกู้คืนได้ทุกเมื่อโดยทีมสนับสนุน",
            "บัญชีที่ถูกลบสามารถกู้คืนได้ทุกเมื่อโดยทีมสนับสนุน",
            False,
        ),
        # Headings with a comma or a question mark are headings still; one of 22 characters too.
        (
            "## Myths, debunked\n\nDeleted accounts can be restored at any time.",
            "Deleted accounts can be restored at any time.",
            True,
        ),
        (
            "## Myth or fact?\n\nDeleted accounts can be restored at any time.",
            "Deleted accounts can be restored at any time.",
            True,
        ),
        (
            "## アカウント削除についてのよくある誤解とその真相\n\n削除されたアカウントはいつでも復元できます。",
            "削除されたアカウントはいつでも復元できます。",
            True,
        ),
        # A first line that ends with a full stop is a sentence, and names no section of myths.
        (
            "## 誤解を避けるため、設定は必ず保存してください。\n\n設定ファイルは自動的に保存されます。",
            "設定ファイルは自動的に保存されます。",
            False,
        ),
        (
            "To avoid misconceptions, always save your settings.\n\nThe file is saved in the home directory.",
            "The file is saved in the home directory.",
            False,
        ),
        (
            "## Facts\n\nDeleted accounts are removed after 30 days.",
            "Deleted accounts are removed after 30 days.",
            False,
        ),
    ],
    ids=[
        "en",
        "fr",
        "zh",
        "th",
        "ja-long",
        "th-another-heading",
        "comma",
        "question",
        "ja-22-characters",
        "ja-sentence",
        "en-sentence",
        "another-heading",
    ],
)
def test_a_sentence_under_a_heading_of_myths_leaves_out_that_it_is_one(
    markdown: str, quote: str, flagged: bool
) -> None:
    document = MarkdownParser().parse("# Accounts\n\n" + markdown + "\n")
    location = locate(document, Citation(id="q", claim="-", quote=quote, section=None))
    assert location.status == "found", location.reason
    assert ("omitted_text" in location.flags) is flagged, location.reason
    if flagged:
        assert "left out a negating frame" in location.reason


def test_every_scope_opener_is_listed_as_the_index_keys_it() -> None:
    # `_may_open_scope` compares the index's keys with the lists: "außerhalb" is keyed "ausserhalb".
    openers = frozenset().union(*SCOPE_OPENERS_BY_LANGUAGE.values())
    assert {word for word in openers if " " not in word and key(word) not in openers} == set()
