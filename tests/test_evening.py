"""The evening: every game of a kit templated, scored alone and ranked; a typed file never replaced."""

from __future__ import annotations

import copy
import io
import json
import os
import sys
import unicodedata
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from hypothesis import given, settings, strategies as st
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the evening's test data, shared with the page's tests

from evening_night import FILES, NIGHT, expected, fill_files, played_as, record, small_night, typed  # noqa: E402
from printkit import evening  # noqa: E402


@pytest.fixture
def night(tmp_path) -> Path:
    path = tmp_path / "night.yaml"
    path.write_text(NIGHT, encoding="utf-8")
    return path


def files_of(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.glob("*-results.yaml"))}


# ---------------------------------------------------------------- template

def test_template_writes_every_game_of_the_kit_each_with_its_set_up(night, printkit):
    run = printkit("template", night.name, cwd=night.parent)
    assert run.code == 0, run.err
    assert run.out.split() == [f"{n}-results.yaml" for n in FILES]
    for name in FILES:
        data = yaml.safe_load((night.parent / f"{name}-results.yaml").read_text(encoding="utf-8"))
        assert "copies" not in data and "also" not in data
    curve = yaml.safe_load((night.parent / "night-curve-2-results.yaml").read_text(encoding="utf-8"))
    assert (curve["title"], curve["players"], curve["n"]) == \
        ("Within The Curve, game 2 of 2", ["Ann", "Ben", "Cat"], 12)
    knives = yaml.safe_load((night.parent / "night-knives-2-results.yaml").read_text(encoding="utf-8"))
    assert (knives["title"], knives["kcount"], knives["players"]) == \
        ("Selling Knives Door-to-Door, game 2 of 2", 12, ["Ann", "Ben", "Cat", "Dan"])
    inter = yaml.safe_load((night.parent / "night-intersections-1-results.yaml").read_text(encoding="utf-8"))
    assert (inter["n"], inter["segments"]) == (6, 12)
    last = yaml.safe_load((night.parent / "night-add-residue-3-results.yaml").read_text(encoding="utf-8"))
    assert (last["n"], last["players"]) == (1, ["Ann", "Ben"])


def test_each_game_s_file_scores_alone_as_before(night, printkit):
    printkit("template", night.name, cwd=night.parent)
    fill_files(night.parent)
    for name, state in fill_files(night.parent).items():
        run = printkit("score", f"{name}-results.yaml", "--json", cwd=night.parent)
        out = json.loads(run.out)
        assert run.code == (1 if state in ("mistakes", "not started") else 0), (name, run.err)
        assert set(out) == {"game", "valid", "players", "winners", "violations", "notes"}


def test_a_second_template_run_changes_no_file_and_says_which_it_kept(night, printkit):
    printkit("template", night.name, cwd=night.parent)
    typed(night.parent / "night-curve-1-results.yaml", {"curves": {"Ann": ". #"}})
    (night.parent / "night-ikes-2-results.yaml").unlink()
    before = files_of(night.parent)
    run = printkit("template", night.name, cwd=night.parent)
    assert run.code == 0, run.err
    after = files_of(night.parent)
    assert {k: v for k, v in after.items() if k != "night-ikes-2-results.yaml"} == before
    assert "night-ikes-2-results.yaml" in after  # only what was missing is added
    kept = [line for line in run.out.splitlines() if line.startswith("kept ")]
    assert len(kept) == len(FILES) - 1 and run.out.splitlines().count("night-ikes-2-results.yaml") == 1
    assert any("night-curve-1-results.yaml" in line for line in kept)


def test_an_evening_template_refuses_output_and_force_and_replaces_nothing(night, printkit):
    printkit("template", night.name, cwd=night.parent)
    before = files_of(night.parent)
    for extra in (["-o", "x.yaml"], ["--force"]):
        run = printkit("template", night.name, *extra, cwd=night.parent)
        assert run.code == 2 and run.err.count("\n") == 1 and "Traceback" not in run.err, run.err
    assert files_of(night.parent) == before and not (night.parent / "x.yaml").exists()


def test_a_kit_of_one_game_keeps_today_s_template(tmp_path, printkit):
    cfg = tmp_path / "solo.yaml"
    cfg.write_text("game: curve\nplayers: [Ann, Ben]\nn: 8\n", encoding="utf-8")
    run = printkit("template", "solo.yaml", cwd=tmp_path)
    assert run.code == 0 and run.out.strip() == "solo-results.yaml"
    assert [p.name for p in tmp_path.glob("*-results.yaml")] == ["solo-results.yaml"]
    assert printkit("template", "solo.yaml", cwd=tmp_path).code == 2  # exists: refused, as today
    assert printkit("template", "solo.yaml", "--force", cwd=tmp_path).code == 0
    assert printkit("template", "solo.yaml", "-o", "-", cwd=tmp_path).out == \
        (tmp_path / "solo-results.yaml").read_text(encoding="utf-8")


