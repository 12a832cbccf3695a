"""The HTML review report: its content, and the page in a real browser (headless Debian Chromium).

The browser tests never skip in CI (``CI`` set): a missing browser fails them there, since `.ci/run`
installs it. Elsewhere they skip with the reason.
"""

from __future__ import annotations

import html
import os
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from citecheck import (
    Checker,
    Citation,
    CitationResult,
    Document,
    Location,
    Verdict,
    check_citations,
    fold_verdict,
    parse_file,
)
from citecheck.matcher import QuoteSegment as Seg
from citecheck.matcher import align_quote, locate
from citecheck.review import apply_decisions, render_html
from citecheck.review._decisions import StoredDecision, decision_key, evidence_fingerprint
from citecheck.testing import StaticJudge, static_answer
from tests import browser
from tests.report_runs import INJECTED_ID, big_run, cookbook_run
from tests.tiers import SpanTier

# -- the page's content, without a browser ---------------------------------------------------------

SECTIONS = {
    "1": "Intro text. The issuer MUST sign every token with its private key before sending it. More text.",
    "2": "Other words entirely, about audiences and nothing else of note here.",
}


def render(citations: list[dict[str, Any]], **options: Any) -> str:
    document = Document.from_sections(SECTIONS)
    results = check_citations(document, citations, judge=StaticJudge(default=("supports", 0.9)))
    return render_html(results, document, **options)


@pytest.mark.parametrize(
    ("quote", "source", "expected"),
    [
        ("a b c", "a b c", [Seg("match", "a b c")]),
        (
            "the issuer MUST sign ... before sending",
            "the issuer MUST sign every token before sending",
            [
                Seg("match", "the issuer MUST sign "),
                Seg("omitted", "every token", by_ellipsis=True),
                Seg("match", " before sending"),
            ],
        ),
        (
            "the issuer MUST sign before sending",  # the same words left out, with no ellipsis to say so
            "the issuer MUST sign every token before sending",
            [
                Seg("match", "the issuer MUST sign "),
                Seg("omitted", "every token"),
                Seg("match", " before sending"),
            ],
        ),
        (
            "[…] sign every token … sending",  # a leading ellipsis, and one where nothing is left out
            "MUST sign every token before sending",
            [
                Seg("omitted", "MUST", by_ellipsis=True),
                Seg("match", " sign every token "),
                Seg("omitted", "before", by_ellipsis=True),
                Seg("match", " sending"),
            ],
        ),
        ("a x c", "a b c", [Seg("match", "a "), Seg("changed", "b", "x"), Seg("match", " c")]),
        ("a b z c", "a b c", [Seg("match", "a b "), Seg("added", "", "z"), Seg("match", "c")]),
    ],
)
def test_align_marks_matched_omitted_changed_and_added_words(quote: str, source: str, expected: list[Seg]) -> None:
    assert align_quote(quote, source) == expected


def test_quote_is_shown_inside_its_section_with_what_the_ellipsis_left_out() -> None:
    page = render(
        [
            {
                "id": "e1",
                "claim": "Tokens are signed.",
                "quote": "The issuer MUST sign ... its private key",
                "section": "1",
            }
        ]
    )
    assert '<mark class="match">The issuer MUST sign </mark>' in page
    assert 'title="left out by the ellipsis"' in page
    assert "every token with</del>" in page
    assert "Intro text. " in page  # the section around the quote


@pytest.mark.parametrize(
    ("tier", "quote", "left_out", "step_one"),
    [
        # Named after the built-in ellipsis tier, but the quote writes no ellipsis where words are left out.
        (SpanTier("ellipsis"), "The issuer MUST sign its private key before sending it.", "left out of the quote", ""),
        # Another name, and the quote's ellipsis stands where the words are left out.
        (
            SpanTier("gaps"),
            "The issuer MUST sign ... its private key before sending it.",
            "left out by the ellipsis",
            "",
        ),
        # Matched only by similarity under any name: the page says how similar; under "fuzzy" when it is not, never.
        (
            SpanTier("approx", score=87.5),
            "The issuer MUST sign ... sending it.",
            "left out by the ellipsis",
            " (88% similar)",
        ),
        (SpanTier("fuzzy"), "The issuer MUST sign ... sending it.", "left out by the ellipsis", ""),
    ],
)
def test_what_the_page_says_of_a_match_comes_from_the_match_not_its_tier_name(
    tier: SpanTier, quote: str, left_out: str, step_one: str
) -> None:
    document = Document.from_sections(SECTIONS)
    citation = {"id": "t1", "claim": "Tokens are signed.", "quote": quote, "section": "1"}
    results = check_citations(
        document, [citation], judge=StaticJudge(default=("supports", 0.9)), checker=Checker(tiers=[tier])
    )
    page = render_html(results, document)
    assert f'<del class="omitted" title="{left_out}">' in page
    (other,) = {"left out of the quote", "left out by the ellipsis"} - {left_out}
    assert f'<del class="omitted" title="{other}">' not in page
    assert f"{tier.name} match{step_one}: " in page


