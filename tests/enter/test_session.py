"""One run of ``printkit enter`` keeps the newest work and nothing else: Ctrl-C after a reload or with two
tabs, refused documents, the file's mode, a misspelt config, the stop message, the token kept out of every
process's arguments, and a server that stays up under hostile clients and a kill in the middle of a save."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import yaml

from enter_helpers import DATA, Served, run_printkit
from test_server import doc_of, request


def version(s) -> str:
    return request(s, "GET", "/api/state")[1]["version"]


def shown(s, doc, client: str, seq: int, base: str, route: str = "/api/check"):
    """The page of ``client`` showing ``doc`` (its ``seq``-th change, made from the file at ``base``)."""
    return request(s, "POST", route, doc, headers={"X-Printkit-Client": client, "X-Printkit-Seq": str(seq),
                                                   "X-Printkit-Version": base})


def saved(s, doc, client: str, seq: int, base: str):
    status, body = shown(s, doc, client, seq, base, "/api/save")
    assert status == 200, body
    return body["version"]


def moves(n: int) -> list[str]:
    return [f"{'Ann' if i % 2 == 0 else 'Ben'} add 1" for i in range(n)]


def blank_add_residue(tmp_path: Path) -> Path:
    f = tmp_path / "night.yaml"
    f.write_text("# Friday\ngame: add-residue\nplayers: [Ann, Ben]\nn: 4\nmoves:\n", encoding="utf-8")
    return f


# ---------------------------------------------------------------- Ctrl-C never puts older work back

def test_ctrl_c_after_a_reload_leaves_the_newest_saved_work(serve, tmp_path):
    """Draw 5, reload (the page counts from 0 again), draw 2 more, saved, Ctrl-C: the file holds all 7."""
    s = serve(blank_add_residue(tmp_path))
    doc = doc_of(s.path)
    v0 = version(s)
    for i in range(1, 6):
        shown(s, {**doc, "moves": moves(i)}, "first", 10 + i, v0)
    v1 = saved(s, {**doc, "moves": moves(5)}, "first", 15, v0)
    for i in (6, 7):  # the reloaded page: a new client counting from 1
        shown(s, {**doc, "moves": moves(i)}, "reloaded", i - 5, v1)
    saved(s, {**doc, "moves": moves(7)}, "reloaded", 2, v1)
    code, out, err = s.stop()
    assert code == 0, err
    assert doc_of(s.path)["moves"] == moves(7)
    assert "already holds" in out and "Saved" not in out


def test_a_second_tab_showing_older_work_never_wins(serve, tmp_path):
    s = serve(blank_add_residue(tmp_path))
    doc = doc_of(s.path)
    v0 = version(s)
    shown(s, {**doc, "moves": moves(2)}, "old-tab", 1, v0)
    v1 = saved(s, {**doc, "moves": moves(4)}, "new-tab", 1, v0)
    shown(s, {**doc, "moves": moves(2)}, "old-tab", 99, v0)  # the old tab, still showing the file before v1
    assert request(s, "POST", "/api/save", {**doc, "moves": moves(2)},
                   headers={"X-Printkit-Version": v0})[0] == 409  # and its save is refused
    shown(s, {**doc, "moves": moves(5)}, "new-tab", 2, v1)  # a change not saved yet: Ctrl-C saves it
    code, out, _ = s.stop()
    assert code == 0 and out.strip() == f"Saved {s.path}: the last change"
    assert doc_of(s.path)["moves"] == moves(5)


def test_a_document_the_server_refused_is_never_written(serve, tmp_path):
    s = serve(blank_add_residue(tmp_path))
    before = s.path.read_bytes()
    doc, v0 = doc_of(s.path), version(s)
    for bad in ({**doc, "title": 1e308, "moves": moves(3)}, {**doc, "n": "four"}, {**doc, "players": "Ann"},
                {**doc, "game": "curve"}):
        status, body = shown(s, bad, "a", 1, v0, "/api/save")
        assert status == 422 and "\n" not in body["error"], body
        shown(s, bad, "a", 2, v0)
    code, out, _ = s.stop()
    assert code == 0 and s.path.read_bytes() == before
    assert out.strip() == f"Stopped: nothing was changed on the page; {s.path} is as it was"


# ---------------------------------------------------------------- the file stays the owner's

def test_a_save_keeps_the_files_mode_and_a_read_only_file_is_left_alone(serve, tmp_path):
    s = serve(blank_add_residue(tmp_path))
    os.chmod(s.path, 0o600)
    doc = doc_of(s.path)
    v1 = saved(s, {**doc, "moves": moves(1)}, "a", 1, version(s))
    assert stat.S_IMODE(os.stat(s.path).st_mode) == 0o600
    os.chmod(s.path, 0o400)
    status, body = shown(s, {**doc, "moves": moves(2)}, "a", 2, v1, "/api/save")
    assert status == 500 and body["error"] == f"cannot write {s.path.name}: the file is read-only"
    assert doc_of(s.path)["moves"] == moves(1)
    os.chmod(s.path, 0o600)
    saved(s, {**doc, "moves": moves(2)}, "a", 3, v1)  # writable again: the same change lands
    assert doc_of(s.path)["moves"] == moves(2) and stat.S_IMODE(os.stat(s.path).st_mode) == 0o600


def test_a_folder_gone_is_said_in_one_line_and_the_server_goes_on(serve, tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    s = Served(blank_add_residue(folder))  # served where it is, not copied
    try:
        doc, v0 = doc_of(s.path), version(s)
        folder.rename(tmp_path / "away")
        status, body = shown(s, {**doc, "moves": moves(1)}, "a", 1, v0, "/api/save")
        assert status == 500 and body["error"].startswith("cannot write night.yaml:") and "\n" not in body["error"]
        assert request(s, "GET", "/api/state")[0] in (422, 500)
        (tmp_path / "away").rename(folder)
        saved(s, {**doc, "moves": moves(1)}, "a", 2, v0)
        assert doc_of(s.path)["moves"] == moves(1)
    finally:
        code, _, err = s.stop()
    assert code == 0 and "Traceback" not in err


def test_a_misspelt_config_is_refused_and_left_untouched(tmp_path):
    cfg = tmp_path / "night.yaml"
    text = "# our Friday\ngame: intersections\nplayers: [Ann, Ben]\nsegmnts: 4\n"
    cfg.write_text(text, encoding="utf-8")
    code, out, err = run_printkit("enter", cfg, "--no-browser", cwd=tmp_path)
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"{cfg}:4: segmnts: unknown key (did you mean 'segments'?)"] or \
        (len(err.strip().splitlines()) == 1 and "segmnts" in err and "segments" in err), err
    assert cfg.read_text(encoding="utf-8") == text and sorted(p.name for p in tmp_path.iterdir()) == ["night.yaml"]


def test_stop_says_what_happened(serve, tmp_path):
    s = serve(blank_add_residue(tmp_path))
    code, out, _ = s.stop()
    assert code == 0 and out.strip() == f"Stopped: nothing was changed on the page; {s.path} is as it was"
    s = serve(tmp_path / "night.yaml")
    doc = doc_of(s.path)
    saved(s, {**doc, "moves": moves(1)}, "a", 1, version(s))
    shown(s, {**doc, "moves": moves(1)}, "a", 2, version(s))
    code, out, _ = s.stop()
    assert out.strip() == f"Stopped: {s.path} already holds every change"


def test_stop_after_changes_from_a_client_that_shows_nothing_says_the_file_holds_them(serve, tmp_path):
    """A client other than the page sends changes and never asks for a check or a board: the stop message said
    nothing was changed and the file was as it was, while the file held the new lines."""
    import signal

    for how, said in ((signal.SIGINT, "written 2 times"), (signal.SIGTERM, "written once")):
        s = serve(blank_add_residue(tmp_path))
        for seq, line in enumerate(moves(2 if how == signal.SIGINT else 1)):
            body = {"changes": [{"path": ["moves"], "append": line, "n": seq}], "seen": 0, "device": "d", "seq": seq}
            assert request(s, "POST", "/api/change", body, headers={"X-Printkit-Client": "d"})[0] == 200
        s.proc.send_signal(how)
        out, err = s.proc.communicate(timeout=30)
        assert s.proc.returncode == 0 and doc_of(s.path)["moves"], err
        assert out.strip() == f"Stopped: {s.path} already holds every change ({said} as they came)"


def test_stop_after_the_page_s_own_changes_since_its_last_record_says_the_file_holds_them(serve, tmp_path):
    """The adversary's finding: almost every session ended with 'already holds the newest saved work (the last
    change the page sent was older)' after an ordinary Undo: the page's record came before its own changes
    written since. That is every change held; a save in another program since is said as such."""
    import signal

    for editor in (False, True):
        s = serve(blank_add_residue(tmp_path))
        doc = doc_of(s.path)
        shown(s, {**doc, "moves": moves(1)}, "d", 1, version(s))  # the page's record, then its change
        body = {"changes": [{"path": ["moves"], "append": moves(1)[0], "n": 0}], "seen": 0, "device": "d", "seq": 0}
        assert request(s, "POST", "/api/change", body, headers={"X-Printkit-Client": "d"})[0] == 200
        if editor:
            s.path.write_text(s.path.read_text(encoding="utf-8") + "# an editor's note\n", encoding="utf-8")
            request(s, "GET", "/api/state")  # (the server looks at the file)
        s.proc.send_signal(signal.SIGINT)
        out, err = s.proc.communicate(timeout=30)
        assert s.proc.returncode == 0, err
        assert out.strip() == (f"Stopped: {s.path} already holds the newest saved work (saved in another program "
                               "after the last change the page sent, which is not written over it)" if editor else
                               f"Stopped: {s.path} already holds every change (written once as they came)"), out
        assert doc_of(s.path)["moves"] == moves(1)
        s.path.unlink()


# ---------------------------------------------------------------- the token never in a process's arguments

BROWSER = textwrap.dedent("""\
    #!/bin/sh
    # a stand-in browser: notes what it was given and what it could read, then stays a while
    echo "$@" > "{log}"
    cat "$1" > "{page}" 2>/dev/null || cat "${{1#file://}}" > "{page}"
    sleep 2
