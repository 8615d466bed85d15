//! Helpers shared by the Bao rule tests (`rules_bao.rs`, `rules_bao_kujifunza.rs`,
//! `rules_bao_malawi.rs`).
//!
//! Positions are written as the rules documents draw them, as South sees the board, one array
//! per row, top to bottom: North's back row `b8..b1`, North's front row `a8..a1`, South's
//! front row `A1..A8`, South's back row `B1..B8`. `board` turns the four rows into the
//! engine's hole-index order (`[South, North]`, each side's front holes 1..8 then back holes
//! 1..8, counted from the owner's left), so North's `a5` is the fourth number of the `a` row.
//!
//! Moves are written in the documents' notation (`"A6>"`, `"a5<"`, `"b3>"`, `"stop"`,
//! `"safari"`, `"+A4"`, `"xa5"`, `"pass"`) and turned into action numbers by `act`, which
//! reads the text itself rather than calling the engine's parser: `>` is clockwise (actions
//! 0..15), `<` anticlockwise (16..31), the hole index is the mover's (`A1..A8` = 0..7,
//! `B1..B8` = 8..15, and the same for North's `a`, `b`). A takasia is given as a front hole
//! index of the player to move (`a4` = 3).
//!
//! `check` compares the whole position: all 32 holes (through `holes()` and the snapshot),
//! both hands, both houses' ownership, the takasia, the player to move, whether a
//! `stop`/`safari` decision is pending, and the full list of legal actions. Every expected
//! position must account for the 64 seeds. `check_over` does the same for a finished game
//! and its result.

use mankala_engine::variants::bao::{self, Bao, BaoKind, BaoRules, BaoSetup, BaoState};
use mankala_engine::{Action, AnyGame, GameResult, Player, State};

pub const SOUTH: Player = Player::South;
pub const NORTH: Player = Player::North;

/// An empty row.
pub const Z: [u8; 8] = [0; 8];

/// The variants' names in configs.
pub const BAO: &str = "bao";
pub const KUJIFUNZA: &str = "bao-kujifunza";
pub const MALAWI: &str = "bao-malawi";

/// Both sides in hole-index order: `[South, North]`, front holes 1..8 then back holes 1..8.
pub type Holes = [[u8; 16]; 2];

/// The board from its four rows as drawn (South's view): `b8..b1`, `a8..a1`, `A1..A8`,
/// `B1..B8`.
pub fn board(b: [u8; 8], a: [u8; 8], big_a: [u8; 8], big_b: [u8; 8]) -> Holes {
    let mut h = [[0u8; 16]; 2];
    for i in 0..8 {
        h[0][i] = big_a[i];
        h[0][8 + i] = big_b[i];
        h[1][i] = a[7 - i];
        h[1][8 + i] = b[7 - i];
    }
    h
}

/// The four rows as drawn, for failure messages.
pub fn drawn(h: &Holes) -> String {
    let line = |vals: Vec<u8>, label: &str| -> String {
        let cells: Vec<String> = vals.iter().map(|v| format!("{v:3}")).collect();
        format!("{}    {label}\n", cells.join(""))
    };
    let mut out = String::new();
    out += &line((8..16).rev().map(|i| h[1][i]).collect(), "b8..b1");
    out += &line((0..8).rev().map(|i| h[1][i]).collect(), "a8..a1");
    out += &line((0..8).map(|i| h[0][i]).collect(), "A1..A8");
    out += &line((8..16).map(|i| h[0][i]).collect(), "B1..B8");
    out
}

/// The action a move's notation names (see the module comment). Panics on bad text.
pub fn act(text: &str) -> Action {
    act_for(text, None)
}

/// As `act`, also checking that the hole letters are the mover's (upper case for South).
fn act_for(text: &str, mover: Option<Player>) -> Action {
    match text {
        "stop" => return bao::STOP,
        "safari" => return bao::SAFARI,
        "pass" => return bao::PASS,
        _ => {}
    }
    let (kind, hole) = match text.as_bytes().first() {
        Some(b'+') => ('+', &text[1..]),
        Some(b'x') => ('x', &text[1..]),
        _ => (' ', text),
    };
    let bytes = hole.as_bytes();
    assert!(bytes.len() >= 2, "bad move text {text:?}");
    let (back, south) = match bytes[0] {
        b'A' => (false, true),
        b'B' => (true, true),
        b'a' => (false, false),
        b'b' => (true, false),
        _ => panic!("bad move text {text:?}"),
    };
    if let Some(p) = mover {
        assert_eq!(south, p == SOUTH, "{text:?} is not written with {p}'s letters");
    }
    let n = bytes[1].wrapping_sub(b'0');
    assert!((1..=8).contains(&n), "bad move text {text:?}");
    let h = Action::from(n - 1) + if back { 8 } else { 0 };
    match kind {
        '+' => {
            assert_eq!(bytes.len(), 2, "bad move text {text:?}");
            bao::PLACE + h
        }
        'x' => {
            assert!(!back && bytes.len() == 2, "bad move text {text:?}");
            bao::TAKE + h
        }
        _ => match &hole[2..] {
            ">" => h,
            "<" => bao::ANTICLOCKWISE + h,
            _ => panic!("bad move text {text:?}"),
        },
    }
}

