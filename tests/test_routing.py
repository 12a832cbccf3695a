import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import Citation, CitationResult, Document, DocumentError, InvalidCitationError, Verdict, check_citations
from citecheck.cli._main import main
from citecheck.matcher import locate, locate_in
from citecheck.testing import StaticJudge

JWT = Document.from_sections(
    {"1": "Tokens carry claims about a subject.", "4.1": "The exp claim names the expiry time of the token."},
    name="jwt.txt",
)
OAUTH = Document.from_sections(
    {"1": "Clients obtain access tokens from the server.", "4.1": "The authorization code grant has four steps."},
    name="oauth.md",
)
BOTH = [JWT, OAUTH]


@pytest.mark.parametrize(
    ("document", "quote", "section", "status", "read_from"),
    [
        ("jwt.txt", "names the expiry time of the token", "4.1", "found", "jwt.txt"),
        ("JWT", "names the expiry time of the token", "4.1", "found", "jwt.txt"),  # by stem, any case
        ("oauth.md", None, "4.1", "section-only", "oauth.md"),
        (None, "authorization code grant has four steps", "4.1", "found", "oauth.md"),  # looked for everywhere
        (None, "Clients obtain access tokens", None, "found", "oauth.md"),
        ("jwt.txt", "authorization code grant has four steps", "4.1", "found", "oauth.md"),  # in another one
        ("jwt.txt", "authorization code grant has five steps", "4.1", "missing", "jwt.txt"),  # in none
        ("saml.pdf", None, "4.1", "ambiguous", None),  # a document that is not there: for review
        (None, None, "4.1", "ambiguous", None),  # 4.1 is in both: name the document
    ],
)
def test_a_citation_is_read_in_its_document(
    document: str | None, quote: str | None, section: str | None, status: str, read_from: str | None
) -> None:
    citation = Citation(id="c", claim="x", quote=quote, section=section, document=document)
    location = locate_in(BOTH, citation)
    assert (location.status, location.document) == (status, read_from)


def test_a_missing_document_is_named_with_the_ones_there() -> None:
    location = locate_in(BOTH, Citation(id="c", claim="x", quote=None, section="1", document="saml.pdf"))
    assert "'saml.pdf' is not among the documents (jwt.txt, oauth.md)" in location.reason


A_TXT = Document.from_sections({"1": "Tokens expire after one hour.", "2": "Keys rotate daily."}, name="a.txt")
B_TXT = Document.from_sections({"1": "Tokens never expire.", "3": "Clients MUST retry."}, name="b.txt")


@pytest.mark.parametrize(
    ("section", "status", "read_from", "flags", "in_reason"),
    [
        ("2", "section-only", "a.txt", ("other_document",), "but section '2' is in a.txt"),  # in one: read there
        ("1", "ambiguous", None, ("ambiguous",), "section '1' is in several (a.txt, b.txt)"),
        ("9", "ambiguous", None, ("ambiguous",), "no loaded document has section '9'"),
    ],
)
def test_a_section_only_citation_of_an_unknown_document_goes_to_review(
    section: str, status: str, read_from: str | None, flags: tuple[str, ...], in_reason: str
) -> None:
    citation = {"id": "c", "claim": "x", "quote": None, "section": section, "document": "nosuch.txt"}
    [result] = check_citations([A_TXT, B_TXT], [citation], judge=StaticJudge(default=("supports", 0.99)))
    assert isinstance(result, CitationResult)
    assert (result.location.status, result.location.document, result.location.flags) == (status, read_from, flags)
    assert "the cited document 'nosuch.txt' is not among the documents (a.txt, b.txt)" in result.location.reason
    assert in_reason in result.location.reason
    assert result.verdict is not Verdict.FABRICATED
    assert not result.auto


def test_batch_against_several_documents() -> None:
    citations = [
        {"id": "a", "claim": "x", "quote": "The exp claim names the expiry time of the token.", "section": "4.1"},
        {"id": "b", "claim": "x", "quote": None, "section": "1", "document": "oauth.md"},
        {"id": "c", "claim": "x", "quote": None, "section": "4.1"},
        {"id": "d", "claim": "x", "quote": None, "section": "2", "document": "nowhere"},
    ]
    judge = StaticJudge(default="supports")
    results = check_citations(BOTH, citations, judge=judge)
    got = [(r.id, r.verdict, r.auto, r.location.document) for r in results if isinstance(r, CitationResult)]
    assert got == [
        ("a", Verdict.VERIFIED, True, "jwt.txt"),
        ("b", Verdict.VERIFIED, True, "oauth.md"),
        ("c", Verdict.UNSUPPORTED, False, None),
        ("d", Verdict.UNSUPPORTED, False, None),  # an unknown document is a file left out: review
    ]
    assert [section for _, section in judge.calls] == [JWT.sections[1].text, OAUTH.sections[0].text]