""")


def test_the_token_is_never_in_a_process_s_arguments(tmp_path):
    f = blank_add_residue(tmp_path)
    script = tmp_path / "browser.sh"
    script.write_text(BROWSER.format(log=tmp_path / "args.txt", page=tmp_path / "page.html"), encoding="utf-8")
    script.chmod(0o755)
    env = {**os.environ, "BROWSER": str(script)}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "enter", str(f)], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        token = proc.stdout.readline().split("token=")[1].split()[0]
        deadline = time.time() + 30
        while not (tmp_path / "page.html").exists() or not (tmp_path / "page.html").stat().st_size:
            assert time.time() < deadline, "the browser was never started"
            time.sleep(0.1)
        seen = []
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                seen.append(Path(f"/proc/{pid}/cmdline").read_bytes())
            except OSError:
                continue
        assert seen and not any(token.encode() in c for c in seen)
        args = (tmp_path / "args.txt").read_text(encoding="utf-8")
        assert token not in args and args.startswith("file://")
        opener = Path(args.strip().removeprefix("file://"))
        assert stat.S_IMODE(opener.stat().st_mode) == 0o600 and stat.S_IMODE(opener.parent.stat().st_mode) == 0o700
        assert f"token={token}" in (tmp_path / "page.html").read_text(encoding="utf-8")  # the browser gets there
    finally:
        proc.send_signal(2)
        proc.communicate(timeout=30)
    assert not opener.exists() and not opener.parent.exists()  # gone with the server


# ---------------------------------------------------------------- hostile clients: one-line answers, still up

def raw_request(s, body: bytes, path="/api/check") -> tuple[int, dict]:
    return request(s, "POST", path, raw=body, headers={"Content-Type": "application/json"})


def test_hostile_bodies_get_one_line_answers_and_the_server_keeps_serving(serve):
    s = serve("played-add-residue.yaml")
    doc = doc_of(s.path)
    bodies = {
        "200 KB of [": b"[" * 200_000,
        "nested objects": b'{"a":' * 5000 + b"1" + b"}" * 5000,
        "a huge integer": b'{"game": "add-residue", "n": ' + b"9" * 5000 + b"}",
        "a huge float": json.dumps({**doc, "n": 1e308}).encode(),
        "infinity": json.dumps({**doc, "n": float("inf")}).encode(),
        "n as text": json.dumps({**doc, "n": "four"}).encode(),
        "players as text": json.dumps({**doc, "players": "Ann"}).encode(),
        "moves as a mapping": json.dumps({**doc, "moves": {"a": 1}}).encode(),
        "a list": b"[1, 2, 3]",
        "null": b"null",
        "bad utf-8": b'{"game": "\xff\xfe"}',
    }
    for name, body in bodies.items():
        for route in ("/api/check", "/api/board", "/api/save"):
            status, answer = raw_request(s, body, route)
            if route == "/api/board" and status == 200:  # the sheets of the parts that read, the others named
                assert answer["unread"], (name, answer)
                continue
            assert status in (400, 409, 422), (name, route, status)
            assert isinstance(answer, dict) and "\n" not in answer["error"], (name, route, answer)
        assert request(s, "GET", "/api/state")[0] == 200, name
    assert request(s, "POST", "/api/check", doc)[0] == 200
    code, _, err = s.stop()
    assert code == 0 and "Traceback" not in err, err


def half_open(host: str, port: int, n: int, source: str = "127.0.0.1") -> list[socket.socket]:
    """``n`` connections that send half a request's headers and then nothing."""
    out = []
    for _ in range(n):
        c = socket.create_connection((host, port), timeout=10, source_address=(source, 0))
        c.sendall(b"GET /api/state HTTP/1.1\r\nHost: x\r\n")
        out.append(c)
    return out


