# ruff: noqa: RUF001  # full-width punctuation in the transform examples
"""Metamorphic tests over every fixture document: harmless transforms found unflagged, harmful ones never accepted.

A fixed-seed sample of each harmless transform x language cell, and every harmful case, run
through `citecheck.match_citations`
(``benchmarks/bench_metamorphic.py`` runs every case and prints the matrix). The cells that fail on
main today are listed in `KNOWN_FAILING` with their issue: the test still asserts every other cell,
and fails when a listed cell starts passing, so the list only shrinks.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import citecheck
from citecheck.testing import StaticJudge
from tests.metamorphic import transforms as tf
from tests.metamorphic.cases import Cell, Outcome, generate, run, tally
from tests.metamorphic.corpus import CorpusDocument, load_corpus

SEED = 23
PER_CELL = 10
"""Harmless cases per transform x language cell in CI (about 1,400 quotes); every harmful case runs (about 7,000)."""

# Cells of the CI sample that fail on main, with the issue that covers them. Remove a line when its
# cell passes (the test below fails until you do); never add one for a new regression.
KNOWN_FAILING: dict[tuple[str, str], str] = {}


@pytest.fixture(scope="module")
def corpus(fixtures_dir: Path) -> list[CorpusDocument]:
    return load_corpus(fixtures_dir)


@pytest.fixture(scope="module")
def outcomes(corpus: list[CorpusDocument]) -> list[Outcome]:
    sample = generate(corpus, seed=SEED, per_cell=PER_CELL, transforms=tf.HARMLESS)
    return run(corpus, sample + generate(corpus, seed=SEED, transforms=tf.HARMFUL))


@pytest.fixture(scope="module")
def cells(outcomes: list[Outcome]) -> dict[tuple[str, str], Cell]:
    return tally(outcomes)


def _describe(cell: Cell) -> str:
    worst = cell.failures[0]
    return (
        f"{cell.transform.name} x {cell.language}: {len(cell.failures)} of {cell.cases} fail; e.g. "
        f"{worst.case.quote[:90]!r} -> {worst.status} {list(worst.flags)} ({worst.reason[:120]})"
    )


def test_the_sample_covers_every_language_and_transform(cells: dict[tuple[str, str], Cell]) -> None:
    assert {language for _, language in cells} == set(tf.LANGUAGES)
    assert {name for name, _ in cells} == {t.name for t in tf.TRANSFORMS}
    assert sum(cell.cases for cell in cells.values() if cell.transform.kind == "harmful") >= 5000


@pytest.mark.parametrize("kind", ["harmless", "harmful"])
def test_every_cell_not_listed_passes(cells: dict[tuple[str, str], Cell], kind: str) -> None:
    """Harmless: every quote found with no flag. Harmful: no quote found without a flag."""
    failing = [
        _describe(cell)
        for key, cell in sorted(cells.items())
        if cell.transform.kind == kind and not cell.passed and key not in KNOWN_FAILING
    ]
    assert not failing, "\n".join(failing)


def test_listed_cells_still_fail(cells: dict[tuple[str, str], Cell]) -> None:
    """A listed cell that passes must leave the list, so that it cannot regress unseen."""
    passing = [f"{key} ({issue})" for key, issue in KNOWN_FAILING.items() if key in cells and cells[key].passed]
    stale = [f"{key} ({issue})" for key, issue in KNOWN_FAILING.items() if key not in cells]
    assert not passing, "these cells pass now: remove them from KNOWN_FAILING:\n" + "\n".join(passing)
    assert not stale, "these cells have no cases: remove them from KNOWN_FAILING:\n" + "\n".join(stale)


def test_accepted_means_auto_through_check_citation(corpus: list[CorpusDocument], outcomes: list[Outcome]) -> None:
    """What the matrix calls accepted is what a full check auto-accepts with a supporting answer."""
    judge = StaticJudge({}, default=("supports", 0.95))
    picked = random.Random(SEED).sample(outcomes, 40)
    for outcome in picked:
        case = outcome.case
        citation = {"id": "c", "claim": case.sentence, "quote": case.quote, "section": case.section}
        result = citecheck.check_citation(corpus[case.document].document, citation, judge=judge)
        assert result.auto == outcome.accepted or outcome.status != "found", (case.quote, result.location.reason)
        assert (result.verdict == citecheck.Verdict.FABRICATED) == (outcome.status == "missing")


def test_transforms_import_nothing_from_citecheck() -> None:
    """The transforms are written from what people do to quotes, not from what the matcher handles."""
    tree = ast.parse(Path(tf.__file__).read_text(encoding="utf-8"))
    imported = [
        alias.name if isinstance(node, ast.Import) else node.module or ""
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in (node.names if isinstance(node, ast.Import) else [node])  # type: ignore[list-item]
    ]
    assert imported and not [name for name in imported if name.startswith(("citecheck", "tests"))]


def _apply(name: str, text: str, language: str = "en", raw: str | None = None, markup: str | None = None) -> str | None:
    transform = next(t for t in tf.TRANSFORMS if t.name == name)
    return transform.apply(tf.Sentence(text, language, markup, raw), random.Random(0))


@pytest.mark.parametrize(
    ("name", "language", "text", "expected"),
    [
        ("condition_cut", "en", "If the token has expired, the server MUST reject it.", "the server MUST reject it."),
        (
            "condition_cut",
            "en",
            "The server MUST reject the token unless it is signed.",
            "The server MUST reject the token",
        ),
        ("condition_cut", "en", "The value can be useful; if you want speed, pass a pointer.", None),
        (
            "condition_cut",
            "de",
            "Wenn der Wert fehlt, muss der Server den Aufruf ablehnen.",
            "muss der Server den Aufruf ablehnen.",
        ),
        ("condition_cut", "zh", "如果令牌已经过期，服务器必须拒绝这个请求。", "服务器必须拒绝这个请求。"),
        (
            "exception_cut",
            "en",
            "Every client must register its redirect URI, except public native clients.",
            "Every client must register its redirect URI",
        ),
        (
            "contrast_cut",
            "en",
            "The method is fast on short inputs, but it fails on long documents.",
            "The method is fast on short inputs",
        ),
        (
            "discourse_marker_cut",
            "en",
            "For example, the client sends the token in a header field.",
            "the client sends the token in a header field.",
        ),
        (
            "discourse_marker_cut",
            "ja",
            "例えば、サーバーはトークンの署名を必ず検証します。",
            "サーバーはトークンの署名を必ず検証します。",
        ),
        (
            "and_clause_cut",
            "en",
            "The server signs every token it issues, and the client checks the signature.",
            "The server signs every token it issues",
        ),
        ("and_clause_cut", "en", "The server signs every token, and the client checks it unless it is cached.", None),
        (
            "examples_cut",
            "en",
            "The library parses several document formats, such as HTML and Markdown.",
            "The library parses several document formats",
        ),
        (
            "reference_cut",
            "en",
            "The claims are encoded as a JSON object as described in the JWS spec [RFC7515].",
            "The claims are encoded as a JSON object as described in the JWS spec",
        ),
        ("reference_cut", "en", "The token format is defined by [RFC7519] and used by every client here.", None),
        (
            "negation_removed",
            "en",
            "The client MUST NOT send the password in the clear.",
            "The client MUST send the password in the clear.",
        ),
        (
            "negation_removed",
            "ja",
            "コードがパニックしたら、回復する手段はありません。",
            "コードがパニックしたら、回復する手段はあります。",
        ),
        (
            "negation_inserted",
            "de",
            "Der Server muss die Signatur immer prüfen.",
            "Der Server muss nicht die Signatur immer prüfen.",
        ),
        (
            "number_changed",
            "en",
            "Points expire 12 months after they are earned.",
            None,
        ),
        (
            "modal_changed",
            "en",
            "The client must use TLS for every request it sends.",
            "The client may use TLS for every request it sends.",
        ),
        ("quantifier_changed", "fr", "Tous les clients envoient toujours le jeton.", None),
        ("german_quotes", "de", "Siehe den Abschnitt „Datentypen“ in Kapitel 3.", None),
        (
            "quotes_straightened",
            "fr",
            "Le serveur refuse un jeton « expiré » sans signature.",
            'Le serveur refuse un jeton "expiré" sans signature.',
        ),
        (
            "punct_halfwidth",
            "zh",
            "服务器必须验证签名，并且不能接受未签名的令牌。",
            "服务器必须验证签名, 并且不能接受未签名的令牌.",
        ),
        (
            "cjk_space_added",
            "ja",
            "レンダリングされるDOMを宣言的にバインドします。",
            "レンダリングされる DOM を宣言的にバインドします。",
        ),
        ("ligatures", "en", "The final signature is verified first.", "The ﬁnal signature is veriﬁed ﬁrst."),
    ],
)
def test_transform_examples(name: str, language: str, text: str, expected: str | None) -> None:
    out = _apply(name, text, language)
    if expected is None and name in ("quantifier_changed", "german_quotes", "number_changed"):
        assert out is not None and out != text  # random choice of swap: only that it changed
    else:
        assert out == expected


def test_markup_dropped_renders_the_source_span() -> None:
    raw = "The **owner** of a value is\n> dropped when it goes out of [scope](#scope) `now`."
    out = _apply("markup_dropped", "The owner of a value is dropped", raw=raw, markup="markdown")
    assert out == "The owner of a value is dropped when it goes out of scope now."


def test_markup_dropped_reads_a_superscript_as_the_page_shows_it() -> None:
    # The page shows "2<sup>8</sup>" raised, "2\u2078": read on the line it is "28", another number.
    raw = "A byte holds 0 to 2<sup>8</sup> \u2212 1 values, the 4<sup>th</sup> power of log<sub>2</sub> 16."
    out = _apply("markup_dropped", "A byte holds values", raw=raw, markup="markdown")
    assert out == "A byte holds 0 to 2\u2078 \u2212 1 values, the 4th power of log\u2082 16."


def test_harmful_edits_the_document_holds_verbatim_are_left_out(corpus: list[CorpusDocument]) -> None:
    """An edit that the document has elsewhere word for word is no edit there: no case is made of it."""
    cases = generate(corpus, seed=SEED, per_cell=None, transforms=tf.HARMFUL[:1])
    assert cases
    for case in cases[:200]:
        assert tf.collapse(tf.join_lines(case.quote)) not in corpus[case.document].flat
