"""``printkit enter``: the page in the browser to enter a played game."""

from __future__ import annotations

import typer

from .app import app


@app.command()
def enter(
    file: str = typer.Argument(..., help="A results file to continue, or a config (its results file is made blank)"),
    port: int = typer.Option(0, "--port", min=0, max=65535, help="Port to serve on (default: a free one "
                      "worked out from the file's path, so the same file is served at the same address)"),
    host: str = typer.Option(None, "--host", help="Address to serve on (default 127.0.0.1, or with --table this "
                             "machine's address on your network). Anyone there with the page's address can edit "
                             "the file.", show_default=False),
    table: bool = typer.Option(False, "--table", help="Let the phones at the table join: serve on this machine's "
                               "network address and print its QR code (the page shows it too)"),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open a browser; just print the address"),
) -> None:
    """Enter a played game in the browser, by redrawing the sheets; scores and mistakes show as you go.
    Several devices may enter one game at once, each its own part. Given the config of an evening (a kit of
    several games), the page lists every game with its state and winner, and the evening's standings."""
    import ipaddress

    from ..inputs import InputError

    if host is None and table:
        from ..enter.network import table_address

        host = table_address()
        if host is None:
            raise InputError("command line", "this machine has no address on a network that phones can reach; "
                                             "join it to the table's Wi-Fi, or give one with --host", key="--table")
    host = host or "127.0.0.1"

    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if host != "localhost":
            raise InputError("command line", f"'{host}' is not an address of this machine (e.g. 192.168.1.20)",
                             key="--host") from None
    else:
        if ip.is_unspecified:
            raise InputError("command line", "give the one address the other browser will use (e.g. 192.168.1.20), "
                                             "not every address", key="--host")
    from .. import enter as entering
    from .evenings import evening_of

    night = evening_of(file)
    try:
        if night is not None:  # the config of an evening: every game, and the standings
            from ..enter import evening

            evening.run(night, port, host.strip("[]"), not no_browser, table=table,
                        echo=lambda *a, **k: typer.echo(*a, err="file" in k))
            return
        entering.run(file, port, host.strip("[]"), not no_browser, table=table,
                     echo=lambda *a, **k: typer.echo(*a, err="file" in k))
    except OSError as e:
        raise InputError("command line", f"cannot serve on {host}:{port}: {e.strerror}", key="--port") from None


