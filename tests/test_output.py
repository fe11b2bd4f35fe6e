"""Every command ends cleanly (issue 18): output never breaks what is there, a failure is one line
(exit 2), Ctrl-C is one line (exit 130), names keep what was typed, limits are honoured.

Cases that need root (a small tmpfs for a full or read-only disk, a device node, running as another
user) are skipped without it; each has a variant that runs everywhere (RLIMIT_FSIZE, os.write made to
fail with ENOSPC).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

from printkit import inputs, limits, registry, validation
from printkit.output import charts, errors, kits, targets, temp
from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
PRESET = ROOT / "layouts" / "intersections.yaml"
KNIVES = ROOT / "layouts" / "knives.yaml"
PLAYED = ROOT / "tests" / "games" / "data" / "played-intersections.yaml"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def run(*args, cwd: Path | None = None) -> tuple[int, str, str]:
    """``printkit ARGS`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old_argv, old_cwd = sys.argv, os.getcwd()
    sys.argv = ["printkit", *map(str, args)]
    code = 0
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = old_argv
        os.chdir(old_cwd)
    return code, out.getvalue(), err.getvalue()


def proc(*args, cwd: Path | None = None, **kw) -> subprocess.CompletedProcess:
    """The real command in a fresh interpreter (bytes out)."""
    return subprocess.run([sys.executable, "-m", "printkit", *map(str, args)], cwd=cwd, capture_output=True,
                          timeout=120, **kw)


def one_line(code: int, err: str, path) -> str:
    """Assert exit 2 and exactly one line naming ``path``; the line."""
    assert code == 2, f"exit {code}, expected 2: {err!r}"
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err!r}"
    assert err.startswith(f"printkit: {path}"), f"does not name {path}: {err!r}"
    assert "Traceback" not in err
    return err.strip()


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too) by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()} \
        if folder.exists() else {}


def hidden(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".*")) if folder.exists() else []


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


@contextlib.contextmanager
def small_disk(folder: Path, size: str, options: str = ""):
    """A tmpfs of ``size`` mounted at ``folder`` (root only; skipped otherwise)."""
    folder.mkdir(parents=True, exist_ok=True)
    if not IS_ROOT or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}{options}", "tmpfs", str(folder)],
                       capture_output=True, text=True)
    if p.returncode:
        pytest.skip(f"cannot mount a tmpfs: {p.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def as_nobody() -> list[str]:
    if not IS_ROOT or shutil.which("setpriv") is None:
        pytest.skip("running as another user needs root and setpriv")
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


# ---------------------------------------------------------------- temporary names, folder names

def test_temp_names_are_unique_hidden_and_fit_beside_a_long_name():
    names = {temp.temp_name("kit.pdf") for _ in range(200)}
    assert len(names) == 200, "two temporary names alike in one run"
    assert all(n.startswith(".kit.pdf.") and n.endswith(".tmp") and temp.TEMP.match(n) for n in names)
    assert temp.TEMP.match(temp.temp_name("x")).group("pid") == str(os.getpid())
    for long in ("r" * 250 + ".pdf", "\u00e9" * 125 + ".pdf", "\U0001F600" * 62 + ".pdf"):
        t = temp.temp_name(long)
        assert len(os.fsencode(t)) <= 255, (len(os.fsencode(t)), long[:10])
        t.encode("utf-8")  # never cut inside a character


@pytest.mark.parametrize("stem,name", [
    ("..", "kit"), (".", "kit"), ("", "kit"), ("...", "kit"), (".hidden", "hidden"), ("night", "night"),
    ("a.b.", "a.b"), (" sp ", "sp"), ("two\nlines", "two_lines"), ("Friday night", "Friday night"),
])
def test_kit_folder_name_stays_inside_the_output(stem, name):
    assert kits.kit_folder_name(stem) == name


def test_a_config_named_dots_writes_its_kit_inside_the_output(tmp_path):
    """A config named ``...yaml`` (stem ``..``) once wrote into OUTPUT's parent and deleted its page-*.svg."""
    cfg = tmp_path / "...yaml"
    cfg.write_text(PRESET.read_text(encoding="utf-8"), encoding="utf-8")
    parent = tmp_path / "work"
    (parent / "out").mkdir(parents=True)
    keep = parent / "page-01.svg"
    keep.write_text("<svg>mine</svg>")
    code, out, err = run("make", cfg, "-o", parent / "out")
    assert code == 0, err
    assert keep.read_text() == "<svg>mine</svg>"
    assert sorted(p.name for p in parent.iterdir()) == ["out", "page-01.svg"]
    assert (parent / "out" / "kit" / "kit.pdf").exists() and (parent / "out" / "kit" / "page-01.svg").exists()
    assert all(line.startswith(str(parent / "out" / "kit")) for line in out.split())


# ---------------------------------------------------------------- what is at the target

def test_rules_into_a_folder_a_link_a_socket_or_under_a_file_is_one_line(tmp_path):
    import socket

    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x")
    (tmp_path / "link.pdf").symlink_to(tmp_path / "file")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "s.pdf"))
    cases = {"folder": "is a folder", "file/x.pdf": "file is a file, not a folder", "link.pdf": "symbolic link",
             "s.pdf": "is a socket", "file/deeper/x.pdf": "file is a file, not a folder"}
    try:
        for name, words in cases.items():
            target = tmp_path / name
            line = one_line(*run("rules", "intersections", "-o", target)[::2], target)
            assert words in line, line
    finally:
        sock.close()
    assert (tmp_path / "file").read_text() == "x" and (tmp_path / "link.pdf").is_symlink()
    assert stat.S_ISSOCK(os.lstat(tmp_path / "s.pdf").st_mode)
    assert list((tmp_path / "folder").iterdir()) == []


@pytest.mark.parametrize("where", ["/proc/printkit-test.pdf", "/proc/self/status", "/proc/self/printkit/x.pdf"])
def test_writing_into_proc_is_one_line(where):
    if not Path("/proc/self").exists():
        pytest.skip("no /proc")
    one_line(*run("rules", "intersections", "-o", where)[::2], where)
    one_line(*run("score", PLAYED, "--picture", where + ".svg")[::2], where)


def test_a_character_device_is_written_in_place_not_replaced(tmp_path):
    """``rules -o /dev/null`` as root used to turn /dev/null into a regular file (tested on a device
    node of our own, so a failure cannot break the machine's /dev/null)."""
    dev, picture = tmp_path / "null", tmp_path / "null.pdf"
    try:
        for node in (dev, picture):
            os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        pytest.skip("making a device node needs root")
    for args in (("rules", "intersections", "-o", dev), ("score", PLAYED, "--picture", picture),
                 ("new", "intersections", "-o", dev), ("template", PRESET, "-o", dev)):
        code, _, err = run(*args)
        assert code in (0, 1), err
        assert stat.S_ISCHR(os.lstat(args[-1]).st_mode), f"{args[0]} replaced the device with a file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "null.pdf"], "a temporary file was left"


def test_dev_full_as_a_target_is_one_line():
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    line = one_line(*run("rules", "intersections", "-o", "/dev/full")[::2], "/dev/full")
    assert "no space left" in line
    assert stat.S_ISCHR(os.lstat("/dev/full").st_mode)


def read_fifo(path: Path, into: list) -> threading.Thread:
    def reader():
        with open(path, "rb") as fh:
            into.append(fh.read())

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    return t


@pytest.mark.parametrize("command", ["rules", "picture", "template"])
def test_a_pipe_is_written_in_place_and_one_with_no_reader_is_refused(command, tmp_path):
    fifo = tmp_path / ("f.svg" if command == "picture" else "f")
    os.mkfifo(fifo)
    args = {"rules": ("rules", "intersections", "-o", fifo), "picture": ("score", PLAYED, "--picture", fifo),
            "template": ("template", PRESET, "-o", fifo)}[command]
    got: list[bytes] = []
    t = read_fifo(fifo, got)
    time.sleep(0.05)
    code, _, err = run(*args)
    t.join(10)
    assert code in (0, 1), err
    assert got and len(got[0]) > 100, "nothing came through the pipe"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode), "the pipe was replaced by a file"
    started = time.monotonic()
    code, _, err = run(*args)  # nobody reads now: refused, not a hang
    assert time.monotonic() - started < 10
    assert "no program is reading" in one_line(code, err, fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and sorted(p.name for p in tmp_path.iterdir()) == [fifo.name]


def test_a_legal_long_file_name_can_be_written(tmp_path):
    for name in ("r" * 246 + ".pdf", "\u00e9" * 125 + ".pdf"):
        code, _, err = run("rules", "intersections", "-o", tmp_path / name)
        assert code == 0, err
        assert (tmp_path / name).read_bytes().startswith(b"%PDF")
    assert len(list(tmp_path.iterdir())) == 2


def test_reading_a_config_in_a_folder_that_cannot_be_searched_is_one_line(tmp_path):
    prefix = as_nobody()
    locked = tmp_path / "locked"
    locked.mkdir()
    shutil.copy(PRESET, locked / "c.yaml")
    tmp_path.chmod(0o755)
    locked.chmod(0o000)
    try:
        p = subprocess.run([*prefix, sys.executable, "-m", "printkit", "make", str(locked / "c.yaml"), "-o",
                            "/tmp/printkit-never"], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    finally:
        locked.chmod(0o755)
    assert "permission denied" in one_line(p.returncode, p.stderr, locked / "c.yaml")
    assert not Path("/tmp/printkit-never").exists()


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path):
    prefix = as_nobody()
    tmp_path.chmod(0o755)  # the user can look but not write
    for args, target in ((["rules", "intersections", "-o", tmp_path / "r.pdf"], tmp_path / "r.pdf"),
                         (["make", PRESET, "-o", tmp_path / "out"], tmp_path / "out")):
        p = subprocess.run([*prefix, sys.executable, "-m", "printkit", *map(str, args)], capture_output=True,
                           text=True, timeout=60, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        assert "permission denied" in one_line(p.returncode, p.stderr, target)
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_disk_is_one_line(tmp_path):
    with small_disk(tmp_path / "ro", "1m", ",ro") as ro:
        for args, target in ((["rules", "intersections", "-o", ro / "r.pdf"], ro / "r.pdf"),
                             (["make", PRESET, "-o", ro], ro / "intersections"),
                             (["score", PLAYED, "--picture", ro / "p.svg"], ro / "p.svg"),
                             (["template", PRESET, "-o", ro / "t.yaml"], ro / "t.yaml")):
            assert "read-only" in one_line(*run(*args)[::2], target)


# ---------------------------------------------------------------- one overwrite rule

def test_one_overwrite_rule_for_every_command(tmp_path):
    """An existing file is replaced without --force only when printkit wrote it and nobody types into
    it; a file printkit did not write, a config and a results file need --force."""
    pdf, svg = tmp_path / "r.pdf", tmp_path / "p.svg"
    cfg, res = tmp_path / "c.yaml", tmp_path / "t.yaml"
    # printkit's own output is replaced
    for args in (["rules", "intersections", "-o", pdf], ["score", PLAYED, "--picture", svg]):
        assert run(*args)[0] in (0, 1)
        assert run(*args)[0] in (0, 1), "printkit's own output was not replaced"
    # anything else is not, until --force
    for args, target in ((["rules", "intersections", "-o", pdf], pdf), (["score", PLAYED, "--picture", svg], svg)):
        target.write_bytes(b"%PDF-1.4 someone else's\n" if target.suffix == ".pdf" else b"<svg>mine</svg>")
        mine = target.read_bytes()
        assert "--force" in one_line(*run(*args)[::2], target)
        assert target.read_bytes() == mine
        assert run(*args, "--force")[0] in (0, 1)
        assert target.read_bytes() != mine
    # files people type into are never replaced without --force, even printkit's own
    for args, target in ((["new", "intersections", "-o", cfg], cfg), (["template", PRESET, "-o", res], res)):
        assert run(*args)[0] == 0
        typed = target.read_text() + "# typed\n"
        target.write_text(typed)
        assert "already exists" in one_line(*run(*args)[::2], target)
        assert target.read_text() == typed
        assert run(*args, "--force")[0] == 0
        assert target.read_text() != typed
    assert not hidden(tmp_path)


@pytest.mark.parametrize("command", ["make", "rules", "new", "template", "score"])
def test_help_says_the_overwrite_rule(command):
    code, out, _ = run(command, "--help")
    assert code == 0
    assert "--force" in out and "printkit replaces only" in " ".join(out.split())


def test_make_replaces_its_own_kit_but_not_a_changed_or_foreign_one(tmp_path):
    out = tmp_path / "out"
    kit = out / "intersections"
    assert run("make", PRESET, "-o", out)[0] == 0
    first = tree(kit)
    assert run("make", PRESET, "-o", out)[0] == 0 and tree(kit) == first
    (kit / "kit.pdf").write_bytes(b"%PDF-1.4 edited elsewhere\n")
    assert "--force" in one_line(*run("make", PRESET, "-o", out)[::2], kit / "kit.pdf")
    assert (kit / "kit.pdf").read_bytes() == b"%PDF-1.4 edited elsewhere\n"
    assert run("make", PRESET, "-o", out, "--force")[0] == 0 and tree(kit) == first
    (kit / "notes.txt").write_text("mine")
    for force in ([], ["--force"]):  # a kit folder is replaced whole: never over someone's files
        assert "notes.txt" in one_line(*run("make", PRESET, "-o", out, *force)[::2], kit)
    assert (kit / "notes.txt").read_text() == "mine"


def test_kit_folder_or_kit_file_in_the_way_is_one_line(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "intersections").write_text("a file")
    assert "is a file" in one_line(*run("make", PRESET, "-o", out)[::2], out / "intersections")
    (out / "intersections").unlink()
    (out / "intersections").symlink_to(tmp_path)
    assert "symbolic link" in one_line(*run("make", PRESET, "-o", out)[::2], out / "intersections")
    (out / "intersections").unlink()
    for name in ("kit.pdf", "page-03.svg"):
        (out / "intersections" / name).mkdir(parents=True)
        assert "is a folder" in one_line(*run("make", PRESET, "-o", out, "--force")[::2], out / "intersections" / name)
        shutil.rmtree(out / "intersections")
    (tmp_path / "plain").write_text("x")
    assert "is a file, not a folder" in one_line(*run("make", PRESET, "-o", tmp_path / "plain")[::2],
                                                 tmp_path / "plain")
    assert not (out / "intersections").exists() and (tmp_path / "plain").read_text() == "x"


def test_stale_temporary_files_are_removed_by_the_next_run(tmp_path):
    out = tmp_path / "out"
    assert run("make", PRESET, "-o", out)[0] == 0
    kit = out / "intersections"
    pid = dead_pid()
    (out / f".intersections.{pid}-0badc0de.tmp").mkdir()  # a kit folder a killed run left
    (out / f".intersections.{pid}-0badc0de.tmp" / "kit.pdf").write_bytes(b"half")
    (kit / ".kit.pdf.ab12_xyz.tmp").write_bytes(b"half")  # printkit 0.1's mkstemp name, inside the kit
    (tmp_path / f".r.pdf.{pid}-12345678.tmp").write_bytes(b"half")
    (tmp_path / f".r.pdf.{os.getppid()}-87654321.tmp").write_bytes(b"in use")  # its run is alive: kept
    assert run("make", PRESET, "-o", out)[0] == 0
    assert hidden(out) == []
    assert run("rules", "intersections", "-o", tmp_path / "r.pdf")[0] == 0
    assert hidden(tmp_path) == [f".r.pdf.{os.getppid()}-87654321.tmp"]


# ---------------------------------------------------------------- a full disk, a file size limit

ENOSPC_AFTER = """
import errno, os, stat, sys
N = int(sys.argv[1]); real = os.write; count = [0]
def write(fd, data):
    if stat.S_ISREG(os.fstat(fd).st_mode):
        count[0] += 1
        if count[0] >= N:
            raise OSError(errno.ENOSPC, "No space left on device")
    return real(fd, data)
os.write = write
sys.argv = ["printkit", *sys.argv[2:]]
from printkit.cli import main
main()
"""


@pytest.mark.parametrize("nth", [1, 5, 30])
def test_a_disk_full_in_the_middle_of_make_leaves_every_old_kit(nth, tmp_path):
    """The disk fills up at the NTH file of the sample kit (os.write made to fail): one line, exit 2,
    every old kit as it was, no temporary file."""
    out = tmp_path / "out"
    assert proc("make", "-o", out, "--format", "pdf,svg", cwd=tmp_path).returncode == 0
    for f in out.rglob("*.svg"):  # make the old kits differ from the new ones
        f.write_bytes(f.read_bytes() + b"<!-- old printkit -->")
    before = tree(out)
    p = subprocess.run([sys.executable, "-c", ENOSPC_AFTER, str(nth), "make", "-o", str(out), "--format",
                        "pdf,svg"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert "no space left" in p.stderr and p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
    assert p.stderr.startswith(f"printkit: {out}/"), p.stderr
    assert tree(out) == before
    assert hidden(out) == []


def test_a_really_full_disk_leaves_the_old_kit(tmp_path):
    """A small tmpfs: an old kit fits, the new one beside it does not."""
    with small_disk(tmp_path / "disk", "600k") as disk:  # the knives kit (maps for every kcount) is ~390 kB
        assert run("make", KNIVES, "-o", disk, "--format", "pdf,svg")[0] == 0
        kit = disk / "knives"
        for f in kit.iterdir():
            f.write_bytes(f.read_bytes() + b"\n<!-- old -->\n")
        before = tree(kit)
        line = one_line(*run("make", KNIVES, "-o", disk, "--format", "pdf,svg")[::2], kit)
        assert "no space left" in line
        assert tree(kit) == before and hidden(disk) == []
        (disk / "big.pdf").write_bytes(b"%PDF-1.4 old\n")
        while True:  # fill the disk to the last block
            try:
                with open(disk / "filler", "ab") as fh:
                    fh.write(b"x" * 4096)
            except OSError:
                break
        for args, target in ((["rules", "intersections", "-o", disk / "big.pdf", "--force"], disk / "big.pdf"),
                             (["score", PLAYED, "--picture", disk / "p.svg"], disk / "p.svg"),
                             (["new", "intersections", "-o", disk / "n.yaml"], disk / "n.yaml")):
            assert "no space left" in one_line(*run(*args)[::2], target)
        assert (disk / "big.pdf").read_bytes() == b"%PDF-1.4 old\n"
        assert sorted(p.name for p in disk.iterdir()) == ["big.pdf", "filler", "knives"]


def test_a_file_size_limit_is_one_line_and_leaves_the_old_file(tmp_path):
    """``ulimit -f``: the kit PDF is larger than the limit (EFBIG)."""
    import resource

    target = tmp_path / "r.pdf"
    target.write_bytes(b"%PDF-1.4 old\n")

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))

    p = subprocess.run([sys.executable, "-m", "printkit", "rules", "knives", "-o", str(target), "--force"],
                       capture_output=True, text=True, timeout=60, preexec_fn=limit, cwd=tmp_path)
    assert "file too large" in one_line(p.returncode, p.stderr, target)
    assert target.read_bytes() == b"%PDF-1.4 old\n" and hidden(tmp_path) == []


@pytest.mark.parametrize("args", [["new", "intersections", "-o", "-"], ["score", "{played}", "--json"],
                                  ["rules", "intersections", "-o", "-"], ["games"], ["schema"]])
def test_standard_output_full_is_one_line(args, tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    args = [a.replace("{played}", str(PLAYED)) for a in args]
    with open("/dev/full", "wb") as full:
        p = subprocess.run([sys.executable, "-m", "printkit", *args], stdout=full, stderr=subprocess.PIPE,
                           text=True, timeout=60, cwd=tmp_path)
    assert "no space left" in one_line(p.returncode, p.stderr, "standard output")


def test_a_closed_pipe_on_standard_output_ends_quietly(tmp_path):
    p = subprocess.Popen([sys.executable, "-m", "printkit", "schema"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=tmp_path)
    p.stdout.close()  # the reader stops before printkit writes (printkit schema | head -0)
    err = p.stderr.read().decode()
    assert p.wait(60) == 141 and err == ""


def test_rules_to_standard_output_is_the_same_pdf(tmp_path):
    assert run("rules", "intersections", "-o", tmp_path / "r.pdf")[0] == 0
    p = proc("rules", "intersections", "-o", "-", cwd=tmp_path)
    assert p.returncode == 0 and p.stdout == (tmp_path / "r.pdf").read_bytes()


# ---------------------------------------------------------------- two runs at once

def test_two_makes_into_one_folder_at_once_leave_one_whole_kit(tmp_path):
    a, b = tmp_path / "a" / "night.yaml", tmp_path / "b" / "night.yaml"
    a.parent.mkdir()
    b.parent.mkdir()
    a.write_text(PRESET.read_text(encoding="utf-8"), encoding="utf-8")
    b.write_text(KNIVES.read_text(encoding="utf-8"), encoding="utf-8")
    refs = []
    for cfg in (a, b):
        assert run("make", cfg, "-o", tmp_path / ("ref-" + cfg.parent.name), "--format", "pdf,svg")[0] == 0
        refs.append(tree(tmp_path / ("ref-" + cfg.parent.name) / "night"))
    assert refs[0].keys() != refs[1].keys()
    out = tmp_path / "out"
    for _ in range(4):
        procs = [subprocess.Popen([sys.executable, "-m", "printkit", "make", str(cfg), "-o", str(out), "--format",
                                   "pdf,svg"], stdout=subprocess.PIPE, stderr=subprocess.PIPE) for cfg in (a, b)]
        for p in procs:
            _, err = p.communicate(timeout=120)
            assert p.returncode == 0, err.decode()
        assert tree(out / "night") in refs, "the kit folder mixes two runs"
        assert hidden(out) == []


def test_two_runs_writing_one_file_at_once_both_end_cleanly(tmp_path):
    target = tmp_path / "r.pdf"
    assert run("rules", "intersections", "-o", tmp_path / "ref.pdf")[0] == 0
    for _ in range(6):
        procs = [subprocess.Popen([sys.executable, "-m", "printkit", "rules", "intersections", "-o", str(target)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
        for p in procs:
            _, err = p.communicate(timeout=60)
            assert p.returncode == 0, err.decode()
        assert target.read_bytes() == (tmp_path / "ref.pdf").read_bytes()
    results = tmp_path / "t.yaml"
    for _ in range(3):  # a file to type into: one run writes it, the other says it is there
        results.unlink(missing_ok=True)
        procs = [subprocess.Popen([sys.executable, "-m", "printkit", "template", str(PRESET), "-o", str(results)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        done = [(p.wait(60), p.stderr.read()) for p in procs]
        assert sorted(code for code, _ in done) == [0, 2], done
        assert all("Traceback" not in err for _, err in done)
        assert inputs.load(results).data["game"] == "intersections"
    assert hidden(tmp_path) == []


# ---------------------------------------------------------------- interrupts

def interrupt(args: list, delay: float, sig=signal.SIGINT, cwd=None) -> tuple[int, str]:
    p = subprocess.Popen([sys.executable, "-m", "printkit", *map(str, args)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, start_new_session=True, cwd=cwd)
    time.sleep(delay)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(p.pid, sig)  # as Ctrl-C does: the whole process group, workers too
    _, err = p.communicate(timeout=120)
    return p.returncode, err


def test_ctrl_c_during_make_is_one_line_and_leaves_the_old_kits(tmp_path):
    out = tmp_path / "out"
    assert proc("make", "-o", tmp_path / "new", "--format", "pdf,svg", cwd=tmp_path).returncode == 0
    new = tree(tmp_path / "new")
    stopped = 0
    for delay in (0.15, 0.2, 0.25, 0.3, 0.35, 0.45, 0.6, 0.8):  # (the first 20 ms are Python starting up)
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(tmp_path / "new", out)
        for f in out.rglob("*.pdf"):  # an older kit
            f.write_bytes(f.read_bytes() + b"\n% old\n")
        old = tree(out)
        code, err = interrupt(["make", "-o", out, "--format", "pdf,svg"], delay, cwd=tmp_path)
        if code == 130:
            stopped += 1
            assert err == "printkit: interrupted\n", err
        else:
            assert code == 0 and err == "", (delay, code, err)
        assert tree(out) in (old, new), "Ctrl-C left the kits half old, half new"
        assert hidden(out) == []
    assert stopped, "no run was interrupted: the delays are too long for this machine"


def test_terminate_during_make_is_one_line(tmp_path):
    terminated = []
    for delay in (0.2, 0.3, 0.45, 0.6, 0.8):
        code, err = interrupt(["make", "-o", tmp_path / "out", "--format", "pdf,svg"], delay, signal.SIGTERM, tmp_path)
        assert hidden(tmp_path / "out") == []
        if (code, err) in ((-signal.SIGTERM, ""), (0, "")):  # Python still starting on a busy machine, or done
            continue
        assert (code, err) == (128 + signal.SIGTERM, "printkit: terminated\n"), (delay, code, err)
        terminated.append(delay)
    assert terminated, "no run was terminated while it worked: the delays do not fit this machine"


def test_ctrl_c_during_a_simulation_with_workers_is_one_line():
    """Each knives worker used to print its own KeyboardInterrupt traceback."""
    code, err = interrupt(["simulate", "knives", "--games", "400000", "--jobs", "2"], 1.5)
    assert (code, err) == (130, "printkit: interrupted\n"), err[-2000:]


def test_ctrl_c_while_writing_to_a_pipe_nobody_reads_is_one_line(tmp_path):
    fifo = tmp_path / "f.pdf"
    os.mkfifo(fifo)
    code, err = interrupt(["rules", "intersections", "-o", fifo], 1.0)
    assert (code, err) == (130, "printkit: interrupted\n")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# ---------------------------------------------------------------- limits and option values

@pytest.mark.parametrize("value,words", [("inf", "finite"), ("nan", "finite"), ("-inf", "finite"),
                                         ("abc", "not a valid"), ("0", "range")])
def test_time_limit_must_be_finite_and_positive(value, words, tmp_path):
    curve = tmp_path / "c.yaml"
    curve.write_text("game: curve\nn: 6\ncurve: |\n  . . . . . .\n  . # # # . .\n  . # . # . .\n"
                     "  . # # # . .\n  . . . . . .\n  . . . . . .\n")
    started = time.monotonic()
    line = one_line(*run("solve", "curve", curve, "--time-limit", value)[::2], "command line")
    assert "--time-limit" in line and words in line
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("args,key", [
    (["simulate", "knives", "--games", "abc"], "--games"), (["simulate", "knives", "--players", "99"], "--players"),
    (["make", "--bogus"], "--bogus"), (["rules"], "GAME"), (["simulate", "knives", "--nope"], "--nope"),
    (["score", "--picture"], "--picture"), (["new", "intersections", "-p"], "-p"),
])
def test_bad_option_values_are_one_line_not_a_usage_block(args, key):
    line = one_line(*run(*args)[::2], "command line")
    assert key in line


def test_limits_bound_time_and_size_options():
    assert limits.seconds(2, "--time-limit") == 2.0
    for bad in (float("inf"), float("nan"), 0, -1, 1e9, "2", True):
        with pytest.raises(inputs.InputError, match="--time-limit"):
            limits.seconds(bad, "--time-limit")
    assert limits.count(22, "--max-cards", 0, 26) == 22
    for bad in (27, -1, 2.5, float("inf")):
        with pytest.raises(inputs.InputError, match="--max-cards"):
            limits.count(bad, "--max-cards", 0, 26)


def test_limit_callbacks_work_as_typer_options():
    import typer

    app = typer.Typer()

    @app.command()
    def go(t: float = typer.Option(1.0, "--time-limit", callback=limits.seconds_option(0.1, 60)),
           n: int = typer.Option(3, "--max-cards", callback=limits.count_option(0, 26))) -> None:
        print(t, n)

    cmd = typer.main.get_command(app)
    with pytest.raises(inputs.InputError, match=r"--time-limit: 61 is out of range"):
        cmd.main(["--time-limit", "61"], standalone_mode=False)
    with pytest.raises(inputs.InputError, match=r"--max-cards: 99 is out of range"):
        cmd.main(["--max-cards", "99"], standalone_mode=False)
    cmd.main(["--time-limit", "2", "--max-cards", "26"], standalone_mode=False)


# ---------------------------------------------------------------- names keep what was typed

def test_player_names_keep_what_was_typed(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("game: knives\nplayers: [007, Bob, Yes, No, ~, 1.5]\n")
    code, out, err = run("template", cfg, "-o", "-")
    assert code == 0, err
    assert yaml.safe_load(out)["players"] == ["007", "Bob", "Yes", "No", "~", "1.5"]
    res = tmp_path / "r.yaml"
    res.write_text(out)
    code, out, err = run("score", res, "--json")
    assert code == 1, err  # read back whole; nothing entered yet
    import json

    assert [p["name"] for p in json.loads(out)["players"]] == ["007", "Bob", "Yes", "No", "~", "1.5"]
    assert [v["rule"] for v in json.loads(out)["violations"]] == ["empty"]


def test_keys_are_the_words_typed(tmp_path):
    doc = inputs.parse("game: curve\ncurves:\n  Yes: x\n  007: y\n  null: z\n", "r.yaml")
    assert list(doc.data["curves"]) == ["Yes", "007", "null"]
    assert doc.line(("curves", "007")) == 4


NAMES = ["a: b", "Yes", "null", "~", "1.5", "#1", "[x]", "&y", "007", "- x", "x #y", "*z", "!t", "{m}", "%p",
         "@q", "'s", "\"d\"", "|", ">", "? k", "no"]


def names_read_back(game_id: str, names: list[str], tmp_path: Path) -> None:
    from printkit import registry
    from printkit.game import starter_config

    game = registry.get(game_id)
    n = max(game.Config.MIN_PLAYERS, 2)
    for i in range(0, len(names), n):
        group = (names[i:i + n] + [f"P{j}" for j in range(n)])[:n]
        text = starter_config(game, group)
        cfg = validation.validate(game.Config, inputs.parse(text, "new.yaml"))
        assert list(cfg.players) == group, text
        results = validation.validate(game.Results, inputs.parse(game.template(cfg), "template.yaml"))
        assert list(results.players) == group


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_new_and_template_read_back_every_name(game_id, tmp_path):
    names_read_back(game_id, NAMES, tmp_path)


def test_any_accepted_name_reads_back():
    """Property: every name printkit accepts survives new and template unchanged."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from printkit import registry
    from printkit.game import yaml_key
    from printkit.model import GameConfig

    @settings(max_examples=examples(150), deadline=None, derandomize=True, database=None)
    @given(st.text(st.characters(codec="cp1252"), min_size=1, max_size=20))
    def check(name):
        try:
            (accepted,) = GameConfig._players([name, "Zed"])[:1]
        except ValueError:
            return
        assert yaml.safe_load(f"k: {yaml_key(accepted)}\n")["k"] == accepted
        if accepted != "players":  # as a key beside the players list (a name may be the word 'players')
            doc = inputs.parse(f"{yaml_key(accepted)}: 1\nplayers:\n- {yaml_key(accepted)}\n- Zed\n", "x.yaml")
            assert list(doc.data) == [accepted, "players"] and doc.data["players"][0] == accepted
        for game_id in registry.GAMES:
            game = registry.get(game_id)
            cfg = game.Config.from_dict({"game": game_id, "players": [accepted, "Zed"]})
            res = validation.validate(game.Results, inputs.parse(game.template(cfg), "t.yaml"))
            assert list(res.players) == [accepted, "Zed"]

    check()


def test_a_game_can_keep_its_record_words_out_of_names():
    from printkit.model import GameConfig

    class Words(GameConfig, kw_only=True):
        NAME_WORDS = frozenset({"claims", "draws", "with"})

    assert Words.from_dict({"game": "x", "players": ["Ann", "Withers"]}).players == ("Ann", "Withers")
    for bad in ("Bo with", "Claims Ann", "x draws"):
        with pytest.raises(ValueError, match="which the play record uses"):
            Words.from_dict({"game": "x", "players": ["Ann", bad]})


# ---------------------------------------------------------------- messages echo nothing raw

@pytest.mark.parametrize("text", [
    'game: knives\nplayers: [Ann, Bob]\nturns: ["\\e[2J\\e[32mAll verified"]\n',
    'game: knives\n"\\e[31mcolour": 1\n',
    'game: "\\e[31mknives"\n',
    'game: knives\nplayers: [Ann, Bob]\nturns: ["Ann draws Q\\u2028Bob: fine"]\n',
    'game: knives\nplayers: [Ann, Bob]\nturns: ["Ann\\u202e draws\\x07 Q"]\n',
])
def test_messages_show_control_characters_escaped(text, tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("score", path)
    assert code in (1, 2), (code, out, err)
    shown = err if code == 2 else out
    if code == 2:
        one_line(code, err, path)
    assert not any(ch in shown for ch in "\x1b\x07\u2028\u202e"), repr(shown)
    assert any(e in shown for e in ("\\x1b", "\\u2028", "\\u202e")), repr(shown)


def test_one_line_escapes_and_cuts():
    assert inputs.one_line("a\x1b[2Jb\u2028c\td\n") == "a\\x1b[2Jb\\u2028c\\td\\n"
    assert inputs.one_line("\U000E0041") == "\\U000e0041"
    assert inputs.one_line("ok text, caf\u00e9") == "ok text, caf\u00e9"
    assert len(inputs.one_line("\x1b" * 1000)) == 300
    assert str(inputs.InputError("we\x1bird.yaml", "m")) == "we\\x1bird.yaml: m"


def test_a_huge_players_count_is_one_line():
    line = one_line(*run("new", "knives", "-p", "1" * 5000, "-o", "-")[::2], "command line")
    assert "--players" in line and len(line) < 200


def test_deep_or_huge_input_is_refused_within_a_second(tmp_path):
    item = "[" * 37 + "A1-A2" + "]" * 37
    deep = "game: intersections\nplayers: [Ann, Ben]\nrounds: [" + ", ".join([item] * 11_700) + "]\n"
    wide = "game: knives\nplayers: [Ann, Ben]\nturns: [" + ", ".join(["Ann draws Q"] * 60_000) + "]\n"
    digits = "game: knives\nkcount: " + "1" * 5000 + "\n"
    for name, text, words in (("deep", deep, "nested too deeply"), ("wide", wide, "values"),
                              ("digits", digits, "thousands of digits")):
        path = tmp_path / f"{name}.yaml"
        path.write_text(text)
        assert path.stat().st_size < inputs.MAX_BYTES
        # within a second of this process's own time (the work the reader does, about 0.2 s for the widest;
        # a wall clock also counts the other work of a shared machine: 1.13 s once under a loaded run)
        started = time.process_time()
        with pytest.raises(inputs.InputError, match=words):
            inputs.load(path)
        took = time.process_time() - started
        assert took < 1.0, f"{name}: {took:.2f} s of processor time"
        one_line(*run("score", path)[::2], path)


def test_game_of_names_any_game_value_in_one_line(tmp_path):
    for value, words in (("[]", "expected a game id"), ("7", "expected a game id"), ("chess", "unknown game"),
                         ("curve", "this command reads knives files")):
        doc = inputs.parse(f"game: {value}\n", "r.yaml")
        with pytest.raises(inputs.InputError, match=words):
            registry.game_of(doc, "knives")
    assert registry.game_of(inputs.parse("game: knives\n", "r.yaml"), "knives") == "knives"


# ---------------------------------------------------------------- charts

def figure():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3, 2))
    ax.bar(["a", "b"], [1, 2], hatch="//")
    ax.set_title("chart")
    return fig


@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_charts_are_the_same_on_every_run(fmt, tmp_path):
    code = ("import sys; sys.path.insert(0, %r); from test_output import figure; from printkit.output import charts; "
            "sys.stdout.buffer.write(charts.chart_bytes(figure(), %r))" % (str(Path(__file__).parent), fmt))
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120, cwd=tmp_path,
                           env={**os.environ, "PYTHONHASHSEED": seed}) for seed in ("1", "2")]
    assert runs[0].returncode == 0, runs[0].stderr.decode()
    assert runs[0].stdout == runs[1].stdout and len(runs[0].stdout) > 1000
    target = tmp_path / f"c.{fmt}"
    target.write_bytes(runs[0].stdout)
    assert targets.made_by_printkit(target), "a chart printkit wrote is not known as printkit's"


def test_write_chart_checks_the_target_like_every_command(tmp_path):
    fig = figure()
    target = tmp_path / "c.svg"
    charts.write_chart(fig, target)
    first = target.read_bytes()
    charts.write_chart(fig, target)  # its own chart: replaced
    assert target.read_bytes() == first
    target.write_text("<svg>mine</svg>")
    with pytest.raises(errors.OutputError, match="--force"):
        charts.write_chart(fig, target)
    charts.write_chart(fig, target, force=True)
    assert target.read_bytes() == first
    (tmp_path / "d.svg").mkdir()
    for bad, words in ((tmp_path / "c.gif", ".png, .svg or .pdf"), (tmp_path / "d.svg", "is a folder"),
                       (tmp_path / "c.svg" / "x.png", "is a file, not a folder")):
        with pytest.raises(errors.OutputError, match=words):
            charts.write_chart(fig, bad)
    fifo = tmp_path / "f.png"
    os.mkfifo(fifo)
    with pytest.raises(errors.OutputError, match="no program is reading"):
        charts.write_chart(fig, fifo)
    got: list[bytes] = []
    t = read_fifo(fifo, got)
    time.sleep(0.05)
    charts.write_chart(fig, fifo)
    t.join(10)
    assert got and got[0].startswith(b"\x89PNG") and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert hidden(tmp_path) == [] and list((tmp_path / "d.svg").iterdir()) == []


CHART_WRITER = """
import os, signal, stat, sys
sys.path.insert(0, sys.argv[1])
from test_output import figure
from printkit.output import charts
if sys.argv[3] == "kill":
    real = os.write
    def dying(fd, data):
        if stat.S_ISREG(os.fstat(fd).st_mode):
            real(fd, bytes(data[: len(data) // 2])); os.fsync(fd); os.kill(os.getpid(), signal.SIGKILL)
        return real(fd, data)
    os.write = dying
charts.write_chart(figure(), sys.argv[2])
"""


def test_two_charts_at_once_and_a_killed_chart_write(tmp_path):
    target = tmp_path / "same.svg"
    for _ in range(3):
        procs = [subprocess.Popen([sys.executable, "-c", CHART_WRITER, str(Path(__file__).parent), str(target), "-"],
                                  stderr=subprocess.PIPE) for _ in range(2)]
        for p in procs:
            _, err = p.communicate(timeout=120)
            assert p.returncode == 0, err.decode()
    whole = target.read_bytes()
    assert whole.rstrip().endswith(b"</svg>")
    target.write_bytes(whole + b"<!-- old -->")
    p = subprocess.run([sys.executable, "-c", CHART_WRITER, str(Path(__file__).parent), str(target), "kill"],
                       capture_output=True, timeout=120)
    assert p.returncode == -signal.SIGKILL, p.stderr.decode()
    assert target.read_bytes() == whole + b"<!-- old -->"
    charts.write_chart(figure(), target)
    assert target.read_bytes() == whole and hidden(tmp_path) == []


def test_a_bug_shows_its_traceback_and_exits_70_not_1(tmp_path, monkeypatch):
    """Exit 1 means "a rule is broken": a crash must not look like one."""
    from printkit import kit

    def broken(*a, **k):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(kit, "build", broken)
    code, _, err = run("make", PRESET, "-o", tmp_path / "out")
    assert code == 70
    assert "Traceback" in err and err.strip().endswith("printkit: internal error (ZeroDivisionError); please report "
                                                       "it with the lines above")
    assert not (tmp_path / "out").exists()
