"""The command line's scale-out options, and what `import citecheck` must not load."""

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from citecheck.cli._main import main


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--rate-limit", "lots"], "is not N/unit"),
        (["--rate-limit", "0/s"], "allows no request"),
        (["--rate-limit-store", "redis://127.0.0.1:1/0"], "--rate-limit-store needs --rate-limit"),
    ],
)
def test_bad_rate_limit_options_are_usage_errors(cookbook: Path, options: list[str], message: str) -> None:
    result = CliRunner().invoke(
        main, ["check", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"), *options]
    )
    assert result.exit_code == 2
    assert message in result.output


def test_a_rate_limit_with_a_cache_that_holds_every_answer_sends_nothing(cookbook: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["check", str(cookbook / "rfc7519.txt"), str(cookbook / "citations.json"),
         "--cache", str(cookbook / "json_cache.json"), "--rate-limit", "1/s,10/min", "--fail-on", "error"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output


def test_import_citecheck_loads_no_distributed_dependency() -> None:
    code = (
        "import sys, citecheck, citecheck.cli._main; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'ray', 'psycopg', 'redis', 'pyrate_limiter', 'dask', 'pandas', 'pyarrow'}))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
