"""``printkit enter`` for an evening: one server, one page listing every game of the kit with its state,
winner and the night's standings, and each game's own page, as for a single game.

Each game keeps a ``Session`` of its own, with its own token: a request is for the game whose token it
carries (the page of one game sends that game's token with every request, as it does alone), so the
single game's page and routes serve each game unchanged.  The evening's own token (the address printed)
opens the list; ``GET /api/evening`` (with that token) answers what ``printkit score --json`` prints for
the config, each game with the address of its page.  A game's page gets two lines more: the evening's
token and ``evening.js``, which puts the games (one tap each) and the standings on it, in the phone's
bar too.
"""

from __future__ import annotations

import threading
from http import HTTPStatus
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .. import evening, registry
from ..inputs import InputError, load as read_document
from ..season.live import Live
from . import document, server
from .session import Session
from .tokens import kept

POLL = 1.0  # seconds between a page's questions (cheap: a game is scored again only when its file changed)


class Night:
    """The evening being entered: its plays (scored again only when a file changes) and a session each."""

    def __init__(self, night: evening.Evening, host: str):
        self.night = night
        self.token = kept(night.config, f"evening at {host}")  # the same from one start to the next
        self.sessions: list[Session | None] = []  # None: a file that cannot be opened (listed, not served)
        self.problems: dict[int, str] = {}
        for i, play in enumerate(night.plays):
            try:
                game, path, data = open_play(play)
                if game.id != play.game_id:
                    raise InputError(str(play.results), f"this file is for {game.id}, but this game of the evening "
                                                        f"is {play.game_id}", key="game")
            except InputError as e:
                self.sessions.append(None)
                self.problems[i] = str(e)
                continue
            self.sessions.append(Session(game, path, data, host))
        if not any(self.sessions):
            raise InputError(str(night.config), "no game of this evening has a results file that can be opened: "
                                                + next(iter(self.problems.values())))
        self.by_token = {s.token: (i, s) for i, s in enumerate(self.sessions) if s is not None}
        self.lock = threading.Lock()
        self.stamps: dict[int, tuple | None] = {}
        self.join: dict | None = None
        self.season = Live(night.config)  # the season so far, where the config names one

    def state(self) -> dict:
        """The evening as ``printkit score --json`` gives it, each game with its page's address."""
        with self.lock:
            for i, play in enumerate(self.night.plays):
                stamp = _stamp(play.results)
                if i not in self.stamps or self.stamps[i] != stamp:
                    play.read()
                    self.stamps[i] = stamp
            out = self.night.to_json()
        for i, (game, s) in enumerate(zip(out["games"], self.sessions)):
            game["url"] = f"/?token={s.token}" if s is not None else None
            game["number"] = i + 1
        out["join"] = self.join
        out["season"] = self.season.json()
        out["poll"] = POLL
        return out

    def stop(self) -> list[str]:
        lines = []
        for s in self.sessions:
            if s is not None:
                s.table.close()
                lines.append(s.stop())
        return lines


def open_play(play: evening.Play) -> tuple:
    """(game, results path, document) of a game's results file, as ``document.open_file`` opens one.  A file
    holding its set-up alone (its record not begun: the evening scores it "not started") is that game's
    file all the same, never read as a config: that started another results file beside it, in the folder
    the server was started from, and served that one instead."""
    doc = read_document(play.results)
    game = registry.get(play.game_id)
    if doc.data.get("game") == play.game_id and not document.is_results(game, doc.data):
        document.plain(doc)
        document.setup_of(game, doc.data)
        return game, play.results, doc.data
    return document.open_file(str(play.results))


def _stamp(path: Path) -> tuple | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


class Front:
    """Stands for the evening where the handler expects a session: the evening's token."""

    def __init__(self, night: Night):
        self.token = night.token


