"""The local server of ``printkit enter``: every rule it keeps, each with a request that breaks it."""

from __future__ import annotations

import http.client
import json
from pathlib import Path

import pytest
import yaml

from enter_helpers import DATA, run_printkit

EXAMPLES = sorted(DATA.glob("played-*.yaml"))


def request(served, method: str, path: str, body=None, *, token: bool | str = True, host: str | None = None,
            origin: str | None | bool = True, headers: dict | None = None, raw: bytes | None = None):
    """One request as a browser (or anything else) would send it: (status, parsed JSON or text)."""
    conn = http.client.HTTPConnection(served.host, timeout=30)
    h = {"Host": host or served.host}
    if token is True:
        h["X-Printkit-Token"] = served.token
    elif token:
        h["X-Printkit-Token"] = token
    if method == "POST" and origin:
        h["Origin"] = f"http://{served.host}" if origin is True else origin
    h.update(headers or {})
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    conn.request(method, path, body=data, headers=h)
    r = conn.getresponse()
    text = r.read().decode("utf-8", "replace")
    conn.close()
    try:
        return r.status, json.loads(text)
    except ValueError:
        return r.status, text


def doc_of(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- who may ask

def test_the_page_and_state_need_the_token(serve):
    s = serve("played-add-residue.yaml")
    assert request(s, "GET", "/api/state")[0] == 200
    assert request(s, "GET", "/api/state", token=False)[0] == 403
    assert request(s, "GET", "/api/state", token="x" * 32)[0] == 403
    assert request(s, "GET", f"/?token={s.token}", token=False)[0] == 200
    assert request(s, "GET", "/", token=False)[0] == 403
    assert request(s, "GET", "/static/app.js", token=False)[0] == 403
    assert request(s, "GET", f"/static/app.js?token={s.token}", token=False)[0] == 200


def test_host_must_be_the_address_served(serve):
    s = serve("played-add-residue.yaml")
    port = s.host.rsplit(":", 1)[1]
    assert request(s, "GET", "/api/state", host=f"localhost:{port}")[0] == 200
    assert request(s, "GET", "/api/state", host=f"evil.example:{port}")[0] == 403  # DNS rebinding
    assert request(s, "GET", "/api/state", host="127.0.0.1:1")[0] == 403


def test_a_post_must_come_from_the_page_itself(serve):
    s = serve("played-intersections.yaml")
    doc = doc_of(s.path)
    assert request(s, "POST", "/api/check", doc)[0] == 200
    assert request(s, "POST", "/api/check", doc, origin="http://evil.example")[0] == 403
    assert request(s, "POST", "/api/check", doc, origin=False)[0] == 403
    assert request(s, "POST", "/api/save", doc, origin="null")[0] == 403
    assert request(s, "POST", "/api/check", doc, token=False)[0] == 403


def test_only_its_own_files_are_served(serve):
    s = serve("played-intersections.yaml")
    for path in ("/static/../../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd",
                 "/static/nothing.js", f"/{s.path.name}", "/api/nothing"):
        assert request(s, "GET", path)[0] == 404, path
    assert request(s, "POST", "/api/nothing", {})[0] == 404


def test_bodies_over_1_mb_are_refused(serve):
    s = serve("played-intersections.yaml")
    before = s.path.read_bytes()
    status, body = request(s, "POST", "/api/save", raw=b" " * 1_000_001, headers={"Content-Type": "application/json"})
    assert status == 413
    assert s.path.read_bytes() == before
    assert request(s, "POST", "/api/check", raw=b"{" + b" " * 999_000 + b"}")[0] != 413


def test_a_body_too_large_still_being_sent_reads_why_it_was_refused(serve):
    """The refusal is answered at once, from the headers; a client still sending the body (as a browser
    does, a piece at a time) reads the 413, never a connection reset."""
    import socket
    import time

    s = serve("played-intersections.yaml")
    host, port = s.host.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=30) as c:
        c.sendall(f"POST /api/save?token={s.token} HTTP/1.1\r\nHost: {s.host}\r\nOrigin: {s.base}\r\n"
                  f"Content-Type: application/json\r\nContent-Length: 3000000\r\n\r\n".encode())
        time.sleep(0.3)  # the answer is on its way: the rest of the body comes after it
        for _ in range(30):
            c.sendall(b" " * 100_000)
        c.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := c.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.") and b" 413 " in answer.split(b"\r\n")[0], answer[:200]


