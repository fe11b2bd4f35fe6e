"""The page part of every game (its ``page.js``), and the null game's, through the same checks, as
``tests/test_contract.py`` runs the Python part: written down in ``enter/static/gamepage.js``.

Each game's played example says, in comments, what a stroke and keys do on its blank sheet (the template
of the example's setup):

    # stroke: 1:A1, 1:A3 -> rounds.0 = [A1-A3]
    # keys: Enter ArrowRight Enter -> rounds.0 = [A1-A2]

``stroke``: press on the first place (its data-ref; places separated by commas), move through the others,
let go on the last; ``keys``: with the first sheet focused, the keys pressed (Playwright's names; ``@REF``,
a click on that place first, the edit counted from there on); after the arrow, the part
of the record the edit changes (a path into the document, numbers for list items) and, after ``=``, what
it holds then (YAML); no other part changes.  The checks: the page starts with the game's module as
written down (its exports, the ctx it gets); the stroke and the keys become those record edits, checked
and still readable; the broken example's mistakes are shown at their places (``marked``).  The server
runs in this process, so that the games the tests register (the null game, a game copied from it) are
served like the others.
"""

from __future__ import annotations

import re
import sys
import threading
from pathlib import Path

import pytest
import yaml
from enter_helpers import Hands, shot, wait_checked

from printkit import inputs, registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import game_files  # noqa: E402

GAMES = [*registry.GAMES, *game_files.TEST_GAMES]

GAMEPAGE = (Path(__file__).resolve().parents[2] / "printkit" / "enter" / "static" / "gamepage.js").read_text()
NAMES = re.findall(r"(\w+): \d", re.search(r"export const EXPORTS = \{(.*?)\}", GAMEPAGE).group(1))
# the game's page.js behind a module that records what it exports and the ctx it is given, and hands every
# call the page makes (each export written down) on to it: replay too, so that a write the game hands to
# ctx.later is played by the game as app.js plays it
WRAPPER = """
import * as real from "/static/game-under-test.js";
import { problems } from "/static/gamepage.js";
export function start(ctx) { window.contract = problems(real, ctx); window.ctx = ctx; return real.start(ctx); }
""" + "".join(f"export function {name}(...a) {{ return real.{name}?.(...a); }}\n" for name in NAMES if name != "start")


@pytest.fixture
def open_game(page, tmp_path, monkeypatch):
    """``open_game(game_id, doc)``: the page of a results file holding ``doc``, served in this process, with
    the game's page.js wrapped to record what it exports and the ctx it gets."""
    from printkit.enter import document, server
    from printkit.enter.session import Session

    game_files.register(monkeypatch)
    running = []

    def _open(game_id: str, doc: dict):
        game = registry.get(game_id)
        path = tmp_path / f"{game_id}-results.yaml"
        path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
        opened, target, data = document.open_file(str(path))
        session = Session(opened, target, data, "127.0.0.1")
        httpd = server.make_server(session, "127.0.0.1", 0)
        threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        running.append(httpd)
        body = (Path(sys.modules[type(game).__module__].__file__).parent / "page.js").read_text(encoding="utf-8")
        page.route(re.compile(r"/static/game\.js(\?|$)"), lambda route: route.fulfill(body=WRAPPER, content_type="text/javascript"))
        page.route(re.compile(r"/static/game-under-test\.js(\?|$)"),
                   lambda route: route.fulfill(body=body, content_type="text/javascript"))
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/?token={session.token}")
        page.wait_for_selector("body[data-ready='1']")
        wait_checked(page)
        return page

    yield _open
    for httpd in running:
        httpd.shutdown()
        httpd.server_close()


def said(game_id: str, what: str) -> tuple[str, list[str], list, object]:
    """The played example's ``# WHAT: INPUT -> PATH [= VALUE]``: (the line, the inputs, the path, the value
    or ``...`` where none is given)."""
    text = game_files.example(game_id, "played").read_text(encoding="utf-8")
    m = re.search(rf"^# {what}: (.+?) -> ([^=\n]+?)(?: = (.+))?$", text, re.M)
    assert m, f"the played example of {game_id} says no '# {what}: ... -> PATH'"
    path = [int(p) if p.isdigit() else p for p in m.group(2).strip().split(".")]
    given = [p.strip() for p in m.group(1).split(",")] if what == "stroke" else m.group(1).split()
    return m.group(0), given, path, yaml.safe_load(m.group(3)) if m.group(3) else ...


