//! PUCT / UCT Monte Carlo tree search over one game, with Gumbel root selection and
//! Sequential Halving as an option. The search hands out leaves ([`Search::select`]) and takes
//! their evaluations back ([`Search::expand`]); it never calls an evaluator itself, so any
//! number of searches can share one batched evaluation (see [`crate::batch`]).
//!
//! Values in the tree are kept from South's view; a node's statistics are read from the view
//! of the player who chooses among its children, so a decision inside a move (the same
//! player moving again) needs no special case.

use mankala_engine::{Action, Game, MAX_ACTIONS, Player, State};
use rand::Rng;
use rand::rngs::SmallRng;
use rand_distr::{Distribution, Gamma, Gumbel as GumbelDist};

use crate::evaluator::Evaluation;
use mankala_config::{SearchConfig, Selection};

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// Not evaluated yet.
    Leaf,
    /// Handed out for evaluation, not back yet.
    Pending,
    /// Evaluated; its children exist.
    Expanded,
    /// The game is over here; the value from South's view.
    Terminal(f32),
}

#[derive(Clone, Debug)]
struct Node {
    parent: u32,
    first_child: u32,
    num_children: u16,
    action: Action,
    /// The player to move at this node (set when the node is first reached).
    to_move: Player,
    kind: Kind,
    prior: f32,
    visits: u32,
    /// Sum of backed-up values from South's view (virtual losses included while pending).
    value_south: f32,
}

impl Node {
    fn new(parent: u32, action: Action, prior: f32) -> Node {
        Node {
            parent,
            first_child: NONE,
            num_children: 0,
            action,
            to_move: Player::South,
            kind: Kind::Leaf,
            prior,
            visits: 0,
            value_south: 0.0,
        }
    }
}

#[inline]
fn sign(p: Player) -> f32 {
    match p {
        Player::South => 1.0,
        Player::North => -1.0,
    }
}

/// A position the search wants evaluated.
#[derive(Debug)]
pub struct LeafRequest<S> {
    /// The node to expand with the evaluation.
    pub node: u32,
    /// Its position.
    pub state: S,
}

/// What one call of [`Search::select`] did.
#[derive(Debug)]
pub enum Select<S> {
    /// A position to evaluate; hand its evaluation to [`Search::expand`].
    Leaf(LeafRequest<S>),
    /// A simulation reached the end of the game and was backed up at once.
    Terminal,
    /// The next simulation would reach a position already waiting for evaluation.
    Blocked,
    /// Every simulation of this move has been handed out.
    Done,
}

/// The Gumbel root: sampled noise, the considered actions and the simulation plan.
#[derive(Clone, Debug)]
struct GumbelRoot {
    /// Gumbel noise plus log-prior per root child index.
    score: Vec<f32>,
    /// Root child indices still in the running.
    remaining: Vec<u16>,
    /// Root child indices of the simulations still to hand out this round.
    plan: Vec<u16>,
    rounds: u32,
}

/// An action drawn with probability proportional to its weight raised to `1 / t` (one
/// uniform draw, walked through `weights` in order, the last where rounding leaves it past
/// them all); `None` when the weights sum to no more than 0.
pub fn sample_tempered(weights: &[(Action, f64)], t: f32, rng: &mut SmallRng) -> Option<Action> {
    let tempered: Vec<f64> = weights
        .iter()
        .map(|&(_, w)| w.powf(1.0 / t as f64))
        .collect();
    let total: f64 = tempered.iter().sum();
    if total.is_nan() || total <= 0.0 {
        return None;
    }
    let mut x = rng.random::<f64>() * total;
    for (&(a, _), w) in weights.iter().zip(&tempered) {
        if x < *w {
            return Some(a);
        }
        x -= w;
    }
    weights.last().map(|&(a, _)| a)
}

/// What a finished search says about the root.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The policy target over all actions: visit shares, or the Gumbel improved policy.
    pub policy: [f32; MAX_ACTIONS],
    /// Visits of each action at the root.
    pub visits: [u32; MAX_ACTIONS],
    /// The root's value for the player to move.
    pub root_value: f32,
    /// The Gumbel choice (the Sequential Halving winner), if Gumbel was on.
    pub gumbel_action: Option<Action>,
}