def test_fabricated_quote_shows_the_closest_source_text_and_its_differences() -> None:
    page = render(
        [
            {
                "id": "f1",
                "claim": "Tokens need no signature.",
                "quote": "The issuer MUST NOT sign every token with its private key",
                "section": "1",
            }
        ]
    )
    assert "Closest source text, in section 1" in page
    assert 'class="added"' in page and "NOT" in page
    assert "changes the meaning" in page
    assert "TypeSafe playground" not in page  # no model was asked


TWICE = "The issuer MUST sign every token."
TWICE_SECTION = f"{TWICE} Then it sends the token on. {TWICE} Nothing else."
SECOND = TWICE_SECTION.rindex(TWICE)


def _second_occurrence(document: Document) -> CitationResult:
    """A result whose quote occurs twice in section 2, matched at the second occurrence."""
    citation = Citation(id="t1", claim="Tokens are signed.", quote=TWICE, section="2")
    location = locate(document, citation)
    assert location.match is not None and location.match.start == document.text.index(TWICE)
    base = document.text.index(TWICE_SECTION)
    start, end = base + SECOND, base + SECOND + len(TWICE)
    second = location.match.model_copy(update={"start": start, "end": end, "source_start": start, "source_end": end})
    return fold_verdict(citation, location.model_copy(update={"match": second}), static_answer("supports", 0.9))


def test_the_match_is_highlighted_where_its_offsets_say() -> None:
    # The quote occurs twice in the section; the match is the second: it is the one marked, with
    # the first shown as the context before it.
    document = Document.from_sections({"1": "Intro.", "2": TWICE_SECTION})
    page = render_html([_second_occurrence(document)], document)
    assert f'{TWICE} Then it sends the token on. <mark class="match">{TWICE}</mark> Nothing else.' in page


def test_a_match_whose_offsets_do_not_hold_is_not_highlighted() -> None:
    # The report is shown against a source that changed since (a section renamed, text added
    # before it) so that the text read now starts where the match was. Searching for that text
    # would mark the first occurrence as the match; the offsets do not hold, so nothing is marked.
    located = Document.from_sections({"1": "Intro.", "2": TWICE_SECTION})
    result = _second_occurrence(located)
    shifted = Document.from_sections({"0": "P" * (SECOND - 2), "1": "Intro.", "3": TWICE_SECTION})
    assert shifted.text.index(TWICE_SECTION) == located.text.index(TWICE_SECTION) + SECOND
    page = render_html([result], shifted)
    assert f'<mark class="match">{TWICE}</mark>' not in page
    assert f'<div class="source">{TWICE_SECTION}</div>' in page


def test_untrusted_text_is_escaped_everywhere() -> None:
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    document = Document.from_sections({"1": f"Some text {hostile} with four words more.", "2": "x"}, name=hostile)
    citation = {"id": hostile, "claim": hostile, "quote": f"Some text {hostile} with four", "section": "1"}
    results = check_citations(document, [citation], judge=StaticJudge(default=("supports", 0.9)))
    page = render_html(results, document, title=hostile, totals={hostile: hostile})
    assert "<img" not in page
    assert page.count("<script") == 1  # the report's own
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page


def test_page_loads_nothing_and_forbids_loading() -> None:
    page = render([{"id": "c1", "claim": "x", "quote": None, "section": "2"}])
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp is not None and "default-src 'none'" in html.unescape(csp.group(1))
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page.replace("https://console.typesafe.ai/", ""))
    assert "<link" not in page


