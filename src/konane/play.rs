//! A heuristic game-tree search that plays Konane: the kernel of `konane.best_move`.
//!
//! Negamax alpha-beta (principal variation search: null windows after the first move)
//! with iterative deepening, a transposition table, and move ordering
//! (the table's move first, then the history heuristic and a one-ply look at the
//! evaluation), on the `u128` boards of [`super::bits`] (layout `rows * (cols + 1) <= 128`).
//!
//! Scores are from the point of view of the player to move.  A position whose player to
//! move has no capture is lost: its score is `-WIN + ply`, so a win found nearer the root
//! scores higher.  Other leaves get the heuristic [`evaluate`]: the difference of the two
//! players' mobility (moves, and stones that can move), which stays far below
//! [`WIN`] - [`MAX_PLY`].  So a root score of at least `WIN - MAX_PLY` is a *proof* that the
//! player to move wins (every line of the winning strategy ends in a real terminal
//! position within the searched depth), and a score of at most `-(WIN - MAX_PLY)` a proof
//! that it loses.
//!
//! The search is bounded by a [`Budget`]: a number of nodes, a time, a depth, and a check
//! callback (the binding layer's Ctrl-C check).  When the budget runs out in the middle of
//! an iteration, the answer is that of the last finished iteration, or the move of the
//! unfinished one if it was proved better than the previous iteration's move.

use super::bits::{captures, mobility, Mask};
use super::Check;
use std::time::{Duration, Instant};

/// The score of a won position at the root (a loss is `-WIN`); a win in `p` plies scores
/// `WIN - p`.
pub const WIN: i32 = 1_000_000;

/// More plies than any game can last: every capture removes a stone, and a board has at
/// most 128 cells.
pub const MAX_PLY: u32 = 130;

/// How many nodes pass between two looks at the clock and two calls of the check callback
/// (a power of 2).
pub const CHECK_EVERY: u64 = 1024;

/// Weight of a move in [`evaluate`].
const W_MOVES: i32 = 4;
/// Weight of a stone that can move in [`evaluate`].
const W_MOVERS: i32 = 1;

/// A capture: the bit of the stone that moves and the bit it lands on (board layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayMove {
    pub from: u32,
    pub to: u32,
}

impl PlayMove {
    /// The move that turns `me` into `new_me`.
    #[inline]
    fn between(me: Mask, new_me: Mask) -> PlayMove {
        PlayMove {
            from: (me & !new_me).trailing_zeros(),
            to: (new_me & !me).trailing_zeros(),
        }
    }
}

/// The limits of one search.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Stop after about this many nodes (`None`: no limit).
    pub max_nodes: Option<u64>,
    /// Stop after about this long (`None`: no limit).
    pub time: Option<Duration>,
    /// The deepest iteration (at most [`MAX_PLY`]).
    pub max_depth: u32,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_nodes: None,
            time: Some(Duration::from_secs(1)),
            max_depth: MAX_PLY,
        }
    }
}

/// The answer of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen move; `None` when the player to move has no move (it has lost).
    pub best: Option<PlayMove>,
    /// Its score, from the point of view of the player to move.
    pub score: i32,
    /// The depth of the last finished iteration (0 if none finished).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Whether the search stopped because the budget ran out (rather than by a proof or
    /// by reaching `max_depth`).
    pub stopped: bool,
}

impl SearchResult {
    /// `Some(true)` if the search proved that the player to move wins (then `best` is a
    /// winning move), `Some(false)` if it proved that it loses, `None` otherwise.
    pub fn proven(&self) -> Option<bool> {
        if self.score >= WIN - MAX_PLY as i32 {
            Some(true)
        } else if self.score <= -(WIN - MAX_PLY as i32) {
            Some(false)
        } else {
            None
        }
    }
}