def test_half_open_connections_do_not_stall_the_table(serve):
    s = serve("played-curve.yaml")
    host, port = s.host.rsplit(":", 1)
    stalled = half_open(host, int(port), 60)  # the same client: under its bound
    try:
        started = time.monotonic()
        assert request(s, "GET", "/api/state")[0] == 200
        first = time.monotonic() - started
        more = half_open(host, int(port), 200, source="127.0.0.2")  # another client, far over its bound
        try:
            assert request(s, "GET", "/api/state")[0] == 200
        finally:
            for c in more:
                c.close()
    finally:
        for c in stalled:
            c.close()
    assert first < 10  # answered at once (bench/enter_server.py measures how fast)


def test_fifty_saves_at_once_leave_one_whole_file(serve, tmp_path):
    s = serve(blank_add_residue(tmp_path))
    doc, v0 = doc_of(s.path), version(s)
    answers: list[int] = []

    def one(i: int) -> None:
        answers.append(request(s, "POST", "/api/save", {**doc, "moves": moves(i % 7 + 1), "title": f"Game {i}"},
                               headers={"X-Printkit-Version": v0})[0])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(set(answers)) == [200, 409] and answers.count(200) == 1, answers  # one from v0; the rest told
    data = doc_of(s.path)
    i = int(data["title"].split()[1])
    assert data["moves"] == moves(i % 7 + 1) and s.path.read_text(encoding="utf-8").startswith("# Friday\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.yaml"]  # no temporary file left


