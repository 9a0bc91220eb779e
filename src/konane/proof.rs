//! The proof tree of a position the win/loss search has solved: what a certificate of
//! `konane.certificates` writes, read out of the search's tables.
//!
//! At a node where the winner moves, the tree keeps one winning move: one to a node written
//! already if there is one (it costs no node); else, of the moves the tables already know
//! lost for the opponent ([`Search::known`]: the search that proved the node proved one of
//! them), one to a leaf, else the first in the order of the fewest replies (a smaller
//! subtree); else (the node's result came from a file, or the table dropped its children)
//! one of those the node's own search again proves lost ([`Search::wins_again`]); else the
//! first that a search of its own proves lost.  Where the loser moves, it keeps
//! every move.  A node whose live regions (those with stones of both colours, as the
//! decomposer finds them) all have at most `leaf_stones` stones is a leaf settled by their
//! values, and a node with no move is a leaf lost by its mover.  A position with the same
//! player to move is one node, and every node comes after those it names (the root last).

use super::bits::{captures, mobility, Mask};
use super::board::check_board;
use super::decompose::live_region_masks;
use super::wins::Search;
use super::{Check, Error, Result, Rules};
use crate::engine::{memory, Engine};
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// What a node of a proof holds besides its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// The player to move has no move (and loses).
    NoMove,
    /// A leaf settled by the values of its live regions, `(cells, black, white)` in the
    /// order of their lowest stone.
    Regions(Vec<(Mask, Mask, Mask)>),
    /// The moves kept, each as `(from, to, child)`: the cells (bit indices) where the moving
    /// stone starts and lands, and the index of the node after it.
    Moves(Vec<(u32, u32, u32)>),
}

/// A node of a proof: the position (the board's cells are the root's), the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub black: Mask,
    pub white: Mask,
    pub black_to_move: bool,
    pub body: Body,
}

/// How many nodes pass between two calls of the check callback of [`proof`].
pub const CHECK_EVERY: u64 = 256;

/// The proof that Black (if `black_wins`, else White) wins the `rows x cols` position
/// `(cells, black, white)` with Black (if `black_to_move`) to move, read from `search`'s
/// tables, searching again where they do not say it (see the module's documentation): its
/// nodes, the root last.
///
/// `check` is called every [`CHECK_EVERY`] nodes with that number, and with the nodes the
/// searches expand; `true` stops with [`Error::Stopped`].  Where the winner does not win,
/// the node where it has no move, or no winning move, is an [`Error::NotWon`] (a leaf
/// settled by values is not valued here: the certificate's checker values its regions).
#[allow(clippy::too_many_arguments)]
pub fn proof(
    search: &mut Search,
    e: &mut Engine,
    (rows, cols): (u32, u32),
    (cells, black, white): (Mask, Mask, Mask),
    black_to_move: bool,
    black_wins: bool,
    rules: Rules,
    leaf_stones: u32,
    check: Option<Check<'_>>,
) -> Result<Vec<Node>> {
    check_board("proof", rows, cols, cells, black, white)?;
    let mut w = Writer {
        search,
        e,
        rows,
        cols,
        cells,
        rules,
        leaf_stones,
        black_wins,
        check,
        ticks: 0,
        index: HashTable::new(),
        nodes: Vec::new(),
    };
    w.node(black, white, black_to_move)?;
    if let Some(c) = w.check.as_mut() {
        if c(w.ticks) {
            return Err(Error::Stopped);
        }
    }
    Ok(w.nodes)
}

/// The regions of the decomposer that hold stones of both colours.
fn live_regions(cells: Mask, black: Mask, white: Mask, s: u32) -> Vec<(Mask, Mask, Mask)> {
    live_region_masks(cells, black, white, s)
        .into_iter()
        .filter(|&(_, b, w)| b != 0 && w != 0)
        .collect()
}

/// The hash of a node's position in [`Writer::index`].
fn position_hash(black: Mask, white: Mask, black_to_move: bool) -> u64 {
    let mut h = FxHasher::default();
    (black, white, black_to_move).hash(&mut h);
    h.finish()
}

