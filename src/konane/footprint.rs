//! The footprint rule: a port of the footprint part of `konane/decomposition.py`, rule for
//! rule (same groups, same merge order, same limit, so both split a position alike).
//!
//! The *footprint* of a group of stones alone on the board is the set of cells each colour
//! ever occupies over every position reachable from the group alone (either player, any
//! order).  Two groups whose footprints neither share a cell nor put a Black cell of one
//! next to a White cell of the other never interact, and the same holds for any sets that
//! contain the footprints (`docs/decomposition.md`, "Footprints").  A region of the reach
//! rule is split by footprints where exploring a group alone takes at most
//! [`FOOTPRINT_LIMIT`] positions, by the group's reach (which contains its footprint)
//! elsewhere.

use super::bits::{captures, line_step, lowest, neighbours, Mask};
use super::decompose::{component, live_region_masks, reach};
use rustc_hash::FxHashSet;

/// Footprints are explored up to this many positions of a group alone; a group with more
/// falls back to its reach (`konane.decomposition.FOOTPRINT_LIMIT`).
pub const FOOTPRINT_LIMIT: usize = 1000;

/// `(foot_x, foot_o)`: the cells each colour ever occupies in the positions reachable from
/// these stones alone (single jumps of either colour in any order: a multi-jump is a
/// series of single jumps of one player), or `None` if there are more than `limit`.
pub fn footprint(cells: Mask, black: Mask, white: Mask, s: u32, limit: usize) -> Option<(Mask, Mask)> {
    let mut seen: FxHashSet<(Mask, Mask)> = FxHashSet::default();
    seen.insert((black, white));
    let mut todo = vec![(black, white)];
    let (mut fx, mut fo) = (black, white);
    let mut moves = Vec::new();
    while let Some((bx, wo)) = todo.pop() {
        moves.clear();
        captures(cells, bx, wo, s, false, &mut moves);
        for &(a, b) in &moves {
            if seen.insert((a, b)) {
                todo.push((a, b));
                fx |= a;
            }
        }
        moves.clear();
        captures(cells, wo, bx, s, false, &mut moves);
        for &(a, b) in &moves {
            if seen.insert((b, a)) {
                todo.push((b, a));
                fo |= a;
            }
        }
        if seen.len() > limit {
            return None;
        }
    }
    Some((fx, fo))
}

/// A group's footprint, or its reach where the footprint has more than
/// [`FOOTPRINT_LIMIT`] positions (`_bound`).
fn bound(cells: Mask, gx: Mask, go: Mask, s: u32) -> (Mask, Mask) {
    if gx == 0 || go == 0 {
        return (gx, go);
    }
    footprint(cells, gx, go, s, FOOTPRINT_LIMIT).unwrap_or_else(|| reach(cells, gx, go, s))
}

fn find(parent: &[usize], mut a: usize) -> usize {
    while parent[a] != a {
        a = parent[a];
    }
    a
}

/// A region of the reach rule split by footprints (`_split_group`): the groups with
/// stones of both colours, as `(bound_x | bound_o, black, white)`; a region with one group
/// that can move is kept as it is.
fn split_group(cells: Mask, gx: Mask, go: Mask, s: u32, out: &mut Vec<(Mask, Mask, Mask)>) {
    let lx = gx & neighbours(go, s);
    let lo = go & neighbours(gx, s);
    // [black, white, bound_x, bound_o]
    let mut comps: Vec<Mask> = Vec::new();
    let mut live = lx | lo;
    while live != 0 {
        let comp = component(lowest(live), lx, lo, s);
        live ^= comp;
        comps.push(comp);
    }
    if comps.len() < 2 {
        // one group that can move: nothing to split
        out.push((cells, gx, go));
        return;
    }
    let mut groups: Vec<[Mask; 4]> = comps
        .iter()
        .map(|&c| {
            let (cx, co) = (c & gx, c & go);
            let (bx, bo) = bound(cells, cx, co, s);
            [cx, co, bx, bo]
        })
        .collect();
    for (mut dead, is_x) in [(gx ^ lx, true), (go ^ lo, false)] {
        while dead != 0 {
            let low = lowest(dead);
            dead ^= low;
            groups.push(if is_x { [low, 0, low, 0] } else { [0, low, 0, low] });
        }
    }
    loop {
        let n = groups.len();
        let mut parent: Vec<usize> = (0..n).collect();
        let mut merged = false;
        for i in 0..n {
            let (xi, oi) = (groups[i][2], groups[i][3]);
            let occ = xi | oi;
            let (nxi, noi) = (neighbours(xi, s), neighbours(oi, s));
            for (j, h) in groups.iter().enumerate().skip(i + 1) {
                let (xj, oj) = (h[2], h[3]);
                if (occ & (xj | oj)) != 0 || (nxi & oj) != 0 || (noi & xj) != 0 {
                    let (a, b) = (find(&parent, i), find(&parent, j));
                    if a != b {
                        parent[b] = a;
                        merged = true;
                    }
                }
            }
        }
        if !merged {
            break;
        }
        // the parts in the order of their roots' first appearance (as Python's dict)
        let mut roots: Vec<usize> = Vec::new();
        let mut parts: Vec<([Mask; 4], bool)> = Vec::new();
        for (i, g) in groups.iter().enumerate() {
            let a = find(&parent, i);
            match roots.iter().position(|&r| r == a) {
                Some(p) => {
                    parts[p].0[0] |= g[0];
                    parts[p].0[1] |= g[1];
                    parts[p].1 = true;
                }
                None => {
                    roots.push(a);
                    parts.push((*g, false));
                }
            }
        }
        groups = parts
            .into_iter()
            .map(|(mut g, grew)| {
                if grew {
                    (g[2], g[3]) = bound(cells, g[0], g[1], s);
                }
                g
            })
            .collect();
    }
    out.extend(
        groups
            .iter()
            .filter(|g| g[0] != 0 && g[1] != 0)
            .map(|g| (g[2] | g[3], g[0], g[1])),
    );
}

