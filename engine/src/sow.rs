//! The one sowing routine, parametrized by the track it walks.
//!
//! A track is a cycle of cells (holes, and stores where a variant sows into them). Sowing
//! drops one seed per cell from the position after the start, in a direction, optionally
//! passing over one cell (Oware never sows into the hole a move started from). Each seed
//! dropped is told to a [`SowObserver`] (nothing, in ordinary play).

use crate::trace::{Place, SowEvent, SowObserver};

/// Which way a sowing walks its track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Increasing track positions: anticlockwise on every board of this project.
    Forward,
    /// Decreasing track positions: clockwise.
    Backward,
}

impl Direction {
    /// The other direction.
    pub fn reversed(self) -> Direction {
        match self {
            Direction::Forward => Direction::Backward,
            Direction::Backward => Direction::Forward,
        }
    }
}

/// A cycle of cells that seeds are sown along.
pub trait Track {
    /// Number of positions on the cycle.
    fn len(&self) -> usize;
    /// Whether the cycle has no positions (no track of a game has).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The cell (index into the board array) at track position `pos < len`.
    fn cell(&self, pos: usize) -> usize;
    /// Where track position `pos` is on a drawn board ([`crate::Snapshot`]'s order): by
    /// default the hole numbered as the cell.
    #[inline]
    fn place(&self, pos: usize) -> Place {
        Place::Hole(self.cell(pos))
    }

    /// The position one step from `pos` in direction `dir`.
    #[inline]
    fn step(&self, pos: usize, dir: Direction) -> usize {
        match dir {
            Direction::Forward => {
                if pos + 1 == self.len() {
                    0
                } else {
                    pos + 1
                }
            }
            Direction::Backward => {
                if pos == 0 {
                    self.len() - 1
                } else {
                    pos - 1
                }
            }
        }
    }
}

/// A track whose positions are the cells `0..len` themselves (the two-row board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ring(pub usize);

impl Track for Ring {
    #[inline]
    fn len(&self) -> usize {
        self.0
    }
    #[inline]
    fn cell(&self, pos: usize) -> usize {
        pos
    }
}

/// Sows `seeds` seeds one per cell along `track`, starting after position `from`, in
/// direction `dir`, never into track position `skip` (if given). Returns the track position
/// of the last seed, or `from` if `seeds == 0`. The caller has already lifted the seeds.
/// Every seed dropped is an event for `observer`.
///
/// # Panics
/// If the track has no position other than `skip` to sow into.
#[inline]
pub fn sow<T: Track, O: SowObserver>(
    cells: &mut [u8],
    track: &T,
    from: usize,
    seeds: u32,
    dir: Direction,
    skip: Option<usize>,
    observer: &mut O,
) -> usize {
    let mut pos = from;
    let mut left = seeds;
    while left > 0 {
        pos = track.step(pos, dir);
        if Some(pos) == skip {
            continue;
        }
        cells[track.cell(pos)] += 1;
        observer.event(SowEvent::drop(track.place(pos)));
        left -= 1;
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Unobserved;

    #[test]
    fn sow_forward_wraps_round_the_ring() {
        let mut cells = [0u8; 4];
        let last = sow(
            &mut cells,
            &Ring(4),
            2,
            5,
            Direction::Forward,
            None,
            &mut Unobserved,
        );
        assert_eq!(cells, [1, 1, 1, 2]);
        assert_eq!(last, 3);
    }

    #[test]
    fn sow_backward_and_skip() {
        let mut cells = [0u8; 4];
        let last = sow(
            &mut cells,
            &Ring(4),
            1,
            4,
            Direction::Backward,
            Some(1),
            &mut Unobserved,
        );
        assert_eq!(cells, [2, 0, 1, 1]);
        assert_eq!(last, 0);
    }
}
