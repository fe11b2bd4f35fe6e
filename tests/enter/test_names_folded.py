"""Player names are one name in any case on both sides: the scorer (``model.player_named``, Python's
``str.casefold``) and the page (``record.js``'s ``keyIn``, which finds a sheet keyed ``ann`` for Ann) are
fed the same names and must agree on every one."""

from __future__ import annotations

import pytest
from enter_helpers import open_page
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

from printkit.model import player_named

# letters and digits Python's Unicode knows (a character newer than it is no name the scorer could fold)
LETTERS = st.characters(whitelist_categories=("Lu", "Ll", "Lt", "Lm", "Lo", "Nd"))
CHANGES = (str.upper, str.lower, str.casefold, str.title, lambda c: c)


def python_matches(typed: str, name: str) -> bool:
    try:
        return player_named(typed, [name]) == name
    except ValueError:
        return False


def page_matches(page, pairs: list[tuple[str, str]]) -> list[bool]:
    return page.evaluate("async (pairs) => { const r = await import('/static/record.js');"
                         " return pairs.map(([typed, name]) => r.keyIn({ [name]: 1 }, typed) === name); }", pairs)


@pytest.fixture
def record_page(serve, page):
    open_page(page, serve("played-knives.yaml"))
    return page


CASES = [("STRASSE", "Straße"), ("straße", "STRASSE"), ("Strasse", "STRAẞE"), ("ΣΊΣΥΦΟΣ", "σίσυφος"),
         ("ΟΔΥΣΣΕΎΣ", "Οδυσσεύς"), ("ﬁona", "FIONA"), ("ǄAN", "ǆan"), ("ǅan", "ǄAN"), ("İlker", "i̇lker"),
         ("IŞIK", "ışık"), ("ılgın", "ILGIN"), ("KELVIN", "\u212aelvin"), ("ÅSA", "åsa"), ("ann", "Ann"),
         ("Anne", "Ann"), ("Ꭰꭰ", "ᎠᎠ"), ("Ǉubica", "ǉUBICA")]


def test_the_page_and_the_scorer_agree_on_names_in_any_case(record_page):
    got = page_matches(record_page, CASES)
    want = [python_matches(typed, name) for typed, name in CASES]
    assert got == want, [(c, g, w) for c, g, w in zip(CASES, got, want) if g != w]
    assert want[0] and got[0], "STRASSE finds Straße on both sides"
    dotless = CASES.index(("ılgın", "ILGIN"))
    assert not want[dotless] and not got[dotless], "the dotless ı is not i"


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.text(LETTERS, min_size=1, max_size=6),
                          st.lists(st.sampled_from(range(len(CHANGES))), min_size=6, max_size=6),
                          st.text(LETTERS, min_size=1, max_size=6)), min_size=20, max_size=40))
def test_names_changed_in_case_match_alike_on_both_sides(record_page, drawn):
    pairs = []
    for name, changes, other in drawn:
        pairs.append(("".join(CHANGES[k](c) for k, c in zip(changes, name)), name))  # the name in other cases
        pairs.append((other, name))  # most often another name
    got = page_matches(record_page, pairs)
    want = [python_matches(typed, name) for typed, name in pairs]
    assert got == want, [(p, g, w) for p, g, w in zip(pairs, got, want) if g != w][:5]
