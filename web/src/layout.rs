//! How a board is drawn: which hole goes in which row, the hole labels of
//! `docs/notation.md`, stores and hands, the marked holes (nyumba, kuu, kichwa), and where
//! each legal move starts. Geometry and names only: what is legal always comes from the
//! engine, through the protocol's answers.

use serde::Serialize;

/// The drawing of a variant's board, seen from South's side (South at the bottom).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Layout {
    /// The rows from top to bottom, each from left to right as South sees the board: the
    /// absolute hole indices of the position's `pits`.
    pub rows: Vec<Vec<usize>>,
    /// The label of every hole, by absolute index (`A`, `f`, `T`, `A5`, `b8`, ...).
    pub labels: Vec<String>,
    /// The owner of every hole, by absolute index: 0 South, 1 North.
    pub owners: Vec<u8>,
    /// Whether the two stores are drawn (the two-row games: captured seeds, Kalah's kalahs).
    pub stores: bool,
    /// Whether the seeds in hand are drawn (the four-row games).
    pub hands: bool,
    /// The houses (Bao's nyumba, Bao of Malawi's kuu).
    pub houses: Vec<Mark>,
    /// The kichwa of the Bao games: each player's front holes 1 and 8.
    pub kichwa: Vec<usize>,
}

/// A marked hole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// Its absolute index.
    pub hole: usize,
    /// Its owner: 0 South, 1 North.
    pub owner: u8,
    /// What it is called (`nyumba`, `kuu`).
    pub name: &'static str,
}

/// A legal move as the page offers it: the hole it is played by clicking, if any, and its
/// direction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveView {
    /// The move in notation, as the engine writes it.
    #[serde(rename = "move")]
    pub name: String,
    /// Its action index.
    pub action: u16,
    /// The hole clicked for it (absolute index); `None` for a decision inside a move
    /// (`take`, `relay`, `stop`, `safari`, `x`, `pass`, ...), offered as a button.
    pub hole: Option<usize>,
    /// `>` clockwise or `<` anticlockwise when the move names a direction.
    pub dir: Option<char>,
    /// What the move does, in words (the engine's action meaning, with the kichwa a Bao
    /// capture would be sown from).
    pub words: String,
}

/// The four-row games of the Omweso family.
const OMWESO: &[&str] = &["omweso", "coro", "kombe", "mongale"];
/// The Bao games.
const BAO: &[&str] = &["bao", "bao-kujifunza", "bao-malawi"];
/// Shackell's letters of a front row, from the owner's left (`T` .. `J`).
const OMWESO_FRONT: [char; 8] = ['T', 'S', 'R', 'P', 'N', 'M', 'K', 'J'];

impl Layout {
    /// The board of `variant` with `holes` holes in all (the length of `pits`).
    pub fn of(variant: &str, holes: usize) -> Layout {
        if (OMWESO.contains(&variant) || BAO.contains(&variant)) && holes == 32 {
            return Layout::four_rows(variant);
        }
        let n = holes / 2;
        let mut labels = Vec::with_capacity(holes);
        labels.extend((0..n).map(|i| letter(i, true)));
        labels.extend((0..n).map(|i| letter(i, false)));
        Layout {
            rows: vec![(n..2 * n).rev().collect(), (0..n).collect()],
            labels,
            owners: (0..2 * n).map(|i| u8::from(i >= n)).collect(),
            stores: true,
            hands: false,
            houses: Vec::new(),
            kichwa: Vec::new(),
        }
    }

    /// Omweso's and Bao's 4x8: for each player his front row then his back row, South first
    /// (the absolute order of both families); drawn with North's rows from North's right.
    fn four_rows(variant: &str) -> Layout {
        let bao = BAO.contains(&variant);
        let mut labels = Vec::with_capacity(32);
        for south in [true, false] {
            for i in 0..16 {
                let text = if bao {
                    format!("{}{}", if i < 8 { 'A' } else { 'B' }, i % 8 + 1)
                } else if i < 8 {
                    OMWESO_FRONT[i].to_string()
                } else {
                    char::from(b'A' + (i - 8) as u8).to_string()
                };
                labels.push(if south { text } else { text.to_lowercase() });
            }
        }
        // Top to bottom: North's back row, North's front row (both from North's right),
        // South's front row, South's back row (from South's left).
        let rows = vec![
            (24..32).rev().collect(),
            (16..24).rev().collect(),
            (0..8).collect(),
            (8..16).collect(),
        ];
        let name = match variant {
            "bao" => Some("nyumba"),
            "bao-malawi" => Some("kuu"),
            _ => None,
        };
        let houses = name
            .map(|name| {
                vec![
                    Mark {
                        hole: 4,
                        owner: 0,
                        name,
                    },
                    Mark {
                        hole: 20,
                        owner: 1,
                        name,
                    },
                ]
            })
            .unwrap_or_default();
        Layout {
            rows,
            labels,
            owners: (0..32).map(|i| u8::from(i >= 16)).collect(),
            stores: false,
            hands: true,
            houses,
            kichwa: if bao { vec![0, 7, 16, 23] } else { Vec::new() },
        }
    }

    /// The absolute index of the hole labelled `label`.
    pub fn hole(&self, label: &str) -> Option<usize> {
        self.labels.iter().position(|l| l == label)
    }

