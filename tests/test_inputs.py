"""Config loading: one clear line naming file, line and key for every unusable input."""

from __future__ import annotations

import pytest

from printkit.inputs import InputError, load, parse


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


def test_field_problem_path_blames_one_list_item():
    from pydantic import BaseModel, model_validator

    from printkit.game import FieldProblem
    from printkit.inputs import validate

    class M(BaseModel):
        items: list[str]

        @model_validator(mode="after")
        def _check(self):
            if "bad" in self.items:
                raise FieldProblem(("items", self.items.index("bad")), "bad item")
            return self

    doc = parse("items:\n  - good\n  - bad\n", "r.yaml")
    with pytest.raises(InputError) as e:
        validate(M, doc)
    assert (e.value.line, e.value.key, e.value.message) == (3, "items[2]", "bad item")


def test_long_values_stay_one_short_line():
    e = InputError("c.yaml", "unknown game '" + "x" * 5000 + "'", 1, "game")
    assert len(str(e)) < 400 and "\n" not in str(e)
    assert str(InputError("c.yaml", "two\nlines", 1)) == "c.yaml:1: two\\nlines"
