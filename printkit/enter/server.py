"""The local server behind ``printkit enter``: one results file, one page, one token.

Standard library only (``http.server``): a page on this machine sends a handful of small requests a
second, which a threading HTTP server answers in a millisecond or two, and nothing is added to install
or to the start-up of the other commands (this module is imported by ``enter`` alone).

Every request needs the run's token; the Host must be the address served (or ``localhost`` for
127.0.0.1) and a POST's Origin the page's own; bodies over 1 MB are refused (``checks``); only the files read at
start and the API are served, and the one results file is the only thing ever written, atomically.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import queue
import socket
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .. import inputs
from ..inputs import InputError
from . import checks, document, dropped, lines, ondisk, sync
from .session import Session

PER_CLIENT = 64  # connections one client (one address) may hold open at once: a browser needs a few
TIMEOUT = 45.0  # seconds a client may stay silent while sending a request (longer than a browser keeps a
# socket it opened ahead and never used, so that one is never closed under a request the browser sends on it)
KEEP_ALIVE = 15.0  # seconds between the comments an idle event stream sends
TYPES = {".html": checks.HTML, ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token is in the page's address: never pass it on
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' "
                               "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
}


def _static_files(game) -> dict[str, tuple[bytes, str]]:
    """Every file the page may ask for, read once at start: a request names one of these or nothing."""
    files: dict[str, tuple[bytes, str]] = {}
    for entry in resources.files(__package__).joinpath("static").iterdir():
        suffix = Path(entry.name).suffix
        if suffix in TYPES and entry.is_file():
            files[f"/static/{entry.name}"] = (entry.read_bytes(), TYPES[suffix])
    package = resources.files(type(game).__module__.rsplit(".", 1)[0])
    page_js = package.joinpath("page.js")
    body = page_js.read_bytes() if page_js.is_file() else b"export function start() {}\n"
    files["/static/game.js"] = (body, TYPES[".js"])
    for entry in package.iterdir():  # the game's other page modules, imported by its page.js as /static/game/NAME.js
        if entry.name.endswith(".js") and entry.name != "page.js" and entry.is_file():
            files[f"/static/game/{entry.name}"] = (entry.read_bytes(), TYPES[".js"])
    return files


class Handler(checks.Checks, BaseHTTPRequestHandler):
    server_version = "printkit"
    sys_version = ""
    timeout = TIMEOUT  # a slow or stalled client is let go: headers and body read with this timeout
    session: Session  # set on the class made for each server
    allowed_hosts: frozenset[str]
    static: dict[str, tuple[bytes, str]]

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the terminal shows one line
        pass

    def handle_one_request(self) -> None:
        """One request on the connection: while its head is awaited, the connection may be let go (Server)."""
        self.server.awaiting(self.connection, self.client_address[0])
        try:
            super().handle_one_request()
        finally:
            self.server.heard(self.connection)

    def parse_request(self) -> bool:
        ok = super().parse_request()  # (the request line and every header read)
        self.server.heard(self.connection)
        return ok

    # -- answers

    def _send(self, status: int, body: bytes, ctype: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in HEADERS.items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, obj: Any) -> None:
        body = json.dumps(obj, ensure_ascii=False).encode("utf-8", "replace")  # (a lone surrogate named in an error)
        self._send(status, body, "application/json; charset=utf-8")

    def _refuse(self, status: int, why: str) -> None:
        self.close_connection = True
        self._json(status, {"error": why})

    # -- routes

    def _unexpected(self, e: BaseException) -> None:
        """An error no route expected: one line to the page (500 and the reason) and one to the terminal;
        the server keeps serving."""
        why = inputs.one_line(f"{type(e).__name__}: {e}", 200)
        print(f"printkit enter: {self.command} {urlsplit(self.path).path} failed: {why}", file=sys.stderr, flush=True)
        try:
            self._refuse(HTTPStatus.INTERNAL_SERVER_ERROR, f"the server could not answer: {why}")
        except OSError:
            self.close_connection = True

    def do_GET(self) -> None:
        try:
            self._get()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as e:  # noqa: BLE001 - answered in one line, the server goes on
            self._unexpected(e)

    def do_POST(self) -> None:
        try:
            self._post()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as e:  # noqa: BLE001 - answered in one line, the server goes on
            self._unexpected(e)

    def _get(self) -> None:
        if not self._allowed():
            return
        route = urlsplit(self.path).path
        s = self.session
        if route == "/":
            self._send(HTTPStatus.OK, _index(s, self.static), TYPES[".html"])
        elif route in self.static:
            self._send(HTTPStatus.OK, *self.static[route])
        elif route == "/api/events":
            self._events(parse_qs(urlsplit(self.path).query).get("device", [""])[0][:40])
        elif route == "/api/state":
            try:
                self._json(HTTPStatus.OK, s.state())
            except InputError as e:
                self._json(HTTPStatus.UNPROCESSABLE_ENTITY, {"error": document.error_text(e)})
            except OSError as e:
                self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"cannot read {s.path.name}: {e.strerror}"})
        else:
            self._refuse(HTTPStatus.NOT_FOUND, "no such page")

    def do_HEAD(self) -> None:
        self.do_GET()

    def _post(self) -> None:
        if not self._allowed():
            return
        route = urlsplit(self.path).path
        if route not in ("/api/check", "/api/board", "/api/save", "/api/change", "/api/presence", "/api/putback") and \
                not route.startswith("/api/answer/"):
            self._refuse(HTTPStatus.NOT_FOUND, "no such page")
            return
        data = self._body()
        if data is checks.REFUSED:
            return
        s = self.session
        device = self.headers.get("X-Printkit-Client", "")[:40]
        if route == "/api/presence":
            if isinstance(data, dict):
                s.table.present(device, data.get("name"), data.get("entering"))
            self._json(HTTPStatus.OK, {"devices": s.table.presence()})
            return
        # the newest record the page shows, for Ctrl-C (a trial record or a change is not the record, nor a record
        # with a line half typed in a text box: it is written once the line is finished)
        if route in ("/api/check", "/api/board", "/api/save") and not self.headers.get("X-Printkit-Typing"):
            s.newest.seen(data, self.headers.get("X-Printkit-Client"), self.headers.get("X-Printkit-Seq"),
                   self.headers.get("X-Printkit-Version"))
        try:
            checks.writable(data)  # (a lone surrogate: the page's fault, answered 400 as a change's is)
            if route == "/api/check":
                self._json(HTTPStatus.OK, document.check(s.game, data))
            elif route == "/api/board":
                self._json(HTTPStatus.OK, document.board(s.game, data))
            elif route == "/api/save":
                self._json(*s.save(data, self.headers.get("X-Printkit-Version"), device))
            elif route == "/api/change":
                self._json(*s.change(data, device))
            elif route == "/api/putback":  # what a save in another program left out: put back, or left out
                self._json(*s.dropped.answer(data))
            else:
                name = route.removeprefix("/api/answer/")
                answers = s.game.answers()
                if name not in answers:
                    self._refuse(HTTPStatus.NOT_FOUND, "no such answer")
                    return
                params = {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items() if k != "token"}
                self._json(HTTPStatus.OK, answers[name](document.read(s.game, data), params))
        except InputError as e:
            self._json(HTTPStatus.UNPROCESSABLE_ENTITY, {"error": document.error_text(e)})
        except sync.BadChange as e:
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(e)})
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the page stopped waiting (a newer state is on its way): nothing to say
        except ondisk.Busy as e:
            self._json(HTTPStatus.SERVICE_UNAVAILABLE, {"error": f"{s.path.name} not changed: {e.strerror}"})
        except OSError as e:
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"cannot write {s.path.name}: {e.strerror}"})

    def _events(self, device: str) -> None:
        """Server-sent events to one device until it goes: every change and who is entering what."""
        stream = self.session.table.subscribe(device)
        if stream is None:
            self._refuse(HTTPStatus.SERVICE_UNAVAILABLE, "too many devices on this file")
            return
        self.close_connection = True
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            for k, v in HEADERS.items():
                self.send_header(k, v)
            self.end_headers()
            hello = json.dumps({"rev": self.session.table.rev, "run": lines.RUN})  # (a run started again: lines named anew)
            self.wfile.write(f"retry: 1000\nevent: hello\ndata: {hello}\n\n".encode())
            if self.session.dropped.items:  # what a save in another program left out, not put back yet
                said = json.dumps(self.session.dropped.said(), ensure_ascii=False)
                self.wfile.write(f"event: dropped\ndata: {said}\n\n".encode("utf-8", "replace"))
            self.wfile.flush()
            quiet = time.monotonic()
            while True:
                try:
                    line = stream.get(timeout=dropped.LOOK)
                except queue.Empty:
                    self.session.look()  # a file saved by another program meanwhile: sent to every device at once
                    if time.monotonic() - quiet < KEEP_ALIVE:
                        continue
                    quiet = time.monotonic()
                    line = b": still here\n\n"  # a comment: keeps the connection (and the device's count) alive
                if line is None:
                    return
                self.wfile.write(line)
                self.wfile.flush()
        except OSError:
            return  # the device went (a closed tab, a phone asleep): it reloads what it missed when back
        finally:
            self.session.table.unsubscribe(stream)


def _index(s: Session, static: dict) -> bytes:
    html = static["/static/index.html"][0].decode("utf-8")
    q = f"?token={s.token}"
    imports = {name: name + q for name in static if name.endswith(".js")}
    return (html.replace("{{IMPORTS}}", json.dumps({"imports": imports}))
            .replace("{{TOKEN}}", s.token).replace("{{Q}}", q)
            .replace("{{TITLE}}", _escape(f"{s.game.title}: {s.path.name}"))).encode("utf-8")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


class Server(ThreadingHTTPServer):
    """One thread a connection, with at most PER_CLIENT connections open per client address: a client that
    opens many and never finishes them is let go, and cannot stall the table. A request's head (its first
    line and headers) comes whole within TIMEOUT of the server's waiting for it, however slowly it trickles;
    and a client at its limit that opens one more gets it, the connection of its that has waited longest
    for a head being let go (never one whose request is being answered, nor an event stream)."""

    daemon_threads = True
    request_queue_size = 128  # connections waiting to be taken: a burst is queued, not refused

    def __init__(self, *args, **kwargs):
        self.open: dict[str, int] = {}
        self.heads: dict[Any, tuple[str, float]] = {}  # connections waiting for a request's head: (client, since)
        self.closing = False
        self.counting = threading.Lock()
        super().__init__(*args, **kwargs)

    def awaiting(self, conn, who: str) -> None:
        with self.counting:
            self.heads[conn] = (who, time.monotonic())

    def heard(self, conn) -> None:
        with self.counting:
            self.heads.pop(conn, None)

    def _let_go(self, conn) -> None:
        """(with ``counting`` held) a connection waiting for a head, closed under its reader: it ends at once."""
        self.heads.pop(conn, None)
        try:
            conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def process_request(self, request, client_address) -> None:
        who = client_address[0]
        with self.counting:
            now = time.monotonic()
            for conn, (_, since) in list(self.heads.items()):
                if now - since > TIMEOUT:  # a head trickled in too slowly: let go
                    self._let_go(conn)
            if self.open.get(who, 0) >= PER_CLIENT:
                waiting = [(since, id(conn), conn) for conn, (w, since) in self.heads.items() if w == who]
                if not waiting:  # every one of them is being answered: this one waits its turn elsewhere
                    self.shutdown_request(request)
                    return
                self._let_go(min(waiting)[2])  # (its thread ends and counts itself out)
            self.open[who] = self.open.get(who, 0) + 1
        super().process_request(request, client_address)

    def handle_error(self, request, client_address) -> None:
        """A connection that failed outside any route (a socket closed under it as the server stops): one line
        to the terminal, or none for a connection gone, never the standard library's traceback."""
        e = sys.exc_info()[1]
        if isinstance(e, OSError) or self.closing:
            return
        print(f"printkit enter: a request failed: {inputs.one_line(f'{type(e).__name__}: {e}', 200)}",
              file=sys.stderr, flush=True)

    def server_close(self) -> None:
        self.closing = True
        super().server_close()

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.counting:
                self.open[client_address[0]] -= 1


