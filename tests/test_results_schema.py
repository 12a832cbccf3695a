"""The JSON output's schema is generated from the models, committed, and kept in step with them."""

import json
from pathlib import Path

from click.testing import CliRunner

from citecheck._cli import main
from citecheck._results import SCHEMA_VERSION, results_schema

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
    for name in ("CheckedEntry", "MatchedEntry", "FailedEntry", "Location", "QuoteMatch"):
        definition = schema["$defs"][name]
        assert definition.get("description"), name
    failed = schema["$defs"]["FailedEntry"]["properties"]
    assert "location" in failed  # a failed judge call keeps step 1's evidence