def test_a_file_typed_before_evenings_counts_as_the_first_game(night, printkit):
    old = night.parent / "night-results.yaml"  # what template wrote for a kit before it knew evenings
    old.write_text("game: knives\nplayers: [Ann, Ben, Cat, Dan]\nkcount: 12\nturns: []\n", encoding="utf-8")
    typed(old, record("played-knives.yaml"))
    text = old.read_bytes()
    printkit("template", night.name, cwd=night.parent)
    assert not (night.parent / "night-knives-1-results.yaml").exists() and old.read_bytes() == text
    e = evening.load(night)
    assert e.plays[0].results == old and e.plays[0].state == "valid" and e.plays[0].winners == ["Dan"]


# ---------------------------------------------------------------- score

def test_score_of_the_evening_adds_up_what_each_game_s_own_score_says(night, printkit):
    printkit("template", night.name, cwd=night.parent)
    states = fill_files(night.parent)
    run = printkit("score", night.name, "--json", cwd=night.parent)
    assert run.code == 1, run.err  # add-residue game 2 breaks a rule
    out = json.loads(run.out)
    assert [g["file"] for g in out["games"]] == [f"{n}-results.yaml" for n in FILES]
    assert [g["state"] for g in out["games"]] == [states[n] for n in FILES]
    won = expected(night.parent, lambda p: printkit("score", p.name, "--json", cwd=night.parent),
                   unfinished={n for n, s in states.items() if s == "in progress"})
    assert {r["name"]: Fraction(r["won"]).limit_denominator(100) for r in out["standings"]} == \
        {p: won.get(p, Fraction(0)) for p in ["Ann", "Ben", "Cat", "Dan"]}
    best = max(won.values())
    assert out["winners"] == [p for p in ["Ann", "Ben", "Cat", "Dan"] if won.get(p) == best]
    for g, name in zip(out["games"], FILES):  # each game's result is exactly what its own score prints
        alone = json.loads(printkit("score", f"{name}-results.yaml", "--json", cwd=night.parent).out)
        assert g["result"] == (None if g["state"] == "not started" else alone)
    text = printkit("score", night.name, cwd=night.parent)
    assert text.code == 1
    for r in out["standings"]:
        assert any(line.split()[:2] == [r["name"], r["won_text"].split()[0]] for line in text.out.splitlines())
    assert f"Winner of the evening: {out['winners'][0]}" in text.out
    assert "Not counted: game 2 (not started)" in text.out and "game 8 (mistakes)" in text.out
    assert "game 11 (in progress)" in text.out


def test_score_exit_codes_of_an_evening(night, printkit):
    printkit("template", night.name, cwd=night.parent)
    assert printkit("score", night.name, cwd=night.parent).code == 0  # nothing entered: nothing broken
    typed(night.parent / "night-ikes-1-results.yaml", record("played-ikes.yaml"))
    assert printkit("score", night.name, cwd=night.parent).code == 0
    (night.parent / "night-curve-2-results.yaml").write_text("game: curve\nplayers: [Ann\n", encoding="utf-8")
    run = printkit("score", night.name, cwd=night.parent)
    assert run.code == 2 and "Traceback" not in run.err
    assert "night-curve-2-results.yaml" in run.out and "unreadable" in run.out
    assert "Winner of the evening: none yet" in run.out  # Ann played The Long Way alone: not won
    typed(night.parent / "night-add-residue-1-results.yaml", record("played-add-residue.yaml"))
    alone = json.loads(printkit("score", "night-add-residue-1-results.yaml", "--json", cwd=night.parent).out)
    run = printkit("score", night.name, cwd=night.parent)
    assert run.code == 2 and f"Winner of the evening: {alone['winners'][0]}\n" in run.out  # the rest is scored


def test_the_standings_picture_shows_the_same_table(night, printkit):
    import pdfplumber

    printkit("template", night.name, cwd=night.parent)
    fill_files(night.parent)
    out = json.loads(printkit("score", night.name, "--json", cwd=night.parent).out)
    run = printkit("score", night.name, "--picture", "night.pdf", cwd=night.parent)
    assert run.code == 1 and "Picture: night.pdf" in run.out
    with pdfplumber.open(io.BytesIO((night.parent / "night.pdf").read_bytes())) as pdf:
        words = "\n".join(p.extract_text() for p in pdf.pages)
    assert f"Winner of the evening: {', '.join(out['winners'])}" in words
    for r in out["standings"]:
        assert any(line.startswith(r["name"]) and line.rstrip().endswith(r["won_text"])
                   for line in words.splitlines()), r
    assert "(mistakes)" in words and "(in progress)" in words and "(not started)" in words


# ---------------------------------------------------------------- the standings, searched

class FakePlay:
    """A game as the evening reads it: printed for ``players``, and its file names them too."""

    def __init__(self, players, state, winners):
        self.players, self.state, self._winners = players, state, winners
        self.config = self.res = SimpleNamespace(players=players)
        self.counts = state == "valid" and len(players) > 1
        self.why_not = "" if self.counts else state

    @property
    def winners(self):
        return self._winners if self.counts else []

    def set_up_said(self):
        return []


