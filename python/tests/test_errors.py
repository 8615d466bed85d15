"""Bad input raises the package's exceptions with the engine's messages: the same text the
command line prints for the same mistake."""

import pytest

import mankala
from conftest import run


def cli_error(binary, *args):
    out = run(binary, *args, check=False)
    assert out.returncode != 0, args
    return out.stderr


def test_an_unknown_variant_is_named_with_the_known_ones(mankala_bin):
    with pytest.raises(mankala.ConfigError) as e:
        mankala.load("owari")
    assert str(e.value).startswith("unknown variant `owari`; expected one of: oware, kalah")
    assert str(e.value) in cli_error(mankala_bin, "show", "--variant", "owari")


@pytest.mark.parametrize(
    "variant, rules, toml",
    [
        ("kalah", {"seeds_per_hole": 0}, "seeds_per_hole = 0"),
        ("kalah", {"mystery": 1}, "mystery = 1"),
        ("kalah", {"seeds_per_hole": "four"}, 'seeds_per_hole = "four"'),
        ("bao", {"mystery": True}, "mystery = true"),
    ],
)
def test_bad_rules_raise_the_configs_message(mankala_bin, tmp_path, variant, rules, toml):
    with pytest.raises(mankala.ConfigError) as e:
        mankala.load(variant, rules=rules)
    assert "[rules]" in str(e.value)
    cfg = tmp_path / "bad.toml"
    cfg.write_text(f'variant = "{variant}"\n[rules]\n{toml}\n')
    assert str(e.value) in cli_error(mankala_bin, "show", "--config", str(cfg))


def test_bad_limits_raise_the_configs_message(mankala_bin, tmp_path):
    with pytest.raises(mankala.ConfigError) as e:
        mankala.load("oware", limits={"max_plies": 0})
    assert str(e.value) == "[limits] max_plies = 0: expected 1 to 1000000"
    cfg = tmp_path / "bad.toml"
    cfg.write_text('variant = "oware"\n[limits]\nmax_plies = 0\n')
    assert str(e.value) in cli_error(mankala_bin, "show", "--config", str(cfg))


def test_a_value_no_config_can_hold_is_a_type_error():
    with pytest.raises(TypeError, match="seeds_per_hole = None"):
        mankala.load("kalah", rules={"seeds_per_hole": None})
    with pytest.raises(TypeError, match="not a string"):
        mankala.load("kalah", rules={4: 4})


def test_rules_in_force_are_given_back_and_change_the_game():
    game = mankala.load("kalah", rules={"seeds_per_hole": 3}, limits={"max_plies": 50})
    assert game.rules["seeds_per_hole"] == 3
    assert game.limits == {"max_plies": 50, "max_laps": game.limits["max_laps"]}
    assert game.total_seeds == 36 and game.max_plies == 50
    assert game != mankala.load("kalah")
    assert eval(repr(game), {"mankala": mankala}) == game


def test_an_illegal_move_text_names_the_legal_moves(mankala_bin):
    state = mankala.load("oware").initial_state()
    with pytest.raises(mankala.MoveError) as e:
        state.apply_move("Z")
    assert "legal moves: A, B, C, D, E, F" in str(e.value)
    assert str(e.value) in cli_error(mankala_bin, "show", "--variant", "oware", "--moves", "Z")
    assert state.ply == 0, "the position is unchanged"


def test_an_illegal_action_is_refused_and_the_state_unchanged():
    state = mankala.load("oware").initial_state()
    state.apply(2)
    before = state.clone()
    for bad in (2 + 6, 99, -1):
        with pytest.raises(mankala.IllegalMoveError, match="is not legal at ply 1"):
            state.apply(bad)
    state.apply(0)
    with pytest.raises(mankala.IllegalMoveError, match="action 2 is not legal at ply 2"):
        state.apply(2)  # South's hole C, emptied by his first move
    assert before != state and before.ply == 1


def test_playing_after_the_end_says_the_game_is_over():
    state = mankala.load("kalah").parse_position(
        "kalah 0,0,0,0,0,1/1,0,0,0,0,0 south stores=20,26"
    )
    state.apply_move("F")
    assert state.is_terminal()
    with pytest.raises(mankala.IllegalMoveError, match="the game is over"):
        state.apply(5)
    with pytest.raises(mankala.MoveError, match="the game is already over \\(ply 1\\)"):
        state.apply_move("F")


def test_a_bad_position_text_names_its_field(mankala_bin):
    text = "oware 4,4,4/4,4,4,4,4,4 south"
    with pytest.raises(mankala.PositionError) as e:
        mankala.load("oware").parse_position(text)
    assert str(e.value) in cli_error(mankala_bin, "show", "--position", text)
    with pytest.raises(mankala.PositionError, match="`kalah` position"):
        mankala.load("oware").parse_position("kalah 4,4,4,4,4,4/4,4,4,4,4,4 south")
    with pytest.raises(mankala.PositionError, match="variant"):
        mankala.parse_position("owari 4,4 south")


def test_a_bad_agent_spec_raises_the_clis_message(mankala_bin):
    with pytest.raises(mankala.AgentError) as e:
        mankala.Agent("alphabeta:depth=deep")
    assert str(e.value).startswith("agent `alphabeta:depth=deep`")
    stderr = cli_error(mankala_bin, "arena", "--variant", "kalah", "--agents", "random",
                       "alphabeta:depth=deep", "-n", "2")
    assert str(e.value) in stderr


def test_a_missing_model_is_named(tmp_path):
    spec = f"nn:model={tmp_path / 'none.bpk'}"
    agent = mankala.Agent(spec)
    with pytest.raises(mankala.AgentError, match="none.bpk"):
        agent.analyse(mankala.load("kalah").initial_state())
    with pytest.raises(mankala.AgentError, match="none.bpk"):
        mankala.Agent(spec, game=mankala.load("kalah"))


def test_perfect_play_is_refused_where_no_solver_exists():
    with pytest.raises(mankala.AgentError, match="perfect"):
        mankala.Agent("perfect", game=mankala.load("bao"))
