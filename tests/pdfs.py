"""Small PDFs built in memory for the tests, so no binary file is checked in."""

from __future__ import annotations

import io

from pypdf import PdfWriter
from pypdf.generic import DictionaryObject, NameObject, StreamObject


def _escape(line: str) -> str:
    return line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(pages: list[list[str]]) -> bytes:
    """A PDF with one page per entry, each line of text written in Helvetica, top to bottom."""
    writer = PdfWriter()
    font = writer._add_object(
        DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Font"),
                NameObject("/Subtype"): NameObject("/Type1"),
                NameObject("/BaseFont"): NameObject("/Helvetica"),
            }
        )
    )
    for lines in pages:
        page = writer.add_blank_page(width=612, height=792)
        page[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})}
        )
        operations = ["BT /F1 12 Tf 14 TL 72 720 Td", *(f"({_escape(line)}) Tj T*" for line in lines), "ET"]
        content = StreamObject()
        content.set_data("\n".join(operations).encode("latin-1"))
        page[NameObject("/Contents")] = writer._add_object(content)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
