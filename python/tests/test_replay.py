"""Random games played in Python match `mankala replay` of the same moves, position by
position: the same position objects, the same notation, the same end."""

import json
import random

import pytest

import mankala
from conftest import run


def random_game(variant, seed):
    """A random game: the moves in notation and the state after each action."""
    rng = random.Random(f"{variant}-{seed}")
    state = mankala.load(variant).initial_state()
    moves, states = [], [state.clone()]
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        moves.append((state.action_to_string(action), action))
        state.apply(action)
        states.append(state.clone())
    return moves, states


@pytest.mark.parametrize("variant", mankala.variants())
def test_random_games_match_mankala_replay_move_by_move(mankala_bin, variant):
    for seed in range(2):
        moves, states = random_game(variant, seed)
        out = run(mankala_bin, "replay", "--variant", variant, "--moves",
                  " ".join(text for text, _ in moves))
        lines = [json.loads(line) for line in out.stdout.splitlines()]
        assert len(lines) == len(states) == len(moves) + 1
        for i, (line, state) in enumerate(zip(lines, states)):
            played = line.pop("move")
            if i == 0:
                assert played is None
            else:
                assert played == {"text": moves[i - 1][0], "action": moves[i - 1][1]}, i
            assert line == state.snapshot(), f"{variant} seed {seed} ply {i}"
        assert lines[-1]["terminal"] and states[-1].outcome == lines[-1]["outcome"]


@pytest.mark.parametrize("variant", mankala.variants())
def test_position_texts_read_back_to_the_same_state(variant):
    _, states = random_game(variant, 5)
    game = mankala.load(variant)
    for state in states[:: max(1, len(states) // 20)]:
        again = game.parse_position(state.position_text())
        # Equal as positions; a state may also keep history the text leaves out (Oware's
        # repetitions), so == is checked on the text read twice.
        assert again.position_text() == state.position_text()
        assert again.legal_actions() == state.legal_actions()
        assert again == game.parse_position(state.position_text())
        assert hash(again) == hash(game.parse_position(state.position_text()))
        assert mankala.parse_position(state.position_text()).snapshot() == state.snapshot()


def test_show_draws_the_board_as_python_does(mankala_bin):
    moves, states = random_game("bao", 1)
    prefix = moves[:9]
    out = run(mankala_bin, "show", "--variant", "bao", "--moves",
              " ".join(text for text, _ in prefix))
    assert out.stdout.startswith(str(states[len(prefix)]))
    assert f"position: {states[len(prefix)].position_text()}" in out.stdout
