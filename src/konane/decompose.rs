//! The decomposer: a port of `konane/decomposition.py`, rule for rule.
//!
//! The rule and its proof are in `docs/decomposition.md`: groups of stones linked by
//! adjacency of opposite colours, their *reach* (a least fixpoint that can only be too
//! large), merged while two groups conflict; on a board that is one line, the exact cuts
//! of a line instead.  Nothing here is new: every function is the Python function of the
//! same name, on `u128` masks.

use super::bits::{line_step, lowest, neighbours, shl, shr, Mask};
use super::unionfind::UnionFind;

/// Cells reached from `movers` in at most `limit` jumps over cells of `enemies`.
fn jumps(movers: Mask, enemies: Mask, cells: Mask, s: u32, limit: u32) -> Mask {
    let mut cur = movers;
    for _ in 0..limit {
        let nxt = (cur | one_jump_of(cur, enemies, s)) & cells;
        if nxt == cur {
            break;
        }
        cur = nxt;
    }
    cur
}

/// The cells one jump away from `cur` over cells of `over` (unmasked).
#[inline]
fn one_jump_of(cur: Mask, over: Mask, s: u32) -> Mask {
    (((cur << 1) & over) << 1) | (((cur >> 1) & over) >> 1) | shl(shl(cur, s) & over, s) | shr(shr(cur, s) & over, s)
}

/// `(reach_x, reach_o)`: where the given stones, taken as one group, could ever stand
/// (`konane.decomposition.reach`).
pub fn reach(cells: Mask, black: Mask, white: Mask, s: u32) -> (Mask, Mask) {
    if black == 0 || white == 0 {
        return (black, white);
    }
    let n_x = black.count_ones();
    let n_o = white.count_ones();
    let (mut rx, mut ro) = (black, white);
    for _ in 0..n_x.min(n_o) + 1 {
        let nx = (rx | one_jump_of(rx, ro, s)) & cells;
        let no = (ro | one_jump_of(ro, nx, s)) & cells;
        if nx == rx && no == ro {
            return (rx, ro);
        }
        (rx, ro) = (nx, no);
    }
    rx = jumps(black, white, cells, s, n_o);
    ro = jumps(white, rx, cells, s, n_x);
    loop {
        let nx = jumps(black, ro, cells, s, n_o);
        if nx == rx {
            return (rx, ro);
        }
        rx = nx;
        let no = jumps(white, rx, cells, s, n_x);
        if no == ro {
            return (rx, ro);
        }
        ro = no;
    }
}

/// The stones of `lx | lo` linked to `seed` by orthogonal adjacency of opposite colours.
pub(super) fn component(seed: Mask, lx: Mask, lo: Mask, s: u32) -> Mask {
    let mut comp = seed;
    loop {
        let (cx, co) = (comp & lx, comp & lo);
        let grow = comp | (neighbours(cx, s) & lo) | (neighbours(co, s) & lx);
        if grow == comp {
            return comp;
        }
        comp = grow;
    }
}

/// A lower bound of a group's reach: its stones and the cells one jump away.
fn one_jump(cells: Mask, gx: Mask, go: Mask, s: u32) -> (Mask, Mask) {
    (
        (gx | one_jump_of(gx, go, s)) & cells,
        (go | one_jump_of(go, gx, s)) & cells,
    )
}

/// On a line: the cells `c` such that the part beyond `c` in direction `d` (towards higher
/// bits if `up`), played on its own with `c` empty, can ever land a stone on `c`.
fn landings(black: Mask, white: Mask, empty: Mask, d: u32, up: bool) -> Mask {
    let mut out = 0;
    let e = 2 * d;
    for (a, other) in [(black, white), (white, black)] {
        let (first, link, mut found);
        if up {
            first = shr(a, d);
            link = first & shr(empty, e);
            found = first & shr(other, e);
            loop {
                let more = found | (link & shr(found, e));
                if more == found {
                    break;
                }
                found = more;
            }
        } else {
            first = shl(a, d);
            link = first & shl(empty, e);
            found = first & shl(other, e);
            loop {
                let more = found | (link & shl(found, e));
                if more == found {
                    break;
                }
                found = more;
            }
        }
        out |= found;
    }
    out
}

/// On a line (step `d`): the empty cells that no stone can ever land on and that cut it.
fn line_drop(cells: Mask, black: Mask, white: Mask, d: u32) -> Mask {
    let stones = black | white;
    let empty = cells & !stones;
    let mut drop = empty & shl(empty, d) & shr(empty, d);
    let pairs = empty & shr(empty, d) & shl(stones, d) & shr(stones, 2 * d);
    let singles = empty & shl(stones, d) & shr(stones, d);
    if pairs == 0 && singles == 0 {
        return drop;
    }
    let up = landings(black, white, empty, d, true);
    let down = landings(black, white, empty, d, false);
    let above_fails = pairs & !shr(up, d);
    drop |= shl(above_fails, d);
    drop |= (pairs ^ above_fails) & !down;
    drop |= singles & !up & !down;
    drop
}

