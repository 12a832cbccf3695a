from pathlib import Path

import pytest

from citecheck import Document, RFCParser
from citecheck._models import Section
from citecheck._references import nearest_sections, resolve_section

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