NAMES = ["Ann", "Ben", "Cat", "Dan"]
plays = st.lists(st.tuples(st.sampled_from(evening.STATES), st.lists(st.sampled_from(NAMES), unique=True)),
                 min_size=1, max_size=12)


@settings(max_examples=examples(150), deadline=None)
@given(plays)
def test_standings_share_ties_and_never_count_a_game_not_valid(games):
    ps = [FakePlay(NAMES, state, win) for state, win in games]
    night = evening.Evening(Path("x.yaml"), "x", ps)
    rows = {r["name"]: r for r in night.standings()}
    decided = [p for p in ps if p.state == "valid" and p.winners]
    assert sum(Fraction(r["won"]).limit_denominator(1000) for r in rows.values()) == len(decided)
    for name in NAMES:
        shares = (Fraction(1, len(p.winners)) for p in decided if name in p.winners)
        assert night.won()[name] == sum(shares, Fraction(0))
        assert rows[name]["played"] == sum(1 for p in ps if p.state == "valid")
    # a game not valid, added anywhere, changes nothing
    more = evening.Evening(Path("x.yaml"), "x", ps + [FakePlay(NAMES, "mistakes", ["Ann"]),
                                                        FakePlay(NAMES, "in progress", ["Ben"])])
    assert more.standings() == night.standings() and more.winners() == night.winners()
    best = max(night.won().values(), default=0)
    assert night.winners() == ([n for n in NAMES if night.won()[n] == best] if best else [])


def test_fraction_text_reads_as_written():
    assert [evening.fraction_text(Fraction(n, d)) for n, d in [(0, 1), (2, 1), (1, 2), (7, 3)]] == \
        ["0", "2", "1/2", "2 1/3"]


def test_the_kit_prints_the_standings_sheet_only_for_several_games(tmp_path):
    from printkit import inputs, kit, registry, validation

    def texts(text):
        path = tmp_path / "k.yaml"
        path.write_text(text, encoding="utf-8")
        doc = inputs.load(path)
        game = registry.get(doc.data["game"])
        return [" ".join(getattr(it, "text", "") for it in p.items)
                for p in kit.build(game, validation.validate(game.Config, doc))]

    one = texts("game: curve\nplayers: [Ann, Ben]\n")
    assert not any("standings" in t for t in one)
    two = texts("game: curve\nplayers: [Ann, Bartholomew Smithson]\ncopies: 2\n")
    assert "The evening's standings" in two[-1] and "Bartholomew Smithson" in two[-1]
    assert "Within The Curve, game 2 of 2" in two[-1]
    assert not any(w in two[-1].lower() for w in ("printkit score", "yaml", "--", "results file"))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("filled", [False, True])
def test_the_standings_sheet_is_printable_with_many_games_and_long_names(tmp_path, paper, filled):
    """Inside the margin, no text under 7 pt, nothing printed over anything, and every name whole, for the
    most players and a long evening (30 games across two pages of columns)."""
    import pdfplumber

    sys.path.insert(0, str(Path(__file__).resolve().parent / "quality"))
    from pdf_geometry import MM, ink, overlapping_text, text_runs

    from printkit import standings
    from printkit.sheet import MARGIN, MIN_TEXT, PAPERS, paper as make_paper
    from printkit.writers import pdf

    names = ["Maximilian Oberstein", "Bo", "Anastasia Papadopoulou"[:20], "Ann", "Kim", "Jo", "Lee", "Sam"]
    games = [f"Selling Knives Door-to-Door, game {n} of 12" for n in range(1, 13)] + \
            [f"Within The Curve, game {n} of 12" for n in range(1, 13)] + ["The Long Way"] * 6
    fill = {"cells": {(names[g % 8], g): "1" for g in range(30)}, "totals": {n: "3 1/2" for n in names},
            "winners": names[:2], "states": ["" if g % 5 else "not started" for g in range(30)]} if filled else None
    p = make_paper(paper)
    pages = standings.pages(p, "Friday night", games, names, fill)
    path = tmp_path / "s.pdf"
    path.write_bytes(pdf.render(pages, "s"))
    w, h = PAPERS[paper]
    with pdfplumber.open(path) as doc:
        words = "\n".join(page.extract_text() for page in doc.pages)
        for page in doc.pages:
            for mark in ink(page):
                assert MARGIN - 0.05 <= mark.x0 and mark.x1 <= w - MARGIN + 0.05, mark
                assert MARGIN - 0.05 <= mark.top and mark.bottom <= h - MARGIN + 0.05, mark
            assert all(r.size >= MIN_TEXT - 1e-6 for r in text_runs(page))
            assert not overlapping_text(page)
    for name in names:
        assert name in words
    assert "Game 30" in words and "Games won" in words


