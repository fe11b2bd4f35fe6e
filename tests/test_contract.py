"""The game contract (``printkit.game``), kept by every registered game and by the null game.

Every game goes through the same checks, as OpenSpiel runs every registered game through one test:
its template reads back and scores as "nothing entered yet"; its played example scores as the file
states; a broken record is named at its line; its kit on Letter and A4 keeps the print audit; its
picture is drawn; its JSON Schema validates its template and its preset; the entry page's board has a
place to point at for every place the record names; and a save from the page, through the real server,
scores as ``printkit score`` does.  The null game (``tests/nullgame/``, Simon Tatham's nullgame) is the
least a game can be and is registered here only: if it passes, the contract asks nothing more of a game.
"""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import re
import sys
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pdfplumber
import pytest
import yaml

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))  # the null game's package
sys.path.insert(0, str(TESTS / "quality"))

from pdf_geometry import MM, ink, text_runs  # noqa: E402

from printkit import inputs, registry, validation  # noqa: E402
from printkit.cli import main  # noqa: E402
from printkit.resources import layouts  # noqa: E402
from printkit.sheet import MARGIN, MIN_TEXT, PAPERS, paper  # noqa: E402

NULL = "nullgame"
GAMES = [*registry.GAMES, NULL]
TOL = 0.05  # mm: rounding in the PDF's coordinates
STATED = re.compile(r"^# Scored: (?P<scores>.*); (?P<state>valid|\d+ rule\(s\) broken)$", re.M)


@pytest.fixture(autouse=True)
def null_game(monkeypatch):
    """The null game is registered for these tests only: one line, as a game's registry line."""
    monkeypatch.setitem(registry.GAMES, NULL, "nullgame")


def preset(game_id: str) -> Path:
    return TESTS / "nullgame" / "preset.yaml" if game_id == NULL else layouts() / f"{game_id}.yaml"


def played(game_id: str) -> Path:
    return TESTS / "nullgame" / "played.yaml" if game_id == NULL else TESTS / "games" / "data" / f"played-{game_id}.yaml"


