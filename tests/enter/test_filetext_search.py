"""A search for a results file the writer loses or misreads.  Files in every form people type: comments after
a value, on lines of their own, after a comma inside a [...] or {...} typed over several lines (the turns of
played-knives.yaml), on a grid's '|' line after a space or a tab, left empty; block and flow lists and
mappings, rounds as lists of lists, grids under '|', '|-', '|+', '|2' and '>' headers, ``? key`` entries, a
whole file as one {...}; plain and quoted scalars, JSON's edge values and YAML's look-alikes (true and 1, 0
and 0.0 and -0.0, null, huge and tiny numbers, 017, 1:20, yes), dates, sets and bytes; a byte-order mark,
CRLF, unicode names, blank lines.  Changed as the page changes them, one to three changes at a time: a value
set (to JSON's edge values, and to one equal in Python but of another type), a line added, put in front, cut
or changed, a key dropped or added, a grid rewritten.

Every write reads back as exactly the document sent, types included; every comment of the file is still in
it, or the answer says why the file was written whole; where it was changed in place, every line of the
parts not changed is still there, byte for byte and in order; the line ends and the byte-order mark are the
file's.  A document that cannot be written (a lone surrogate) is refused with ValueError, never written.

Each example's file and changes are read from one string of bytes the search draws: a byte picks among
options, the first the simplest, and past the end every pick is the first.  One draw an example keeps the
search's own cost small, so the examples are many, and shrinking the bytes shrinks the file and its changes.
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from printkit.enter.filetext import write
from printkit.inputs import parse
from searches import examples


class Choices:
    """Picks read from the bytes a search drew."""

    def __init__(self, raw: bytes):
        self.raw, self.at, self.comments = raw, 0, []
        self.inside = False  # a comment inside a [...] inside a [...]

    def byte(self) -> int:
        self.at += 1
        return self.raw[self.at - 1] if self.at <= len(self.raw) else 0

    def pick(self, options):
        return options[self.byte() % len(options)]

    def below(self, n: int) -> int:
        return self.byte() % n

    def one_in(self, n: int) -> bool:
        return self.byte() % n == n - 1

    def comment(self, often: int = 2) -> str:
        """Nothing, or a comment after a value, spaced as people space it; each comment of a file its own."""
        if not self.one_in(often):
            return ""
        text = self.pick(["# note", "# Ann's, checked twice, note", "#é note", "# a # in it, note", "#note"])
        self.comments.append(f"{text} {len(self.comments)}")
        return self.pick(["   ", "  ", " ", "\t", " \t"]) + self.comments[-1]

    def comment_line(self, pad: str) -> str:
        self.comments.append(f"# a break here, note {len(self.comments)}")
        return pad + self.comments[-1]


NAMES = ["Ann", "Ben", "Zoë", "Łukasz", "O'Neil", "Ana María", "李", "Yes", "007"]
WORDS = ["Ann add 3 = 3", "Ben mod 2", "A1-A2", "B1-B2", "54 G2 5@G2", "D1 W", "x", "é ü", "15>14>14 B6 1@B6",
         "Ann draws 6", "Ben claims 1-2 with 6 6"]
LOOKALIKES = ["true", "false", "null", "~", "0", "1", "-1", "0.0", "-0.0", "1.5", "1e16", "1.0e+16", ".inf", "-.inf",
              ".nan", "12345678901234567890123", "017", "0x1F", "1_000", "1:20", "yes", "off", "2026-11-27",
              "2026-11-27 10:00:00", "''", '""', "'1'", '"true"', '"tab\\there"', "'it''s'"]
SPECIAL = ["!!set {Ann, Ben}", "!!binary aGVsbG8=", "!!str 3", "!!float 1"]
EDGE = [None, True, False, 0, 1, -1, 0.0, -0.0, 1.0, 1.5, 1e16, 1e-7, 1.7976931348623157e308, 5e-324, 2 ** 53 + 1,
        2 ** 64, -(2 ** 63), float("inf"), float("nan"), "", "0", "1", "true", "False", "null", "~", "yes", "on",
        "1.0", "0x1F", "017", "1_000", "1:20", "2026-11-27", ".inf", "=", "<<", "- x", "? y", ": z", "a: b",
        "# no", "x #y", "[a]", "{a}", "'q", '"q', "\\", "tab\there", "two\nlines", "grid\n", "\u2028", "\x85",
        "\ufeff", "é ü", "😀", " pad", "pad ", "x" * 120, "Lee, Jr", "B1-B2]", "*x", "&y", "!t", "%", "@", "`t",
        "|", ">"]
ALPHABET = ["a", "b", "A1", " ", "#", ":", ",", "[", "]", "{", "}", "'", '"', "-", "?", "\t", "\n", "é", ".", "1"]


def word(c: Choices) -> str:
    """A scalar as typed: a word or a look-alike, plain or quoted."""
    text = c.pick(WORDS + LOOKALIKES) if not c.one_in(8) else c.pick(["Lee, Jr", "a: b", "[x", "# no", "-"])
    style = c.pick(["", "", "'", '"'])
    if style == "'" or (not style and text in ("Lee, Jr", "a: b", "[x", "# no", "-")):
        return "'" + text.replace("'", "''") + "'"
    return json.dumps(text, ensure_ascii=False) if style == '"' else text


def flow_items(c: Choices, nested: bool, pad: str | None = None) -> list[str]:
    """Items of a [...]: words, or (``nested``) lists of words, each on one line or (``pad``) over lines."""
    if nested and c.one_in(3):
        return [inner_list(c, pad) for _ in range(1 + c.below(3))]
    return [word(c) for _ in range(c.below(5))]


def inner_list(c: Choices, pad: str | None) -> str:
    if pad is None or not c.one_in(4):
        return "[" + ", ".join(word(c) for _ in range(c.below(3))) + "]"
    typed = len(c.comments)
    out = flow_over_lines(c, [word(c) for _ in range(1 + c.below(3))], pad + "  ")
    c.inside = c.inside or len(c.comments) > typed
    return out


def flow_over_lines(c: Choices, items: list[str], pad: str, ends: str = "[]") -> str:
    """``[a, b,   # a comment\n  c]``: a flow list or mapping typed over several lines, comments after commas."""
    more = "\n" + pad + "  "  # the next line of it
    out = ends[0] + (c.comment(3) + more if items and c.one_in(5) else "")
    for i, it in enumerate(items):
        out += it
        if i < len(items) - 1:
            out += c.pick([lambda: ", ", lambda: ", ", lambda: "," + more, lambda: "," + c.comment(1) + more])()
    if items and c.one_in(4):
        out += ","  # a trailing comma
    if items and c.one_in(4):
        out += c.comment(2) + more
    return out + ends[1]


def grid(c: Choices, pad: str) -> tuple[str, list[str]]:
    header = c.pick(["|", "|-", "|+", ">", "|2", "|-2"])
    rows = [" ".join(c.pick([".", "o", "1", "12", "C1", "#"]) for _ in range(3)) for _ in range(2 + c.below(3))]
    body = [f"{pad}  {r}" for r in rows]
    if c.one_in(3) and header != ">":
        body.insert(1, "")
    if c.one_in(2) and "+" in header:
        body.append("")
    return f" {header}{c.comment(2)}", body


def value(c: Choices, pad: str, depth: int) -> tuple[str, list[str]]:
    """(what follows ``key:`` on its line, the lines after it) for one value, in one of the forms people type."""
    kind = c.pick(["scalar", "flow", "block", "flow lines", "rounds", "nested rounds", "grid", "flow map",
                   "mapping", "empty", "special"])
    if kind == "scalar":
        return " " + word(c) + c.comment(), []
    if kind == "flow":
        return " " + "[" + ", ".join(flow_items(c, True)) + "]" + c.comment(), []
    if kind == "flow lines":
        return " " + flow_over_lines(c, flow_items(c, True, pad) or ["x"], pad) + c.comment(), []
    if kind == "flow map":
        keys = list(dict.fromkeys(c.pick(["where", "when", "who", "n", "ok", "'a: b'"]) for _ in range(c.below(4))))
        items = [f"{k}: {word(c) if not c.one_in(3) else '[' + ', '.join(flow_items(c, False)) + ']'}" for k in keys]
        return " " + flow_over_lines(c, items, pad, "{}") + c.comment(), []
    if kind in ("block", "rounds"):
        dash = pad + c.pick(["", "  "])
        lines = []
        for _ in range(1 + c.below(4)):
            item = word(c) if kind == "block" else "[" + ", ".join(flow_items(c, False)) + "]"
            lines.append(f"{dash}- {item}{c.comment()}")
            if c.one_in(5):
                lines.append(c.comment_line(dash) if c.one_in(2) else "")
        return c.comment(), lines
    if kind == "nested rounds":
        lines = []
        for _ in range(1 + c.below(3)):
            inner = [word(c) for _ in range(1 + c.below(3))]
            first = f"{pad}  - - {inner[0]}{c.comment()}" if not c.one_in(6) else f"{pad}  -\n{pad}    - {inner[0]}"
            lines += first.split("\n") + [f"{pad}    - {w}{c.comment()}" for w in inner[1:]]
        return c.comment(), lines
    if kind == "grid":
        return grid(c, pad)
    if kind == "mapping" and depth < 2:
        lines = []
        for name in dict.fromkeys(c.pick(NAMES) for _ in range(1 + c.below(3))):
            head, more = value(c, pad + "  ", depth + 1)
            lines += [f"{pad}  {name}:{head}"] + more
        return c.comment(), lines
    if kind == "special":
        return " " + c.pick(SPECIAL) + c.comment(), []
    return c.comment(), []


def flow_value(c: Choices) -> str:
    kind = c.pick(["word", "list", "map"])
    if kind == "word":
        return word(c)
    if kind == "list":
        return "[" + ", ".join(flow_items(c, True)) + "]"
    keys = dict.fromkeys(c.pick(["a", "b", "n"]) for _ in range(c.below(3)))
    return "{" + ", ".join(f"{k}: {word(c)}" for k in keys) + "}"


def results_file(c: Choices) -> tuple[str, list[tuple[str | None, str]]]:
    """A results file, and its lines with the top-level key each belongs to (None: a line of no key), in order."""
    head = c.pick(["", "# Friday, at Ann's", "# Résultats — vendredi"])
    players = "[" + ", ".join(dict.fromkeys(c.pick(NAMES) for _ in range(1 + c.below(3)))) + "]"
    keys = list(dict.fromkeys(c.pick(["title", "notes", "moves", "rounds", "turns", "fills", "extra", "? note"])
                              for _ in range(1 + c.below(5))))
    owned: list[tuple[str | None, str]] = [(None, head)]
    if c.one_in(10):  # the whole file as one {...}, over lines: a change anywhere is a change of its lines
        items = ["game: curve", f"players: {players}"] + [f"{k.strip('? ')}: {flow_value(c)}" for k in keys]
        lines = flow_over_lines(c, items, "", "{}").split("\n")
        owned += [("", line) for line in lines]
    else:
        owned += [(None, "game: curve"), (None, f"players: {players}")]
        for key in keys:
            if c.one_in(4):
                pad = c.pick([None, "", " "])  # (deeper, after a grid, it would be a row of the grid)
                owned.append((None, "" if pad is None else c.comment_line(pad)))
            head_, more = value(c, "", 0)
            if key.startswith("?"):  # ``? note`` with its value on the next line
                key = key[2:]
                if head_.lstrip(" \t").startswith("#"):  # libyaml reads a tab after a lone ':' as indentation
                    head_ = "  " + head_.lstrip(" \t")
                typed = [f"? {key}{c.comment()}", f":{head_}"] + more
            else:
                typed = [f"{key}:{head_}"] + more
            owned += [(key, line) for t in typed for line in t.split("\n")]
        if c.one_in(2):
            owned.append((None, c.comment_line("")))
    text = "\n".join(ln.rstrip() if not ln.strip() else ln for _, ln in owned).lstrip("\n") + "\n"
    if c.one_in(2):
        text = text.replace("\n", "\r\n")
    if c.one_in(4):
        text = "\ufeff" + text
    return text, [(k, ln) for k, ln in owned if ln.strip()]


# ---------------------------------------------------------------- the page's changes

def places(doc, path=()):
    """Every part of the document, with its path."""
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from places(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from places(v, path + (i,))


def at(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def twin(v):
    """A value equal to ``v`` in Python but of another type (``1`` and ``true``), or ``v``."""
    if isinstance(v, bool):
        return int(v) if v else 0.0
    if isinstance(v, int) and v in (0, 1):
        return bool(v)
    if isinstance(v, int) and abs(v) < 2 ** 53:
        return float(v)
    if isinstance(v, float) and v == 0:
        return -v if str(v) == "0.0" else 0
    if isinstance(v, float) and v.is_integer() and abs(v) < 2 ** 53:
        return int(v)
    return v


def new_value(c: Choices, old):
    kind = c.pick(["edge", "twin", "word", "list", "dict", "grid", "text"])
    if kind == "edge":
        return c.pick(EDGE)
    if kind == "twin":
        return twin(old)
    if kind == "word":
        return c.pick(WORDS)
    if kind == "list":
        return [c.pick(EDGE + WORDS) for _ in range(c.below(4))]
    if kind == "dict":
        return {c.pick(["", "true", "a: b", "n", "Zoë", "1"]): c.pick(EDGE) for _ in range(c.below(3))}
    if kind == "grid":
        rows = [" ".join(c.pick([".", "o", "5", "12"]) for _ in range(3)) for _ in range(2 + c.below(3))]
        return "\n".join(rows) + c.pick(["\n", "", "\n\n"])
    return "".join(c.pick(ALPHABET) for _ in range(c.below(10)))


def change(c: Choices, new: dict) -> set:
    """One change of the kind the page makes, to ``new``: the top-level keys it touched."""
    spots = [(p, v) for p, v in places(new) if p and p[0] not in ("game", "players")]
    kind = c.pick(["set", "append", "cut", "front", "item", "drop", "add", "set", "append", "item"])
    if c.one_in(40):
        kind = "surrogate"
    if kind == "add" or not spots:
        parent, path = new, ()
        dicts = [(p, v) for p, v in spots if isinstance(v, dict)]
        if dicts and c.one_in(2):
            path, parent = c.pick(dicts)
        key = c.pick(["paper", "title2", "Zoë", "notes", "true", "a: b", "#x"])
        parent[key] = new_value(c, None)
        return {(path + (key,))[0]}
    path, v = c.pick(spots)
    parent = at(new, path[:-1])
    if kind == "append" and isinstance(v, list):
        v.append(new_value(c, None) if c.one_in(3) else c.pick(WORDS))
    elif kind == "front" and isinstance(v, list):
        v.insert(0, c.pick(WORDS + EDGE))
    elif kind == "cut" and isinstance(v, list):
        i = c.below(len(v) + 1)
        del v[i: i + 1 + c.below(3) if c.one_in(2) else len(v)]
    elif kind == "item" and isinstance(v, list) and v:
        i = c.below(len(v))
        v[i] = twin(v[i]) if c.one_in(2) else new_value(c, v[i])
    elif kind == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    elif kind == "surrogate":
        parent[path[-1]] = "half \ud800 a pair"
    else:
        parent[path[-1]] = new_value(c, v)
    return {path[0]}


# ---------------------------------------------------------------- what must hold

def typed(v):
    """A document as a value that tells types apart: ``1``, ``1.0`` and ``true``; ``0.0`` and ``-0.0``."""
    if isinstance(v, dict):
        return ("dict", frozenset((k, typed(x)) for k, x in v.items()))
    if isinstance(v, list):
        return ("list", tuple(typed(x) for x in v))
    if isinstance(v, float):
        return ("float", v.hex())
    if isinstance(v, (set, frozenset)):
        return ("set", frozenset(v))
    return (type(v).__name__, v)


def surrogate(v) -> bool:
    return any(isinstance(x, str) and any("\ud800" <= ch <= "\udfff" for ch in x) for _, x in places(v)) or \
        any(isinstance(k, str) and any("\ud800" <= ch <= "\udfff" for ch in k)
            for _, x in places(v) if isinstance(x, dict) for k in x)


def in_order(lines: list[str], out: list[str]) -> bool:
    it = iter(out)
    return all(any(line == o for o in it) for line in lines)


def written(raw: bytes):
    """The file, the document sent, the top-level keys changed, the comments typed, and the writer's answer."""
    c = Choices(raw)
    text, parts = results_file(c)
    comments = list(c.comments)
    doc = parse(text.removeprefix("\ufeff"), "f.yaml").data
    new = copy.deepcopy(doc)
    touched = set()
    for _ in range(1 + c.below(3)):
        touched |= change(c, new)
    note(f"file:\n{text}\nsent: {new!r}")
    return text, parts, comments, doc, new, touched, c.inside


@settings(max_examples=examples(3000), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(min_size=64, max_size=256))
def test_every_write_reads_back_as_the_document_and_keeps_every_comment_or_says_why(raw):
    text, parts, comments, doc, new, touched, inside = written(raw)
    if surrogate(new):
        try:
            write(text, new, "The Curve")
        except ValueError:
            return
        raise AssertionError("a document with a lone surrogate was written")
    out, why = write(text, new, "The Curve")
    note(f"written ({why or 'in place'}):\n{out}")
    back = parse(out.removeprefix("\ufeff"), "f.yaml").data
    assert typed(back) == typed(new), "the file reads back as exactly the document sent, types included"
    assert out.startswith("\ufeff") == text.startswith("\ufeff")  # the mark stays in front (or stays away)
    if "\r\n" in text:
        assert out.count("\n") == out.count("\r\n"), "CRLF kept, never mixed"
    else:
        assert "\r\n" not in out
    if typed(doc) == typed(new):
        assert (out, why) == (text, ""), "nothing changed, nothing written"
    if why:  # written whole, saying why: only a comment inside a [...] in a [...] may need it (the inner list
        assert inside, f"written whole: {why}"  # changing form); any other form is changed in place
        return
    assert [cm for cm in comments if cm not in out] == [], "a comment went, and the answer did not say so"
    after = out.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    kept = [ln for key, ln in parts if key not in touched and key != ""]
    assert in_order(kept, after), "a line outside the changed parts changed"


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(min_size=48, max_size=192))
def test_a_save_with_nothing_changed_leaves_any_such_file_byte_for_byte(raw):
    text, _ = results_file(Choices(raw))
    note(text)
    doc = parse(text.removeprefix("\ufeff"), "f.yaml").data
    assert write(text, copy.deepcopy(doc), "The Curve") == (text, "")
