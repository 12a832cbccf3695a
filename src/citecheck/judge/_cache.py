"""Answer caches that scale and survive: cooksafe's JSON file format, or SQLite for large runs.

Both keep `cooksafe.JsonCache`'s key scheme (`cache_key`), so the cookbook's published
``json_cache.json`` replays unchanged, and both lose nothing to a crash or a second writer:

- `JsonAnswerCache` keeps the file a plain cooksafe ``{key: answer}`` object. Each new answer is
  appended as one line to a journal beside it (``NAME.journal``), so the cost of an answer does
  not grow with the cache. The journal is folded into the file (merge-on-write, under a lock file
  ``NAME.lock``) once it holds as many answers as the file, and on `flush` / `close`: the merged
  file is written to a temporary file, fsynced and renamed over the old one, so a reader or a
  ``kill -9`` sees either the old file or the new one, never a torn one. Opening a cache replays a
  journal a crashed run left behind.
- `SqliteAnswerCache` (``.sqlite``, ``.sqlite3``, ``.db``) is one table in a stdlib ``sqlite3``
  database in WAL mode: each answer is a committed row, several processes share it safely.
- ``postgresql://...`` opens `citecheck.judge._pgcache.PostgresAnswerCache` (the ``postgres`` extra): one
  table shared by every worker of a cluster.

Every backend answers `AnswerCache.get_many` (a batch's keys in one lookup) and
`AnswerCache.put_first` (the first writer wins; every later writer gets the stored answer).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import ValidationError

from citecheck._lazy_re import lazy_compile
from citecheck._models import JudgeAnswer, Relation
from citecheck._sources import FileLock, decode_json, read_regular_file, special_file_problem, write_atomically
from citecheck.errors import CacheError, CacheFormatError, CacheNotFoundError

__all__ = [
    "POSTGRES_SCHEMES",
    "SQLITE_SUFFIXES",
    "AnswerCache",
    "JsonAnswerCache",
    "SqliteAnswerCache",
    "answer_from_entry",
    "cache_key",
    "check_answers",
    "copy_cache",
    "open_cache",
]

SQLITE_SUFFIXES = frozenset({".sqlite", ".sqlite3", ".db"})
"""File extensions that select the SQLite cache; any other path is a JSON cache."""

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""URL prefixes that select the PostgreSQL cache."""

FsyncPolicy = Literal["batch", "answer"]
"""When the JSON journal is forced to disk: at each batch's end (``flush``), or after every answer."""

# How long a writer waits for another process holding the SQLite file's lock (seconds).
_LOCK_WAIT = 60.0
_SQLITE_HEADER = b"SQLite format 3\x00"
_JSON_KIND = "a JSON answer cache"
_SQLITE_KIND = "a SQLite answer cache"
# Above this many answers the JSON file is written without indentation (cooksafe's indent=2 keeps
# small files readable): the indenting encoder is the pure-Python one, several times slower than
# the C encoder, and a fold runs in the middle of a batch.
_INDENT_UP_TO = 100


@functools.cache
def _max_key_chars() -> int:
    # cooksafe's own limit, read when the first key is made rather than at import: importing
    # cooksafe loads the TypeSafe SDK, which `import citecheck` and `citecheck match` must not.
    from cooksafe.cache import MAX_KEY_CHARS  # type: ignore[import-untyped]  # ships no py.typed

    return int(MAX_KEY_CHARS)


def cache_key(name: str, *args: str) -> str:
    """The key `cooksafe.JsonCache` stores ``name(*args)`` under.

    The name and arguments joined by ``|``; a key longer than cooksafe's ``MAX_KEY_CHARS`` is
    replaced by its sha256 digest.
    """
    key = "|".join([name, *args])
    if len(key) > _max_key_chars():
        key = hashlib.sha256(key.encode()).hexdigest()
    return key


def answer_from_entry(raw: Any) -> JudgeAnswer:
    """A cache entry as an answer, turning a malformed one into a typed error.

    Raises:
        CacheFormatError: The entry is not a valid answer; the message names the field.
    """
    try:
        return JudgeAnswer.model_validate(raw)
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        field = ".".join(str(part) for part in problem["loc"]) or "entry"
        raise CacheFormatError(f"the cached answer has a bad {field!r}: {problem['msg']}") from None


