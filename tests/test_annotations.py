"""``--format annotations``: W3C Web Annotation JSON-LD that validates and re-anchors on the source."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from citecheck import parse_file
from citecheck.cli._main import main

SCHEMA = json.loads((Path(__file__).parent / "data" / "web_annotation.schema.json").read_text(encoding="utf-8"))
LOYALTY = (
    "PetWorld offers a loyalty program where customers earn 1 point for every dollar spent. Once you "
    "accumulate 100 points, you'll receive a $5 reward that can be used on your next purchase. "
)


def annotate(*args: str | Path) -> dict[str, Any]:
    result = CliRunner().invoke(main, [*(str(a) for a in args), "--format", "annotations"])
    assert result.exit_code in (0, 1), result.output
    data: dict[str, Any] = json.loads(result.output)
    jsonschema.validate(data, SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    return data


def selectors(annotation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["type"]: s for s in annotation["target"].get("selector", [])}


def reanchors(original: str, annotation: dict[str, Any]) -> bool:
    chosen = selectors(annotation)
    quote, position = chosen["TextQuoteSelector"], chosen["TextPositionSelector"]
    start, end = position["start"], position["end"]
    return (
        original[start:end] == quote["exact"]
        and original[:start].endswith(quote["prefix"])
        and original[end:].startswith(quote["suffix"])
    )


def test_the_cookbook_run_validates_and_every_selector_reanchors(cookbook: Path) -> None:
    source = cookbook / "rfc7519.txt"
    data = annotate("check", source, cookbook / "citations.json", "--cache", cookbook / "json_cache.json")
    items = data["first"]["items"]
    assert data["total"] == len(items) == 8
    original = parse_file(source).original
    by_id = {item["id"].rsplit(":", 1)[1]: item for item in items}
    assert "selector" not in by_id["sig_reporting"]["target"]  # fabricated: nothing in the source to point at
    assert by_id["sig_reporting"]["body"][0]["value"] == "fabricated, stands"
    anchored = [item for item in items if "selector" in item["target"]]
    assert len(anchored) == 7 and all(reanchors(original, item) for item in anchored)
    assert by_id["aud_reject"]["body"][0]["value"] == "verified, confidence 0.95, stands"
    assert by_id["aud_reject"]["target"]["source"] == "urn:citecheck:document:rfc7519.txt"


def test_a_section_only_citation_points_at_its_section(cookbook: Path) -> None:
    source = cookbook / "rfc7519.txt"
    data = annotate("match", source, cookbook / "citations.json")
    (iat,) = [item for item in data["first"]["items"] if item["id"].endswith(":iat_future")]
    exact = selectors(iat)["TextQuoteSelector"]["exact"]
    assert exact.startswith("4.1.6.")
    assert reanchors(parse_file(source).original, iat)


def test_provider_answers_and_pdfs_reanchor_on_the_text_read(tmp_path: Path, fixtures_dir: Path) -> None:
    folder = fixtures_dir / "providers"
    response = {
        "content": [
            {
                "type": "text",
                "text": "Points are earned per dollar.",
                "citations": [
                    {
                        "type": "char_location",
                        "cited_text": LOYALTY,
                        "document_index": 0,
                        "start_char_index": 0,
                        "end_char_index": len(LOYALTY),
                    },
                ],
            },
            {
                "type": "text",
                "text": "It is a dummy file.",
                "citations": [
                    {
                        "type": "page_location",
                        "cited_text": "Dummy PDF file",
                        "document_index": 1,
                        "start_page_number": 1,
                        "end_page_number": 2,
                    },
                ],
            },
        ]
    }
    path = tmp_path / "response.json"
    path.write_text(json.dumps(response), encoding="utf-8")
    loyalty, pdf = folder / "anthropic-cookbook" / "loyalty_program.txt", folder / "pydantic-ai" / "dummy.pdf"
    data = annotate("match", "--from", "anthropic", path, loyalty, pdf)
    first, second = data["first"]["items"]
    assert reanchors(parse_file(loyalty).original, first) and selectors(first)["TextPositionSelector"]["start"] == 0
    assert reanchors(parse_file(pdf).original, second)
    assert selectors(second)["TextQuoteSelector"]["exact"] == "Dummy PDF file"


@pytest.mark.parametrize(
    "broken",
    [
        {"type": "Annotation", "target": "x"},  # no id, and not a collection
        {
            "@context": "http://www.w3.org/ns/anno.jsonld",
            "type": "AnnotationCollection",
            "first": {
                "type": "AnnotationPage",
                "items": [
                    {
                        "id": "urn:x",
                        "type": "Annotation",
                        "target": {
                            "source": "urn:d",
                            "selector": [{"type": "TextPositionSelector", "start": -1, "end": 2}],
                        },
                    }
                ],
            },
        },
    ],
)
def test_the_schema_refuses_what_the_model_does_not_allow(broken: dict[str, Any]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)


def test_passages_picked_from_a_cited_page_reanchor_on_the_page(tmp_path: Path) -> None:
    page = tmp_path / "shipping.txt"
    page.write_text(
        "Returns\n\nItems may be returned within thirty days of purchase for a full refund.\n\n"
        "Shipping\n\nOrders leave our warehouse within two business days, and tracking follows by email.\n",
        encoding="utf-8",
    )
    text = "Orders leave the warehouse within two business days. ([shop.example](https://shop.example/shipping))"
    note = {
        "type": "url_citation",
        "start_index": text.index("(["),
        "end_index": len(text),
        "url": "https://shop.example/shipping",
    }
    response = {
        "output": [{"type": "message", "content": [{"type": "output_text", "text": text, "annotations": [note]}]}]
    }
    path = tmp_path / "response.json"
    path.write_text(json.dumps(response), encoding="utf-8")
    (item,) = annotate("match", "--from", "openai", path, f"https://shop.example/shipping={page}")["first"]["items"]
    # The page itself is the target, on the best passage, not the passages put together for the judge.
    assert item["target"]["source"] == "urn:citecheck:document:shipping.txt"
    assert reanchors(parse_file(page).original, item)
    exact = selectors(item)["TextQuoteSelector"]["exact"]
    assert "Orders leave our warehouse" in exact and "returned" not in exact
