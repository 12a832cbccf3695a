"""An answer cache in PostgreSQL, shared by every worker of a cluster (the ``postgres`` extra: psycopg 3).

One table, ``citecheck_answers (key text PRIMARY KEY, value text NOT NULL)``. Keys are cooksafe's
(`citecheck.judge._cache.cache_key`), so answers copy between JSON, SQLite and PostgreSQL unchanged.
Values are the answer's JSON as text, never ``jsonb``: jsonb reorders an object's keys, and an
exported cache must be byte-identical to the one imported. The first writer wins
(``ON CONFLICT DO NOTHING``): workers that asked one question at once all use the stored answer.

psycopg is imported here only, when a ``postgresql://`` cache is opened: ``import citecheck``
never loads it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from citecheck._safe_text import redact_url
from citecheck.errors import CacheError, CacheFormatError
from citecheck.judge._cache import AnswerCache
from citecheck.judge._redact import scrub_url

__all__ = ["DEFAULT_TABLE", "PostgresAnswerCache"]

DEFAULT_TABLE = "citecheck_answers"
"""The table answers are kept in."""

_PAGE = 5000  # rows per round trip when every answer is read (export): bounded memory on the server
_CONNECT_TIMEOUT = 10


class PostgresAnswerCache(AnswerCache):
    """Answers in a PostgreSQL table, shared by processes and machines.

    Args:
        url: A libpq URL, ``postgresql://user:password@host:port/database``.
        table: The table's name (created when missing).

    Raises:
        CacheError: psycopg is not installed, or the database cannot be reached.
        CacheFormatError: The table exists without text ``key`` and ``value`` columns.
    """

    def __init__(self, url: str, *, table: str = DEFAULT_TABLE) -> None:
        try:
            import psycopg
            from psycopg import sql
        except ImportError:
            raise CacheError("a postgresql:// cache needs psycopg 3: pip install 'citecheck-llm[postgres]'") from None
        self._psycopg = psycopg
        self._url = url
        self._where = redact_url(url)
        self.path = Path(table)
        self._table = sql.Identifier(table)
        self._table_name = table
        self._mutex = threading.Lock()
        self._conn: Any = None
        try:
            with self._mutex:
                self._run(self._create)
        except BaseException:
            self.close()
            raise

    @property
    def where(self) -> str:
        """The database URL, without its password, and the table."""
        return f"{self._where} (table {self._table_name})"

    @property
    def writable(self) -> bool:
        """``True``: a database the user can reach is written to (a refused write is a `CacheError`)."""
        return True

    def _connect(self) -> Any:
        if self._conn is None or self._conn.closed:
            self._conn = self._psycopg.connect(self._url, autocommit=True, connect_timeout=_CONNECT_TIMEOUT)
        return self._conn

    def _run(self, step: Any, *args: Any) -> Any:
        """Run ``step(connection, *args)``; a dropped connection is opened again once (a restarted server)."""
        psycopg = self._psycopg
        for attempt in (1, 2):
            try:
                return step(self._connect(), *args)
            except psycopg.OperationalError as error:
                broken = self._conn is None or self._conn.closed or self._conn.broken
                if broken and self._conn is not None:
                    self._conn.close()
                    self._conn = None
                if attempt == 2 or not broken:
                    raise CacheError(f"the cache {self.where} cannot be used: {self._said(error)}") from None
            except psycopg.Error as error:
                raise CacheError(f"the cache {self.where} cannot be used: {self._said(error)}") from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _said(self, error: BaseException) -> str:
        """The driver's first line, with the URL's passwords masked wherever it repeats them."""
        return scrub_url(_first_line(error), self._url)

    def _columns(self, conn: Any) -> dict[str, str]:
        return dict(
            conn.execute(
                "SELECT column_name, data_type FROM information_schema.columns "
                "WHERE table_name = %s AND table_schema = current_schema()",
                (self._table_name,),
            ).fetchall()
        )

    def _create(self, conn: Any) -> None:
        """Check the table, creating it only when it is missing: a role that may only SELECT still replays."""
        from psycopg import sql

        columns = self._columns(conn)
        if not columns:
            with conn.transaction():
                # Many workers open the cache at once: one creates the table, the others wait for it.
                conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (self._table_name,))
                conn.execute(
                    sql.SQL("CREATE TABLE IF NOT EXISTS {} (key text PRIMARY KEY, value text NOT NULL)").format(
                        self._table
                    )
                )
                columns = self._columns(conn)
        if columns.get("key") != "text" or columns.get("value") != "text":
            raise CacheFormatError(
                f"the cache {self.where} is not an answer cache: it needs text columns key and value, "
                f"it has {', '.join(f'{name} {kind}' for name, kind in sorted(columns.items()))}"
            )

    def get(self, key: str) -> Any | None:
        """The value stored under ``key``, or ``None``."""
        return self.get_many([key]).get(key)

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        """The values stored under ``keys``, in one query.

        Raises:
            CacheError: The database cannot be read.
        """
        from psycopg import sql

        wanted = list(dict.fromkeys(keys))
        if not wanted:
            return {}
        query = sql.SQL("SELECT key, value FROM {} WHERE key = ANY(%s)").format(self._table)

        def step(conn: Any) -> list[tuple[str, str]]:
            return list(conn.execute(query, (wanted,)).fetchall())

        with self._mutex:
            rows = self._run(step)
        return {key: json.loads(value) for key, value in rows}

    def put_first(self, key: str, value: Any) -> Any:
        """Record ``value`` unless ``key`` has one; return the stored value (the first writer's).

        Raises:
            CacheError: The database cannot be written.
        """
        from psycopg import sql

        text = json.dumps(value)
        insert = sql.SQL(
            "WITH added AS (INSERT INTO {t} (key, value) VALUES (%s, %s) ON CONFLICT (key) DO NOTHING RETURNING value) "
            "SELECT value FROM added UNION ALL SELECT value FROM {t} WHERE key = %s"
        ).format(t=self._table)
        again = sql.SQL("SELECT value FROM {} WHERE key = %s").format(self._table)

        def step(conn: Any) -> str:
            row = conn.execute(insert, (key, text, key)).fetchone()
            if row is None:  # another writer committed after this statement's snapshot: read it now
                row = conn.execute(again, (key,)).fetchone()
            return str(row[0])

        with self._mutex:
            stored = self._run(step)
        return value if stored == text else json.loads(stored)

    def put_many(self, items: Iterable[tuple[str, Any]]) -> int:
        """Record values in one statement, keeping every answer already stored; returns how many were new.

        Raises:
            CacheError: The database cannot be written.
        """
        from psycopg import sql

        rows = dict((key, json.dumps(value)) for key, value in items)
        if not rows:
            return 0
        insert = sql.SQL(
            "INSERT INTO {} (key, value) SELECT * FROM unnest(%s::text[], %s::text[]) ON CONFLICT (key) DO NOTHING"
        ).format(self._table)

        def step(conn: Any) -> int:
            return int(conn.execute(insert, (list(rows), list(rows.values()))).rowcount)

        with self._mutex:
            return int(self._run(step))

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every stored ``(key, value)``, by key, read a page at a time."""
        from psycopg import sql

        page = sql.SQL("SELECT key, value FROM {} WHERE key > %s ORDER BY key LIMIT %s").format(self._table)
        after = ""
        while True:

            def step(conn: Any, start: str) -> list[tuple[str, str]]:
                return list(conn.execute(page, (start, _PAGE)).fetchall())

            with self._mutex:
                rows = self._run(step, after)
            for key, value in rows:
                yield key, json.loads(value)
            if len(rows) < _PAGE:
                return
            after = rows[-1][0]

    def __len__(self) -> int:
        from psycopg import sql

        count = sql.SQL("SELECT count(*) FROM {}").format(self._table)
        with self._mutex:
            return int(self._run(lambda conn: conn.execute(count).fetchone()[0]))

    def close(self) -> None:
        """Close the connection."""
        with self._mutex:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