# --- what an answer cache may hold -------------------------------------------------------------

_DIGEST = re.compile(r"[0-9a-f]{64}")
_RELATIONS = frozenset(get_args(Relation))
_NUMBERS = {"confidence": float, "seconds": float, "input_tokens": int, "output_tokens": int}
# A light check that runs on every entry of a file as it opens: the fields `JudgeAnswer` needs,
# of their JSON types. Full validation (`_judge.answer_from_entry`) runs on the entries replayed.
_REQUIRED = tuple(name for name in JudgeAnswer.model_fields if JudgeAnswer.model_fields[name].is_required())


def _entry_problem(key: object, value: object) -> str | None:
    """What makes ``key: value`` no answer of an answer cache, or ``None`` when it is one."""
    if not isinstance(key, str) or not ("|" in key or _DIGEST.fullmatch(key)):
        return f"the key {key!r} is not an answer key (NAME|claim|section, or a sha256 digest)"
    if not isinstance(value, dict):
        return f"the entry {key!r} is a JSON {type(value).__name__}, not an answer"
    missing = [name for name in _REQUIRED if name not in value]
    if missing:
        return f"the entry {key!r} is not an answer: it has no {missing[0]!r}"
    if value["choice"] not in _RELATIONS:
        return f"the entry {key!r} has the choice {value['choice']!r}, not one of {', '.join(sorted(_RELATIONS))}"
    if not isinstance(value["probabilities"], dict):
        return f"the entry {key!r} has probabilities that are not an object"
    for name, kind in _NUMBERS.items():
        number = value[name]
        if isinstance(number, bool) or not isinstance(number, (int, float) if kind is float else int):
            return f"the entry {key!r} has {name} {number!r}, not a number"
    return None


def check_answers(items: Iterable[tuple[Any, Any]], where: str | os.PathLike[str]) -> None:
    """Refuse a store that holds anything but answers, before any of it is used.

    A results file or any other JSON object passed as a cache would otherwise open fine and fail
    every citation on its own, or be copied into a cache as "answers".

    Raises:
        CacheFormatError: An entry has a key that no answer has (cooksafe's ``name|args`` or a
            sha256 digest) or a value that is not an answer; the message names ``where`` and the
            first such key.
    """
    for key, value in items:
        problem = _entry_problem(key, value)
        if problem is not None:
            raise CacheFormatError(f"the cache {where} is not an answer cache: {problem}")


class AnswerCache(ABC):
    """A persistent ``{key: JSON value}`` store of answers; safe to share between threads."""

    path: Path
    """The cache file."""

    @property
    @abstractmethod
    def writable(self) -> bool:
        """Whether new answers can be recorded (``False`` for a file in a read-only folder)."""

    @property
    def where(self) -> str:
        """Where the cache lives, for messages: its file, or a database URL without its password."""
        return str(self.path)

    @property
    def blocking(self) -> bool:
        """Whether a lookup does I/O: batches then look up off the event loop (a JSON cache is in memory)."""
        return True

    @abstractmethod
    def get(self, key: str) -> Any | None:
        """The value stored under ``key``, or ``None``. Callers must not mutate it."""

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        """The values stored under ``keys``, in one lookup; a key with no value is left out.

        Raises:
            CacheError: The cache cannot be read.
        """
        found = {}
        for key in keys:
            value = self.get(key)
            if value is not None:
                found[key] = value
        return found

    def put_first(self, key: str, value: Any) -> Any:
        """Record ``value`` unless ``key`` already has one; return the stored value (the first writer's).

        Workers that asked the same question at once all use one answer, whichever was stored first.

        Raises:
            CacheError: The cache cannot be written.
        """
        stored = self.get(key)
        if stored is not None:
            return stored
        self.put(key, value)
        return value

    def put(self, key: str, value: Any) -> None:
        """Record one value, durably before returning (a crash after this keeps it).

        Raises:
            CacheError: The cache file cannot be written.
        """
        self.put_many([(key, value)])

    @abstractmethod
    def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
        """Record several values at once; returns how many were new or changed.

        Raises:
            CacheError: The cache file cannot be written.
        """

    @abstractmethod
    def items(self) -> Iterator[tuple[str, Any]]:
        """Every stored ``(key, value)``."""

    @abstractmethod
    def __len__(self) -> int: ...

    def flush(self) -> None:  # noqa: B027  # a no-op unless the format buffers anything
        """Make everything recorded so far visible to other readers of the file."""

    def close(self) -> None:  # noqa: B027
        """Flush, and release the file."""

    def __enter__(self) -> AnswerCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# libpq's key=value connection string ("host=db password=pw"): psycopg reads one, --cache does not, and