def test_load_reads_every_game_as_it_stands(night, printkit):
    """The evening as another module gets it (``evening.load``): every game read and scored at once."""
    printkit("template", night.name, cwd=night.parent)
    states = fill_files(night.parent)
    e = evening.load(night)
    assert e.title == "Friday night" and e.players == ["Ann", "Ben", "Cat", "Dan"]
    assert [p.results.name for p in e.plays] == [f"{n}-results.yaml" for n in FILES]
    assert [p.state for p in e.plays] == [states[n] for n in FILES]
    assert [p.label for p in e.plays][:2] == ["Selling Knives Door-to-Door, game 1 of 2",
                                              "Selling Knives Door-to-Door, game 2 of 2"]
    assert e.plays[0].winners == ["Dan"] and e.plays[0].report.scores["Dan"] == 21
    assert e.plays[8].winners == ["Ann", "Ben"] and e.plays[1].report is None
    assert e.winners() == [e.standings()[0]["name"]]
    bad = night.parent / "bad.yaml"
    bad.write_text("game: curve\nn: 99\n", encoding="utf-8")
    with pytest.raises(evening.InputError):
        evening.load(bad)


@settings(max_examples=examples(25), deadline=None)
@given(kept=st.sets(st.sampled_from(FILES)), text=st.text(max_size=40))
def test_template_never_replaces_a_file_that_is_there(tmp_path_factory, kept, text):
    """Whatever is there already (a typed record, half a file, rubbish), a template run leaves it byte for
    byte, and writes exactly the files that were missing."""
    from typer.testing import CliRunner

    from printkit.cli import app

    folder = tmp_path_factory.mktemp("night")
    (folder / "night.yaml").write_text(NIGHT, encoding="utf-8")
    for name in kept:
        (folder / f"{name}-results.yaml").write_text(f"{name}\n{text}", encoding="utf-8")
    before = files_of(folder)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        run = CliRunner().invoke(app, ["template", "night.yaml"])
    finally:
        os.chdir(cwd)
    assert run.exit_code == 0, run.output
    after = files_of(folder)
    assert {k: after[k] for k in before} == before
    assert set(after) == {f"{n}-results.yaml" for n in FILES}
    assert sorted(line.split()[1] for line in run.output.splitlines() if line.startswith("kept ")) == \
        sorted(f"{n}-results.yaml" for n in kept)


# ---------------------------------------------------------------- players as the files name them

THREE = "game: add-residue\ntitle: Friday\nplayers: [Ann, Ben, Cat]\nn: 13\nalso:\n  - {game: knives, kcount: 12}\n"


def evening_json(printkit, config: Path) -> tuple[int, dict]:
    run = printkit("score", config.name, "--json", cwd=config.parent)
    assert "Traceback" not in run.err and run.code in (0, 1, 2), run.err
    return run.code, json.loads(run.out)


def rows_of(out: dict) -> dict[str, tuple[Fraction, int]]:
    return {r["name"]: (Fraction(r["won"]).limit_denominator(100), r["played"]) for r in out["standings"]}


def test_a_guest_and_a_name_in_another_case_are_counted_for_the_games_they_played(tmp_path, printkit):
    """Finding 6: Gus, a guest for one game, and 'ann' where the config says Ann (the scorer's own way with
    names): the evening is scored (it ended in KeyError 'Gus', exit 70), Gus has his game, ann is Ann."""
    config = small_night(tmp_path, THREE, {
        "night-add-residue-1": played_as("played-add-residue.yaml", {"Ann": "ann"}),
        "night-knives-1": played_as("played-knives.yaml", {"Dan": "Gus"})})
    alone = [json.loads(printkit("score", f"night-{g}-1-results.yaml", "--json", cwd=tmp_path).out)
             for g in ("add-residue", "knives")]
    code, out = evening_json(printkit, config)
    assert code == 0
    won = {p: Fraction(0) for p in ["Ann", "Ben", "Cat", "Gus"]}
    for game in alone:
        for w in game["winners"]:
            won[{"ann": "Ann"}.get(w, w)] += Fraction(1, len(game["winners"]))
    assert rows_of(out) == {"Ann": (won["Ann"], 2), "Ben": (won["Ben"], 2), "Cat": (won["Cat"], 1),
                            "Gus": (won["Gus"], 1)}
    assert [g["players"] for g in out["games"]] == [["Ann", "Ben"], ["Ann", "Ben", "Cat", "Gus"]]
    assert out["games"][1]["remarks"] == ["Gus is not one of the evening's players (Ann, Ben, Cat): counted as a guest"]
    assert out["games"][0]["remarks"] == []  # ann is Ann: nothing to say
    text = printkit("score", config.name, cwd=tmp_path)
    assert text.code == 0 and "Traceback" not in text.err
    assert "  Note: Gus is not one of the evening's players (Ann, Ben, Cat): counted as a guest" in text.out
    assert any(line.split() == ["Gus", evening.fraction_text(won["Gus"]), "1"] for line in text.out.splitlines())


