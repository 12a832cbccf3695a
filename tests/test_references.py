from pathlib import Path

import pytest

from citecheck import CitationResult, Document, Verdict, check_citations
from citecheck._models import Section
from citecheck.matcher._references import nearest_sections, resolve_section
from citecheck.parsers import RFCParser
from citecheck.testing import StaticJudge

OWN = Path(__file__).parent / "data" / "rfc_references_sample.txt"

# Every way of naming section 4.1.3 ("aud" (Audience) Claim); {rfc} is the document's number.
AUDIENCE = [
    "4.1.3",
    "4.1.3.",
    " 4.1.3 ",
    "Section 4.1.3",
    "section 4.1.3",
    "SECTION 4.1.3.",
    "Sections 4.1.3",
    "§ 4.1.3",
    "§4.1.3",
    "sec. 4.1.3",
    "Sec 4.1.3",
    "RFC {rfc} Section 4.1.3",
    "RFC {rfc}, Section 4.1.3",
    "RFC{rfc} §4.1.3",
    "Section 4.1.3 of RFC {rfc}",
    "[RFC{rfc}] Section 4.1.3",
    "[RFC {rfc}], Section 4.1.3",
    "Sect. 4.1.3",
    "sect 4.1.3",
    '4.1.3 ("aud" (Audience) Claim)',
    'Section 4.1.3 "aud" (Audience) Claim',
    "Section 4.1.3 \u201caud\u201d (Audience) Claim",
    '"aud" (Audience) Claim',
    "aud (audience) claim",
    "Audience Claim",
    "audience claim.",
    '"Section 4.1.3"',
]
APPENDIX = ["Appendix A.1", "A.1", "appendix a.1", "A.1.", "Appendix A.1.", "RFC {rfc} Appendix A.1", "a.1"]
UNKNOWN = [
    "4.1.9",
    "Section 99",
    "§ 4.1.3.7",
    "Appendix Z",
    "Z.1",
    "Page 3",
    "Nonexistent Heading",
    "",
    "  ",
    "RFC {rfc}",
]


@pytest.fixture(scope="module")
def own() -> Document:
    return RFCParser().parse(OWN.read_text())


@pytest.fixture(scope="module")
def jwt(fixtures_dir: Path) -> Document:
    return RFCParser().parse((fixtures_dir / "citation_check" / "rfc7519.txt").read_text())


@pytest.fixture(params=["own", "jwt"])
def rfc(request: pytest.FixtureRequest) -> tuple[Document, str]:
    document = request.getfixturevalue(request.param)
    return document, "9998" if request.param == "own" else "7519"


@pytest.mark.parametrize("reference", AUDIENCE)
def test_every_form_names_the_audience_claim(rfc: tuple[Document, str], reference: str) -> None:
    document, number = rfc
    section = resolve_section(document, reference.format(rfc=number))
    assert section is not None
    assert section.id == "4.1.3"


@pytest.mark.parametrize("reference", APPENDIX)
def test_every_form_names_appendix_a1(rfc: tuple[Document, str], reference: str) -> None:
    document, number = rfc
    section = resolve_section(document, reference.format(rfc=number))
    assert section is not None
    assert section.id == "A.1"


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("Appendix A", "A"),
        ("appendix b", "B"),
        ("A", "A"),  # an exact id wins first
        ("abstract", "abstract"),
        ("Abstract", "abstract"),
        ("Status of This Memo", "status-of-this-memo"),
        ("Acknowledgements", "acknowledgements"),
        ("Section 4", "4"),
        ("4.", "4"),
        ("§ 4.1", "4.1"),
        ("Registered Claim Names", "4.1"),
        ('"exp" (Expiration Time) Claim', "4.1.4"),
        ("Expiration Time", "4.1.4"),
        ("Issued At Claim", "4.1.6"),
    ],
)
def test_other_sections(rfc: tuple[Document, str], reference: str, expected: str) -> None:
    document, _ = rfc
    section = resolve_section(document, reference)
    assert section is not None
    assert section.id == expected


