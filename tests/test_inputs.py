"""Config loading: one clear line naming file, line and key for every unusable input."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from msgspec import Meta

from printkit.game import FieldProblem, Model
from printkit.inputs import InputError, load, parse, validate


def error(write, text: str | bytes, name="c.yaml") -> InputError:
    path = write(name, "") if isinstance(text, bytes) else write(name, text)
    if isinstance(text, bytes):
        path.write_bytes(text)
    with pytest.raises(InputError) as e:
        load(path)
    return e.value


def test_good_file_records_lines(write):
    doc = load(write("c.yaml", "game: intersections\nplayers:\n  - Ann\n  - Ben\nn: 5\n"))
    assert doc.data["players"] == ["Ann", "Ben"]
    assert doc.line(("n",)) == 5 and doc.line(("players", 1)) == 4
    assert doc.line(("players", 1, "deeper")) == 4  # falls back to the nearest known place


def test_syntax_error_names_the_line(write):
    e = error(write, "game: intersections\nplayers: [Ann, Ben\nn: 5\n")
    assert e.line is not None and "syntax" in e.message and e.file.endswith("c.yaml")


@pytest.mark.parametrize("content,words", [
    ("", "empty"), ("   \n# only a comment\n", "empty"), (b"\x00\x01\x02binary", "binary"),
    (b"game: \xff\xfe", "UTF-8"), ("- a\n- list\n", "key: value"), ("just text", "key: value"),
])
def test_unusable_files(write, content, words):
    assert words in error(write, content).message


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load(tmp_path / "nope.yaml")
    with pytest.raises(InputError, match="folder"):
        load(tmp_path)


def test_python_tags_are_refused(write):
    e = error(write, "game: !!python/object/apply:os.system ['echo hi']\n")
    assert e.line == 1


def test_aliases_are_refused(write):
    bomb = "a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n"
    e = error(write, bomb)
    assert "aliases (&a)" in e.message and e.line == 1


def test_duplicate_keys_are_refused(write):
    e = error(write, "game: intersections\nn: 5\nn: 6\n")
    assert e.key == "n" and e.line == 3 and "twice" in e.message


def test_too_large(write):
    assert "larger" in error(write, "a: " + "x" * 1_100_000).message


def test_error_line_format():
    e = InputError("c.yaml", "unknown key", 3, "kcont")
    assert str(e) == "c.yaml:3: kcont: unknown key"
    assert str(InputError("c.yaml", "no such file")) == "c.yaml: no such file"


def test_parse_keeps_yaml_scalars():
    doc = parse("game: x\ncolor: false\nn: 7\nplayers: 3\n", "c.yaml")
    assert doc.data == {"game": "x", "color": False, "n": 7, "players": 3}


class Item(Model, kw_only=True):
    size: Annotated[int, Meta(ge=1, le=9)] = 1
    shape: Literal["round", "square"] = "round"

    def __post_init__(self) -> None:
        if self.shape == "square" and self.size > 5:
            raise FieldProblem("size", "too big for a square")


class Box(Model, kw_only=True):
    """A model with every kind of key a printkit file has, to check how problems are worded."""

    name: Annotated[str, Meta(max_length=5)]
    count: Annotated[int, Meta(ge=0, le=10)] = 0
    ratio: float = 1.0
    shown: bool = True
    items: Annotated[list[str], Meta(max_length=3)] = []
    kind: Literal["plain", "fancy"] = "plain"
    parts: dict[str, Item] = {}
    inner: Item | None = None
    maybe: list[str] | None = None

    def __post_init__(self) -> None:
        if "bad" in self.items:
            raise FieldProblem(("items", self.items.index("bad")), "bad item")
        if self.count == 7:
            raise ValueError("seven is unlucky")


def problem(text: str) -> tuple[int | None, str | None, str]:
    with pytest.raises(InputError) as e:
        validate(Box, parse(text, "r.yaml"))
    return e.value.line, e.value.key, e.value.message


def test_a_file_that_fits_is_read():
    box = validate(Box, parse("name: ab\ncount: 3\nratio: 2\nitems: [x]\nparts: {p: {size: 2}}\n", "r.yaml"))
    assert (box.name, box.count, box.ratio, box.items, box.parts["p"].size) == ("ab", 3, 2.0, ["x"], 2)


@pytest.mark.parametrize("text,where,words", [
    ("name: a\nitems:\n  - good\n  - bad\n", (4, "items[2]"), "bad item"),  # FieldProblem names one item
    ("name: a\ncount: 7\n", (None, None), "seven is unlucky"),  # a check without a key: the file
    ("name: a\ncount: 11\n", (2, "count"), "11 is out of range: must be at most 10"),
    ("name: a\ncount: -1\n", (2, "count"), "-1 is out of range: must be at least 0"),
    ("name: a\ncount: many\n", (2, "count"), "expected a whole number"),
    ("name: a\ncount: 2.5\n", (2, "count"), "expected a whole number"),
    ("name: a\nratio: fast\n", (2, "ratio"), "expected a number"),
    ("name: a\nshown: maybe\n", (2, "shown"), "expected true or false"),
    ("name: [a]\n", (1, "name"), "expected text"),
    ("name: abcdefg\n", (1, "name"), "too long: at most 5 characters"),
    ("name: a\nitems: x\n", (2, "items"), "expected a list"),
    ("name: a\nmaybe: 5\n", (2, "maybe"), "expected a list"),  # an optional list: null is fine, 5 is not
    ("name: a\nitems: [a, b, c, d]\n", (2, "items"), "too many items: at most 3"),
    ("name: a\nparts: [1]\n", (2, "parts"), "expected 'key: value' lines"),
    ("name: a\nkind: fancey\n", (2, "kind"), "'fancey' is not one of 'plain' or 'fancy' (did you mean 'fancy'?)"),
    ("name: a\nnmae: b\n", (2, "nmae"), "unknown key (did you mean 'name'?)"),
    ("count: 1\n", (None, "name"), "missing (this key is required)"),
    ("name: a\n1: 2\n", (2, "1"), "unknown key"),  # a key is the word typed, here '1'
    ("name: a\n[1]: 2\n", (2, None), "keys must be plain words"),
    ("name: a\ninner:\n  size: 0\n", (3, "inner.size"), "0 is out of range: must be at least 1"),
    ("name: a\ninner:\n  shap: round\n", (3, "inner.shap"), "unknown key (did you mean 'shape'?)"),
    ("name: a\nparts:\n  p: {size: 1}\n  q:\n    size: 10\n", (5, "parts.q.size"),
     "10 is out of range: must be at most 9"),  # a model inside a mapping keeps its key's name
    ("name: a\nparts:\n  q:\n    shape: oval\n", (4, "parts.q.shape"), "'oval' is not one of 'round' or 'square'"),
    ("name: a\nparts:\n  q:\n    colour: red\n", (4, "parts.q.colour"), "unknown key"),
    ("name: a\nparts:\n  p: {}\n  q:\n    shape: square\n    size: 6\n", (6, "parts.q.size"), "too big for a square"),
])
def test_problems_are_named_by_line_and_key(text, where, words):
    line, key, message = problem(text)
    assert (line, key) == where
    assert message.startswith(words)


def test_long_values_stay_one_short_line():
    e = InputError("c.yaml", "unknown game '" + "x" * 5000 + "'", 1, "game")
    assert len(str(e)) < 400 and "\n" not in str(e)
    assert str(InputError("c.yaml", "two\nlines", 1)) == "c.yaml:1: two\\nlines"
