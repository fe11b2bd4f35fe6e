"""Every printed promise kept: each game's rule sheet gone through rule by rule and ruling by ruling.

Each game brings its promises (``game_files.promises``: ``tests/games/<package>/promises.py``, or
``promises.py`` in a test game's folder): one ``Promise`` per rule or ruling as the sheet prints it, a record
that breaks it and a record that keeps it, and the scorer's answer to both (``promise.Promise`` says how each
is read); ``SCORES``, the promises about points and winners; ``KEPT``, a record that keeps every rule, for
the promises every game makes.  Records are read as ``printkit score`` reads a results file (YAML through
``inputs``, then the game's scorer).  Where the scorer and a sheet disagreed (issue 19), the line says which
was changed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from printkit import registry
from printkit.inputs import InputError

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import game_files  # noqa: E402
from promise import Points, Promise, score  # noqa: E402

GAMES = [*registry.GAMES, *game_files.TEST_GAMES]
pytestmark = pytest.mark.usefixtures("test_games_registered")


@pytest.fixture
def test_games_registered(monkeypatch):
    game_files.register(monkeypatch)


def named(doc: dict, players: list[str]) -> dict:
    """The same record with the players renamed (Ann -> players[0], ...)."""
    text = yaml.safe_dump(doc)
    for old, new in zip(("Ann", "Ben"), players):
        text = re.sub(rf"\b{old}\b", new, text)
    return yaml.safe_load(text)


def blank(doc: dict) -> dict:
    """The record with nothing of the play entered, as the blank template has it."""
    game = registry.get(doc["game"])
    cfg = {k: v for k, v in doc.items() if k in game.shared_keys()}
    return yaml.safe_load(game.template(game.Config.from_dict(cfg)))


def every_game(game_id: str, doc: dict) -> list[Promise]:
    """The promises every game makes, on a record of it that keeps every rule."""
    renamed = named(doc, ["ann", "Ann"])
    return [Promise(game_id, "printkit: players whose names differ only in case are refused (issue 19: knives "
                    "credited both to one)", renamed, doc, refused="differ only in case"),
            Promise(game_id, "printkit score: a file with nothing entered yet is no game (issue 19: a 0-0 tie, "
                    "exit 0)", blank(doc), doc, ("empty",), who=(None,), dq=())]


with pytest.MonkeyPatch.context() as _mp:  # the test games' templates are read as the tests register them
    game_files.register(_mp)
    PROMISES = [p for g in GAMES for p in game_files.promises(g).PROMISES + every_game(g, game_files.promises(g).KEPT)]
    SCORES = [p for g in GAMES for p in getattr(game_files.promises(g), "SCORES", [])]

@pytest.mark.parametrize("p", PROMISES, ids=str)
def test_promise_broken_and_kept(p: Promise):
    kept = score(p.kept)
    assert kept.valid, [(v.rule, v.message) for v in kept.violations]
    if p.refused:
        with pytest.raises(InputError) as e:
            score(p.broken)
        assert p.refused in e.value.message
        return
    broken = score(p.broken)
    if p.note:
        assert broken.valid and any(p.note in n for n in broken.notes), (broken.violations, broken.notes)
        assert not any(p.note in n for n in kept.notes)
        return
    assert sorted({v.rule for v in broken.violations}) == sorted(p.rule), \
        [(v.rule, v.player, v.message) for v in broken.violations]
    if p.who is not None:
        assert {v.player for v in broken.violations if v.rule == p.rule[0]} == set(p.who)
    if p.dq is not None:
        assert broken.disqualified == set(p.dq)


def test_every_game_has_promises():
    assert all(game_files.promises(g).PROMISES for g in GAMES)
    assert {p.game for p in PROMISES} == set(GAMES)



# ---------------------------------------------------------------- points and winners

@pytest.mark.parametrize("p", SCORES, ids=str)
def test_points(p: Points):
    r = score(p.record)
    if p.scores is not None:
        assert r.scores == p.scores
    assert r.winners == p.winners

# ---------------------------------------------------------------- printed facts, from the commands shown

def rule_sheet(game_id: str) -> str:
    return registry.get(game_id).rules()


def test_no_rule_sheet_speaks_of_the_specification():
    from printkit.rulesheet import blocks

    for g in registry.all_games():
        text = " ".join(t for _, t in blocks(rule_sheet(g.id)))
        assert not re.search(r"\bSPEC\b|specification", text, re.I), g.id


@pytest.mark.parametrize("n,best", [(3, ["add 1", "add 2", "add 3", "mod 1", "mod 2"]),
                                    (4, ["add 1", "add 2", "add 3", "add 4", "mod 1"])])
def test_add_residue_openings_as_printed(n, best):
    """The rule sheet's best openings (the adds and mod 1; at n = 3 also mod 2) and draw (margin 0) are
    what ``printkit solve add-residue --n N --openings`` prints."""
    run = subprocess.run([sys.executable, "-m", "printkit", "solve", "add-residue", "--n", str(n), "--openings",
                          "--json"],
                         capture_output=True, text=True, timeout=300)
    out = json.loads(run.stdout)
    assert out["margin"] == 0 and out["best"] == best
    text = " ".join(rule_sheet("add-residue").split())
    assert "the best first moves are the adds and mod 1, which can never score anyway (n = 4, 5 and 6), " \
           "and at n = 3 also mod 2" in text
