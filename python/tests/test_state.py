"""States from Python: the start, legal masks, observations, clones, copies and pickles."""

import copy
import pickle
import random

import numpy as np
import pytest

import mankala


@pytest.mark.parametrize("variant", mankala.variants())
def test_invariants_hold_over_a_random_game(variant):
    game = mankala.load(variant)
    state = game.initial_state()
    rng = random.Random(variant)
    assert state.to_move == 0 and state.ply == 0 and state.outcome is None
    while not state.is_terminal():
        legal = state.legal_actions()
        mask = state.legal_mask()
        assert mask.dtype == np.int8 and mask.shape == (game.num_actions,)
        assert list(np.flatnonzero(mask)) == legal
        assert [state.parse_move(m) for m in state.legal_moves()] == legal
        obs = state.observation()
        assert obs.dtype == np.float32 and obs.shape == (game.encoding_len,)
        assert np.isfinite(obs).all() and (obs >= 0).all() and (obs <= game.total_seeds).all()
        assert state.returns() == [0.0, 0.0]
        snap = state.snapshot()
        assert sum(snap["pits"]) + sum(snap["stores"]) + sum(snap["in_hand"]) == game.total_seeds
        state.apply(rng.choice(legal))
    assert state.legal_actions() == [] and not state.legal_mask().any()
    outcome = state.outcome
    assert outcome["returns"] == state.returns() and sum(state.returns()) == 0.0
    assert outcome["result"] in ("south", "north", "draw", "capped-plies", "capped-laps")


def test_the_first_oware_move_sows_four_seeds():
    state = mankala.load("oware").initial_state()
    assert state.apply_move("C") == 2
    assert state.snapshot()["pits"] == [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]
    assert state.to_move == 1 and state.ply == 1


def test_a_clone_is_independent_and_copies_are_clones():
    state = mankala.load("kalah").initial_state()
    twin = state.clone()
    twin.apply(0)
    assert state.ply == 0 and twin.ply == 1 and state != twin
    for other in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other == state and other is not state
        other.apply(1)
        assert state.ply == 0


def test_the_observation_is_seen_from_the_player_to_move():
    game = mankala.load("oware")
    state = game.parse_position("oware 1,0,0,0,0,0/0,0,0,0,0,9 south stores=19,19")
    north = game.parse_position("oware 0,0,0,0,0,9/1,0,0,0,0,0 north stores=19,19")
    assert np.array_equal(state.observation(), north.observation())
    assert len(game.feature_names()) == game.encoding_len


def test_encoding_two_is_version_one_then_each_holes_thermometer():
    game = mankala.load("oware")
    state = game.parse_position("oware 1,0,0,0,0,0/0,0,0,0,0,9 south stores=19,19")
    v1, v2 = state.observation(), state.observation(encoding=2)
    assert v2.dtype == np.float32 and v2.shape == (game.observation_len(2),)
    assert game.observation_len() == game.encoding_len == len(v1)
    assert np.array_equal(v2[:len(v1)], v1)
    names = game.feature_names(2)
    assert len(names) == len(v2) and names[:len(v1)] == game.feature_names()
    levels = dict(zip((n for n, _ in names[len(v1):]), v2[len(v1):]))
    # The mover's first hole holds 1 seed, North's last 9: every level up to 8 is set.
    on = sorted(n for n, v in levels.items() if v == 1.0)
    assert len(on) == 1 + 8, on
    assert all(v in (0.0, 1.0) for v in levels.values())
    for bad in (0, 3):
        with pytest.raises(ValueError, match=f"encoding = {bad}"):
            state.observation(encoding=bad)
        with pytest.raises(ValueError, match=f"encoding = {bad}"):
            game.observation_len(bad)


def test_the_drawing_and_notation_are_the_engines():
    state = mankala.load("bao").initial_state()
    assert state.position_text().startswith("bao ")
    assert str(state) == state.drawing() and "\n" in str(state)
    meanings = state.game.action_meanings()
    assert len(meanings) == state.game.num_actions
    for a in state.legal_actions():
        assert state.action_to_string(a) == meanings[a][0]
