"""The mancala games of mankala from Python, with the rules in Rust.

A game in five lines::

    import mankala, random
    state = mankala.load("oware").initial_state()
    while not state.is_terminal():
        state.apply(random.choice(state.legal_actions()))
    print(state, state.outcome)

- ``mankala.variants()``: the variant names; ``mankala.load(name, rules={...},
  limits={...})`` a :class:`Game` with the configs' checks; ``mankala.load_config(path)``
  one from a config file.
- :class:`State`: ``to_move``, ``legal_actions()``, ``legal_mask()``, ``apply(action)``,
  ``apply_move("A6<")``, ``is_terminal()``, ``returns()``, ``outcome``,
  ``observation()``, ``clone()``, ``snapshot()``, ``position_text()``, ``str(state)``.
- :class:`Agent`: ``Agent("alphabeta:ms=200").analyse(state)`` gives the move, value and
  policy of any agent spec of the command line.
- ``mankala.env(name)``: a PettingZoo AEC environment (needs ``pettingzoo``).

Errors raise :class:`ConfigError`, :class:`IllegalMoveError`, :class:`MoveError`,
:class:`PositionError` or :class:`AgentError` (all ``ValueError``) with the engine's
messages.
"""

from ._mankala import (
    ENCODING_VERSION,
    POSITION_SCHEMA,
    Agent,
    AgentError,
    Analysis,
    ConfigError,
    Game,
    IllegalMoveError,
    MoveError,
    PositionError,
    State,
    load,
    load_config,
    parse_position,
    variant_info,
    variants,
)

__all__ = [
    "ENCODING_VERSION",
    "POSITION_SCHEMA",
    "Agent",
    "AgentError",
    "Analysis",
    "ConfigError",
    "Game",
    "IllegalMoveError",
    "MoveError",
    "PositionError",
    "State",
    "env",
    "load",
    "load_config",
    "parse_position",
    "raw_env",
    "variant_info",
    "variants",
]


def env(variant="oware", rules=None, limits=None, render_mode=None):
    """A PettingZoo AEC environment of ``variant`` (see :mod:`mankala.aec`)."""
    from .aec import env as make

    return make(variant, rules=rules, limits=limits, render_mode=render_mode)


def raw_env(variant="oware", rules=None, limits=None, render_mode=None):
    """The environment of :func:`env` without PettingZoo's checking wrappers."""
    from .aec import raw_env as make

    return make(variant, rules=rules, limits=limits, render_mode=render_mode)