/// One game's search tree and the budget of the current move.
#[derive(Clone, Debug)]
pub struct Search<G: Game> {
    /// The search's constants (exploration, first-play urgency, Gumbel, virtual loss). Its
    /// `simulations` is not read here: each move's budget is given to [`Search::start`], by
    /// callers that take it from the config, a clock or a playout cap.
    cfg: SearchConfig,
    nodes: Vec<Node>,
    root_state: G::State,
    budget: u32,
    started: u32,
    in_flight: u32,
    gumbel: Option<GumbelRoot>,
    noise: Option<(f32, f32)>,
    /// This move's root policy temperature (1: the network's priors as they are).
    root_temperature: f32,
    /// This move's forced-playout coefficient at the root (0: none).
    forced_k: f32,
}

/// How a self-play move's search explores at its root (PUCT only; Gumbel search has its own
/// noise).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootExploration {
    /// Dirichlet noise: total concentration (`total / legal actions` each) and its weight in
    /// the priors.
    pub dirichlet: Option<(f32, f32)>,
    /// The root's priors are raised to `1 / policy_temperature` and renormalised before the
    /// noise (KataGo's root policy temperature): above 1 flattens them, 1 leaves them.
    pub policy_temperature: f32,
    /// KataGo's forced playouts with policy target pruning, coefficient `k` (0: off): a root
    /// child already tried, with fewer visits than `sqrt(k * prior * the children's
    /// visits)`, is searched before any other, and the policy target and the move choice
    /// then take back the visits the search would not have given it by PUCT alone
    /// ([`Search::result`]).
    pub forced_playouts: f32,
}

impl RootExploration {
    /// No exploration at the root: the priors as they are, no noise, no forced playouts.
    pub const PLAIN: RootExploration = RootExploration {
        dirichlet: None,
        policy_temperature: 1.0,
        forced_playouts: 0.0,
    };
}

impl<G: Game> Search<G> {
    /// A search rooted at `state`.
    pub fn new(cfg: SearchConfig, state: G::State) -> Self {
        let mut s = Search {
            cfg,
            nodes: Vec::new(),
            root_state: state.clone(),
            budget: 0,
            started: 0,
            in_flight: 0,
            gumbel: None,
            noise: None,
            root_temperature: 1.0,
            forced_k: 0.0,
        };
        s.reset(state);
        s
    }

    fn reset(&mut self, state: G::State) {
        self.nodes.clear();
        let mut root = Node::new(NONE, 0, 1.0);
        root.to_move = state.to_move();
        self.nodes.push(root);
        self.root_state = state;
    }

    /// The position at the root.
    pub fn root_state(&self) -> &G::State {
        &self.root_state
    }

    /// Starts a move's search of `simulations` simulations. With `noise = Some((total,
    /// weight))`, Dirichlet noise of concentration `total / legal actions` is mixed into the
    /// root priors with that weight (PUCT only). Gumbel noise is drawn from `rng`.
    pub fn start(&mut self, simulations: u32, noise: Option<(f32, f32)>, rng: &mut SmallRng) {
        let root = RootExploration {
            dirichlet: noise,
            ..RootExploration::PLAIN
        };
        self.start_exploring(simulations, root, rng);
    }

    /// Starts a move's search as [`Search::start`] does, exploring at the root as `root` says
    /// (PUCT only: under Gumbel search both are ignored).
    pub fn start_exploring(&mut self, simulations: u32, root: RootExploration, rng: &mut SmallRng) {
        self.budget = simulations;
        self.started = 0;
        self.in_flight = 0;
        self.gumbel = None;
        let puct = !self.cfg.gumbel;
        self.noise = root.dirichlet.filter(|_| puct);
        self.root_temperature = if puct { root.policy_temperature } else { 1.0 };
        self.forced_k = if puct {
            root.forced_playouts.max(0.0)
        } else {
            0.0
        };
        if self.nodes[0].kind == Kind::Expanded {
            self.prepare_root(rng);
        }
    }