def test_a_kit_printed_for_a_number_of_players_counts_the_names_its_files_give(tmp_path, printkit):
    """Issue 51's first finding: ``players: 4`` (the likeliest way in) printed Player 1 to Player 4; the table
    typed its names into the files, and the evening called each of them a guest beside four rows of no one.
    A number of players names no one: the evening's players are the names its files give, none a guest, and a
    file not started that still holds the numbered places adds no row. A kit that names its players keeps
    its guests (the test above)."""
    counted = THREE.replace("players: [Ann, Ben, Cat]", "players: 4")
    config = small_night(tmp_path, counted, {"night-add-residue-1": played_as("played-add-residue.yaml", {})})
    blank = (tmp_path / "night-knives-1-results.yaml").read_text(encoding="utf-8")
    assert "Player 4" in blank  # (the knives game not started: its file holds the numbered places)
    alone = json.loads(printkit("score", "night-add-residue-1-results.yaml", "--json", cwd=tmp_path).out)
    code, out = evening_json(printkit, config)
    assert code == 0
    won = {p: Fraction(1, len(alone["winners"])) if p in alone["winners"] else Fraction(0) for p in ("Ann", "Ben")}
    assert rows_of(out) == {"Ann": (won["Ann"], 1), "Ben": (won["Ben"], 1)}
    assert [g["remarks"] for g in out["games"]] == [[], []]
    assert out["games"][0]["players"] == ["Ann", "Ben"]
    (tmp_path / "night-knives-1-results.yaml").write_text(
        blank.replace("Player 1", "Cat").replace("Player 2", "Dan").replace("Player 3", "Eve").replace("Player 4", "Fay"),
        encoding="utf-8")
    code, out = evening_json(printkit, config)
    assert rows_of(out) == {"Ann": (won["Ann"], 1), "Ben": (won["Ben"], 1), **{p: (0, 0) for p in ("Cat", "Dan", "Eve", "Fay")}}
    assert [g["remarks"] for g in out["games"]] == [[], []]
    text = printkit("score", config.name, cwd=tmp_path)
    assert text.code == 0 and "guest" not in text.out and "Player 1" not in text.out, text.out


def test_a_file_no_game_reads_any_more_is_said_never_dropped_without_a_word(tmp_path, printkit):
    """Issue 51: copies: 3 made three files, the config then said copies: 2: the third game's file, played,
    was dropped with no word. It is named, as not read and not counted, in the text and in the JSON."""
    config = small_night(tmp_path, THREE.replace("n: 13\n", "n: 13\ncopies: 3\n"), {
        "night-add-residue-3": played_as("played-add-residue.yaml", {})})
    config.write_text(config.read_text(encoding="utf-8").replace("copies: 3", "copies: 2"), encoding="utf-8")
    code, out = evening_json(printkit, config)
    assert out["left_over"] == ["night-add-residue-3-results.yaml"] and out["counted"] == 0
    text = printkit("score", config.name, cwd=tmp_path)
    assert "Not read: night-add-residue-3-results.yaml: no game of night.yaml is played in it now" in text.out
    config.write_text(config.read_text(encoding="utf-8").replace("copies: 2", "copies: 3"), encoding="utf-8")
    assert evening_json(printkit, config)[1]["left_over"] == []  # read again as its game: nothing left over


def test_a_name_spelt_otherwise_is_credited_as_the_file_names_it_and_said(tmp_path, printkit):
    """Finding 6: a file naming Cathy where the config says Cat credited the game to Cat, silently.  Cathy
    is credited, Cat is not, and the evening says so beside the game."""
    config = small_night(tmp_path, "game: knives\nplayers: [Ann, Ben, Cat, Dan]\nkcount: 12\ncopies: 2\n",
                         {"night-knives-1": played_as("played-knives.yaml", {"Cat": "Cathy"})})
    code, out = evening_json(printkit, config)
    assert code == 0
    rows = rows_of(out)
    assert rows["Cathy"][1] == 1 and rows["Cat"] == (Fraction(0), 0)
    said = "Cathy is not one of the evening's players (Ann, Ben, Cat, Dan): counted as a guest (did you mean 'Cat'?)"
    assert out["games"][0]["remarks"] == [said]
    assert said in printkit("score", config.name, cwd=tmp_path).out


def test_names_join_however_their_accents_are_typed(tmp_path, printkit):
    """Zoë typed as one letter in the config and as 'e' and its accent (in capitals) in a file is one player."""
    composed, typed_apart = "Zo\u00eb", "ZOE\u0308"
    config = small_night(tmp_path, f"game: add-residue\nplayers: [{composed}, Ben]\nn: 13\ncopies: 2\n", {
        "night-add-residue-1": played_as("played-add-residue.yaml", {"Ann": typed_apart}),
        "night-add-residue-2": played_as("played-add-residue.yaml", {"Ann": composed})})
    code, out = evening_json(printkit, config)
    assert code == 0 and sorted(r["name"] for r in out["standings"]) == sorted([composed, "Ben"])
    assert rows_of(out)[composed][1] == 2 and all(g["remarks"] == [] for g in out["games"])


