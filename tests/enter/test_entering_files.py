"""The results file as the page writes it from a phone (390 x 844, touch): the template's comments stay on
the lines they speak of (an intersections round's offense never ends on another round's line) and no
placeholder comment stays under what it stood for (ikes' `# turns: []` under a real turns list)."""

from __future__ import annotations

import re

import yaml
from enter_helpers import DATA, Fingers, config_for, open_page, phone, saved_when, wait_checked


def test_intersections_round_comments_stay_with_their_rounds(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    f = Fingers(pg)
    f.drag("1:B1", "1:B4")
    wait_checked(pg)
    f.drag("3:A2", "3:D2")
    wait_checked(pg)
    results = tmp_path / "intersections-night-results.yaml"
    data = saved_when(pg, results, lambda d: d["rounds"][2] == ["A2-D2"])
    assert data["rounds"][0] == ["B1-B4"] and data["rounds"][2] == ["A2-D2"]
    lines = results.read_text(encoding="utf-8").splitlines()
    items = lines[lines.index("rounds:") + 1:]
    items = [line for line in items if line.lstrip().startswith("- ")]
    assert len(items) == len(data["rounds"])
    for i, line in enumerate(items):
        said = re.search(r"#\s*round (\d+)", line)
        assert said is None or int(said.group(1)) == i + 1, (i, line)
    assert pg.errors == []
    pg.context.close()


def test_ikes_turns_written_leave_no_placeholder_comment_under_them(serve, browser, tmp_path):
    example = yaml.safe_load((DATA / "played-ikes.yaml").read_text(encoding="utf-8"))
    cfg = tmp_path / "ikes-night.yaml"
    cfg.write_text(yaml.safe_dump({k: v for k, v in example.items() if k != "sheets"}, sort_keys=False), encoding="utf-8")
    s = serve(cfg)
    pg = phone(browser)
    open_page(pg, s)
    turns = example["sheets"]["Ann"]["turns"][:2]
    pg.locator('#editors [data-path="sheets.Ann.turns"]').fill("\n".join(turns))
    wait_checked(pg)
    results = tmp_path / "ikes-night-results.yaml"
    data = saved_when(pg, results, lambda d: (d["sheets"]["Ann"] or {}).get("turns") == turns)
    assert data["sheets"]["Ann"]["turns"] == turns
    text = results.read_text(encoding="utf-8")
    assert "# turns: []" not in text, text
    assert pg.errors == []
    pg.context.close()
