"""The game contract (``printkit.game``), checked the same way on every registered game and on the null game
(``tests/nullgame``: the least a game can be, registered here only), as OpenSpiel runs every game through one
set of tests.  A game that breaks the contract fails here before any test of its own.

Each game brings, beside its package: a preset (``layouts/<id>.yaml``), a played example that states its
scores in a comment (``# stated: Ann 12, Ben 3``), the same with a rule broken (``# breaks: RULE``) and a
record that does not read (``# refused: line N, key KEY``): ``tests/games/data/`` for the five games,
the package's own folder for a game registered by the tests (``game_files``).
"""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import re
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from printkit import inputs, kit, registry, tally, validation
from printkit.game import Game, PagePart
from printkit.inputs import InputError
from printkit.sheet import MARGIN, MIN_TEXT, PAPERS, copies_words, paper

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))  # game_files: where each game keeps its examples
sys.path.insert(0, str(TESTS / "quality"))  # the print audit's readers of a PDF

import game_files  # noqa: E402
from game_files import example  # noqa: E402
from pdf_geometry import MM, ink, text_runs  # noqa: E402

GAMES = [*registry.GAMES, *game_files.TEST_GAMES]


@pytest.fixture(autouse=True)
def test_games_registered(monkeypatch):
    """The null game (and any game copied from it) is registered for these tests only: ``registry.GAMES``
    gets its one line, and its rule sheet is found."""
    game_files.register(monkeypatch)


def stated(path: Path, what: str) -> str:
    """The value of the example's ``# WHAT: ...`` comment."""
    m = re.search(rf"^# {what}: (.+)$", path.read_text(encoding="utf-8"), re.M)
    assert m, f"{path.name} states no '{what}'"
    return m.group(1).strip()


def results(game: Game, path: Path):
    return validation.validate(game.Results, inputs.load(path))


def run_cli(*args) -> tuple[int, str, str]:
    """``printkit ARGS`` in this process (where the null game is registered): (exit code, stdout, stderr)."""
    from printkit.cli import main

    out, err = io.StringIO(), io.StringIO()
    old, sys.argv = sys.argv, ["printkit", *map(str, args)]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 0
    finally:
        sys.argv = old
    return code, out.getvalue(), err.getvalue()


def board_refs(game: Game, data: dict) -> set[str]:
    """Every data-ref on the page's board for a results document."""
    from printkit.enter import document

    return {ref for svg in document.board(game, data)["sheets"] for ref in re.findall(r'data-ref="([^"]*)"', svg)}


def unescape(ref: str) -> str:
    return ref.replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


# ---------------------------------------------------------------- the contract itself

@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_fills_in_the_contract(game_id):
    game = registry.get(game_id)
    assert isinstance(game, Game) and game.id == game_id
    assert not getattr(type(game), "__abstractmethods__", None)
    for attr in ("title", "designer", "blurb", "record_syntax"):
        assert isinstance(getattr(game, attr), str) and getattr(game, attr)
    for name in ("board", "board_info", "editors", "places", "ref_of"):  # the page part: one signature each, as PagePart says
        want = list(inspect.signature(getattr(PagePart, name)).parameters)[1:]
        assert list(inspect.signature(getattr(game.page, name)).parameters) == want, (game_id, name)
    assert isinstance(game.page.ANSWERS, dict)
    assert game.rules().startswith("# ")
    assert "rules" not in type(game).__dict__, "the rule sheet is rulesheets/<id>.md, read by Game.rules"


def is_list(hint) -> bool:
    """Whether a model's type is a list (inside ``Annotated`` and ``| None``)."""
    import typing

    if typing.get_origin(hint) is typing.Annotated:
        return is_list(typing.get_args(hint)[0])
    if typing.get_origin(hint) in (typing.Union, __import__("types").UnionType):
        return any(is_list(a) for a in typing.get_args(hint) if a is not type(None))
    return typing.get_origin(hint) is list or hint is list


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_key_named_like_a_config_key_is_a_list_and_places_are_the_games_own(game_id):
    """A results key with a config key's name and another meaning (Making Intersections' ``rounds``) is a
    list, so that the template never copies it from the config; no place the record names is one of the
    page's own ``grid:`` names."""
    game = registry.get(game_id)
    config, record = game.Config.keys(), game.Results.keys()
    for key in set(record) & set(config) - game.shared_keys():
        assert is_list(record[key].type), key
    res = results(game, example(game_id, "played"))
    assert not [ref for ref in game.places(res) if ref.startswith("grid:")]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rule_sheet_says_what_the_kit_holds_and_the_score_sheet_ends_with_the_tally(game_id):
    """The rule sheet's ``{{kit}}`` is the game's ``kit_words``, ending with the several-games sentence
    (``sheet.copies_words``); a sheet of the kit ends with the tally strip (``tally.strip``)."""
    from printkit.draw import Text

    game = registry.get(game_id)
    assert "{{kit}}" in game.rules()
    doc = inputs.load(example(game_id, "preset")).data
    for copies in (1, 2, 3):
        cfg = game.Config.from_dict({**doc, "copies": copies})
        words = game.kit_words(cfg)["kit"]
        assert words.endswith(copies_words(copies)) and words.strip(), words
    cfg = validation.validate(game.Config, inputs.load(example(game_id, "preset")))
    texts = [it.text for page in kit.build(game, cfg, "a4") for it in page.items if isinstance(it, Text)]
    assert any(t.startswith(tally.HEAD) for t in texts), "no tally strip in the kit"


