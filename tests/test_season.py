"""printkit season: the table across the evenings of a folder, the same on the command line, in JSON and in
the picture; how evenings are found and ordered; names across evenings and aliases; input errors."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from hypothesis import given, settings, strategies as st
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

sys.path.insert(0, str(Path(__file__).resolve().parent))
import season_data  # noqa: E402
from printkit import evening as evenings, inputs, registry, validation  # noqa: E402
from printkit.season.standings import Night, Play, shown, table  # noqa: E402


@pytest.fixture(scope="module")
def autumn(tmp_path_factory) -> Path:
    """Three evenings from the played records, the last with Within The Curve not entered yet."""
    return season_data.season(tmp_path_factory.mktemp("s") / "autumn", 3, skip_last=("curve",))


def expected(folder: Path) -> dict:
    """The table worked out here, file by file, without the season's code: each results file scored alone."""
    out: dict[str, dict] = {}
    configs = sorted(p for p in folder.glob("*.yaml") if not p.name.endswith("-results.yaml"))
    for config in configs:
        night = config.stem
        seen = set()
        for play in evenings.load(config, read=False).plays:
            if not play.results.exists():
                continue
            doc = inputs.load(play.results)
            game = registry.get(doc.data["game"])
            report = game.score(validation.validate(game.Results, doc))
            if not report.valid or len(report.players) < 2:  # a game played alone is won by nobody
                continue
            for p in report.players:
                row = out.setdefault(p, {"evenings": 0, "played": 0, "won": Fraction(0), "games": {}})
                g = row["games"].setdefault(game.id, {"played": 0, "won": Fraction(0), "best": None})
                seen.add(p)
                row["played"] += 1
                g["played"] += 1
                if p in report.winners:
                    row["won"] += Fraction(1, len(report.winners))
                    g["won"] += Fraction(1, len(report.winners))
                if g["best"] is None or report.scores[p] > g["best"][0]:
                    g["best"] = (report.scores[p], night)
        for p in seen:
            out[p]["evenings"] += 1
    return out


def number(x: Fraction):
    return int(x) if x.denominator == 1 else round(float(x), 2)