# as a file name it would be shown (password and all) and, with --new-cache, made into a file.
_CONNINFO = lazy_compile(
    r"\s*(?:host|hostaddr|port|dbname|user|password|passfile|sslpassword|service|sslmode|options"
    r"|application_name|connect_timeout|target_session_attrs)\s*=",
    re.IGNORECASE,
)
_CONNINFO_SECRET = lazy_compile(r"(\b(?:ssl)?password\s*=\s*)('(?:[^'\\]|\\.)*'?|\S*)", re.IGNORECASE)


def _refuse_conninfo(path: object) -> None:
    """Refuse a cache named by a libpq key=value connection string, its passwords masked in the message."""
    if not isinstance(path, (str, os.PathLike)):
        return
    name = os.fspath(path)
    if isinstance(name, str) and _CONNINFO.match(name) and not Path(name).exists():
        shown = _CONNINFO_SECRET.sub(lambda match: match.group(1) + "***", name)
        raise CacheError(
            f"the cache {shown!r} is a key=value connection string, which is not read as a cache: "
            "name a PostgreSQL database by its postgresql:// URL"
        )


def is_database_url(path: object) -> bool:
    """Whether ``path`` names a PostgreSQL database (``postgresql://...``) rather than a file."""
    return isinstance(path, str) and path.lower().startswith(POSTGRES_SCHEMES)


def open_cache(path: str | os.PathLike[str], *, fsync: FsyncPolicy = "batch", create: bool = False) -> AnswerCache:
    """Open the cache at ``path``: PostgreSQL by URL, SQLite by extension, else JSON.

    A cache file must exist: a mistyped name would otherwise be a new, empty cache, and every
    answer it was meant to replay would be asked (or fail for want of a key). Ask for a new one
    with ``create=True`` (``--new-cache`` on the command line). A PostgreSQL database must be
    reachable; its table is created on first use when the role may create it.

    Args:
        path: A file, or a ``postgresql://`` URL (needs the ``postgres`` extra: psycopg 3).
        fsync: For a JSON cache, when its journal is forced to disk (see `JsonAnswerCache`).
        create: Whether a missing file is a new cache (its folder must exist and be writable).

    Raises:
        CacheNotFoundError: The file does not exist and ``create`` is false.
        CacheError: The folder does not exist or cannot be written (a new cache), the path is a
            folder, or the database cannot be reached.
        CacheFormatError: The file or table exists but is not an answer cache of its format.
    """
    _refuse_conninfo(path)
    if is_database_url(path):
        from citecheck.judge._pgcache import PostgresAnswerCache  # psycopg only for those who use it

        return PostgresAnswerCache(str(path))
    target = Path(path)
    journal = target.with_name(target.name + ".journal")
    # A JSON cache whose run was killed before its first fold exists as its journal only.
    new = not target.exists() and not target.is_symlink() and not journal.exists()
    if new:
        _check_new(target, create=create)
    if target.suffix.lower() in SQLITE_SUFFIXES:
        return SqliteAnswerCache(target)
    cache = JsonAnswerCache(target, fsync=fsync)
    if new:
        cache._fold()  # the new cache is a file from now on (``{}``): the next run opens it without asking for it
    return cache


def _check_new(path: Path, *, create: bool) -> None:
    """Refuse a cache file that does not exist, unless a new one was asked for and can be written."""
    if not create:
        if not path.parent.is_dir():
            raise CacheNotFoundError(f"the cache {path} does not exist: its folder {path.parent} does not exist either")
        raise CacheNotFoundError(
            f"the cache {path} does not exist: check its name, or ask for a new cache "
            "(--new-cache on the command line, create=True in Python)"
        )
    if path.parent.is_dir() and not _writable(path):  # a missing folder: the cache's own check says so
        raise CacheError(f"the cache {path} cannot be created: its folder {path.parent} is read-only")


