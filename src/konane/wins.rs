//! The win/loss search: does the player to move win?  Plain Rust, on the value solver's
//! bitboards, decomposer and engine.
//!
//! A node is a position `(stride, cells, me, en)` with `me` to move, playing Left, plus a
//! game `g` (an id of the [`Engine`], from Left's point of view) played beside it: the
//! known part of the position.  Every node is kept in this "mover is Left" form: after a
//! move the colours are exchanged and `g` negated, so the colour swap is built into the
//! keys.  At each node
//!
//! 1. the position is split into regions ([`live_region_masks`]; a line is cut exactly by
//!    [`line_regions`], as the value solver does); every region with at
//!    most [`Search::small`] stones gets its exact value from the value [`Solver`] and
//!    is added to `g`;
//! 2. if no region is left, the node is *settled by values*: Left moving first wins `g`
//!    exactly when `g` is not `<= 0`;
//! 3. otherwise the rest is normalised (the 8 symmetries of the grid, on its bounding
//!    box) and looked up in the transposition table with `g`; if it is not there, the
//!    mover wins when some move leaves a node that the opponent loses: captures in the
//!    position, fewest replies first, then moves in `g` (to one of `g`'s Left options).
//!
//! Two drivers share these steps: a plain depth-first search (every child prepared first,
//! so a child already proved lost wins at once; the others fewest replies first), and, by
//! default, depth-first proof-number search (df-pn, Nagai 2002, in negamax form, with the
//! 1 + epsilon trick of Pawlewicz and Lew 2007, epsilon = 1/2): initial numbers
//! `(1, mobility)` (proving a win takes one move, disproving it refuting every reply).  On
//! the 6x6 openings df-pn expands 2 to 4 times fewer nodes.
//!
//! The results are exact (there is no depth limit), so the table keeps them across calls;
//! it only ever receives proved results, so an interrupted search (the check callback, the
//! engine's interrupt hook) leaves it valid.

use super::bits::{bit_length, bounding_box, captures, line_step, mobility, neighbours, shr, Mask, Shapes};
use super::board::{check_board, check_kept};
use super::decompose::{line_regions, live_region_masks, one_group};
use super::{Check, Error, Result, Rules, Solver, Ticker};
use crate::engine::memory::{self, Budget, Refused};
use crate::engine::{self, Engine, Id};
use rustc_hash::FxHashMap;

/// How many nodes pass between two calls of the check callback of [`Search::wins`].
pub const CHECK_EVERY: u64 = 1024;

/// The default of [`Search::small`]: regions with at most this many stones are settled by
/// their exact values (measured on the 5x5 and 6x6 openings, see
/// `scripts/solve_openings.py`).
pub const SMALL: u32 = 8;

/// The default of [`Search::max_entries`].
pub const MAX_ENTRIES: usize = 1 << 25;

/// A key of the transposition table for frames of at most 64 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Narrow {
    masks: [u64; 3],
    g: Id,
    stride: u8,
    multi: bool,
}

/// A key of the transposition table for wider frames.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Wide {
    masks: [u128; 3],
    g: Id,
    stride: u8,
    multi: bool,
}

/// A proved result and the work it took (nodes expanded under it, saturated): when the
/// table is full, the entries that took the least work are dropped first.
#[derive(Clone, Copy)]
struct Entry {
    wins: bool,
    work: u32,
}

/// A node whose regions were valued and whose rest was normalised.
enum Prepared {
    /// Decided: settled by the values, or found in the table.
    Known(bool),
    /// To search.
    Open(Open),
}

/// The normalised rest of a node (`me` is Left, to move) and the known part `g`.
#[derive(Clone, Copy)]
struct Open {
    s: u32,
    cells: Mask,
    me: Mask,
    en: Mask,
    g: Id,
}

/// Counters of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes expanded (not found in the table, not settled by values).
    pub positions: u64,
    /// Nodes settled by the exact values of their regions.
    pub settled: u64,
}

/// The win/loss search and its tables: the transposition table and a value [`Solver`] for
/// the regions.  Its ids are those of the one [`Engine`] passed to every call.
pub struct Search {
    narrow: FxHashMap<Narrow, Entry>,
    wide: FxHashMap<Wide, Entry>,
    shapes: Shapes,
    solver: Solver,
    /// Regions with at most this many stones are settled by their exact values.
    pub small: u32,
    /// When the transposition table holds this many entries, the cheapest results are
    /// dropped (those that took the least work) until at most half of them remain.
    pub max_entries: usize,
    /// Search by depth-first proof numbers (df-pn) instead of the plain depth-first search.
    pub proof_numbers: bool,
    /// Proof and disproof numbers of the nodes not yet proved, and the work they took
    /// (df-pn only; heuristic information: when it grows past `max_entries`, the entries
    /// that took the least work are dropped until half remain).
    pn: Split<(u32, u32, u32)>,
    total: Stats,
    /// Once [`Search::new_results`] was called: the open nodes proved since its last call
    /// that took at least [`KEEP_WORK`] nodes.
    log: Option<Vec<(Open, bool)>>,
    /// The memory budget of the call (the engine's when it starts): the tables grow within it.
    budget: Budget,
}

