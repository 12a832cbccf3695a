import ast
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from citecheck import Document, DocumentError, check_citation
from citecheck.matcher import _plain, locate
from citecheck.matcher._plain import KEPT_MAPPINGS, document_of
from citecheck.testing import StaticJudge

SECTIONS = {"1": "Tokens carry claims about a subject.", "2": "The exp claim names the expiry time of the token."}


def test_the_same_unchanged_mapping_reuses_its_document() -> None:
    mapping = dict(SECTIONS)
    first = document_of(mapping)
    assert document_of(mapping) is first
    assert first.sections[0].text == SECTIONS["1"]


def test_a_document_is_passed_through() -> None:
    document = Document.from_sections(SECTIONS)
    assert document_of(document) is document


def _replace(m: dict[str, str]) -> None:
    m["2"] = "The nbf claim names the time before which the token is not valid."


def _add(m: dict[str, str]) -> None:
    m["3"] = "The nbf claim names the time before which the token is not valid."


def _remove(m: dict[str, str]) -> None:
    del m["2"]


def _rename(m: dict[str, str]) -> None:
    m["2.1"] = m.pop("2")


def _reorder(m: dict[str, str]) -> None:
    m["1"] = m.pop("1")


def _same_text_new_string(m: dict[str, str]) -> None:
    m["2"] = "".join(list(m["2"]))  # an equal but distinct string: the document may be reused


@pytest.mark.parametrize("change", [_replace, _add, _remove, _rename, _reorder, _same_text_new_string])
def test_a_mapping_changed_in_place_gets_a_document_of_its_new_contents(change: Any) -> None:
    mapping = dict(SECTIONS)
    document_of(mapping)
    change(mapping)
    document = document_of(mapping)
    assert [(s.id, s.text) for s in document.sections] == list(mapping.items())


def test_locate_on_a_mutated_mapping_sees_the_change() -> None:
    mapping = dict(SECTIONS)
    citation = {"id": "c", "claim": "x", "quote": "the time before which the token is not valid", "section": "2"}
    assert locate(mapping, citation).status == "missing"
    _replace(mapping)
    assert locate(mapping, citation).status == "found"
    del mapping["2"]
    assert locate(mapping, citation).status == "missing"


def test_check_citation_loop_on_a_mapping_reads_the_current_text() -> None:
    mapping = dict(SECTIONS)
    judge = StaticJudge(default=("supports", 0.9))
    citation = {"id": "c", "claim": "x", "quote": None, "section": "2"}
    check_citation(mapping, citation, judge=judge)
    _replace(mapping)
    check_citation(mapping, citation, judge=judge)
    assert [section for _, section in judge.calls] == [SECTIONS["2"], mapping["2"]]


def test_only_a_few_mappings_keep_their_documents() -> None:
    mappings = [{"1": f"Section text number {i} of many."} for i in range(KEPT_MAPPINGS + 1)]
    first = document_of(mappings[0])
    for mapping in mappings[1:]:
        document_of(mapping)
    again = document_of(mappings[0])
    assert again is not first  # let go, then built anew
    assert again.sections == first.sections
    assert document_of(mappings[-1]) is document_of(mappings[-1])


def test_a_new_mapping_never_gets_another_mappings_document() -> None:
    # A freed dict's id can be reused by the next one; its document must follow its contents.
    for i in range(20):
        mapping = {"1": f"Text {i} here."}
        assert document_of(mapping).sections[0].text == f"Text {i} here."
        del mapping


@pytest.mark.parametrize("bad", [{"1": 5}, {2: "text"}, "a string", 42])
def test_bad_mappings_are_refused_every_time(bad: Any) -> None:
    for _ in range(2):
        with pytest.raises(DocumentError):
            document_of(bad)


class _Sections(Mapping[str, str]):
    """A mapping that is not a dict: checked by its contents, as a dict is."""

    def __init__(self, items: dict[str, str]) -> None:
        self.items_ = items

    def __getitem__(self, key: str) -> str:
        return self.items_[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.items_)

    def __len__(self) -> int:
        return len(self.items_)


class _Dict(dict[str, str]):
    pass


def _clear_and_refill(m: dict[str, str]) -> None:
    items = dict(m)
    m.clear()
    m.update(items)
    m["2"] = "The nbf claim names the time before which the token is not valid."


def _update(m: dict[str, str]) -> None:
    m.update({"1": "The iss claim names the issuer of the token."})


def _setdefault(m: dict[str, str]) -> None:
    m.setdefault("3", "The jti claim gives the token a unique identifier.")


def _popitem(m: dict[str, str]) -> None:
    m.popitem()


CHANGES = [_replace, _add, _remove, _rename, _reorder, _clear_and_refill, _update, _setdefault, _popitem]


@pytest.mark.parametrize("change", CHANGES)
def test_every_change_in_place_is_seen(change: Any) -> None:
    mapping = dict(SECTIONS)
    kept = document_of(mapping)
    assert document_of(mapping) is kept
    change(mapping)
    document = document_of(mapping)
    assert document is not kept
    assert [(s.id, s.text) for s in document.sections] == list(mapping.items())
    assert document_of(mapping) is document


@pytest.mark.parametrize("kind", [_Sections, _Dict])
@pytest.mark.parametrize("change", [_replace, _add, _remove, _reorder])
def test_mappings_that_are_not_plain_dicts_are_checked_by_their_contents(kind: Any, change: Any) -> None:
    items = dict(SECTIONS)
    mapping = kind(items)
    kept = document_of(mapping)
    assert document_of(mapping) is kept
    change(items if kind is _Sections else mapping)
    assert [(s.id, s.text) for s in document_of(mapping).sections] == list(
        items.items() if kind is _Sections else mapping.items()
    )


def test_a_new_dict_equal_in_content_gets_a_document_of_the_same_sections() -> None:
    mapping = dict(SECTIONS)
    first = document_of(mapping)
    again = document_of(dict(SECTIONS))
    assert again.sections == first.sections


def test_a_text_replaced_by_an_equal_one_keeps_the_contents() -> None:
    mapping = dict(SECTIONS)
    document_of(mapping)
    _same_text_new_string(mapping)
    assert [(s.id, s.text) for s in document_of(mapping).sections] == list(mapping.items())


def test_a_loop_over_citations_builds_the_document_once(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[object] = []
    original = Document.from_sections

    def counting(sections: Any) -> Document:
        built.append(sections)
        return original(sections)

    monkeypatch.setattr(Document, "from_sections", counting)
    mapping = dict(SECTIONS)
    judge = StaticJudge(default="supports")
    citation = {"id": "c", "claim": "x", "quote": "The exp claim names the expiry time", "section": "2"}
    results = [check_citation(mapping, citation, judge=judge) for _ in range(5)]
    assert len(built) == 1
    assert {r.verdict for r in results} == {"verified"}


def test_no_interpreter_memory_is_read() -> None:
    """Issue 24: knowing a dict is unchanged reads no CPython internals (no ctypes, no version tag)."""
    tree = ast.parse(Path(_plain.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in (node.names if isinstance(node, ast.Import) else [ast.alias(node.module or "")])
    }
    assert imported.isdisjoint({"ctypes", "sys", "sysconfig", "gc"}), imported
