"""``printkit enter``: a page in the browser to enter a played game, checked live by the scorer.

``document`` opens, checks and draws the results file (``salvage`` the parts that do not read);
``session`` keeps the one file and the newest document the page showed; ``filetext`` writes only the
parts that changed; ``server`` is the local server with its token and checks; ``static/`` holds the page
(plain JavaScript modules, no build step: ``input.js`` the one input model, ``record.js`` the document as
typed).  Each game adds its board in its own package (``page.py`` for the sheets and marks, ``page.js``
for what a stroke or a key means).
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
import webbrowser
from pathlib import Path

from ..output import signals
from . import document, server
from .session import Session


def run(file: str, port: int = 0, host: str = "127.0.0.1", open_browser: bool = True,
        echo=print, table: bool = False) -> None:
    """Serve the page until Ctrl-C, then save what the page showed last.  ``port`` 0: the file's own port
    (``server.home_port``: the same file is served at the same address every time).  ``table``: print the
    address as a QR code too, and show it on the page, for the other devices at the table to join from."""
    game, path, data = document.open_file(file)
    session = Session(game, path, data, host)
    httpd = server.bound(lambda p: server.make_server(session, host, p), port, path)
    real_port = httpd.server_address[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{real_port}/?token={session.token}"
    if host not in ("127.0.0.1", "localhost", "::1"):
        echo(f"Warning: anyone on this network who has the address below can see and change {path.name}.",
             file=sys.stderr)
    if table:
        from . import network

        session.join = {"url": url, "qr": network.page_qr(url)}
    lines = [f"Entering {path} at {url} (Ctrl-C to stop)"]
    serve(httpd, url, lines, echo, table=table, open_browser=open_browser, closing=[session.table])
    echo(session.stop())


def serve(httpd, url: str, lines: list[str], echo, table: bool, open_browser: bool, closing: list) -> None:
    """Say ``lines`` (and the QR code to join from, with ``table``), open the browser unless told not to,
    and serve until Ctrl-C or SIGTERM; then every device's event stream (``closing``: the tables) is ended
    and the server closed.  One way to serve for a game and for an evening."""
    signal.signal(signal.SIGTERM, _interrupt)
    opener = _opener(url) if open_browser else None
    try:  # from the first line on, Ctrl-C is how this command ends
        for line in lines:
            echo(line)
        if table:
            from . import network

            echo("Other devices at the table join by scanning this code (or from the code on the page):")
            echo(network.terminal_qr(url).rstrip("\n"))
        sys.stdout.flush()
        if opener is not None:
            webbrowser.open(opener.as_uri())
        httpd.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        signals.dealt_with()  # Ctrl-C is how this command ends: save, say so, exit 0
        finishing()
    finally:
        for t in closing:
            t.close()
        httpd.server_close()
        if opener is not None:
            _forget(opener)


def _opener(url: str) -> Path:
    """A page on this machine, readable by this user alone, that sends the browser on to ``url``: the
    browser is started with this file's name, so the address with its token never stands in a process's
    arguments, where every user of the machine could read it."""
    folder = Path(tempfile.mkdtemp(prefix="printkit-"))  # made 0700
    page = folder / "open.html"
    fd = os.open(page, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(f'<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url={url}">'
                 f'<title>printkit</title><p><a href="{url}">Open the page</a></p>\n')
    return page


def _forget(page: Path) -> None:
    for p in (page, page.parent):
        try:
            p.unlink() if p.is_file() else p.rmdir()
        except OSError:
            pass


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


STILL = ("printkit enter: still writing the file, it stops as soon as the file is written "
         "(Ctrl-C once more stops at once, the file as it was before this save)")


def finishing() -> None:
    """From the first Ctrl-C on, while the last save is written (a second or two at most): a second Ctrl-C
    or SIGTERM is answered in one line and the stop goes on; a third stops at once (a write is atomic: the
    file holds the last document written, or this one)."""
    told = []

    def again(signum, frame) -> None:
        if told:
            raise KeyboardInterrupt
        told.append(signum)
        try:
            print(STILL, file=sys.stderr, flush=True)
        except OSError:
            pass

    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            signal.signal(sig, again)
        except (ValueError, OSError):  # not the main thread: signals left alone
            pass
