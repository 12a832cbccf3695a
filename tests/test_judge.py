import base64
import json
import urllib.parse
from pathlib import Path
from typing import Any

import httpx2
import pytest
from typesafe_sdk import RetryPolicy

from citecheck import CitationFailure, JudgeAnswer, TypeSafeJudge, check_citations
from citecheck.errors import CacheFormatError, JudgeCallError, NoAnswerError
from citecheck.judge._typesafe import CRITERIA, DEFAULT_MODEL, INSTRUCTIONS


class FakeAPI:
    """A stand-in for the TypeSafe API behind the real SDK, through httpx2.MockTransport."""

    def __init__(self, *, status: int = 200, choice: str = "contradicts", confidence: float = 0.77) -> None:
        self.status = status
        self.choice = choice
        self.confidence = confidence
        self.requests: list[tuple[httpx2.Request, dict[str, Any]]] = []
        self.transport = httpx2.MockTransport(self.handle)

    def handle(self, request: httpx2.Request) -> httpx2.Response:
        body = request.read()
        if request.headers.get("content-encoding") == "zstd":  # the SDK compresses large bodies when it can
            from compression import zstd  # type: ignore[import-not-found]  # Python 3.14+

            body = zstd.decompress(body)
        self.requests.append((request, json.loads(body)))
        if self.status != 200:
            return httpx2.Response(self.status, json={"error": "the fake API says no"})
        probabilities = {"supports": 0.1, "contradicts": 0.1, "says_nothing": 0.1, self.choice: self.confidence}
        answer = {
            "type": "choice",
            "choice": self.choice,
            "confidence": self.confidence,
            "probabilities": probabilities,
        }
        return httpx2.Response(
            200,
            json={
                "model": DEFAULT_MODEL,
                "usage": {"input_tokens": 321, "output_tokens": 12},
                "answers": {"relation": answer},
            },
        )


def test_request_carries_model_state_and_the_cookbook_question() -> None:
    api = FakeAPI()
    judge = TypeSafeJudge(api_key="test-key", transport=api.transport)
    answer = judge.judge("the claim", "the section text")
    ((request, body),) = api.requests
    assert request.url.path == "/v1/systemone"
    assert request.headers["authorization"] == "Bearer test-key"
    assert body["model"] == "jev-1.12"
    assert body["state"] == {"claim": "the claim", "section": "the section text"}
    assert body["questions"] == {
        "relation": {
            "type": "choice",
            "instructions": "How does the section relate to the claim?",
            "criteria": {
                "supports": "The section states the claim or directly implies that it is true",
                "contradicts": "The section states the opposite of the claim or implies it is false",
                "says_nothing": "The section does not address what the claim asserts, either way",
            },
        }
    }
    assert isinstance(answer, JudgeAnswer)
    assert (answer.choice, answer.confidence, answer.input_tokens, answer.output_tokens) == (
        "contradicts",
        0.77,
        321,
        12,
    )
    assert answer.probabilities["contradicts"] == 0.77


def test_each_request_sends_the_question_as_the_judge_holds_it_then() -> None:
    # The questions are built once and kept: a judge whose question changed must send the new one,
    # and a request's question must not change with a later call.
    api = FakeAPI()
    judge = TypeSafeJudge(api_key="test-key", transport=api.transport)
    judge.judge("claim 1", "section")
    judge.instructions = "Does the section back the claim?"
    judge.judge("claim 2", "section")
    judge.criteria["supports"] = "It backs it"
    judge.judge("claim 3", "section")
    sent = [(body["state"]["claim"], body["questions"]["relation"]) for _, body in api.requests]
    assert [(claim, q["instructions"], q["criteria"]["supports"]) for claim, q in sent] == [
        ("claim 1", INSTRUCTIONS, CRITERIA["supports"]),
        ("claim 2", "Does the section back the claim?", CRITERIA["supports"]),
        ("claim 3", "Does the section back the claim?", "It backs it"),
    ]