    /// Where `name` (a legal move, as the engine writes it) is played: the hole its name
    /// starts from and its direction. A placement (`+A3`) and Bao of Malawi's take (`xa5`,
    /// named by the taker's own hole) are played on the hole they name; a name that is no
    /// hole (`take`, `sow<`, `stop`, `x`, `pass`) is a decision with no hole.
    pub fn locate(&self, name: &str) -> (Option<usize>, Option<char>) {
        let (body, dir) = match name.chars().last() {
            Some(c @ ('<' | '>')) => (&name[..name.len() - 1], Some(c)),
            _ => (name, None),
        };
        let body = body
            .strip_prefix('+')
            .or_else(|| body.strip_prefix('x').filter(|rest| !rest.is_empty()))
            .unwrap_or(body);
        match self.hole(body) {
            Some(hole) => (Some(hole), dir),
            None => (None, None),
        }
    }

    /// The legal moves `moves` (names and action indices, in the answer's order) with their
    /// holes, directions and words; `meanings[a]` is the engine's description of action `a`.
    pub fn moves(
        &self,
        variant: &str,
        moves: &[(String, u16)],
        meanings: &[String],
    ) -> Vec<MoveView> {
        let bao = BAO.contains(&variant);
        moves
            .iter()
            .map(|(name, action)| {
                let (hole, dir) = self.locate(name);
                let mut words = meanings
                    .get(usize::from(*action))
                    .cloned()
                    .unwrap_or_default();
                if let (true, Some(hole), Some(dir)) = (bao, hole, dir) {
                    // A capture is sown from the kichwa at the end of the front row the
                    // direction starts from: hole 1 clockwise, hole 8 anticlockwise.
                    let own = if hole < 16 { 0 } else { 16 };
                    let kichwa = own + if dir == '>' { 0 } else { 7 };
                    words = format!(
                        "{words}; a capture is sown from the kichwa {}",
                        self.labels[kichwa]
                    );
                }
                MoveView {
                    name: name.clone(),
                    action: *action,
                    hole,
                    dir,
                    words,
                }
            })
            .collect()
    }
}

/// The label of hole `i` of a two-row game: `A`, `B`, ... for South, `a`, `b`, ... for North.
fn letter(i: usize, south: bool) -> String {
    let base = if south { b'A' } else { b'a' };
    char::from(base + i as u8).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_row_boards_draw_north_from_his_right_over_south_from_his_left() {
        let l = Layout::of("kalah", 12);
        assert_eq!(l.rows[0], vec![11, 10, 9, 8, 7, 6]);
        assert_eq!(l.rows[1], vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(l.labels[0], "A");
        assert_eq!(l.labels[11], "f");
        assert!(l.stores && !l.hands);
    }

    #[test]
    fn omweso_labels_follow_the_absolute_order_front_row_then_back_row() {
        let l = Layout::of("omweso", 32);
        let south: Vec<&str> = l.labels[..16].iter().map(String::as_str).collect();
        assert_eq!(
            south,
            [
                "T", "S", "R", "P", "N", "M", "K", "J", "A", "B", "C", "D", "E", "F", "G", "H"
            ]
        );
        assert_eq!(l.labels[16], "t");
        // The top row is North's back row from his right: h .. a.
        let top: Vec<&str> = l.rows[0].iter().map(|&i| l.labels[i].as_str()).collect();
        assert_eq!(top, ["h", "g", "f", "e", "d", "c", "b", "a"]);
        assert!(l.houses.is_empty() && l.kichwa.is_empty());
    }

    #[test]
    fn bao_marks_the_nyumba_at_front_hole_5_and_malawi_calls_it_kuu() {
        let l = Layout::of("bao", 32);
        assert_eq!(l.labels[4], "A5");
        assert_eq!(l.labels[20], "a5");
        assert_eq!(l.houses.iter().map(|h| h.hole).collect::<Vec<_>>(), [4, 20]);
        assert_eq!(l.houses[0].name, "nyumba");
        assert_eq!(Layout::of("bao-malawi", 32).houses[1].name, "kuu");
        assert!(Layout::of("bao-kujifunza", 32).houses.is_empty());
        let second: Vec<&str> = l.rows[1].iter().map(|&i| l.labels[i].as_str()).collect();
        assert_eq!(second, ["a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"]);
    }

    #[test]
    fn moves_are_located_on_the_hole_they_name_and_decisions_on_none() {
        let bao = Layout::of("bao", 32);
        assert_eq!(bao.locate("A6>"), (Some(5), Some('>')));
        assert_eq!(bao.locate("a5<"), (Some(20), Some('<')));
        assert_eq!(bao.locate("+A3"), (Some(2), None));
        assert_eq!(bao.locate("xa5"), (Some(20), None));
        assert_eq!(bao.locate("safari"), (None, None));
        assert_eq!(bao.locate("pass"), (None, None));
        let omweso = Layout::of("omweso", 32);
        assert_eq!(omweso.locate("A>"), (Some(8), Some('>')));
        assert_eq!(omweso.locate("sow<"), (None, None));
        assert_eq!(omweso.locate("take"), (None, None));
        assert_eq!(omweso.locate("j"), (Some(23), None));
        let enkeshui = Layout::of("enkeshui", 20);
        assert_eq!(enkeshui.locate("C>"), (Some(2), Some('>')));
        assert_eq!(enkeshui.locate("x"), (None, None));
        assert_eq!(enkeshui.locate("no-x"), (None, None));
    }

    #[test]
    fn a_bao_direction_names_the_kichwa_a_capture_is_sown_from() {
        let bao = Layout::of("bao", 32);
        let views = bao.moves(
            "bao",
            &[("A3>".into(), 2), ("a7<".into(), 22)],
            &vec![String::new(); 59],
        );
        assert!(views[0].words.ends_with("kichwa A1"), "{}", views[0].words);
        assert!(views[1].words.ends_with("kichwa a8"), "{}", views[1].words);
    }
}