def test_two_players_whose_names_are_the_same_letters_typed_two_ways_are_refused(tmp_path, printkit):
    """They print alike, and the evening would take them for one player: refused as names in another case are."""
    path = tmp_path / "r.yaml"
    path.write_text(played_as("played-add-residue.yaml", {"Ann": "Ren\u00e9", "Ben": "Rene\u0301"}), encoding="utf-8")
    run = printkit("score", "r.yaml", cwd=tmp_path)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1 and "typed two ways" in run.err, run.err


def test_a_game_played_alone_is_shown_with_its_score_and_not_won(tmp_path, printkit):
    """Finding 15: The Long Way played by Ann alone in a three-player evening counted as a game Ann won."""
    config = small_night(tmp_path, "game: add-residue\nplayers: [Ann, Ben, Cat]\nn: 13\nalso: [{game: ikes}]\n",
                         {"night-ikes-1": played_as("played-ikes.yaml", {})})
    alone = json.loads(printkit("score", "night-ikes-1-results.yaml", "--json", cwd=tmp_path).out)
    code, out = evening_json(printkit, config)
    assert code == 0
    game = out["games"][1]
    assert (game["state"], game["winners"], game["counted"], game["players"]) == ("valid", [], False, ["Ann"])
    assert game["result"] == alone and alone["players"][0]["score"] > 0  # shown with its score
    assert game["remarks"] == ["played alone: Ann's score stands, but a game of one is not won (not counted in "
                               "the standings)"]
    assert rows_of(out)["Ann"] == (0, 0) and out["winners"] == [] and out["counted"] == 0
    text = printkit("score", config.name, cwd=tmp_path).out
    block = text.split("Game 2. ")[1].split("\n\n")[0]
    assert f"Ann  {alone['players'][0]['score']:>4}" in block and "Winner" not in block
    assert "Not counted: game 1 (not started), game 2 (played alone)" in text
    assert "Winner of the evening: none yet" in text


def test_a_set_up_that_differs_from_the_kit_is_said_beside_the_game(tmp_path, printkit):
    """Finding 15: a curve file at n 12 in a kit printed at n 10 was scored with nothing said.  A kcount
    drawn at the table is the kit's as long as the kit holds its map (8 to 14)."""
    config = small_night(tmp_path, "game: curve\nplayers: [Ann, Ben, Cat]\nn: 10\nalso:\n"
                                   "  - {game: knives, players: [Ann, Ben, Cat, Dan], kcount: draw, copies: 2}\n",
                         {"night-curve-1": played_as("played-curve.yaml", {}),
                          "night-knives-1": played_as("played-knives.yaml", {}),
                          "night-knives-2": played_as("played-knives.yaml", {}).replace("kcount: 12", "kcount: 20")})
    code, out = evening_json(printkit, config)
    said = "set up with n 12 in this file, but the kit was printed with n 10: scored as the file says"
    assert out["games"][0]["remarks"] == [said] and out["games"][0]["state"] == "valid"
    assert out["games"][1]["remarks"] == []  # kcount 12: drawn, and the kit holds its map
    assert out["games"][2]["remarks"] == ["set up with kcount 20 in this file, but the kit was printed with kcount "
                                          "drawn at the table (8 to 14): scored as the file says"]
    assert f"  Note: {said}" in printkit("score", config.name, cwd=tmp_path).out


# ---------------------------------------------------------------- the evening, searched

SEARCHED = ("game: add-residue\ntitle: Searched\nplayers: [Ann, Ben, Cat, Zo\u00eb]\nn: 2\ncopies: 3\n"
            "also:\n  - {game: ikes, copies: 2}\n")
SEARCHED_FILES = ["night-add-residue-1", "night-add-residue-2", "night-add-residue-3", "night-ikes-1", "night-ikes-2"]
KIT = ["Ann", "Ben", "Cat", "Zo\u00eb"]
PEOPLE = KIT + ["Gus", "Cathy", "Zoe"]  # guests: one for a game, Cat spelt otherwise, Zoë without her accent
SPELT = [lambda s: s, str.lower, str.upper, str.swapcase, lambda s: unicodedata.normalize("NFD", s)]
BROKEN = {  # files that do not read, each as it would come about at the table
    "syntax": "game: add-residue\nplayers: [Ann\n",
    "another game": (Path(__file__).parent / "games" / "data" / "played-curve.yaml").read_text(encoding="utf-8"),
    "empty": "",
    "binary": "game: add-residue\n\0\1",
    "no game": "players: [Ann, Ben]\nmoves: []\n",
    "a name twice": "game: add-residue\nplayers: [Ann, ann]\nn: 2\nmoves: []\n",
    "a folder": None,
}


def key(name: str) -> str:
    """The test's own join of names: the same letters in any case, accents however typed."""
    return unicodedata.normalize("NFC", name).casefold()