/// The proved results that [`Search::new_results`] gives took at least this many nodes
/// (the cheaper ones are found again at once; they are most of the table).
pub const KEEP_WORK: u32 = 64;

/// A proved result, as a file keeps it: the open node `(cells, me, en)` in the layout
/// `stride`, normalised as the search normalises it, with `me` (Left) to move and the game
/// `g` (an id of the engine's table) played beside it; whether the mover wins, and the
/// nodes it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proved {
    pub multi: bool,
    pub stride: u32,
    pub cells: Mask,
    pub me: Mask,
    pub en: Mask,
    pub g: Id,
    pub wins: bool,
    pub work: u32,
}

/// What grows here, for the messages of [`Refused`].
const TABLE: &str = "the native Konane win/loss search's transposition table";

/// A table keyed by open nodes, in two maps: frames of at most 64 bits take narrow keys
/// (32 bytes), wider ones wide keys.
struct Split<V> {
    narrow: FxHashMap<Narrow, V>,
    wide: FxHashMap<Wide, V>,
}

impl<V> Default for Split<V> {
    fn default() -> Split<V> {
        Split {
            narrow: FxHashMap::default(),
            wide: FxHashMap::default(),
        }
    }
}

impl<V> Split<V> {
    #[inline]
    fn narrow_key(o: &Open, multi: bool) -> Option<Narrow> {
        (bit_length(o.cells) <= 64).then_some(Narrow {
            masks: [o.cells as u64, o.me as u64, o.en as u64],
            g: o.g,
            stride: o.s as u8,
            multi,
        })
    }

    #[inline]
    fn wide_key(o: &Open, multi: bool) -> Wide {
        Wide {
            masks: [o.cells, o.me, o.en],
            g: o.g,
            stride: o.s as u8,
            multi,
        }
    }

    #[inline]
    fn get(&self, o: &Open, multi: bool) -> Option<&V> {
        match Self::narrow_key(o, multi) {
            Some(k) => self.narrow.get(&k),
            None => self.wide.get(&Self::wide_key(o, multi)),
        }
    }

    fn insert(&mut self, o: &Open, multi: bool, v: V, budget: &Budget) -> std::result::Result<(), Refused> {
        match Self::narrow_key(o, multi) {
            Some(k) => {
                memory::reserve_map(budget, TABLE, &mut self.narrow, 1)?;
                self.narrow.insert(k, v);
            }
            None => {
                memory::reserve_map(budget, TABLE, &mut self.wide, 1)?;
                self.wide.insert(Self::wide_key(o, multi), v);
            }
        }
        Ok(())
    }

    fn remove(&mut self, o: &Open, multi: bool) {
        match Self::narrow_key(o, multi) {
            Some(k) => {
                self.narrow.remove(&k);
            }
            None => {
                self.wide.remove(&Self::wide_key(o, multi));
            }
        }
    }

    fn len(&self) -> usize {
        self.narrow.len() + self.wide.len()
    }

    fn retain(&mut self, mut keep: impl FnMut(&V) -> bool) {
        self.narrow.retain(|_, v| keep(v));
        self.wide.retain(|_, v| keep(v));
    }
}

/// The [`Proved`] of an entry of the table.
fn proved(o: &Open, multi: bool, x: Entry) -> Proved {
    Proved {
        multi,
        stride: o.s,
        cells: o.cells,
        me: o.me,
        en: o.en,
        g: o.g,
        wins: x.wins,
        work: x.work,
    }
}

/// "Infinite" proof and disproof numbers.
const INF: u32 = u32::MAX / 2;

impl Default for Search {
    fn default() -> Search {
        Search::new()
    }
}

/// What one call carries through the recursion.
struct Call<'a, 'b> {
    e: &'a mut Engine,
    ticker: Ticker<'b, CHECK_EVERY>,
    multi: bool,
    stats: Stats,
}

impl Call<'_, '_> {
    #[inline]
    fn expanded(&mut self) -> Result<()> {
        self.stats.positions += 1;
        self.ticker.tick()
    }
}

/// The number of first jumps of `me` over `en` (a cheap measure of mobility).
#[inline]
fn first_jumps(cells: Mask, me: Mask, en: Mask, s: u32) -> u32 {
    mobility(cells, me, en, s, false).0
}

impl Search {
    pub fn new() -> Search {
        Search {
            narrow: FxHashMap::default(),
            wide: FxHashMap::default(),
            shapes: Shapes::default(),
            // the regions it values are small: one thread
            solver: Solver::with_threads(1),
            small: SMALL,
            max_entries: MAX_ENTRIES,
            proof_numbers: true,
            pn: Split::default(),
            total: Stats::default(),
            log: None,
            budget: Budget::UNLIMITED,
        }
    }