def test_back_matter_by_title(own: Document, jwt: Document) -> None:
    assert resolve_section(own, "Author's Address").id == "authors-address"  # type: ignore[union-attr]
    assert resolve_section(jwt, "Authors' Addresses").id == "authors-addresses"  # type: ignore[union-attr]
    assert resolve_section(jwt, "authors addresses").id == "authors-addresses"  # type: ignore[union-attr]


@pytest.mark.parametrize("reference", UNKNOWN)
def test_unknown_references_resolve_to_nothing(rfc: tuple[Document, str], reference: str) -> None:
    document, number = rfc
    assert resolve_section(document, reference.format(rfc=number)) is None


@pytest.mark.parametrize("reference", ["Claim", "claim names", "Section 4.1.9 (Audience Claim)"])
def test_ambiguous_title_or_wrong_number_resolves_to_nothing(own: Document, reference: str) -> None:
    # Many titles hold "Claim"; a number the document does not have is not rescued by its title.
    assert resolve_section(own, reference) is None


def test_same_title_twice_is_ambiguous() -> None:
    document = Document.from_sections({"5.2": "5.2.  Error Response\n\n   a", "7.2": "7.2.  Error Response\n\n   b"})
    titled = document.model_copy(
        update={"sections": tuple(s.model_copy(update={"title": "Error Response"}) for s in document.sections)}
    )
    assert resolve_section(titled, "Error Response") is None
    assert resolve_section(titled, "Section 7.2 Error Response").id == "7.2"  # type: ignore[union-attr]


@pytest.fixture
def pages() -> Document:
    bodies = ["first page", "second page", "third page", "fourth page"]
    sections: list[Section] = []
    offset = 0
    for number, body in enumerate(bodies, 1):
        sections.append(
            Section(id=f"p. {number}", title="", kind="page", text=body, start=offset, end=offset + len(body))
        )
        offset += len(body) + 2
    return Document(text="\n\n".join(bodies), sections=tuple(sections))


@pytest.mark.parametrize("reference", ["p. 3", "p.3", "P. 3", "page 3", "Page 3", "pg. 3", "p. 3."])
def test_page_references(pages: Document, reference: str) -> None:
    section = resolve_section(pages, reference)
    assert section is not None
    assert section.id == "p. 3"


def test_nearest_pages(pages: Document) -> None:
    assert nearest_sections(pages, "p. 9") == ["p. 4", "p. 3", "p. 2"]
    assert nearest_sections(pages, "page 2", limit=2) == ["p. 2", "p. 3"]


@pytest.mark.parametrize(
    ("reference", "nearest"),
    [
        ("4.1.9", ["4.1.7", "4.1", "4.2"]),
        ("Section 4.1.9", ["4.1.7", "4.1", "4.2"]),
        ("4.1.3", ["4.1.3", "4.1.4", "4.1"]),
        ("4.5", ["4.2", "4", "5"]),
        ("Appendix A.7", ["A.1", "A", "B"]),
        ("Appendix D", ["B", "A"]),
    ],
)
def test_nearest_sections_by_number(own: Document, reference: str, nearest: list[str]) -> None:
    assert nearest_sections(own, reference) == nearest


@pytest.mark.parametrize(
    ("reference", "nearest"),
    [
        ("4.1.9", ["4.1.7", "4.1", "4.2"]),
        ("13.5", ["13.2", "13", "12"]),
        ("14", ["13", "12", "11"]),
        ("7.9", ["7.3", "7", "8"]),
        ("Appendix D", ["C", "B", "A"]),
        ("A.3", ["A.2", "A", "B"]),
    ],
)
def test_nearest_sections_in_rfc7519(jwt: Document, reference: str, nearest: list[str]) -> None:
    assert nearest_sections(jwt, reference) == nearest