def test_a_body_that_is_not_json_is_refused(serve):
    s = serve("played-intersections.yaml")
    assert request(s, "POST", "/api/check", raw=b"game: intersections")[0] == 400


# ---------------------------------------------------------------- what it answers

@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_check_answers_exactly_what_score_json_prints(serve, example):
    s = serve(example.name)
    status, body = request(s, "POST", "/api/check", doc_of(s.path))
    assert status == 200
    marks, places, waiting = body.pop("marks"), body.pop("places"), body.pop("waiting")
    assert waiting["violations"] == [] and waiting["disqualified"] == []  # a played game: nothing still to enter
    assert isinstance(marks, list) and len(places) == len(body["violations"])
    assert waiting["parts"] == [] and waiting["winners"] == body["winners"]
    assert sorted({r for p in places for r in p}) == sorted(marks)  # each mistake's places, all marked
    code, out, err = run_printkit("score", s.path, "--json")
    assert body == json.loads(out)


def test_state_is_the_file_as_json(serve):
    s = serve("played-knives.yaml")
    status, body = request(s, "GET", "/api/state")
    assert status == 200
    assert body["game"] == "knives" and body["file"] == s.path.name
    assert body["results"] == doc_of(s.path)


def test_a_document_score_would_refuse_gets_422_with_the_same_message(serve, tmp_path):
    s = serve("played-intersections.yaml")
    doc = doc_of(s.path)
    doc["rounds"][1][2] = "B1"
    status, body = request(s, "POST", "/api/check", doc)
    assert status == 422
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(doc), encoding="utf-8")
    code, out, err = run_printkit("score", bad)
    assert code == 2
    # the CLI says "FILE:LINE: key: message"; the page gets "key: message"
    assert err.strip().endswith(body["error"]), (err, body)
    assert body["error"].startswith("rounds[2][3]:")


def test_a_document_for_another_game_is_refused(serve):
    s = serve("played-intersections.yaml")
    status, body = request(s, "POST", "/api/check", doc_of(DATA / "played-knives.yaml"))
    assert status == 422 and body["error"].startswith("game:")
    status, body = request(s, "POST", "/api/save", [1, 2])
    assert status == 422


# ---------------------------------------------------------------- writing the one file

