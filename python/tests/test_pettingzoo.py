"""The PettingZoo AEC environment: PettingZoo's own api_test on every variant, and the
rule that a decision inside a move is the same agent acting again."""

import random

import numpy as np
import pytest

import mankala

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed")
from pettingzoo.test import api_test  # noqa: E402


def test_twelve_variants_are_listed():
    assert len(mankala.variants()) == 12
    assert mankala.variants()[:2] == ["oware", "kalah"]


@pytest.mark.parametrize("variant", mankala.variants())
def test_api_test_passes_on_every_variant(variant):
    api_test(mankala.env(variant), num_cycles=300)


@pytest.mark.parametrize("variant", mankala.variants())
def test_observations_fit_the_declared_space_over_random_games(variant):
    env = mankala.env(variant)
    rng = random.Random(variant)
    for game in range(3):
        env.reset(seed=game)
        space = env.observation_space("south")
        for agent in env.agent_iter(2000):
            obs, reward, terminated, truncated, _ = env.last()
            assert space.contains(obs), (variant, obs)
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            assert list(legal) == env.unwrapped.state.legal_actions()
            env.step(int(rng.choice(legal)))


def test_a_decision_inside_a_move_is_the_same_agent_again():
    env = mankala.raw_env("bao")
    rng = random.Random(7)
    seen = 0
    for game in range(20):
        env.reset()
        while not env.unwrapped.state.is_terminal():
            before = env.agent_selection
            env.step(rng.choice(env.unwrapped.state.legal_actions()))
            state = env.unwrapped.state
            if state.in_move and not state.is_terminal():
                assert env.agent_selection == before
                seen += 1
            elif not state.is_terminal():
                assert env.agent_selection == ("south", "north")[state.to_move]
        if seen > 5:
            break
    assert seen > 5, "random Bao games reach decisions inside a move"


def test_rewards_at_the_end_are_the_returns():
    env = mankala.env("kalah")
    env.reset()
    rng = random.Random(3)
    while not (env.terminations["south"] or env.truncations["south"]):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    returns = env.unwrapped.state.returns()
    assert env.rewards == {"south": returns[0], "north": returns[1]}
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_capped_game_is_truncated():
    env = mankala.env("oware", limits={"max_plies": 6})
    env.reset()
    for _ in range(6):
        obs = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.truncations == {"south": True, "north": True}
    assert env.terminations == {"south": False, "north": False}


def test_an_illegal_action_raises_with_the_engine_message():
    env = mankala.env("oware")
    env.reset()
    env.step(0)  # South empties his first hole
    env.step(0)  # North empties his
    with pytest.raises(mankala.IllegalMoveError, match="action 0 is not legal at ply 2"):
        env.step(0)
