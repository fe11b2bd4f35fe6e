"""Hostile input: whatever a config or results file holds, printkit answers with exit 0/1 and a
result, or exit 2 and ONE line naming the file; never a traceback, never a hang, never half a file.

The hypothesis runs call ``printkit.cli.main`` in-process (fast); a few cases run the real command.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from quality_helpers import ROOT, preset_paths
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

from printkit import inputs, registry
from printkit.cli import main

EXAMPLES = int(os.environ.get("PRINTKIT_HOSTILE_EXAMPLES", examples(40)))
HOSTILE = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                          HealthCheck.function_scoped_fixture])
TIME_LIMIT = 20  # seconds for any one input, in-process


class Hang(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: int, what: str):
    def on_alarm(signum, frame):
        raise Hang(f"{what} took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run_main(*args: str) -> tuple[int, str, str]:
    """``printkit ARGS`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.argv
    sys.argv = ["printkit", *map(str, args)]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                time_limit(TIME_LIMIT, "printkit " + " ".join(map(str, args))):
            main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = old
    return code, out.getvalue(), err.getvalue()


def assert_one_line_error(code: int, err: str, file: str | Path) -> None:
    assert code == 2, f"exit {code}, expected 2; stderr: {err!r}"
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}: {err!r}"
    assert lines[0].startswith(f"printkit: {file}"), f"the message does not start by naming {file}: {err!r}"
    assert "Traceback" not in err and len(lines[0]) < 400


def files_in(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


# ---------------------------------------------------------------- what the games read

def base_config(game_id: str) -> dict:
    for p in preset_paths():
        doc = inputs.load(p)
        if doc.data.get("game") == game_id:
            return doc.data
    return {"game": game_id}


def base_results(game_id: str) -> dict:
    game = registry.get(game_id)
    cfg = game.Config.from_dict(base_config(game_id))
    return yaml.safe_load(game.template(cfg)) or {"game": game_id}


SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(10 ** 30), max_value=10 ** 30), st.integers(min_value=-3, max_value=60),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30), st.text(alphabet=st.characters(codec="utf-8"), max_size=12),
    st.sampled_from(["", " ", "A1", "A1-A5", "Ann", "Z99", "3-7", "10", "-1", "1e9", "\u202eevil", "x\ny",
                     "🂡", "null", "~", ". . #", "Ann add 3", "Ben claims 1-2 with Q", "C1", "B2 N", "A7 E*"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=5)), max_leaves=25)


def paths_of(data, prefix=()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths_of(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths_of(v, prefix + (i,))
    return out


def mutate(draw, base: dict) -> dict:
    import copy

    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = paths_of(data)
        op = draw(st.sampled_from(["replace", "replace", "delete", "add", "rename", "grow"]))
        if op == "add" or not paths:
            key = draw(st.one_of(st.text(max_size=10), st.sampled_from(["playres", "n", "kcount", "colour", "moves"])))
            data[key] = draw(VALUES)
            continue
        path = draw(st.sampled_from(paths))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        if op == "replace":
            parent[last] = draw(VALUES)
        elif op == "delete":
            del parent[last]
        elif op == "rename" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=10))] = parent.pop(last)
        elif op == "grow":  # lists far longer than any game, or a value repeated
            value = parent[last]
            parent[last] = [value] * draw(st.sampled_from([2, 50, 3000])) if not isinstance(value, list) \
                else value * draw(st.sampled_from([2, 40, 400]))
    return data


def write_yaml(folder: Path, data) -> Path:
    path = folder / "input.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


# ---------------------------------------------------------------- hypothesis: configs

@HOSTILE
@given(data=st.data())
def test_mutated_configs_make_a_kit_or_fail_cleanly(game_id, data):
    base = base_config(game_id)
    cfg = mutate(data.draw, base)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_yaml(Path(tmp), cfg)
        out = Path(tmp) / "out"
        code, stdout, err = run_main("make", path, "-o", out, "--format", "pdf")
        if code == 0:
            assert files_in(out), "exit 0 but nothing written"
        else:
            assert_one_line_error(code, err, path)
            assert not files_in(out), f"a refused config wrote {files_in(out)}"


@HOSTILE
@given(data=st.data())
def test_random_config_documents_load_or_fail_cleanly(game_id, data):
    from printkit.cli.app import load as _load

    fields = list(registry.get(game_id).Config.keys())
    doc = data.draw(st.dictionaries(st.sampled_from(fields + ["zzz", "Game", "player"]), VALUES, max_size=8))
    doc["game"] = data.draw(st.sampled_from([game_id, game_id, game_id.upper(), None, 7, [game_id]]))
    with tempfile.TemporaryDirectory() as tmp:
        path = write_yaml(Path(tmp), doc)
        try:
            with time_limit(TIME_LIMIT, "loading"):
                _load(str(path))
        except inputs.InputError as e:
            assert str(e).startswith(str(path)) and "\n" not in str(e), str(e)
        code, _, err = run_main("template", path, "-o", Path(tmp) / "t.yaml")
        if code:
            assert_one_line_error(code, err, path)
            assert not (Path(tmp) / "t.yaml").exists()


# ---------------------------------------------------------------- hypothesis: results

def check_score(path: Path, picture: Path | None = None) -> int:
    args = ["score", path, "--json"] + (["--picture", picture] if picture else [])
    code, out, err = run_main(*args)
    if code == 2:
        assert_one_line_error(code, err, path)
        if picture is not None:
            assert not picture.exists(), "a refused results file still drew a picture"
    else:
        assert code in (0, 1), f"exit {code}: {err!r}"
        report = json.loads(out)
        assert report["valid"] == (code == 0) == (not report["violations"]), report
        for v in report["violations"]:
            assert v["rule"] and v["where"] and v["message"], v
        if picture is not None:
            assert picture.exists() and picture.stat().st_size > 200
    return code


@HOSTILE
@given(data=st.data())
def test_mutated_results_score_or_fail_cleanly(game_id, data):
    res = mutate(data.draw, base_results(game_id))
    with tempfile.TemporaryDirectory() as tmp:
        path = write_yaml(Path(tmp), res)
        picture = Path(tmp) / data.draw(st.sampled_from(["p.svg", "p.pdf"])) if data.draw(st.booleans()) else None
        check_score(path, picture)


@HOSTILE
@given(data=st.data())
def test_random_results_documents_score_or_fail_cleanly(game_id, data):
    game = registry.get(game_id)
    fields = list(game.Results.keys())
    base = base_results(game_id)
    doc = {k: v for k, v in base.items() if data.draw(st.booleans())}
    doc.update(data.draw(st.dictionaries(st.sampled_from(fields), VALUES, max_size=4)))
    doc["game"] = game_id
    with tempfile.TemporaryDirectory() as tmp:
        check_score(write_yaml(Path(tmp), doc))


@HOSTILE
@given(text=st.text(max_size=400))
def test_arbitrary_text_is_refused_or_read(text):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "junk.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        code, out, err = run_main("score", path, "--json")
        if code == 2:
            assert_one_line_error(code, err, path)
        else:
            assert code in (0, 1) and json.loads(out)["game"] in registry.GAMES


@HOSTILE
@given(raw=st.binary(max_size=300))
def test_arbitrary_bytes_are_refused_or_read(raw):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "junk.yaml"
        path.write_bytes(raw)
        code, out, err = run_main("make", path, "-o", Path(tmp) / "out")
        assert code in (0, 2), err
        if code == 2:
            assert_one_line_error(code, err, path)
            assert not files_in(Path(tmp) / "out")


# ---------------------------------------------------------------- named nasty files

def bomb(depth: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, depth + 1):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "game: intersections\n" + "\n".join(lines) + "\n"


NASTY = {
    "billion-laughs": bomb(),
    "alias-in-players": "game: intersections\nnames: &n [Ann, Ben]\nplayers: *n\n",
    "merge-key": "game: intersections\nbase: &b {n: 5}\n<<: *b\n",
    "python-object": "game: intersections\nplayers: !!python/object/apply:os.system ['echo pwned']\n",
    "python-name": "game: !!python/name:os.system\n",
    "python-tuple": "game: intersections\nplayers: !!python/tuple [Ann, Ben]\n",
    "custom-tag": "game: intersections\nn: !shout 5\n",
    "binary-tag": "game: intersections\ntitle: !!binary AAEC/w==\n",
    "deep-nesting": "game: intersections\nrounds: " + "[" * 5000 + "]" * 5000 + "\n",
    "deep-mapping": "game: intersections\nx:" + "".join(f"\n{' ' * i}k{i}:" for i in range(1, 400)) + " 1\n",
    "huge-int": "game: intersections\nn: " + "9" * 4000 + "\n",
    "huge-float": "game: intersections\nn: 1e400\n",
    "nan": "game: intersections\nn: .nan\n",
    "long-line": "game: intersections\ntitle: " + "x" * 900_000 + "\n",
    "not-a-mapping": "- game: intersections\n- players: 2\n",
    "scalar": "intersections\n",
    "only-comments": "# nothing here\n# at all\n",
    "tabs": "game: intersections\n\tplayers: 2\n",
    "duplicate-key": "game: intersections\nn: 5\nn: 6\n",
    "bad-indent": "game: intersections\nplayers:\n  - Ann\n - Ben\n",
    "unknown-game": "game: chess\n",
    "game-with-newline": 'game: "inter\\nsections"\n',
    "game-is-list": "game: [intersections]\n",
    "non-string-key": "game: intersections\n? [a, b]\n: 1\n",
    "null-key": "game: intersections\n~: 1\n",
    "control-chars": "game: intersections\ntitle: \"\\x07\\x1b[31mred\"\n",
    "bidi-player": "game: intersections\nplayers: [\"\\u202eAnn\", Ben]\n",
    "document-stream": "game: intersections\n---\ngame: intersections\n",
    "bom": "\ufeffgame: intersections\nplayers: 0\n",
}


@pytest.mark.parametrize("name", sorted(NASTY))
@pytest.mark.parametrize("command", ["make", "score", "template"])
def test_nasty_files_are_refused_in_one_line(name, command, tmp_path):
    path = tmp_path / f"{name}.yaml"
    path.write_text(NASTY[name], encoding="utf-8")
    out = tmp_path / "out"
    args = {"make": ["make", path, "-o", out], "score": ["score", path],
            "template": ["template", path, "-o", out / "t.yaml"]}[command]
    started = time.monotonic()
    code, _, err = run_main(*args)
    assert time.monotonic() - started < 10, f"{name} took {time.monotonic() - started:.1f} s"
    assert_one_line_error(code, err, path)
    assert not files_in(out)


@pytest.mark.parametrize("kind", ["missing", "folder", "empty", "blank", "binary", "latin1", "too-big", "fifo"])
def test_unreadable_files_are_refused_in_one_line(kind, tmp_path):
    path = tmp_path / f"{kind}.yaml"
    if kind == "folder":
        path.mkdir()
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "blank":
        path.write_bytes(b"  \n\n\t\n")
    elif kind == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif kind == "latin1":
        path.write_bytes("game: intersections\ntitle: caf\u00e9\n".encode("latin-1"))
    elif kind == "too-big":
        path.write_bytes(b"game: intersections\n" + b"# padding padding padding\n" * 60_000)
    elif kind == "fifo":
        os.mkfifo(path)
    for args in (["make", path, "-o", tmp_path / "out"], ["score", path, "--json"], ["template", path]):
        code, _, err = run_main(*args)
        assert_one_line_error(code, err, path)
    assert not files_in(tmp_path / "out")


def test_huge_records_finish_quickly(game_id, tmp_path):
    """A results file near the size limit, with every list as long as it can be, is scored or refused fast."""
    res = base_results(game_id)
    grown = {}
    for k, v in res.items():
        if isinstance(v, list) and v:
            grown[k] = (v * (20_000 // len(v) + 1))[:20_000]
        elif isinstance(v, list):
            grown[k] = [f"A{i % 9 + 1}-B{i % 9 + 1}" for i in range(20_000)]
        else:
            grown[k] = v
    path = tmp_path / "huge.yaml"
    path.write_text(yaml.safe_dump(grown, allow_unicode=True), encoding="utf-8")
    if path.stat().st_size > inputs.MAX_BYTES:  # too big to read: refused, also quickly
        path.write_text(path.read_text(encoding="utf-8")[: inputs.MAX_BYTES - 1000], encoding="utf-8")
    started = time.monotonic()
    check_score(path)
    assert time.monotonic() - started < 10


def test_one_bad_config_among_good_ones_writes_nothing(tmp_path):
    good = preset_paths()
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: intersections\nplayers: [Ann, Ann]\n", encoding="utf-8")
    out = tmp_path / "out"
    code, _, err = run_main("make", *good, bad, "-o", out)
    assert_one_line_error(code, err, bad)
    assert "players" in err and ":2:" in err, "the message names the line and key"
    assert not files_in(out)


# ---------------------------------------------------------------- the real command, in a subprocess

@pytest.mark.parametrize("name", ["billion-laughs", "python-object", "deep-nesting", "huge-int", "game-with-newline"])
def test_nasty_files_through_the_real_command(name, tmp_path, printkit):
    path = tmp_path / f"{name}.yaml"
    path.write_text(NASTY[name], encoding="utf-8")
    for args in (("make", path, "-o", tmp_path / "out"), ("score", path, "--json")):
        r = printkit(*args)
        assert_one_line_error(r.code, r.err, path)
        assert r.out == ""
    assert not files_in(tmp_path / "out")


def test_binary_and_missing_files_through_the_real_command(tmp_path, printkit):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(200))
    for path in (binary, tmp_path / "missing.yaml", tmp_path):
        r = printkit("score", path)
        assert_one_line_error(r.code, r.err, path)


# ---------------------------------------------------------------- atomic writes

def test_a_file_is_replaced_whole_only(tmp_path, monkeypatch):
    from printkit.output.files import replace_file

    target = tmp_path / "sub" / "kit.pdf"
    target.parent.mkdir()
    replace_file(target, b"first version")
    assert target.read_bytes() == b"first version"
    replace_file(target, b"second")
    assert target.read_bytes() == b"second"

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        replace_file(target, b"third version, never seen")
    assert target.read_bytes() == b"second"
    assert sorted(p.name for p in target.parent.iterdir()) == ["kit.pdf"], "the temporary file was left behind"


def test_a_replacement_interrupted_mid_write_leaves_the_old_file(tmp_path, monkeypatch):
    from printkit.output.files import replace_file

    target = tmp_path / "page-01.svg"
    target.write_bytes(b"<svg>old</svg>")
    real_write = os.write
    calls = []

    def half_then_interrupt(fd, data):
        calls.append(fd)
        real_write(fd, bytes(data[: len(data) // 2]))
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "write", half_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        replace_file(target, b"<svg>" + b"new " * 1000 + b"</svg>")
    monkeypatch.undo()
    assert calls, "the write never reached os.write: the interruption was not tested"
    assert target.read_bytes() == b"<svg>old</svg>"
    assert [p.name for p in tmp_path.iterdir()] == ["page-01.svg"]


# Kill the process (SIGKILL) in the middle of its NTH write into a file: half of that write is on disk.
KILL_MID_WRITE = textwrap.dedent("""
    import os, signal, stat, sys
    NTH = int(sys.argv[1])
    real = os.write
    count = [0]
    def dying(fd, data):
        if stat.S_ISREG(os.fstat(fd).st_mode):
            count[0] += 1
            if count[0] == NTH:
                real(fd, bytes(data[: len(data) // 2])); os.fsync(fd)
                os.kill(os.getpid(), signal.SIGKILL)
        return real(fd, data)
    os.write = dying
    sys.argv = ["printkit", *sys.argv[2:]]
    from printkit.cli import main
    main()
""")


def kill_mid_write(nth: int, *args, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", KILL_MID_WRITE, str(nth), *map(str, args)], capture_output=True,
                          text=True, timeout=120, cwd=cwd)


def digests(folder: Path) -> dict[str, bytes]:
    return {str(f.relative_to(folder)): f.read_bytes() for f in sorted(files_in(folder))}


@pytest.mark.parametrize("nth", [1, 3, 5])  # the preset's kit is 5 files: kit.pdf and 4 SVG pages
def test_killed_make_leaves_the_old_kit_whole(nth, tmp_path):
    """``printkit make`` killed (SIGKILL) in the middle of writing its NTH file over an older kit: the
    kit folder still holds the old kit, file for file (a kit is swapped in whole); the next run
    removes what the killed one left and writes the kit."""
    out = tmp_path / "out"
    preset = ROOT / "layouts" / "intersections.yaml"
    assert run_main("make", preset, "-o", out, "--format", "pdf,svg")[0] == 0
    kit = out / "intersections"
    for f in kit.iterdir():  # an older kit, different from what the run writes
        f.write_bytes(f.read_bytes() + (b"\n<!-- old -->\n" if f.suffix == ".svg" else b"\n% old\n"))
    before = digests(kit)
    p = kill_mid_write(nth, "make", preset, "-o", out, "--format", "pdf,svg", cwd=tmp_path)
    assert p.returncode == -signal.SIGKILL, p.stderr
    assert digests(kit) == before, "the old kit was changed by a run killed while writing"
    left = [f.name for f in out.iterdir() if f.name.startswith(".")]
    assert left, "the killed run left no temporary folder: the kill came too late to test anything"
    code, _, err = run_main("make", preset, "-o", out, "--format", "pdf,svg")
    assert code == 0, err
    assert [f.name for f in out.iterdir()] == ["intersections"], "a stale temporary folder was not removed"
    assert digests(kit) != before and all(b"old" not in data[-12:] for data in digests(kit).values())


@pytest.mark.parametrize("command", ["rules", "picture", "template", "new"])
def test_killed_single_file_write_leaves_the_old_file_whole(command, tmp_path):
    """Every other kind of write killed half way: the old file is as it was, and the next run (with
    --force where the old file is not printkit's) removes the temporary file and writes it."""
    played = ROOT / "tests" / "games" / "data" / "played-intersections.yaml"
    target = tmp_path / {"rules": "r.pdf", "picture": "p.svg", "template": "t.yaml", "new": "n.yaml"}[command]
    args = {"rules": ["rules", "intersections", "-o", target],
            "picture": ["score", played, "--picture", target],
            "template": ["template", ROOT / "layouts" / "intersections.yaml", "-o", target],
            "new": ["new", "intersections", "-o", target]}[command]
    assert run_main(*args)[0] in (0, 1)
    old = target.read_bytes() + b"\n"  # still printkit's mark, but not what the next run writes
    target.write_bytes(old)
    p = kill_mid_write(1, *args, "--force", cwd=tmp_path)
    assert p.returncode == -signal.SIGKILL, p.stderr
    assert target.read_bytes() == old
    assert len(list(tmp_path.iterdir())) == 2, "the kill came before any temporary file was made"
    assert run_main(*args, "--force")[0] in (0, 1)
    assert [f.name for f in tmp_path.iterdir()] == [target.name], "the stale temporary file was not removed"
    assert target.read_bytes() != old


def test_make_killed_at_random_moments_never_leaves_half_a_file(tmp_path):
    """Kill the real sample-kit run at several moments: any file under its real name is whole."""
    import xml.etree.ElementTree as ET

    from pypdf import PdfReader

    for delay in (0.15, 0.3, 0.45, 0.6, 0.8, 1.0):
        out = tmp_path / f"out-{delay}"
        proc = subprocess.Popen([sys.executable, "-m", "printkit", "make", "-o", str(out), "--format", "pdf,svg"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
        time.sleep(delay)
        proc.kill()
        proc.wait(timeout=30)
        for f in files_in(out):
            if any(part.startswith(".") for part in f.relative_to(out).parts):
                continue  # a temporary file or folder, never a kit file
            if f.suffix == ".pdf":
                assert f.read_bytes().rstrip().endswith(b"%%EOF"), f
                assert len(PdfReader(f).pages) > 0
            elif f.suffix == ".svg":
                ET.parse(f)


def test_interrupted_make_cleans_up_its_temporary_files(tmp_path):
    """Ctrl-C (SIGINT) during ``make``: exit 130 (or finished), and no temporary file left behind."""
    for delay in (0.3, 0.5, 0.7):
        out = tmp_path / f"out-{delay}"
        proc = subprocess.Popen([sys.executable, "-m", "printkit", "make", "-o", str(out), "--format", "pdf,svg"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        leftovers = [f for f in files_in(out) if f.name.endswith(".tmp")]
        assert not leftovers, leftovers


# ---------------------------------------------------------------- hostile command-line values

@HOSTILE
@given(players=st.one_of(st.text(max_size=60), st.sampled_from(["0", "1", "99", "Ann,Ann", ",,,", "Ann,\u202eBen",
                                                                "a" * 30 + ",b", "-3", "2.5", " "])))
def test_new_with_any_players_value_writes_a_valid_config_or_fails_cleanly(game_id, players):
    from printkit.cli.app import load as _load

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "new.yaml"
        code, stdout, err = run_main("new", game_id, "--players", players, "-o", out)
        if code == 0:
            game, cfg = _load(str(out))  # what `new` writes is itself a valid config
            assert game.id == game_id
        else:
            assert code == 2 and len(err.strip().split("\n")) == 1 and err.startswith("printkit: "), err
            assert "Traceback" not in err and not out.exists()


@pytest.mark.parametrize("args", [
    ["make", "--format", "png"], ["make", "--format", "pdf,,jpg"], ["make", "--paper", "legal"],
    ["rules", "chess"], ["new", "chesss"], ["schema", "nope"], ["simulate", "intersections"],
    ["solve", "knivess"], ["score", "--picture", "out.png", "x.yaml"],
    ["solve", "curve", "x.yaml", "--time-limit", "inf"], ["solve", "curve", "x.yaml", "--time-limit", "nan"],
    ["simulate", "knives", "--games", "many"], ["simulate", "ikes", "--games", "0"], ["make", "--nope"],
    ["rules", "knives", "-o", "/"], ["rules", "knives", "-o", "/proc/self/x.pdf"], ["new", "knives", "-p", "9" * 5000],
])
def test_bad_command_line_values_are_one_line(args, tmp_path):
    code, out, err = run_main(*args)
    assert code == 2, (code, out, err)
    lines = err.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith("printkit: "), err
    assert not files_in(tmp_path / "output")
