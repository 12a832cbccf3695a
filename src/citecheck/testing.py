"""Judges for tests: answers without a model, no network and no API key.

As httpx ships ``MockTransport`` and click ships ``CliRunner``, citecheck ships the judges its own
tests use, so yours can run offline too:

- `StaticJudge` answers from a table you write (or a function), and records what it was asked.
- `assert_citations` fails a test on the citations that hit its gates, showing each one's evidence
  (the pytest plugin, ``pytest_citecheck``, gives it a checker that replays recorded answers).
- `RecordedJudge` replays answers a model gave earlier, from a `cooksafe.JsonCache` file such as
  the cookbook's ``json_cache.json``, and fails loudly on a claim it has no answer for.

The answers a `StaticJudge` returns are test doubles: values you chose, not a model's. Show them as
such; never present them as a model's judgement. `RecordedJudge` answers are a model's, as recorded.

Examples:
    ```python
    from citecheck import check_citation
    from citecheck.testing import StaticJudge

    judge = StaticJudge({"Tokens expire.": ("supports", 0.95)})
    result = check_citation(document, citation, judge=judge)
    assert judge.calls == [("Tokens expire.", result.location.text)]
    ```
"""

from citecheck._assertions import DEFAULT_FAIL_ON, assert_citations
from citecheck._testing import NoRecordedAnswerError, RecordedJudge, StaticJudge, static_answer
from citecheck._types import StaticAnswer

__all__ = [
    "DEFAULT_FAIL_ON",
    "NoRecordedAnswerError",
    "RecordedJudge",
    "StaticAnswer",
    "StaticJudge",
    "assert_citations",
    "static_answer",
]