    /// Whether the player to move (Black if `black_to_move`) wins the `rows x cols`
    /// position `(cells, black, white)` (board layout, `stride = cols + 1`), with the
    /// counters of this call.
    ///
    /// `check`, if given, is called with the number of nodes expanded since its last call
    /// (every [`CHECK_EVERY`]) and with the positions computed by the value solver (see
    /// [`Solver::value`]), and once at the end with the rest; if it returns `true`, the
    /// search stops with [`Error::Stopped`] (the tables keep only proved results).
    #[allow(clippy::too_many_arguments)]
    pub fn wins(
        &mut self,
        e: &mut Engine,
        rows: u32,
        cols: u32,
        cells: Mask,
        black: Mask,
        white: Mask,
        black_to_move: bool,
        rules: Rules,
        check: Option<Check<'_>>,
    ) -> Result<(bool, Stats)> {
        check_board("search", rows, cols, cells, black, white)?;
        self.budget = e.budget();
        self.shapes.budget = self.budget;
        let (me, en) = if black_to_move { (black, white) } else { (white, black) };
        let mut cx = Call {
            e,
            ticker: Ticker::new(check),
            multi: rules.multi_jump,
            stats: Stats::default(),
        };
        let r = if self.proof_numbers {
            self.pn_root(&mut cx, cols + 1, cells, me, en)
        } else {
            self.node(&mut cx, cols + 1, cells, me, en, Engine::ZERO)
        };
        self.total.positions += cx.stats.positions;
        self.total.settled += cx.stats.settled;
        let won = r?;
        cx.ticker.finish()?;
        Ok((won, cx.stats))
    }

    /// `(entries of the transposition table, nodes expanded, nodes settled)` over the
    /// search's life.
    pub fn info(&self) -> (usize, u64, u64) {
        (
            self.narrow.len() + self.wide.len(),
            self.total.positions,
            self.total.settled,
        )
    }

    /// Empty the tables (the transposition table and the value solver's).
    pub fn clear(&mut self) {
        self.pn = Split::default();
        self.narrow = FxHashMap::default();
        self.wide = FxHashMap::default();
        self.log = None;
        self.shapes.clear();
        self.solver.clear();
    }

    /// The exact value (from Left's side) of a region, by the value solver.
    fn region_value(&mut self, cx: &mut Call<'_, '_>, s: u32, cells: Mask, me: Mask, en: Mask) -> Result<Id> {
        let rows = bit_length(cells).div_ceil(s);
        let has = cx.ticker.check.is_some();
        let check = &mut cx.ticker.check;
        let mut forward = |n: u64| check.as_mut().is_some_and(|c| c(n));
        let hook: Option<Check<'_>> = if has { Some(&mut forward) } else { None };
        let rules = Rules { multi_jump: cx.multi };
        self.solver.value(cx.e, rows, s - 1, cells, me, en, rules, hook)
    }

    /// Whether Left, to move, wins the position `(s, cells, me, en)` (`me` Left) plus `g`.
    fn node(&mut self, cx: &mut Call<'_, '_>, s: u32, cells: Mask, me: Mask, en: Mask, g: Id) -> Result<bool> {
        match self.prepare(cx, s, cells, me, en, g)? {
            Prepared::Known(w) => Ok(w),
            Prepared::Open(o) => self.solve_open(cx, o),
        }
    }

    /// Steps 1 to 3 of a node (module documentation): its small regions valued into `g`,
    /// settled by the values if nothing is left, else the rest normalised and looked up.
    fn prepare(
        &mut self,
        cx: &mut Call<'_, '_>,
        s: u32,
        cells: Mask,
        me: Mask,
        en: Mask,
        mut g: Id,
    ) -> Result<Prepared> {
        // 1. the regions: small ones go into g
        let (mut bc, mut bm, mut be) = (0, 0, 0);
        let mut valued = false;
        let (lx, lo) = (me & neighbours(en, s), en & neighbours(me, s));
        if lx == 0 {
            // no stone has an enemy next to it: no move, ever
        } else if (me | en).count_ones() <= self.small {
            let v = self.region_value(cx, s, cells, me, en)?;
            if v != Engine::ZERO {
                g = if g == Engine::ZERO { v } else { cx.e.add(g, v)? };
            }
            valued = true;
        } else {
            let line = line_step(cells, s);
            if line == 0 && (6 * (lx | lo).count_ones() > cells.count_ones() || one_group(cells, lx, lo, s)) {
                // the stones that can capture surely form one region (the value solver's test)
                (bc, bm, be) = (cells, me, en);
            } else {
                // a line is cut exactly (as the value solver does), anything else into regions
                let regions = if line != 0 {
                    line_regions(cells, me, en, line)
                } else {
                    live_region_masks(cells, me, en, s)
                };
                for (rc, rm, re) in regions {
                    if rm == 0 || re == 0 {
                        continue;
                    }
                    if (rm | re).count_ones() <= self.small {
                        let v = self.region_value(cx, s, rc, rm, re)?;
                        if v != Engine::ZERO {
                            g = if g == Engine::ZERO { v } else { cx.e.add(g, v)? };
                        }
                        valued = true;
                    } else {
                        bc |= rc;
                        bm |= rm;
                        be |= re;
                    }
                }
            }
        }
        // 2. settled by the values
        if bc == 0 {
            if valued || g != Engine::ZERO {
                cx.stats.settled += 1;
            }
            return Ok(Prepared::Known(!cx.e.leq(g, Engine::ZERO)?));
        }
        // 3. the normal form of the rest, and the table
        let o = self.normalise(s, bc, bm, be, g);
        Ok(match self.lookup(&o, cx.multi) {
            Some(w) => Prepared::Known(w),
            None => Prepared::Open(o),
        })
    }

