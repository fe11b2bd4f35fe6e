"""Rule sheet sources and their setting."""

from printkit import registry, rulesheet
from printkit.draw import Text
from printkit.sheet import MARGIN, paper


def test_blocks():
    src = "# T\n\nPara one\ncontinues.\n\n## H\n- item\n  more\n1. first\n> note\n\n![example]\n"
    assert rulesheet.blocks(src) == [("h1", "T"), ("p", "Para one continues."), ("h2", "H"),
                                     ("li", "item more"), ("ol:1.", "first"), ("note", "note"), ("fig", "example")]


def test_blocks_are_read_as_commonmark():
    """A line right under an item continues it; after a blank line a paragraph stands alone; a figure
    inside a list is text; a note's lines make one note."""
    src = "1. one\ngoes on\n\nAfter.\n\n2) two\n\n* ![x]\n\n> a\n> b\n"
    assert rulesheet.blocks(src) == [("ol:1.", "one goes on"), ("p", "After."), ("ol:2)", "two"), ("li", "![x]"),
                                     ("note", "a b")]


def test_every_game_has_a_rule_sheet_that_credits_its_designer():
    for game in registry.all_games():
        pages = rulesheet.pages(game, paper("letter"))
        texts = [i.text for p in pages for i in p.items if isinstance(i, Text)]
        assert any(game.designer in t for t in texts), game.id
        assert any("Fine points" in t for t in texts), game.id  # the rulings box
        for p in pages:
            for i in p.items:
                if isinstance(i, Text):
                    assert MARGIN <= i.y <= p.height - MARGIN and i.size >= 7, (game.id, i.text)
