from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from citecheck import Document
from citecheck.parsers import RFCParser

DATA = Path(__file__).parent / "data"

# Before anything imports ray: a local Ray binds and connects on 127.0.0.1 only, and reports nothing
# (see citecheck.distributed.LOCAL_RAY_ENV and tests/test_ray.py).
for _name, _value in {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_AUTH_MODE": "disabled",
}.items():
    os.environ.setdefault(_name, _value)


@pytest.fixture(autouse=True)
def _no_typesafe_env(monkeypatch: pytest.MonkeyPatch) -> None:
    # A developer's own key or endpoint must never leak into a test: every call is offline.
    for name in list(os.environ):
        if name.startswith("TYPESAFE_"):
            monkeypatch.delenv(name)


@pytest.fixture
def sample_text() -> str:
    return (DATA / "rfc_sample.txt").read_text()


@pytest.fixture
def sample_doc(sample_text: str) -> Document:
    return RFCParser().parse(sample_text)


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    """The shared third-party fixtures; cookbook tests skip when they are not there."""
    configured = os.environ.get("CITECHECK_FIXTURES")
    path = Path(configured) if configured else Path(__file__).parents[1] / ".." / "shared" / "fixtures"
    if not (path / "citation_check" / "rfc7519.txt").is_file():
        pytest.skip(f"cookbook fixtures not found at {path}: set CITECHECK_FIXTURES to ../shared/fixtures")
    return path


@pytest.fixture
def cookbook(fixtures_dir: Path) -> Path:
    return fixtures_dir / "citation_check"


@pytest.fixture
def writable_cache(cookbook: Path, tmp_path: Path) -> Iterator[Path]:
    """A copy of the recorded answers that a test may write to (../shared is read-only in CI)."""
    copy = tmp_path / "json_cache.json"
    shutil.copyfile(cookbook / "json_cache.json", copy)
    yield copy


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server on 127.0.0.1 for the session (tests/servers.py); its URL."""
    from tests.servers import PostgresServer

    with PostgresServer() as server:
        yield server.url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """The session's PostgreSQL, with an empty answers table for each test."""
    import psycopg

    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS citecheck_answers")
    yield postgres_server


@pytest.fixture
def redis_url() -> Iterator[str]:
    """A Redis server on 127.0.0.1 for one test (tests/servers.py); its URL."""
    from tests.servers import RedisServer

    with RedisServer() as server:
        yield server.url