def copy_cache(source: str | os.PathLike[str] | AnswerCache, target: str | os.PathLike[str] | AnswerCache) -> int:
    """Copy every answer of ``source`` into ``target`` (either format, by extension), keeping ``target``'s own.

    This is how a JSON cache is imported into SQLite and exported back.

    Returns:
        How many answers were added to (or changed in) ``target``.

    Raises:
        CacheError: ``source`` does not exist, or a file cannot be used.
        CacheFormatError: ``source`` holds an entry that is not an answer (see `check_answers`).
    """
    _refuse_conninfo(source)
    _refuse_conninfo(target)
    if not isinstance(source, AnswerCache) and not is_database_url(source) and not Path(source).is_file():
        raise CacheError(f"the cache {source} does not exist")
    with contextlib.ExitStack() as stack:
        src = source if isinstance(source, AnswerCache) else stack.enter_context(open_cache(source))
        answers = list(src.items())
        check_answers(answers, src.where)  # nothing is written when the source holds anything else
        dst = target if isinstance(target, AnswerCache) else stack.enter_context(open_cache(target, create=True))
        added = dst.put_many(answers)
        dst.flush()
        return added


def _check_location(path: Path, kind: str) -> None:
    if path.is_dir():
        raise CacheError(f"the cache {path} cannot be read as {kind}: it is a folder, not a file")
    problem = special_file_problem(path)  # a FIFO would hang the first read, /dev/zero never end it
    if problem is not None:
        raise CacheError(f"the cache {path} cannot be read as {kind}: {problem}")
    if not path.parent.is_dir():
        raise CacheError(f"the cache {path} cannot be created: its folder {path.parent} does not exist")


def _read_if_present(path: Path, what: str) -> bytes:
    """The file's bytes, empty when there is no file (nothing recorded yet).

    Raises:
        CacheError: The file exists but cannot be read; the message names it as ``what``.
    """
    try:
        return read_regular_file(path)
    except FileNotFoundError:
        return b""
    except OSError as error:
        raise CacheError(f"{what} {path} cannot be read: {error.strerror or error}") from None


def _writable(path: Path) -> bool:
    """Whether the cache may be written: by permission and by its mode bits.

    The mode bits count too because root may write anywhere: a folder or file with no write bit
    (such as read-only shared fixtures) is meant to be read only, and is never written to.
    """

    def allowed(target: Path) -> bool:
        return os.access(target, os.W_OK) and bool(target.stat().st_mode & 0o222)

    return allowed(path.parent) and (not path.exists() or allowed(path))