@pytest.mark.parametrize(
    ("documents", "message"),
    [
        ([], "no documents"),
        ([JWT, Document.from_sections({"1": "x"})], "has no name"),
        ([JWT, JWT], "several documents are named 'jwt.txt'"),
    ],
)
def test_bad_document_sets_are_typed_errors(documents: list[Document], message: str) -> None:
    with pytest.raises(DocumentError, match=message):
        check_citations(documents, [], judge=StaticJudge(default="supports"))


def test_cli_checks_several_sources(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# 1 Intro\n\nTokens carry claims about a subject.\n")
    (tmp_path / "b.html").write_text("<h1>1 Intro</h1><p>Clients obtain access tokens from the server.</p>")
    (tmp_path / "c.json").write_text(
        '[{"id": "q1", "claim": "x", "quote": "Clients obtain access tokens", "section": "1"},'
        ' {"id": "q2", "claim": "x", "quote": "Widgets are sent by the net", "section": "1", "document": "b.html"}]'
    )
    result = CliRunner().invoke(
        main, ["check", str(tmp_path / "a.md"), str(tmp_path / "b.html"), str(tmp_path / "c.json"), "--format", "json"]
    )
    assert result.exit_code == 1  # q1 needs the model, and there is no key: a failure row, not a crash
    rows = {row["id"]: row for row in json.loads(result.output)["results"]}
    assert rows["q2"]["verdict"] == "fabricated"
    assert "no API key" in rows["q1"]["message"]


def test_cli_format_option_forces_the_parser(tmp_path: Path) -> None:
    source = tmp_path / "notes.data"
    source.write_text("1. Intro\n\nTokens carry claims about a subject.\n")
    citations = tmp_path / "c.json"
    citations.write_text('[{"id": "q", "claim": "x", "quote": "Tokens carry claims nowhere", "section": "9"}]')
    result = CliRunner().invoke(main, ["check", str(source), str(citations), "--parser", "text"])
    assert result.exit_code == 1, result.output  # q is fabricated: the default gate
    assert "1 numbered section, 1 citation" in result.output
    bad = CliRunner().invoke(main, ["check", str(source), str(citations), "--parser", "docx"])
    assert bad.exit_code == 2 and "'docx' is not a format: use one of rfc, markdown" in bad.output


@pytest.mark.parametrize(
    ("name", "status", "flags"),
    [("RFC 7519", "found", ()), ("rfc7519", "found", ()), ("oauth", "found", ("other_document",))],
)
def test_document_names_compare_by_letters_and_digits(name: str, status: str, flags: tuple[str, ...]) -> None:
    named = Document.from_sections({"1": "Tokens carry claims about a subject."}, name="rfc7519.txt")
    citation = Citation(id="c", claim="x", quote="Tokens carry claims about a subject", section="1", document=name)
    location = locate_in([named], citation)
    assert (location.status, location.flags) == (status, flags)


def test_one_unnamed_document_is_the_one_every_citation_means() -> None:
    results = check_citations(
        {"1": "Tokens carry claims about a subject."},
        [{"id": "c", "claim": "x", "quote": "Tokens carry claims about a subject", "section": "1", "document": "d"}],
        judge=StaticJudge(default="supports"),
    )
    assert [r.verdict for r in results if isinstance(r, CitationResult)] == [Verdict.VERIFIED]


def test_missing_everywhere_shows_the_closest_text_of_any_document() -> None:
    citation = Citation(id="c", claim="x", quote="The authorization code grant has five steps.", section="4.1")
    location = locate_in(BOTH, citation)
    assert location.status == "missing"
    assert location.closest is not None and location.document == "oauth.md"


def test_same_file_name_in_two_folders_is_ambiguous_unless_named_in_full() -> None:
    first = Document.from_sections({"1": "Tokens carry claims about a subject."}, name="v1/api.md")
    second = Document.from_sections({"1": "Tokens carry claims about an object."}, name="v2/api.md")
    citation = Citation(id="c", claim="x", quote=None, section="1", document="api.md")
    assert locate_in([first, second], citation).status == "ambiguous"
    named = citation.model_copy(update={"document": "v2/api.md"})
    assert locate_in([first, second], named).document == "v2/api.md"


def test_the_strongest_match_wins_across_documents() -> None:
    loose = Document.from_sections({"1": "TOKENS CARRY CLAIMS ABOUT A SUBJECT"}, name="c.md")
    exact = Document.from_sections({"1": "Tokens carry claims about a subject."}, name="d.md")
    citation = Citation(id="c", claim="x", quote="Tokens carry claims about a subject.", section="1")
    location = locate_in([loose, exact], citation)
    assert (location.document, location.match and location.match.tier) == ("d.md", "exact")


def test_cli_names_same_named_files_by_their_paths(tmp_path: Path) -> None:
    for folder, words in (("v1", "claims about a subject"), ("v2", "claims about an object")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "api.md").write_text(f"# 1 Intro\n\nTokens carry {words}.\n")
    citations = tmp_path / "c.json"
    citations.write_text(
        json.dumps(
            [
                {
                    "id": "q",
                    "claim": "x",
                    "quote": "Tokens carry claims about a nothing",
                    "section": "1",
                    "document": str(tmp_path / "v2" / "api.md"),
                }
            ]
        )
    )
    result = CliRunner().invoke(
        main,
        ["check", str(tmp_path / "v1" / "api.md"), str(tmp_path / "v2" / "api.md"), str(citations), "--format", "json"],
    )
    assert result.exit_code == 1, result.output  # q is fabricated: the default gate
    (row,) = json.loads(result.output)["results"]
    assert row["location"]["document"] == str(tmp_path / "v2" / "api.md")


# --- a quote in another document than the one named --------------------------------------------

ELSEWHERE = [
    # (named document, quote, where it is read)
    ("jwt.txt", "The authorization code grant has four steps.", "oauth.md"),
    ("JWT", "authorization code grant has four steps", "oauth.md"),
    ("oauth.md", "The exp claim names the expiry time of the token.", "jwt.txt"),
    ("saml.pdf", "The exp claim names the expiry time of the token.", "jwt.txt"),  # the named one is not loaded
]


@pytest.mark.parametrize(("named", "quote", "read_from"), ELSEWHERE)
def test_a_quote_in_another_document_is_found_there_for_review(named: str, quote: str, read_from: str) -> None:
    citation = {"id": "c", "claim": "x", "quote": quote, "section": "4.1", "document": named}
    location = locate_in(BOTH, citation)
    assert (location.status, location.document, location.section) == ("found", read_from, "4.1")
    assert "other_document" in location.flags
    assert location.needs_review
    assert f"but it is in {read_from}" in location.reason
    assert repr(named) in location.reason


@pytest.mark.parametrize(("named", "quote", "read_from"), ELSEWHERE)
def test_a_quote_in_another_document_is_judged_but_never_auto(named: str, quote: str, read_from: str) -> None:
    citation = {"id": "c", "claim": "x", "quote": quote, "section": "4.1", "document": named}
    judge = StaticJudge({"x": ("supports", 0.99)})
    (result,) = check_citations(BOTH, [citation], judge=judge)
    assert isinstance(result, CitationResult)
    assert (result.verdict, result.auto) == (Verdict.VERIFIED, False)
    assert result.location.document == read_from
    assert judge.calls == [("x", next(d for d in BOTH if d.name == read_from).sections[1].text)]


@pytest.mark.parametrize(
    ("named", "quote"),
    [
        ("jwt.txt", "The exp claim names the expiry time of the token."),  # in the named one: no flag
        (None, "The authorization code grant has four steps."),  # names none
    ],
)
def test_no_other_document_flag_when_the_quote_is_where_it_says(named: str | None, quote: str) -> None:
    location = locate_in(BOTH, {"id": "c", "claim": "x", "quote": quote, "section": "4.1", "document": named})
    assert location.status == "found"
    assert "other_document" not in location.flags


def test_a_quote_in_no_document_stays_fabricated() -> None:
    citation = {
        "id": "c",
        "claim": "x",
        "quote": "Nothing of the sort is written anywhere.",
        "section": None,
        "document": "jwt.txt",
    }
    location = locate_in(BOTH, citation)
    assert (location.status, location.flags) == ("missing", ())


# --- locate_in takes what locate takes ---------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        {"1": "Tokens carry claims about a subject."},
        Document.from_sections({"1": "Tokens carry claims about a subject."}),
        [Document.from_sections({"1": "Tokens carry claims about a subject."})],
    ],
)
@pytest.mark.parametrize(
    "citation",
    [
        {"id": "c", "claim": "x", "quote": "Tokens carry claims about a subject", "section": "1"},
        Citation(id="c", claim="x", quote="Tokens carry claims about a subject", section="1"),
    ],
)
def test_locate_in_takes_sources_and_citations_as_locate_does(source: Any, citation: Any) -> None:
    assert locate_in(source, citation) == locate(Document.from_sections({"1": source_text(source)}), citation)