/// The heuristic score of a position for the player to move (`me`): its mobility minus its
/// opponent's, `-WIN + ply` if it has no move.
#[inline]
pub fn evaluate(cells: Mask, me: Mask, en: Mask, s: u32, multi: bool, ply: u32) -> i32 {
    let (m, pm) = mobility(cells, me, en, s, multi);
    if m == 0 {
        return -WIN + ply as i32;
    }
    let (o, po) = mobility(cells, en, me, s, multi);
    W_MOVES * (m as i32 - o as i32) + W_MOVERS * (pm as i32 - po as i32)
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

/// A transposition table entry (`depth == 0` and `me == en == 0`: empty).
#[derive(Clone, Copy, Default)]
struct Entry {
    me: Mask,
    en: Mask,
    score: i32,
    depth: u8,
    flag: u8,
    from: u8,
    to: u8,
}

/// The transposition table: a fixed power of two of entries, indexed by a hash of the
/// position, each replaced by the newer search of the same or a deeper depth.
struct Table {
    entries: Vec<Entry>,
    shift: u32,
}

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            entries: vec![Entry::default(); 1 << bits],
            shift: 64 - bits,
        }
    }

    #[inline]
    fn slot(&self, me: Mask, en: Mask) -> usize {
        let fold = |x: Mask| (x as u64) ^ ((x >> 64) as u64).rotate_left(29);
        let h = fold(me).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ fold(en).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (h.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> self.shift) as usize
    }
}

/// Convert a score to the table (mate distances from this node) and back.
#[inline]
fn to_table(score: i32, ply: u32) -> i32 {
    if score >= WIN - MAX_PLY as i32 {
        score + ply as i32
    } else if score <= -(WIN - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_table(score: i32, ply: u32) -> i32 {
    if score >= WIN - MAX_PLY as i32 {
        score - ply as i32
    } else if score <= -(WIN - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}

/// The state of one search.
struct Searcher<'a> {
    cells: Mask,
    stride: u32,
    multi: bool,
    table: Table,
    /// `history[from][to]`: how often a move caused a cut-off, weighted by depth.
    history: Vec<u32>,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    check: Option<Check<'a>>,
    stopped: bool,
    /// The moves generated at each ply, and the same with their ordering keys, sorted
    /// (buffers reused from node to node, to spare allocations).
    generated: Vec<Vec<(Mask, Mask)>>,
    ordered: Vec<Vec<(i64, Mask, Mask)>>,
}

impl Searcher<'_> {
    #[cold]
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.max_nodes {
            return true;
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                return true;
            }
        }
        if let Some(c) = self.check.as_mut() {
            if c(CHECK_EVERY) {
                return true;
            }
        }
        false
    }

    /// Put the children of `(me, en)` in `self.ordered[ply]`, in search order: the table's
    /// move `first` first, then by history and (at depth 2 or more) by the child's
    /// evaluation; return how many there are (0: `me` has no move).  The buffers of each
    /// ply are reused, so a node allocates nothing.
    fn order_children(&mut self, me: Mask, en: Mask, ply: u32, depth: u32, first: Option<PlayMove>) -> usize {
        let p = ply as usize;
        let mut gen = std::mem::take(&mut self.generated[p]);
        let mut keyed = std::mem::take(&mut self.ordered[p]);
        gen.clear();
        keyed.clear();
        captures(self.cells, me, en, self.stride, self.multi, &mut gen);
        for &(nm, ne) in &gen {
            let mv = PlayMove::between(me, nm);
            let key = if Some(mv) == first {
                i64::MAX
            } else {
                let mut key = self.history[history_index(mv)] as i64;
                if depth >= 2 {
                    // the child is scored for the opponent: lower is better for us
                    let e = evaluate(self.cells, ne, nm, self.stride, self.multi, ply + 1);
                    key -= (e as i64) << 24;
                }
                key
            };
            keyed.push((key, nm, ne));
        }
        keyed.sort_by_key(|&(k, _, _)| std::cmp::Reverse(k));
        let n = keyed.len();
        self.generated[p] = gen;
        self.ordered[p] = keyed;
        n
    }

    /// The score of a child for the player to move at `ply`, by principal variation search:
    /// the first child with the window `(alpha, beta)`, the others first with a null window
    /// (is it better than `alpha`?) and again with the window only if it is.  The score is
    /// exact when it falls inside the window, a bound otherwise, as with plain alpha-beta.
    #[allow(clippy::too_many_arguments)]
    fn child_score(&mut self, me: Mask, en: Mask, depth: u32, ply: u32, alpha: i32, beta: i32, first: bool) -> i32 {
        if first {
            return -self.negamax(me, en, depth - 1, ply + 1, -beta, -alpha);
        }
        let score = -self.negamax(me, en, depth - 1, ply + 1, -alpha - 1, -alpha);
        if score > alpha && score < beta && !self.stopped {
            -self.negamax(me, en, depth - 1, ply + 1, -beta, -alpha)
        } else {
            score
        }
    }

    fn negamax(&mut self, me: Mask, en: Mask, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & (CHECK_EVERY - 1) == 0 && self.out_of_budget() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if depth == 0 {
            return evaluate(self.cells, me, en, self.stride, self.multi, ply);
        }
        let slot = self.table.slot(me, en);
        let e = self.table.entries[slot];
        let mut first = None;
        if e.depth > 0 && e.me == me && e.en == en {
            first = Some(PlayMove {
                from: e.from as u32,
                to: e.to as u32,
            });
            // only an entry of the same depth cuts: then the root score is exactly the
            // minimax score of the depth (path-independent), whatever the order of the moves
            if e.depth as u32 == depth {
                let s = from_table(e.score, ply);
                match e.flag {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let n = self.order_children(me, en, ply, depth, first);
        if n == 0 {
            return -WIN + ply as i32;
        }
        let alpha0 = alpha;
        let mut best = i32::MIN;
        let mut best_move = PlayMove::between(me, self.ordered[ply as usize][0].1);
        for i in 0..n {
            // deeper plies use their own buffers: this ply's stays as it is
            let (_, nm, ne) = self.ordered[ply as usize][i];
            let score = self.child_score(ne, nm, depth, ply, alpha, beta, i == 0);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = PlayMove::between(me, nm);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let i = history_index(best_move);
                        self.history[i] = self.history[i].saturating_add(depth * depth);
                        break;
                    }
                }
            }
        }
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        let stored = &mut self.table.entries[slot];
        if stored.depth as u32 <= depth || stored.me != me || stored.en != en {
            *stored = Entry {
                me,
                en,
                score: to_table(best, ply),
                depth: depth.min(255) as u8,
                flag,
                from: best_move.from as u8,
                to: best_move.to as u8,
            };
        }
        best
    }
}

