"""Provider responses: what reading a response, cross-checking locations and checking numbers cost over step 1.

Builds an Anthropic Messages response with ``--citations`` char-location citations quoting
sentences of RFC 6749 (each claim carrying a number), then times, in one run, best of ``--repeats`` (5):

1. ``match_citations`` on the same citations, written by hand (the baseline: step 1 alone);
2. ``read_response`` + ``match_answer`` (the adapter, step 1, the location cross-check and the
   claim's numbers: the provider layer's whole cost before any model call);
3. BM25 passage picking for OpenAI-style whole-file citations (``--whole`` of them).

Targets, checked at the end (exit 1 when missed): 2 takes at most 2x the time of 1 (step 1 runs once;
the adapter, the cross-check and the number check are the rest), and no offset the provider gave,
all of them right, is flagged.

    python benchmarks/bench_providers.py            # a few seconds
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

from citecheck import match_citations, parse_file
from citecheck.providers import match_answer, read_response

TARGET = 2.0


def _best(function: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - started)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--citations", type=int, default=300)
    parser.add_argument("--whole", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5)
    arguments = parser.parse_args()
    fixtures = Path(os.environ.get("CITECHECK_FIXTURES", Path(__file__).resolve().parents[2] / "shared" / "fixtures"))
    path = fixtures / "rfc" / "rfc6749.txt"
    document = parse_file(path)
    text = document.original
    # Sentences as the file has them, hard-wrapped lines and all: Anthropic quotes the text as sent.
    # (not those that run over a page's running header or footer: no document text has those).
    found = re.finditer(r"(?<=\s)[A-Z][^.\f\[]{60,240}\.(?=\s)", text)
    sentences = [m for m in found if "\n\n\n" not in m.group(0)][: arguments.citations]
    blocks = []
    for number, sentence in enumerate(sentences):
        cited = {
            "type": "char_location",
            "cited_text": sentence.group(0),
            "document_index": 0,
            "start_char_index": sentence.start(),
            "end_char_index": sentence.end(),
        }
        blocks.append({"type": "text", "text": f"Claim {number}: it holds for {number} clients.", "citations": [cited]})
    response = {"content": blocks}
    answer = read_response("anthropic", response, [document])
    citations = [link.citation for link in answer.citations]

    baseline = _best(lambda: match_citations([document], citations), arguments.repeats)
    layer = _best(lambda: match_answer(read_response("anthropic", response, [document]), [document]), arguments.repeats)
    run = match_answer(answer, [document])
    agree = sum(1 for check in run.checks.values() if check.agrees)
    disagree = sum(1 for check in run.checks.values() if check.agrees is False)
    sentences_out = [f"The client {n} must register its redirection endpoint." for n in range(arguments.whole)]
    ends = [len(" ".join(sentences_out[: n + 1])) for n in range(arguments.whole)]
    notes = [{"type": "file_citation", "file_id": "file-1", "filename": "rfc6749.txt", "index": end} for end in ends]
    output = {"type": "output_text", "text": " ".join(sentences_out), "annotations": notes}
    whole = {"output": [{"type": "message", "content": [output]}]}
    picking = _best(lambda: read_response("openai", whole, [document]), arguments.repeats)
    ratio = layer / baseline
    print(f"{len(citations)} Anthropic citations over {path.name} ({len(text):,} characters)")
    print(f"  step 1 alone (match_citations):            {baseline * 1000:8.1f} ms")
    print(f"  provider layer (read_response + match):    {layer * 1000:8.1f} ms  ({ratio:.2f}x; target <= {TARGET}x)")
    print(f"  offsets that agree with step 1:            {agree} of {len(run.checks)} ({disagree} disagree)")
    print(
        f"{arguments.whole} whole-file citations, BM25 passages:     {picking * 1000:8.1f} ms "
        f"({picking / arguments.whole * 1000:.1f} ms each)"
    )
    return 0 if ratio <= TARGET and disagree == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