def run(*args) -> tuple[int, str, str]:
    """``printkit ARGS`` in this process (where the null game is registered): (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.argv
    sys.argv = ["printkit", *map(str, args)]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = old
    return code, out.getvalue(), err.getvalue()


def results_of(path: Path):
    doc = inputs.load(path)
    game = registry.get(registry.game_of(doc))
    return game, doc, validation.validate(game.Results, doc)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_template_reads_back_and_scores_as_nothing_entered(game_id, tmp_path):
    blank = tmp_path / "blank.yaml"
    code, _, err = run("template", preset(game_id), "-o", blank)
    assert code == 0, err
    code, out, err = run("score", blank, "--json")
    assert code == 1, err
    report = json.loads(out)
    assert report["game"] == game_id
    assert [v["rule"] for v in report["violations"]] == ["empty"] and report["winners"] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_schema_validates_the_template_and_the_preset(game_id, tmp_path):
    blank = tmp_path / "blank.yaml"
    assert run("template", preset(game_id), "-o", blank)[0] == 0
    for path, extra in ((blank, ["--results"]), (preset(game_id), [])):
        code, out, err = run("schema", game_id, *extra)
        assert code == 0, err
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), json.loads(out))
    with pytest.raises(jsonschema.ValidationError):  # and it is a real check: a key the game does not have
        jsonschema.validate({**yaml.safe_load(blank.read_text(encoding="utf-8")), "no_such_key": 1},
                            json.loads(run("schema", game_id, "--results")[1]))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_played_example_scores_as_stated(game_id):
    path = played(game_id)
    stated = STATED.search(path.read_text(encoding="utf-8"))
    assert stated, f"{path.name} states its result on a line '# Scored: Ann 7, Ben 3; valid'"
    scores = {name: int(points) for name, points in
              (part.rsplit(" ", 1) for part in stated.group("scores").split(", "))}
    code, out, err = run("score", path, "--json")
    report = json.loads(out)
    assert {p["name"]: p["score"] for p in report["players"]} == scores
    state = "valid" if report["valid"] else f"{len(report['violations'])} rule(s) broken"
    assert state == stated.group("state")
    assert code == (0 if report["valid"] else 1), err
    best = max(scores.values())
    assert report["winners"] == [name for name, points in scores.items() if points == best]


def last_record_entry(game, doc) -> tuple[int, str, str]:
    """(line, its text, the entry on it): the last line of the play record that holds one entry of it, a
    typed line, an item of a list or a row of a grid."""
    record = set(game.Results.keys()) - game.shared_keys()
    text = inputs.read_text(doc.file).split("\n")
    found = []
    for loc, line in doc.lines.items():
        if not loc or loc[0] not in record:
            continue
        if isinstance(loc[-1], inputs.Row):
            found.append((line, text[line - 1].split()[-1]))
            continue
        value = doc.data
        for part in loc:
            value = value[part]
        if isinstance(value, (str, int)) and "\n" not in str(value) and str(value) in text[line - 1]:
            found.append((line, str(value)))
    line, entry = max(found)
    return line, text[line - 1], entry


@pytest.mark.parametrize("game_id", GAMES)
def test_a_broken_record_is_named_at_its_line(game_id, tmp_path):
    game, doc, _ = results_of(played(game_id))
    line, text, entry = last_record_entry(game, doc)
    at = text.rindex(entry)
    lines = inputs.read_text(played(game_id)).split("\n")
    lines[line - 1] = text[:at] + "@@" + text[at + len(entry):]
    broken = tmp_path / "broken.yaml"
    broken.write_text("\n".join(lines), encoding="utf-8")
    code, _, err = run("score", broken)
    assert code == 2
    assert err.startswith(f"printkit: {broken}:{line}: ") and len(err.strip().split("\n")) == 1, err


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_kit_keeps_the_print_audit(game_id, paper, tmp_path):
    code, out, err = run("make", preset(game_id), "--paper", paper, "--format", "pdf,svg", "-o", tmp_path)
    assert code == 0, err
    written = [Path(line) for line in out.split("\n") if line]
    pdf_path = next(p for p in written if p.name == "kit.pdf")
    svgs = [p for p in written if p.suffix == ".svg"]
    w, h = PAPERS[paper]
    with pdfplumber.open(pdf_path) as pdf:
        assert len(pdf.pages) == len(svgs) >= 1
        for page in pdf.pages:
            assert abs(float(page.width) / MM - w) < 0.5 and abs(float(page.height) / MM - h) < 0.5
            outside = [m for m in ink(page) if m.x0 < MARGIN - TOL or m.top < MARGIN - TOL
                       or m.x1 > w - MARGIN + TOL or m.bottom > h - MARGIN + TOL]
            assert not outside, f"page {page.page_number}: ink outside the margin: {outside[:3]}"
            small = [r for r in text_runs(page) if r.size < MIN_TEXT - 1e-6]
            assert not small, f"page {page.page_number}: text under {MIN_TEXT} pt: {small[:3]}"
    for svg in svgs:
        assert ET.parse(svg).getroot().tag.endswith("svg")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_picture_is_drawn_as_pdf_and_svg(game_id, tmp_path):
    game, _, res = results_of(played(game_id))
    pages = game.picture(res, game.score(res), paper(res.paper))
    plain = run("score", played(game_id))
    for suffix in ("pdf", "svg"):
        target = tmp_path / f"picture.{suffix}"
        code, out, err = run("score", played(game_id), "--picture", target)
        assert code == plain[0], err
        assert out == plain[1] + f"Picture: {target}\n"
    with pdfplumber.open(tmp_path / "picture.pdf") as pdf:
        assert len(pdf.pages) == len(pages) >= 1
        w, h = PAPERS[res.paper]
        for page in pdf.pages:
            outside = [m for m in ink(page) if m.x0 < MARGIN - TOL or m.top < MARGIN - TOL
                       or m.x1 > w - MARGIN + TOL or m.bottom > h - MARGIN + TOL]
            assert not outside, f"picture page {page.page_number}: ink outside the margin: {outside[:3]}"
    assert ET.parse(tmp_path / "picture.svg").getroot().tag.endswith("svg")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_has_a_place_for_every_place_the_record_names(game_id):
    from printkit.enter import document

    game, doc, res = results_of(played(game_id))
    places = game.places(res)
    assert places, "the played example names places on the sheets"
    refs = set()
    for sheet in document.board(game, doc.data)["sheets"]:
        refs |= {el.get("data-ref") for el in ET.fromstring(sheet).iter() if el.get("data-ref")}
    assert [p for p in places if p not in refs] == []
    assert set(game.marks(res, game.score(res))) <= refs


class Page:
    """The entry page's server for one results file, on 127.0.0.1, asked as the page asks it."""

    def __init__(self, game, path: Path):
        from printkit.enter import server

        data = inputs.load(path).data
        self.session = server.Session(game, path, data, "127.0.0.1")
        self.httpd = server.make_server(self.session, "127.0.0.1", 0)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def ask(self, method: str, route: str, body=None, **headers) -> tuple[int, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        host = f"127.0.0.1:{self.port}"
        sent = {"Host": host, "X-Printkit-Token": self.session.token, "Origin": f"http://{host}", **headers}
        raw = None if body is None else json.dumps(body).encode("utf-8")
        if raw is not None:
            sent["Content-Type"] = "application/json"
        conn.request(method, route, raw, sent)
        reply = conn.getresponse()
        out = reply.status, json.loads(reply.read() or b"null")
        conn.close()
        return out

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_from_the_page_scores_as_the_cli_does(game_id, tmp_path):
    """The page opens the blank results file of the played game's config, checks the whole record as the
    scorer does, saves it, and ``printkit score`` of the saved file prints what the page showed."""
    from printkit.enter.document import setup_of

    want = json.loads(run("score", played(game_id), "--json")[1])
    game, doc, _ = results_of(played(game_id))
    path = tmp_path / "results.yaml"
    path.write_text(game.template(setup_of(game, doc.data)), encoding="utf-8")
    page = Page(game, path)
    try:
        status, state = page.ask("GET", "/api/state")
        assert status == 200 and state["game"] == game_id
        status, checked = page.ask("POST", "/api/check", doc.data)
        assert status == 200 and {k: v for k, v in checked.items() if k != "marks"} == want
        status, saved = page.ask("POST", "/api/save", doc.data, **{"X-Printkit-Version": state["version"]})
        assert status == 200, saved
    finally:
        page.close()
    code, out, err = run("score", path, "--json")
    assert json.loads(out) == want and code == (0 if want["valid"] else 1), err