#[inline]
fn history_index(m: PlayMove) -> usize {
    (m.from as usize) * 128 + m.to as usize
}

/// A position to search: the cells, the stones of the player to move (`me`) and of its
/// opponent (`en`), in a board layout with `stride`, and the rules (`multi`: multi-jumps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub cells: Mask,
    pub me: Mask,
    pub en: Mask,
    pub stride: u32,
    pub multi: bool,
}

/// Search `pos` within `budget`, and return the best move found for the player to move.
///
/// `seed`, if given, shuffles the root moves before the first iteration, so that a seeded
/// player chooses among moves of equal score at random.  `check`, if given, is called
/// every [`CHECK_EVERY`] nodes, with that number (the [`Check`] of the other kernels); `true`
/// stops the search as an exhausted budget does.
pub fn search(pos: Position, budget: Budget, seed: Option<u64>, check: Option<Check<'_>>) -> SearchResult {
    let Position {
        cells,
        me,
        en,
        stride,
        multi,
    } = pos;
    let start = Instant::now();
    let mut s = Searcher {
        cells,
        stride,
        multi,
        table: Table::new(if budget.max_nodes.is_some_and(|n| n < 1 << 16) {
            12
        } else {
            18
        }),
        history: vec![0; 128 * 128],
        nodes: 0,
        max_nodes: budget.max_nodes.unwrap_or(u64::MAX),
        deadline: budget.time.map(|t| start + t),
        check,
        stopped: false,
        generated: vec![Vec::new(); MAX_PLY as usize + 2],
        ordered: vec![Vec::new(); MAX_PLY as usize + 2],
    };
    let mut root: Vec<(Mask, Mask)> = Vec::new();
    captures(cells, me, en, stride, multi, &mut root);
    if root.is_empty() {
        return SearchResult {
            best: None,
            score: -WIN,
            depth: 0,
            nodes: 0,
            stopped: false,
        };
    }
    if let Some(seed) = seed {
        // Fisher-Yates with a splitmix64 generator
        let mut state = seed;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for i in (1..root.len()).rev() {
            let j = (next() % (i as u64 + 1)) as usize;
            root.swap(i, j);
        }
    }
    // a first order by the one-ply evaluation (stable, so the shuffle breaks ties)
    root.sort_by_key(|&(nm, ne)| evaluate(cells, ne, nm, stride, multi, 1));
    let mut result = SearchResult {
        best: Some(PlayMove::between(me, root[0].0)),
        score: 0,
        depth: 0,
        nodes: 0,
        stopped: false,
    };
    let max_depth = budget.max_depth.clamp(1, MAX_PLY);
    for depth in 1..=max_depth {
        let mut alpha = -WIN - 1;
        let beta = WIN + 1;
        let mut best: Option<(usize, i32)> = None;
        let mut scores: Vec<i32> = vec![i32::MIN; root.len()];
        for (i, &(nm, ne)) in root.iter().enumerate() {
            let score = s.child_score(ne, nm, depth, 0, alpha, beta, i == 0);
            if s.stopped {
                break;
            }
            scores[i] = score;
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((i, score));
                alpha = alpha.max(score);
            }
        }
        if s.stopped {
            // a move of the unfinished iteration proved better than the previous best
            if let Some((i, score)) = best {
                if i != 0 && depth > 1 && score > scores[0] {
                    result.best = Some(PlayMove::between(me, root[i].0));
                    result.score = score;
                }
            }
            result.stopped = true;
            break;
        }
        let (i, score) = best.expect("at least one root move");
        result.best = Some(PlayMove::between(me, root[i].0));
        result.score = score;
        result.depth = depth;
        // the next iteration starts with the best move, then the others by this one's scores
        let mut order: Vec<usize> = (0..root.len()).collect();
        order.sort_by_key(|&j| (j != i, std::cmp::Reverse(scores[j])));
        root = order.into_iter().map(|j| root[j]).collect();
        if result.proven().is_some() {
            break;
        }
        // stop when the next iteration is unlikely to finish: it costs a few times this one
        if let Some(t) = budget.time {
            if start.elapsed() * 3 > t && depth >= 2 {
                break;
            }
        }
    }
    result.nodes = s.nodes;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    use crate::konane::testkit::parse_strided as parse;

    /// The position `(cells, me, en)` of the layout `s`, under the standard rules.
    fn at(cells: Mask, me: Mask, en: Mask, s: u32) -> Position {
        Position {
            cells,
            me,
            en,
            stride: s,
            multi: true,
        }
    }

    /// A budget of at most `max_nodes` nodes (`None`: no bound), no time limit, full depth.
    fn nodes(max_nodes: Option<u64>) -> Budget {
        Budget {
            max_nodes,
            time: None,
            max_depth: MAX_PLY,
        }
    }

    /// Whether the player to move (`me`) wins, by the whole game tree.
    fn wins(memo: &mut FxHashMap<(Mask, Mask), bool>, cells: Mask, me: Mask, en: Mask, s: u32) -> bool {
        if let Some(&w) = memo.get(&(me, en)) {
            return w;
        }
        let mut kids = Vec::new();
        captures(cells, me, en, s, true, &mut kids);
        let w = kids.iter().any(|&(nm, ne)| !wins(memo, cells, ne, nm, s));
        memo.insert((me, en), w);
        w
    }

    fn apply(me: Mask, en: Mask, mv: PlayMove, cells: Mask, s: u32) -> (Mask, Mask) {
        let mut kids = Vec::new();
        captures(cells, me, en, s, true, &mut kids);
        *kids
            .iter()
            .find(|&&(nm, _)| PlayMove::between(me, nm) == mv)
            .expect("the move is legal")
    }

    /// A random position: each cell of a `rows x cols` grid black, white or empty.
    fn random_position(rng: &mut u64, rows: u32, cols: u32) -> (u32, Mask, Mask, Mask) {
        let s = cols + 1;
        let (mut cells, mut black, mut white) = (0, 0, 0);
        for r in 0..rows {
            for c in 0..cols {
                *rng ^= *rng << 13;
                *rng ^= *rng >> 7;
                *rng ^= *rng << 17;
                let bit: Mask = 1 << (r * s + c);
                cells |= bit;
                match *rng % 5 {
                    0 | 1 => black |= bit,
                    2 | 3 => white |= bit,
                    _ => {}
                }
            }
        }
        (s, cells, black, white)
    }

    #[test]
    fn no_move_means_no_best_move_and_a_proven_loss() {
        let (s, cells, b, w) = parse("x.o");
        let r = search(at(cells, b, w, s), Budget::default(), None, None);
        assert_eq!(r.best, None);
        assert_eq!(r.proven(), Some(false));
    }

    #[test]
    fn takes_the_winning_double_jump() {
        // a1-e1 leaves White no move and wins; after a1-c1 White jumps d1-b1 and wins
        let (s, cells, b, w) = parse("xo.o.");
        let r = search(at(cells, b, w, s), Budget::default(), None, None);
        assert_eq!(r.best, Some(PlayMove { from: 0, to: 4 }));
        assert_eq!(r.proven(), Some(true));
    }

    #[test]
    fn proofs_agree_with_the_game_tree_on_random_boards() {
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        let mut proved = 0;
        for i in 0..300 {
            let (rows, cols) = [(3, 3), (3, 4), (4, 4), (2, 5)][i % 4];
            let (s, cells, b, w) = random_position(&mut rng, rows, cols);
            let (me, en) = if i % 2 == 0 { (b, w) } else { (w, b) };
            let mut memo = FxHashMap::default();
            let truth = wins(&mut memo, cells, me, en, s);
            let budget = nodes(Some(200_000));
            let r = search(at(cells, me, en, s), budget, Some(i as u64), None);
            // boards this small are searched to the end
            assert_eq!(r.proven(), Some(truth), "position {i}");
            proved += 1;
            if truth {
                let (nm, ne) = apply(me, en, r.best.unwrap(), cells, s);
                assert!(
                    !wins(&mut memo, cells, ne, nm, s),
                    "position {i}: the move does not win"
                );
            }
        }
        assert_eq!(proved, 300);
    }

    #[test]
    fn node_budget_bounds_the_work() {
        let (s, cells, mut b, mut w) = parse("oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo");
        // the opening removals: e5 (a black stone of the centre) and d5
        let (hb, hw) = (1u128 << (3 * s + 4), 1u128 << (3 * s + 3));
        assert!(b & hb != 0 && w & hw != 0);
        b &= !hb;
        w &= !hw;
        let budget = nodes(Some(5000));
        let r = search(at(cells, b, w, s), budget, None, None);
        assert!(r.stopped);
        assert!(r.nodes <= 5000 + CHECK_EVERY);
        assert!(r.depth >= 2);
        let mut v = Vec::new();
        captures(cells, b, w, s, true, &mut v);
        assert!(v.iter().any(|&(nm, _)| Some(PlayMove::between(b, nm)) == r.best));
        // the same budget gives the same answer
        assert_eq!(search(at(cells, b, w, s), budget, None, None), r);
    }

    #[test]
    fn check_callback_stops_the_search() {
        let (s, cells, b, w) = parse("oxoxoxox/xoxoxoxo/oxo..xox/xoxoxoxo/oxoxoxox/xoxoxoxo");
        let mut calls = 0;
        let mut check = |n: u64| {
            assert_eq!(n, CHECK_EVERY);
            calls += 1;
            true
        };
        let budget = nodes(None);
        let r = search(at(cells, b, w, s), budget, None, Some(&mut check));
        assert!(r.stopped);
        assert_eq!(calls, 1);
        assert!(r.best.is_some());
    }

    #[test]
    fn table_scores_keep_mate_distances() {
        for ply in [0, 3, 17] {
            for score in [WIN - 5, -WIN + 9, 12, -40] {
                let stored = to_table(score, ply);
                assert_eq!(from_table(stored, ply), score);
            }
        }
        assert_eq!(to_table(WIN - 7, 3), WIN - 4);
    }
}