/// The actions named, sorted (the order of `legal_actions`), with no duplicates.
pub fn acts(texts: &[&str]) -> Vec<Action> {
    acts_for(texts, None)
}

fn acts_for(texts: &[&str], mover: Option<Player>) -> Vec<Action> {
    let mut out: Vec<Action> = texts.iter().map(|t| act_for(t, mover)).collect();
    out.sort_unstable();
    let n = out.len();
    out.dedup();
    assert_eq!(out.len(), n, "a move listed twice in {texts:?}");
    out
}

/// The notation of action `a` for `mover` (the inverse of `act`), for failure messages.
pub fn name(a: Action, mover: Player) -> String {
    let hole = |h: Action| -> String {
        let (front, back) = if mover == SOUTH { ('A', 'B') } else { ('a', 'b') };
        let row = if h < 8 { front } else { back };
        format!("{row}{}", h % 8 + 1)
    };
    match a {
        0..=15 => format!("{}>", hole(a)),
        16..=31 => format!("{}<", hole(a - bao::ANTICLOCKWISE)),
        bao::STOP => "stop".into(),
        bao::SAFARI => "safari".into(),
        34..=49 => format!("+{}", hole(a - bao::PLACE)),
        50..=57 => format!("x{}", hole(a - bao::TAKE)),
        bao::PASS => "pass".into(),
        _ => format!("action {a}"),
    }
}

fn names(actions: &[Action], mover: Player) -> Vec<String> {
    actions.iter().map(|&a| name(a, mover)).collect()
}

/// The legal moves of `s` in notation.
pub fn legal_names(s: &BaoState) -> Vec<String> {
    names(&s.legal_actions(), s.to_move())
}

/// `kind` with its default rules and caps.
pub fn default_game(kind: BaoKind) -> Bao {
    Bao::new(kind, BaoRules::of(kind), Bao::DEFAULT_LIMITS)
}

/// A Bao game as built from a `[rules]` table in TOML (the way configs reach the engine).
pub fn from_config(variant: &str, rules: &str) -> Bao {
    from_tables(variant, rules, "")
}

/// A Bao game as built from `[rules]` and `[limits]` tables in TOML.
pub fn from_tables(variant: &str, rules: &str, limits: &str) -> Bao {
    let rules: toml::Table = toml::from_str(rules).expect("rules TOML");
    let limits: toml::Table = toml::from_str(limits).expect("limits TOML");
    match AnyGame::from_tables(variant, &rules, &limits).expect("valid config") {
        AnyGame::Bao(g) => g,
        other => panic!("{variant} is not a Bao game: {other:?}"),
    }
}

/// Whether a config is refused.
pub fn config_refused(variant: &str, rules: &str, limits: &str) -> bool {
    let rules: toml::Table = toml::from_str(rules).expect("rules TOML");
    let limits: toml::Table = toml::from_str(limits).expect("limits TOML");
    AnyGame::from_tables(variant, &rules, &limits).is_err()
}

/// A position of `g`, with no takasia.
pub fn pos(g: &Bao, holes: Holes, hand: [u8; 2], owned: [bool; 2], to_move: Player) -> BaoState {
    pos_takasia(g, holes, hand, owned, to_move, None)
}

/// A position of `g` whose player to move may not start from front hole index `takasia`.
pub fn pos_takasia(g: &Bao, holes: Holes, hand: [u8; 2], owned: [bool; 2], to_move: Player, takasia: Option<u8>) -> BaoState {
    let setup = BaoSetup { holes, hand, owned, to_move, takasia };
    BaoState::from_setup(g, &setup).expect("valid position")
}

/// Plays a move written in notation; it must be legal.
#[track_caller]
pub fn play(s: &mut BaoState, text: &str) {
    let a = act_for(text, Some(s.to_move()));
    if let Err(e) = s.play(a) {
        panic!("{text} ({a}): {e}; legal: {:?}\n{s}", legal_names(s));
    }
}

/// Plays moves in turn; each must be legal.
#[track_caller]
pub fn replay(s: &mut BaoState, moves: &[&str]) {
    for (i, &m) in moves.iter().enumerate() {
        let a = act_for(m, Some(s.to_move()));
        if let Err(e) = s.play(a) {
            panic!("ply {} of the line, {m} ({a}): {e}; legal: {:?}\n{s}", i + 1, legal_names(s));
        }
    }
}

/// Asserts that `text` is not legal in `s` and that playing it changes nothing.
#[track_caller]
pub fn assert_illegal(s: &BaoState, text: &str) {
    let a = act_for(text, Some(s.to_move()));
    assert!(!s.legal_actions().contains(&a), "{text} is listed as legal\n{s}");
    let mut t = s.clone();
    assert!(t.play(a).is_err(), "{text} was played\n{s}");
    assert_eq!(&t, s, "a refused move changed the position");
}