def test_save_writes_what_score_reads_back_the_same(serve):
    s = serve("played-add-residue.yaml")
    version = request(s, "GET", "/api/state")[1]["version"]
    doc = doc_of(s.path)
    doc["moves"] = doc["moves"][:7]
    status, body = request(s, "POST", "/api/save", doc, headers={"X-Printkit-Version": version})
    assert status == 200 and body["saved"] == s.path.name
    assert doc_of(s.path) == doc
    text = s.path.read_text(encoding="utf-8")
    assert text.splitlines()[:2] == (DATA / "played-add-residue.yaml").read_text(encoding="utf-8").splitlines()[:2]
    assert "\nmoves: [Ann add 10 = 10, " in text  # the moves stay on one line, as this file keeps them
    shown = request(s, "POST", "/api/check", doc)[1]
    shown.pop("marks"), shown.pop("places"), shown.pop("waiting")
    assert json.loads(run_printkit("score", s.path, "--json")[1]) == shown
    assert [p.name for p in s.path.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_save_refuses_when_the_file_changed_on_disk(serve):
    s = serve("played-add-residue.yaml")
    version = request(s, "GET", "/api/state")[1]["version"]
    s.path.write_text(s.path.read_text(encoding="utf-8") + "# edited by hand\n", encoding="utf-8")
    changed = s.path.read_bytes()
    doc = doc_of(s.path)
    doc["moves"] = []
    status, body = request(s, "POST", "/api/save", doc, headers={"X-Printkit-Version": version})
    assert status == 409
    assert s.path.read_bytes() == changed  # nothing written
    fresh = request(s, "GET", "/api/state")[1]["version"]
    assert request(s, "POST", "/api/save", doc, headers={"X-Printkit-Version": fresh})[0] == 200


def test_save_is_atomic_the_old_file_stays_whole_if_writing_fails(tmp_path, monkeypatch):
    """A disk that fills up while saving: the old file is left whole, no temp file stays, one clear answer."""
    import errno
    import threading

    from printkit.enter import document, server
    from printkit.enter.session import Session

    path = tmp_path / "game.yaml"
    path.write_bytes((DATA / "played-add-residue.yaml").read_bytes())
    before = path.read_bytes()
    game, path, data = document.open_file(str(path))
    session = Session(game, path, data, "127.0.0.1")
    httpd = server.make_server(session, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        served = type("S", (), {"host": f"127.0.0.1:{httpd.server_address[1]}", "token": session.token})

        def full(*a):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr("os.replace", full)
        version = request(served, "GET", "/api/state")[1]["version"]
        status, body = request(served, "POST", "/api/save", {**data, "moves": []}, headers={"X-Printkit-Version": version})
        assert status == 500 and body["error"] == "cannot write game.yaml: No space left on device"
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_ctrl_c_saves_the_newest_document_and_exits_0(serve):
    s = serve("played-add-residue.yaml")
    doc = doc_of(s.path)
    doc["moves"] = doc["moves"][:5]
    older = {**doc, "moves": doc["moves"][:3]}
    base = {"X-Printkit-Version": request(s, "GET", "/api/state")[1]["version"], "X-Printkit-Client": "a"}
    request(s, "POST", "/api/check", doc, headers={"X-Printkit-Seq": "8", **base})
    request(s, "POST", "/api/check", older, headers={"X-Printkit-Seq": "7", **base})  # arrived late: older
    code, out, err = s.stop()
    assert code == 0, err
    assert out.strip() == f"Saved {s.path}: the last change"
    assert doc_of(s.path)["moves"] == doc["moves"]


def test_a_second_ctrl_c_while_the_last_save_is_written_is_answered_in_one_line_and_the_stop_goes_on(serve):
    """The adversary's finding: a second signal while printkit stopped ended it without its line. The stop
    waits for a file an editor just wrote to stand still; a second Ctrl-C then says the file is still being
    written, in one line, and printkit ends as the first Ctrl-C would have: its line said, exit 0, the
    editor's save kept."""
    import signal
    import socket
    import time

    s = serve("played-add-residue.yaml")
    request(s, "GET", "/api/state")
    s.path.write_text(s.path.read_text(encoding="utf-8") + "# an editor's note\n", encoding="utf-8")
    time.sleep(0.4)  # (the server's look at the file finds the editor's save)
    s.proc.send_signal(signal.SIGINT)
    name, port = s.host.rsplit(":", 1)
    for _ in range(250):  # until the server is closed: the stop has begun, and waits for the file to stand still
        try:
            socket.create_connection((name, int(port)), timeout=1).close()
        except OSError:
            break
        time.sleep(0.02)
    s.proc.send_signal(signal.SIGINT)
    out, err = s.proc.communicate(timeout=30)
    code = s.proc.returncode
    assert code == 0, err
    assert err.count("still writing the file") == 1 and len(err.strip().splitlines()) == 1, err
    assert str(s.path) in out and len(out.strip().splitlines()) == 1, out
    assert s.path.read_text(encoding="utf-8").endswith("# an editor's note\n")


def test_the_first_line_says_where(serve):
    s = serve("played-curve.yaml")
    assert s.first_line.startswith(f"Entering {s.path} at http://127.0.0.1:")
    assert len(s.token) >= 22  # 128 bits or more, URL-safe


def test_a_config_opens_its_results_file_made_blank(tmp_path, serve):
    cfg = tmp_path / "night.yaml"
    cfg.write_text("game: add-residue\nplayers: [Ann, Ben]\nn: 4\n", encoding="utf-8")
    s = serve(cfg)
    made = tmp_path / "night-results.yaml"
    assert made.exists()
    status, body = request(s, "GET", "/api/state")
    assert status == 200 and body["file"] == "night-results.yaml"
    assert body["results"]["players"] == ["Ann", "Ben"] and body["results"]["n"] == 4


def test_bad_file_exits_2_in_one_line(tmp_path):
    for text, expect in (("game: nothing\n", "unknown game"), ("game: curve\nn: 99\n", "n"), (": :\n", "YAML")):
        f = tmp_path / "bad.yaml"
        f.write_text(text, encoding="utf-8")
        code, out, err = run_printkit("enter", f, "--no-browser")
        assert code == 2 and len(err.strip().splitlines()) == 1 and expect in err, err
    code, out, err = run_printkit("enter", tmp_path / "missing.yaml", "--no-browser")
    assert code == 2 and "missing.yaml" in err


def test_another_host_warns_and_every_address_is_refused(tmp_path):
    code, out, err = run_printkit("enter", DATA / "played-curve.yaml", "--host", "0.0.0.0", "--no-browser")
    assert code == 2 and "--host" in err


def test_enter_is_listed_in_help():
    code, out, err = run_printkit("--help")
    assert code == 0 and "enter" in out



def test_the_session_builds_every_model_check_before_its_threads_answer(monkeypatch, tmp_path):
    """msgspec builds a model's checks on the model's first use, and two threads building them at once can
    crash the process (seen: a segfault in msgspec's convert while the page's first check and board came
    in together).  The session builds them for every model before the server's threads start."""
    import msgspec._utils

    from printkit import registry
    from printkit.enter.server import Session
    from printkit.model import Model

    built = []
    real = msgspec._utils._get_class_annotations  # what msgspec calls when it builds a model's checks
    monkeypatch.setattr(msgspec._utils, "_get_class_annotations", lambda cls: built.append(cls) or real(cls))

    class Probe(Model):
        a: int = 0

    Probe.from_dict({})
    assert Probe in built  # the probe sees a first use
    built.clear()

    class Late(Model):  # a model nobody has used yet
        inner: list[int] = []

    game = registry.get("ikes")
    Session(game, tmp_path / "x.yaml", {"game": "ikes", "players": ["Ann"]}, "127.0.0.1")
    assert Late in built
    built.clear()
    Late.from_dict({"inner": [1]})
    with pytest.raises(ValueError):
        game.Results.from_dict({"game": "ikes", "players": "not a list"})
    assert built == []  # nothing left to build once the server answers


# ---------------------------------------------------------------- clients that never finish

def _trickling(host: str, n: int) -> list:
    """n connections from this address, each sending the start of a request's head and never its end."""
    import socket

    name, port = host.rsplit(":", 1)
    out = []
    for _ in range(n):
        c = socket.create_connection((name, int(port)), timeout=5)
        c.sendall(b"GET / HTTP/1.1\r\nHost: " + host.encode() + b"\r\nX-Slow: ")
        out.append(c)
    return out


def test_clients_trickling_their_requests_never_keep_a_device_out(serve):
    """The adversary's attack: as many connections as one address may hold, each sending a byte of its
    request's head now and then (never silent long enough to be let go), kept every device on that address
    out: its requests were refused at the door. The connection that has waited longest for its head is let
    go instead, and the device is answered."""
    from printkit.enter.server import PER_CLIENT

    s = serve("played-ikes.yaml")
    slow = _trickling(s.host, PER_CLIENT)
    try:
        for _ in range(3):
            status, body = request(s, "GET", "/api/state")
            assert status == 200 and body["game"] == "ikes"
    finally:
        for c in slow:
            c.close()


def test_a_request_head_trickled_past_the_timeout_is_let_go(tmp_path, monkeypatch):
    """A head sent a byte at a time, each within the silence allowed, is let go once it has taken longer than
    that in all: the next connection to arrive finds it and closes it."""
    import threading
    import time

    from printkit.enter import document, server, session

    monkeypatch.setattr(server, "TIMEOUT", 0.6)
    path = tmp_path / "ikes.yaml"
    path.write_text((DATA / "played-ikes.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    game, path, data = document.open_file(str(path))
    httpd = server.make_server(session.Session(game, path, data, "127.0.0.1"), "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    host = f"127.0.0.1:{httpd.server_address[1]}"
    try:
        (slow,) = _trickling(host, 1)
        for _ in range(4):  # 0.8 s in all, a byte every 0.2 s
            time.sleep(0.2)
            slow.sendall(b"x")
        (other,) = _trickling(host, 1)  # (any connection arriving looks for heads too slow)
        slow.settimeout(5)
        assert slow.recv(100) == b""  # closed, never answered
        other.close()
        slow.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
