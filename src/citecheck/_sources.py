"""Reading source files, with errors that say what went wrong and where, and writing files atomically."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path

from citecheck._errors import DocumentReadError

__all__ = ["decode_utf8", "read_bytes", "read_text", "reject_binary", "write_atomically"]

_BOM = "\ufeff"


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a file.

    Raises:
        DocumentReadError: The file cannot be read; the message names it and says why.
    """
    try:
        return Path(path).read_bytes()
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