def test_answers_are_cached_under_the_cookbook_key(tmp_path: Path) -> None:
    api = FakeAPI()
    cache = tmp_path / "cache.json"
    TypeSafeJudge(api_key="k", transport=api.transport, cache=cache, create=True).judge("c", "s")
    stored = json.loads(cache.read_text())
    assert list(stored) == ["ask|c|s"]
    assert stored["ask|c|s"]["choice"] == "contradicts"
    # A new judge with no key replays it without a call.
    replayed = TypeSafeJudge(cache=cache).judge("c", "s")
    assert replayed.choice == "contradicts"
    assert len(api.requests) == 1


@pytest.mark.parametrize(
    "options",
    [{"model": "jev-1.13"}, {"instructions": "Is the claim right?"}, {"criteria": {**CRITERIA, "supports": "yes"}}],
)
def test_other_model_or_question_never_replays(tmp_path: Path, options: dict[str, Any]) -> None:
    cache = tmp_path / "cache.json"
    cache.write_text(
        json.dumps(
            {
                "ask|c|s": {
                    "choice": "supports",
                    "probabilities": {},
                    "confidence": 0.9,
                    "seconds": 0,
                    "input_tokens": 1,
                    "output_tokens": 1,
                }
            }
        )
    )
    assert TypeSafeJudge(cache=cache).judge("c", "s").choice == "supports"
    api = FakeAPI()
    answer = TypeSafeJudge(api_key="k", transport=api.transport, cache=cache, **options).judge("c", "s")
    assert answer.choice == "contradicts"
    assert len(api.requests) == 1
    assert len(json.loads(cache.read_text())) == 2


def test_no_key_and_no_cache_raises_at_once_without_a_request() -> None:
    api = FakeAPI()
    judge = TypeSafeJudge(transport=api.transport, retry=RetryPolicy(max_retries=5))
    with pytest.raises(NoAnswerError, match="no cached answer and no API key"):
        judge.judge("c", "s")
    assert api.requests == []


def test_api_failure_is_a_judge_call_error() -> None:
    api = FakeAPI(status=400)
    judge = TypeSafeJudge(api_key="k", transport=api.transport, retry=RetryPolicy(max_retries=0))
    with pytest.raises(JudgeCallError, match="TypeSafeBadRequestError"):
        judge.judge("c", "s")


def test_an_answer_outside_the_criteria_is_rejected(tmp_path: Path) -> None:
    api = FakeAPI(choice="maybe")
    cache = tmp_path / "cache.json"
    with pytest.raises(JudgeCallError, match="no 'relation' answer"):
        TypeSafeJudge(api_key="k", transport=api.transport, cache=cache, create=True).judge("c", "s")
    assert json.loads(cache.read_text()) == {}  # a bad answer is never recorded


def test_a_bad_cache_entry_is_a_typed_error(tmp_path: Path) -> None:
    cache = tmp_path / "cache.json"
    cache.write_text(json.dumps({"ask|c|s": {"choice": "supports"}}))
    with pytest.raises(CacheFormatError, match="probabilities"):
        TypeSafeJudge(cache=cache).judge("c", "s")


def test_criteria_must_name_the_three_relations() -> None:
    with pytest.raises(ValueError, match="criteria"):
        TypeSafeJudge(criteria={"yes": "y", "no": "n"})


def test_cookbook_question_constants() -> None:
    assert INSTRUCTIONS == "How does the section relate to the claim?"
    assert list(CRITERIA) == ["supports", "contradicts", "says_nothing"]


def test_a_malformed_key_is_not_reported_as_a_missing_one() -> None:
    api = FakeAPI()
    with pytest.raises(JudgeCallError, match="cannot be set up"):
        TypeSafeJudge(api_key="bad key", transport=api.transport).judge("c", "s")
    assert api.requests == []