    /// The normal form of the rest `(s, cells, me, en)` of a node (its bounding box, the
    /// least image of `me` then `en` under the symmetries of the box's cells), with `g`.
    fn normalise(&mut self, s: u32, cells: Mask, me: Mask, en: Mask, g: Id) -> Open {
        let (r0, c0, rows, cols) = bounding_box(cells, s);
        let shift = r0 * s + c0;
        let bs = self.shapes.box_symmetries(s, rows, cols, shr(cells, shift));
        let ((_, ncols, ncells), syms) = (&bs.0, &bs.1);
        let (m0, e0) = (shr(me, shift), shr(en, shift));
        // the least image; the enemy's image is only needed when the mover's ties or wins
        let (first, rest) = syms
            .split_first()
            .expect("at least one symmetry maps a box onto its shape");
        let (mut me, mut en) = (first.apply(m0), first.apply(e0));
        for t in rest {
            let tm = t.apply(m0);
            if tm > me {
                continue;
            }
            let te = t.apply(e0);
            if tm < me || te < en {
                (me, en) = (tm, te);
            }
        }
        Open {
            s: ncols + 1,
            cells: *ncells,
            me,
            en,
            g,
        }
    }

    /// The proved results that took at least [`KEEP_WORK`] nodes, proved since the last
    /// call: the first call (and the first after [`Search::clear`]) gives every such result
    /// of the table and starts keeping the list of those proved from then on (a search never
    /// asked keeps no list).  For a file that keeps them from one run to the next.
    pub fn new_results(&mut self) -> Vec<Proved> {
        let opens: Vec<(Open, bool)> = match self.log.as_mut() {
            Some(log) => std::mem::take(log),
            None => {
                self.log = Some(Vec::new());
                let narrow = self.narrow.iter().map(|(k, x)| {
                    let [cells, me, en] = k.masks.map(Mask::from);
                    (
                        (
                            Open {
                                s: k.stride as u32,
                                cells,
                                me,
                                en,
                                g: k.g,
                            },
                            k.multi,
                        ),
                        x,
                    )
                });
                let wide = self.wide.iter().map(|(k, x)| {
                    let [cells, me, en] = k.masks;
                    (
                        (
                            Open {
                                s: k.stride as u32,
                                cells,
                                me,
                                en,
                                g: k.g,
                            },
                            k.multi,
                        ),
                        x,
                    )
                });
                return narrow
                    .chain(wide)
                    .filter(|(_, x)| x.work >= KEEP_WORK)
                    .map(|((o, multi), x)| proved(&o, multi, *x))
                    .collect();
            }
        };
        // those the table still has (a full table drops the cheapest)
        opens
            .into_iter()
            .filter_map(|(o, multi)| Some(proved(&o, multi, self.entry(&o, multi)?)))
            .collect()
    }

    /// Give the transposition table a result proved before (kept in a file): `false` if
    /// the table had it.  A node that is not in the search's normal form is refused
    /// ([`Error::BadBoard`]): it would never be looked up.  The result is trusted (the file
    /// is checked by its reader) and `g` must be an id of the engine of the calls.
    pub fn put_result(&mut self, p: Proved) -> Result<bool> {
        check_kept("search", "a proved result to keep", p.stride, p.cells, p.me, p.en)?;
        let o = self.normalise(p.stride, p.cells, p.me, p.en, p.g);
        if (o.s, o.cells, o.me, o.en) != (p.stride, p.cells, p.me, p.en) {
            return Err(Error::BadBoard(
                "a proved result to keep: not in its normal form".into(),
            ));
        }
        if self.lookup(&o, p.multi).is_some() {
            return Ok(false);
        }
        // given, not proved here: not in the list of new results
        self.keep(
            &o,
            p.multi,
            Entry {
                wins: p.wins,
                work: p.work,
            },
        )?;
        Ok(true)
    }

    /// The entry of an open node, if the table has it.
    fn entry(&self, o: &Open, multi: bool) -> Option<Entry> {
        if bit_length(o.cells) <= 64 {
            self.narrow
                .get(&Narrow {
                    masks: [o.cells as u64, o.me as u64, o.en as u64],
                    g: o.g,
                    stride: o.s as u8,
                    multi,
                })
                .copied()
        } else {
            self.wide
                .get(&Wide {
                    masks: [o.cells, o.me, o.en],
                    g: o.g,
                    stride: o.s as u8,
                    multi,
                })
                .copied()
        }
    }

    /// The proved result of an open node, if the table has it.
    #[inline]
    fn lookup(&self, o: &Open, multi: bool) -> Option<bool> {
        self.entry(o, multi).map(|x| x.wins)
    }

