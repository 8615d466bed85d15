//! A game between a person and an agent: every position so far, moves typed as text, undo,
//! hints from the agent, and the finished or abandoned game as an arena record
//! (`arena::GameRecord`, which `mankala replay --record FILE --game 0` replays).
//!
//! [`Session`] answers one line the person typed at a time ([`Session::respond`]) and plays
//! the agent's moves ([`Session::play_agent`]); what it says is text for a terminal. Reading
//! and writing that terminal is the caller's (`mankala play`).

use std::fmt;

use mankala_engine::{Action, Game, Outcome, Player, State};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use mankala_agents::{Agent, Analysis, Budget};
use mankala_data::GameRecord;

/// The name the human plays under in the saved record.
pub const HUMAN: &str = "human";

/// The result recorded for a game left before its end.
pub const UNFINISHED: &str = "unfinished";

/// How many of the agent's preferred moves a hint lists.
const TOP_MOVES: usize = 5;

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The game is over.
    Over,
    /// The human quit (or the input ended) before the end.
    Quit,
}

/// The answer to one line typed by the human.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move was played; what to say of it.
    Played(String),
    /// Moves were taken back; what to say of them.
    Undone(String),
    /// Draw the board again.
    Redraw,
    /// Something to show; the position is unchanged.
    Text(String),
    /// Stop, keeping the game so far.
    Quit,
}

/// A game between a human and an agent: every position so far, and the agent.
pub struct Session<G: Game> {
    /// The positions from the start; the last is the current one.
    history: Vec<G::State>,
    /// The actions played; action `i` was played in `history[i]`.
    actions: Vec<Action>,
    /// The side the human plays.
    human: Player,
    /// The opponent.
    agent: Box<dyn Agent<G>>,
    /// The opponent's spec.
    agent_name: String,
    /// The opponent's random choices.
    rng: SmallRng,
    /// The seed of `rng`, recorded with the game.
    seed: u64,
}

impl<G: Game> Session<G> {
    /// A game from the start position of `game`.
    pub fn new(
        game: &G,
        agent: Box<dyn Agent<G>>,
        agent_name: String,
        human: Player,
        seed: u64,
    ) -> Self {
        Session {
            history: vec![game.initial_state()],
            actions: Vec::new(),
            human,
            agent,
            agent_name,
            rng: SmallRng::seed_from_u64(seed),
            seed,
        }
    }

    /// The current position.
    pub fn state(&self) -> &G::State {
        self.history
            .last()
            .expect("the start position is never taken back")
    }

    /// The actions played so far.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The side the human plays.
    pub fn human(&self) -> Player {
        self.human
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state().is_terminal()
    }

    /// Whether the agent is to move in a game that goes on.
    pub fn agent_to_move(&self) -> bool {
        !self.is_over() && self.state().to_move() != self.human
    }

    /// `you` or the agent's name, for `player`.
    fn who(&self, player: Player) -> &str {
        if player == self.human {
            "you"
        } else {
            &self.agent_name
        }
    }

    /// Plays a legal `action` in the current position.
    fn push(&mut self, action: Action) {
        let mut next = self.state().clone();
        next.play(action)
            .expect("moves are parsed or chosen among the legal ones");
        self.history.push(next);
        self.actions.push(action);
    }

    /// Every action played so far in notation.
    pub fn moves(&self) -> Vec<String> {
        self.actions
            .iter()
            .zip(&self.history)
            .map(|(&a, s)| s.action_to_string(a))
            .collect()
    }

    /// The opening line: the game, the sides and how to move.
    pub fn intro(&self, variant: &str) -> String {
        let order = if self.human == Player::South {
            "you move first"
        } else {
            "the agent moves first"
        };
        format!(
            "{variant}: you play {} against {} ({order}), seed {}; \
             type a move by name or index, or `help`",
            self.human, self.agent_name, self.seed
        )
    }

    /// The turn header, the board and the legal moves, drawn before each human move.
    pub fn turn(&self) -> String {
        let s = self.state();
        let mut board = s.to_string();
        if !board.ends_with('\n') {
            board.push('\n');
        }
        format!(
            "-- ply {}: {} to move ({}) --\n{board}legal: {}\n",
            s.ply(),
            s.to_move(),
            self.who(s.to_move()),
            legal_names(s).join(" ")
        )
    }

