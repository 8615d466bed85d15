//! Positions as text (`docs/notation.md`, "Positions as text"): every position of seeded
//! random games of every variant configuration round-trips through its text; the worked
//! examples of `docs/rules/bao.md` entered as text; bad texts refused with errors naming the
//! field; the JSON position object made from the text.

mod common;

use mankala_engine::position::FieldValue;
use mankala_engine::{AnyGame, Game, POSITION_SCHEMA, Player, PositionError, State, position_json, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const GAMES: u64 = 40;
const CONTINUATION: usize = 8;

/// Whether two positions agree on everything a player or a network can see: text, holes,
/// stores and hands, legal actions, encoding, outcome, whether a move is under way.
fn assert_same_view<S: State>(a: &S, b: &S, encoding_len: usize, ctx: &str) {
    assert_eq!(a.position_text(), b.position_text(), "text: {ctx}");
    assert_eq!(a.snapshot(), b.snapshot(), "snapshot: {ctx}");
    assert_eq!(a.legal_mask(), b.legal_mask(), "legal: {ctx}\n{a}");
    assert_eq!(a.outcome(), b.outcome(), "outcome: {ctx}");
    assert_eq!(a.to_move(), b.to_move(), "to move: {ctx}");
    assert_eq!(a.ply(), b.ply(), "ply: {ctx}");
    assert_eq!(a.in_move(), b.in_move(), "in move: {ctx}");
    let (mut ea, mut eb) = (vec![0.0; encoding_len], vec![0.0; encoding_len]);
    a.encode(&mut ea);
    b.encode(&mut eb);
    assert_eq!(ea, eb, "encoding: {ctx}");
}

fn round_trip_games<G: Game>(label: &str, g: &G) {
    let oware = g.name() == "oware";
    for seed in 0..GAMES {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut s = g.initial_state();
        loop {
            let ctx = format!("{label}, seed {seed}, ply {}", s.ply());
            let text = s.position_text();
            assert!(text.starts_with(&format!("{} ", g.name())), "{ctx}: {text}");
            let back = g.parse_position(&text).unwrap_or_else(|e| panic!("{ctx}: `{text}` does not read back: {e}"));
            assert_same_view(&s, &back, g.encoding_len(), &format!("{ctx}: {text}"));
            // Oware's repetition history is not part of the text (a set-up position remembers
            // only itself); everywhere else the positions are the same.
            if !oware {
                assert_eq!(back, s, "{ctx}: {text}");
            }
            // The same moves from both lead to the same positions.
            let (mut x, mut y) = (s.clone(), back);
            for k in 0..CONTINUATION {
                let legal = x.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let a = legal[rng.random_range(0..legal.len())];
                x.play_unchecked(a);
                y.play_unchecked(a);
                if oware && x.is_terminal() && !y.is_terminal() {
                    // Only the original remembers the position that repeated.
                    assert!(x.snapshot().pits.iter().all(|&p| p == 0), "{ctx}");
                    break;
                }
                assert_same_view(&x, &y, g.encoding_len(), &format!("{ctx}, continuation {k}: from {text}"));
            }
            let legal = s.legal_actions();
            if legal.is_empty() {
                break;
            }
            s.play_unchecked(legal[rng.random_range(0..legal.len())]);
        }
    }
}

#[test]
fn every_position_of_random_games_round_trips_through_text() {
    for (label, game) in common::all_configs() {
        with_game!(&game, g => round_trip_games(&label, g));
    }
}

fn parse(variant: &str, rules: &str, text: &str) -> Result<String, PositionError> {
    let game = common::game(variant, rules);
    with_game!(&game, g => g.parse_position(text).map(|s| s.position_text()))
}

/// The legal moves of a position in notation.
fn legal_of(variant: &str, rules: &str, text: &str) -> Vec<String> {
    let game = common::game(variant, rules);
    with_game!(&game, g => {
        let s = g.parse_position(text).expect("valid position");
        s.legal_actions().iter().map(|&a| s.action_to_string(a)).collect()
    })
}

/// Plays `moves` from the position `text`; the resulting position's text.
fn after(variant: &str, rules: &str, text: &str, moves: &[&str]) -> String {
    let game = common::game(variant, rules);
    with_game!(&game, g => {
        let mut s = g.parse_position(text).expect("valid position");
        for m in moves {
            let a = s.parse_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            s.play_unchecked(a);
        }
        s.position_text()
    })
}

#[test]
fn the_start_position_reads_as_the_start() {
    for (label, game) in common::all_configs() {
        with_game!(&game, g => {
            let start = g.initial_state();
            assert_eq!(g.parse_position(&start.position_text()).unwrap(), start, "{label}");
        });
    }
    assert_eq!(
        AnyGame::by_name("kalah").map(|g| with_game!(g, g => g.initial_state().position_text())),
        Ok("kalah 4,4,4,4,4,4/4,4,4,4,4,4 south stores=0,0 ply=0".to_string())
    );
    assert_eq!(
        with_game!(AnyGame::by_name("bao").unwrap(), g => g.initial_state().position_text()),
        "bao 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 south \
         hand=22,22 houses=south,north ply=0"
    );
}

#[test]
fn fields_left_out_take_their_defaults() {
    assert_eq!(parse("oware", "", "oware 4,4,4,4,4,4/4,4,4,4,4,4 north").unwrap(), "oware 4,4,4,4,4,4/4,4,4,4,4,4 north stores=0,0 ply=0");
    assert_eq!(
        parse("kalah", "", "  kalah 0,0,0,0,0,1/1,0,0,0,0,0   s stores=20,26 ply=7 ").unwrap(),
        "kalah 0,0,0,0,0,1/1,0,0,0,0,0 south stores=20,26 ply=7"
    );
}

// Bao, worked example 1 (Nierse, diagram 2): the start, and its four legal moves.
#[test]
fn bao_example_1_start_position_as_text() {
    let text = "bao 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 south \
                hand=22,22 houses=south,north";
    assert_eq!(legal_of("bao", "", text), ["A6>", "A7>", "A6<", "A7<"]);
}

// Bao, worked example 2 (de Voogt 1995, p. 151): after `A7<`, North may only play his house.
#[test]
fn bao_example_2_after_a7_anticlockwise() {
    let text = "bao 0,0,0,1,7,3,0,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 north \
                hand=21,22 houses=south,north ply=1";
    assert_eq!(legal_of("bao", "", text), ["a5>", "a5<"]);
    let start = with_game!(AnyGame::by_name("bao").unwrap(), g => {
        let mut s = g.initial_state();
        s.play_unchecked(s.parse_action("A7<").unwrap());
        s.position_text()
    });
    assert_eq!(parse("bao", "", text).unwrap(), start);
    // `a5<` captures A4's seed and sows it into a8 (example 2's stated result).
    assert_eq!(
        after("bao", "", text, &["a5<"]),
        "bao 0,0,0,0,7,3,0,0/0,0,0,0,0,0,0,0/0,0,0,0,7,2,2,1/0,0,0,0,0,0,0,0 south \
         hand=21,21 houses=south,north ply=2"
    );
}

// Bao, worked examples 10 and 11 (Nierse, diagrams 14 and 16): the legal moves, and a move
// stopping at the functional house with its stop-or-safari decision written as text.
#[test]
fn bao_example_11_decision_at_the_house_as_text() {
    // As drawn: a8..a1 = 0 3 4 8 0 2 5 6, A1..A8 = 0 2 1 0 8 0 3 4; hands make up the 64.
    let text = "bao 0,2,1,0,8,0,3,4/0,0,0,0,0,0,0,0/6,5,2,0,8,4,3,0/0,0,0,0,0,0,0,0 south \
                hand=9,9 houses=south,north";
    assert_eq!(legal_of("bao", "", text), ["A2>", "A3>", "A3<", "A7<", "A8<"]);
    let decision = after("bao", "", text, &["A8<"]);
    // The whole board after `A8<`, before the decision (example 11: the board `stop` keeps).
    assert_eq!(
        decision,
        "bao 0,2,2,1,10,2,5,7/0,0,0,0,0,0,0,0/0,5,2,0,8,0,3,0/0,0,0,0,0,0,0,0 south \
         hand=8,9 houses=south,north decision=< laps=2 namua ply=1"
    );
    assert_eq!(legal_of("bao", "", &decision), ["stop", "safari"]);
    let game = common::game("bao", "");
    with_game!(&game, g => {
        let s = g.parse_position(&decision).unwrap();
        assert!(s.in_move());
        let json = position_json(g, &s);
        assert!(json.in_move);
        assert_eq!(json.state["decision"], FieldValue::Text("<".into()));
        assert_eq!(json.state["namua"], FieldValue::Flag(true));
    });
    // Safari: diagram 16, South's house lost.
    assert_eq!(
        after("bao", "", &decision, &["safari"]),
        "bao 1,3,3,2,0,2,5,7/1,1,1,1,1,1,0,0/0,5,2,0,8,0,3,0/0,0,0,0,0,0,0,0 north \
         hand=8,9 houses=north ply=2"
    );
}

// Bao, worked example 19 (K.I.B.A. rules § 4.5): North to move, a4 takasiaed, no house owned;
// North's legal moves are the four starts from a8 and a5, and each leaves a4 as stated.
#[test]
fn bao_example_19_kiba_takasia_as_text() {
    // As drawn: b8..b1 = 0 1 2 1 4 8 2 2, a8..a1 = 10 0 0 10 2 1 0 1, A1..A8 = 0 2 0 0 1 1 0 0,
    // B1..B8 = 0 0 2 2 0 2 6 4.
    let text = "bao 0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4/1,0,1,2,10,0,0,10/2,2,8,4,1,2,1,0 north \
                hand=0,0 houses=none takasia=a4";
    assert_eq!(legal_of("bao", "", text), ["a5>", "a8>", "a5<", "a8<"]);
    let game = common::game("bao", "");
    with_game!(&game, g => {
        for (mv, a4) in [("a8>", 2), ("a8<", 5), ("a5>", 2), ("a5<", 6)] {
            let mut s = g.parse_position(text).unwrap();
            s.play_unchecked(s.parse_action(mv).unwrap());
            assert_eq!(s.snapshot().pits[16 + 3], a4, "{mv}");
        }
        // The takasia is what the rules make of the predecessor: South's takasa `A7<`.
        let mut before = g
            .parse_position(
                "bao 0,2,0,0,0,0,2,0/0,0,2,2,0,2,6,4/1,0,1,2,10,0,0,10/2,2,8,4,1,2,1,0 south \
                 hand=0,0 houses=none",
            )
            .unwrap();
        before.play_unchecked(before.parse_action("A7<").unwrap());
        assert_eq!(before.position_text(), format!("{text} ply=1"));
    });
    // Without the takasia North could also start from a4.
    let free = text.replace(" takasia=a4", "");
    assert!(legal_of("bao", "", &free).contains(&"a4>".to_string()));
}

// Bao, worked examples 3 to 18 (Nierse's diagrams, the Mancala World puzzles, de Voogt's
// never-ending move) entered as text, North's rows reversed from the drawings (`a1..a8`,
// `b1..b8`): the legal moves the document states or derives, and the stated results.
#[test]
fn bao_worked_examples_as_text() {
    let z = "0,0,0,0,0,0,0,0";
    let cases: &[(&str, String, &[&str])] = &[
        ("3", format!("bao 0,0,0,0,7,0,2,1/{z}/0,0,2,1,8,1,0,1/{z} south hand=20,21 houses=south,north"), &["A5>", "A5<"]),
        ("4", format!("bao 0,0,0,0,7,0,0,0/{z}/0,0,2,3,8,1,0,1/{z} south hand=21,21 houses=south,north"), &["A5>", "A5<"]),
        ("6-9", format!("bao 1,2,0,0,8,0,3,4/{z}/6,5,2,0,8,1,3,4/{z} south hand=9,8 houses=south,north"), &["A1>", "A2>", "A7<", "A8<"]),
        ("12", format!("bao 0,2,3,2,0,2,5,0/{z}/2,0,0,0,7,0,0,1/{z} south hand=20,20 houses=south,north"), &["A4>", "A4<"]),
        ("13", format!("bao 2,1,0,0,12,0,0,0/{z}/0,0,4,4,10,2,1,0/{z} south hand=14,14 houses=south,north"), &["A2>", "A5>", "A5<"]),
        ("14", format!("bao 0,0,0,0,9,0,0,0/{z}/0,0,2,0,9,2,1,0/{z} south hand=21,20 houses=south,north"), &["A5>", "A5<"]),
        (
            "15",
            "bao 0,3,0,0,4,1,0,0/0,9,0,0,0,0,0,0/0,0,6,5,0,0,0,0/4,4,4,4,5,5,5,5 south hand=0,0 \
             houses=none"
                .to_string(),
            &["A2>", "B2<"],
        ),
        (
            "17",
            "bao 2,3,2,4,2,0,3,0/8,0,1,5,2,1,0,0/0,2,0,12,0,2,2,1/0,0,3,3,2,2,1,1 north hand=0,0 \
             houses=none"
                .to_string(),
            &["a2>", "a6>", "a4<", "a6<"],
        ),
        (
            "18",
            format!("bao 1,6,3,1,0,5,4,0/2,1,0,5,0,3,0,1/1,0,0,9,0,0,0,0/{z} south hand=11,11 houses=none"),
            &["A2>", "A3>", "A6>", "A7>", "A2<", "A6<", "A7<"],
        ),
    ];
    for (example, text, legal) in cases {
        assert_eq!(&legal_of("bao", "", text), legal, "example {example}");
    }
    let after_one = |text: &str, mv: &str| after("bao", "", text, &[mv]);
    // Example 4 (diagrams 7 and 8): either kichwa.
    let ex4 = &cases[1].1;
    assert_eq!(after_one(ex4, "A5>"), format!("bao 1,1,1,0,8,0,0,0/{z}/0,0,2,0,8,1,0,1/{z} north hand=20,21 houses=south,north ply=1"));
    assert_eq!(after_one(ex4, "A5<"), format!("bao 0,0,0,0,8,1,1,1/{z}/0,0,2,0,8,1,0,1/{z} north hand=20,21 houses=south,north ply=1"));
    // Examples 6-9 (diagrams 10-13): the four forced kichwa.
    let ex6 = &cases[2].1;
    for (mv, south, north) in [
        ("A1>", "3,3,1,1,8,0,3,4", "6,5,2,0,8,1,3,0"),
        ("A2>", "2,4,1,0,8,0,3,4", "6,5,2,0,8,1,0,4"),
        ("A7<", "1,2,0,1,9,1,5,5", "6,0,2,0,8,1,3,4"),
        ("A8<", "1,2,1,1,9,1,4,6", "0,5,2,0,8,1,3,4"),
    ] {
        assert_eq!(after_one(ex6, mv), format!("bao {south}/{z}/{north}/{z} north hand=8,8 houses=south,north ply=1"), "{mv}");
    }
    // Example 12 (diagram 18): a5 taken (North's house lost), the relay round the corner.
    assert_eq!(after_one(&cases[3].1, "A4>"), format!("bao 1,3,4,4,1,3,0,1/0,0,0,1,1,1,1,1/2,0,0,0,0,0,0,1/{z} north hand=19,20 houses=south ply=1"));
    // Example 13 (diagram 19): the capture ends in the house, South decides.
    let ex13 = after_one(&cases[4].1, "A5<");
    assert!(ex13.starts_with(&format!("bao 2,1,0,0,14,1,1,1/{z}/0,0,4,0,10,2,1,0/{z} south hand=13,14 houses=south,north decision=<")), "{ex13}");
    assert_eq!(legal_of("bao", "", &ex13), ["stop", "safari"]);
    // Example 14 (diagram 22): the tax keeps the house.
    assert_eq!(after_one(&cases[5].1, "A5>"), format!("bao 0,0,0,0,8,1,1,0/{z}/0,0,2,0,9,2,1,0/{z} north hand=20,20 houses=south,north ply=1"));
}

// Bao, worked example 16 (Mancala World, puzzle 1): South's legal moves, and `B2>` wins.
#[test]
fn bao_example_16_bao_hamna_as_text() {
    // As drawn: b8..b1 = 2 2 4 6 0 0 3 4, a8..a1 = 3 0 3 0 0 5 1 0, A1..A8 = 2 0 1 2 0 1 1 1,
    // B1..B8 = 1 2 4 5 3 3 3 2.
    let text = "bao 2,0,1,2,0,1,1,1/1,2,4,5,3,3,3,2/0,1,5,0,0,3,0,3/4,3,0,0,6,4,2,2 south \
                hand=0,0 houses=none";
    assert_eq!(legal_of("bao", "", text), ["A1>", "A4>", "B2>", "B7<", "B8<"]);
    let end = after("bao", "", text, &["B2>"]);
    assert!(end.ends_with("result=south ply=1"), "{end}");
    assert!(legal_of("bao", "", &end).is_empty());
}

#[test]
fn a_decision_in_the_middle_of_a_move_round_trips_in_every_family() {
    // Enkeshui: South's last seed fell alone in his C, facing 2 seeds in North's j.
    let text = "enkeshui 0,3,1,3,0,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,2,3,3 south stores=0,0 \
                capture=C< ply=3";
    let game = common::game("enkeshui", "");
    with_game!(&game, g => {
        let s = g.parse_position(text).unwrap();
        assert_eq!(s.position_text(), text);
        assert!(s.in_move());
        assert_eq!(s.legal_actions().iter().map(|&a| s.action_to_string(a)).collect::<Vec<_>>(), ["x", "no-x"]);
    });
    // The same with no seed opposite: no capture is on offer.
    let err = parse("enkeshui", "", &text.replace("3,2,3,3", "3,0,3,5")).unwrap_err();
    assert!(matches!(&err, PositionError::Inconsistent { field, .. } if field == "capture"), "{err}");
}

#[test]
fn a_text_of_another_variant_is_refused_by_name() {
    let err = parse("oware", "", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south").unwrap_err();
    assert_eq!(err, PositionError::WrongVariant { expected: "oware".into(), found: "kalah".into() });
    assert_eq!(parse("oware", "", "   ").unwrap_err(), PositionError::Empty);
}

#[test]
fn malformed_fields_are_named() {
    let field_of = |e: PositionError| match e {
        PositionError::Field { field, .. }
        | PositionError::Missing { field, .. }
        | PositionError::Inconsistent { field, .. }
        | PositionError::UnknownField { field, .. }
        | PositionError::Duplicate { field } => field,
        other => panic!("{other}"),
    };
    let cases: &[(&str, &str, &str)] = &[
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4 south", "row 2"),
        ("kalah", "kalah 4,4,4,4,4,4 south", "rows"),
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4,x south", "row 2"),
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4,4", "to move"),
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 east", "to move"),
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south stores=1", "stores"),
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south stores=1,0", "rows"),
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south ply=-1", "ply"),
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south hand=0,0", "hand"),
        ("kalah", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south ply=1 ply=2", "ply"),
        ("lane", "lane 0,0,0,0,0,0/12,12,12,12,12,12 south", "to move"),
        ("lane", "lane 6,6,6,6,6,6/6,6,6,6,6,6 south feed", "feed"),
        ("lane", "lane 6,6,6,6,6,6/6,6,6,6,6,6 south feed=1", "feed"),
        (
            "bao",
            "bao 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 south \
             hand=22,22 houses=south,north takasia=B1",
            "takasia",
        ),
        (
            "bao",
            "bao 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 south \
             hand=22,22 houses=north decision=>",
            "decision",
        ),
        (
            "bao-kujifunza",
            "bao-kujifunza 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 \
             south houses=south",
            "houses",
        ),
        (
            "bao",
            "bao 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 south \
             hand=22,22 houses=south,north phase=place place=3",
            "phase",
        ),
        (
            "omweso",
            "omweso 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 south \
             capture=J",
            "capture",
        ),
        (
            "omweso",
            "omweso 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 south \
             laps=3",
            "laps",
        ),
    ];
    for &(variant, text, field) in cases {
        let err = parse(variant, "", text).expect_err(text);
        assert!(!err.to_string().is_empty());
        assert_eq!(field_of(err), field, "{text}");
    }
    let err = parse("kalah", "", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south stores=1,0").unwrap_err();
    assert_eq!(
        err.to_string(),
        "field `rows`: 49 seeds on the board, in stores and in hand; this kalah holds 48 under \
         the rules in force"
    );
    let err = parse("kalah", "", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south hand=0,0").unwrap_err();
    assert_eq!(err.to_string(), "unknown field `hand`; kalah positions take: stores, ply");
}

#[test]
fn the_rules_in_force_decide_the_seed_total() {
    let text = "kalah 3,3,3,3,3,3/3,3,3,3,3,3 south";
    assert!(parse("kalah", "", text).is_err());
    assert_eq!(parse("kalah", "seeds_per_hole = 3", text).unwrap(), format!("{text} stores=0,0 ply=0"));
}

#[test]
fn the_json_object_is_made_from_the_text() {
    let game = common::game("lane", "");
    with_game!(&game, g => {
        let s = g
            .parse_position("lane 0,0,0,0,0,0/1,0,0,0,0,3 north stores=30,38 feed ply=40")
            .unwrap();
        let json = position_json(g, &s);
        assert_eq!(json.schema, POSITION_SCHEMA);
        assert_eq!(json.variant, "lane");
        assert_eq!(json.position, s.position_text());
        assert_eq!(json.to_move, Some(Player::North.name()));
        assert!(!json.in_move);
        assert_eq!(json.pits, [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3]);
        assert_eq!(json.stores, [30, 38]);
        assert_eq!(json.state.len(), 1);
        assert_eq!(json.state["feed"], FieldValue::Flag(true));
        assert_eq!(json.legal, ["a", "f"]);
        assert!(!json.terminal && json.outcome.is_none());
        let value = serde_json::to_value(&json).unwrap();
        assert_eq!(value["to_move"], "north");
        assert_eq!(value["state"]["feed"], true);
        assert_eq!(value["owners"], serde_json::Value::Null);
    });
}

#[test]
fn the_text_names_its_variant() {
    let game = AnyGame::for_position("ndoto 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 north").unwrap();
    assert_eq!(game.name(), "ndoto");
    let json = game.position_json("ndoto 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 north").unwrap();
    assert_eq!(json.to_move, Some("north"));
    assert_eq!(json.legal.len(), 8);
    let err = AnyGame::for_position("chess 8/8 south").unwrap_err();
    assert!(matches!(&err, PositionError::Field { field, value, .. } if field == "variant" && value == "chess"), "{err}");
    assert_eq!(AnyGame::for_position("").unwrap_err(), PositionError::Empty);
}

/// Mutations of real position texts: every one reads as a position or is refused with an
/// error, never a panic, and what reads writes a text that reads back the same.
#[test]
fn mutated_texts_are_read_or_refused_never_a_panic() {
    const ALPHABET: &[u8] = b"0123456789,/= <>-abcdefghnorstuwxyzABCHST";
    for (label, game) in common::all_configs() {
        with_game!(&game, g => {
            let mut rng = SmallRng::seed_from_u64(7);
            let mut s = g.initial_state();
            for ply in 0..60 {
                let text = s.position_text();
                for _ in 0..30 {
                    let mut bytes = text.clone().into_bytes();
                    for _ in 0..rng.random_range(1..4) {
                        let i = rng.random_range(0..bytes.len());
                        match rng.random_range(0..3) {
                            0 => bytes[i] = ALPHABET[rng.random_range(0..ALPHABET.len())],
                            1 => {
                                bytes.remove(i);
                            }
                            _ => bytes.insert(i, ALPHABET[rng.random_range(0..ALPHABET.len())]),
                        }
                        if bytes.is_empty() {
                            break;
                        }
                    }
                    let mutated = String::from_utf8(bytes).expect("ASCII");
                    if let Ok(m) = g.parse_position(&mutated) {
                        let again = m.position_text();
                        let back = g.parse_position(&again).unwrap_or_else(|e| {
                            panic!("{label}, ply {ply}: `{mutated}` read, but `{again}` not: {e}")
                        });
                        assert_eq!(back.position_text(), again, "{label}: from `{mutated}`");
                    }
                }
                let legal = s.legal_actions();
                if legal.is_empty() {
                    break;
                }
                s.play_unchecked(legal[rng.random_range(0..legal.len())]);
            }
        });
    }
}
