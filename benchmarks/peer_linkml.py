"""Compare citecheck with linkml-reference-validator's own test cases.

Usage::

    python benchmarks/peer_linkml.py SDIST_DIR --peer-python /tmp/lkvenv/bin/python
    python benchmarks/peer_linkml.py --cases cases.jsonl

The peer's cases are taken by running its own test suite (``SDIST_DIR/tests``)
under a recorder that logs every ``find_text_in_reference`` call with its
quote, reference text and the peer's ``found`` answer; parametrized and
f-string cases are thus read exactly as the peer sees them. The peer must be
installed in the interpreter given by ``--peer-python`` (with pytest and
pytest-mock). Calls made under a non-default bracket or minimum-length setting
are left out. Nothing of the peer is stored in this repository.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import citecheck.matcher

_RECORDER = """
import json, os
from linkml_reference_validator.validation.supporting_text_validator import SupportingTextValidator
from linkml_reference_validator.models import ReferenceValidationConfig
_OUT = os.environ["LKREC_OUT"]
_orig = SupportingTextValidator.find_text_in_reference
_default = ReferenceValidationConfig().model_dump()
def _rec(self, text, reference, *a, **k):
    m = _orig(self, text, reference, *a, **k)
    d = self.config.model_dump()
    plain = all(d[key] == _default[key] for key in ("literal_bracket_patterns", "min_excerpt_length"))
    if isinstance(text, str) and reference is not None and reference.content:
        with open(_OUT, "a") as f:
            f.write(json.dumps({"quote": text, "content": reference.content,
                                "found": bool(m.found), "default_config": plain}) + "\\n")
    return m
SupportingTextValidator.find_text_in_reference = _rec
"""

# The files whose tests exercise the matcher; the rest fetch or parse sources.
_FILES = (
    "test_supporting_text_validator",
    "test_meaning_changes",
    "test_ligature_normalization",
    "test_fuzzy_suggestions",
    "test_split_supporting_text",
    "test_empty_snippets",
    "test_validation_counts",
    "test_e2e_integration",
    "test_normalized_content_cache",
    "test_real_validation",
    "test_pmc_fulltext",
    "test_svg_extractor",
    "test_title_validation",
    "test_extractor_fidelity",
    "test_drawio",
)


def record(sdist: Path, python: str, out: Path) -> None:
    """Run the peer's matcher tests under the recorder, appending to ``out``."""
    with tempfile.TemporaryDirectory() as plugin_dir:
        Path(plugin_dir, "lkrecord.py").write_text(_RECORDER, encoding="utf-8")
        env = {**os.environ, "LKREC_OUT": str(out), "PYTHONPATH": plugin_dir}
        for name in _FILES:
            path = sdist / "tests" / f"{name}.py"
            if path.exists():
                cmd = [python, "-m", "pytest", "-q", "-p", "lkrecord", "-p", "no:cacheprovider", str(path)]
                subprocess.run(cmd, cwd=sdist, env=env, capture_output=True, timeout=300, check=False)


def _flagged(result: citecheck.Location) -> bool:
    return result.status == "ambiguous" or bool(getattr(result, "needs_review", False))


def classify(peer_found: bool, result: citecheck.Location) -> str:
    """Name the class of one case: agreement, citecheck stricter, or looser."""
    # An ambiguous quote is in the source (more than once): found, for a person to place.
    found = result.status in ("found", "ambiguous")
    if peer_found:
        if not found:
            return "peer valid, citecheck missing (stricter)"
        return "peer valid, citecheck found (flagged)" if _flagged(result) else "peer valid, citecheck found"
    if not found:
        return "peer invalid, citecheck missing"
    return "peer invalid, citecheck found (flagged)" if _flagged(result) else "peer invalid, citecheck found (LOOSER)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sdist", nargs="?", type=Path, help="unpacked linkml-reference-validator sdist")
    parser.add_argument("--peer-python", default=sys.executable, help="interpreter with the peer installed")
    parser.add_argument("--cases", type=Path, help="read (or, with sdist, write) the recorded cases here")
    parser.add_argument("--show", action="store_true", help="print the stricter and looser cases")
    args = parser.parse_args()
    if args.sdist is None and args.cases is None:
        parser.error("give the peer's unpacked sdist to record its cases, or --cases FILE recorded before")
    if args.sdist is None and not args.cases.is_file():
        parser.error(f"--cases: no file at {args.cases}")
    with tempfile.TemporaryDirectory() as scratch:
        cases_path = args.cases or Path(scratch, "cases.jsonl")
        if args.sdist is not None:
            cases_path.unlink(missing_ok=True)
            record(args.sdist, args.peer_python, cases_path)
        rows = [json.loads(line) for line in cases_path.read_text(encoding="utf-8").splitlines()]
    cases = {(r["quote"], r["content"]): r["found"] for r in rows if r["default_config"]}
    counts: Counter[str] = Counter()
    for (quote, content), peer_found in sorted(cases.items()):
        if not quote.strip():
            counts["blank quote (both reject)"] += 1
            continue
        citation = {"id": "c", "claim": "-", "quote": quote, "section": None}
        result = citecheck.matcher.locate({"s": content}, citation)
        kind = classify(peer_found, result)
        counts[kind] += 1
        if args.show and ("stricter" in kind or "LOOSER" in kind):
            print(f"{kind}: {quote!r} in {content[:120]!r}")
    width = max(len(k) for k in counts)
    print(f"{'class':<{width}}  count")
    for kind, n in sorted(counts.items()):
        print(f"{kind:<{width}}  {n:5d}")
    print(f"{'total distinct cases':<{width}}  {sum(counts.values()):5d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