/// The pieces of a line (step `d`) between the cells of [`line_drop`], as
/// `(cells, black, white)`, in order along the line.
pub fn line_regions(cells: Mask, black: Mask, white: Mask, d: u32) -> Vec<(Mask, Mask, Mask)> {
    let mut keep = cells & !line_drop(cells, black, white, d);
    let mut out = Vec::new();
    while keep != 0 {
        let mut piece = lowest(keep);
        loop {
            let grow = (piece | shl(piece, d)) & keep;
            if grow == piece {
                break;
            }
            piece = grow;
        }
        keep ^= piece;
        out.push((piece, black & piece, white & piece));
    }
    out
}

/// A group: `[black, white, reach_x, reach_o]`.
type Group = [Mask; 4];

/// The final groups with moves and the dead stones (Black, White) left over
/// (`konane.decomposition._partition`).
fn partition(cells: Mask, black: Mask, white: Mask, s: u32) -> (Vec<Group>, Mask, Mask) {
    let d = line_step(cells, s);
    if d == 0 {
        return partition_piece(cells, black, white, s);
    }
    let mut groups = Vec::new();
    let (mut dead_x, mut dead_o) = (0, 0);
    for (piece, pb, pw) in line_regions(cells, black, white, d) {
        if pb != 0 && pw != 0 {
            groups.push([pb, pw, piece, 0]);
        } else {
            dead_x |= pb;
            dead_o |= pw;
        }
    }
    (groups, dead_x, dead_o)
}

/// [`partition`] on a board that is not one line (`_partition_piece`).
fn partition_piece(cells: Mask, black: Mask, white: Mask, s: u32) -> (Vec<Group>, Mask, Mask) {
    let lx = black & neighbours(white, s);
    let lo = white & neighbours(black, s);
    let mut dead_x = black ^ lx;
    let mut dead_o = white ^ lo;
    if lx == 0 {
        return (Vec::new(), dead_x, dead_o);
    }
    let mut comps: Vec<Group> = Vec::new();
    let mut remaining = lx | lo;
    while remaining != 0 {
        let comp = component(lowest(remaining), lx, lo, s);
        remaining ^= comp;
        if remaining == 0 && comps.is_empty() {
            // one group: its reach, absorbing the dead stones in conflict with it
            let (mut gx, mut go) = (lx, lo);
            let (mut rx, mut ro) = reach(cells, gx, go, s);
            while dead_x != 0 || dead_o != 0 {
                let hx = dead_x & (rx | ro | neighbours(ro, s));
                let ho = dead_o & (rx | ro | neighbours(rx, s));
                if hx == 0 && ho == 0 {
                    break;
                }
                dead_x ^= hx;
                dead_o ^= ho;
                gx |= hx;
                go |= ho;
                (rx, ro) = reach(cells, gx, go, s);
            }
            return (vec![[gx, go, rx, ro]], dead_x, dead_o);
        }
        let (gx, go) = (comp & lx, comp & lo);
        let (ux, uo) = one_jump(cells, gx, go, s);
        comps.push([gx, go, ux, uo]);
    }
    let n = comps.len();
    let mut groups: Vec<Group>;
    if n > 1 || dead_x != 0 || dead_o != 0 {
        let mut sets = UnionFind::new(n);
        let mut hits: Vec<(usize, Mask)> = Vec::new();
        for i in 0..n {
            let (ux, uo) = (comps[i][2], comps[i][3]);
            let occ = ux | uo;
            let (nux, nuo) = (neighbours(ux, s), neighbours(uo, s));
            let hx = dead_x & (occ | nuo);
            let ho = dead_o & (occ | nux);
            if hx != 0 || ho != 0 {
                comps[i][0] |= hx;
                comps[i][1] |= ho;
                hits.push((i, hx | ho));
            }
            for (j, h) in comps.iter().enumerate().skip(i + 1) {
                if (occ & (h[2] | h[3])) != 0 || (nux & h[3]) != 0 || (nuo & h[2]) != 0 {
                    sets.union(i, j);
                }
            }
        }
        for k in 0..hits.len() {
            for m in 0..k {
                if hits[k].1 & hits[m].1 != 0 {
                    sets.union(hits[k].0, hits[m].0);
                }
            }
            dead_x &= !hits[k].1;
            dead_o &= !hits[k].1;
        }
        // the parts in the order of their first groups (as Python's dict of roots)
        let (k, labels) = sets.labels();
        let mut parts: Vec<(Mask, Mask)> = vec![(0, 0); k];
        for (g, &p) in comps.iter().zip(&labels) {
            parts[p].0 |= g[0];
            parts[p].1 |= g[1];
        }
        groups = parts
            .into_iter()
            .map(|(gx, go)| {
                let (rx, ro) = reach(cells, gx, go, s);
                [gx, go, rx, ro]
            })
            .collect();
    } else {
        groups = comps
            .iter()
            .map(|g| {
                let (rx, ro) = reach(cells, g[0], g[1], s);
                [g[0], g[1], rx, ro]
            })
            .collect();
    }
    loop {
        let mut changed = false;
        if dead_x != 0 || dead_o != 0 {
            for g in groups.iter_mut() {
                let (rx, ro) = (g[2], g[3]);
                let occ = rx | ro;
                let hx = dead_x & (occ | neighbours(ro, s));
                let ho = dead_o & (occ | neighbours(rx, s));
                if hx != 0 || ho != 0 {
                    dead_x ^= hx;
                    dead_o ^= ho;
                    g[0] |= hx;
                    g[1] |= ho;
                    (g[2], g[3]) = reach(cells, g[0], g[1], s);
                    changed = true;
                }
            }
        }
        let n = groups.len();
        if n > 1 {
            let mut sets = UnionFind::new(n);
            let mut merged = false;
            let occs: Vec<Mask> = groups.iter().map(|g| g[2] | g[3]).collect();
            let nrx: Vec<Mask> = groups.iter().map(|g| neighbours(g[2], s)).collect();
            let nro: Vec<Mask> = groups.iter().map(|g| neighbours(g[3], s)).collect();
            for i in 0..n {
                for j in i + 1..n {
                    if (occs[i] & occs[j]) != 0 || (nrx[i] & groups[j][3]) != 0 || (nro[i] & groups[j][2]) != 0 {
                        merged |= sets.union(i, j);
                    }
                }
            }
            if merged {
                // the parts in the order of their first groups (as Python's dict of roots)
                let (k, labels) = sets.labels();
                let mut parts: Vec<Option<(Group, bool)>> = vec![None; k];
                for (g, &p) in groups.iter().zip(&labels) {
                    match &mut parts[p] {
                        Some((part, grew)) => {
                            for (x, y) in part.iter_mut().zip(g) {
                                *x |= y;
                            }
                            *grew = true;
                        }
                        none => *none = Some((*g, false)),
                    }
                }
                groups = parts
                    .into_iter()
                    .flatten()
                    .map(|(mut g, grew)| {
                        if grew {
                            (g[2], g[3]) = reach(cells, g[0], g[1], s);
                        }
                        g
                    })
                    .collect();
                changed = true;
            }
        }
        if !changed {
            return (groups, dead_x, dead_o);
        }
    }
}

