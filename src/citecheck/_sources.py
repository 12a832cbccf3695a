"""Reading source files, with errors that say what went wrong and where, writing files atomically, and a file lock."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from citecheck.errors import DocumentReadError

if sys.platform != "win32":
    import fcntl

__all__ = [
    "FileLock",
    "decode_json",
    "decode_utf8",
    "read_bytes",
    "read_regular_file",
    "read_text",
    "reject_binary",
    "same_file_as",
    "special_file_problem",
    "write_atomically",
]

_BOM = "\ufeff"


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def special_file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is no file to read or write (a folder, FIFO, device, socket), or ``None``.

    A missing path is no problem here (the caller decides what a missing file means); ``stat``
    follows symlinks and never opens the file, so a FIFO cannot block it.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else f"it is {_kind(mode)}, not a regular file"


def read_regular_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a regular file; a FIFO, a device or a folder is refused before anything is read.

    The file is opened without blocking (a FIFO with no writer would otherwise hang the open) and
    checked on the open descriptor, so a file swapped for a FIFO after a check is refused too:
    ``/dev/zero`` is never read until memory runs out, nor a pipe until its writer stops.

    Raises:
        OSError: The file cannot be opened or read, or is not a regular file (``strerror`` says what it is).
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, f"it is {_kind(mode)}, not a regular file")
        with open(fd, "rb", closefd=False) as handle:  # readall sizes its buffer from fstat: one read, no copies
            return handle.read()
    finally:
        os.close(fd)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a file.

    Raises:
        DocumentReadError: The file cannot be read, or is a FIFO, a device or a folder; the message
            names it and says why.
    """
    try:
        return read_regular_file(path)
    except OSError as error:
        raise DocumentReadError(f"cannot read {path}: {error.strerror or error}", path=str(path)) from None


def reject_binary(data: bytes | str, *, label: str, path: str | None = None) -> None:
    """Refuse a binary file: one with a NUL byte (the test git and grep use), which no text document holds.

    Raises:
        DocumentReadError: ``data`` holds a NUL; the message names ``label`` and its offset.
    """
    if isinstance(data, bytes) and data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise DocumentReadError(f"{label} is UTF-16 text: save it as UTF-8", path=path, offset=0)
    offset, unit = (data.find(b"\0"), "byte") if isinstance(data, bytes) else (data.find("\0"), "character")
    if offset >= 0:
        raise DocumentReadError(
            f"{label} is a binary file, not a text document: NUL {unit} at offset {offset}",
            path=path,
            offset=offset,
        )


def decode_utf8(data: bytes, *, label: str, path: str | None = None) -> str:
    """The text of UTF-8 bytes, without the byte order mark some editors and LLM pipelines write first.

    Args:
        data: The bytes.
        label: What the bytes are, for the error message: a file name, or ``"the document"``.
        path: The file the bytes were read from, if any, for `DocumentReadError.path`.

    Raises:
        DocumentReadError: The bytes are not UTF-8; the message names ``label`` and the byte
            offset of the first bad byte.
    """
    try:
        return data.decode("utf-8").removeprefix(_BOM)
    except UnicodeDecodeError as error:
        raise DocumentReadError(
            f"{label} is not UTF-8: byte {error.start} ({data[error.start]:#04x}) cannot be decoded",
            path=path,
            offset=error.start,
        ) from None


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a UTF-8 text file (a leading byte order mark dropped).

    Raises:
        DocumentReadError: The file cannot be read, is binary, or holds bytes that are not UTF-8;
            the message names the file and the byte offset of the first bad byte.
    """
    data = read_bytes(path)
    reject_binary(data, label=str(path), path=str(path))
    return decode_utf8(data, label=str(path), path=str(path))


class _Refused(ValueError):
    """A JSON value Python would read but JSON does not allow (``NaN``, ``Infinity``)."""


def _refuse_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def decode_json(text: str | bytes, *, what: str, error: Callable[[str], Exception]) -> Any:
    """Parse JSON text, turning every way it can fail into ``error`` with one line naming ``what``.

    Every JSON reader of citecheck goes through here: ``json.loads`` raises more than
    ``JSONDecodeError`` (a number of thousands of digits is a ``ValueError``, deep nesting a
    ``RecursionError``, bytes that are not UTF-8 a ``UnicodeDecodeError``), and it reads ``NaN`` and
    ``Infinity``, which are not JSON and which no other tool reads back.

    Args:
        text: The JSON text.
        what: What it is, for the message: a file name, or ``"the cache x.sqlite, entry 'k'"``.
        error: Builds the typed error from the message, such as `ReviewFileError`.

    Raises:
        Exception: What ``error`` builds, with ``"{what} is not valid JSON: {why}"``.
    """
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as problem:
        why = f"{problem.msg} at line {problem.lineno}, column {problem.colno}"
    except RecursionError:
        why = "it is nested too deeply to read"
    except UnicodeDecodeError as problem:
        why = f"byte {problem.start} is not UTF-8"
    except _Refused as problem:
        why = str(problem)
    except ValueError:
        # The only other ValueError json.loads raises: an integer past Python's digit limit.
        limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
        why = f"a number has more than {limit} digits"
    raise error(f"{what} is not valid JSON: {why}") from None


def same_file_as(target: str | os.PathLike[str], others: Iterable[str | os.PathLike[str] | None]) -> str | None:
    """The first of ``others`` that is the same file as ``target`` (through symlinks and hard links), or ``None``.

    Used before an output is written, so that no input a user gave is ever overwritten by it.
    """
    for other in others:
        if other is None:
            continue
        try:
            if os.path.samefile(target, other):
                return os.fspath(other)
        except OSError:  # one of them does not exist (yet): compare where they would be
            if os.path.realpath(target) == os.path.realpath(other):
                return os.fspath(other)
    return None


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) so that a crash leaves the old file or the new, never half.

    The text goes to a temporary file beside it, is fsynced, renamed over the old file, and the
    rename is made durable by an fsync of the folder.

    Raises:
        OSError: The file or its folder cannot be written; the temporary file is removed.
    """
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    # A rename is only durable once the folder's entry is on disk; Windows cannot open folders.
    if sys.platform == "win32":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class FileLock:
    """An exclusive lock across processes and instances, held on a file (beside the cache or store it guards).

    fcntl/msvcrt on a descriptor kept open: a lock per answer must cost microseconds (the
    ``filelock`` package reopens the file and polls, about 150 us per acquire here).
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._fd: int | None = None

    def _open(self) -> int:
        if self._fd is None:
            self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o644)
        return self._fd

    def held(self) -> FileLock:
        """Hold the lock for a ``with`` block (``with lock.held():``), waiting for another holder to let go."""
        # The lock is its own context manager: a generator-based one cost a microsecond more per
        # answer a JSON cache records, on the batch's event loop.
        return self

    def __enter__(self) -> None:
        self._lock(held=True)

    def __exit__(self, *exc: object) -> None:
        self._lock(held=False)

    def _lock(self, *, held: bool) -> None:
        """Take the lock (``held``), waiting for another holder to let go, or let it go."""
        fd = self._open()
        if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_LOCK if held else msvcrt.LK_UNLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX if held else fcntl.LOCK_UN)

    def close(self) -> None:
        """Close the lock file's descriptor (the lock is not held between ``held`` blocks)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
