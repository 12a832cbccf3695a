import pytest

from citecheck._sources import decode_utf8
from citecheck.errors import DocumentReadError


def test_decode_utf8_names_the_label_and_the_byte_offset() -> None:
    assert decode_utf8("Caf\u00e9".encode(), label="x") == "Caf\u00e9"
    with pytest.raises(
        DocumentReadError, match=r"^notes\.txt is not UTF-8: byte 3 \(0xe9\) cannot be decoded$"
    ) as caught:
        decode_utf8(b"Caf\xe9", label="notes.txt", path="/tmp/notes.txt")
    assert (caught.value.path, caught.value.offset) == ("/tmp/notes.txt", 3)