    /// Keep a proved result, in the list of [`Search::new_results`] too (a growth of the
    /// table past the budget is refused: the error stops the search).
    fn store(&mut self, o: &Open, multi: bool, x: Entry) -> Result<()> {
        if x.work >= KEEP_WORK {
            if let Some(log) = &mut self.log {
                log.push((*o, multi));
            }
        }
        self.keep(o, multi, x)
    }

    /// Put a proved result into the table (emptied of its cheapest entries when full; a
    /// growth past the budget is refused).
    fn keep(&mut self, o: &Open, multi: bool, x: Entry) -> Result<()> {
        if self.narrow.len() + self.wide.len() >= self.max_entries {
            self.shrink();
        }
        if bit_length(o.cells) <= 64 {
            let k = Narrow {
                masks: [o.cells as u64, o.me as u64, o.en as u64],
                g: o.g,
                stride: o.s as u8,
                multi,
            };
            memory::reserve_map(&self.budget, TABLE, &mut self.narrow, 1)?;
            self.narrow.insert(k, x);
        } else {
            let k = Wide {
                masks: [o.cells, o.me, o.en],
                g: o.g,
                stride: o.s as u8,
                multi,
            };
            memory::reserve_map(&self.budget, TABLE, &mut self.wide, 1)?;
            self.wide.insert(k, x);
        }
        Ok(())
    }

    /// Search an open node (looked up again: a sibling's search may have proved it).
    fn solve_open(&mut self, cx: &mut Call<'_, '_>, o: Open) -> Result<bool> {
        if let Some(w) = self.lookup(&o, cx.multi) {
            return Ok(w);
        }
        cx.e.tick()?;
        cx.expanded()?;
        let before = cx.stats.positions;
        let wins = engine::grow(|| self.expand(cx, &o))?;
        let work = (cx.stats.positions - before).min(u32::MAX as u64) as u32;
        self.store(&o, cx.multi, Entry { wins, work })?;
        Ok(wins)
    }

    /// Drop the entries that took the least work until at most half of `max_entries`
    /// remain (every entry left is still a proved result).
    fn shrink(&mut self) {
        let mut floor = 1u32;
        while self.narrow.len() + self.wide.len() > self.max_entries / 2 {
            self.narrow.retain(|_, x| x.work >= floor);
            self.wide.retain(|_, x| x.work >= floor);
            floor = floor.saturating_mul(2);
            if floor == u32::MAX {
                self.narrow.clear();
                self.wide.clear();
            }
        }
    }

    /// The df-pn search of the root.
    fn pn_root(&mut self, cx: &mut Call<'_, '_>, s: u32, cells: Mask, me: Mask, en: Mask) -> Result<bool> {
        let o = match self.prepare(cx, s, cells, me, en, Engine::ZERO)? {
            Prepared::Known(w) => return Ok(w),
            Prepared::Open(o) => o,
        };
        let (phi, delta) = engine::grow(|| self.mid(cx, &o, INF - 1, INF - 1))?;
        if phi == 0 {
            return Ok(true);
        }
        if delta == 0 {
            return Ok(false);
        }
        // the numbers reached "infinity" without a proof (sums of more than 2^30): the
        // depth-first driver finishes the search, using every result proved so far
        self.solve_open(cx, o)
    }

    /// `(proof, disproof)` numbers of an open node (mover wins / mover loses).
    #[inline]
    fn numbers(&self, o: &Open, multi: bool) -> (u32, u32) {
        match self.lookup(o, multi) {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => self
                .pn
                .get(o, multi)
                .map(|x| (x.0, x.1))
                .unwrap_or_else(|| (1, first_jumps(o.cells, o.me, o.en, o.s).max(1))),
        }
    }