HOME_PORTS = range(20000, 30000)  # where a file's own port lies: above the ports services are known by, below
# the ones this system hands out for connections it opens
PORT_TRIES = 50  # ports tried after a file's own one, when that is taken


def home_port(path: Path) -> int:
    """The port a file is served at when ``--port`` is not given: worked out from its whole path, so that the
    same file served again is at the same address, and a page opened again there finds what the browser kept
    for it (a browser keeps a page's things by its address: another port is another page)."""
    digest = hashlib.sha256(os.fsencode(os.path.realpath(path))).digest()
    return HOME_PORTS[int.from_bytes(digest[:4], "big") % len(HOME_PORTS)]


def bound(make, port: int, path: Path):
    """``make(port)``, the server listening; with no port given (0), at ``path``'s own port, or the next free one
    after it (the last resort: any free port)."""
    if port:
        return make(port)
    first = HOME_PORTS.index(home_port(path))
    for i in range(PORT_TRIES):
        try:
            return make(HOME_PORTS[(first + i) % len(HOME_PORTS)])
        except OSError as e:
            if e.errno not in (errno.EADDRINUSE, errno.EACCES):
                raise
    return make(0)


def make_server(session: Session, host: str, port: int) -> ThreadingHTTPServer:
    server = Server((host, port), Handler)
    real_port = server.server_address[1]
    shown = f"[{host}]" if ":" in host else host
    hosts = {f"{shown}:{real_port}"}
    if host == "127.0.0.1":
        hosts.add(f"localhost:{real_port}")
    server.RequestHandlerClass = type("Handler", (Handler,), {"session": session, "allowed_hosts": frozenset(hosts),
                                                           "static": _static_files(session.game)})
    return server
