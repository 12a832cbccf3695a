"""Field descriptions from the docstring under each field, as pydantic's ``use_attribute_docstrings`` reads them.

pydantic (before Python 3.13) finds a model's source by walking the call stack with
`inspect.getmodule` on every frame, then tokenizes the class to find its end: about 2 ms a model,
most of the time ``citecheck match`` spends building models. `DocumentedModel` gets the same
descriptions, by the same rules, from the class's lines in `linecache`: the frame that runs the
class statement is the one whose globals are the class's module, and the class ends at the first
line of code indented no deeper than its ``class`` line. A block that does not parse back to that
class is looked up in the parse of its whole module instead.

Its models also build their validators on first use (``defer_build``): a model the run never
validates costs no schema, and the descriptions are in place before any schema is built.
``tests/test_field_docs.py`` holds the descriptions and JSON schemas equal to pydantic's own.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import sys
import textwrap
from functools import cache
from types import FrameType
from typing import Any

from pydantic import BaseModel, ConfigDict

__all__ = ["DocumentedModel", "attribute_docstrings"]


class _Docstrings(ast.NodeVisitor):
    """pydantic's rule: a string statement right after an annotated name documents that name."""

    def __init__(self) -> None:
        self.target: str | None = None
        self.attrs: dict[str, str] = {}
        self.previous: type[ast.AST] | None = None

    def visit(self, node: ast.AST) -> Any:
        result = super().visit(node)
        self.previous = type(node)
        return result

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if isinstance(node.target, ast.Name):
            self.target = node.target.id

    def visit_Expr(self, node: ast.Expr) -> None:
        if (
            isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            and self.previous is ast.AnnAssign
        ):
            if self.target:
                self.attrs[self.target] = inspect.cleandoc(node.value.value)
            self.target = None

    # A nested class's or function's attributes are not the class's own.
    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        pass

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        pass

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        pass


def _class_block(lines: list[str], start: int) -> str:
    """The lines of the class statement at ``start``, dedented: up to the next code line as shallow."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines):
        text = lines[end].lstrip()
        # A comment or a line inside a string may sit at any depth: only code ends the block (a
        # string cut short there no longer parses, and the whole module is read instead).
        if text and not text.startswith("#") and len(lines[end]) - len(text) <= indent:
            break
        end += 1
    return textwrap.dedent("".join(lines[start:end]))


_NESTED = ("def ", "async def ", "@", "class ")
_CLOSING = (")", "]", "}")


def _fields_only(block: str) -> str | None:
    """A class block with each method and nested class in its body cut to ``pass``: a third to parse.

    What is left parses to the same fields and docstrings (the visitor skips what was cut, and a
    ``pass`` in its place still separates what came before from what comes after). ``None`` when
    that cannot be told from the lines alone: a class line spread over several, or a cut that
    would end inside a string (its quotes do not pair up), which the whole block then handles.
    """
    lines = block.splitlines(keepends=True)
    if not lines or not lines[0].rstrip().endswith(":"):
        return None
    kept = [lines[0]]
    body: int | None = None
    cut: list[str] | None = None  # the lines of the method being cut
    for line in lines[1:]:
        text = line.lstrip()
        if not text or text.startswith("#"):
            (kept if cut is None else cut).append(line)
            continue
        depth = len(line) - len(text)
        if body is None:
            body = depth
        if depth < body:
            return None
        if depth == body:
            if text.startswith(_NESTED):
                if cut is None:
                    kept.append(" " * body + "pass\n")
                    cut = []
                cut.append(line)
                continue
            if cut is not None and text.startswith(_CLOSING):  # a signature or decorator over lines
                cut.append(line)
                continue
            if cut is not None and not _quotes_pair("".join(cut)):
                return None
            cut = None
            kept.append(line)
        elif cut is None:
            kept.append(line)
        else:
            cut.append(line)
    if cut is not None and not _quotes_pair("".join(cut)):
        return None
    return "".join(kept)


def _quotes_pair(text: str) -> bool:
    """Whether the triple quotes in ``text`` pair up, so that cutting it ends no string."""
    return text.count('"""') % 2 == 0 and text.count("'''") % 2 == 0


@cache
def _module_classes(filename: str, source: str) -> dict[tuple[int, str], ast.ClassDef]:
    return {(node.lineno, node.name): node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef)}


def _class_node(frame: FrameType, name: str) -> ast.ClassDef | None:
    lines = linecache.getlines(frame.f_code.co_filename, frame.f_globals)
    start = frame.f_lineno - 1
    if not 0 <= start < len(lines):
        return None
    block = _class_block(lines, start)
    for source in (_fields_only(block), block):
        if source is None:
            continue
        try:
            statement = ast.parse(source).body[0]
        except SyntaxError:
            continue
        if isinstance(statement, ast.ClassDef) and statement.name == name:
            return statement
    try:
        return _module_classes(frame.f_code.co_filename, "".join(lines)).get((frame.f_lineno, name))
    except SyntaxError:
        return None


def attribute_docstrings(cls: type[Any], frame: FrameType | None) -> dict[str, str]:
    """The docstring of each attribute of ``cls``'s body, found from ``frame`` up the stack.

    Args:
        cls: A class being made.
        frame: A frame at or below the one running its ``class`` statement.

    Returns:
        Attribute name to its cleaned docstring (`inspect.cleandoc`); empty when the source
        cannot be found.
    """
    while frame is not None:
        if frame.f_globals.get("__name__") == cls.__module__:
            node = _class_node(frame, cls.__name__)
            if node is not None:
                visitor = _Docstrings()
                visitor.generic_visit(node)
                return visitor.attrs
        frame = frame.f_back
    return {}


class DocumentedModel(BaseModel):
    """A model whose fields are described by their docstrings, its validators built on first use."""

    model_config = ConfigDict(defer_build=True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        documented = attribute_docstrings(cls, sys._getframe(1))
        for name, field in cls.__pydantic_fields__.items():
            if field.description is None and name in documented:
                field.description = documented[name]
