"""Agents from Python: the CLI's specs, their analyses, a short game between two of them,
a trained network's agent and its ONNX export run with onnxruntime on observation()."""

import json
import pathlib

import numpy as np
import pytest

import mankala


def play(game, south, north, max_plies=400):
    """A game between two agents; checks every analysis on the way."""
    state = game.initial_state()
    agents = (south, north)
    while not state.is_terminal() and state.ply < max_plies:
        a = agents[state.to_move].analyse(state)
        legal = state.legal_actions()
        assert a.action in legal and a.move == state.action_to_string(a.action)
        assert set(a.policy) <= set(legal)
        assert abs(sum(a.policy.values()) - 1.0) < 1e-4
        assert a.value is None or -1.0 <= a.value <= 1.0
        state.apply(a.action)
    return state


def test_a_short_game_between_two_agents_ends():
    game = mankala.load("kalah", rules={"seeds_per_hole": 3})
    state = play(game, mankala.Agent("alphabeta:depth=4", seed=1),
                 mankala.Agent("mcts:sims=30", seed=2))
    assert state.is_terminal() and sum(state.returns()) == 0.0


def test_alphabeta_beats_random_at_oware():
    game = mankala.load("oware")
    state = play(game, mankala.Agent("alphabeta:depth=4"), mankala.Agent("random", seed=3),
                 max_plies=10_000)
    assert state.outcome["result"] == "south"


def test_the_same_seed_gives_the_same_analyses():
    state = mankala.load("oware").initial_state()
    first = [mankala.Agent("mcts:sims=50", seed=9).analyse(state) for _ in range(2)]
    assert first[0].policy == first[1].policy and first[0].action == first[1].action


def test_a_search_budget_replaces_the_specs():
    state = mankala.load("kalah").initial_state()
    agent = mankala.Agent("mcts:sims=10")
    assert agent.analyse(state).simulations == 10
    assert agent.analyse(state, sims=40).simulations == 40
    with pytest.raises(ValueError, match="not both"):
        agent.analyse(state, sims=1, ms=1)


def test_an_agent_follows_the_game_of_the_state_it_is_given():
    agent = mankala.Agent("greedy")
    for variant in ("oware", "bao", "omweso"):
        state = mankala.load(variant).initial_state()
        assert agent.choose(state) in state.legal_actions()


def test_perfect_play_finds_the_won_kalah_ending():
    state = mankala.load("kalah").parse_position(
        "kalah 0,0,0,0,2,1/1,0,0,0,0,0 south stores=24,20"
    )
    a = mankala.Agent("perfect").analyse(state)
    assert a.value == 1.0


def test_a_finished_game_has_nothing_to_analyse():
    state = mankala.load("kalah").parse_position(
        "kalah 0,0,0,0,0,1/1,0,0,0,0,0 south stores=20,26"
    )
    state.apply(5)
    with pytest.raises(ValueError, match="the game is over"):
        mankala.Agent("random").analyse(state)


def test_a_trained_networks_agent_plays(kalah_model):
    game = mankala.load_config(str(kalah_model["config"]))
    agent = mankala.Agent(f"nn:model={kalah_model['model']},sims=8", game=game, seed=4)
    state = play(game, agent, mankala.Agent("random"), max_plies=30)
    a = agent.analyse(game.initial_state())
    assert a.simulations == 8 and a.value is not None


def test_alphabeta_on_the_clock_plays_a_networks_agent_to_the_end(kalah_model):
    game = mankala.load_config(str(kalah_model["config"]))
    clock = mankala.Agent("alphabeta:ms=20", game=game)
    network = mankala.Agent(f"nn:model={kalah_model['model']},sims=8", game=game, seed=5)
    for south, north in ((clock, network), (network, clock)):
        state = play(game, south, north, max_plies=10_000)
        assert state.is_terminal() and sum(state.returns()) == 0.0
        assert state.outcome["result"] in ("south", "north", "draw")


def test_the_onnx_export_runs_with_onnxruntime_on_observations(kalah_model):
    ort = pytest.importorskip("onnxruntime", reason="onnxruntime is not installed")
    onnx = str(kalah_model["onnx"])
    session = ort.InferenceSession(onnx, providers=["CPUExecutionProvider"])
    samples = json.load(open(onnx + ".samples.json"))
    tol = samples["tolerance"]
    game = mankala.load("kalah")
    state = game.initial_state()
    batch = []
    for _ in range(6):
        batch.append(state.clone())
        state.apply(state.legal_actions()[-1])
    x = np.stack([s.observation() for s in batch])
    logits, value = session.run(["policy_logits", "value"], {"features": x})
    assert logits.shape == (len(batch), game.num_actions) and value.shape == (len(batch), 1)
    # The same network through the engine's own runner: sims=1 gives the raw value.
    agent = mankala.Agent(f"nn:model={kalah_model['model']},sims=1", game=game)
    for s, v in zip(batch, value[:, 0]):
        assert abs(agent.analyse(s).value - float(v)) <= max(tol, 1e-4)
    masked = np.where(batch[0].legal_mask() == 1, logits[0], -np.inf)
    assert masked.argmax() in batch[0].legal_actions()


def test_the_zoo_agent_plays_the_shipped_network():
    repo = pathlib.Path(__file__).resolve().parents[2]
    held = sorted(p.parent.name for p in (repo / "zoo").glob("*/model.bpk"))
    assert held, "the zoo holds no network"
    game = mankala.load_config(str(repo / "configs" / f"{held[0]}.toml"))
    agent = mankala.Agent("zoo:sims=8", game=game, seed=6)
    state = play(game, agent, mankala.Agent("random"), max_plies=40)
    assert state.ply > 0
    assert agent.analyse(game.initial_state()).simulations == 8