KILLED_IN_A_SAVE = textwrap.dedent("""
    import os, signal, stat, sys
    real = os.write
    def dying(fd, data):
        if stat.S_ISREG(os.fstat(fd).st_mode):
            real(fd, bytes(data[: len(data) // 2])); os.fsync(fd)
            os.kill(os.getpid(), signal.SIGKILL)
        return real(fd, data)
    os.write = dying
    sys.argv = ["printkit", "enter", sys.argv[1], "--no-browser"]
    from printkit.cli import main
    main()
""")


def test_a_server_killed_in_the_middle_of_a_save_leaves_the_old_file_whole(tmp_path):
    f = blank_add_residue(tmp_path)
    before = f.read_bytes()
    proc = subprocess.Popen([sys.executable, "-c", KILLED_IN_A_SAVE, str(f)], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        url = line.split(" at ")[1].split()[0]

        class Running:
            host = url.split("/")[2]
            token = url.split("token=")[1]

        doc, v0 = doc_of(f), version(Running)
        try:
            request(Running, "POST", "/api/save", {**doc, "moves": moves(3)}, headers={"X-Printkit-Version": v0})
        except (ConnectionError, OSError):
            pass  # the server died under the request: that is the point
        assert proc.wait(timeout=30) == -9
    finally:
        if proc.poll() is None:
            proc.kill()
    assert f.read_bytes() == before and yaml.safe_load(before)["moves"] is None
    left = [p.name for p in tmp_path.iterdir() if p.name != "night.yaml"]
    assert left, "the kill came before the save began writing: nothing was tested"
    code, _, err = run_printkit("score", f, cwd=tmp_path)  # the file still reads
    assert code in (0, 1), err
    again = Served(f)  # the next run takes away what the killed one left
    again.stop()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.yaml"]


def test_the_played_examples_open_and_stop_without_a_byte_changed(serve, tmp_path):
    for src in sorted(DATA.glob("played-*.yaml")):
        s = serve(src)
        before = s.path.read_bytes()
        doc = doc_of(s.path)
        saved(s, doc, "a", 1, version(s))  # a save with nothing changed
        code, _, _ = s.stop()
        assert code == 0 and s.path.read_bytes() == before, src.name


# ---------------------------------------------------------------- a change sent again to the next run

def test_a_change_whose_answer_was_lost_is_written_once_when_sent_again_to_the_next_run(serve, tmp_path):
    """A phone's change is written, its answer lost; the server is stopped (SIGTERM) and started again on the file,
    and the phone sends the same change again: one line (it was written twice, the adversary's second finding).
    The same number with another change is refused (400); a file changed by hand between the two runs makes no
    change sent again a silent no-op (written: the next run cannot know the file still holds it)."""
    import signal

    body = {"changes": [{"path": ["moves"], "append": "Ann add 3", "id": "ph.1"}], "seen": 0, "device": "ph", "seq": 0}
    path = blank_add_residue(tmp_path)
    s = serve(path)
    assert request(s, "POST", "/api/change", body, headers={"X-Printkit-Client": "ph"})[0] == 200
    s.proc.send_signal(signal.SIGTERM)
    s.proc.communicate(timeout=30)
    s = serve(path)
    status, answer = request(s, "POST", "/api/change", body, headers={"X-Printkit-Client": "ph"})
    assert status == 200 and answer.get("again"), answer
    assert doc_of(s.path)["moves"] == ["Ann add 3"]
    other = {**body, "changes": [{"path": ["moves"], "append": "Ann add 4", "id": "ph.2"}]}
    assert request(s, "POST", "/api/change", other, headers={"X-Printkit-Client": "ph"})[0] == 400
    assert doc_of(s.path)["moves"] == ["Ann add 3"]
    s.proc.send_signal(signal.SIGTERM)
    s.proc.communicate(timeout=30)
    path.write_text(path.read_text(encoding="utf-8").replace("Ann add 3", "").replace("- \n", ""), encoding="utf-8")  # by hand
    assert not doc_of(path)["moves"]
    s = serve(path)
    assert request(s, "POST", "/api/change", body, headers={"X-Printkit-Client": "ph"})[0] == 200
    assert doc_of(s.path)["moves"] == ["Ann add 3"]
