"""Secrets masked: passwords in every URL form libpq and redis-py accept, and API keys in the request loggers' records.

The key filter is a `logging.Filter` on the loggers that carry requests, held while a judge is open:
the process's log record factory is never replaced.
"""

from __future__ import annotations

import json
import logging

import httpx2
import pytest
from typesafe_sdk import RetryPolicy

from citecheck import TypeSafeJudge
from citecheck._safe_text import url_secrets
from citecheck.errors import JudgeCallError, RateLimitError
from citecheck.judge import redact_url
from citecheck.judge._redact import REQUEST_LOGGERS, request_log_redaction, scrub_url

KEY = "sk-test-redact-0123456789abcdef"
ANSWER = {
    "model": "jev-1.12",
    "usage": {"input_tokens": 1, "output_tokens": 1},
    "answers": {
        "relation": {
            "type": "choice",
            "choice": "supports",
            "confidence": 0.9,
            "probabilities": {"supports": 0.9, "contradicts": 0.05, "says_nothing": 0.05},
        }
    },
}


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://u:p%40ss@h:5432/db", "postgresql://u:***@h:5432/db"),
        ("postgresql://u@h/db", "postgresql://u@h/db"),
        ("postgres://u:hunter2@h1:5432,h2:5433/db", "postgres://u:***@h1:5432,h2:5433/db"),
        ("postgresql://u@host/db?password=hunter2&sslmode=off", "postgresql://u@host/db?password=***&sslmode=off"),
        (
            "postgresql://u@host/db?sslmode=off&sslpassword=hunter2",
            "postgresql://u@host/db?sslmode=off&sslpassword=***",
        ),
        ("postgresql://u@host/db?PASSWORD=hunter2", "postgresql://u@host/db?PASSWORD=***"),
        ("postgresql://u@host/db?pass%77ord=hunter2", "postgresql://u@host/db?pass%77ord=***"),
        ("postgresql://u:hunter2@h:abc/db", "postgresql://u:***@h:abc/db"),  # a bad port: not parseable
        ("postgresql://u:hunter2@[::1/db", "postgresql://u:***@[::1/db"),  # an unclosed [
        ("postgresql://u:hun#ter?2@h/db", "postgresql://u:***@h/db"),  # a password holding # and ?
        ("postgresql://u:hun@ter2@h/db", "postgresql://u:***@h/db"),  # and @
        ("redis://:pw@127.0.0.1:6379/0", "redis://:***@127.0.0.1:6379/0"),
        ("redis://user:hunter2@h/0", "redis://user:***@h/0"),
        ("rediss://h:6380/0?password=hunter2", "rediss://h:6380/0?password=***"),
        ("redis://h/0?password=hunter2;db=1", "redis://h/0?password=***;db=1"),
        ("unix:///run/redis.sock?db=0&password=hunter2", "unix:///run/redis.sock?db=0&password=***"),
        ("unix://user:hunter2@/run/redis.sock?db=0", "unix://user:***@/run/redis.sock?db=0"),
        ("redis://h/0?password=hunter2#frag", "redis://h/0?password=***#frag"),
        ("memory", "memory"),
    ],
)
def test_every_url_form_is_shown_without_its_password(url: str, shown: str) -> None:
    assert redact_url(url) == shown
    assert "hunter2" not in redact_url(url)
    assert redact_url(shown) == shown  # masking twice changes nothing


def test_a_driver_message_that_repeats_the_password_is_scrubbed() -> None:
    url = "postgresql://u@h/db?password=hunter%32"
    assert url_secrets(url) == {"hunter%32", "hunter2"}
    said = f'FATAL: password "hunter2" rejected for "{url}"'
    assert scrub_url(said, url) == 'FATAL: password "***" rejected for "postgresql://u@h/db?password=***"'


@pytest.mark.parametrize(
    "store",
    [
        "redis://127.0.0.1:{port}/0?password=hunter2secret",
        "redis://:hunter2secret@127.0.0.1:{port}/0",
        "unix:///nonexistent/citecheck/redis.sock?password=hunter2secret",
    ],
)
def test_a_store_password_never_reaches_a_failed_citations_message(store: str) -> None:
    from citecheck import CitationFailure, check_citations
    from citecheck.judge import RateLimit
    from tests.servers import free_port

    url = store.format(port=free_port())
    judge = TypeSafeJudge(api_key=KEY, base_url="http://127.0.0.1:9", rate_limit=RateLimit("5/s", store=url))
    sections = {"1": "Tokens MUST expire after one hour."}
    results = check_citations(
        sections, [{"id": "c", "claim": "x", "quote": "Tokens MUST expire", "section": "1"}], judge=judge
    )
    judge.close()
    [failure] = results
    assert isinstance(failure, CitationFailure) and failure.error == RateLimitError.__name__
    assert "hunter2secret" not in json.dumps(failure.model_dump(mode="json"))
    assert "***" in failure.message