@st.composite
def game_file(draw, game: str):
    """One game's file: not there, one that does not read, or played by players named as the file names
    them (a kit player in any case or with her accent typed apart, a guest), played out or cut short, at
    the kit's n or another."""
    kind = draw(st.sampled_from(["missing", "broken", "set-up", "played", "played", "played", "played"]))
    if kind == "missing":
        return {"kind": kind}
    if kind == "broken":
        return {"kind": kind, "broken": draw(st.sampled_from(sorted(BROKEN)))}
    people = draw(st.lists(st.sampled_from(PEOPLE), min_size=1 if game == "ikes" else 2, max_size=4, unique=True))
    names = [draw(st.sampled_from(SPELT))(p) for p in people]
    n = draw(st.sampled_from([2, 2, 1])) if game == "add-residue" else None
    if kind == "set-up":
        return {"kind": kind, "names": names, "n": n}
    rng = draw(st.randoms(use_true_random=False))
    cut = draw(st.sampled_from([None, None, None, "some"]))
    return {"kind": kind, "names": names, "n": n, "rng": rng, "cut": cut}


def write_game(path: Path, game: str, f: dict) -> None:
    if f["kind"] == "missing":
        return
    if f["kind"] == "broken":
        text = BROKEN[f["broken"]]
        path.mkdir() if text is None else path.write_text(text, encoding="utf-8")
        return
    doc: dict = {"game": game, "players": f["names"]}
    if game == "add-residue":
        doc["n"] = f["n"]
        if f["kind"] == "played":
            left = {p: [(op, x) for op in ("add", "mod") for x in range(1, f["n"] + 1)] for p in f["names"]}
            moves = [f"{p} {' '.join(map(str, left[p].pop(f['rng'].randrange(len(left[p])))))}"
                     for _ in range(2 * f["n"]) for p in f["names"]]
            doc["moves"] = moves[:f["rng"].randrange(len(moves))] if f["cut"] else moves
    elif f["kind"] == "played":
        sheet = yaml.safe_load((Path(__file__).parent / "games" / "data" / "played-ikes.yaml").read_text())["sheets"]["Ann"]
        sheet.pop("turns")  # its turns are Ann's rolls, alone: each player the same sheet without them, all tie
        doc["sheets"] = {p: copy.deepcopy(sheet) for p in f["names"]}
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")


def counted_by_hand(files: list[dict], games: list[dict]) -> tuple[dict, dict]:
    """The second counter: for each game its file played out with two players or more, each player its file
    names is credited with one game, and each winner (as the game's own result names them) with 1/k of a
    win; by the test's join of names.  Returns (played, won) by name key, every kit player and guest in."""
    played = {key(p): 0 for p in KIT}
    won = {key(p): Fraction(0) for p in KIT}
    for f, g in zip(files, games):  # (a file that does not read names nobody)
        for name in f.get("names", []) if g["state"] != "unreadable" else []:
            played.setdefault(key(name), 0)
            won.setdefault(key(name), Fraction(0))
        if g["state"] != "valid" or len(f["names"]) < 2:
            continue
        for name in f["names"]:
            played[key(name)] += 1
        winners = g["result"]["winners"]
        for w in winners:
            won[key(w)] += Fraction(1, len(winners))
    return played, won


def served_evening(config: Path) -> tuple[int, dict | None]:
    """The entry server for the evening, started in this process on 127.0.0.1: GET /api/evening's status
    and answer (None when no game's file opens: the server does not start, in one line)."""
    import http.client
    import threading

    from printkit.enter.evening import Night, make_server

    try:
        live = Night(evening.load(config), "127.0.0.1")
    except evening.InputError:
        return 0, None
    srv = make_server(live, "127.0.0.1", 0)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    try:
        host = f"127.0.0.1:{srv.server_address[1]}"
        conn = http.client.HTTPConnection(host, timeout=30)
        conn.request("GET", "/api/evening", headers={"Host": host, "X-Printkit-Token": live.token})
        r = conn.getresponse()
        body = r.read()
        conn.close()
        return r.status, json.loads(body) if r.status == 200 else {"error": body.decode("utf-8", "replace")}
    finally:
        srv.shutdown()
        srv.server_close()
        for s in live.sessions:
            if s is not None:
                s.table.close()