    /// Plays the agent's move if it is to move; says what it played.
    pub fn play_agent(&mut self) -> Option<String> {
        if !self.agent_to_move() {
            return None;
        }
        let state = self.state().clone();
        let choice = self.agent.choose(&state, &mut self.rng);
        self.push(choice.action);
        let mut text = format!(
            "{} ({}) plays {}",
            self.agent_name,
            state.to_move(),
            state.action_to_string(choice.action)
        );
        if let Some(v) = choice.value {
            text.push_str(&format!(", value {v:+.2} for {}", state.to_move()));
        }
        Some(text)
    }

    /// Answers a line the human typed on their turn: a move by name or index, or a command.
    /// A line that is neither is answered with what is wrong and changes nothing.
    pub fn respond(&mut self, line: &str) -> Reply {
        let text = line.trim();
        if text.is_empty() {
            return Reply::Text("type a move, or `help`".into());
        }
        match self.state().parse_action(text) {
            Ok(action) => {
                let name = self.state().action_to_string(action);
                self.push(action);
                Reply::Played(format!("you played {name}"))
            }
            Err(e) => self
                .command(text)
                .unwrap_or_else(|| Reply::Text(format!("{e} (`help` lists the commands)"))),
        }
    }

    /// The command `word` names, if any.
    fn command(&mut self, word: &str) -> Option<Reply> {
        Some(match word.to_ascii_lowercase().as_str() {
            "undo" => self.undo(),
            "eval" | "hint" => Reply::Text(self.hint()),
            "moves" | "help" | "?" => Reply::Text(self.help()),
            "board" => Reply::Redraw,
            "quit" | "exit" => Reply::Quit,
            _ => return None,
        })
    }

    /// Takes back the human's last action and the agent's replies after it, so that the
    /// human is to move again.
    fn undo(&mut self) -> Reply {
        let last = (0..self.actions.len())
            .rev()
            .find(|&i| self.history[i].to_move() == self.human);
        let Some(last) = last else {
            return Reply::Text("nothing to undo: you have not moved yet".into());
        };
        let taken = self.moves()[last..].join(" ");
        self.history.truncate(last + 1);
        self.actions.truncate(last);
        Reply::Undone(format!(
            "took back {taken}; your turn again at ply {}",
            self.state().ply()
        ))
    }

    /// The agent's analysis of the current position: its value for the player to move and
    /// its preferred moves with their shares.
    fn hint(&mut self) -> String {
        let state = self.state().clone();
        let analysis = self.agent.analyse(&state, Budget::Default, &mut self.rng);
        analysis_text(&state, &self.agent_name, &analysis)
    }

    /// The legal moves and the commands.
    fn help(&self) -> String {
        format!(
            "legal moves: {}\n\
             type a move by its name (as listed) or its action index, or a command:\n  \
             undo   take back your last move and the agent's replies\n  \
             hint   the agent's value of this position and its preferred moves (also `eval`)\n  \
             moves  the legal moves and these commands (also `help`)\n  \
             board  draw the board again\n  \
             quit   save the game so far and stop",
            legal_names(self.state()).join(" ")
        )
    }

    /// What to say when the session ends: the final board and result, or where it stopped.
    pub fn closing(&self, end: End) -> String {
        let s = self.state();
        match (end, s.outcome()) {
            (End::Over, Some(o)) => format!(
                "-- game over after {} plies --\n{s}{}",
                s.ply(),
                result_text(&o, self.human)
            ),
            _ => format!("stopped at ply {}, the game unfinished", s.ply()),
        }
    }

    /// The game as an arena record: game 0 between `human` and the agent (agent indices 0
    /// and 1); a game left before its end has result `unfinished`, outcome 0 and the seeds
    /// in the stores as its scores.
    pub fn record(&self) -> GameRecord {
        let state = self.state();
        let (result, outcome, scores) = match state.outcome() {
            Some(o) => (
                o.result_name().to_string(),
                o.returns()[Player::South.index()] as i8,
                o.scores,
            ),
            None => (UNFINISHED.to_string(), 0, state.snapshot().stores),
        };
        let (south, north, south_agent, north_agent) = match self.human {
            Player::South => (HUMAN.to_string(), self.agent_name.clone(), 0, 1),
            Player::North => (self.agent_name.clone(), HUMAN.to_string(), 1, 0),
        };
        GameRecord {
            index: 0,
            south,
            north,
            start: None,
            opening_plies: 0,
            moves: self.moves(),
            actions: self.actions.clone(),
            result,
            outcome,
            scores,
            seed: self.seed,
            south_agent,
            north_agent,
        }
    }
}

