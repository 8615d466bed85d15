"""A PettingZoo AEC environment for every mankala variant.

The agents are ``"south"`` (who moves first) and ``"north"``. A decision inside a move (a
Bao kichwa, a capture that may be declined) is the same agent acting again, so
``agent_selection`` does not always alternate. Each observation is a dict:

- ``"observation"``: the network encoding of the position (``State.observation()``, the
  player to move's side first), ``float32`` of length ``game.encoding_len``: seed counts
  scaled down and flags, never negative and never above ``game.total_seeds``;
- ``"action_mask"``: ``int8`` of length ``game.num_actions``, the legal actions for the
  agent to move and all zeros for the other.

Rewards come at the end: +1 to the winner, -1 to the loser, 0 each for a draw. A game
stopped by the variant's caps (``limits``) ends in truncation with the returns the variant
gives a capped game. An illegal action raises :class:`mankala.IllegalMoveError`.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._mankala import load

AGENTS = ("south", "north")


def env(variant="oware", rules=None, limits=None, render_mode=None):
    """The environment of ``variant`` with PettingZoo's order and bounds checks."""
    e = raw_env(variant, rules=rules, limits=limits, render_mode=render_mode)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    """The environment of one variant, with rule options and caps as ``mankala.load``."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "mankala_v0",
        "is_parallelizable": False,
    }

    def __init__(self, variant="oware", rules=None, limits=None, render_mode=None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        self.game = load(variant, rules=rules, limits=limits)
        self.metadata = dict(self.metadata, name=f"mankala_{self.game.name}_v0")
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        n, length = self.game.num_actions, self.game.encoding_len
        self._action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, float(self.game.total_seeds), shape=(length,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self.state = self.game.initial_state()
        self.reset()

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            for i, a in enumerate(AGENTS):
                self._action_spaces[a].seed(seed + i)
        self.state = self.game.initial_state()
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[self.state.to_move]

    def observe(self, agent):
        if agent == self.agent_selection and not self.state.is_terminal():
            mask = self.state.legal_mask()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": self.state.observation(), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))
        outcome = self.state.outcome
        if outcome is not None:
            capped = outcome["result"].startswith("capped")
            for i, a in enumerate(AGENTS):
                self.rewards[a] = float(outcome["returns"][i])
                if capped:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
            self.infos = {a: {"outcome": outcome} for a in self.agents}
        self.agent_selection = AGENTS[self.state.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