def test_the_key_may_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", "env-key")
    api = FakeAPI()
    TypeSafeJudge(transport=api.transport).judge("c", "s")
    assert api.requests[0][0].headers["authorization"] == "Bearer env-key"


def test_close_leaves_a_callers_client_open() -> None:
    from typesafe_sdk import TypeSafeClient

    api = FakeAPI()
    client = TypeSafeClient(api_key="k", transport=api.transport)
    with TypeSafeJudge(client=client) as judge:
        judge.judge("c", "s")
    judge_again = TypeSafeJudge(client=client)
    assert judge_again.judge("c", "t").choice == "contradicts"  # still usable after the first judge closed


def test_ajudge_sends_the_same_question_through_the_async_client(tmp_path: Path) -> None:
    import asyncio

    api = FakeAPI()
    cache = tmp_path / "cache.json"
    judge = TypeSafeJudge(api_key="k", transport=api.transport, cache=cache, create=True)

    async def ask() -> JudgeAnswer:
        try:
            return await judge.ajudge("c", "s")
        finally:
            await judge.aclose_loop()

    answer = asyncio.run(ask())
    ((_, body),) = api.requests
    assert body["state"] == {"claim": "c", "section": "s"} and body["model"] == DEFAULT_MODEL
    assert answer.choice == "contradicts"
    judge.close()
    assert list(json.loads(cache.read_text())) == ["ask|c|s"]  # the cookbook's key, async or not


class FlakyTransport(httpx2.MockTransport):
    """Fails the first attempts in the given ways, then answers; counts the attempts."""

    def __init__(self, failures: list[str]) -> None:
        self.failures = list(failures)
        self.attempts = 0
        super().__init__(self.handle)

    def handle(self, request: httpx2.Request) -> httpx2.Response:
        self.attempts += 1
        if self.failures:
            kind = self.failures.pop(0)
            if kind == "timeout":
                raise httpx2.ReadTimeout("hung", request=request)
            if kind == "connect":
                raise httpx2.ConnectError("refused", request=request)
            if kind == "429":
                return httpx2.Response(429, headers={"retry-after-ms": "10"}, json={"error": "slow down"})
            return httpx2.Response(int(kind), json={"error": "boom"})
        return FakeAPI().handle(request)


@pytest.mark.parametrize("failures", [["timeout"], ["connect"], ["429", "429"], ["500", "503", "timeout"]])
def test_timeouts_connection_errors_429_and_5xx_are_retried(failures: list[str]) -> None:
    transport = FlakyTransport(failures)
    retry = RetryPolicy(max_retries=3, backoff_initial=0.001, backoff_max=0.002)
    assert TypeSafeJudge(api_key="k", transport=transport, retry=retry).judge("c", "s").choice == "contradicts"
    assert transport.attempts == len(failures) + 1


def test_a_retry_after_past_the_deadline_is_not_waited_for() -> None:
    transport = httpx2.MockTransport(
        lambda request: httpx2.Response(429, headers={"Retry-After": "3600"}, json={"error": "come back tomorrow"})
    )
    with pytest.raises(JudgeCallError, match="TypeSafeRateLimitError"):
        TypeSafeJudge(api_key="k", transport=transport, deadline=5.0).judge("c", "s")


def test_default_retry_policy_is_bounded_by_the_deadline() -> None:
    from citecheck.judge._typesafe import default_retry

    policy = default_retry(42.0)
    assert policy.timeout == 42.0 and policy.max_retries > 0
    assert {429, 500, 503} <= policy.http_statuses and policy.respect_retry_after
    assert policy.api_timeout_error and policy.api_connection_error


def test_an_async_call_past_its_deadline_fails_cleanly() -> None:
    import asyncio

    async def hang(request: httpx2.Request) -> httpx2.Response:
        await asyncio.sleep(30)
        raise AssertionError("never reached")

    judge = TypeSafeJudge(api_key="k", transport=httpx2.MockTransport(hang), deadline=0.05, timeout=10)

    async def ask() -> None:
        try:
            await judge.ajudge("c", "s")
        finally:
            await judge.aclose_loop()

    with pytest.raises(JudgeCallError, match=r"longer than its 0.05 s deadline"):
        asyncio.run(ask())


