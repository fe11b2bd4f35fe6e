"""Config loading: one clear line naming file, line and key for every unusable input."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from msgspec import Meta

from printkit.model import Model
from printkit.validation import FieldProblem
from printkit.inputs import InputError, load, parse
from printkit.validation import validate


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


# ---------------------------------------------------------------- deep nesting: printkit's refusal, whatever the YAML library

DEEP_FLOW = "game: x\nplayers: [Ann, Ben]\nrounds: " + "[" * 20000 + "]" * 20000 + "\n"
DEEP_MAPS = "game: x\nrounds: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n"
DEEP_BLOCK = "game: x\nx:" + "".join(f"\n{' ' * i}k{i}:" for i in range(1, 400)) + " 1\n"


@pytest.fixture(params=["libyaml", "pure"])
def loader(request, monkeypatch):
    """Both of PyYAML's parsers: libyaml (PyYAML's C parser, which has a nesting limit of its own in newer
    releases) and the pure Python one (which has none)."""
    import yaml

    from printkit import inputs

    if request.param == "libyaml":
        if not hasattr(yaml, "CSafeLoader"):
            pytest.skip("this PyYAML was built without libyaml")
        monkeypatch.setattr(inputs, "LOADER", yaml.CSafeLoader)
    else:
        monkeypatch.setattr(inputs, "LOADER", yaml.SafeLoader)
    return request.param


@pytest.mark.parametrize("text,line", [(DEEP_FLOW, 3), (DEEP_MAPS, 2), (DEEP_BLOCK, None)])
def test_deep_nesting_is_printkits_own_refusal(loader, text, line):
    import time

    started = time.process_time()  # (this process's own work: a shared machine's other work not counted)
    with pytest.raises(InputError) as e:
        parse(text, "deep.yaml")
    assert time.process_time() - started < 2.0
    assert e.value.message == "nested too deeply to be a printkit file"
    assert e.value.file == "deep.yaml"
    if line is not None:
        assert e.value.line == line
    assert str(e.value).startswith("deep.yaml:")


def test_deep_nesting_wording_does_not_depend_on_the_library(monkeypatch):
    """A YAML library that stops deep nesting itself, in any words, at any depth past printkit's: the user
    still gets printkit's line; a syntax error that has nothing to do with depth keeps its own words."""
    import yaml

    def refusing(text, Loader=None):
        yield from ()
        raise yaml.scanner.ScannerError("while scanning", None, "the library's own words about depth",
                                        yaml.error.Mark("<unicode string>", 900, 2, 900, text, 900))

    monkeypatch.setattr(yaml, "scan", refusing)
    with pytest.raises(InputError) as e:
        parse("game: x\nrounds: " + "[" * 1000, "deep.yaml")
    assert (e.value.message, e.value.line) == ("nested too deeply to be a printkit file", 2)
    with pytest.raises(InputError) as e:
        parse("game: x\nrounds: " + "[" * 3 + "x" * 1000, "shallow.yaml")
    assert e.value.message == "YAML syntax error: the library's own words about depth"


@pytest.mark.parametrize("text", [
    "game: x\nrounds: " + "[" * 15 + "]" * 15 + "\n",  # 16 levels with the top mapping
    "game: x\ntitle: \"[[[[[[[[[[[[[[[[[[[[\"\nrounds: [[A1-A2]]\n",  # brackets inside quotes are text
    "game: x\n# [[[[[[[[[[[[[[[[[[[[ a comment\nrounds: [[A1-A2]]\n",
])
def test_nesting_within_the_limit_reads(loader, text):
    assert parse(text, "ok.yaml").data["game"] == "x"


def test_too_deep_reads_the_text_itself():
    from printkit.inputs import MAX_DEPTH, too_deep

    assert too_deep("a: " + "[" * (MAX_DEPTH - 1)) is None  # with the top mapping, MAX_DEPTH levels
    assert too_deep("a: 1\nb: " + "[" * MAX_DEPTH) == 2
    assert too_deep("a: '" + "[" * 40 + "'") is None
    assert too_deep('a: "\\"' + "[" * 40 + '"') is None
    assert too_deep("a: 1 #" + "{" * 40) is None
    assert too_deep("a: [" * 40, end=10) is None  # only the text up to ``end``


# ---------------------------------------------------------------- msgspec's messages, as printkit reads them

@pytest.mark.parametrize("data,form", [
    ({"n": 1, "typo": 2}, r"^Object contains unknown field `typo`$"),
    ({}, r"^Object missing required field `n`$"),
    ({"n": "x"}, r"^Expected `int`, got `str`$"),
    ({"n": 99}, r"^Expected `int` <= 30$"),
    ({"n": 1, "paper": "legal"}, r"^Invalid enum value 'legal'$"),
    ({"n": 1, "names": ["a"] * 9}, r"^Expected `array` of length <= 8$"),
])
def test_msgspec_messages_keep_the_form_printkit_reads(data, form):
    """printkit turns msgspec's English into its own one-line messages by reading their form
    (``validation.explain``); pyproject.toml holds msgspec to the releases these forms were checked on.  If a
    release words them otherwise, this names the form that changed before any user sees a raw message."""
    import re

    import msgspec

    from printkit.validation import AT

    class M(msgspec.Struct, forbid_unknown_fields=True):
        n: Annotated[int, Meta(le=30)]
        paper: Literal["letter", "a4"] = "letter"
        names: Annotated[list[str], Meta(max_length=8)] = []

    with pytest.raises(msgspec.ValidationError) as e:
        msgspec.convert(data, M, strict=False)
    m = AT.match(str(e.value))
    message = m.group("msg") if m else str(e.value)
    assert re.match(form, message), str(e.value)


def test_a_plain_merge_key_is_refused_and_a_quoted_one_is_a_name():
    """A player called '<<' is a name like any other: printkit writes it quoted, and it reads back as that name;
    a plain << is YAML's merge key, refused in one line."""
    from printkit.game import yaml_key

    assert yaml_key("<<") == "'<<'"
    doc = parse("'<<': 1\nplayers:\n- '<<'\n- Zed\n", "x.yaml")
    assert list(doc.data) == ["<<", "players"] and doc.data["players"] == ["<<", "Zed"]
    with pytest.raises(InputError, match="merge keys"):
        parse("thing:\n  <<: {a: 1}\n", "x.yaml")