@pytest.mark.parametrize("game_id", GAMES)
def test_score_help_gives_the_games_own_record_syntax(game_id):
    """``printkit score --help`` says each registered game's record as the game states it (nothing lists them by
    hand)."""
    game = registry.get(game_id)
    code, out, _ = run_cli("score", "--help")
    assert code == 0 and f"{game_id}, {' '.join(game.record_syntax.split())}" in " ".join(out.split())


def test_the_null_game_is_registered_in_the_tests_only():
    import subprocess

    code = "from printkit import registry; print('nullgame' in registry.GAMES)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


# ---------------------------------------------------------------- files: template, examples, refusals

@pytest.mark.parametrize("game_id", GAMES)
def test_the_template_reads_back_and_scores_as_nothing_entered(game_id, tmp_path):
    game = registry.get(game_id)
    cfg = validation.validate(game.Config, inputs.load(example(game_id, "preset")))
    blank = tmp_path / "blank.yaml"
    blank.write_text(game.template(cfg), encoding="utf-8")
    res = results(game, blank)
    assert res.names == cfg.names and not game.entered(res)
    report = game.score(res)
    assert report.blank and [v.rule for v in report.violations] == ["empty"] and report.winners == []
    code, out, err = run_cli("score", blank)
    assert code == 1 and "nothing has been entered yet" in out, err


@pytest.mark.parametrize("game_id", GAMES)
def test_the_played_example_scores_as_it_states(game_id):
    game = registry.get(game_id)
    path = example(game_id, "played")
    report = game.score(results(game, path))
    want = dict(part.rsplit(" ", 1) for part in stated(path, "stated").split(", "))
    assert report.valid and game.entered(results(game, path))
    assert {p: str(s) for p, s in report.scores.items()} == want
    code, out, _ = run_cli("score", path, "--json")
    assert code == 0 and {p["name"]: str(p["score"]) for p in json.loads(out)["players"]} == want


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", ["played", "broken"])
def test_the_board_has_a_place_for_every_place_the_record_names(game_id, kind):
    game = registry.get(game_id)
    path = example(game_id, kind)
    places = game.places(results(game, path))
    assert places, "the record names places on the sheets"
    missing = set(places) - {unescape(r) for r in board_refs(game, inputs.load(path).data)}
    assert not missing, f"places with no data-ref on the board: {sorted(missing)[:5]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_broken_record_is_named_by_its_rule_and_marked_on_the_board(game_id):
    game = registry.get(game_id)
    path = example(game_id, "broken")
    res = results(game, path)
    report = game.score(res)
    rule = stated(path, "breaks")
    assert rule in {v.rule for v in report.violations} and all(v.where for v in report.violations)
    marks = game.marks(res, report)
    assert marks, "a broken rule is marked on the page"
    missing = set(marks) - {unescape(r) for r in board_refs(game, inputs.load(path).data)}
    assert not missing, f"marks with no place on the board: {sorted(missing)[:5]}"
    code, out, _ = run_cli("score", path)
    assert code == 1 and f"[{rule}]" in out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_that_does_not_read_is_refused_at_its_line(game_id):
    game = registry.get(game_id)
    path = example(game_id, "unreadable")
    line, key = re.fullmatch(r"line (\d+), key (\S+)", stated(path, "refused")).groups()
    with pytest.raises(InputError) as e:
        results(game, path)
    assert (e.value.line, e.value.key) == (int(line), key)
    code, out, err = run_cli("score", path)
    assert code == 2 and out == "" and err.count("\n") == 1 and f"{path}:{line}: {key}: " in err