def _filters() -> dict[str, list[logging.Filter | object]]:
    return {name: list(logging.getLogger(name).filters) for name in REQUEST_LOGGERS}


def test_the_record_factory_is_untouched_and_the_filters_go_with_the_judge() -> None:
    import gc

    gc.collect()  # a judge another test left unclosed releases its hold when it is collected
    factory, before, holders = logging.getLogRecordFactory(), _filters(), request_log_redaction.holders
    judge = TypeSafeJudge(
        api_key=KEY, transport=httpx2.MockTransport(lambda request: httpx2.Response(200, json=ANSWER))
    )
    assert logging.getLogRecordFactory() is factory
    assert request_log_redaction.installed and request_log_redaction.holders == holders + 1
    for name, filters in _filters().items():
        assert any(type(f).__name__ == "_KeyFilter" for f in filters), name
    second = TypeSafeJudge(api_key=KEY)
    judge.close()
    assert request_log_redaction.installed  # the second judge is still open
    second.close()
    second.close()  # closing twice releases once
    assert logging.getLogRecordFactory() is factory
    assert request_log_redaction.holders == holders
    if holders == 0:  # no other judge of the session is open: the loggers are as they were
        assert _filters() == before and not request_log_redaction.installed


def _echoing(request: httpx2.Request) -> httpx2.Response:
    # A careless server: it repeats the Authorization header in its body and in its reason phrase.
    sent = request.headers["authorization"]
    return httpx2.Response(
        401,
        json={"error": {"message": f"bad credentials: {sent}", "type": "auth"}},
        extensions={"reason_phrase": f"Unauthorized {sent}".encode()},
    )


@pytest.mark.parametrize("asynchronous", [False, True])
def test_the_key_never_appears_in_a_debug_log_of_the_sdk_or_the_http_client(
    caplog: pytest.LogCaptureFixture, asynchronous: bool
) -> None:
    import asyncio

    factory = logging.getLogRecordFactory()
    judge = TypeSafeJudge(api_key=KEY, transport=httpx2.MockTransport(_echoing), retry=RetryPolicy(max_retries=0))
    with caplog.at_level(logging.DEBUG), pytest.raises(JudgeCallError) as caught:
        if asynchronous:

            async def ask() -> None:
                try:
                    await judge.ajudge("claim", "section")
                finally:
                    await judge.aclose_loop()

            asyncio.run(ask())
        else:
            judge.judge("claim", "section")
    judge.close()
    assert logging.getLogRecordFactory() is factory
    assert "Bearer ***" in str(caught.value)  # the server did echo it
    logged = {record.name.split(".")[0] for record in caplog.records}
    assert {"typesafe_sdk", "httpx2"} <= logged, logged  # both logged the exchange
    for record in caplog.records:
        assert KEY not in record.getMessage(), record.name
        assert KEY not in logging.Formatter().format(record), record.name
    assert any("***" in r.getMessage() for r in caplog.records if r.name == "httpx2")  # its reason phrase


def test_after_close_the_loggers_are_as_the_host_left_them(caplog: pytest.LogCaptureFixture) -> None:
    judge = TypeSafeJudge(api_key=KEY)
    judge.close()
    with caplog.at_level(logging.DEBUG, logger="typesafe_sdk"):
        logging.getLogger("typesafe_sdk").debug("a host's own record: %s", "untouched")
    assert [r.getMessage() for r in caplog.records] == ["a host's own record: untouched"]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("see https://u:pw1@h.example/p?page=2 for it", "see https://u:***@h.example/p?page=2 for it"),
        (
            "https://h.example/s?X-Amz-Signature=abc&X-Amz-Credential=def",
            "https://h.example/s?X-Amz-Signature=***&X-Amz-Credential=***",
        ),
        ("https://h.example/?api_key=abc&key=def&keys=3", "https://h.example/?api_key=***&key=***&keys=3"),
        (
            '"https://a.example/?token=t1" and <https://b.example/?sig=s2>',
            '"https://a.example/?token=***" and <https://b.example/?sig=***>',
        ),
        ("a prose password=hunter2 is no url", "a prose password=hunter2 is no url"),  # no url: text kept as it is
    ],
)
def test_a_text_shows_each_url_in_it_as_redact_url_does(text: str, shown: str) -> None:
    # A provider's cited url and an annotation's source read through the same rule as a cache url.
    from citecheck._safe_text import redact_credentials

    assert redact_credentials(text) == shown