def source_text(source: Any) -> str:
    if isinstance(source, dict):
        return str(source["1"])
    document = source if isinstance(source, Document) else source[0]
    return str(document.sections[0].text)


@pytest.mark.parametrize(
    ("source", "error"),
    [("not a document", DocumentError), (42, DocumentError), ({"1": 5}, DocumentError)],
)
def test_locate_in_refuses_bad_sources(source: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        locate_in(source, {"id": "c", "claim": "x", "quote": None, "section": "1"})


def test_locate_in_refuses_a_bad_citation() -> None:
    with pytest.raises(InvalidCitationError, match="claim"):
        locate_in(BOTH, {"id": "c", "quote": None, "section": "1"})


# --- many documents: the quote prepared once, the tiers run only where the quote can be --------------

_MANY = [
    Document.from_sections(
        {"abstract": f"Study {n} measured the {w} response of patients over twelve weeks."}, name=f"d{n}"
    )
    for n, w in enumerate(["immune", "renal", "cardiac", "hepatic", "neural", "dermal", "ocular", "skeletal"] * 4)
]
_ELSEWHERE = "Study 9 measured the renal response of patients over twelve weeks."


@pytest.fixture
def searched(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the documents whose tiers run, in order."""
    from citecheck.matcher import _routing

    names: list[str] = []
    original = _routing.locate_ranked

    def counting(document: Document, *args: Any, **kwargs: Any) -> Any:
        names.append(document.name or "")
        return original(document, *args, **kwargs)

    monkeypatch.setattr(_routing, "locate_ranked", counting)
    return names


@pytest.mark.parametrize(
    ("quote", "status", "read_from", "most_searched"),
    [
        (_ELSEWHERE, "found", "d9", 32),  # the same words are in every document: all searched
        ("Study 9 measured the renal respnose of patients over twelve weeks.", "found", "d9", 32),  # a typo: fuzzy
        ("Quarterly revenue grew in every region of the retail business this year.", "missing", "d0", 1),
    ],
)
def test_a_quote_cited_in_the_wrong_document_is_looked_for_where_its_words_are(
    searched: list[str], quote: str, status: str, read_from: str, most_searched: int
) -> None:
    location = locate_in(_MANY, {"id": "c", "claim": "x", "quote": quote, "section": "abstract", "document": "d0"})
    assert (location.status, location.document) == (status, read_from)
    assert len(searched) <= most_searched
    assert searched[0] == "d0"  # the named document first, always


def test_documents_without_the_quotes_words_are_not_searched(searched: list[str]) -> None:
    documents = [*_MANY, Document.from_sections({"1": "Retail revenue grew in every region this year."}, name="r")]
    quote = "Retail revenue grew in every region this year."
    location = locate_in(documents, {"id": "c", "claim": "x", "quote": quote, "section": None, "document": "d3"})
    assert (location.status, location.document, "other_document" in location.flags) == ("found", "r", True)
    assert searched == ["d3", "r"]


def test_a_quote_in_no_document_names_the_first_and_keeps_the_closest(searched: list[str]) -> None:
    quote = "Study 3 measured the cardiac output of mice over nine days."
    location = locate_in(_MANY, {"id": "c", "claim": "x", "quote": quote, "section": None})
    assert location.status == "missing"
    assert location.closest is not None and location.document is not None
    assert len(searched) < len(_MANY)


def test_a_custom_tier_is_run_in_every_document(searched: list[str]) -> None:
    from citecheck.matcher import match_options, tier_preset

    class Everywhere:
        name = "everywhere"
        cookbook = False
        single_section = False

        def find(self, prepared: Any, index: Any) -> list[Any]:
            return []

    tiers = [*tier_preset("default"), Everywhere()]
    quote = "Quarterly revenue grew in every region of the retail business this year."
    citation = {"id": "c", "claim": "x", "quote": quote, "section": None, "document": "d0"}
    assert locate_in(_MANY, citation, options=match_options(tiers=tiers)).status == "missing"
    assert len(searched) == len(_MANY)