    /// Root set-up once its children exist: noise, or the Gumbel draw and first round.
    fn prepare_root(&mut self, rng: &mut SmallRng) {
        let (first, n) = (
            self.nodes[0].first_child as usize,
            self.nodes[0].num_children as usize,
        );
        if self.root_temperature != 1.0 && n > 1 {
            let t = std::mem::replace(&mut self.root_temperature, 1.0);
            self.soften_root_priors(first..first + n, t);
        }
        if let Some((total, weight)) = self.noise.take()
            && n > 1
            && weight > 0.0
        {
            let gamma = Gamma::new((total / n as f32).max(1e-3), 1.0).expect("valid gamma");
            let draws: Vec<f32> = (0..n).map(|_| gamma.sample(rng)).collect();
            let sum: f32 = draws.iter().sum::<f32>().max(1e-20);
            for (k, d) in draws.iter().enumerate() {
                let p = &mut self.nodes[first + k].prior;
                *p = (1.0 - weight) * *p + weight * d / sum;
            }
        }
        if self.cfg.gumbel {
            let gumbel = GumbelDist::new(0.0f32, 1.0).expect("valid gumbel");
            let score: Vec<f32> = (0..n)
                .map(|k| gumbel.sample(rng) + self.nodes[first + k].prior.max(1e-12).ln())
                .collect();
            let m = (self.cfg.gumbel_considered as usize)
                .min(n)
                .min(self.budget.max(1) as usize)
                .max(1);
            let mut order: Vec<u16> = (0..n as u16).collect();
            order.sort_by(|&a, &b| score[b as usize].total_cmp(&score[a as usize]));
            order.truncate(m);
            let rounds = (m as f32).log2().ceil().max(1.0) as u32;
            let mut g = GumbelRoot {
                score,
                remaining: order,
                plan: Vec::new(),
                rounds,
            };
            self.plan_round(&mut g);
            self.gumbel = Some(g);
        }
    }

    /// Raises the priors of the root's children `children` to `1 / t` and renormalises them.
    fn soften_root_priors(&mut self, children: std::ops::Range<usize>, t: f32) {
        let nodes = &mut self.nodes[children];
        for c in nodes.iter_mut() {
            c.prior = c.prior.max(0.0).powf(1.0 / t);
        }
        let sum: f32 = nodes.iter().map(|c| c.prior).sum();
        if sum > 0.0 {
            for c in nodes.iter_mut() {
                c.prior /= sum;
            }
        }
    }

    /// The simulations of the next Sequential Halving round, or, with one action left, the rest.
    fn plan_round(&self, g: &mut GumbelRoot) {
        let left = self.budget.saturating_sub(self.started);
        let k = g.remaining.len() as u32;
        let per = if k <= 1 {
            left
        } else {
            (self.budget / (g.rounds * k)).max(1)
        };
        g.plan.clear();
        for _ in 0..per {
            g.plan.extend(g.remaining.iter().rev());
        }
    }

    /// `sigma(q)` of the Gumbel paper, with `q` in [0, 1].
    fn sigma(&self, q: f32, max_visits: u32) -> f32 {
        (self.cfg.gumbel_c_visit + max_visits as f32) * self.cfg.gumbel_c_scale * q
    }

    /// A child's mean value for the player choosing at `parent`, if visited.
    fn q(&self, parent: usize, child: usize) -> Option<f32> {
        let c = &self.nodes[child];
        (c.visits > 0).then(|| sign(self.nodes[parent].to_move) * c.value_south / c.visits as f32)
    }

    /// Halves the Gumbel candidates when their round is over.
    fn next_round(&mut self) {
        let Some(mut g) = self.gumbel.take() else {
            return;
        };
        if g.plan.is_empty() && g.remaining.len() > 1 {
            let first = self.nodes[0].first_child as usize;
            let max_visits = g
                .remaining
                .iter()
                .map(|&k| self.nodes[first + k as usize].visits)
                .max()
                .unwrap_or(0);
            let key = |k: u16| {
                let q = self.q(0, first + k as usize).unwrap_or(0.0);
                g.score[k as usize] + self.sigma((q + 1.0) / 2.0, max_visits)
            };
            let mut rem = g.remaining.clone();
            rem.sort_by(|&a, &b| key(b).total_cmp(&key(a)));
            rem.truncate(rem.len().div_ceil(2));
            g.remaining = rem;
            self.plan_round(&mut g);
        } else if g.plan.is_empty() {
            self.plan_round(&mut g);
        }
        self.gumbel = Some(g);
    }

