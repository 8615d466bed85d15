//! Facts about the two-row board shared by the two-row variants: hole indices, sides,
//! opposite holes, labels and the text drawing.
//!
//! Holes are numbered as in `docs/notation.md`: South's `n` holes from South's left
//! (`0..n`), then North's from North's left (`n..2n`); anticlockwise is increasing order.

use std::fmt::{self, Write as _};

use crate::game::{ActionMeaning, Feature, Player};

/// The absolute hole of `player`'s hole `rel` (counted from his left) on a board of `n` a row.
#[inline]
pub fn hole(player: Player, rel: usize, n: usize) -> usize {
    match player {
        Player::South => rel,
        Player::North => n + rel,
    }
}

/// The player whose row holds hole `h`.
#[inline]
pub fn side(h: usize, n: usize) -> Player {
    if h < n { Player::South } else { Player::North }
}

/// The hole facing `h` across the board.
#[inline]
pub fn opposite(h: usize, n: usize) -> usize {
    2 * n - 1 - h
}

/// Seeds in `player`'s row.
#[inline]
pub fn row_sum(pits: &[u8], player: Player, n: usize) -> u32 {
    let start = hole(player, 0, n);
    pits[start..start + n].iter().map(|&s| s as u32).sum()
}

/// The label of hole `h`: South's `A`, `B`, ... from his left, North's `a`, `b`, ...
pub fn label(h: usize, n: usize) -> char {
    let (base, i) = if h < n { (b'A', h) } else { (b'a', h - n) };
    (base + i as u8) as char
}

/// Writes `pits` in mover-relative order (the mover's row first, each row from its owner's
/// left) scaled by `scale` into `out[..2n]`.
#[inline]
pub fn encode_rows(pits: &[u8], mover: Player, n: usize, scale: f32, out: &mut [f32]) {
    for (k, o) in out[..2 * n].iter_mut().enumerate() {
        let h = (hole(mover, 0, n) + k) % (2 * n);
        *o = pits[h] as f32 * scale;
    }
}

/// Writes the rows (as [`encode_rows`]) and then the mover's and the opponent's store,
/// scaled, into `out[..2n + 2]`.
#[inline]
pub fn encode_rows_and_stores(
    pits: &[u8],
    stores: [u8; 2],
    mover: Player,
    n: usize,
    scale: f32,
    out: &mut [f32],
) {
    encode_rows(pits, mover, n, scale, out);
    out[2 * n] = stores[mover.index()] as f32 * scale;
    out[2 * n + 1] = stores[mover.other().index()] as f32 * scale;
}

/// The notation of the mover's hole `rel`: its label.
pub fn hole_name(mover: Player, rel: usize, n: usize) -> String {
    label(hole(mover, rel, n), n).to_string()
}

/// `who`'s hole `rel` (`who` is `"mover"` or `"opponent"`) in words, named as South and as
/// North to move see it: "the mover's hole C (c when North moves)".
pub(crate) fn hole_words(who: &str, rel: usize, n: usize) -> String {
    let p = if who == "mover" {
        Player::South
    } else {
        Player::North
    };
    format!(
        "the {who}'s hole {} ({} when North moves)",
        hole_name(p, rel, n),
        hole_name(p.other(), rel, n)
    )
}

/// The features [`encode_rows`] writes: `mover_hole_<i>` then `opponent_hole_<i>`, each the
/// seeds in a hole divided by `divisor`.
pub(crate) fn row_features(n: usize, divisor: u32) -> Vec<Feature> {
    let mut out = Vec::with_capacity(2 * n + 2);
    for who in ["mover", "opponent"] {
        for rel in 0..n {
            out.push(Feature::count(
                format!("{who}_hole_{rel}"),
                &format!("seeds in {}", hole_words(who, rel, n)),
                divisor,
            ));
        }
    }
    out
}