def blank(game_id: str) -> dict:
    """The blank results file of the played example's setup (what ``printkit template`` writes)."""
    game = registry.get(game_id)
    doc = inputs.load(game_files.example(game_id, "played")).data
    return yaml.safe_load(game.template(game.Config.from_dict({k: v for k, v in doc.items()
                                                                 if k in game.shared_keys()})))


def at(doc, path):
    for part in path:
        doc = doc[part] if isinstance(doc, list) and isinstance(part, int) and part < len(doc) else \
            doc.get(part) if isinstance(doc, dict) else None
    return doc


def changed_parts(before: dict, after: dict, path: list) -> None:
    """Only the part at ``path`` changed (elsewhere the document is as it was)."""
    if not path:
        return
    head, rest = path[0], path[1:]
    if isinstance(before, dict) and isinstance(after, dict):
        assert {k: v for k, v in before.items() if k != head} == {k: v for k, v in after.items() if k != head}
    elif isinstance(before, list) and isinstance(after, list) and isinstance(head, int):
        assert len(before) == len(after) and before[:head] + before[head + 1:] == after[:head] + after[head + 1:]
    else:
        return
    changed_parts(at(before, [head]), at(after, [head]), rest)


def edit_made(page, before: dict, line: str, path: list, value) -> None:
    page.wait_for_function("JSON.stringify(window.ctx.doc()) !== " + repr(__import__("json").dumps(before)),
                           timeout=10_000)
    wait_checked(page)
    after = page.evaluate("window.ctx.doc()")
    assert at(after, path) != at(before, path), f"{line}: {'.'.join(map(str, path))} did not change"
    changed_parts(before, after, path)
    if value is not ...:
        assert at(after, path) == value, f"{line}: {at(after, path)!r}"
    assert page.inner_text("[data-status]") != "cannot read", line
    assert page.errors == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_page_part_starts_as_written_down(open_game, game_id):
    page = open_game(game_id, blank(game_id))
    assert page.evaluate("window.contract") == []
    assert page.locator("#sheets svg").count() >= 1 and page.errors == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stroke_is_a_record_edit(open_game, game_id):
    page = open_game(game_id, blank(game_id))
    line, refs, path, value = said(game_id, "stroke")
    before = page.evaluate("window.ctx.doc()")
    Hands(page).drag(*refs)
    edit_made(page, before, line, path, value)
    shot(page, f"{game_id}-contract-stroke")


@pytest.mark.parametrize("game_id", GAMES)
def test_keys_are_a_record_edit(open_game, game_id):
    page = open_game(game_id, blank(game_id))
    line, keys, path, value = said(game_id, "keys")
    before = page.evaluate("window.ctx.doc()")
    page.locator("#sheets .sheet").first.focus()
    for k in keys:
        if k.startswith("@"):  # a click first: the keys' edit counts from there
            Hands(page).click(k[1:])
            page.wait_for_timeout(200)
            wait_checked(page)
            before = page.evaluate("window.ctx.doc()")
        else:
            page.keyboard.press(k)
    edit_made(page, before, line, path, value)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_mistake_is_shown_at_its_place(open_game, game_id):
    page = open_game(game_id, inputs.load(game_files.example(game_id, "broken")).data)
    marks = page.evaluate("window.ctx.report().marks")
    assert marks, "the broken example's mistakes are marked"
    for ref in marks:
        shown = page.evaluate("(ref) => [...window.ctx.board.all(ref)].map((e) => e.classList.contains('marked'))", ref)
        assert shown and all(shown), ref
    assert page.locator(".marked").count() >= 1 and page.errors == []
    shot(page, f"{game_id}-contract-mistake")