impl<G: Game> fmt::Debug for Session<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("actions", &self.actions)
            .field("human", &self.human)
            .field("agent", &self.agent_name)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// The legal moves of `state` in notation.
pub fn legal_names<S: State>(state: &S) -> Vec<String> {
    state
        .legal_actions()
        .iter()
        .map(|&a| state.action_to_string(a))
        .collect()
}

/// An analysis as one line: value for the player to move, simulations, preferred moves.
pub fn analysis_text<S: State>(state: &S, agent: &str, analysis: &Analysis) -> String {
    let mover = state.to_move();
    let value = analysis.value.map_or_else(
        || "no value".to_string(),
        |v| format!("value {v:+.2} for {mover}"),
    );
    let searched = if analysis.simulations > 0 {
        format!(" after {} simulations", analysis.simulations)
    } else {
        String::new()
    };
    let mut shares = analysis.policy.clone();
    shares.sort_by(|a, b| b.1.total_cmp(&a.1));
    let top: Vec<String> = shares
        .iter()
        .take(TOP_MOVES)
        .map(|&(a, p)| format!("{} {:.0}%", state.action_to_string(a), 100.0 * p))
        .collect();
    format!(
        "{agent}{searched}: {value}; it would play {}; top moves: {}",
        state.action_to_string(analysis.action),
        top.join(", ")
    )
}

/// The result line: the result's name, the scores and what it means for the human.
pub fn result_text(outcome: &Outcome, human: Player) -> String {
    let verdict = match outcome.value_for(human) {
        v if v > 0.0 => "you win",
        v if v < 0.0 => "you lose",
        _ if outcome.result_name().starts_with("capped") => "no winner: a cap stopped the game",
        _ => "a draw",
    };
    format!(
        "result: {} (scores {} - {}): {verdict}",
        outcome.result_name(),
        outcome.scores[0],
        outcome.scores[1]
    )
}

#[cfg(test)]
mod tests {
    use mankala_engine::AnyGame;
    use mankala_engine::variants::Kalah;

    use super::*;
    use crate::Setup;

    fn kalah() -> Kalah {
        Kalah::default()
    }

    /// A Kalah session against the agent `spec`, the human playing `human`.
    fn session(human: Player, spec: &str) -> Session<Kalah> {
        let g = kalah();
        let agent = Setup::for_game(AnyGame::Kalah(g))
            .prepare(spec.parse().expect("a valid spec"))
            .expect("a spec for this game");
        Session::new(&g, agent.build(&g, 5), agent.spec.to_string(), human, 5)
    }

    /// Plays the agent's moves until the human is to move or the game is over.
    fn agent_replies(s: &mut Session<Kalah>) -> usize {
        let mut n = 0;
        while s.play_agent().is_some() {
            n += 1;
        }
        n
    }

    #[test]
    fn a_move_by_name_or_index_is_played_and_the_agent_replies() {
        let mut s = session(Player::South, "random");
        assert_eq!(s.respond("a\n"), Reply::Played("you played A".into()));
        assert_eq!(s.actions, [0]);
        assert!(agent_replies(&mut s) >= 1);
        assert_eq!(s.state().to_move(), Player::South);
        let before = s.actions.len();
        let legal = s.state().legal_actions();
        let reply = s.respond(&legal[0].to_string());
        assert!(matches!(reply, Reply::Played(_)), "{reply:?}");
        assert_eq!(s.actions.len(), before + 1);
    }

    #[test]
    fn bad_lines_are_answered_and_change_nothing() {
        let mut s = session(Player::South, "random");
        for line in ["zz", "9", "A B", "  "] {
            let Reply::Text(text) = s.respond(line) else {
                panic!("`{line}` was not refused");
            };
            assert!(!text.is_empty());
            if !line.trim().is_empty() {
                assert!(text.contains("not legal"), "{text}");
                assert!(text.contains("help"), "{text}");
            }
        }
        assert!(s.actions.is_empty());
        assert_eq!(s.history.len(), 1);
    }