/// [`position_hash`] of the node `nodes[i]` (what [`Writer::index`] rehashes when it grows).
fn node_hash(nodes: &[Node], i: u32) -> u64 {
    let n = &nodes[i as usize];
    position_hash(n.black, n.white, n.black_to_move)
}

/// What grows here, for the messages of [`memory::Refused`].
const PROOF: &str = "the proof tree being written";

struct Writer<'a, 'c> {
    search: &'a mut Search,
    e: &'a mut Engine,
    rows: u32,
    cols: u32,
    cells: Mask,
    rules: Rules,
    leaf_stones: u32,
    black_wins: bool,
    check: Option<Check<'c>>,
    ticks: u64,
    /// The nodes written, by their position (an index into `nodes`: a twelfth of the memory
    /// of a map keyed by the position).
    index: HashTable<u32>,
    nodes: Vec<Node>,
}

impl Writer<'_, '_> {
    fn stride(&self) -> u32 {
        self.cols + 1
    }

    /// The index of the node written for `(black, white)` with Black (if `black_to_move`) to
    /// move, if there is one.
    fn find(&self, black: Mask, white: Mask, black_to_move: bool) -> Option<u32> {
        self.index
            .find(position_hash(black, white, black_to_move), |&i| {
                let n = &self.nodes[i as usize];
                (n.black, n.white, n.black_to_move) == (black, white, black_to_move)
            })
            .copied()
    }

    /// The index of the node of `(black, white)` with Black (if `black_to_move`) to move,
    /// written with its subtree if it is not yet.
    fn node(&mut self, black: Mask, white: Mask, black_to_move: bool) -> Result<u32> {
        if let Some(i) = self.find(black, white, black_to_move) {
            return Ok(i);
        }
        let (s, multi) = (self.stride(), self.rules.multi_jump);
        let (me, en) = if black_to_move { (black, white) } else { (white, black) };
        let mut moves = Vec::new();
        captures(self.cells, me, en, s, multi, &mut moves);
        let winner_moves = black_to_move == self.black_wins;
        let body = if moves.is_empty() {
            if winner_moves {
                return Err(self.not_won(black, white, black_to_move, "has no move"));
            }
            Body::NoMove
        } else if let Some(regions) = self.leaf_regions(black, white) {
            Body::Regions(regions)
        } else {
            if winner_moves {
                // the fewest replies first (a stable sort: ties in the order of the moves)
                moves.sort_by_key(|&(me2, en2)| mobility(self.cells, en2, me2, s, multi).0);
                let Some(i) = self.winning((black, white), &moves, black_to_move)? else {
                    return Err(self.not_won(black, white, black_to_move, "has no winning move"));
                };
                moves = vec![moves[i]];
            }
            let mut kept = Vec::with_capacity(moves.len());
            for (me2, en2) in moves {
                let (b2, w2) = if black_to_move { (me2, en2) } else { (en2, me2) };
                let child = crate::engine::grow(|| self.node(b2, w2, !black_to_move))?;
                kept.push(((me & !me2).trailing_zeros(), (me2 & !me).trailing_zeros(), child));
            }
            Body::Moves(kept)
        };
        // the node list and its index grow within the call's memory budget
        memory::reserve(&self.e.budget, PROOF, &mut self.nodes, 1)?;
        let nodes = &self.nodes;
        memory::reserve_table(&self.e.budget, PROOF, &mut self.index, 1, |&j| node_hash(nodes, j))?;
        let i = self.nodes.len() as u32;
        self.nodes.push(Node {
            black,
            white,
            black_to_move,
            body,
        });
        let nodes = &self.nodes;
        self.index
            .insert_unique(position_hash(black, white, black_to_move), i, |&j| node_hash(nodes, j));
        self.ticks += 1;
        if self.ticks == CHECK_EVERY {
            self.ticks = 0;
            if let Some(c) = self.check.as_mut() {
                if c(CHECK_EVERY) {
                    return Err(Error::Stopped);
                }
            }
        }
        Ok(i)
    }