def test_three_evenings_the_same_table_in_json_as_worked_out_file_by_file(autumn, printkit):
    r = printkit("season", autumn, "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    want = expected(autumn)
    assert {p["name"] for p in got["players"]} == set(want)
    assert len(got["evenings"]) == 3
    last = got["evenings"][-1]
    assert [g["state"] for g in last["games"] if g["game"] == "curve"] == ["not started"]
    for row in got["players"]:
        w = want[row["name"]]
        assert (row["evenings"], row["played"], row["won"]) == (w["evenings"], w["played"], number(w["won"]))
        assert row["win_rate"] == int(w["won"] * 100 / w["played"] + Fraction(1, 2))
        assert set(row["games"]) == set(w["games"])
        for gid, g in row["games"].items():
            wg = w["games"][gid]
            assert (g["played"], g["won"], g["best"], g["best_evening"]) == \
                (wg["played"], number(wg["won"]), *wg["best"])
    won = [Fraction(p["won"]).limit_denominator(100) for p in got["players"]]
    assert won == sorted(won, reverse=True)
    assert got["leaders"] == [p["name"] for p in got["players"] if Fraction(p["won"]).limit_denominator(100) == won[0]]
    # the game not entered is never counted: the curve was played on two evenings only
    assert sum(p["games"].get("curve", {}).get("played", 0) for p in got["players"]) == \
        sum(len(yaml.safe_load(season_data.played("curve"))["players"]) for _ in range(2))


def main_rows(out: str) -> list[list[str]]:
    lines = out.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Player"))
    rows = []
    for ln in lines[start + 1:]:
        if not ln.strip():
            break
        rows.append(ln.split())
    return rows


def test_the_command_line_prints_the_same_table_as_json(autumn, printkit):
    got = json.loads(printkit("season", autumn, "--json").out)
    r = printkit("season", autumn)
    assert r.code == 0, r.err
    rows = main_rows(r.out)
    assert rows == [[p["name"], str(p["evenings"]), str(p["played"]), str(p["won"]), f"{p['win_rate']}%",
                     str(p["streak"]), str(p["best_streak"])] for p in got["players"]]
    for gid in got["games"]:
        title = registry.get(gid).title
        block = r.out.split(f"\n{title}\n", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
        want = [[p["name"], str(g["played"]), str(g["won"]), f"{g['win_rate']}%", str(g["best"]), g["best_evening"]]
                for p in got["players"] if (g := p["games"].get(gid))]
        assert [ln.split() for ln in block] == want
    lead = got["leaders"]
    assert f"Leader: {lead[0]}" in r.out if len(lead) == 1 else "Leaders (sharing the lead)" in r.out
    assert "Not counted:" in r.out and "Within The Curve (not started)" in r.out


def test_the_picture_shows_the_same_table(autumn, printkit, tmp_path):
    import pdfplumber

    got = json.loads(printkit("season", autumn, "--json").out)
    r = printkit("season", autumn, "--picture", tmp_path / "season.pdf")
    assert r.code == 0, r.err
    with pdfplumber.open(tmp_path / "season.pdf") as pdf:
        assert len(pdf.pages) == 1
        words = pdf.pages[0].extract_words()
    lines: dict[int, list[str]] = {}
    for w in words:
        lines.setdefault(round(w["top"]), []).append(w["text"])
    printed = [" ".join(v) for _, v in sorted(lines.items())]
    for p in got["players"]:
        row = f"{p['name']} {p['evenings']} {p['played']} {p['won']} {p['win_rate']}% {p['streak']} {p['best_streak']}"
        assert row in printed, (row, printed)
        bests = " ".join(f"{p['games'][g]['best']} ({p['games'][g]['best_evening']})" if g in p["games"] else "-"
                         for g in got["games"])
        assert f"{p['name']} {bests}" in printed
    assert r.out.strip().endswith(f"Picture: {tmp_path / 'season.pdf'}")
    for suffix in ("png", "svg"):
        assert printkit("season", autumn, "--picture", tmp_path / f"season.{suffix}").code == 0
        assert (tmp_path / f"season.{suffix}").stat().st_size > 1000


def test_the_picture_is_the_same_bytes_each_run(autumn, printkit, tmp_path):
    for k in (1, 2):
        assert printkit("season", autumn, "--picture", tmp_path / f"{k}.pdf").code == 0
    assert (tmp_path / "1.pdf").read_bytes() == (tmp_path / "2.pdf").read_bytes()


def test_evenings_run_in_name_order_through_subfolders_and_skip_results_and_hidden(tmp_path):
    from printkit.season import folder

    top = tmp_path / "s"
    for name in ("week-10/night", "week-02/night", "2026-01-05", ".old/2025", "a/b/c/too-deep"):
        season_data.evening(top, name, games=["add-residue"])
    (top / "season.yaml").write_text("aliases: {}\n")
    found = [folder.evening_name(top, p) for p in folder.evening_files(top)]
    assert found == ["2026-01-05", "week-02/night", "week-10/night"]
    s = folder.load(top)
    assert [n.name for n in s.nights] == found


def test_names_match_in_any_case_and_through_aliases(tmp_path, printkit):
    top = tmp_path / "s"
    season_data.evening(top, "1", games=["add-residue"])
    season_data.evening(top, "2", {"Ann": "ann", "Ben": "Benjamin"}, games=["add-residue"])
    got = json.loads(printkit("season", top, "--json").out)
    assert sorted(p["name"] for p in got["players"]) == ["Ben", "Benjamin", "ann"]  # once each: the latest
    assert next(p for p in got["players"] if p["name"] == "ann")["evenings"] == 2
    season_data.evening(top, "3", games=["add-residue"])
    got = json.loads(printkit("season", top, "--json").out)
    assert sorted(p["name"] for p in got["players"]) == ["Ann", "Ben", "Benjamin"]  # the spelling used most
    (top / "season.yaml").write_text("title: Autumn league\naliases: {Benjamin: Ben}\n")
    got = json.loads(printkit("season", top, "--json").out)
    assert got["season"] == "Autumn league"
    assert sorted(p["name"] for p in got["players"]) == ["Ann", "Ben"]
    assert all(p["evenings"] == 3 and p["played"] == 3 for p in got["players"])


def test_an_alias_chain_ending_in_a_name_respelt_is_followed_and_a_loop_refused(tmp_path, printkit):
    """Issue 51: ``{Benjamin: Ben, Ben: BEN}`` (Benjamin is Ben, whose name is spelt BEN) was refused as a loop;
    it is a chain that ends. A chain that comes back to a name of its own is still refused."""
    top = tmp_path / "s"
    season_data.evening(top, "1", {"Ben": "Benjamin"}, games=["add-residue"])
    season_data.evening(top, "2", games=["add-residue"])
    (top / "season.yaml").write_text("aliases: {Benjamin: Ben, Ben: BEN}\n")
    run = printkit("season", top, "--json")
    assert run.code == 0, run.err
    got = json.loads(run.out)
    assert sorted(p["name"] for p in got["players"]) == ["Ann", "BEN"]
    assert next(p for p in got["players"] if p["name"] == "BEN")["evenings"] == 2
    for loop in ("{Benjamin: Ben, Ben: Benjamin}", "{Ann: Ben, Ben: Cat, Cat: Ann}"):
        (top / "season.yaml").write_text(f"aliases: {loop}\n")
        run = printkit("season", top)
        assert run.code == 2 and "stand for each other in a loop" in run.err, (loop, run.err)


def test_a_season_file_in_a_subfolder_is_never_read_as_an_evening(tmp_path, printkit):
    """Issue 51: a season kept inside another's folder (autumn/week-1/, autumn/spring/season.yaml): its
    season.yaml was read as an evening's config ("missing key 'game'") and the whole season refused."""
    top = tmp_path / "s"
    season_data.evening(top, "1", games=["add-residue"])
    (top / "spring").mkdir()
    (top / "spring" / "season.yaml").write_text("title: Spring\naliases: {Benjamin: Ben}\n")
    run = printkit("season", top, "--json")
    assert run.code == 0, run.err
    assert [e["name"] for e in json.loads(run.out)["evenings"]] == ["1"]


def test_a_results_file_not_named_as_one_is_said_to_be_a_played_game(tmp_path, printkit):
    """Issue 51: a played game's file saved as friday-ikes.yaml in the season's folder was read as an
    evening's config and refused as 'sheets: unknown key (did you mean 'season'?)'. It is said to be a
    played game's file, at its record, with where such a file goes."""
    top = tmp_path / "s"
    season_data.evening(top, "1", games=["add-residue"])
    (top / "friday-ikes.yaml").write_text((Path(__file__).resolve().parent / "games" / "data" / "played-ikes.yaml").read_text())
    run = printkit("season", top)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert "friday-ikes.yaml:" in run.err and "sheets: this file holds a played game of The Long Way" in run.err
    assert "unknown key" not in run.err


def test_two_configs_naming_one_results_file_are_refused_never_counted_twice(tmp_path, printkit):
    """Issue 51: night.yaml and night.yml in one folder share their results files, and a one-game
    night-add-residue-1.yaml reads night.yaml's first game: the season counted that game twice. Refused,
    naming both configs and the file."""
    top = tmp_path / "s"
    season_data.evening(top, "night", games=["add-residue", "knives"])
    assert json.loads(printkit("season", top, "--json").out)["games"]  # (the evening alone: read)
    for twin, text in [("night.yml", (top / "night.yaml").read_text()),
                       ("night-add-residue-1.yaml", "game: add-residue\nplayers: [Ann, Ben]\n")]:
        (top / twin).write_text(text)
        run = printkit("season", top)
        assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
        assert "night-add-residue-1-results.yaml is also the one of" in run.err and "counted twice" in run.err, run.err
        assert twin in run.err and "night.yaml" in run.err, run.err
        (top / twin).unlink()


def test_a_played_file_no_game_of_its_evening_reads_is_listed_not_counted(tmp_path, printkit):
    """Issue 51: an evening printed with copies: 3 and played, then its config changed to copies: 2: the
    third game's file vanished from the season with no word. It is listed as not read, with why."""
    top = tmp_path / "s"
    season_data.evening(top, "night", games=["add-residue", "knives"])
    played = next(top.glob("night-add-residue-1-results.yaml"))
    (top / "night-add-residue-2-results.yaml").write_text(played.read_text())
    run = printkit("season", top, "--json")
    games = json.loads(run.out)["evenings"][0]["games"]
    assert [g["label"] for g in games if g["state"] == "not read"] == ["night-add-residue-2-results.yaml"]
    assert "no game of night.yaml is played in it now" in games[-1]["problem"]
    text = printkit("season", top).out
    assert "  - night: night-add-residue-2-results.yaml (not read: no game of night.yaml" in text, text


names = st.sampled_from(["Ann", "Ben", "Cat", "Dan", "Eve"])
states = st.sampled_from(["valid", "valid", "valid", "not started", "in progress", "mistakes", "unreadable"])


@st.composite
def plays(draw):
    who = draw(st.lists(names, min_size=1, max_size=5, unique=True))
    scores = {p: draw(st.integers(0, 30)) for p in who}
    top = max(scores.values())
    state = draw(states)
    return Play("a game", draw(st.sampled_from(list(registry.GAMES))), state, who,
                scores if state == "valid" else {}, [p for p in who if scores[p] == top] if state == "valid" else [])


nights = st.lists(st.lists(plays(), max_size=6), max_size=6).map(
    lambda ns: [Night(f"2026-{k + 1:02d}", "Friday", ps) for k, ps in enumerate(ns)])


@settings(max_examples=examples(150), deadline=None)
@given(nights)
def test_the_table_shares_each_counted_win_and_never_counts_the_rest(ns):
    t = table(ns, list(registry.GAMES))
    counted = [p for n in ns for p in n.plays if p.counted]
    assert sum(ln.won for ln in t.lines) == len(counted)  # a tie is shared: one game, one win in all
    assert sum(ln.played for ln in t.lines) == sum(len(p.players) for p in counted)
    kept = [Night(n.name, n.title, [p for p in n.plays if p.counted]) for n in ns]
    again = table(kept, list(registry.GAMES))
    assert [(ln.name, ln.won, ln.played, ln.evenings) for ln in again.lines] == \
        [(ln.name, ln.won, ln.played, ln.evenings) for ln in t.lines]  # what is not counted changes nothing
    for ln in t.lines:
        assert 0 <= ln.won <= ln.played and ln.best_streak >= ln.streak
        assert len(ln.wins_after) == len(ns) and ln.wins_after[-1] == ln.won
        for gid, g in ln.games.items():
            assert g.best == max(p.scores[ln.name] for p in counted if p.game == gid and ln.name in p.players)
    for ln in t.lines:  # streaks: the player's counted games in order, a win (shared or not) or not
        runs, run = [], 0
        for p in counted:
            if ln.name in p.players:
                run = run + 1 if ln.name in p.winners else 0
                runs.append(run)
        assert (ln.streak, ln.best_streak) == (runs[-1], max(runs))
    won = [ln.won for ln in t.lines]
    assert won == sorted(won, reverse=True)
    assert set(t.leaders) == ({ln.name for ln in t.lines if ln.won == won[0]} if won and won[0] else set())


def test_shared_wins_are_shown_to_two_places():
    assert [shown(Fraction(x)) for x in (3, Fraction(5, 2), Fraction(4, 3))] == [3, 2.5, 1.33]


@pytest.mark.parametrize("setup, args, message", [
    (None, ["nowhere"], "nowhere: FOLDER: no such folder"),
    ({"season.yaml": "title: x\naliasses: {a: b}\n"}, [], "season.yaml:2: aliasses: unknown key (did you mean 'aliases'?)"),
    ({"season.yaml": "aliases: {Benjamin: [x]}\n"}, [], "season.yaml:1: aliases.Benjamin: expected text"),
    ({"season.yaml": "aliases: {Ann: Ben, Ben: Ann}\n"}, [], "season.yaml:1: aliases: the names"),
    ({"season.yaml": "aliases: {Ben: Ann}\n"}, [], "season.yaml:1: aliases.Ben: Ann and Ben both play one game"),
    ({"season.yaml": "title: \"Autumn\\u202e league\"\n"}, [], "season.yaml:1: title: the title"),
    ({"season.yaml": "aliases: {Benjamin: \"B\\x07en\"}\n"}, [], "season.yaml:1: aliases.Benjamin: player name"),
    ({"season.yaml": "aliases: {Benjamin: Benjamin the Magnificent}\n"}, [],
     "season.yaml:1: aliases.Benjamin: player name 'Benjamin the Magnificent' must be 1 to 20 characters"),
    ({"zz.yaml": "game: knives\nplayers: [A, B]\nkcont: 3\n"}, [], "zz.yaml:3: kcont: unknown key"),
    ({}, ["--picture", "x.txt"], "x.txt: --picture: the chart must be a .png, .svg or .pdf file"),
])
def test_unusable_input_is_one_line_naming_file_line_and_key(tmp_path, printkit, setup, args, message):
    top = tmp_path / "s"
    season_data.evening(top, "2026-01-01", games=["add-residue"])
    for name, text in (setup or {}).items():
        (top / name).write_text(text)
    r = printkit("season", *(args if setup is None else [top, *args]), cwd=tmp_path)
    assert r.code == 2 and r.out == ""
    assert len(r.err.strip().splitlines()) == 1 and message in r.err, r.err
    assert "Traceback" not in r.err


def test_an_unreadable_results_file_is_listed_with_why_and_not_counted(tmp_path, printkit):
    top = tmp_path / "s"
    season_data.evening(top, "1", games=["add-residue", "intersections"])
    (top / "1-intersections-1-results.yaml").write_text("game: intersections\nplayers: [Ann, Ben]\nn: [\n")
    r = printkit("season", top)
    assert r.code == 0, r.err
    assert "Making Intersections (unreadable: " in r.out and "1-intersections-1-results.yaml:4: YAML syntax error" in r.out
    got = json.loads(printkit("season", top, "--json").out)
    assert sum(p["played"] for p in got["players"]) == 2  # the add-residue game's two players alone


def test_a_reading_kept_reads_again_only_the_files_changed(tmp_path, monkeypatch):
    from printkit import evening
    from printkit.season import folder, text

    top = season_data.season(tmp_path / "s", 3, skip_last=("curve",))
    memo: dict = {}
    first = text.to_json(folder.load(top, memo=memo))
    assert first == text.to_json(folder.load(top))
    read = []
    real = evening.Play.read
    monkeypatch.setattr(evening.Play, "read", lambda self: (read.append(self.results.name), real(self))[1])
    assert text.to_json(folder.load(top, memo=memo)) == first and read == []
    changed = top / "2026-09-10-knives-1-results.yaml"
    changed.write_text(changed.read_text().replace("turns: [", "turns: [Ann claims 1-2 with 2, ", 1))
    missing = next(p for p in evening.load(top / "2026-09-17.yaml", read=False).plays if p.game_id == "curve").results
    missing.write_text(season_data.renamed(season_data.played("curve"), season_data.turn(2)))
    again = text.to_json(folder.load(top, memo=memo))
    assert sorted(read) == sorted([changed.name, missing.name])
    assert again == text.to_json(folder.load(top)) != first


def test_a_season_with_no_game_counted_yet(tmp_path, printkit):
    """An empty folder, and one whose only evening has no game entered: the table says so everywhere."""
    from printkit.season import folder, sheet
    from printkit.sheet import paper

    (tmp_path / "empty").mkdir()
    season_data.evening(tmp_path / "blank", "1", skip=tuple(season_data.GAMES))
    for top in (tmp_path / "empty", tmp_path / "blank"):
        r = printkit("season", top, "--picture", tmp_path / f"{top.name}.pdf")
        assert r.code == 0, r.err
        assert "Leader: nobody yet (no game won)" in r.out and "0 games counted" in r.out or "no evenings yet" in r.out
        got = json.loads(printkit("season", top, "--json").out)
        assert got["players"] == [] and got["leaders"] == []
        pages = sheet.pages(folder.load(top), paper("letter"))
        assert len(pages) == 1


def test_a_game_played_alone_counts_for_nobody(tmp_path, printkit):
    """Finding 15, the season too: Ann's The Long Way alone made her win rate 100%."""
    top = tmp_path / "s"
    season_data.evening(top, "1", games=["add-residue", "ikes"])  # The Long Way: Ann alone, as played
    got = json.loads(printkit("season", top, "--json").out)
    ann = next(p for p in got["players"] if p["name"] == "Ann")
    assert "ikes" not in ann["games"] and ann["played"] == 1
    alone = next(g for g in got["evenings"][0]["games"] if g["game"] == "ikes")
    assert (alone["state"], alone["counted"], alone["winners"]) == ("valid", False, [])
    assert alone["scores"]["Ann"] > 0  # shown with its score
    r = printkit("season", top)
    assert r.code == 0 and "  - 1: The Long Way (played alone)" in r.out


def test_the_season_counts_the_players_the_evening_counts(tmp_path, printkit):
    """Finding 6 in the season: a guest (Gus), a name in another case (ann) and one spelt otherwise (Cathy)
    stand the same in the season as in the evening's standings."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from evening_night import played_as, small_night

    config = small_night(tmp_path / "s", "game: add-residue\nplayers: [Ann, Ben, Cat]\nn: 13\nalso:\n"
                                         "  - {game: knives, kcount: 12}\n  - {game: curve, n: 12}\n", {
        "night-add-residue-1": played_as("played-add-residue.yaml", {"Ann": "ann"}),
        "night-knives-1": played_as("played-knives.yaml", {"Dan": "Gus"}),
        "night-curve-1": played_as("played-curve.yaml", {"Cat": "Cathy"})})
    night = json.loads(printkit("score", config.name, "--json", cwd=config.parent).out)
    season = json.loads(printkit("season", config.parent, "--json").out)
    assert {p["name"]: (p["played"], p["won"]) for p in season["players"]} == \
        {r["name"]: (r["played"], r["won"]) for r in night["standings"] if r["played"]}
    assert {p["name"] for p in season["players"]} == {"Ann", "Ben", "Cat", "Gus", "Cathy"}