/// The features [`encode_rows_and_stores`] writes: the rows, then `mover_store` and
/// `opponent_store`, where `store` says what a player's store holds ("seeds the mover has
/// captured" for `store("mover")`).
pub(crate) fn rows_and_stores_features(
    n: usize,
    divisor: u32,
    store: impl Fn(&str) -> String,
) -> Vec<Feature> {
    let mut out = row_features(n, divisor);
    for who in ["mover", "opponent"] {
        out.push(Feature::count(format!("{who}_store"), &store(who), divisor));
    }
    out
}

/// The meanings of actions `0..n`, each the mover's hole of that index: named by its label,
/// described by `describe` given the hole in words ("the mover's hole C (c when North
/// moves)").
pub(crate) fn hole_actions(n: usize, describe: impl Fn(&str) -> String) -> Vec<ActionMeaning> {
    (0..n)
        .map(|rel| {
            ActionMeaning::new(
                rel,
                |p| hole_name(p, rel, n),
                describe(&hole_words("mover", rel, n)),
            )
        })
        .collect()
}

/// A snapshot of a two-row position without hands or hole owners.
pub fn snapshot(pits: &[u8], stores: [u8; 2]) -> crate::game::Snapshot {
    crate::game::Snapshot {
        pits: pits.iter().map(|&s| s as u32).collect(),
        stores: [stores[0] as u32, stores[1] as u32],
        in_hand: [0, 0],
        owners: None,
    }
}

/// Draws a two-row board: North's row on top (read right to left from South's side), South's
/// below, labels outside, stores on the right. `mark` may tag a hole with one character.
pub fn draw(
    f: &mut fmt::Formatter<'_>,
    pits: &[u8],
    n: usize,
    stores: [u32; 2],
    mark: &dyn Fn(usize) -> Option<char>,
) -> fmt::Result {
    let mut top_labels = String::from("   ");
    let mut top = String::from("N  ");
    for h in (n..2 * n).rev() {
        let _ = write!(top_labels, "{:>4}", label(h, n));
        let _ = write!(top, "{:>3}{}", pits[h], mark(h).unwrap_or(' '));
    }
    let mut bottom = String::from("S  ");
    let mut bottom_labels = String::from("   ");
    for h in 0..n {
        let _ = write!(bottom, "{:>3}{}", pits[h], mark(h).unwrap_or(' '));
        let _ = write!(bottom_labels, "{:>4}", label(h, n));
    }
    writeln!(f, "{top_labels}")?;
    writeln!(f, "{top}   store {}", stores[1])?;
    writeln!(f, "{bottom}   store {}", stores[0])?;
    writeln!(f, "{bottom_labels}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_sides_and_opposites() {
        assert_eq!(hole(Player::North, 2, 6), 8);
        assert_eq!(side(5, 6), Player::South);
        assert_eq!(side(6, 6), Player::North);
        assert_eq!(opposite(0, 6), 11);
        assert_eq!(opposite(8, 6), 3);
        assert_eq!(label(0, 6), 'A');
        assert_eq!(label(11, 6), 'f');
    }

    #[test]
    fn row_features_name_the_holes_in_encoding_order() {
        let f = rows_and_stores_features(2, 8, |who| format!("seeds the {who} has captured"));
        let names: Vec<&str> = f.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "mover_hole_0",
                "mover_hole_1",
                "opponent_hole_0",
                "opponent_hole_1",
                "mover_store",
                "opponent_store"
            ]
        );
        assert_eq!(
            f[1].description,
            "seeds in the mover's hole B (b when North moves) / 8"
        );
        assert_eq!(
            f[2].description,
            "seeds in the opponent's hole a (A when North moves) / 8"
        );
        assert_eq!(f[5].description, "seeds the opponent has captured / 8");
        let a = hole_actions(2, |hole| format!("sow from {hole}"));
        assert_eq!(
            (a[1].index, a[1].south.as_str(), a[1].north.as_str()),
            (1, "B", "b")
        );
    }

    #[test]
    fn encoding_puts_the_mover_first() {
        let pits = [1, 2, 3, 4];
        let mut out = [0.0; 4];
        encode_rows(&pits, Player::North, 2, 1.0, &mut out);
        assert_eq!(out, [3.0, 4.0, 1.0, 2.0]);
    }
}
