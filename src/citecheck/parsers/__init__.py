"""Parsers turn a source text into a `Document` of sections."""

from citecheck.parsers.base import Parser, fail
from citecheck.parsers.rfc import RFCParser

__all__ = ["Parser", "RFCParser", "fail"]