class JsonAnswerCache(AnswerCache):
    """A cooksafe-format JSON cache file, with a journal for new answers and atomic rewrites.

    Args:
        path: The JSON file; created on the first answer. Its folder must exist.
        compact_every: The fewest journal lines that trigger folding the journal into the file;
            above that, the journal is folded once it holds as many answers as the file.
        fsync: ``"batch"`` (the default): each answer is written to the journal at once, which a
            process crash never loses, and forced to disk when the batch ends (`flush`), so an
            OS crash or power cut may lose the answers of the batch in progress. ``"answer"``:
            the journal is also fsynced after every write, so nothing returned is lost even then,
            at the cost of one fsync per answer (the figures are on the docs site's performance page).

    Raises:
        CacheError: The folder does not exist, or the path is a folder.
        CacheFormatError: The file is not a JSON object of answers: not JSON, or an entry whose
            key or value no answer has (see `check_answers`).
    """

    def __init__(
        self, path: str | os.PathLike[str], *, compact_every: int = 1000, fsync: FsyncPolicy = "batch"
    ) -> None:
        if fsync not in ("batch", "answer"):
            raise ValueError(f"fsync must be 'batch' or 'answer', got {fsync!r}")
        self.path = Path(path)
        self._fsync_each = fsync == "answer"
        _check_location(self.path, _JSON_KIND)
        self._journal_path = self.path.with_name(self.path.name + ".journal")
        self._lock = FileLock(self.path.with_name(self.path.name + ".lock"))
        self._mutex = threading.Lock()
        self._compact_every = compact_every
        self._journal_fd: int | None = None
        self._journaled = 0  # lines this instance appended since it last folded the journal
        self._writable = _writable(self.path)
        # Reading needs no lock (the file is only ever replaced whole) and creates nothing, so a
        # read-only cache, like the published fixture, is left as it is.
        self._data: dict[str, Any] = self._read_file()
        if self._journal_path.exists():
            if self._writable:  # a run that stopped early left answers in the journal: fold them in now
                with self._lock.held():
                    self._data = self._read_file()
                    self._data.update(self._read_journal())
                    self._write_file(self._data)
                    self._truncate_journal()
            else:
                self._data.update(self._read_journal())

    @property
    def writable(self) -> bool:
        """Whether new answers can be recorded."""
        return self._writable

    def _read_file(self) -> dict[str, Any]:
        raw = _read_if_present(self.path, "the cache")
        if not raw.strip():
            return {}  # no file, or an empty one (a crashed writer of old): nothing to replay, nothing to lose
        loaded = decode_json(
            raw, what=f"the cache {self.path} cannot be read as {_JSON_KIND}: it", error=CacheFormatError
        )
        if not isinstance(loaded, dict):
            raise CacheFormatError(
                f"the cache {self.path} cannot be read as {_JSON_KIND}: it holds a JSON {type(loaded).__name__}, "
                "not an object of answers"
            )
        check_answers(loaded.items(), self.path)
        return loaded

    def _read_journal(self) -> dict[str, Any]:
        raw = _read_if_present(self._journal_path, "the cache journal")
        entries: dict[str, Any] = {}  # no journal: no lines, nothing to fold in
        for line in raw.splitlines():
            try:
                key, value = json.loads(line)
            except (ValueError, TypeError, RecursionError):
                continue  # a line cut short by a crash mid-write: that answer was never returned
            if isinstance(key, str):
                entries[key] = value
        return entries

    def _write_file(self, data: dict[str, Any]) -> None:
        # cooksafe's layout: top-level keys sorted, values as they came (never reordered).
        ordered = {key: data[key] for key in sorted(data)}
        text = json.dumps(ordered, indent=2 if len(ordered) <= _INDENT_UP_TO else None)
        write_atomically(self.path, text)

    def _truncate_journal(self) -> None:
        if self._journal_fd is not None:
            os.ftruncate(self._journal_fd, 0)
        elif self._journal_path.exists():
            os.truncate(self._journal_path, 0)

    @property
    def blocking(self) -> bool:
        """``False``: the answers are in memory, a lookup does no I/O."""
        return False

    def get(self, key: str) -> Any | None:
        """The value stored under ``key``, or ``None``."""
        return self._data.get(key)

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        """The values stored under ``keys`` (a key with none is left out)."""
        data = self._data
        return {key: data[key] for key in keys if key in data}

    def put_first(self, key: str, value: Any) -> Any:
        """Record ``value`` unless ``key`` already has one; return the stored value (the first writer's).

        Raises:
            CacheError: The cache cannot be written.
        """
        # `AnswerCache.put_first` in one step: each answer a batch pays for comes through here.
        with self._mutex:
            stored = self._data.get(key)
            if stored is not None:
                return stored
            self._put_locked(((key, value),))
        return value

    def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
        """Record values: one journal append for all of them, then fold the journal if it is due.

        Raises:
            CacheError: The cache cannot be written.
        """
        with self._mutex:
            return self._put_locked(items)

    def _put_locked(self, items: Iterable[tuple[str, Any]]) -> int:
        """`put_many` with the mutex held."""
        fresh = [(key, value) for key, value in items if self._data.get(key, _MISSING) != value]
        if not fresh:
            return 0
        if not self._writable:
            raise CacheError(f"the cache {self.path} is read-only: cannot record new answers")
        payload = "".join(json.dumps([key, value]) + "\n" for key, value in fresh).encode()
        try:
            with self._lock.held():
                if self._journal_fd is None:
                    self._journal_fd = os.open(self._journal_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
                os.write(self._journal_fd, payload)
                if self._fsync_each:
                    os.fsync(self._journal_fd)
        except OSError as error:
            raise CacheError(f"the cache {self.path} cannot be written: {error}") from None
        self._data.update(fresh)
        self._journaled += len(fresh)
        if self._journaled >= max(self._compact_every, len(self._data) - self._journaled):
            self._fold()
        return len(fresh)

    def _fold(self) -> None:
        """Merge the file on disk, the shared journal and this instance's answers; write atomically."""
        try:
            with self._lock.held():
                merged = self._read_file()
                merged.update(self._read_journal())
                for key, value in self._data.items():
                    merged.setdefault(key, value)
                self._write_file(merged)
                self._truncate_journal()
        except OSError as error:
            raise CacheError(f"the cache {self.path} cannot be written: {error}") from None
        self._data = merged
        self._journaled = 0

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every stored ``(key, value)``."""
        return iter(list(self._data.items()))

    def __len__(self) -> int:
        return len(self._data)

    def flush(self) -> None:
        """Fold the journal into the file (atomically, fsynced), so cooksafe and other readers see every answer."""
        with self._mutex:
            if self._journaled:
                self._fold()

    def close(self) -> None:
        """Flush, and release the journal and lock files."""
        self.flush()
        with self._mutex:
            if self._journal_fd is not None:
                os.close(self._journal_fd)
                self._journal_fd = None
            self._lock.close()


_MISSING = object()
_SQLITE_CHUNK = 900


class SqliteAnswerCache(AnswerCache):
    """A SQLite cache (stdlib ``sqlite3``, WAL): one committed row per answer, shared by processes.

    Args:
        path: The database file; created when missing. Its folder must exist.

    Raises:
        CacheError: The folder does not exist, or the path is a folder.
        CacheFormatError: The file is not a SQLite database, or one without citecheck's table.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        _check_location(self.path, _SQLITE_KIND)
        if self.path.exists():
            with self.path.open("rb") as handle:
                header = handle.read(len(_SQLITE_HEADER))
            if header and header != _SQLITE_HEADER:
                raise CacheFormatError(
                    f"the cache {self.path} cannot be read as {_SQLITE_KIND}: it is not a SQLite database"
                )
        self._mutex = threading.Lock()
        self._writable = _writable(self.path)
        try:
            if self._writable:
                self._db = sqlite3.connect(self.path, timeout=_LOCK_WAIT, isolation_level=None, check_same_thread=False)
            else:
                uri = f"{self.path.resolve().as_uri()}?mode=ro"
                self._db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        except sqlite3.DatabaseError as error:
            raise CacheFormatError(f"the cache {self.path} cannot be used as a SQLite cache: {error}") from None
        try:
            self._set_up()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise CacheFormatError(f"the cache {self.path} cannot be used as a SQLite cache: {error}") from None
        except CacheFormatError:
            self._db.close()
            raise

    def _set_up(self) -> None:
        """Check the schema, then (when writable) switch to WAL and create the table.

        Two processes opening one new file at once race for the switch to WAL, and SQLite answers
        "database is locked" at once, without its busy timeout, to the one that loses (it may not
        wait while holding the lock it read with). Every step is idempotent, so the loser tries
        again, for as long as the connection's own timeout.
        """
        deadline = time.monotonic() + _LOCK_WAIT
        while True:
            try:
                # Only reads until the file is known to be citecheck's: journal_mode=WAL rewrites the
                # header of any database for good, and another application's must be left as it is.
                self._check_schema()
                if self._writable:
                    self._db.execute("PRAGMA journal_mode=WAL")
                    # In WAL mode NORMAL loses nothing to a process crash; only an OS crash may lose the last commits.
                    self._db.execute("PRAGMA synchronous=NORMAL")
                    self._db.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _check_schema(self) -> None:
        tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "answers" not in tables:
            if tables:
                raise CacheFormatError(f"the cache {self.path} is a SQLite database without citecheck's answers table")
            return
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(answers)")}
        if not {"key", "value"} <= columns:
            raise CacheFormatError(f"the cache {self.path} has an answers table without key and value columns")
        # SQLite's own JSON check, in C: a table of a million answers is checked in well under a second.
        try:
            bad = self._db.execute("SELECT key FROM answers WHERE NOT json_valid(value) LIMIT 1").fetchone()
        except sqlite3.OperationalError:  # a SQLite built without JSON: each answer is still checked as it is read
            bad = None
        if bad is not None:
            raise CacheFormatError(f"the cache {self.path} is not an answer cache: the entry {bad[0]!r} is not JSON")

    def _decode(self, key: str, value: str) -> Any:
        return decode_json(value, what=f"the cache {self.path}, entry {key!r},", error=CacheFormatError)

    @property
    def writable(self) -> bool:
        """Whether new answers can be recorded."""
        return self._writable

    def get(self, key: str) -> Any | None:
        """The value stored under ``key``, or ``None``."""
        with self._mutex:
            try:
                row = self._db.execute("SELECT value FROM answers WHERE key = ?", (key,)).fetchone()
            except sqlite3.OperationalError as error:
                if "no such table" in str(error):
                    return None  # a read-only, empty database
                raise CacheError(f"the cache {self.path} cannot be read: {error}") from None
        return None if row is None else self._decode(key, row[0])

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        """The values stored under ``keys``: one query per 900 keys (SQLite's bound on parameters).

        Raises:
            CacheError: The database cannot be read.
        """
        wanted = list(dict.fromkeys(keys))
        found: dict[str, Any] = {}
        with self._mutex:
            for start in range(0, len(wanted), _SQLITE_CHUNK):
                chunk = wanted[start : start + _SQLITE_CHUNK]
                marks = ",".join("?" * len(chunk))
                try:
                    rows = self._db.execute(f"SELECT key, value FROM answers WHERE key IN ({marks})", chunk).fetchall()
                except sqlite3.OperationalError as error:
                    if "no such table" in str(error):
                        return {}  # a read-only, empty database
                    raise CacheError(f"the cache {self.path} cannot be read: {error}") from None
                found.update((key, json.loads(value)) for key, value in rows)
        return found

    def put_first(self, key: str, value: Any) -> Any:
        """Record ``value`` unless ``key`` has one, in one transaction; return the stored value.

        Raises:
            CacheError: The database cannot be written.
        """
        if not self._writable:
            raise CacheError(f"the cache {self.path} is read-only: cannot record new answers")
        with self._mutex:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO answers (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
                    (key, json.dumps(value)),
                )
                row = self._db.execute("SELECT value FROM answers WHERE key = ?", (key,)).fetchone()
                self._db.execute("COMMIT")
            except sqlite3.DatabaseError as error:
                with contextlib.suppress(sqlite3.DatabaseError):
                    self._db.execute("ROLLBACK")
                raise CacheError(f"the cache {self.path} cannot be written: {error}") from None
        return json.loads(row[0])

    def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
        """Record values in one transaction.

        Raises:
            CacheError: The database cannot be written.
        """
        rows = [(key, json.dumps(value)) for key, value in items]
        if not rows:
            return 0
        if not self._writable:
            raise CacheError(f"the cache {self.path} is read-only: cannot record new answers")
        with self._mutex:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                before = self._db.total_changes
                self._db.executemany(
                    "INSERT INTO answers (key, value) VALUES (?, ?) "
                    "ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value != excluded.value",
                    rows,
                )
                changed = self._db.total_changes - before
                self._db.execute("COMMIT")
            except sqlite3.DatabaseError as error:
                with contextlib.suppress(sqlite3.DatabaseError):
                    self._db.execute("ROLLBACK")
                raise CacheError(f"the cache {self.path} cannot be written: {error}") from None
        return changed

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every stored ``(key, value)``."""
        with self._mutex:
            rows = self._db.execute("SELECT key, value FROM answers ORDER BY key").fetchall()
        return ((key, self._decode(key, value)) for key, value in rows)

    def __len__(self) -> int:
        with self._mutex:
            return int(self._db.execute("SELECT count(*) FROM answers").fetchone()[0])

    def close(self) -> None:
        """Close the database connection."""
        with self._mutex:
            self._db.close()
