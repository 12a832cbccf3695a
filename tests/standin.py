"""A loopback stand-in for the TypeSafe API, for tests and benchmarks: never a model.

`StandIn` is a real HTTP/1.1 server on 127.0.0.1 that speaks ``POST /v1/systemone`` in the SDK's
wire format (``{"model", "usage", "answers": {name: {"type": "choice", ...}}}``), so the real SDK
HTTP path runs end to end: connection pooling, retries, ``Retry-After``, timeouts. Its answers are
synthetic: the choice is picked by a hash of the request, so the same question always gets the
same answer, and the response names the model ``citecheck-standin (synthetic)``. Nothing it says
is a model's judgement and nothing may be presented as one.

Faults are injected per request with the given probabilities (seeded, so a run repeats): a 500,
a 429 carrying ``Retry-After`` / ``retry-after-ms``, or a hang that outlasts the client's timeout.
``echo_key`` makes error bodies repeat the Authorization header, as a careless server might.

Run it alone for a benchmark: ``python -m tests.standin --latency 0.05`` prints its port and
serves until stdin closes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import select
import socket
import sys
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SYNTHETIC_MODEL = "citecheck-standin (synthetic)"


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 512
    standin: StandIn

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):  # a client that gave up is normal
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the API: the SDK pools connections
    server: _Server

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in two writes: without TCP_NODELAY, Nagle's algorithm holds the
        # body until the client's delayed ACK, adding ~40 ms to every answer.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:  # the stdlib's name
        pass

    def do_POST(self) -> None:
        standin = self.server.standin
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path != "/v1/systemone":
            self._send(404, {"error": f"no route {self.path}"})
            return
        try:
            request = json.loads(body)
        except ValueError:  # a client killed mid-request
            self._send(400, {"error": "the body is not JSON"})
            return
        outcome = standin._outcome(self.headers.get("Authorization", ""))
        if standin.latency:
            time.sleep(standin.latency)
        echo = f" (you sent Authorization: {self.headers.get('Authorization')})" if standin.echo_key else ""
        if outcome == "hang":
            # No answer until the client gives up (closes the connection), however slow the machine:
            # a hang of fixed length raced the client's timeout under load. hang_seconds bounds it.
            deadline = time.monotonic() + standin.hang_seconds
            while time.monotonic() < deadline:
                readable, _, _ = select.select([self.connection], [], [], 0.02)
                if readable and not self.connection.recv(1, socket.MSG_PEEK):
                    break  # the client closed its end: it gave up
            self.close_connection = True
            return
        if outcome == "500":
            self._send(500, {"error": f"injected failure{echo}"})
        elif outcome == "429":
            after = standin.retry_after
            self._send(
                429,
                {"error": f"injected rate limit{echo}"},
                {"Retry-After": str(math.ceil(after)), "retry-after-ms": str(int(after * 1000))},
            )
        else:
            standin._answered(request)
            self._send(200, _answer(request))

    def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        try:
            self.wfile.write(data)
        except OSError:
            self.close_connection = True


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    """A synthetic answer in the wire format: each question's first criterion rotated by a hash."""
    digest = hashlib.sha256(json.dumps(request["state"], sort_keys=True).encode()).digest()
    answers = {}
    for name, question in request["questions"].items():
        options = list(question["criteria"])
        choice = options[digest[0] % len(options)]
        confidence = round(0.5 + digest[1] / 512, 2)
        rest = round((1 - confidence) / max(1, len(options) - 1), 4)
        probabilities = {option: confidence if option == choice else rest for option in options}
        answers[name] = {"type": "choice", "choice": choice, "confidence": confidence, "probabilities": probabilities}
    size = len(json.dumps(request["state"]))
    return {"model": SYNTHETIC_MODEL, "usage": {"input_tokens": size // 4, "output_tokens": 7}, "answers": answers}


class StandIn:
    """The stand-in server; a context manager that serves on a background thread.

    Args:
        latency: Seconds each request takes before its answer.
        fail_500: Probability that a request gets a 500.
        fail_429: Probability that a request gets a 429 with ``Retry-After``.
        hang: Probability that a request hangs, with no answer, until the client closes the connection.
        hang_seconds: The longest a hanging request waits for the client to give up.
        retry_after: Seconds a 429 asks the client to wait.
        echo_key: Whether error bodies repeat the Authorization header.
        seed: Seed of the fault draws.
    """

    def __init__(
        self,
        *,
        latency: float = 0.0,
        fail_500: float = 0.0,
        fail_429: float = 0.0,
        hang: float = 0.0,
        hang_seconds: float = 1.0,
        retry_after: float = 0.01,
        echo_key: bool = False,
        seed: int = 0,
    ) -> None:
        self.latency = latency
        self.fail_500 = fail_500
        self.fail_429 = fail_429
        self.hang = hang
        self.hang_seconds = hang_seconds
        self.retry_after = retry_after
        self.echo_key = echo_key
        self.outcomes: Counter[str] = Counter()
        """How many requests got each outcome: ``ok``, ``500``, ``429``, ``hang``."""
        self.questions: Counter[str] = Counter()
        """How many answers each distinct request state got."""
        self.senders: Counter[str] = Counter()
        """How many requests came with each Authorization header (tell two clients apart)."""
        self.arrivals: list[float] = []
        """When each request arrived (``time.monotonic()``), retries included: for rate limits."""
        self._random = random.Random(seed)
        self._lock = threading.Lock()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.standin = self
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The base URL to give the SDK."""
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def busiest(self, seconds: float = 1.0) -> int:
        """The most requests that arrived within any window of ``seconds``."""
        times = sorted(self.arrivals)
        most, start = 0, 0
        for end, arrived in enumerate(times):
            while arrived - times[start] >= seconds:
                start += 1
            most = max(most, end - start + 1)
        return most

    @property
    def requests(self) -> int:
        """Requests received, retries included."""
        return sum(self.outcomes.values())

    def healthy(self) -> None:
        """From now on, answer every request."""
        self.fail_500 = self.fail_429 = self.hang = 0.0

    def _outcome(self, authorization: str) -> str:
        with self._lock:
            self.arrivals.append(time.monotonic())
            self.senders[authorization] += 1
            draw = self._random.random()
            outcome = "ok"
            for name, chance in (("500", self.fail_500), ("429", self.fail_429), ("hang", self.hang)):
                if draw < chance:
                    outcome = name
                    break
                draw -= chance
            self.outcomes[outcome] += 1
            return outcome

    def _answered(self, request: dict[str, Any]) -> None:
        with self._lock:
            self.questions[json.dumps(request["state"], sort_keys=True)] += 1

    def start(self) -> StandIn:
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> StandIn:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.05)
    arguments = parser.parse_args()
    with StandIn(latency=arguments.latency) as standin:
        print(standin.url.rsplit(":", 1)[1], flush=True)
        sys.stdin.read()  # serve until the parent closes our stdin (or ends)
        print(json.dumps(dict(standin.outcomes)), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
