"""Type stubs of the native module (python/src): games, states, agents and errors."""

from typing import Any, Optional

import numpy as np
import numpy.typing as npt

ENCODING_VERSION: int
POSITION_SCHEMA: int

class ConfigError(ValueError):
    """A variant name, rule option or cap that cannot be used (the configs' checks)."""

class IllegalMoveError(ValueError):
    """An action that is not legal in the position, or played after the end."""

class MoveError(ValueError):
    """A move written in notation that cannot be read or is not legal here."""

class PositionError(ValueError):
    """A position text that cannot be read or does not fit the game and its rules."""

class AgentError(ValueError):
    """An agent spec that cannot be used: malformed, or its model or table does not fit."""

def variants() -> list[str]:
    """The variant names, in the order `mankala variants` lists them."""

def variant_info() -> list[tuple[str, str, str]]:
    """Each variant's name, one line on the game, and the source its rules follow."""

def load(
    name: str,
    rules: Optional[dict[str, Any]] = None,
    limits: Optional[dict[str, Any]] = None,
) -> Game:
    """The variant `name` with rule options and caps as a config's [rules] and [limits].

    Raises ConfigError naming the unknown variant, key or value out of range."""

def load_config(path: str | Any) -> Game:
    """The game of a variant config file, its [search] kept for `nn` agents."""

def parse_position(text: str) -> State:
    """The position written as text, in the variant its first word names (default rules)."""

class Game:
    """A variant with its rule options and caps."""

    @property
    def name(self) -> str: ...
    @property
    def num_actions(self) -> int:
        """Every action index is below it; `legal_mask()` has this length."""
    @property
    def encoding_len(self) -> int:
        """Length of `State.observation()` (encoding version 1)."""
    def observation_len(self, encoding: int = 1) -> int:
        """Length of `State.observation(encoding)`; ValueError for an unknown version."""
    @property
    def total_seeds(self) -> int: ...
    @property
    def max_plies(self) -> int: ...
    @property
    def rules(self) -> dict[str, Any]: ...
    @property
    def limits(self) -> dict[str, Any]: ...
    def initial_state(self) -> State: ...
    def new_initial_state(self) -> State:
        """OpenSpiel's name for `initial_state`."""
    def parse_position(self, text: str) -> State:
        """Raises PositionError naming the field that cannot be read."""
    def feature_names(self, encoding: int = 1) -> list[tuple[str, str]]:
        """(name, description) of each value of `observation(encoding)`, in order."""
    def action_meanings(self) -> list[tuple[str, str, str]]:
        """(notation for South, notation for North, description) of each action index."""

class State:
    """One position. Players: 0 South (moves first), 1 North."""

    @property
    def game(self) -> Game: ...
    @property
    def to_move(self) -> int:
        """0 or 1: the player who chooses the next action (also inside a move)."""
    @property
    def ply(self) -> int: ...
    @property
    def in_move(self) -> bool:
        """Whether the next action is a decision inside a move."""
    @property
    def outcome(self) -> Optional[dict[str, Any]]:
        """None before the end; then {"result", "scores", "returns"}."""
    def legal_actions(self) -> list[int]: ...
    def legal_mask(self) -> npt.NDArray[np.int8]: ...
    def legal_moves(self) -> list[str]:
        """The legal moves in notation, in action order."""
    def apply(self, action: int) -> None:
        """Raises IllegalMoveError when the action is not legal here."""
    def apply_move(self, text: str) -> int:
        """Plays a move in notation ("A6<") or an index; returns its action. Raises MoveError."""
    def parse_move(self, text: str) -> int: ...
    def action_to_string(self, action: int) -> str: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]:
        """[south, north]: +1 win, -1 loss, 0 draw; zeros before the end."""
    def observation(self, encoding: int = 1) -> npt.NDArray[np.float32]:
        """The network encoding of that version (1, or 2 with a thermometer code of each
        hole), from the view of the player to move: a shard's `features`."""
    def position_text(self) -> str: ...
    def drawing(self) -> str: ...
    def snapshot(self) -> dict[str, Any]:
        """The position object `mankala replay` prints (docs/protocol.md)."""
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Analysis:
    """What an agent thinks of a position."""

    @property
    def action(self) -> int: ...
    @property
    def move(self) -> str: ...
    @property
    def value(self) -> Optional[float]:
        """For the player to move, in [-1, 1]; None for agents without one."""
    @property
    def policy(self) -> dict[int, float]:
        """{action: probability} over the legal actions, summing to 1."""
    @property
    def simulations(self) -> int: ...

class Agent:
    """An agent of the CLI's specs: random, greedy, alphabeta:..., perfect, mcts:..., nn:..."""

    def __init__(self, spec: str, game: Optional[Game] = None, seed: int = 0) -> None:
        """Raises AgentError when the spec is malformed or (with game) its files do not fit."""
    @property
    def spec(self) -> str: ...
    def analyse(
        self, state: State, sims: Optional[int] = None, ms: Optional[int] = None
    ) -> Analysis: ...
    def choose(self, state: State) -> int: ...