    /// Multiple iterative deepening (Nagai's df-pn, negamax form): search the open node
    /// `o` until its proof number reaches `th_phi` or its disproof number `th_delta`;
    /// proved nodes go to the transposition table, the others' numbers to the pn table.
    fn mid(&mut self, cx: &mut Call<'_, '_>, o: &Open, th_phi: u32, th_delta: u32) -> Result<(u32, u32)> {
        if let Some(w) = self.lookup(o, cx.multi) {
            return Ok(if w { (0, INF) } else { (INF, 0) });
        }
        cx.e.tick()?;
        cx.expanded()?;
        let before = cx.stats.positions;
        let Open { s, cells, me, en, g } = *o;
        let mut moves: Vec<(Mask, Mask)> = Vec::new();
        captures(cells, me, en, s, cx.multi, &mut moves);
        let ng = if g == Engine::ZERO { g } else { cx.e.neg(g)? };
        let mut kids: Vec<Open> = Vec::with_capacity(moves.len());
        let mut won = false;
        for &(m2, e2) in &moves {
            match self.prepare(cx, s, cells, e2, m2, ng)? {
                Prepared::Known(false) => {
                    won = true;
                    break;
                }
                Prepared::Known(true) => {}
                Prepared::Open(c) => kids.push(c),
            }
        }
        if !won && g != Engine::ZERO {
            for gl in cx.e.left_options(g)? {
                let ngl = cx.e.neg(gl)?;
                match self.prepare(cx, s, cells, en, me, ngl)? {
                    Prepared::Known(false) => {
                        won = true;
                        break;
                    }
                    Prepared::Known(true) => {}
                    Prepared::Open(c) => kids.push(c),
                }
            }
        }
        if !won && !kids.is_empty() {
            // fewest replies first: ties of the numbers go to the likelier move
            kids.sort_by_key(|c| first_jumps(c.cells, c.me, c.en, c.s));
        }
        loop {
            let result = if won {
                Some(true)
            } else {
                let (mut phi, mut delta, mut best, mut delta2) = (INF, 0u32, usize::MAX, INF);
                let mut best_phi = 0;
                for (i, c) in kids.iter().enumerate() {
                    let (cp, cd) = self.numbers(c, cx.multi);
                    delta = delta.saturating_add(cp).min(INF);
                    if cd < phi {
                        delta2 = phi;
                        phi = cd;
                        best = i;
                        best_phi = cp;
                    } else if cd < delta2 {
                        delta2 = cd;
                    }
                }
                if phi == 0 {
                    Some(true)
                } else if delta == 0 || kids.is_empty() {
                    Some(false)
                } else if phi >= th_phi || delta >= th_delta {
                    if self.pn.len() >= self.max_entries {
                        let mut floor = 1u32;
                        while self.pn.len() > self.max_entries / 2 && floor < u32::MAX {
                            self.pn.retain(|x| x.2 >= floor);
                            floor = floor.saturating_mul(2);
                        }
                    }
                    let work = (cx.stats.positions - before).min(u32::MAX as u64) as u32;
                    self.pn.insert(o, cx.multi, (phi, delta, work), &self.budget)?;
                    return Ok((phi, delta));
                } else {
                    let c = kids[best];
                    let child_phi = th_delta - delta + best_phi;
                    // the 1 + epsilon trick (Pawlewicz and Lew), epsilon = 1/2: fewer switches between siblings
                    let child_delta = th_phi.min(delta2.saturating_add(delta2 / 2).saturating_add(1));
                    engine::grow(|| self.mid(cx, &c, child_phi.min(INF - 1), child_delta.min(INF - 1)))?;
                    None
                }
            };
            if let Some(w) = result {
                self.pn.remove(o, cx.multi);
                let work = (cx.stats.positions - before).min(u32::MAX as u64) as u32;
                self.store(o, cx.multi, Entry { wins: w, work })?;
                return Ok(if w { (0, INF) } else { (INF, 0) });
            }
        }
    }