def test_an_echoed_key_is_masked_in_the_error() -> None:
    def echo(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(401, json={"error": f"bad credentials: {request.headers['authorization']}"})

    with pytest.raises(JudgeCallError) as caught:
        TypeSafeJudge(api_key="sk-live-abcdef123456", transport=httpx2.MockTransport(echo)).judge("c", "s")
    assert "bad credentials: Bearer ***" in str(caught.value)
    assert "sk-live-abcdef123456" not in str(caught.value) and caught.value.__cause__ is None


@pytest.mark.parametrize("name", ["cache.json", "cache.sqlite"])
def test_a_cache_in_a_missing_folder_fails_before_any_call(tmp_path: Path, name: str) -> None:
    from citecheck import CacheError

    with pytest.raises(CacheError, match=str(tmp_path / "missing" / name)):
        TypeSafeJudge(api_key="k", transport=FakeAPI().transport, cache=tmp_path / "missing" / name, create=True)


def test_a_cooksafe_jsoncache_is_used_through_its_file(tmp_path: Path) -> None:
    from cooksafe import JsonCache  # type: ignore[import-untyped]

    api = FakeAPI()
    judge = TypeSafeJudge(api_key="k", transport=api.transport, cache=JsonCache(tmp_path / "c.json"), create=True)
    judge.judge("c", "s")
    judge.close()
    assert list(json.loads((tmp_path / "c.json").read_text())) == ["ask|c|s"]


@pytest.mark.parametrize("name", ["cache.json", "cache.sqlite"])
def test_two_judges_on_one_cache_in_one_process_lose_nothing(tmp_path: Path, name: str) -> None:
    from citecheck.judge import open_cache

    api = FakeAPI()
    first = TypeSafeJudge(api_key="k", transport=api.transport, cache=tmp_path / name, create=True)
    second = TypeSafeJudge(api_key="k", transport=api.transport, cache=tmp_path / name, create=True)
    for i in range(30):
        first.judge(f"a{i}", "s")
        second.judge(f"b{i}", "s")
    first.close()
    second.close()
    assert len(open_cache(tmp_path / name)) == 60


LEAKY_KEY = "ts_live_AbC+dEf/GhI=jKl123"


@pytest.mark.parametrize(
    "echoed",
    [
        LEAKY_KEY,
        f"Bearer {LEAKY_KEY}",
        urllib.parse.quote(LEAKY_KEY),
        urllib.parse.quote(LEAKY_KEY, safe=""),
        urllib.parse.quote(LEAKY_KEY, safe="").lower(),
        urllib.parse.quote_plus(LEAKY_KEY),
        base64.b64encode(LEAKY_KEY.encode()).decode(),
        base64.urlsafe_b64encode(LEAKY_KEY.encode()).decode().rstrip("="),
        LEAKY_KEY.upper(),
        LEAKY_KEY.lower(),
    ],
)
def test_an_echoed_key_is_masked_in_any_encoding(echoed: str) -> None:
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(401, json={"error": {"message": f"rejected <{echoed}>", "type": "auth"}})

    judge = TypeSafeJudge(api_key=LEAKY_KEY, transport=httpx2.MockTransport(handler), retry=RetryPolicy(max_retries=0))
    [failure] = check_citations(
        {"1": "Tokens expire after one hour."},
        [{"id": "a", "claim": "c", "quote": "Tokens expire after one hour.", "section": "1"}],
        judge=judge,
    )
    assert isinstance(failure, CitationFailure)
    assert "rejected <" in failure.message  # the server's text is kept, the key in it masked
    assert echoed.removeprefix("Bearer ") not in failure.message
    assert "***>" in failure.message
