"""A search over one device's changes with Undo, Redo and lines typed again, sent as the page sends them
(``saving.js``: one save at a time, each with its identity, sent again as it was while no answer came), over a
network that delays, loses requests and loses answers.  However they come, the file ends as the document the
device ended with: a re-send is written once, and a line added again (after an Undo, or typed twice) is a line."""

from __future__ import annotations

import copy
import json
import tempfile
import threading
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from printkit.enter import document, lines, server, session
from printkit.inputs import parse
from searches import examples
from page_parts import apply, diff
from test_server import request

FILE = "game: add-residue\nplayers: [Ann, Ben]\nn: 13\nmoves:\n  - Ann add 3\n"
LINES = st.sampled_from(["Ben mod 2", "Ann add 4", "Ben mod 2"])
ACTIONS = st.lists(st.one_of(
    st.tuples(st.just("type"), LINES), st.tuples(st.just("undo")), st.tuples(st.just("redo")),
    st.tuples(st.just("cut")),
    st.tuples(st.just("send"), st.sampled_from(["answered", "lost on the way", "answer lost", "held"]))),
    max_size=25)


class Phone:
    """One page: its document and its lines' identities, what the server confirmed (synced), its undo (each step
    with its lines), and the save on its way."""

    def __init__(self, at):
        status, body = request(at, "GET", "/api/state")
        assert status == 200, body
        self.at, self.doc, self.synced = at, copy.deepcopy(body["results"]), copy.deepcopy(body["results"])
        self.dl, self.sl = copy.deepcopy(body["lines"]), copy.deepcopy(body["lines"])
        self.undo, self.redo = [], []
        self.batch, self.count, self.made = None, 0, 0

    def new_id(self) -> str:
        self.made += 1
        return f"phone.{self.made}"

    def edit(self, change):
        self.undo.append(copy.deepcopy((self.doc, self.dl)))
        self.redo.clear()
        new = copy.deepcopy(self.doc)
        change(new)
        self.doc, self.dl = new, lines.align(self.doc, self.dl, new, self.new_id)

    def back(self, back, fwd):
        if back:
            fwd.append(copy.deepcopy((self.doc, self.dl)))
            self.doc, self.dl = back.pop()

    def send(self, how: str) -> None:
        if self.batch is None:
            changes = diff(self.synced, self.sl, self.doc, self.dl)
            if not changes:
                return
            self.batch = {"device": "phone", "seq": self.count, "changes": changes}
            self.count += 1
        if how in ("lost on the way", "held"):
            return  # no answer: the same save goes again later
        status, body = request(self.at, "POST", "/api/change", {**self.batch, "seen": 0},
                               headers={"X-Printkit-Client": "phone"})
        assert status == 200, body
        if how == "answer lost":
            return  # written, but the page never heard: it sends the same save again
        for ch in self.batch["changes"]:
            self.sl = apply(self.synced, self.sl, ch, self.new_id)
        self.batch = None


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=ACTIONS)
@example(actions=[("type", "Ben mod 2"), ("send", "held"), ("undo",), ("send", "answered"), ("send", "held"),
                  ("redo",), ("send", "answered"), ("send", "answered")])  # finding 1: Undo, Redo on a slow network
@example(actions=[("type", "Ben mod 2"), ("send", "answer lost"), ("cut",), ("type", "Ben mod 2"),
                  ("send", "answered"), ("send", "answered")])  # a re-send, then the same line typed again
def test_the_file_ends_as_the_document_the_device_ended_with(actions):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.yaml"
        path.write_text(FILE, encoding="utf-8")
        game, path, data = document.open_file(str(path))
        sess = session.Session(game, path, data, "127.0.0.1")
        httpd = server.make_server(sess, "127.0.0.1", 0)
        threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

        class At:
            host, token = f"127.0.0.1:{httpd.server_address[1]}", sess.token

        try:
            phone = Phone(At)
            for action in actions:
                if action[0] == "type":
                    phone.edit(lambda d, line=action[1]: d["moves"].append(line))
                elif action[0] == "cut" and phone.doc["moves"]:
                    phone.edit(lambda d: d["moves"].pop())
                elif action[0] == "undo":
                    phone.back(phone.undo, phone.redo)
                elif action[0] == "redo":
                    phone.back(phone.redo, phone.undo)
                elif action[0] == "send":
                    phone.send(action[1])
            for _ in range(5):  # the network back: every save lands
                phone.send("answered")
            assert phone.batch is None and phone.synced == phone.doc
            got = parse(path.read_text(encoding="utf-8"), "night.yaml").data
            assert got["moves"] == phone.doc["moves"], json.dumps([actions, got["moves"], phone.doc["moves"]])
        finally:
            httpd.shutdown()
            httpd.server_close()
