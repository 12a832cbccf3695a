"""Reading source files, with errors that say what went wrong and where."""

from __future__ import annotations

import os
from pathlib import Path

from citecheck._errors import DocumentReadError

__all__ = ["decode_utf8", "read_bytes", "read_text"]


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a file.

    Raises:
        DocumentReadError: The file cannot be read; the message names it and says why.
    """
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise DocumentReadError(f"cannot read {path}: {error.strerror or error}", path=str(path)) from None


def decode_utf8(data: bytes, *, label: str, path: str | None = None) -> str:
    """The text of UTF-8 bytes.

    Args:
        data: The bytes.
        label: What the bytes are, for the error message: a file name, or ``"the document"``.
        path: The file the bytes were read from, if any, for `DocumentReadError.path`.

    Raises:
        DocumentReadError: The bytes are not UTF-8; the message names ``label`` and the byte
            offset of the first bad byte.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DocumentReadError(
            f"{label} is not UTF-8: byte {error.start} ({data[error.start]:#04x}) cannot be decoded",
            path=path,
            offset=error.start,
        ) from None


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a UTF-8 file.

    Raises:
        DocumentReadError: The file cannot be read, or holds bytes that are not UTF-8; the message
            names the file and the byte offset of the first bad byte.
    """
    return decode_utf8(read_bytes(path), label=str(path), path=str(path))
