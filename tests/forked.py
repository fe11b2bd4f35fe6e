"""The real command line, each run in a process of its own forked from one that has imported printkit already.

``python -m printkit`` spends about a quarter of a second starting Python and importing typer, yaml, reportlab
and printkit's commands before it reads its first argument; the tests run it about a thousand times (every
page test starts ``printkit enter``).  A server started once per test process (``Forks``) imports all that,
then forks a child for each run: the child takes the run's arguments, folder, standard input, output and
error, and the signal dispositions a fresh interpreter would have, and runs ``printkit.console.main`` as
``python -m printkit`` does, to its exit code.  It is a process of its own (its pid, exit code, signals and
memory); only the imports are shared.

``Forks.start`` gives a ``Process``, which answers as ``subprocess.Popen`` does (poll, wait, communicate,
send_signal, kill, stdout and stderr as text).  A run whose environment differs from the one the server
started in is given a fresh interpreter instead (an import may read the environment), and so is any run
when the server cannot be started."""

from __future__ import annotations

import io
import json
import locale
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent
VOLATILE = {"PYTEST_CURRENT_TEST"}  # changes with every test; no import reads it (each run is given its own)
SIGNALS = [s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP", "SIGPIPE")) if s]


# ---------------------------------------------------------------- the server's side


def _preload() -> None:
    """What a run of the command imports, imported once, before any fork."""
    import printkit.console  # noqa: F401  (sets its early signal handlers: each child sets them again)
    import printkit.cli  # noqa: F401

    for name in ("printkit.kit", "printkit.games", "printkit.score", "printkit.enter.server", "reportlab.pdfgen.canvas",
                 "svgwrite"):
        try:
            __import__(name)
        except Exception:  # noqa: BLE001 - a module that is not there is imported by the child if it needs it
            pass


def serve(path: str) -> None:
    """Listen at the socket ``path``: each connection sends one JSON request with three descriptors (stdin,
    stdout, stderr) and is answered with the child's pid, then, when it ends, its wait status.  Ends when
    the test process that started it does (its standard input closes)."""
    dispositions = {s: signal.getsignal(s) for s in SIGNALS}
    _preload()
    for s in SIGNALS:  # the server ends with the test run's Ctrl-C; a connection gone is only that
        signal.signal(s, signal.SIG_IGN if s == getattr(signal, "SIGPIPE", None) else signal.SIG_DFL)
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(path + ".new")
    listener.listen(64)
    os.rename(path + ".new", path)  # there once it answers: a test's connect never finds it bound, not listening
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    sel = selectors.DefaultSelector()
    sel.register(listener, selectors.EVENT_READ, "new")
    sel.register(wake_r, selectors.EVENT_READ, "child")
    sel.register(sys.stdin, selectors.EVENT_READ, "end")
    running: dict[int, socket.socket] = {}
    try:
        _loop(listener, sel, wake_r, running, dispositions)
    finally:
        os.unlink(path)
        os.rmdir(os.path.dirname(path))


def _loop(listener, sel, wake_r, running, dispositions) -> None:
    while True:
        for key, _ in sel.select():
            if key.data == "end":
                return
            if key.data == "new":
                conn, _ = listener.accept()
                msg, fds, _, _ = socket.recv_fds(conn, 1 << 20, 3)
                pid = os.fork()
                if pid == 0:
                    _child(json.loads(msg), fds, dispositions)
                for f in fds:
                    os.close(f)
                conn.sendall(f"{pid}\n".encode())
                running[pid] = conn
            else:
                os.read(wake_r, 4096)
            while running:
                pid, status = os.waitpid(-1, os.WNOHANG)
                if pid == 0:
                    break
                conn = running.pop(pid, None)
                if conn is not None:
                    try:
                        conn.sendall(f"{status}\n".encode())
                    except OSError:
                        pass
                    conn.close()


def _child(request: dict, fds: list[int], dispositions: dict) -> None:
    try:
        signal.set_wakeup_fd(-1)
        for s, how in dispositions.items():
            signal.signal(s, how if how is not None else signal.SIG_DFL)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for i, f in enumerate(fds):
            os.dup2(f, i)
        os.closerange(3, 1 << 16)  # the server's sockets and the other runs' descriptors are not the run's
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = [str(Path(sys.modules["printkit"].__file__).with_name("__main__.py")), *request["args"]]
        lines = sys.modules.get("printkit.enter.lines")
        if lines is not None:  # as a process of its own: each run names the file's lines in words of its own
            import itertools
            import secrets

            lines.RUN, lines._count = secrets.token_hex(4), itertools.count(1)
        import printkit.console

        printkit.console.main()  # ends the process with the command's exit code
    except BaseException:  # noqa: BLE001 - a failure to start the run: said, and exit 70 as a bug would
        import traceback

        traceback.print_exc()
    finally:
        os._exit(70)


# ---------------------------------------------------------------- the test's side


def _text(data: bytes) -> str:
    """As ``subprocess`` reads with ``text=True``: the locale's encoding, strictly, and universal newlines."""
    return data.decode(locale.getpreferredencoding(False)).replace("\r\n", "\n").replace("\r", "\n")


class Process:
    """A run forked by the server, answering as ``subprocess.Popen`` does."""

    def __init__(self, conn: socket.socket, args: list[str], stdout, stderr):
        self.conn, self.args, self.returncode = conn, args, None
        self.stdout, self.stderr = stdout, stderr
        self.pending = b""
        self.pid = self._line(30)

    def _line(self, timeout: float | None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            self.conn.settimeout(left)
            try:
                got = self.conn.recv(64)
            except (TimeoutError, socket.timeout, BlockingIOError):
                raise subprocess.TimeoutExpired(self.args, timeout) from None
            if not got:
                raise ConnectionError("the fork server stopped")
            self.pending += got
        line, self.pending = self.pending.split(b"\n", 1)
        return int(line)

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            self.returncode = os.waitstatus_to_exitcode(self._line(timeout))
            self.conn.close()
        return self.returncode

    def poll(self) -> int | None:
        try:
            return self.wait(0)
        except subprocess.TimeoutExpired:
            return None

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[str | None, str | None]:
        """What is left of stdout and stderr, once the process has ended."""
        got: dict[str, str] = {}
        readers = [threading.Thread(target=lambda n=n, s=s: got.__setitem__(n, s.read()), daemon=True)
                   for n, s in (("out", self.stdout), ("err", self.stderr)) if s is not None]
        for r in readers:
            r.start()
        self.wait(timeout)
        for r in readers:
            r.join()
        for s in (self.stdout, self.stderr):
            if s is not None:
                s.close()
        return got.get("out"), got.get("err")

    def __del__(self):
        try:
            self.conn.close()
        except Exception:  # noqa: BLE001
            pass


class Forks:
    """The server, started on first use in this test process."""

    def __init__(self):
        self.lock = threading.Lock()
        self.proc: subprocess.Popen | None = None
        self.env: dict = {}
        self.path = ""

    def _up(self) -> bool:
        """Whether the server is running for this environment (started now when it is not)."""
        with self.lock:
            if self.proc is not None and self.proc.poll() is None:
                return _steady(os.environ) == self.env
            folder = tempfile.mkdtemp(prefix="printkit-forks-")
            self.path = os.path.join(folder, "s")
            code = f"import sys; sys.path.insert(0, {str(TESTS)!r}); import forked; forked.serve({self.path!r})"
            try:
                self.proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            except OSError:
                return False
            self.env = _steady(os.environ)
            for _ in range(3000):  # its imports: about a second, more on a loaded machine
                if os.path.exists(self.path) or self.proc.poll() is not None:
                    break
                time.sleep(0.01)
            return self.proc.poll() is None and os.path.exists(self.path)

    def start(self, args, cwd=None, stdin=None, stdout=None, stderr=None) -> Process | None:
        """A run of ``printkit ARGS`` (stdin: a descriptor or None for /dev/null; stdout, stderr:
        ``subprocess.PIPE`` or a descriptor), or None when it needs a fresh interpreter."""
        if not self._up():
            return None
        ends, theirs = {}, []
        for name, want in (("stdout", stdout), ("stderr", stderr)):
            if want == subprocess.PIPE:
                r, w = os.pipe()
                ends[name] = io.TextIOWrapper(io.BufferedReader(io.FileIO(r, "r")),
                                              encoding=locale.getpreferredencoding(False))
                theirs.append(w)
            else:
                theirs.append(os.dup(want) if want is not None else os.open(os.devnull, os.O_WRONLY))
        theirs.insert(0, os.dup(stdin) if stdin is not None else os.open(os.devnull, os.O_RDONLY))
        conn = socket.socket(socket.AF_UNIX)
        try:
            conn.connect(self.path)
            socket.send_fds(conn, [json.dumps({"args": [str(a) for a in args],
                                               "cwd": str(cwd or os.getcwd()),
                                               "env": dict(os.environ)}).encode()], theirs)
        finally:
            for f in theirs:
                os.close(f)
        return Process(conn, ["printkit", *map(str, args)], ends.get("stdout"), ends.get("stderr"))

    def run(self, args, cwd=None, input: str | None = None, timeout: float = 300) -> tuple[int, str, str] | None:
        """(exit code, stdout, stderr) of a run to its end, or None when it needs a fresh interpreter."""
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            r, w = os.pipe()
            try:
                p = self.start(args, cwd, r, out.fileno(), err.fileno())
            finally:
                os.close(r)
            if p is None:
                os.close(w)
                return None
            feeder = threading.Thread(target=_feed, args=(w, (input or "").encode()), daemon=True)
            feeder.start()
            try:
                p.wait(timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
                raise
            feeder.join()
            out.seek(0)
            err.seek(0)
            return p.returncode, _text(out.read()), _text(err.read())


def _steady(env) -> dict:
    return {k: v for k, v in env.items() if k not in VOLATILE}


def _feed(fd: int, data: bytes) -> None:
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError:  # the command stopped reading
        pass
    finally:
        os.close(fd)


FORKS = Forks()