/// Whether the stones that can capture surely form one region: the win/loss search's shortcut
/// before the decomposer (the Python reference search decomposes every position; the test,
/// `one_group_shortcut_is_never_wrong`, is in the solver's tests).
pub fn one_group(cells: Mask, lx: Mask, lo: Mask, s: u32) -> bool {
    let mut live = lx | lo;
    let mut groups: Vec<(Mask, Mask)> = Vec::new();
    while live != 0 {
        let comp = component(lowest(live), lx, lo, s);
        live ^= comp;
        if groups.is_empty() && live == 0 {
            return true;
        }
        groups.push((comp & lx, comp & lo));
    }
    chained(groups.iter().map(|&(gx, go)| one_jump(cells, gx, go, s)).collect(), s)
        || chained(groups.iter().map(|&(gx, go)| reach(cells, gx, go, s)).collect(), s)
}

/// Whether reach bounds `(x, o)` all join one cluster grown by conflicts.
fn chained(mut bounds: Vec<(Mask, Mask)>, s: u32) -> bool {
    let Some((mut cx, mut co)) = bounds.pop() else {
        return true;
    };
    while !bounds.is_empty() {
        let (nx, no) = (neighbours(cx, s), neighbours(co, s));
        let occ = cx | co;
        let mut rest = Vec::new();
        for &(ux, uo) in &bounds {
            if ((ux | uo) & occ) != 0 || (ux & no) != 0 || (uo & nx) != 0 {
                cx |= ux;
                co |= uo;
            } else {
                rest.push((ux, uo));
            }
        }
        if rest.len() == bounds.len() {
            return false;
        }
        bounds = rest;
    }
    true
}

fn lowest_stone(r: &(Mask, Mask, Mask)) -> Mask {
    lowest(r.1 | r.2)
}

/// The regions that hold stones of both colours, as `(cells, black, white)`, in the order
/// of their lowest stone (`konane.decomposition.live_region_masks`).
pub fn live_region_masks(cells: Mask, black: Mask, white: Mask, s: u32) -> Vec<(Mask, Mask, Mask)> {
    let groups = partition(cells, black, white, s).0;
    let mut out: Vec<(Mask, Mask, Mask)> = groups.iter().map(|g| (g[2] | g[3], g[0], g[1])).collect();
    out.sort_by_key(lowest_stone);
    out
}

/// Every region, dead stones included (`konane.decomposition.region_masks`).
#[cfg(test)]
pub fn region_masks(cells: Mask, black: Mask, white: Mask, s: u32) -> Vec<(Mask, Mask, Mask)> {
    let (groups, dead_x, dead_o) = partition(cells, black, white, s);
    let mut out: Vec<(Mask, Mask, Mask)> = groups.iter().map(|g| (g[2] | g[3], g[0], g[1])).collect();
    for (mut dead, is_x) in [(dead_x, true), (dead_o, false)] {
        while dead != 0 {
            let low = lowest(dead);
            dead ^= low;
            out.push(if is_x { (low, low, 0) } else { (low, 0, low) });
        }
    }
    out.sort_by_key(lowest_stone);
    out
}
