"""A kit put together: copies that say which they are, page references into their own copy, a rule sheet
printed once for a game given twice; read back from the printed PDF."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest

from printkit import inputs, kit, registry, validation

EVENING = """\
game: knives
players: [Ann, Ben, Cat]
copies: 3
also:
  - {game: curve, copies: 2}
  - {game: ikes, copies: 2}
  - {game: add-residue, copies: 2}
  - {game: intersections, copies: 2}
"""


BUILT: dict[tuple[str, str], tuple[list[str], dict]] = {}  # a kit read once for the module's tests


def build(tmp_path, text: str, paper: str = "letter", halves: dict | None = None) -> list[str]:
    """The printed text of each page; ``halves`` gets (page number, kcount) -> the half of the page its
    map's title is printed on.  A config's kit is built and read once for the module (the evening's kit of
    eleven games is read by three tests)."""
    if (text, paper) not in BUILT:
        path = tmp_path / "kit.yaml"
        path.write_text(text, encoding="utf-8")
        doc = inputs.load(path)
        game = registry.get(doc.data["game"])
        cfg = validation.validate(game.Config, doc, doc.data)
        pages = kit.build(game, cfg, paper)
        data = kit.render(pages, ["pdf"], game.title)["kit.pdf"]
        found: dict = {}
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            for n, p in enumerate(pdf.pages, 1):
                for m in p.search(r"kcount (\d+) .*knife centres"):
                    found[n, int(m["groups"][0])] = "top" if m["top"] < p.height / 2 else "bottom"
            BUILT[text, paper] = ([p.extract_text() or "" for p in pdf.pages], found)
    texts, found = BUILT[text, paper]
    if halves is not None:
        halves.update(found)
    return list(texts)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_copy_s_set_up_card_points_at_its_own_maps(tmp_path, paper):
    halves: dict = {}
    texts = build(tmp_path, EVENING, paper, halves)
    setups = [i for i, t in enumerate(texts) if "set-up, drawing kcount" in t]
    assert len(setups) == 3
    for n, i in enumerate(setups, 1):
        assert f"game {n} of 3: set-up" in texts[i]
        refs = re.findall(r"\b(\d+) \d+ page (\d+), (top|bottom)\b", texts[i])
        assert [int(k) for k, _, _ in refs] == list(range(8, 15))
        for k, page, half in refs:
            target = texts[int(page) - 1]
            assert f"game {n} of 3: kcount {k}" in target, (n, k, page)
            assert halves[int(page), int(k)] == half, (n, k, page)


def test_every_play_sheet_of_every_copy_says_which_copy_it_is(tmp_path):
    texts = build(tmp_path, EVENING)
    assert "The evening's standings" in texts[-1]  # it names every game: the play sheets come before it
    texts = texts[:-1]
    for gid, copies in [("knives", 3), ("curve", 2), ("ikes", 2), ("add-residue", 2), ("intersections", 2)]:
        title = registry.get(gid).title
        for n in range(1, copies + 1):
            assert any(f"{title}, game {n} of {copies}" in t for t in texts), (gid, n)
        # the copies keep their order: no sheet of game 2 before the last one of game 1
        order = [int(n) for t in texts for n in re.findall(re.escape(title) + rf", game (\d) of {copies}", t)]
        assert order == sorted(order), title
    for n in (1, 2):  # a player's own sheets and each map say which game too
        assert any(f"Within The Curve, game {n} of 2: Ann's grids" in t for t in texts)
        for k in range(8, 15):
            assert sum(f"Selling Knives Door-to-Door, game {n} of 3: kcount {k}" in t for t in texts) == 1
    one = build(tmp_path, "game: curve\nplayers: [Ann, Ben]\n")
    assert not any("game 1 of" in t for t in one)  # one game: no copy to tell apart


def test_a_game_given_twice_prints_its_rule_sheet_once(tmp_path):
    twice = build(tmp_path, "game: curve\nplayers: [Ann, Ben]\nalso:\n  - {game: curve}\n")
    once = build(tmp_path, "game: curve\nplayers: [Ann, Ben]\n")
    rules = [t for t in twice if "Rules in printkit's own words" in t]
    assert len(rules) == 1 and any("Rules in printkit's own words" in t for t in once)
    other = build(tmp_path, "game: curve\nplayers: [Ann, Ben]\nalso:\n  - {game: ikes}\n")
    assert len([t for t in other if "Rules in printkit's own words" in t]) == 2


def test_a_game_in_two_entries_is_numbered_through_the_kit(tmp_path):
    """Issue 51: Add/Residue twice (two copies at n 13, two at n 11) printed "game 1 of 2" on the sheets of
    the first and of the third game, and the evening named both so: a sheet at the table could not be told
    apart. They are games 1 to 4 of 4, on paper and in the evening's names."""
    text = "game: add-residue\nplayers: [Ann, Ben]\ncopies: 2\nalso:\n  - {game: add-residue, copies: 2, n: 11}\n"
    texts = build(tmp_path, text)
    order = [int(n) for t in texts for n in re.findall(r"Add/Residue, game (\d) of 4 · your mark: blue", t)]
    assert order == [1, 2, 3, 4]
    assert not any(re.search(r"game \d of 2\b", t) for t in texts)
    logs = {int(n): rows for t in texts for n, rows in re.findall(r"Add/Residue, game (\d) of 4: move log \((\d+) moves\)", t)}
    assert logs == {1: "52", 2: "52", 3: "44", 4: "44"}  # (n 13, then n 11: each copy its own entry's log)
    path = tmp_path / "kit.yaml"
    path.write_text(text, encoding="utf-8")
    doc = inputs.load(path)
    game = registry.get("add-residue")
    assert [label for _, _, label, _, _ in kit.plays(game, validation.validate(game.Config, doc, doc.data))] == \
        [f"Add/Residue, game {n} of 4" for n in range(1, 5)]
    single = build(tmp_path, "game: curve\nplayers: [Ann, Ben]\nalso:\n  - {game: curve, n: 8}\n")
    assert [n for t in single for n in re.findall(r"Within The Curve, game (\d) of 2: Ann's grids", t)] == ["1", "2"]