    fn pick_child(&mut self, node: usize) -> usize {
        let first = self.nodes[node].first_child as usize;
        let n = self.nodes[node].num_children as usize;
        if node == 0 && self.gumbel.is_some() {
            self.next_round();
            if let Some(k) = self.gumbel.as_mut().and_then(|g| g.plan.pop()) {
                return first + k as usize;
            }
        }
        let parent_visits = self.nodes[node].visits.max(1) as f32;
        let mut best = first;
        let mut best_score = f32::NEG_INFINITY;
        match self.cfg.selection {
            Selection::Puct => {
                let parent_q = if self.nodes[node].visits > 0 {
                    sign(self.nodes[node].to_move) * self.nodes[node].value_south
                        / self.nodes[node].visits as f32
                } else {
                    0.0
                };
                let fpu = parent_q - self.cfg.fpu_reduction;
                let sqrt_n = parent_visits.sqrt();
                // Forced playouts: the children's visits are the root's own less its evaluation.
                let forcing = (node == 0 && self.forced_k > 0.0)
                    .then(|| self.forced_k * self.nodes[0].visits.saturating_sub(1) as f32);
                let mut best_forced = false;
                for c in first..first + n {
                    let q = self.q(node, c).unwrap_or(fpu);
                    let child = &self.nodes[c];
                    let score =
                        q + self.cfg.c_puct * child.prior * sqrt_n / (1.0 + child.visits as f32);
                    // As KataGo's code: only a child already tried is forced.
                    let forced = forcing.is_some_and(|kn| {
                        child.visits > 0 && (child.visits as f32) < (kn * child.prior).sqrt()
                    });
                    if (forced, score) > (best_forced, best_score) {
                        (best_forced, best_score) = (forced, score);
                        best = c;
                    }
                }
            }
            Selection::Uct => {
                let ln_n = parent_visits.ln();
                for c in first..first + n {
                    let Some(q) = self.q(node, c) else { return c };
                    let score = q + self.cfg.c_puct * (ln_n / self.nodes[c].visits as f32).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = c;
                    }
                }
            }
        }
        best
    }

    /// Hands out the next simulation's leaf.
    pub fn select(&mut self) -> Select<G::State> {
        if self.started >= self.budget {
            return Select::Done;
        }
        let mut node = 0usize;
        let mut state = self.root_state.clone();
        loop {
            match self.nodes[node].kind {
                Kind::Pending => return Select::Blocked,
                Kind::Terminal(v) => {
                    self.started += 1;
                    self.backup(node, v, false);
                    return Select::Terminal;
                }
                Kind::Leaf => {
                    self.nodes[node].kind = Kind::Pending;
                    self.started += 1;
                    self.in_flight += 1;
                    self.add_virtual_loss(node);
                    return Select::Leaf(LeafRequest {
                        node: node as u32,
                        state,
                    });
                }
                Kind::Expanded => {
                    let child = self.pick_child(node);
                    state.play_unchecked(self.nodes[child].action);
                    if self.nodes[child].kind == Kind::Leaf {
                        self.nodes[child].to_move = state.to_move();
                        if let Some(o) = state.outcome() {
                            self.nodes[child].kind = Kind::Terminal(o.returns()[0]);
                        }
                    }
                    node = child;
                }
            }
        }
    }

    fn add_virtual_loss(&mut self, mut node: usize) {
        while node != NONE as usize {
            let parent = self.nodes[node].parent;
            self.nodes[node].visits += 1;
            if parent != NONE {
                // A loss for the player who chose this node.
                self.nodes[node].value_south -= sign(self.nodes[parent as usize].to_move);
            }
            node = parent as usize;
        }
    }

    /// Adds one visit of value `v_south` from `node` up to the root (replacing a virtual loss).
    fn backup(&mut self, mut node: usize, v_south: f32, had_virtual_loss: bool) {
        while node != NONE as usize {
            let parent = self.nodes[node].parent;
            if had_virtual_loss {
                if parent != NONE {
                    self.nodes[node].value_south += sign(self.nodes[parent as usize].to_move);
                }
            } else {
                self.nodes[node].visits += 1;
            }
            self.nodes[node].value_south += v_south;
            node = parent as usize;
        }
    }

    /// Expands a leaf handed out by [`Search::select`] with its evaluation and backs up the
    /// value. `rng` draws the root's noise when the leaf is the root.
    pub fn expand(&mut self, node: u32, state: &G::State, eval: &Evaluation, rng: &mut SmallRng) {
        let node = node as usize;
        debug_assert_eq!(self.nodes[node].kind, Kind::Pending);
        let mask = state.legal_mask();
        let total: f32 = mask.iter().map(|a| eval.priors[a as usize].max(0.0)).sum();
        let uniform = 1.0 / mask.count().max(1) as f32;
        let first = self.nodes.len() as u32;
        for a in mask.iter() {
            let p = if total > 0.0 {
                eval.priors[a as usize].max(0.0) / total
            } else {
                uniform
            };
            self.nodes.push(Node::new(node as u32, a, p));
        }
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.num_children = mask.count() as u16;
        n.kind = Kind::Expanded;
        let v_south = sign(n.to_move) * eval.value;
        self.in_flight -= 1;
        self.backup(node, v_south, true);
        if node == 0 {
            self.prepare_root(rng);
        }
    }

    /// Whether every simulation of the move is done.
    pub fn is_finished(&self) -> bool {
        self.started >= self.budget && self.in_flight == 0
    }

    /// Simulations handed out for this move.
    pub fn simulations(&self) -> u32 {
        self.started
    }

    /// The root's statistics after the move's search.
    pub fn result(&self) -> SearchResult {
        let root = &self.nodes[0];
        let (first, n) = (root.first_child as usize, root.num_children as usize);
        let mut visits = [0u32; MAX_ACTIONS];
        let mut policy = [0f32; MAX_ACTIONS];
        let root_value = if root.visits > 0 {
            sign(root.to_move) * root.value_south / root.visits as f32
        } else {
            0.0
        };
        for c in first..first + n {
            visits[self.nodes[c].action as usize] = self.nodes[c].visits;
        }
        let mut gumbel_action = None;
        if let Some(g) = &self.gumbel {
            // Improved policy: softmax(logits + sigma(completed Q)).
            let max_visits = (first..first + n)
                .map(|c| self.nodes[c].visits)
                .max()
                .unwrap_or(0);
            let sum_n: u32 = (first..first + n).map(|c| self.nodes[c].visits).sum();
            let (mut pq, mut p) = (0.0f32, 0.0f32);
            for c in first..first + n {
                if let Some(q) = self.q(0, c) {
                    pq += self.nodes[c].prior * q;
                    p += self.nodes[c].prior;
                }
            }
            let v_mix = if p > 0.0 {
                (root_value + sum_n as f32 * pq / p) / (1.0 + sum_n as f32)
            } else {
                root_value
            };
            let logits: Vec<f32> = (first..first + n)
                .map(|c| {
                    let q = self.q(0, c).unwrap_or(v_mix);
                    self.nodes[c].prior.max(1e-12).ln() + self.sigma((q + 1.0) / 2.0, max_visits)
                })
                .collect();
            let m = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let z: f32 = logits.iter().map(|l| (l - m).exp()).sum();
            for (k, l) in logits.iter().enumerate() {
                policy[self.nodes[first + k].action as usize] = (l - m).exp() / z;
            }
            let key = |k: u16| {
                let q = self.q(0, first + k as usize).unwrap_or(v_mix);
                g.score[k as usize] + self.sigma((q + 1.0) / 2.0, max_visits)
            };
            gumbel_action = g
                .remaining
                .iter()
                .copied()
                .max_by(|&a, &b| key(a).total_cmp(&key(b)))
                .map(|k| self.nodes[first + k as usize].action);
        } else {
            let total: u32 = visits.iter().sum();
            if total > 0 {
                let counts = self.target_visits();
                let sum: f32 = counts.iter().sum();
                for (k, c) in counts.iter().enumerate() {
                    policy[self.nodes[first + k].action as usize] = c / sum;
                }
            } else {
                // A one-simulation search only evaluated the root: its priors are the policy.
                for c in first..first + n {
                    policy[self.nodes[c].action as usize] = self.nodes[c].prior;
                }
            }
        }
        SearchResult {
            policy,
            visits,
            root_value,
            gumbel_action,
        }
    }

    /// The root children's visits (in child order) as the policy target and the move choice
    /// count them. Without forced playouts, the visits themselves. With them, KataGo's policy
    /// target pruning: the most visited child keeps its visits; every other child keeps no
    /// more than the most visits at which its PUCT score would still reach the best child's
    /// (the visits PUCT alone would have given it), rounded up, and a child left with one
    /// visit or none counts none. The most visited child always keeps its count, so the
    /// counts never sum to 0 once a child has a visit.
    fn target_visits(&self) -> Vec<f32> {
        let root = &self.nodes[0];
        let kids =
            root.first_child as usize..root.first_child as usize + root.num_children as usize;
        let raw: Vec<f32> = kids.clone().map(|c| self.nodes[c].visits as f32).collect();
        let total: f32 = raw.iter().sum();
        if self.forced_k <= 0.0 || raw.len() < 2 || total <= 0.0 {
            return raw;
        }
        let best = kids
            .clone()
            .max_by(|&a, &b| {
                let (x, y) = (&self.nodes[a], &self.nodes[b]);
                x.visits.cmp(&y.visits).then(x.prior.total_cmp(&y.prior))
            })
            .expect("the root has children");
        let scale = self.cfg.c_puct * total.sqrt();
        let puct = |c: usize| {
            let child = &self.nodes[c];
            self.q(0, c).unwrap_or(0.0) + scale * child.prior / (1.0 + child.visits as f32)
        };
        let bar = puct(best);
        kids.zip(raw)
            .map(|(c, visits)| {
                let Some(q) = self.q(0, c).filter(|_| c != best) else {
                    return visits;
                };
                let kept = if bar <= q {
                    visits
                } else {
                    let wanted = scale * self.nodes[c].prior / (bar - q) - 1.0;
                    visits.min(wanted.max(0.0).ceil())
                };
                if kept <= 1.0 { 0.0 } else { kept }
            })
            .collect()
    }

    /// Moves the root to the child reached by `action` (keeping its subtree if
    /// `reuse_tree`), the position after it being `next`.
    pub fn advance(&mut self, action: Action, next: G::State) {
        let root = &self.nodes[0];
        let child = (root.first_child as usize
            ..root.first_child as usize + root.num_children as usize)
            .find(|&c| self.nodes[c].action == action);
        match child {
            Some(c) if self.cfg.reuse_tree && self.nodes[c].kind == Kind::Expanded => {
                let mut kept = Vec::with_capacity(self.nodes.len());
                // Breadth-first copy keeps each node's children contiguous.
                let mut root = self.nodes[c].clone();
                root.parent = NONE;
                kept.push(root);
                let mut i = 0;
                while i < kept.len() {
                    let (f, n) = (kept[i].first_child, kept[i].num_children as usize);
                    if f != NONE {
                        let new_first = kept.len() as u32;
                        for k in 0..n {
                            let mut ch = self.nodes[f as usize + k].clone();
                            ch.parent = i as u32;
                            kept.push(ch);
                        }
                        kept[i].first_child = new_first;
                    }
                    i += 1;
                }
                self.nodes = kept;
                self.root_state = next;
            }
            _ => self.reset(next),
        }
    }

    /// Samples an action from root visit counts at temperature `t` (0: the most visited,
    /// ties to the higher prior); with forced playouts, from the pruned counts of the policy
    /// target.
    pub fn sample_by_visits(&self, t: f32, rng: &mut SmallRng) -> Option<Action> {
        let root = &self.nodes[0];
        let kids =
            root.first_child as usize..root.first_child as usize + root.num_children as usize;
        if kids.is_empty() {
            return None;
        }
        if t <= 1e-3 {
            return kids
                .max_by(|&a, &b| {
                    let (x, y) = (&self.nodes[a], &self.nodes[b]);
                    x.visits.cmp(&y.visits).then(x.prior.total_cmp(&y.prior))
                })
                .map(|c| self.nodes[c].action);
        }
        // Without visits (a one-simulation search), the priors stand in for them.
        let unvisited = kids.clone().all(|c| self.nodes[c].visits == 0);
        let counts = self.target_visits();
        let weights: Vec<(Action, f64)> = kids
            .clone()
            .zip(counts)
            .map(|(c, visits)| {
                let n = if unvisited {
                    self.nodes[c].prior as f64
                } else {
                    visits as f64
                };
                (self.nodes[c].action, n)
            })
            .collect();
        sample_tempered(&weights, t, rng).or(Some(self.nodes[kids.start].action))
    }

    /// The root's priors over all actions as this move's search used them (after its root
    /// policy temperature and noise); 0 for an action without a child, everywhere before the
    /// root is expanded.
    pub fn root_priors(&self) -> [f32; MAX_ACTIONS] {
        let root = &self.nodes[0];
        let kids =
            root.first_child as usize..root.first_child as usize + root.num_children as usize;
        let mut priors = [0.0; MAX_ACTIONS];
        for c in kids {
            priors[self.nodes[c].action as usize] = self.nodes[c].prior;
        }
        priors
    }

    /// Nodes in the tree (for tests and statistics).
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }
}
