from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from citecheck import Document, RFCParser

DATA = Path(__file__).parent / "data"


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