    /// The error of a node where the player said to win, moving, `fails`.
    fn not_won(&self, black: Mask, white: Mask, black_to_move: bool, fails: &str) -> Error {
        let who = if black_to_move { "Black" } else { "White" };
        Error::NotWon(format!(
            "{who}, said to win, {fails} in the position (black {black:#x}, white {white:#x}) with {who} to move"
        ))
    }

    /// Whether the position with `me` to move (against `en`) is a leaf of the proof.
    fn is_leaf(&self, me: Mask, en: Mask) -> bool {
        // (the regions do not depend on which colour is which)
        mobility(self.cells, me, en, self.stride(), self.rules.multi_jump).0 == 0 || self.leaf_regions(me, en).is_some()
    }

    /// The live regions of the position if they all have at most `leaf_stones` stones.
    fn leaf_regions(&self, black: Mask, white: Mask) -> Option<Vec<(Mask, Mask, Mask)>> {
        let regions = live_regions(self.cells, black, white, self.stride());
        regions
            .iter()
            .all(|&(_, b, w)| (b | w).count_ones() <= self.leaf_stones)
            .then_some(regions)
    }

    /// A move among `moves` (the mover's new masks, then the opponent's) of the position
    /// `(black, white)` after which the opponent loses, the cheapest to prove first: one to
    /// a node written already (it costs no node), else one the tables know lost for the
    /// opponent, to a leaf first (it costs one node).  Where the tables know none (the
    /// position's result came from a file, or the table dropped its children), the position
    /// is searched again ([`Search::wins_again`]): its proof numbers find a winning move
    /// without disproving the losing ones, and the tables then know it.  Else (the table
    /// dropped that too) the first move a search of its own proves.
    fn winning(
        &mut self,
        (black, white): (Mask, Mask),
        moves: &[(Mask, Mask)],
        black_to_move: bool,
    ) -> Result<Option<usize>> {
        let (rows, cols, cells, rules) = (self.rows, self.cols, self.cells, self.rules);
        let boards = |&(me2, en2): &(Mask, Mask)| if black_to_move { (me2, en2) } else { (en2, me2) };
        if let Some(i) = moves.iter().position(|m| {
            let (b2, w2) = boards(m);
            self.find(b2, w2, !black_to_move).is_some()
        }) {
            return Ok(Some(i));
        }
        let mut known = Vec::with_capacity(moves.len());
        for again in [false, true] {
            if again {
                let check: Option<Check<'_>> = match self.check {
                    Some(ref mut c) => Some(&mut **c),
                    None => None,
                };
                let (won, _) =
                    self.search
                        .wins_again(self.e, (rows, cols), (cells, black, white), black_to_move, rules, check)?;
                if !won {
                    return Ok(None);
                }
            }
            known.clear();
            let mut first = None;
            for (i, m) in moves.iter().enumerate() {
                let (b2, w2) = boards(m);
                let k = self
                    .search
                    .known(self.e, rows, cols, cells, b2, w2, !black_to_move, rules)?;
                if k == Some(false) {
                    if self.is_leaf(m.1, m.0) {
                        return Ok(Some(i));
                    }
                    first.get_or_insert(i);
                }
                known.push(k);
            }
            if first.is_some() {
                return Ok(first);
            }
        }
        for (i, m) in moves.iter().enumerate() {
            if known[i].is_some() {
                continue; // known won by the opponent
            }
            let (b2, w2) = boards(m);
            let check: Option<Check<'_>> = match self.check {
                Some(ref mut c) => Some(&mut **c),
                None => None,
            };
            let (won, _) = self
                .search
                .wins(self.e, rows, cols, cells, b2, w2, !black_to_move, rules, check)?;
            if !won {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::konane::testkit::{brute, random_board, Rng};

    /// Check `nodes` as a certificate checker would, with the brute force for the winners
    /// of the leaves settled by values (a leaf of small regions is won as its whole position
    /// is, which the brute force decides).
    fn check_proof(nodes: &[Node], cells: Mask, s: u32, multi: bool, black_wins: bool) {
        for (i, n) in nodes.iter().enumerate() {
            let (me, en) = if n.black_to_move {
                (n.black, n.white)
            } else {
                (n.white, n.black)
            };
            let mover_wins = n.black_to_move == black_wins;
            let mut legal = Vec::new();
            captures(cells, me, en, s, multi, &mut legal);
            match &n.body {
                Body::NoMove => {
                    assert!(legal.is_empty());
                    assert!(!mover_wins, "node {i}: the winner has no move");
                }
                Body::Regions(r) => {
                    assert!(!legal.is_empty());
                    assert_eq!(r, &live_regions(cells, n.black, n.white, s));
                    assert_eq!(brute(cells, me, en, s, multi), mover_wins, "node {i}");
                }
                Body::Moves(kept) => {
                    if mover_wins {
                        assert_eq!(kept.len(), 1);
                    } else {
                        assert_eq!(kept.len(), legal.len());
                    }
                    for &(from, to, child) in kept {
                        assert!((child as usize) < i, "node {i} names a later node");
                        let c = &nodes[child as usize];
                        assert_eq!(c.black_to_move, !n.black_to_move);
                        let (me2, en2) = if n.black_to_move {
                            (c.black, c.white)
                        } else {
                            (c.white, c.black)
                        };
                        assert!(legal.contains(&(me2, en2)), "node {i}: not a legal move");
                        assert_eq!(me & !me2, 1 << from);
                        assert_eq!(me2 & !me, 1 << to);
                    }
                }
            }
        }
    }

    #[test]
    fn proofs_of_random_boards_hold_and_name_only_earlier_nodes() {
        let mut rng = Rng(26);
        let mut e = Engine::new();
        let mut search = Search::new();
        let mut checked = 0;
        for round in 0..300 {
            let (rows, cols) = (2 + round % 3, 3 + round % 3);
            let (cells, black, white) = random_board(&mut rng, rows, cols);
            let s = cols + 1;
            for multi in [true, false] {
                let rules = Rules { multi_jump: multi };
                let black_to_move = round % 2 == 0;
                let (me, en) = if black_to_move { (black, white) } else { (white, black) };
                let won = brute(cells, me, en, s, multi);
                let black_wins = won == black_to_move;
                // a cold table (searched again inside) and, every other round, a warm one
                if round % 2 == 1 {
                    search
                        .wins(&mut e, rows, cols, cells, black, white, black_to_move, rules, None)
                        .unwrap();
                }
                for leaf in [0, 4] {
                    let nodes = proof(
                        &mut search,
                        &mut e,
                        (rows, cols),
                        (cells, black, white),
                        black_to_move,
                        black_wins,
                        rules,
                        leaf,
                        None,
                    )
                    .unwrap();
                    let root = nodes.last().unwrap();
                    assert_eq!(
                        (root.black, root.white, root.black_to_move),
                        (black, white, black_to_move)
                    );
                    check_proof(&nodes, cells, s, multi, black_wins);
                    checked += nodes.len();
                }
                if round % 5 == 0 {
                    search.clear();
                }
            }
        }
        assert!(checked > 2000, "{checked} nodes checked");
    }

    #[test]
    fn a_proof_from_the_results_a_file_keeps_holds() {
        // the results of a search that a file keeps (those of KEEP_WORK nodes or more) given
        // to a new search: the root is known, most of the nodes under it are not.  The
        // positions: 5x5 with the two gaps of an opening at random, then random captures.
        let mut rng = Rng(28);
        let mut e = Engine::new();
        let (n, s) = (5, 6);
        let cells = crate::konane::bits::full_mask(n, n);
        let black_squares: Mask = (0..n * n)
            .filter(|i| (i / n + i % n) % 2 == 0)
            .fold(0, |m, i| m | 1 << ((i / n) * s + i % n));
        let mut given = 0;
        for round in 0..12 {
            let (mut black, mut white) = (black_squares, cells & !black_squares);
            // two gaps side by side: a black stone and the white one to its right (or below)
            let at = loop {
                let i = rng.below(u64::from(n * n)) as u32;
                let (r, c) = (i / n, i % n);
                if (r + c) % 2 == 0 && c + 1 < n {
                    break r * s + c;
                }
            };
            black &= !(1 << at);
            white &= !(1 << (at + 1));
            let mut black_to_move = true;
            for _ in 0..round % 4 {
                let (me, en) = if black_to_move { (black, white) } else { (white, black) };
                let mut moves = Vec::new();
                captures(cells, me, en, s, true, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let (me2, en2) = moves[rng.below(moves.len() as u64) as usize];
                (black, white) = if black_to_move { (me2, en2) } else { (en2, me2) };
                black_to_move = !black_to_move;
            }
            let rules = Rules::STANDARD;
            let mut first = Search::new();
            first.new_results();
            let (won, _) = first
                .wins(&mut e, n, n, cells, black, white, black_to_move, rules, None)
                .unwrap();
            let mut second = Search::new();
            for p in first.new_results() {
                assert!(second.put_result(p).unwrap());
                given += 1;
            }
            let black_wins = won == black_to_move;
            let position = (cells, black, white);
            let nodes = proof(
                &mut second,
                &mut e,
                (n, n),
                position,
                black_to_move,
                black_wins,
                rules,
                0,
                None,
            )
            .unwrap();
            check_proof(&nodes, cells, s, rules.multi_jump, black_wins);
        }
        assert!(given > 30, "{given} results given");
    }

    #[test]
    fn a_position_the_winner_does_not_win_is_refused() {
        // "xo." with Black to move: Black wins (a1-c1, then White has no move)
        let (cells, black, white): (Mask, Mask, Mask) = (0b111, 0b001, 0b010);
        let mut e = Engine::new();
        let mut search = Search::new();
        let mut claim = |black_wins: bool| {
            let position = (cells, black, white);
            proof(
                &mut search,
                &mut e,
                (1, 3),
                position,
                true,
                black_wins,
                Rules::STANDARD,
                0,
                None,
            )
        };
        let ok = claim(true).unwrap();
        assert_eq!(ok.len(), 2);
        assert_eq!(ok[1].body, Body::Moves(vec![(0, 2, 0)]));
        assert_eq!(ok[0].body, Body::NoMove);
        let bad = claim(false);
        assert!(matches!(bad, Err(Error::NotWon(_))), "{bad:?}");
    }

    #[test]
    fn the_check_callback_stops_a_proof_and_leaves_the_tables_valid() {
        let mut rng = Rng(7);
        let mut e = Engine::new();
        let mut search = Search::new();
        for _ in 0..50 {
            let (cells, black, white) = random_board(&mut rng, 4, 5);
            let won = brute(cells, black, white, 6, true);
            let mut calls = 0;
            let mut stop = |_n: u64| {
                calls += 1;
                true
            };
            let mut run = |check: Option<Check<'_>>| {
                let position = (cells, black, white);
                proof(
                    &mut search,
                    &mut e,
                    (4, 5),
                    position,
                    true,
                    won,
                    Rules::STANDARD,
                    0,
                    check,
                )
            };
            let r = run(Some(&mut stop));
            assert!(matches!(r, Err(Error::Stopped)), "{r:?}");
            assert_eq!(calls, 1, "the first call stops it");
            check_proof(&run(None).unwrap(), cells, 6, true, won);
        }
    }

    #[test]
    fn the_proof_tree_grows_within_the_memory_budget() {
        use crate::engine::memory::Budget;
        let mut rng = Rng(11);
        let mut e = Engine::new();
        let mut search = Search::new();
        for _ in 0..30 {
            let (cells, black, white) = random_board(&mut rng, 4, 5);
            let won = brute(cells, black, white, 6, true);
            let mut run = |e: &mut Engine| {
                proof(
                    &mut search,
                    e,
                    (4, 5),
                    (cells, black, white),
                    true,
                    won,
                    Rules::STANDARD,
                    0,
                    None,
                )
            };
            // the search's tables filled first, so that only the proof's own lists grow below
            let full = run(&mut e).unwrap();
            let before = e.set_budget(Budget::new(Some(1)));
            let r = run(&mut e);
            e.set_budget(before);
            assert!(!full.is_empty());
            assert!(
                matches!(r, Err(Error::Engine(crate::engine::Error::Memory(_)))),
                "{r:?}"
            );
            // the tables are left valid: the next proof (no budget) holds
            check_proof(&run(&mut e).unwrap(), cells, 6, true, won);
        }
    }
}