@settings(max_examples=examples(10), deadline=None)
@given(files=st.tuples(*[game_file("ikes" if "ikes" in n else "add-residue") for n in SEARCHED_FILES]))
def test_the_evening_counts_every_game_for_the_players_its_file_names(tmp_path_factory, files):
    """Random players lists per game file (guests, names in any case, Zoë's accent typed apart, Cathy for
    Cat), games played alone, cut short, at another n, files that do not read: ``score night.yaml`` (text and
    JSON) and the evening the entry server serves never fail, agree, and every game is credited to exactly
    the players its file names (the second counter above); the season reads the same players."""
    from typer.testing import CliRunner

    from printkit.cli import app
    from printkit.season import folder as season_folder
    from printkit.season.standings import shown

    here = tmp_path_factory.mktemp("night")
    (here / "night.yaml").write_text(SEARCHED, encoding="utf-8")
    for name, f in zip(SEARCHED_FILES, files):
        write_game(here / f"{name}-results.yaml", "ikes" if "ikes" in name else "add-residue", f)
    before = sorted(here.rglob("*"))
    cwd = os.getcwd()
    os.chdir(here)
    try:
        runs = [CliRunner().invoke(app, ["score", "night.yaml", *extra]) for extra in (["--json"], [])]
        status, answer = served_evening(Path("night.yaml"))  # named as at the terminal, from its folder
    finally:
        os.chdir(cwd)
    for run in runs:
        assert run.exception is None or isinstance(run.exception, SystemExit), run.output
        assert run.exit_code in (0, 1, 2), run.output
    out = json.loads(runs[0].output)
    games = out["games"]

    # each game: its state as its file stands, its players as the file names them, what is said beside it
    for f, g, name in zip(files, games, SEARCHED_FILES):
        kind = f["kind"]
        blank = "not started" if "add-residue" in name else "unreadable"  # The Long Way needs its sheets
        assert g["state"] == {"missing": "not started", "broken": "unreadable", "set-up": blank}.get(
            kind, g["state"]), (name, f, g)
        if kind == "played" and not f["cut"]:
            assert g["state"] == "valid", (name, g)
        names = f.get("names") if g["state"] != "unreadable" else None
        kit_names = {key(p): p for p in KIT}
        if names is not None:
            assert [key(p) for p in g["players"]] == [key(p) for p in names]
            assert all(g["players"][i] == kit_names[key(p)] for i, p in enumerate(names) if key(p) in kit_names)
        alone = g["state"] == "valid" and len(names or []) == 1
        assert g["counted"] == (g["state"] == "valid" and not alone)
        assert g["winners"] == ([] if not g["counted"] else
                                [g["players"][[key(p) for p in names].index(key(w))] for w in g["result"]["winners"]])
        guests = [p for p in names or [] if key(p) not in kit_names]
        other_n = names is not None and f.get("n") not in (None, 2)
        assert len(g["remarks"]) == len(guests) + alone + other_n, g["remarks"]
        assert all(any(r.startswith(f"{p} is not one of the evening's players") for r in g["remarks"]) for p in guests)
        assert alone == any(r.startswith("played alone") for r in g["remarks"])
        assert other_n == any("set up with n 1" in r for r in g["remarks"])

    # the standings: the second counter, by name; every player once; the kit's in its spelling
    played, won = counted_by_hand(list(files), games)
    rows = {key(r["name"]): r for r in out["standings"]}
    assert len(rows) == len(out["standings"]) and set(rows) == set(played)
    assert all(rows[key(p)]["name"] == p for p in KIT)
    assert {k: (r["played"], Fraction(r["won"]).limit_denominator(100)) for k, r in rows.items()} == \
        {k: (played[k], won[k]) for k in played}
    assert out["counted"] == sum(g["counted"] for g in games)
    best = max(won.values())
    assert {key(w) for w in out["winners"]} == ({k for k, v in won.items() if v == best} if best else set())

    # the text says the same, and every remark beside its game
    text = runs[1].output
    assert text.count("\n  Note: ") == sum(len(g["remarks"]) for g in games)
    assert runs[0].exit_code == runs[1].exit_code == (2 if any(g["state"] == "unreadable" for g in games) else
                                                       1 if any(g["state"] == "mistakes" for g in games) else 0)

    # the entry server: the same evening, never a 500; it starts unless no game's file opens
    assert status == (200 if any(f["kind"] in ("played", "set-up") for f in files) else 0), answer
    if status == 200:
        for g in answer["games"]:
            del g["url"], g["number"]
        assert {k: answer[k] for k in out} == out
    assert sorted(here.rglob("*")) == before  # nothing written by looking

    # the season reads the same players, and counts the same games for them
    season = season_folder.load(here)
    assert {key(ln.name): (ln.played, shown(ln.won)) for ln in season.table.lines} == \
        {k: (played[k], shown(won[k])) for k in played if played[k]}


def test_a_game_played_by_fewer_than_printed_is_over_after_as_many_rounds_each(tmp_path, printkit):
    """Making Intersections printed for three (six rounds: twice round the table) and played by Ann and Ben:
    four rounds are the whole game (it stayed "in progress" for ever, waiting for six)."""
    played = yaml.safe_load((Path(__file__).parent / "games" / "data" / "played-intersections.yaml").read_text())
    files = {}
    for k, rounds in ((1, 4), (2, 3)):
        doc = {**played, "players": ["Ann", "Ben"], "rounds": played["rounds"][:rounds]}
        files[f"night-intersections-{k}"] = yaml.safe_dump(doc, sort_keys=False)
    config = small_night(tmp_path, "game: intersections\nplayers: [Ann, Ben, Cat]\nn: 6\nsegments: 12\ncopies: 2\n",
                         files)
    code, out = evening_json(printkit, config)
    assert [g["state"] for g in out["games"]] == ["valid", "in progress"]
    assert out["games"][0]["winners"] == json.loads(printkit("score", "night-intersections-1-results.yaml", "--json",
                                                             cwd=tmp_path).out)["winners"]
