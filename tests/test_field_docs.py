"""`citecheck._field_docs.DocumentedModel` describes fields as pydantic's ``use_attribute_docstrings`` does.

Each class body below is made twice in one generated module, once on a `pydantic.BaseModel` with
``use_attribute_docstrings=True`` and once on `DocumentedModel`: their fields' descriptions and
their JSON schemas must be the same. Then every model of citecheck built on it is held to what
pydantic's own reading of its source gives.
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel

from citecheck._field_docs import DocumentedModel

BODIES = {
    "plain": '''
        a: int
        """The a."""
        b: str = "x"
        """The b,
        on two lines."""
        c: float = 0.0
    ''',
    "a docstring with lines at the margin": '''
        a: int
        """First line.
second line at the margin,
    and an indented one."""
        b: int = 1
        """After it."""
    ''',
    "a comment at the margin": '''
        a: int
        """The a."""
# a comment at the margin, inside the class
        b: int = 1
        """The b, after the comment."""
    ''',
    "an explicit description wins": '''
        a: int = Field(default=1, description="explicit")
        """The docstring, not used."""
        b: int = Field(
            default=2,
        )
        """The b, after a call over three lines."""
    ''',
    "a string after a plain assignment": '''
        a: int
        _x = 3
        """Not the a's: it follows an assignment."""
        b: int = 0
        "A one-quote docstring."
    ''',
    "a nested class and a method": '''
        a: int

        class Inner:
            z: int
            """The inner z, not a field."""

        """Not the a's: a class came between."""

        def method(self) -> int:
            return self.a

        b: int = 0
        """The b, after a method."""
    ''',
    "a decorated method over lines": '''
        a: int
        """The a."""

        @staticmethod
        def helper(
            x: int,
        ) -> int:
            """A method's docstring.
        def at the body's depth, inside a string
            """
            return x

        b: int = 0
        """The b, after the method."""
    ''',
    "a method's string with a field's lines": '''
        a: int

        def method(self) -> str:
            return """
        b: int = 1
        """

        c: int = 0
        """The c."""
    ''',
    "a default over lines at the margin": '''
        a: tuple[int, ...] = (
1,
2,
        )
        """The a, after a default written at the margin."""
        b: int = 0
        """The b."""
    ''',
}


def _module(tmp_path: Path) -> ModuleType:
    """The twins of every body, in one module written to a file (so its source can be read)."""
    lines = [
        "from pydantic import BaseModel, ConfigDict, Field",
        "from citecheck._field_docs import DocumentedModel",
        "",
        "class Pydantic(BaseModel):",
        "    model_config = ConfigDict(use_attribute_docstrings=True)",
        "",
    ]
    for index, body in enumerate(BODIES.values()):
        for base in ("Pydantic", "DocumentedModel"):
            lines += [f"class {base}{index}({base}):", textwrap.indent(textwrap.dedent(body), "    ")]
            lines += [f"class {base}{index}Child({base}{index}):", "    d: int = 0", '    """The child\'s own."""', ""]
    lines += [
        "def made_in_a_function():",
        "    class Local(DocumentedModel):",
        "        a: int",
        '        """The local a."""',
        "    return Local",
    ]
    path = tmp_path / "twins.py"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("twins", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["twins"] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["twins"]
    return module


def _descriptions(model: type[BaseModel]) -> dict[str, str | None]:
    return {name: field.description for name, field in model.model_fields.items()}


def _schema(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema()
    schema.pop("title")
    return schema


@pytest.mark.parametrize("child", [False, True], ids=["class", "subclass"])
@pytest.mark.parametrize("index", range(len(BODIES)), ids=list(BODIES))
def test_the_descriptions_are_pydantics(tmp_path: Path, index: int, child: bool) -> None:
    module = _module(tmp_path)
    suffix = "Child" if child else ""
    ours, theirs = getattr(module, f"DocumentedModel{index}{suffix}"), getattr(module, f"Pydantic{index}{suffix}")
    assert _descriptions(ours) == _descriptions(theirs)
    assert any(_descriptions(ours).values())  # the case documents something
    assert _schema(ours) == _schema(theirs)


def test_a_model_made_in_a_function_is_described(tmp_path: Path) -> None:
    assert _descriptions(_module(tmp_path).made_in_a_function()) == {"a": "The local a."}


def test_a_model_with_no_source_has_no_descriptions() -> None:
    namespace: dict[str, Any] = {"DocumentedModel": DocumentedModel, "__name__": "nowhere"}
    exec('class Sourceless(DocumentedModel):\n    a: int\n    """Unreadable."""\n', namespace)
    assert _descriptions(namespace["Sourceless"]) == {"a": None}


def _documented_models() -> Iterator[type[DocumentedModel]]:
    import citecheck.cli._json
    import citecheck.providers  # noqa: F401  (the models register as subclasses when imported)

    pending = list(DocumentedModel.__subclasses__())
    while pending:
        model = pending.pop()
        pending += model.__subclasses__()
        if model.__module__.startswith("citecheck"):
            yield model


def test_every_model_of_citecheck_is_described_as_pydantic_would() -> None:
    # pydantic's own reading of a class's source, by `inspect` (the reference these must equal).
    from pydantic._internal._docs_extraction import extract_docstrings_from_cls

    models = sorted(_documented_models(), key=lambda model: f"{model.__module__}.{model.__qualname__}")
    assert len(models) > 20
    for model in models:
        own = inspect.get_annotations(model)
        for name, docstring in extract_docstrings_from_cls(model, use_inspect=True).items():
            field = model.model_fields.get(name)
            if name in own and field is not None and "description" not in field._attributes_set:
                assert field.description == docstring, f"{model.__qualname__}.{name}"