def test_nearest_sections_by_title(own: Document, jwt: Document) -> None:
    assert nearest_sections(own, "Audience Restriction Claim")[0] == "4.1.3"
    assert nearest_sections(jwt, "Expiry Time Claim")[0] == "4.1.4"
    assert len(nearest_sections(jwt, "Something else entirely", limit=5)) == 5


def test_nearest_sections_limit(own: Document) -> None:
    assert nearest_sections(own, "4.1.9", limit=1) == ["4.1.7"]
    assert nearest_sections(own, "4.1.9", limit=0) == []
    assert len(nearest_sections(own, "4.1.9", limit=10)) == 10


# --- odd references and odd ids: resolve to nothing, never raise -------------------------------

ODD = [
    "ß",  # one letter whose uppercase is two ("SS")
    "ﬁ",  # a ligature: "FI"
    "ﬆ",  # "ST", two letters that are also a run of the alphabet
    "²",  # a superscript digit: isdigit() but not a decimal digit
    "4.①",
    "①",
    "Section ²",
    "Appendix ß",
    "ß.1",
    "A.²",
    "p. ²",
    "1" * 5000,  # over Python's 4,300-digit int conversion limit
    "4." + "2" * 5000,
    "p. " + "3" * 5000,
    "Section " + "9" * 4301,
]
ODD_IDS = ["ß", "ﬁ", "²", "4.①", "1" * 5000, "A.²"]


@pytest.mark.parametrize("odd_id", ["1", *ODD_IDS])
@pytest.mark.parametrize("reference", ODD)
def test_odd_references_resolve_to_nothing(reference: str, odd_id: str) -> None:
    document = Document.from_sections({"1": "one", "1.1": "one one", "2": "two", "A": "appendix"} | {odd_id: "odd"})
    resolved = resolve_section(document, reference)
    assert resolved is None if reference != odd_id else resolved is not None and resolved.text == "odd"
    nearest = nearest_sections(document, reference)
    assert len(nearest) <= 3
    assert all(document.section(n) is not None for n in nearest)


@pytest.mark.parametrize("odd_id", ODD_IDS)
@pytest.mark.parametrize("reference", ["9.9", "Section 3", "Appendix C", "p. 4", "Nonexistent Heading"])
def test_odd_section_ids_do_not_break_nearest_sections(odd_id: str, reference: str) -> None:
    document = Document.from_sections({"1": "one", "2": "two", "2.1": "two one", odd_id: "odd"})
    assert resolve_section(document, reference) is None
    assert odd_id not in nearest_sections(document, reference) or reference == "Nonexistent Heading"
    assert resolve_section(document, odd_id) is not None  # the odd id itself is still a section


@pytest.mark.parametrize("reference", ["9.9", "3"])
def test_nearest_ignores_ids_that_are_not_numbers(reference: str) -> None:
    document = Document.from_sections({"1": "one", "2": "two", "ß": "odd", "²": "odd", "1" * 5000: "odd"})
    assert nearest_sections(document, reference) == ["2", "1"]


# --- direction and zero-width marks ------------------------------------------------------------

MARKS = ["\u200f", "\u200e", "\u200b", "\u200d", "\u2060", "\ufeff", "\u202b", "\u2066"]


@pytest.mark.parametrize("mark", MARKS)
@pytest.mark.parametrize("form", ["4.1.3{m}", "{m}4.1.3", "4.{m}1.3", "Section 4.1.3{m}", "§{m} 4.1.3"])
def test_marks_in_a_reference_are_ignored(own: Document, mark: str, form: str) -> None:
    section = resolve_section(own, form.format(m=mark))
    assert section is not None
    assert section.id == "4.1.3"


@pytest.mark.parametrize("mark", MARKS)
def test_marks_in_a_section_id_are_ignored(mark: str) -> None:
    document = Document.from_sections({f"4.1.3{mark}": "marked", "4.1.4": "plain"})
    assert resolve_section(document, "4.1.3").text == "marked"  # type: ignore[union-attr]
    assert resolve_section(document, f"{mark}4.1.4{mark}").text == "plain"  # type: ignore[union-attr]
    assert nearest_sections(document, "4.1.9")[:2] == ["4.1.4", f"4.1.3{mark}"]