def test_playground_link_per_judged_citation() -> None:
    page = render([{"id": "j1", "claim": "Claims exist.", "quote": None, "section": "2"}])
    links = re.findall(r'href="(https://console\.typesafe\.ai/playground#share/[^"]+)"', page)
    assert len(links) == 1
    assert (
        render([{"id": "j1", "claim": "Claims exist.", "quote": None, "section": "2"}], model=None).count(
            "playground#share"
        )
        == 0
    )


def test_review_queue_comes_first_and_human_decisions_are_marked() -> None:
    document = Document.from_sections(SECTIONS)
    citations = [
        {"id": "sure", "claim": "a", "quote": None, "section": "2"},
        {"id": "unsure", "claim": "b", "quote": None, "section": "2"},
        {"id": "decided", "claim": "c", "quote": None, "section": "2"},
    ]
    judge = StaticJudge({"b": ("supports", 0.5), "c": ("contradicts", 0.55)}, default=("supports", 0.9))
    results = check_citations(document, citations, judge=judge)
    decided = next(r for r in results if isinstance(r, CitationResult) and r.id == "decided")
    stored = StoredDecision(
        key=decision_key(decided.citation), id="decided", claim="c", quote=None, document=None, section="2",
        evidence=evidence_fingerprint(decided), model_verdict=Verdict.CONTRADICTED, confidence=0.55,
        verdict=Verdict.VERIFIED, note="reads fine to me", decided_at="2026-11-30T12:00:00+00:00",
    )  # fmt: skip
    applied, report = apply_decisions(results, [stored])
    page = render_html(applied, document, decisions=report, checker=Checker(auto_accept=0.8))
    queue, settled = page.split('id="settled"')
    assert 'data-id="unsure"' in queue and 'data-id="sure"' not in queue
    assert 'data-id="decided" data-verdict="verified" data-action="human"' in settled
    assert "Human verdict: verified</strong> (the checker said contradicted)" in page
    assert "Reliability: confidence against how often people agreed" in page


@dataclass(frozen=True)
class StepOneResult:
    """Shaped as the command's step-1-only results (``citecheck match``): no model, maybe no verdict."""

    id: str
    citation: Citation
    location: Location
    verdict: Verdict | None
    review: bool


def test_step_one_results_are_shown_as_not_judged() -> None:
    document = Document.from_sections(SECTIONS)
    found = Citation(id="m1", claim="Signed.", quote="The issuer MUST sign every token", section="1")
    missing = Citation(id="m2", claim="Unsigned.", quote="The issuer never signs any token at all", section="1")
    results = [
        StepOneResult("m1", found, locate(document, found), None, review=False),
        StepOneResult("m2", missing, locate(document, missing), Verdict.FABRICATED, review=False),
    ]
    page = render_html(results, document)
    assert 'data-id="m1" data-verdict="not judged" data-action="judge"' in page
    assert 'data-id="m2" data-verdict="fabricated" data-action="auto"' in page
    assert 'value="not judged" checked' in page
    assert "TypeSafe playground" not in page