/// The live regions of the reach rule, each split further by footprints
/// (`konane.decomposition.footprint_region_masks`); a board that is one line keeps its
/// exact cuts.  In the order of their lowest stone.
pub fn footprint_region_masks(cells: Mask, black: Mask, white: Mask, s: u32) -> Vec<(Mask, Mask, Mask)> {
    let live = live_region_masks(cells, black, white, s);
    if line_step(cells, s) != 0 {
        return live;
    }
    let mut out = Vec::new();
    for (rc, rb, rw) in live {
        split_group(rc, rb, rw, s, &mut out);
    }
    out.sort_by_key(|r| lowest(r.1 | r.2));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::konane::testkit::parse_strided as parse;

    #[test]
    fn footprint_of_a_row() {
        // hand check (as the Python doctest): xo.o..o. -- Black a1 jumps to c1, then e1;
        // White b1 never moves, d1 is jumped or stays, g1 stays
        let (s, cells, b, w) = parse("xo.o..o.");
        assert_eq!(footprint(cells, b, w, s, 100), Some((0b10101, 0b1001010)));
        assert_eq!(footprint(cells, b, w, s, 2), None);
    }

    #[test]
    fn footprint_is_inside_the_reach() {
        // the reach contains every cell a stone can use, so it contains the footprint
        let mut state = 12345u64;
        for _ in 0..500 {
            let mut pic = String::new();
            for r in 0..4 {
                if r > 0 {
                    pic.push('/');
                }
                for _ in 0..5 {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    pic.push(b"xxoo..#"[(state >> 33) as usize % 7] as char);
                }
            }
            let (s, cells, b, w) = parse(&pic);
            let (rx, ro) = reach(cells, b, w, s);
            if let Some((fx, fo)) = footprint(cells, b, w, s, 100_000) {
                assert_eq!(fx & !rx, 0, "{pic}");
                assert_eq!(fo & !ro, 0, "{pic}");
                assert_eq!(fx & b, b, "{pic}");
            }
        }
    }

    #[test]
    fn footprints_split_what_the_reach_joins() {
        // hand check (docs/decomposition.md): in ...o/xo.x the reach lets the White b1 jump
        // the cell c1 where Black lands only after capturing b1 itself, onto d1, so the
        // reach rule joins {a1, b1} with {d1, d2}; their footprints are {a1, c1 | b1} and
        // {d1 | d2}, apart, so they are two regions
        let (s, cells, b, w) = parse("...o/xo.x");
        assert_eq!(live_region_masks(cells, b, w, s).len(), 1);
        let bit = |r: u32, c: u32| -> Mask { 1 << (r * s + c) };
        assert_eq!(
            footprint_region_masks(cells, b, w, s),
            vec![
                (bit(0, 3) | bit(1, 3), bit(1, 3), bit(0, 3)),
                (bit(1, 0) | bit(1, 1) | bit(1, 2), bit(1, 0), bit(1, 1)),
            ]
        );
    }

    #[test]
    fn regions_agree_with_python() {
        // tests/konane/data/footprint_regions.txt: the regions the Python decomposer finds on
        // 600 boards (random boards, real-game windows and positions); the Python test
        // test_agreement_file_is_the_python_decomposer keeps it up to date
        let text = include_str!("../../tests/konane/data/footprint_regions.txt");
        let mut n = 0;
        for line in text.lines() {
            let mut words = line.split(' ');
            let pic = words.next().unwrap();
            let expected: Vec<String> = words.filter(|w| !w.is_empty()).map(str::to_string).collect();
            let (s, cells, b, w) = parse(pic);
            let got: Vec<String> = footprint_region_masks(cells, b, w, s)
                .iter()
                .map(|&(c, x, o)| format!("{c:x}:{x:x}:{o:x}"))
                .collect();
            assert_eq!(got, expected, "{pic}");
            n += 1;
        }
        assert_eq!(n, 600);
    }
}
