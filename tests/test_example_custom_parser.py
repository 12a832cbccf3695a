from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parents[1] / "examples" / "custom_parser.py"


def test_custom_parser_example_runs_and_prints_its_verdicts() -> None:
    result = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, check=True, timeout=60)
    lines = result.stdout.splitlines()
    assert lines[0] == "widgets.faq: 3 sections: q1, q2, q3"
    assert "stand-in judge, not a model" in lines[1]
    rows = [line.split() for line in lines[2:]]
    assert rows == [
        ["warranty", "found", "q1", "verified", "auto"],
        ["returns", "found", "q2", "contradicted", "auto"],
        ["waterproof", "missing", "-", "fabricated", "auto"],
        ["outdoors", "section-only", "q3", "contradicted", "review"],
    ]
    assert result.stderr == ""
