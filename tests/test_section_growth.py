"""Work that must grow linearly: counted, not timed (times are measured in benchmarks/bench_sections.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

import citecheck._section_ids as section_numbers
import citecheck.matcher._references as references
from citecheck import Document, Section
from citecheck.matcher._references import nearest_sections, resolve_section
from citecheck.parsers import HTMLDocumentParser, MarkdownParser, PlainTextParser


class _CountingSet(set[str]):
    """A set that counts the membership tests made on it."""

    probes = 0

    def __contains__(self, item: object) -> bool:
        _CountingSet.probes += 1
        return super().__contains__(item)


@pytest.fixture
def probes(monkeypatch: pytest.MonkeyPatch) -> Callable[[Callable[[], object]], int]:
    """Run a function and count the id probes `unique` makes meanwhile."""
    monkeypatch.setattr(section_numbers, "set", _CountingSet, raising=False)

    def count(run: Callable[[], object]) -> int:
        _CountingSet.probes = 0
        run()
        return _CountingSet.probes

    return count


@pytest.mark.parametrize(
    "ids",
    [
        lambda n: ["fixed"] * n,
        lambda n: ["a", "a-2"] * (n // 2),
        lambda n: [f"s{i % 7}" for i in range(n)],
    ],
)
def test_unique_probes_each_repeat_a_bounded_number_of_times(
    probes: Callable[[Callable[[], object]], int], ids: Callable[[int], list[str]]
) -> None:
    # Probing from -2 each time made n repeats cost n * n / 2 probes: 2 million for 2,000.
    assert probes(lambda: section_numbers.unique(ids(2_000))) <= 3 * 2_000


@pytest.mark.parametrize(
    ("parse", "repeat"),
    [
        (MarkdownParser().parse, "## Fixed\n\nx\n\n"),
        (PlainTextParser().parse, "1. Fixed\n\nx\n\n"),
        (HTMLDocumentParser().parse, "<h2>Fixed</h2><p>x</p>"),
    ],
)
def test_parsers_name_repeated_headings_in_linear_work(
    probes: Callable[[Callable[[], object]], int], parse: Callable[[str], Document], repeat: str
) -> None:
    count = probes(lambda: parse(repeat * 1_000))
    assert count <= 3 * 1_000


def _document(count: int) -> Document:
    sections, pieces, offset = [], [], 0
    for number in range(count):
        body = f"Claim rules {number}\nThe rules of claim {number}."
        section = Section(
            id=f"r{number}",
            title=f"Claim rules {number}",
            kind="heading",
            text=body,
            start=offset,
            end=offset + len(body),
        )
        sections.append(section)
        pieces.append(body)
        offset += len(body) + 2
    return Document(text="\n\n".join(pieces), sections=tuple(sections))


@pytest.mark.parametrize(
    "reference",
    [
        "claim rules " * 20_000,  # words every title has
        "x" * 200_000,  # one very long word: its one-letter deletions alone are its length squared
        "4." * 100_000,  # a section number of 100,000 parts: the outline walk is one step per part
        "Section " + "1." * 100_000,
        "Guide > " * 20_000,  # a breadcrumb of 20,000 parts
    ],
)
def test_a_huge_missing_reference_reads_a_bounded_part_of_itself(
    monkeypatch: pytest.MonkeyPatch, reference: str
) -> None:
    document = _document(200)
    compared: list[int] = []
    extract = references.process.extract

    def counting_extract(query: str, choices: Any, **kwargs: Any) -> Any:
        compared.append(len(query))
        return extract(query, choices, **kwargs)

    keys: list[int] = []
    typo_keys = references._typo_keys

    def counting_typo_keys(word: str) -> set[str]:
        found = typo_keys(word)
        keys.append(sum(len(key) for key in found))
        return found

    monkeypatch.setattr(references.process, "extract", counting_extract)
    monkeypatch.setattr(references, "_typo_keys", counting_typo_keys)
    assert resolve_section(document, reference) is None
    nearest = nearest_sections(document, reference)
    assert len(nearest) <= 3
    assert all(length <= 512 for length in compared)  # each fuzzy comparison reads at most 512 characters
    assert sum(keys) <= 100_000  # typo keys: characters written, not the reference's length squared


def test_a_number_of_more_than_32_parts_is_no_section_number() -> None:
    assert section_numbers.number_key(".".join(["1"] * 32)) == tuple([1] * 32)
    assert section_numbers.number_key(".".join(["1"] * 33)) is None


def _ids(sections: Iterable[Section]) -> list[str]:
    return [section.id for section in sections]


def test_repeated_headings_keep_their_suffix_order() -> None:
    document = MarkdownParser().parse("## Fixed\n\nx\n\n" * 4 + "## Fixed 2\n\ny\n")
    assert _ids(document.sections) == ["fixed", "fixed-2", "fixed-3", "fixed-4", "fixed-2-2"]