    #[test]
    fn undo_takes_back_the_human_move_and_the_replies() {
        let mut s = session(Player::South, "random");
        let start = s.state().clone();
        assert!(matches!(s.respond("A"), Reply::Played(_)));
        let after_a = s.state().clone();
        let replies = agent_replies(&mut s);
        assert!(replies >= 1);
        assert!(matches!(s.respond("undo"), Reply::Undone(_)));
        assert_eq!(s.state(), &start);
        assert!(s.actions.is_empty());
        assert_ne!(after_a, start);
        let Reply::Text(text) = s.respond("undo") else {
            panic!("a second undo took back something");
        };
        assert!(text.contains("nothing to undo"), "{text}");
    }

    #[test]
    fn undo_after_an_extra_turn_takes_back_only_the_last_action() {
        // C sows its 4 seeds into D, E, F and the store: South moves again.
        let mut s = session(Player::South, "random");
        assert!(matches!(s.respond("C"), Reply::Played(_)));
        assert_eq!(s.state().to_move(), Player::South);
        let after_c = s.state().clone();
        assert!(matches!(s.respond("A"), Reply::Played(_)));
        agent_replies(&mut s);
        assert!(matches!(s.respond("undo"), Reply::Undone(_)));
        assert_eq!(s.state(), &after_c);
        assert_eq!(s.actions, [2]);
    }

    #[test]
    fn the_agent_moves_first_when_the_human_plays_north() {
        let mut s = session(Player::North, "random");
        assert!(s.agent_to_move());
        let text = s.play_agent().expect("the agent is to move");
        assert!(text.starts_with("random (south) plays "), "{text}");
        agent_replies(&mut s);
        assert_eq!(s.state().to_move(), Player::North);
        let Reply::Text(text) = s.respond("undo") else {
            panic!("undo took back the agent's opening moves");
        };
        assert!(text.contains("nothing to undo"), "{text}");
        let r = s.record();
        assert_eq!((r.south.as_str(), r.north.as_str()), ("random", HUMAN));
        assert_eq!((r.south_agent, r.north_agent), (1, 0));
    }

    #[test]
    fn help_lists_the_moves_and_commands_and_board_redraws() {
        let mut s = session(Player::South, "random");
        let Reply::Text(help) = s.respond("help") else {
            panic!("help gave no text");
        };
        for word in ["legal moves: A B C D E F", "undo", "hint", "board", "quit"] {
            assert!(help.contains(word), "help lacks {word}: {help}");
        }
        assert_eq!(s.respond("moves"), Reply::Text(help));
        assert_eq!(s.respond("BOARD"), Reply::Redraw);
        assert_eq!(s.respond("quit"), Reply::Quit);
    }

    #[test]
    fn a_hint_shows_the_value_and_the_preferred_moves() {
        let mut s = session(Player::South, "alphabeta:depth=3");
        let Reply::Text(text) = s.respond("hint") else {
            panic!("hint gave no text");
        };
        assert!(text.starts_with("alphabeta:depth=3"), "{text}");
        assert!(text.contains("for south"), "{text}");
        assert!(text.contains("top moves: "), "{text}");
        assert!(text.contains('%'), "{text}");
        let Reply::Text(again) = s.respond("EVAL") else {
            panic!("eval gave no text");
        };
        assert!(again.contains("top moves: "), "{again}");
        assert!(s.actions.is_empty());
    }

    #[test]
    fn analysis_text_sorts_the_shares() {
        let s = kalah().initial_state();
        let analysis = Analysis {
            action: 2,
            value: Some(0.25),
            policy: vec![(0, 0.1), (2, 0.6), (5, 0.3)],
            simulations: 100,
        };
        let text = analysis_text(&s, "mcts:sims=100", &analysis);
        assert_eq!(
            text,
            "mcts:sims=100 after 100 simulations: value +0.25 for south; it would play C; \
             top moves: C 60%, F 30%, A 10%"
        );
    }

    #[test]
    fn result_text_speaks_for_the_human() {
        let won = Outcome::by_scores([30, 18]);
        assert_eq!(
            result_text(&won, Player::South),
            "result: south (scores 30 - 18): you win"
        );
        assert!(result_text(&won, Player::North).ends_with("you lose"));
        assert!(result_text(&Outcome::by_scores([24, 24]), Player::North).ends_with("a draw"));
    }
}
