"""The JSON output's schema is generated from the models, committed, and kept in step with them."""

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from citecheck.cli._json import SCHEMA_VERSION, results_schema
from citecheck.cli._main import main

SCHEMA_FILE = Path(__file__).parents[1] / "schema" / f"results.v{SCHEMA_VERSION}.json"


def test_the_committed_schema_matches_the_models() -> None:
    committed = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert committed == results_schema(), (
        f"the result models changed: regenerate the schema with `citecheck schema > schema/{SCHEMA_FILE.name}`"
        " (and bump SCHEMA_VERSION if a reader of the old shape would break)"
    )


def test_citecheck_schema_prints_the_committed_file() -> None:
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    assert result.output == SCHEMA_FILE.read_text(encoding="utf-8")


def test_the_schema_names_every_entry_kind_and_documents_its_fields() -> None:
    schema = results_schema()
    assert schema["properties"]["schema_version"]["const"] == SCHEMA_VERSION
    mapping = schema["properties"]["results"]["items"]["discriminator"]["mapping"]
    assert set(mapping) == {"checked", "matched", "failed"}
    locations = ("FoundLocation", "MissingLocation", "SectionOnlyLocation", "AmbiguousLocation")
    for name in ("CheckedEntry", "MatchedEntry", "FailedEntry", *locations, "QuoteMatch"):
        definition = schema["$defs"][name]
        assert definition.get("description"), name
    failed = schema["$defs"]["FailedEntry"]["properties"]
    assert "location" in failed  # a failed judge call keeps step 1's evidence


def _outputs(cookbook: Path, tmp_path: Path) -> dict[str, list[str]]:
    data = Path(__file__).parent / "data"
    bad = tmp_path / "c.json"
    bad.write_text(json.dumps([{"id": "needs_model", "claim": "x", "quote": None, "section": "2"}]))
    source, citations, cache = cookbook / "rfc7519.txt", cookbook / "citations.json", cookbook / "json_cache.json"
    return {
        "checked": ["check", str(source), str(citations), "--cache", str(cache)],
        "matched": ["match", str(source), str(citations), "--fail-on", "fabricated,review"],
        "failed": ["check", str(data / "rfc_sample.txt"), str(bad)],
    }


@pytest.mark.parametrize("outcome", ["checked", "matched", "failed"])
def test_every_kind_of_output_validates_against_the_committed_schema(
    cookbook: Path, tmp_path: Path, outcome: str
) -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    args = _outputs(cookbook, tmp_path)[outcome]
    result = CliRunner().invoke(main, [*args, "--format", "json"])
    document: dict[str, Any] = json.loads(result.stdout)
    jsonschema.Draft202012Validator(schema).validate(document)
    assert {entry["outcome"] for entry in document["results"]} == {outcome}
    lines = CliRunner().invoke(main, [*args, "--format", "jsonl"]).stdout.splitlines()
    entry_schema = {"$defs": schema["$defs"], **schema["properties"]["results"]["items"]}
    for line in lines:
        jsonschema.Draft202012Validator(entry_schema).validate(json.loads(line))