#[track_caller]
fn check_seeds(holes: &Holes, hand: [u8; 2]) {
    let total: u32 = holes.iter().flatten().map(|&n| u32::from(n)).sum::<u32>() + u32::from(hand[0]) + u32::from(hand[1]);
    assert_eq!(total, 64, "expected position miscounted:\n{}", drawn(holes));
}

#[track_caller]
fn check_board(s: &BaoState, holes: &Holes) {
    let actual = [s.holes(SOUTH), s.holes(NORTH)];
    if actual != *holes {
        panic!("holes differ\nexpected:\n{}actual:\n{}{s}", drawn(holes), drawn(&actual));
    }
    let pits: Vec<u32> = holes.iter().flatten().map(|&n| u32::from(n)).collect();
    assert_eq!(s.snapshot().pits, pits, "snapshot pits\n{s}");
}

#[track_caller]
fn check_hands_and_houses(s: &BaoState, hand: [u8; 2], owned: [bool; 2]) {
    for p in [SOUTH, NORTH] {
        assert_eq!(s.hand(p), hand[p.index()], "{p}'s hand\n{s}");
        assert_eq!(s.house_owned(p), owned[p.index()], "{p}'s house owned\n{s}");
    }
    let in_hand = [u32::from(hand[0]), u32::from(hand[1])];
    assert_eq!(s.snapshot().in_hand, in_hand, "snapshot in_hand\n{s}");
}

#[track_caller]
fn check_legal(s: &BaoState, mover: Player, legal: &[&str]) {
    let expected = acts_for(legal, Some(mover));
    let actual: Vec<Action> = s.legal_actions().to_vec();
    if actual != expected {
        panic!("legal actions differ\nexpected: {:?}\nactual:   {:?}\n{s}", names(&expected, mover), names(&actual, mover));
    }
}

/// Asserts the whole position with no takasia (see the module comment). `legal` must not be
/// empty; a finished game is checked with `check_over`.
#[track_caller]
pub fn check(s: &BaoState, holes: Holes, hand: [u8; 2], owned: [bool; 2], to_move: Player, legal: &[&str]) {
    check_takasia(s, holes, hand, owned, to_move, None, legal);
}

/// Asserts the whole position, with the takasia of the player to move.
#[track_caller]
pub fn check_takasia(s: &BaoState, holes: Holes, hand: [u8; 2], owned: [bool; 2], to_move: Player, takasia: Option<u8>, legal: &[&str]) {
    assert!(!legal.is_empty(), "a finished game is checked with check_over");
    check_seeds(&holes, hand);
    check_board(s, &holes);
    check_hands_and_houses(s, hand, owned);
    assert_eq!(s.to_move(), to_move, "player to move\n{s}");
    assert_eq!(s.takasia(), takasia, "takasia\n{s}");
    let decision = legal.iter().any(|&t| t == "stop" || t == "safari");
    assert_eq!(s.at_decision(), decision, "decision pending\n{s}");
    check_legal(s, to_move, legal);
    assert_eq!(s.outcome(), None, "outcome\n{s}");
}

/// Asserts a finished game: every hole, the hands, the houses, no legal action and the
/// result.
#[track_caller]
pub fn check_over(s: &BaoState, holes: Holes, hand: [u8; 2], owned: [bool; 2], result: GameResult) {
    check_seeds(&holes, hand);
    check_board(s, &holes);
    check_hands_and_houses(s, hand, owned);
    assert!(s.legal_actions().is_empty(), "nothing may be legal in a finished game: {:?}\n{s}", legal_names(s));
    assert!(s.is_terminal(), "the game is over\n{s}");
    assert_eq!(s.outcome().map(|o| o.result), Some(result), "result\n{s}");
}

/// Asserts a position of `bao-malawi`'s advanced opening (BM20), where seeds still to be
/// placed count in the snapshot's `in_hand`: every hole, the snapshot's hands, the houses, the
/// player to move and the legal actions.
#[track_caller]
pub fn check_opening(s: &BaoState, holes: Holes, in_hand: [u32; 2], owned: [bool; 2], to_move: Player, legal: &[&str]) {
    let on_board: u32 = holes.iter().flatten().map(|&n| u32::from(n)).sum();
    assert_eq!(on_board + in_hand[0] + in_hand[1], 64, "expected position miscounted:\n{}", drawn(&holes));
    check_board(s, &holes);
    assert_eq!(s.snapshot().in_hand, in_hand, "snapshot in_hand\n{s}");
    for p in [SOUTH, NORTH] {
        assert_eq!(s.house_owned(p), owned[p.index()], "{p}'s house owned\n{s}");
    }
    assert_eq!(s.to_move(), to_move, "player to move\n{s}");
    assert_eq!(s.takasia(), None, "takasia\n{s}");
    assert!(!s.at_decision(), "no stop/safari decision in the opening\n{s}");
    check_legal(s, to_move, legal);
    assert_eq!(s.outcome(), None, "outcome\n{s}");
}