def test_a_mark_alone_is_no_reference(own: Document) -> None:
    assert resolve_section(own, "\u200f\u200b") is None


# --- the outline's nearest sections equal a plain scan over every section ----------------------


def _scan_nearest(ids: list[str], wanted: tuple[int, ...], limit: int) -> list[str]:
    """The rule of `nearest_sections` by number, written as a scan over every section."""
    numbered = {tuple(int(p) for p in i.split(".")): i for i in ids}
    order = [numbered[wanted]] if wanted in numbered else []
    ranked, ancestors = [], []
    for depth in range(len(wanted), 0, -1):
        prefix, here = wanted[: depth - 1], wanted[depth - 1]
        siblings = sorted(
            (k for k in numbered if len(k) == depth and k[:-1] == prefix and k != wanted[:depth]),
            key=lambda k: (abs(k[-1] - here), -k[-1]),
        )
        ranked.append([numbered[k] for k in siblings])
        ancestors.append(numbered[prefix] if depth > 1 and prefix in numbered else "")
    for level, parent in zip(ranked, ancestors, strict=True):
        order += level[:1] + ([parent] if parent else [])
    for level in ranked:
        order += level[1:]
    return list(dict.fromkeys(order))[:limit]


@pytest.mark.parametrize("seed", range(20))
def test_nearest_by_number_equals_a_scan(seed: int) -> None:
    import random

    rng = random.Random(seed)
    ids = sorted({".".join(str(rng.randint(1, 6)) for _ in range(rng.randint(1, 3))) for _ in range(40)})
    document = Document.from_sections({i: i for i in ids})
    for _ in range(20):
        wanted = tuple(rng.randint(1, 7) for _ in range(rng.randint(1, 4)))
        limit = rng.randint(1, 8)
        reference = ".".join(map(str, wanted))
        assert nearest_sections(document, reference, limit=limit) == _scan_nearest(ids, wanted, limit), reference


def test_a_batch_of_odd_references_gives_one_result_each() -> None:
    document = Document.from_sections(
        {"1": "1.  Intro\n\n   The token MUST be signed by the issuer.", "2": "2.  Other\n\n   Nothing.", "²2": "x"}
    )
    citations = [
        {"id": f"c{i}", "claim": "signed", "quote": None if i % 2 else "The token MUST be signed", "section": ref}
        for i, ref in enumerate((ODD * 7)[:100])
    ]
    results = check_citations(document, citations, judge=StaticJudge(default=("supports", 0.9)))
    assert len(results) == 100
    assert all(isinstance(r, CitationResult) for r in results)
    for result in results:
        assert isinstance(result, CitationResult)
        assert result.location.cited_section is None
        if result.citation.quote is None:
            assert result.verdict == Verdict.FABRICATED
        else:
            assert result.location.status == "found"
            assert result.location.section == "1"


@pytest.mark.parametrize(
    ("reference", "first"),
    [
        ("Audiense Claim", "4.1.3"),  # a typo: no title shares the word, one is a letter away
        ('"aud" (Audeince) Claim', "4.1.3"),
        ("Expiraton Time Claim", "4.1.4"),
        ("Isued At Claim", "4.1.6"),
    ],
)
def test_nearest_titles_survive_a_typo(jwt: Document, reference: str, first: str) -> None:
    assert resolve_section(jwt, reference) is None
    assert nearest_sections(jwt, reference)[0] == first


def test_nearest_titles_compare_only_titles_near_the_reference(jwt: Document) -> None:
    # Titles that share no word (or near word) with the reference are not candidates once enough do.
    nearest = nearest_sections(jwt, "Claim Names Registry", limit=3)
    titles = {s.id: s.title.lower() for s in jwt.sections}
    assert all(any(w in titles[n] for w in ("claim", "names", "registry")) for n in nearest)
