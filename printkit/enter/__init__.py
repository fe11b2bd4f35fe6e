"""``printkit enter``: a page in the browser to enter a played game, checked live by the scorer.

``document`` opens, checks, draws and writes the results file; ``server`` is the local server with its
token and checks; ``static/`` holds the page (plain JavaScript modules, no build step).  Each game adds
its board in its own package (``page.py`` for the sheets and marks, ``page.js`` for pointer and keys).
"""

from __future__ import annotations

import signal
import sys
import webbrowser

from ..output import signals
from . import document, server


def run(file: str, port: int = 0, host: str = "127.0.0.1", open_browser: bool = True,
        echo=print) -> None:
    """Serve the page until Ctrl-C, then save what the page showed last."""
    game, path, data = document.open_file(file)
    session = server.Session(game, path, data, host)
    httpd = server.make_server(session, host, port)
    real_port = httpd.server_address[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{real_port}/?token={session.token}"
    if host not in ("127.0.0.1", "localhost", "::1"):
        echo(f"Warning: anyone on this network who has the address below can see and change {path.name}.",
             file=sys.stderr)
    echo(f"Entering {path} at {url} (Ctrl-C to stop)")
    sys.stdout.flush()
    signal.signal(signal.SIGTERM, _interrupt)
    if open_browser:
        webbrowser.open(url)
    try:
        httpd.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        signals.dealt_with()  # Ctrl-C is how this command ends: save, say so, exit 0
    finally:
        httpd.server_close()
    session.save_latest()
    echo(f"Saved {path}")


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