# ---------------------------------------------------------------- print: the kit and the picture

@pytest.mark.parametrize("paper_name", ["letter", "a4"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_kit_keeps_to_the_paper(game_id, paper_name):
    """The preset's kit as a PDF: every mark inside the margin and no text under the smallest size."""
    import pdfplumber

    from printkit.writers import pdf

    game = registry.get(game_id)
    cfg = validation.validate(game.Config, inputs.load(example(game_id, "preset")))
    pages = kit.build(game, cfg, paper_name)
    data = pdf.render(pages, game.title)
    assert data == pdf.render(kit.build(game, cfg, paper_name), game.title), "the same config, the same bytes"
    w, h = PAPERS[paper_name]
    with pdfplumber.open(io.BytesIO(data)) as doc:
        assert len(doc.pages) >= 2, "a rule sheet and at least one sheet to play on"
        for page in doc.pages:
            for mark in ink(page):
                assert MARGIN - 0.05 <= mark.x0 and mark.x1 <= w - MARGIN + 0.05, (page.page_number, mark)
                assert MARGIN - 0.05 <= mark.top and mark.bottom <= h - MARGIN + 0.05, (page.page_number, mark)
            for run in text_runs(page):
                assert run.size >= MIN_TEXT - 1e-6, (page.page_number, run.text, run.size)
    assert abs(float(pdfplumber.open(io.BytesIO(data)).pages[0].width) - w * MM) < 0.5


@pytest.mark.parametrize("game_id", GAMES)
def test_the_picture_draws_the_played_and_the_broken_record(game_id, tmp_path):
    game = registry.get(game_id)
    for kind in ("played", "broken"):
        code, out, err = run_cli("score", example(game_id, kind), "--picture", tmp_path / f"{kind}.pdf")
        assert code == (0 if kind == "played" else 1), err
        assert (tmp_path / f"{kind}.pdf").read_bytes().startswith(b"%PDF")
        res = results(game, example(game_id, kind))
        pages = game.picture(res, game.score(res), paper("letter"))
        assert pages and all(p.items for p in pages)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_schema_takes_the_template_and_the_examples(game_id, tmp_path):
    import jsonschema
    import yaml

    game = registry.get(game_id)
    code, out, _ = run_cli("schema", game_id, "--results")
    assert code == 0
    schema = json.loads(out)
    cfg = validation.validate(game.Config, inputs.load(example(game_id, "preset")))
    for doc in (yaml.safe_load(game.template(cfg)), inputs.load(example(game_id, "played")).data):
        jsonschema.validate(doc, schema)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**doc, "no such key": 1}, schema)
    code, out, _ = run_cli("schema", game_id)
    jsonschema.validate(inputs.load(example(game_id, "preset")).data, json.loads(out))


# ---------------------------------------------------------------- the page

@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_from_the_page_scores_as_the_command_line_does(game_id, tmp_path):
    """The entry page's server (in this process, on 127.0.0.1): the played example sent to /api/check and
    /api/save; the file saved scores exactly as the check answered."""
    import shutil

    from printkit.enter import document, server
    from printkit.enter.session import Session

    game = registry.get(game_id)
    path = tmp_path / "results.yaml"
    shutil.copy(example(game_id, "played"), path)
    opened, target, data = document.open_file(str(path))
    assert opened is game and target == path
    session = Session(game, target, data, "127.0.0.1")
    httpd = server.make_server(session, "127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"

    def call(route: str, body=None, headers=None) -> dict:
        req = urllib.request.Request(base + route, method="POST" if body is not None else "GET",
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"X-Printkit-Token": session.token, "Origin": base,
                                              "Content-Type": "application/json", **(headers or {})})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    try:
        state = call("/api/state")
        doc = state["results"]
        checked = call("/api/check", doc)
        saved = call("/api/save", doc, {"X-Printkit-Version": state["version"]})
        assert saved["saved"] == path.name
        part = next(k for k in doc if k not in game.shared_keys())  # the page's own way: a part at a time
        changed = call("/api/change", {"changes": [{"path": [part], "value": doc[part]}], "seen": 0},
                       {"X-Printkit-Client": "phone"})
        assert changed["rev"] == 2 and changed["replaced"] == []
    finally:
        httpd.shutdown()
        httpd.server_close()
    code, out, _ = run_cli("score", path, "--json")
    assert code == 0 and json.loads(out) == {k: v for k, v in checked.items() if k not in ("marks", "places", "waiting")}
    assert set(checked["marks"]) <= {unescape(r) for r in board_refs(game, doc)}
