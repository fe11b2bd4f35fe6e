"""Selling Knives results picture (and the blank results file it is drawn from), through the CLI."""

from __future__ import annotations

import json


def test_cli_picture_and_template(printkit, write, tmp_path):
    cfg = write("k.yaml", "game: knives\nplayers: [Ann, Ben, Cat]\nkcount: 9\n")
    run = printkit("template", cfg, "-o", tmp_path / "r.yaml")
    assert run.code == 0, run.err
    blank = (tmp_path / "r.yaml").read_text()
    assert "kcount: 9" in blank and "turns:" in blank
    run = printkit("score", tmp_path / "r.yaml", "--json")  # a blank record: nothing entered yet (issue 19)
    assert run.code == 1 and json.loads(run.out)["players"][0]["score"] == 0
    assert [v["rule"] for v in json.loads(run.out)["violations"]] == ["empty"]
    rec = write("rec.yaml", blank + "  - Ann claims 1-2 with 9\n  - Ben claims 1-2 with 9\n")
    pic = tmp_path / "pic.svg"
    run = printkit("score", rec, "--picture", pic)
    assert run.code == 1 and pic.exists()
    svg = pic.read_text()
    assert "#d6143d" in svg.lower() or "#d61" in svg.lower()  # the offending road in the mistake colour
