"""The local server behind ``printkit enter``: one results file, one page, one token.

Standard library only (``http.server``): a page on this machine sends a handful of small requests a
second, which a threading HTTP server answers in a millisecond or two, and nothing is added to install
or to the start-up of the other commands (this module is imported by ``enter`` alone).

Every request needs the run's token; the Host must be the address served (or ``localhost`` for
127.0.0.1) and a POST's Origin the page's own; bodies over 1 MB are refused; only the files read at
start and the API are served, and the one results file is the only thing ever written, atomically.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..model import prepare_models
from ..inputs import InputError
from . import document

MAX_BODY = 1_000_000
REFUSED = object()  # a request already answered with an error
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token is in the page's address: never pass it on
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' "
                               "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
}


class Session:
    """What one run of ``printkit enter`` knows: the game, the file, and the newest document seen."""

    def __init__(self, game, path: Path, data: dict, host: str):
        self.game, self.path, self.host = game, path, host
        self.token = secrets.token_urlsafe(24)  # 192 bits
        self.lock = threading.Lock()
        self.saved = data  # the document as last read or written
        self.latest: dict | None = None  # the newest document the page sent (by its sequence number)
        self.latest_seq = -1
        self.static = _static_files(game)
        game.page  # the game's page module and its models, imported now
        prepare_models()  # before the threads that answer the page start

    # -- the file

    def state(self) -> dict:
        with self.lock:
            try:
                data = document.inputs.load(self.path).data
            except InputError:
                data = self.saved
            self.saved = data
            return {"game": self.game.id, "file": self.path.name, "results": data,
                    "version": document.version_of(self.path), "setup": _setup_info(self.game, data),
                    "editors": self.game.editors(document.setup_of(self.game, data))}

    def save(self, data: dict, version: str | None) -> tuple[int, dict]:
        from ..kit import write_atomic

        with self.lock:
            if version != document.version_of(self.path):
                return HTTPStatus.CONFLICT, {"error": f"{self.path.name} changed on disk since the page loaded it"}
            write_atomic(self.path, document.yaml_text(self.game, data).encode("utf-8"))
            self.saved = data
            return HTTPStatus.OK, {"saved": self.path.name, "version": document.version_of(self.path)}

    def seen(self, data: Any, seq: str | None) -> None:
        """Remember the newest document, so that Ctrl-C saves what the page showed last."""
        if not isinstance(data, dict) or data.get("game") != self.game.id:
            return
        try:
            n = int(seq) if seq is not None else self.latest_seq + 1
        except ValueError:
            return
        with self.lock:
            if n > self.latest_seq:
                self.latest, self.latest_seq = data, n

    def save_latest(self) -> bool:
        """On stop: write the newest document if the file does not hold it yet."""
        from ..kit import write_atomic

        with self.lock:
            if self.latest is None or self.latest == self.saved:
                return False
            write_atomic(self.path, document.yaml_text(self.game, self.latest).encode("utf-8"))
            self.saved = self.latest
            return True


def _setup_info(game, data: dict) -> dict:
    cfg = document.setup_of(game, data)
    seats = cfg.seats()
    return {"players": [{"name": s.name, "color": "#%02x%02x%02x" % tuple(round(v * 255) for v in s.color),
                         "cue": s.cue, "dash": list(s.dash)} for s in seats],
            "title": cfg.title or game.title}


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


class Handler(BaseHTTPRequestHandler):
    server_version = "printkit"
    sys_version = ""
    session: Session  # set on the class made for each server
    allowed_hosts: frozenset[str]

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the terminal shows one line
        pass

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
        self._send(status, json.dumps(obj, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def _refuse(self, status: int, why: str) -> None:
        self.close_connection = True
        self._json(status, {"error": why})

    # -- checks every request passes

    def _allowed(self) -> bool:
        host = self.headers.get("Host", "")
        if host not in self.allowed_hosts:
            self._refuse(HTTPStatus.FORBIDDEN, "wrong host")
            return False
        token = parse_qs(urlsplit(self.path).query).get("token", [""])[0] or self.headers.get("X-Printkit-Token", "")
        if not hmac.compare_digest(token.encode("utf-8", "replace"), self.session.token.encode()):
            self._refuse(HTTPStatus.FORBIDDEN, "missing or wrong token")
            return False
        if self.command == "POST" and self.headers.get("Origin") != f"http://{host}":
            self._refuse(HTTPStatus.FORBIDDEN, "wrong origin")
            return False
        return True

    def _body(self) -> Any:
        """The request's JSON body; ``REFUSED`` once an error has been answered."""
        length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding") or length is None or not length.isdigit():
            self._refuse(HTTPStatus.LENGTH_REQUIRED, "a body with a Content-Length is required")
            return REFUSED
        if int(length) > MAX_BODY:
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the body is larger than 1 MB")
            return REFUSED
        try:
            return json.loads(self.rfile.read(int(length)))
        except (ValueError, UnicodeDecodeError):
            self._refuse(HTTPStatus.BAD_REQUEST, "the body is not JSON")
            return REFUSED

    # -- routes

    def do_GET(self) -> None:
        if not self._allowed():
            return
        route = urlsplit(self.path).path
        s = self.session
        if route == "/":
            self._send(HTTPStatus.OK, _index(s), TYPES[".html"])
        elif route in s.static:
            self._send(HTTPStatus.OK, *s.static[route])
        elif route == "/api/state":
            try:
                self._json(HTTPStatus.OK, s.state())
            except InputError as e:
                self._json(HTTPStatus.UNPROCESSABLE_ENTITY, {"error": document.error_text(e)})
        else:
            self._refuse(HTTPStatus.NOT_FOUND, "no such page")

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_POST(self) -> None:
        if not self._allowed():
            return
        route = urlsplit(self.path).path
        if route not in ("/api/check", "/api/board", "/api/save") and not route.startswith("/api/answer/"):
            self._refuse(HTTPStatus.NOT_FOUND, "no such page")
            return
        data = self._body()
        if data is REFUSED:
            return
        s = self.session
        if not route.startswith("/api/answer/"):  # a question about a trial record is not the record
            s.seen(data, self.headers.get("X-Printkit-Seq"))
        try:
            if route == "/api/check":
                self._json(HTTPStatus.OK, document.check(s.game, data))
            elif route == "/api/board":
                self._json(HTTPStatus.OK, document.board(s.game, data))
            elif route == "/api/save":
                document.check_setup(s.game, data)
                self._json(*s.save(data, self.headers.get("X-Printkit-Version")))
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
        except OSError as e:
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"cannot write {s.path.name}: {e.strerror}"})


def _index(s: Session) -> bytes:
    html = s.static["/static/index.html"][0].decode("utf-8")
    q = f"?token={s.token}"
    imports = {name: name + q for name in s.static if name.endswith(".js")}
    return (html.replace("{{IMPORTS}}", json.dumps({"imports": imports}))
            .replace("{{TOKEN}}", s.token).replace("{{Q}}", q)
            .replace("{{TITLE}}", _escape(f"{s.game.title}: {s.path.name}"))).encode("utf-8")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def make_server(session: Session, host: str, port: int) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    real_port = server.server_address[1]
    shown = f"[{host}]" if ":" in host else host
    hosts = {f"{shown}:{real_port}"}
    if host == "127.0.0.1":
        hosts.add(f"localhost:{real_port}")
    server.RequestHandlerClass = type("Handler", (Handler,), {"session": session, "allowed_hosts": frozenset(hosts)})
    return server
