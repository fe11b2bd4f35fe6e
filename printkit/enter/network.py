"""Joining from the other devices at the table (``printkit enter --table``): this machine's address on the
network, found without sending anything, and the page's address as a QR code, in the terminal and on the
page."""

from __future__ import annotations

import ipaddress
import socket

# Where a packet for another machine on the network would go: asking the system which of this machine's
# addresses it would send from (a UDP socket's connect sends nothing) names the address the table can reach.
PROBES = ("192.168.255.254", "10.255.255.254", "172.31.255.254", "192.0.2.1")


def usable(address: str) -> bool:
    """An IPv4 address another device on the network can reach this machine at."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_unspecified or ip.is_multicast or ip.is_link_local)


def table_address() -> str | None:
    """This machine's address on the network the table is on (a private one first), or None without one."""
    found: list[str] = []
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))  # sets the route only: no packet leaves for a UDP connect
                found.append(s.getsockname()[0])
        except OSError:
            continue
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    good = [a for a in dict.fromkeys(found) if usable(a)]
    good.sort(key=lambda a: not ipaddress.ip_address(a).is_private)
    return good[0] if good else None


def qr(url: str):
    import segno

    return segno.make(url, error="m", micro=False)


def terminal_qr(url: str) -> str:
    """The QR code as text (two rows of modules a line, in half blocks), for the terminal."""
    import io

    out = io.StringIO()
    qr(url).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def page_qr(url: str) -> str:
    """The QR code as an SVG ``data:`` address for the page's ``<img>``."""
    return qr(url).svg_data_uri(scale=4, border=2, dark="#000", light="#fff")