    /// Whether Left, to move, has a move to a node that the opponent loses.  Every child
    /// is prepared first, so a child already proved lost (settled by values, or in the
    /// table) wins at once ("enhanced transposition cutoff"); the others are searched
    /// fewest replies first, the moves in `g` last.
    fn expand(&mut self, cx: &mut Call<'_, '_>, o: &Open) -> Result<bool> {
        let Open { s, cells, me, en, g } = *o;
        let mut moves: Vec<(Mask, Mask)> = Vec::new();
        captures(cells, me, en, s, cx.multi, &mut moves);
        let ng = if g == Engine::ZERO { g } else { cx.e.neg(g)? };
        let mut open: Vec<(u32, Open)> = Vec::with_capacity(moves.len());
        for &(m2, e2) in &moves {
            // the opponent is Left in the child: colours exchanged, g negated
            match self.prepare(cx, s, cells, e2, m2, ng)? {
                Prepared::Known(false) => return Ok(true),
                Prepared::Known(true) => {}
                Prepared::Open(c) => open.push((first_jumps(c.cells, c.me, c.en, c.s), c)),
            }
        }
        if g != Engine::ZERO {
            for gl in cx.e.left_options(g)? {
                let ngl = cx.e.neg(gl)?;
                match self.prepare(cx, s, cells, en, me, ngl)? {
                    Prepared::Known(false) => return Ok(true),
                    Prepared::Known(true) => {}
                    Prepared::Open(c) => open.push((u32::MAX, c)),
                }
            }
        }
        open.sort_by_key(|x| x.0);
        for (_, c) in open {
            if !self.solve_open(cx, c)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::konane::bits::full_mask;
    use crate::konane::Error;

    use crate::konane::testkit::Rng;

    /// A random `rows x cols` position: each cell a hole, empty, black or white.
    fn random_board(rng: &mut Rng, rows: u32, cols: u32) -> (Mask, Mask, Mask) {
        let (mut cells, mut black, mut white) = (0, 0, 0);
        for r in 0..rows {
            for c in 0..cols {
                let bit: Mask = 1 << (r * (cols + 1) + c);
                match rng.below(12) {
                    0 => continue,
                    1..=3 => {}
                    4..=7 => black |= bit,
                    _ => white |= bit,
                }
                cells |= bit;
            }
        }
        (cells, black, white)
    }

    /// Whether `me` to move wins, by the whole game tree (no table, no values).
    fn brute(cells: Mask, me: Mask, en: Mask, s: u32, multi: bool) -> bool {
        let mut moves = Vec::new();
        captures(cells, me, en, s, multi, &mut moves);
        moves.iter().any(|&(m2, e2)| !brute(cells, e2, m2, s, multi))
    }

    fn outcome_by_value(e: &mut Engine, v: &mut Solver, b: (u32, u32, Mask, Mask, Mask), rules: Rules) -> (bool, bool) {
        let (rows, cols, cells, black, white) = b;
        let g = v.value(e, rows, cols, cells, black, white, rules, None).unwrap();
        (!e.leq(g, Engine::ZERO).unwrap(), !e.leq(Engine::ZERO, g).unwrap())
    }

    #[test]
    fn agrees_with_brute_force_and_values() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut e = Engine::new();
        let mut values = Solver::new();
        let shapes = [(1, 9), (2, 5), (3, 4), (4, 4), (3, 5), (2, 6)];
        for (small, pn) in [(0, false), (3, false), (6, false), (0, true), (6, true)] {
            let mut search = Search::new();
            search.small = small;
            search.proof_numbers = pn;
            for i in 0..400 {
                let (rows, cols) = shapes[i % shapes.len()];
                let (cells, black, white) = random_board(&mut rng, rows, cols);
                for rules in [Rules::STANDARD, Rules::SINGLE_JUMP] {
                    let s = cols + 1;
                    let expect = (
                        brute(cells, black, white, s, rules.multi_jump),
                        brute(cells, white, black, s, rules.multi_jump),
                    );
                    let by_value = outcome_by_value(&mut e, &mut values, (rows, cols, cells, black, white), rules);
                    assert_eq!(expect, by_value, "brute force against the value solver");
                    let got = (
                        search
                            .wins(&mut e, rows, cols, cells, black, white, true, rules, None)
                            .unwrap()
                            .0,
                        search
                            .wins(&mut e, rows, cols, cells, black, white, false, rules, None)
                            .unwrap()
                            .0,
                    );
                    assert_eq!(
                        got, expect,
                        "{rows}x{cols} {cells:b} {black:b} {white:b} {rules:?} small={small}"
                    );
                }
            }
        }
    }

    #[test]
    fn norvig_4x4_and_5x5_openings() {
        // Norvig (2021): with both stones removed and Black to move, White wins 4x4 and
        // Black wins 5x5 (the corner openings here: a1 then b1, in the board layout the
        // bottom-left corner is the last row).
        let mut e = Engine::new();
        let mut search = Search::new();
        for (n, black_wins, pn) in [
            (4u32, false, false),
            (5, true, false),
            (4, false, true),
            (5, true, true),
        ] {
            search.proof_numbers = pn;
            search.clear();
            let s = n + 1;
            let cells = full_mask(n, n);
            let mut black: Mask = 0;
            for r in 0..n {
                for c in 0..n {
                    // a1 (bottom-left, row n-1) is black, as in Board.start
                    if (n - 1 - r + c) % 2 == 0 {
                        black |= 1 << (r * s + c);
                    }
                }
            }
            let white = cells & !black;
            let a1: Mask = 1 << ((n - 1) * s);
            let b1: Mask = a1 << 1;
            let (won, stats) = search
                .wins(
                    &mut e,
                    n,
                    n,
                    cells,
                    black & !a1,
                    white & !b1,
                    true,
                    Rules::STANDARD,
                    None,
                )
                .unwrap();
            assert_eq!(won, black_wins, "{n}x{n}");
            assert!(stats.positions > 0);
        }
    }

    /// The 5x5 board with the stones of two middle cells removed (Black to move), the
    /// position of the tests of stops and kept results: `(n, cells, black, white)`.
    fn five_by_five() -> (u32, Mask, Mask, Mask) {
        let (n, s) = (5, 6);
        let cells = full_mask(n, n);
        let black: Mask = (0..n * n)
            .filter(|i| (i / n + i % n) % 2 == 0)
            .fold(0, |m, i| m | 1 << ((i / n) * s + i % n));
        let white = cells & !black & !(1 << (2 * s + 1));
        (n, cells, black & !(1 << (2 * s + 2)), white)
    }

    /// After a stop: every entry kept is a proved result, so the next searches agree with
    /// the brute force on small boards and with the value solver on the 5x5 position.
    fn assert_the_table_is_valid(search: &mut Search, e: &mut Engine) {
        let mut rng = Rng(7);
        for _ in 0..50 {
            let (c2, b2, w2) = random_board(&mut rng, 3, 4);
            let got = search.wins(e, 3, 4, c2, b2, w2, true, Rules::STANDARD, None).unwrap().0;
            assert_eq!(got, brute(c2, b2, w2, 5, true));
        }
        let (n, cells, black, white) = five_by_five();
        let (won, _) = search
            .wins(e, n, n, cells, black, white, true, Rules::STANDARD, None)
            .unwrap();
        let mut v = Solver::new();
        assert_eq!(
            won,
            outcome_by_value(e, &mut v, (n, n, cells, black, white), Rules::STANDARD).0
        );
    }

    #[test]
    fn proved_results_kept_and_given_back_save_the_work() {
        // the 5x5 position: a search that takes the results of a first one finds the same
        // answer in fewer nodes, and the results are those a fresh search finds
        let mut e = Engine::new();
        let mut first = Search::new();
        assert!(first.new_results().is_empty(), "an empty table; the list starts");
        let (n, cells, black, white) = five_by_five();
        let run = |search: &mut Search, e: &mut Engine| {
            search
                .wins(e, n, n, cells, black, white, true, Rules::STANDARD, None)
                .unwrap()
        };
        let (won, full) = run(&mut first, &mut e);
        let kept = first.new_results();
        assert!(!kept.is_empty() && kept.iter().all(|p| p.work >= KEEP_WORK));
        assert!(first.new_results().is_empty(), "taken once");
        let mut second = Search::new();
        assert!(second.new_results().is_empty(), "the list starts");
        for p in &kept {
            assert!(second.put_result(*p).unwrap());
            assert!(!second.put_result(*p).unwrap(), "already there");
        }
        assert!(second.new_results().is_empty(), "given, not proved: none of them");
        let (won2, saved) = run(&mut second, &mut e);
        assert_eq!(won, won2);
        assert!(saved.positions < full.positions / 2, "{saved:?} {full:?}");
        assert!(second.new_results().len() < kept.len());
        // a node out of its normal form is refused
        let p = kept[0];
        let shifted = Proved {
            cells: p.cells << 1,
            me: p.me << 1,
            en: p.en << 1,
            ..p
        };
        assert!(matches!(second.put_result(shifted), Err(Error::BadBoard(_))));
        // each result kept (with nothing beside it) is what a fresh search finds on its node
        let mut checked = 0;
        for p in kept.iter().filter(|p| p.g == Engine::ZERO).take(30) {
            let rows = bit_length(p.cells).div_ceil(p.stride);
            let mut fresh = Search::new();
            let rules = Rules { multi_jump: p.multi };
            let (w, _) = fresh
                .wins(&mut e, rows, p.stride - 1, p.cells, p.me, p.en, true, rules, None)
                .unwrap();
            assert_eq!(w, p.wins, "{p:?}");
            checked += 1;
        }
        assert!(checked >= 5, "{checked}");
    }

    #[test]
    fn a_stop_leaves_the_table_valid() {
        let mut e = Engine::new();
        let mut search = Search::new();
        search.small = 0;
        let (n, cells, black, white) = five_by_five();
        let mut calls = 0;
        let mut stop = |_n: u64| {
            calls += 1;
            true
        };
        let r = search.wins(
            &mut e,
            n,
            n,
            cells,
            black,
            white,
            true,
            Rules::STANDARD,
            Some(&mut stop),
        );
        assert_eq!(r, Err(Error::Stopped));
        assert!(calls >= 1);
        assert_the_table_is_valid(&mut search, &mut e);
    }

    #[test]
    fn a_growth_past_the_budget_stops_the_search_and_leaves_the_table_valid() {
        // the 5x5 position, with a budget of 4 KiB that the tables pass: the search stops
        // with the memory error, the table keeps only proved results
        use crate::engine::memory::Budget;
        let mut e = Engine::new();
        let mut search = Search::new();
        search.small = 0;
        let (n, cells, black, white) = five_by_five();
        e.set_budget(Budget::new(Some(4 << 10)));
        let r = search.wins(&mut e, n, n, cells, black, white, true, Rules::STANDARD, None);
        assert!(matches!(r, Err(Error::Engine(engine::Error::Memory(_)))), "{r:?}");
        e.set_budget(Budget::UNLIMITED);
        assert_the_table_is_valid(&mut search, &mut e);
    }

    #[test]
    fn a_small_table_drops_entries_and_stays_right() {
        let mut e = Engine::new();
        let mut rng = Rng(11);
        let mut small_table = Search::new();
        small_table.max_entries = 64;
        small_table.small = 0;
        let mut plain = Search::new();
        plain.small = 0;
        for i in 0..300 {
            let (rows, cols) = if i % 2 == 0 { (4, 4) } else { (3, 5) };
            let (cells, black, white) = random_board(&mut rng, rows, cols);
            for btm in [true, false] {
                let a = small_table.wins(&mut e, rows, cols, cells, black, white, btm, Rules::STANDARD, None);
                let b = plain.wins(&mut e, rows, cols, cells, black, white, btm, Rules::STANDARD, None);
                assert_eq!(a.unwrap().0, b.unwrap().0);
                assert!(small_table.info().0 <= 64);
            }
        }
    }

    #[test]
    fn bad_boards_are_errors() {
        let mut e = Engine::new();
        let mut search = Search::new();
        let r = search.wins(&mut e, 12, 12, 0, 0, 0, true, Rules::STANDARD, None);
        assert!(matches!(r, Err(Error::BadBoard(_))));
        let r = search.wins(&mut e, 2, 2, 0b11, 0b1, 0b1, true, Rules::STANDARD, None);
        assert!(matches!(r, Err(Error::BadBoard(_))));
        let r = search.wins(&mut e, 1, 2, 0b111, 0b1, 0, true, Rules::STANDARD, None);
        assert!(matches!(r, Err(Error::BadBoard(_))));
    }
}
