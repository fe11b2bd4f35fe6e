"""What the commands read: a game named on the command line, and a config or results file with its game."""

from __future__ import annotations


def game_named(game_id: str):
    from .. import registry
    from ..inputs import InputError

    try:
        return registry.get(game_id)
    except KeyError as e:
        raise InputError("command line", e.args[0], key="GAME") from None


def load(path: str, results: bool = False):
    """Read a config (or results) file: (game, validated model)."""
    from .. import validation

    doc, game = read(path)
    model = game.Results if results else game.Config
    return game, validation.validate(model, doc)


def read(path: str):
    """A config or results file read, and its game: (document, game)."""
    from .. import inputs, registry

    doc = inputs.load(path)
    return doc, registry.get(registry.game_of(doc))


def load_results(path: str):
    """Read a results file: (game, validated results, whether it is a config).  A config given instead (no
    play-record key) is read as its blank results file (what ``printkit template`` writes)."""
    from .. import inputs, validation

    doc, game = read(path)
    try:
        res = validation.validate(game.Results, doc)
    except inputs.InputError as problem:
        try:
            cfg = validation.validate(game.Config, doc)
        except inputs.InputError:
            raise problem from None
        return game, validation.validate(game.Results, inputs.parse(game.template(cfg), path)), True
    record = set(game.Results.keys()) - game.shared_keys()
    return game, res, not any(k in doc.data for k in record)
