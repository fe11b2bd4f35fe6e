"""What is still to enter (enter/progress.py): the violations about a part nobody has entered yet, read
against the scorer on the played examples with parts blanked."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

from printkit import registry
from printkit.enter import document, progress

DATA = Path(__file__).resolve().parent.parent / "games" / "data"
CURVE = yaml.safe_load((DATA / "played-curve.yaml").read_text(encoding="utf-8"))
BLANK = ". . . . . . . . . . . .\n" * 12


def test_a_whole_played_game_has_nothing_still_to_enter():
    for name in ("curve", "ikes", "knives", "add-residue", "intersections"):
        data = yaml.safe_load((DATA / f"played-{name}.yaml").read_text(encoding="utf-8"))
        assert document.check(registry.get(data["game"]), data)["waiting"]["violations"] == []


def test_empty_reads_nothing_written_only():
    assert progress.empty(None) and progress.empty("") and progress.empty([]) and progress.empty(BLANK)
    assert progress.empty({"entrance": None, "exit": None, "grid": BLANK, "walls": []})
    assert progress.empty([". . .", ". . ."])
    assert not progress.empty(BLANK.replace(".", "1", 1)) and not progress.empty(["A3 E"]) and not progress.empty(0)


@settings(max_examples=examples(25), deadline=None)
@given(curves=st.sets(st.sampled_from(sorted(CURVE["curves"]))),
       fills=st.sets(st.tuples(st.sampled_from(sorted(CURVE["fills"])), st.sampled_from(sorted(CURVE["curves"])))))
def test_curve_violations_wait_exactly_for_the_parts_blanked(curves, fills):
    """Blank any curves and copies: every violation still to enter names a blank part, every one about a
    blank part is still to enter, and no player is out for a part not entered alone."""
    game = registry.get("curve")
    data = copy.deepcopy(CURVE)
    for owner in curves:
        data["curves"][owner] = BLANK
    for filler, owner in fills:
        data["fills"][filler][owner] = BLANK
    out = document.check(game, data)
    idle = set(out["waiting"]["violations"])
    for i, v in enumerate(out["violations"]):
        blank_curve = v["where"] == f"{v['player']}'s curve" and v["player"] in curves
        blank_fill = any(v["message"].startswith(f"{f} on {o}'s curve") for f, o in fills)
        assert (i in idle) == (blank_curve or blank_fill), v
    for name in out["waiting"]["disqualified"]:
        assert all(i in idle for i, v in enumerate(out["violations"]) if v["player"] == name)
    assert not {i for i, v in enumerate(out["violations"]) if i not in idle} & idle
    kept_refs = {r for i, refs in enumerate(out["places"]) if i not in idle for r in refs}
    assert set(out["marks"]) <= kept_refs  # nothing of a part not entered is marked red


IKES = yaml.safe_load((DATA / "played-ikes.yaml").read_text(encoding="utf-8"))


def _ikes_check(change) -> tuple[dict, list[str]]:
    data = copy.deepcopy(IKES)
    change(data["sheets"]["Ann"])
    out = document.check(registry.get("ikes"), data)
    shown = [v["message"] for i, v in enumerate(out["violations"]) if i not in set(out["waiting"]["violations"])]
    return out, shown


@settings(max_examples=examples(20), deadline=None)
@given(k=st.integers(0, len(IKES["sheets"]["Ann"]["turns"]) - 1))
def test_a_store_drawn_whole_with_its_turn_log_begun_is_still_to_enter_not_wrong(k):
    """The store copied first, then the turn log a few turns at a time (the turns' spaces, walls and tiles
    not reached yet): every violation is about the later turns, none is a mistake, nobody is out."""
    out, shown = _ikes_check(lambda sh: sh.update(turns=sh["turns"][:k]))
    assert shown == [], (k, shown)
    assert set(out["waiting"]["parts"]) <= {"Ann's later turns"}
    out_for_them = {p["name"] for p in out["players"] if p["disqualified"]}
    assert out_for_them <= set(out["waiting"]["disqualified"])  # out for these alone: not while entering
    if k <= 10:  # the scorer does name them (printkit score counts them)
        assert out["violations"] and set(out["waiting"]["parts"]) == {"Ann's later turns"}, k


def test_a_turn_log_ahead_of_the_store_drawn_is_still_to_enter_and_a_contradiction_is_a_mistake():
    rows = IKES["sheets"]["Ann"]["grid"].strip().split("\n")
    half = "\n".join(rows[:3] + [" ".join("." for _ in r.split()) for r in rows[3:]]) + "\n"
    out, shown = _ikes_check(lambda sh: sh.update(grid=half))  # rows D to G not drawn yet
    assert shown == [] and set(out["waiting"]["parts"]) == {"Ann's store"}, shown
    first = rows[0].split()
    at = next(i for i, m in enumerate(first) if m.isdigit())
    wrong = str(int(first[at]) % 6 + 1)  # a different display where the turns placed one: a real mistake
    rows[0] = " ".join(wrong if i == at else m for i, m in enumerate(first))
    out, shown = _ikes_check(lambda sh: sh.update(grid="\n".join(rows) + "\n"))
    assert len(shown) == 1 and "the sheet shows display " + wrong in shown[0], shown