class Handler(server.Handler):
    """The single game's handler, for the game whose token the request carries; the evening's token gets
    the list of games and the standings."""

    night: Night
    statics: dict[int, dict]
    front: Front

    def _pick(self) -> int | None:
        """Set ``session`` and ``static`` for the request's token: the game's index, or None (the evening)."""
        token = parse_qs(urlsplit(self.path).query).get("token", [""])[0] or self.headers.get("X-Printkit-Token", "")
        found = self.night.by_token.get(token)
        if found is None:
            self.session = self.front  # type: ignore[assignment]
            self.static = self.statics[-1]
            return None
        i, s = found
        self.session, self.static = s, self.statics[i]
        return i

    def _get(self) -> None:  # the single game's do_GET calls it, answering anything unexpected in one line
        i = self._pick()
        if i is not None:
            if urlsplit(self.path).path == "/" and self._allowed():
                self._send(HTTPStatus.OK, _game_index(self.session, self.static, self.night, i), server.TYPES[".html"])
                return
            super()._get()
            return
        if not self._allowed():
            return
        route = urlsplit(self.path).path
        if route == "/":
            self._send(HTTPStatus.OK, _evening_index(self.night, self.static), server.TYPES[".html"])
        elif route == "/api/evening":
            self._json(HTTPStatus.OK, self.night.state())
        elif route in self.static:
            self._send(HTTPStatus.OK, *self.static[route])
        else:
            self._refuse(HTTPStatus.NOT_FOUND, "no such page")

    def _post(self) -> None:
        if self._pick() is not None:
            super()._post()
        elif self._allowed():
            self._refuse(HTTPStatus.NOT_FOUND, "no such page")


def _game_index(s: Session, static: dict, night: Night, i: int) -> bytes:
    """A game's page as alone, with the evening's token and its script: the games and the standings."""
    html = server._index(s, static).decode("utf-8")
    extra = (f'<meta name="printkit-evening" content="{night.token}">\n'
             f'<meta name="printkit-play" content="{i}">\n'
             f'<link rel="stylesheet" href="/static/evening.css?token={s.token}">\n'
             f'<script type="module" src="/static/evening.js?token={s.token}"></script>\n')
    return html.replace("</head>", extra + "</head>", 1).encode("utf-8")


def _evening_index(night: Night, static: dict) -> bytes:
    html = static["/static/evening.html"][0].decode("utf-8")
    q = f"?token={night.token}"
    return (html.replace("{{TOKEN}}", night.token).replace("{{Q}}", q)
            .replace("{{TITLE}}", server._escape(night.night.title))).encode("utf-8")


def make_server(night: Night, host: str, port: int):
    srv = server.Server((host, port), Handler)
    real_port = srv.server_address[1]
    shown = f"[{host}]" if ":" in host else host
    hosts = {f"{shown}:{real_port}"}
    if host == "127.0.0.1":
        hosts.add(f"localhost:{real_port}")
    statics = {i: server._static_files(s.game) for i, s in enumerate(night.sessions) if s is not None}
    first = min(statics)
    statics[-1] = statics[first]
    srv.RequestHandlerClass = type("Handler", (Handler,), {
        "night": night, "front": Front(night), "statics": statics, "allowed_hosts": frozenset(hosts),
        "session": night.sessions[first], "static": statics[first]})
    return srv


def run(night: evening.Evening, port: int = 0, host: str = "127.0.0.1", open_browser: bool = True,
        echo=print, table: bool = False) -> None:
    """Serve the evening until Ctrl-C, then save what each game's page showed last.  Every game's results
    file is made first where it is missing (as ``printkit template`` does); one that exists is kept."""
    import sys

    from ..output import files
    from . import serve

    made = []
    for play in night.plays:
        if not play.results.exists():
            try:
                files.replace_file(play.results, play.template(night.title).encode("utf-8"), no_clobber=True)
                made.append(f"Made {play.results} ({play.label}), blank")
            except FileExistsError:
                pass
    live = Night(night, host)
    httpd = server.bound(lambda p: make_server(live, host, p), port, night.config)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{httpd.server_address[1]}/?token={live.token}"
    if host not in ("127.0.0.1", "localhost", "::1"):
        echo(f"Warning: anyone on this network who has the address below can see and change the results "
             f"files of {night.config.name}.", file=sys.stderr)
    if table:
        from . import network

        live.join = {"url": url, "qr": network.page_qr(url)}
        for s in live.sessions:
            if s is not None:
                s.join = live.join
    lines = [f"Entering the evening {night.config} ({len(night.plays)} games) at {url} (Ctrl-C to stop)", *made]
    serve(httpd, url, lines, echo, table=table, open_browser=open_browser,
          closing=[s.table for s in live.sessions if s is not None])
    for line in live.stop():
        echo(line)
