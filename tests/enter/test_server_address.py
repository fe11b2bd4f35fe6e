"""The address a file is served at: the same file served again is at the same address, so that a page opened
again finds what the browser kept for it (a browser keeps a page's things by its address, port and all)."""

from __future__ import annotations

import shutil
import socket

from enter_helpers import DATA, Served
from printkit.enter import server


def port_of(s: Served) -> int:
    return int(s.host.rsplit(":", 1)[1])


def copy_to(folder, name="night.yaml"):
    folder.mkdir(parents=True, exist_ok=True)
    return shutil.copy(DATA / "played-add-residue.yaml", folder / name)


def test_the_same_file_served_again_after_ctrl_c_is_at_the_same_address(tmp_path):
    path = copy_to(tmp_path)
    first = Served(path)
    assert first.stop()[0] == 0
    again = Served(path)
    try:
        assert again.host == first.host
        assert port_of(again) == server.home_port(path)
    finally:
        again.stop()


def test_two_files_served_at_once_are_at_two_addresses_even_of_one_name_in_two_folders(tmp_path):
    paths = [copy_to(tmp_path / "a"), copy_to(tmp_path / "b"), copy_to(tmp_path / "a", "other.yaml")]
    running = [Served(p) for p in paths]
    try:
        assert len({s.host for s in running}) == 3
    finally:
        for s in running:
            s.stop()


def test_a_files_port_taken_by_another_program_gives_the_next_free_one_said_on_the_terminal(tmp_path):
    path = copy_to(tmp_path)
    home = server.home_port(path)
    with socket.socket() as other:
        other.bind(("127.0.0.1", home))
        other.listen()
        s = Served(path)
        try:
            assert port_of(s) != home and port_of(s) in server.HOME_PORTS
            assert s.first_line.startswith(f"Entering {path} at http://127.0.0.1:{port_of(s)}/?token=")
        finally:
            s.stop()


def test_port_given_is_the_port_served(tmp_path):
    path = copy_to(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    s = Served(path, "--port", str(free))
    try:
        assert port_of(s) == free
    finally:
        s.stop()
