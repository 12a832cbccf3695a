"""Run the quick start command with a given ``citecheck`` and compare with the table printed under it.

Usage: python .ci/quickstart.py PATH/TO/citecheck   (run from the repository root)

It checks the docs site's quick start page, and the README's quick start while the README has one.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path


def check(page: Path, citecheck: str) -> None:
    """Run ``page``'s quick start command with ``citecheck``; exit 1 unless it prints the page's table."""
    quick_start = page.read_text(encoding="utf-8").split("# Quick start", 1)[1]
    # The first bash block installs and runs; the plain block after it is what the run prints. The
    # docs-test marker before it gives the exit code the page documents (1: a citation fails by default).
    found = re.search(r"<!-- docs-test:([^>]*)-->\n```bash\n(.*?)\n```\s*\n```\n(.*?)```", quick_start, re.S)
    if found is None:
        sys.exit(f"{page}: the quick start has no marked command block followed by its output")
    marker, command_block, expected = found.groups()
    codes = re.findall(r"\bexit (\d+)", marker)
    exit_code = int(codes[0]) if codes else 0
    command = shlex.split(command_block.split("&& ")[-1])
    assert command[0] == "citecheck", command
    got = subprocess.run([citecheck, *command[1:]], capture_output=True, text=True, check=False)
    if got.returncode != exit_code or got.stdout != expected:
        print(
            f"quick start from the wheel: exit {got.returncode} ({page} says {exit_code})\n{got.stdout}{got.stderr}",
            file=sys.stderr,
        )
        sys.exit(1)
    print(f"quick start from the wheel: {len(expected.splitlines())} lines, identical to {page}, exit {exit_code}")


pages = [Path("docs/quickstart.md")]
if "## Quick start" in Path("README.md").read_text(encoding="utf-8"):
    pages.append(Path("README.md"))
for page in pages:
    check(page, sys.argv[1])