# -- in the browser ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    why = browser.missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests must run in CI: {why}")
        pytest.skip(why)
    chromium = browser.chromium(tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield chromium
    finally:
        chromium.quit()


@pytest.fixture(scope="module")
def cookbook_page(fixtures_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[CitationResult]]:
    folder = tmp_path_factory.mktemp("cookbook-report")
    cache = folder / "json_cache.json"
    shutil.copyfile(fixtures_dir / "citation_check" / "json_cache.json", cache)  # the fixtures are read-only
    results, documents = cookbook_run(fixtures_dir / "citation_check", cache)
    page = folder / "report.html"
    page.write_text(render_html(results, documents, totals={"calls made": 0, "replayed": 7}), encoding="utf-8")
    return page, [r for r in results if isinstance(r, CitationResult)]


@pytest.fixture(scope="module")
def big_page(fixtures_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[CitationResult]]:
    results, documents = big_run(fixtures_dir / "citation_check")
    page = tmp_path_factory.mktemp("big-report") / "report.html"
    page.write_text(render_html(results, documents), encoding="utf-8")
    return page, [r for r in results if isinstance(r, CitationResult)]


VISIBLE = "return Array.from(document.querySelectorAll('article.citation')).filter(c => c.offsetParent !== null)"


UNDER_THE_BAR = """
const bar = document.getElementById("controls");
if (getComputedStyle(bar).position !== "sticky") { return true; }
return document.activeElement.getBoundingClientRect().top >= bar.getBoundingClientRect().bottom - 1;
"""


def errors(driver: Any) -> list[Any]:
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


# WCAG contrast of the text of every kind of marked-up element, against the background it is drawn on.
CONTRAST = """
function rgb(value) { return value.match(/[\\d.]+/g).map(Number); }
function background(element) {
  for (let node = element; node; node = node.parentElement) {
    const color = rgb(getComputedStyle(node).backgroundColor);
    if (color.length < 4 || color[3] > 0) { return color; }
  }
  return [255, 255, 255];
}
function luminance(color) {
  const [r, g, b] = color.slice(0, 3).map(v => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const worst = {};
for (const element of document.querySelectorAll(arguments[0])) {
  const a = luminance(rgb(getComputedStyle(element).color)), b = luminance(background(element));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const name = element.tagName.toLowerCase() + "." + element.className;
  worst[name] = Math.min(worst[name] || 99, ratio);
}
return worst;
"""
TEXT_ELEMENTS = (
    "body, h1, h2, h3, .badge, .conf, .facts dt, .flag, mark, del, ins, .source, figcaption, .legend li, a, th, td"
)


def visible_ids(driver: Any) -> list[str]:
    return list(driver.execute_script(VISIBLE + ".map(c => c.dataset.id)"))


def check_page(driver: Any, page: Path, results: list[CitationResult], shot: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    driver.get(page.as_uri())
    assert driver.title == "citecheck review report"
    assert errors(driver) == []

    # Every citation is there, the review queue first.
    shown = visible_ids(driver)
    assert sorted(shown) == sorted(r.id for r in results)
    review = [r.id for r in results if not r.auto]
    assert shown[: len(review)] == review

    # Filters: untick "verified"; then the review queue only; then everything again.
    verdicts = Counter(r.verdict.value for r in results)
    driver.find_element(By.CSS_SELECTOR, "input[name=verdict][value=verified]").click()
    assert len(visible_ids(driver)) == len(results) - verdicts["verified"]
    status = driver.find_element(By.ID, "shown").text
    assert status == f"Showing {len(results) - verdicts['verified']} of {len(results)} citations."
    driver.find_element(By.CSS_SELECTOR, "input[name=action][value=review]").click()
    assert set(visible_ids(driver)) == {r.id for r in results if not r.auto and r.verdict is not Verdict.VERIFIED}

    # Keyboard: "a" shows all, "j" moves to the first citation and on, "k" back, "1" toggles verified.
    driver.execute_script("document.activeElement.blur()")
    ActionChains(driver).send_keys("a").perform()
    assert len(visible_ids(driver)) == len(results)
    ActionChains(driver).send_keys("jj").perform()
    assert driver.switch_to.active_element.get_attribute("data-id") == shown[1]
    assert driver.execute_script(UNDER_THE_BAR), "the sticky filter bar hides the citation moved to"
    ActionChains(driver).send_keys("k").perform()
    assert driver.switch_to.active_element.get_attribute("data-id") == shown[0]
    ActionChains(driver).send_keys("1").perform()
    assert len(visible_ids(driver)) == len(results) - verdicts["verified"]
    ActionChains(driver).send_keys("a").perform()

    contrast = driver.execute_script(CONTRAST, TEXT_ELEMENTS)
    assert contrast and {name: ratio for name, ratio in contrast.items() if ratio < 4.5} == {}

    assert errors(driver) == []
    driver.save_screenshot(str(shot))
    assert shot.stat().st_size > 10_000


def test_cookbook_report_in_the_browser(
    driver: Any, cookbook_page: tuple[Path, list[CitationResult]], tmp_path: Path
) -> None:
    page, results = cookbook_page
    check_page(driver, page, results, tmp_path / "cookbook.png")
    text = driver.find_element("tag name", "main").text
    assert "2 to review" in text and "7 replayed" in text
    # The fabricated quote shows the closest source text; the section-only one its section.
    fabricated = driver.find_element("css selector", "article[data-id=sig_reporting]").text
    assert "Section 7.2, as cited: the quote is not in it" in fabricated
    assert "No source text comes close to the quote." in fabricated
    assert (
        "Section 4.1.6, as the model read it" in driver.find_element("css selector", "article[data-id=iat_future]").text
    )


def test_500_citation_report_in_the_browser(
    driver: Any, big_page: tuple[Path, list[CitationResult]], tmp_path: Path
) -> None:
    page, results = big_page
    assert len(results) == 500
    check_page(driver, page, results, tmp_path / "big.png")
    # The quote holding <script> and <img onerror> is shown as text, and none of it ran.
    card = driver.execute_script(
        "return document.querySelector('article[data-id=\"' + arguments[0] + '\"]')", INJECTED_ID
    )
    assert "<script>window.__pwned = 1</script>" in card.text
    assert "<b>Bold</b> claim" in card.text
    assert driver.execute_script("return typeof window.__pwned") == "undefined"
    assert driver.execute_script("return document.scripts.length") == 1
    assert driver.execute_script("return document.images.length") == 0


def test_reads_on_a_phone_and_prints(
    driver: Any, cookbook_page: tuple[Path, list[CitationResult]], tmp_path: Path
) -> None:
    page, _ = cookbook_page
    driver.set_window_size(390, 844)
    try:
        driver.get(page.as_uri())
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        driver.save_screenshot(str(tmp_path / "phone.png"))
        pdf = driver.print_page()
        assert pdf.startswith("JVBERi")  # base64 of "%PDF"
        assert errors(driver) == []
    finally:
        driver.set_window_size(1100, 1400)


def test_human_decisions_filter_and_reliability_diagram_in_the_browser(
    driver: Any, cookbook_page: tuple[Path, list[CitationResult]], fixtures_dir: Path, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    _, results = cookbook_page
    decided = next(r for r in results if r.id == "pii_encryption")
    stored = StoredDecision(
        key=decision_key(decided.citation), id=decided.id, claim=decided.citation.claim, quote=decided.citation.quote,
        document=None, section=decided.citation.section, evidence=evidence_fingerprint(decided),
        model_verdict=decided.verdict, confidence=decided.confidence, verdict=Verdict.CONTRADICTED,
        decided_at="2026-11-30T12:00:00+00:00",
    )  # fmt: skip
    applied, report = apply_decisions(results, [stored])
    page = tmp_path / "decided.html"
    document = parse_file(fixtures_dir / "citation_check" / "rfc7519.txt")
    page.write_text(
        render_html(applied, document, decisions=report, checker=Checker(auto_accept=0.8)), encoding="utf-8"
    )
    driver.get(page.as_uri())
    driver.find_element(By.CSS_SELECTOR, "input[name=action][value=human]").click()
    assert visible_ids(driver) == ["pii_encryption"]
    card = driver.find_element(By.CSS_SELECTOR, "article[data-id=pii_encryption]").text
    assert "decided by a person" in card and "Human verdict: contradicted" in card
    assert driver.find_element(By.CSS_SELECTOR, "section.reliability svg").is_displayed()
    assert errors(driver) == []


def test_match_command_writes_the_report_of_step_one(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from citecheck.cli._main import main

    source = tmp_path / "doc.md"
    source.write_text("# 1 Tokens\n\nThe issuer MUST sign every token with its private key.\n")
    citations = tmp_path / "citations.json"
    citations.write_text(
        '[{"id": "a", "claim": "Signed.", "quote": "The issuer MUST sign every token with its private key.",'
        ' "section": "1"},'
        ' {"id": "b", "claim": "Unsigned.", "quote": "never signs any token at all", "section": "1"}]'
    )
    page = tmp_path / "step1.html"
    result = CliRunner().invoke(main, ["match", str(source), str(citations), "--format", "html", "-o", str(page)])
    assert result.exit_code == 1, result.output  # "b" is fabricated: the default gate
    text = page.read_text()
    assert 'data-id="a" data-verdict="not judged" data-action="judge"' in text
    assert 'data-id="b" data-verdict="fabricated" data-action="auto"' in text
    # No model was asked: the section is shown as a model would read it, never "as the model read it".
    assert "Section 1, as a model would read it" in text
    assert "as the model read it" not in text
