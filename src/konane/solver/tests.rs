//! Unit tests of the native Konane solver: known values, and the solver against a brute
//! force (whole game tree, no decomposition, no symmetry) on random boards.

use super::{Check, Error, Result, Rules, Solver, CHECK_EVERY};
use crate::engine::{Dyadic, Engine, Id, Nus};
use crate::konane::bits::{self, automorphisms, captures, images, least_image, least_image_after, Mask, Shapes, Sym};
use crate::konane::decompose::{live_region_masks, one_group, reach, region_masks};
use crate::konane::pipeline::Ref;
use crate::konane::testkit::{parse, Rng};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn number(e: &mut Engine, num: i128, exp: u32) -> Id {
    e.nus_id(Nus::number(Dyadic::from_i128(num, exp))).unwrap()
}

/// A solver in one thread (`None`), or in two with the worker started after `n` records
/// (`Some(n)`; `Some(0)`: piped from the first record, however small the board).
fn solver(pipe_after: Option<u64>) -> Solver {
    solver_on(if pipe_after.is_some() { 2 } else { 1 }, pipe_after.unwrap_or(0))
}

/// A solver on `threads` threads (3 or more: helpers walking beside the caller's walk once
/// the worker has started), the worker started after `pipe_after` records.
fn solver_on(threads: usize, pipe_after: u64) -> Solver {
    let mut s = Solver::with_threads(threads);
    s.pipe_after = pipe_after;
    s
}

fn value(e: &mut Engine, s: &mut Solver, pic: &str, rules: Rules) -> Id {
    checked(e, s, pic, rules, None).unwrap()
}

/// The solver's value of `pic` with the check callback `check`.
fn checked(e: &mut Engine, s: &mut Solver, pic: &str, rules: Rules, check: Option<Check<'_>>) -> Result<Id> {
    let (rows, cols, cells, black, white) = parse(pic);
    s.value(e, rows, cols, cells, black, white, rules, check)
}

/// The whole game tree with no decomposition, no symmetry and no colour swap.
fn brute(
    e: &mut Engine,
    memo: &mut FxHashMap<(Mask, Mask), Id>,
    stride: u32,
    cells: Mask,
    black: Mask,
    white: Mask,
    multi: bool,
) -> Id {
    if let Some(&g) = memo.get(&(black, white)) {
        return g;
    }
    let mut l = Vec::new();
    captures(cells, black, white, stride, multi, &mut l);
    let mut r = Vec::new();
    captures(cells, white, black, stride, multi, &mut r);
    let lo: Vec<Id> = l
        .iter()
        .map(|&(a, b)| brute(e, memo, stride, cells, a, b, multi))
        .collect();
    let ro: Vec<Id> = r
        .iter()
        .map(|&(a, b)| brute(e, memo, stride, cells, b, a, multi))
        .collect();
    let g = e.canonical(&lo, &ro).unwrap();
    memo.insert((black, white), g);
    g
}

fn brute_pic(e: &mut Engine, pic: &str, multi: bool) -> Id {
    let (_, cols, cells, black, white) = parse(pic);
    brute(e, &mut FxHashMap::default(), cols + 1, cells, black, white, multi)
}

fn random_grid(rng: &mut Rng, rows: u32, cols: u32, holes: bool) -> String {
    let chars: &[u8] = if holes { b"xxoo..#" } else { b"xxoo.." };
    (0..rows)
        .map(|_| (0..cols).map(|_| rng.pick(chars)).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn row_with_gaps(rng: &mut Rng) -> String {
    let mut pic = ".".repeat(rng.below(3) as usize);
    let parts = 2 + rng.below(2);
    for i in 0..parts {
        for _ in 0..1 + rng.below(5) {
            pic.push(rng.pick(b"xo"));
        }
        if i + 1 < parts {
            pic.push_str(&".".repeat(1 + rng.below(4) as usize));
        }
    }
    pic + &".".repeat(rng.below(3) as usize)
}

#[test]
fn captures_with_multi_jumps() {
    let (_, cols, cells, black, white) = parse("xo.o.o.");
    let mut out = Vec::new();
    captures(cells, black, white, cols + 1, true, &mut out);
    assert_eq!(out.len(), 3);
    let mut single = Vec::new();
    captures(cells, black, white, cols + 1, false, &mut single);
    assert_eq!(single.len(), 1);
    // after the triple jump the black stone stands on the last cell, no white stone left
    assert!(out.contains(&(1 << 6, 0)));
}

#[test]
fn captures_in_columns_and_at_the_top_of_the_mask() {
    // a 1x127 row fills the mask (stride 128): jumps near bit 127 must not overflow
    let pic = format!("{}xo.", ".".repeat(124));
    let (_, cols, cells, black, white) = parse(&pic);
    let mut out = Vec::new();
    captures(cells, black, white, cols + 1, true, &mut out);
    assert_eq!(out, vec![(1 << 126, 0)]);
    let (_, cols, cells, black, white) = parse("o/x/./o/.");
    let mut out = Vec::new();
    captures(cells, white, black, cols + 1, true, &mut out);
    assert_eq!(out.len(), 1);
    let mut out = Vec::new();
    captures(cells, black, white, cols + 1, true, &mut out);
    assert!(out.is_empty());
}

#[test]
fn known_values() {
    let mut e = Engine::new();
    let mut s = Solver::new();
    let one = number(&mut e, 1, 0);
    assert_eq!(value(&mut e, &mut s, "..ox", Rules::STANDARD), one);
    let star = e.canonical(&[Engine::ZERO], &[Engine::ZERO]).unwrap();
    assert_eq!(value(&mut e, &mut s, ".ox.", Rules::STANDARD), star);
    let m1 = e.neg(one).unwrap();
    let pm1 = e.canonical(&[one], &[m1]).unwrap();
    assert_eq!(value(&mut e, &mut s, ".ox./o..x/....", Rules::STANDARD), pm1);
    let m2 = number(&mut e, -2, 0);
    assert_eq!(value(&mut e, &mut s, ".xoxox.", Rules::STANDARD), m2);
    let three_halves = number(&mut e, 3, 1);
    assert_eq!(
        value(&mut e, &mut s, "....oxxoox..oxxxxo....", Rules::STANDARD),
        three_halves
    );
    let two = number(&mut e, 2, 0);
    assert_eq!(value(&mut e, &mut s, "............oxxxxo....", Rules::STANDARD), two);
}

#[test]
fn normal_form_of_a_row_and_its_column() {
    let mut sh = Shapes::default();
    let (_, cols, cells, black, white) = parse("..ox.");
    let a = sh.normal_form(cols + 1, cells, black, white);
    let (_, cols, cells, black, white) = parse("./x/o/./.");
    let b = sh.normal_form(cols + 1, cells, black, white);
    assert_eq!(a, b);
    assert_eq!((a.0, a.1), (1, 5));
    // the colour swap is the same normal form, swapped
    let (_, cols, cells, black, white) = parse("..xo.");
    let c = sh.normal_form(cols + 1, cells, black, white);
    assert_eq!((c.2, c.3, c.4), (a.2, a.3, a.4));
    assert_ne!(c.5, a.5);
}

#[test]
fn least_image_after_a_move_is_the_least_image() {
    // every move of random positions of square and oblong boards, under every symmetry of
    // the box that keeps its shape (with the colour swap), against the image of the whole
    // position (an independent computation: each mask mapped bit by bit)
    let mut rng = Rng(11);
    let mut checked = 0;
    for (rows, cols) in [(4u32, 4u32), (5, 6), (3, 5), (6, 6)] {
        let stride = cols + 1;
        let syms: Vec<Sym> = (1..8)
            .filter(|&k| bits::transform_shape(rows, cols, k) == (rows, cols))
            .map(|k| Sym::new(rows, cols, stride, k))
            .collect();
        for _ in 0..300 {
            let (_, _, cells, black, white) = parse(&random_grid(&mut rng, rows, cols, false));
            let im = images(&syms, black, white);
            let mut moves = Vec::new();
            captures(cells, black, white, stride, true, &mut moves);
            let n_left = moves.len();
            captures(cells, white, black, stride, true, &mut moves);
            for (i, &(a, b)) in moves.iter().enumerate() {
                let (nb, nw) = if i < n_left { (a, b) } else { (b, a) };
                let expected = least_image(&syms, nb, nw, Some(bits::oriented(nb, nw)));
                assert_eq!(least_image_after(&syms, &im, (black, white), (nb, nw)), expected);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} moves checked");
    // the symmetries of a frame are those of its first position: the 5x6 start has three
    let (_, cols, cells, black, white) = parse("xoxoxo/oxoxox/xo..xo/oxoxox/xoxoxo");
    assert_eq!(automorphisms(cols + 1, cells, black, white).len(), 3);
}

#[test]
fn regions_of_the_docs_examples() {
    let (_, cols, cells, black, white) = parse("xo..x.....ox/.###########");
    assert_eq!(live_region_masks(cells, black, white, cols + 1).len(), 2);
    let (_, cols, cells, black, white) = parse("....oxxoox..oxxxxo....");
    assert_eq!(live_region_masks(cells, black, white, cols + 1).len(), 1);
    let (_, cols, cells, black, white) = parse("xo..x.....ox");
    assert_eq!(region_masks(cells, black, white, cols + 1).len(), 3);
    let (_, cols, cells, black, white) = parse("xo.o..o.");
    let (rx, ro) = reach(cells, black, white, cols + 1);
    assert_eq!(rx, 0b1010101);
    assert_eq!(ro, 0b1101010);
}

/// The win/loss search's shortcut "surely one region" (`decompose::one_group`) never hides a
/// real split: on random boards (not one line, whose exact cuts the search applies instead)
/// where it answers yes, the decomposer finds one region.
#[test]
fn one_group_shortcut_is_never_wrong() {
    let mut rng = Rng(200);
    let mut yes = 0;
    for i in 0..1800u32 {
        let (rows, cols) = [(3, 4), (4, 4), (3, 6), (5, 5), (2, 7), (4, 6)][(i % 6) as usize];
        let pic = random_grid(&mut rng, rows, cols, i % 2 == 0);
        let (_, cols, cells, black, white) = parse(&pic);
        let s = cols + 1;
        if bits::line_step(cells, s) != 0 {
            continue;
        }
        let (lx, lo) = (black & bits::neighbours(white, s), white & bits::neighbours(black, s));
        if lx != 0 && one_group(cells, lx, lo, s) {
            yes += 1;
            assert_eq!(live_region_masks(cells, black, white, s).len(), 1, "{pic}");
        }
    }
    assert!(yes > 100, "the shortcut answered yes only {yes} times");
}

#[test]
fn against_brute_force_on_random_boards() {
    against_brute_force(None);
}

#[test]
fn piped_against_brute_force_on_random_boards() {
    against_brute_force(Some(0));
}

#[test]
fn piped_from_the_fifth_record_against_brute_force_on_random_boards() {
    // the worker takes over in the middle of most calls (the records before refer to ids)
    against_brute_force(Some(5));
}

#[test]
fn helpers_against_brute_force_on_random_boards() {
    // two and three helpers beside the caller's walk, from the first record and the fifth
    against_brute_force_with(solver_on(4, 0), true);
    against_brute_force_with(solver_on(5, 5), true);
}

fn against_brute_force(pipe_after: Option<u64>) {
    against_brute_force_with(solver(pipe_after), pipe_after.is_some());
}

fn against_brute_force_with(mut s: Solver, piped: bool) {
    let mut e = Engine::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let shapes = [
        (2, 5, false),
        (3, 3, true),
        (3, 4, true),
        (4, 4, true),
        (2, 7, true),
        (1, 12, false),
    ];
    for multi in [true, false] {
        let rules = Rules { multi_jump: multi };
        for &(rows, cols, holes) in &shapes {
            for _ in 0..60 {
                let pic = random_grid(&mut rng, rows, cols, holes);
                assert_eq!(
                    value(&mut e, &mut s, &pic, rules),
                    brute_pic(&mut e, &pic, multi),
                    "{pic}"
                );
                let col: String = pic.chars().map(|c| c.to_string()).collect::<Vec<_>>().join("/");
                if rows == 1 {
                    assert_eq!(
                        value(&mut e, &mut s, &col, rules),
                        brute_pic(&mut e, &pic, multi),
                        "{col}"
                    );
                }
            }
        }
        for _ in 0..200 {
            let pic = row_with_gaps(&mut rng);
            assert_eq!(
                value(&mut e, &mut s, &pic, rules),
                brute_pic(&mut e, &pic, multi),
                "{pic}"
            );
        }
    } // the worker did its part (on the calls of more than `pipe_after` records)
    assert_eq!(s.info().piped > 0, piped);
}

/// A random board whose stones stand on the cells of their colour (Black on the cells
/// `(r, c)` with `r + c` even if `even`, else on the others), as in a game from a start
/// position, with `strays` stones then put on cells of the other colour.
fn checkered_grid(rng: &mut Rng, rows: u32, cols: u32, fill: u64, even: bool, strays: u32) -> String {
    let mut cells: Vec<Vec<u8>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| match (rng.below(100) < fill, ((r + c) % 2 == 0) == even) {
                    (true, true) => b'x',
                    (true, false) => b'o',
                    (false, _) => rng.pick(b"....#") as u8,
                })
                .collect()
        })
        .collect();
    for _ in 0..strays {
        let (r, c) = (rng.below(rows.into()) as usize, rng.below(cols.into()) as usize);
        cells[r][c] = if ((r + c) % 2 == 0) == even { b'o' } else { b'x' };
    }
    cells
        .into_iter()
        .map(|row| String::from_utf8(row).unwrap())
        .collect::<Vec<_>>()
        .join("/")
}

/// Parity-consistent positions of frames of more than 32 bits are keyed by their occupied
/// cells and the colour of Black's cells (`postable::Codec::Occupied*`): random such boards
/// of Black on either colour, and boards with a stray stone (the other codecs, the same
/// frames), against the brute force, every such codec used.
#[test]
fn parity_consistent_boards_against_brute_force() {
    use crate::konane::postable::Codec;
    let mut e = Engine::new();
    let mut s = solver(None);
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    for &(rows, cols, fill) in &[(6, 6, 40), (5, 7, 40), (7, 7, 28), (8, 8, 20), (3, 24, 30), (9, 9, 16)] {
        for i in 0..16 {
            // at most 18 stones (the brute force's game tree grows fast with them)
            let pic = loop {
                let pic = checkered_grid(&mut rng, rows, cols, fill, i % 2 == 0, u32::from(i % 4 == 3));
                if pic.matches(['x', 'o']).count() <= 18 {
                    break pic;
                }
            };
            assert_eq!(
                value(&mut e, &mut s, &pic, Rules { multi_jump: true }),
                brute_pic(&mut e, &pic, true),
                "{pic}"
            );
        }
    }
    let codecs = s.tables.raw.codecs();
    for (name, used) in [
        ("Occupied", codecs.iter().any(|&(c, n)| c == Codec::Occupied && n > 0)),
        (
            "OccupiedDense",
            codecs
                .iter()
                .any(|&(c, n)| matches!(c, Codec::OccupiedDense { .. }) && n > 0),
        ),
        (
            "OccupiedWide",
            codecs.iter().any(|&(c, n)| c == Codec::OccupiedWide && n > 0),
        ),
    ] {
        assert!(used, "no position was keyed by the codec {name}: {codecs:?}");
    }
}

#[test]
fn helpers_give_the_values_of_one_thread() {
    // boards too big for the brute force: the values of one thread (a fresh solver each,
    // on one engine) against two and three helpers, from the first record and the 50th
    let mut e = Engine::new();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut pics = vec![
        "xoxox/oxoxo/xo..x/oxoxo".to_string(),
        "oxoxo/x.xox/oxoxo/xoxox".to_string(),
    ];
    for i in 0..12 {
        pics.push(checkered_grid(&mut rng, 5, 5, 80, i % 2 == 0, 0));
    }
    for pic in &pics {
        let one = value(&mut e, &mut solver(None), pic, Rules::STANDARD);
        for (threads, after) in [(3, 0), (4, 50), (5, 0)] {
            let mut s = solver_on(threads, after);
            assert_eq!(value(&mut e, &mut s, pic, Rules::STANDARD), one, "{pic} on {threads}");
            // and again from the tables
            assert_eq!(value(&mut e, &mut s, pic, Rules::STANDARD), one, "{pic} on {threads}");
        }
    }
}

#[test]
fn check_callback_counts_stops_and_keeps_the_tables_valid() {
    check_callback(None);
}

#[test]
fn piped_check_callback_counts_stops_and_keeps_the_tables_valid() {
    // piped from the start, and piped after the first call of the callback (at 4096)
    check_callback(Some(0));
    check_callback(Some(6000));
}

fn check_callback(pipe_after: Option<u64>) {
    check_callback_with(solver(pipe_after), false);
}

/// The check callback of a solver (`helpers`: on three threads or more).
fn check_callback_with(mut s: Solver, helpers: bool) {
    let mut e = Engine::new();
    let piped = s.threads >= 2;
    let pic = "xoxox/oxoxo/xo..x/oxoxo";
    // a callback that only counts: called every CHECK_EVERY positions, then with the rest
    let mut calls = Vec::new();
    let mut count = |n: u64| {
        calls.push(n);
        false
    };
    let v = checked(&mut e, &mut s, pic, Rules::STANDARD, Some(&mut count)).unwrap();
    let computed = s.info().computed;
    assert!(computed > 2 * CHECK_EVERY, "{computed}");
    assert_eq!(s.info().piped, u64::from(piped));
    let heard = calls.iter().sum::<u64>();
    if helpers {
        // it hears of the caller's positions one by one and of the helpers' by thousands: at
        // most what the walkers computed (some positions twice)
        assert!(0 < heard && heard <= computed, "{heard} {computed}");
    } else {
        assert_eq!(heard, computed);
        let (last, full) = calls.split_last().unwrap();
        assert!(full.iter().all(|&n| n == CHECK_EVERY) && 0 < *last && *last <= CHECK_EVERY);
    }
    // a limit of 5000 positions, as konane._progress checks it: stops at the second call
    // (with helpers, 1000: at the first call, whatever part of the work the caller's walk did)
    s.clear();
    let mut seen = 0;
    let most = if helpers { 1000 } else { 5000 };
    let mut limit = |n: u64| {
        seen += n;
        seen > most
    };
    let err = checked(&mut e, &mut s, pic, Rules::STANDARD, Some(&mut limit));
    assert_eq!(err, Err(Error::Stopped));
    if !helpers {
        assert_eq!(seen, 2 * CHECK_EVERY);
    }
    assert!(s.info().positions > 0);
    // the stopped call left only ids of values (a piped call: the slots its valuation
    // reached are replaced by their values, the others dropped)
    let plain = |s: &Solver| {
        let w = &s.tables;
        w.raw
            .entries()
            .iter()
            .chain(w.regions.values())
            .all(|&r| Ref(r).as_id().is_some())
    };
    assert!(plain(&s));
    let w = checked(&mut e, &mut s, pic, Rules::STANDARD, None).unwrap();
    assert_eq!(w, v);
    assert_eq!(v, brute_pic(&mut e, pic, true));
    // a value already known computes nothing: the callback is not called
    let mut never = |_: u64| -> bool { panic!("called") };
    let again = checked(&mut e, &mut s, pic, Rules::STANDARD, Some(&mut never));
    assert_eq!(again, Ok(v));
    assert!(plain(&s));
    // a small value after the stop is right too
    let small = "xoxo/oxox/x..o/oxox";
    assert_eq!(
        value(&mut e, &mut s, small, Rules::STANDARD),
        brute_pic(&mut e, small, true)
    );
}

#[test]
fn helpers_check_callback_counts_stops_and_keeps_the_tables_valid() {
    // a helper from the first record, two from the 100th
    check_callback_with(solver_on(3, 0), true);
    check_callback_with(solver_on(4, 100), true);
}

#[test]
fn interrupt_hook_stops_and_keeps_the_tables_valid() {
    // one thread; piped from the start; piped after 100 records
    for pipe_after in [None, Some(0), Some(100)] {
        interrupt_hook(pipe_after);
    }
    // with a helper
    interrupt_hook_with(solver_on(3, 0), true);
}

/// The engine's hook says "stop" from the first call of the check callback (4096 positions,
/// long after a worker started): in a piped call the walk calls it, and the call stops.
fn interrupt_hook(pipe_after: Option<u64>) {
    interrupt_hook_with(solver(pipe_after), pipe_after.is_some());
}

fn interrupt_hook_with(mut s: Solver, piped: bool) {
    let mut e = Engine::new();
    let pic = "xoxox/oxoxo/xo..x/oxoxo";
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    e.set_hook(Some(Box::new(move || flag.load(Ordering::Relaxed))));
    let mut check = |_: u64| {
        stop.store(true, Ordering::Relaxed);
        false
    };
    let err = checked(&mut e, &mut s, pic, Rules::STANDARD, Some(&mut check));
    assert_eq!(err, Err(Error::Engine(crate::engine::Error::Interrupted)));
    assert_eq!(s.info().piped, u64::from(piped));
    // the engine's own hook is back (not the worker's, whose abort flag is set), and the
    // tables are valid
    let mut hook = e.replace_hook(None).unwrap();
    assert!(hook());
    stop.store(false, Ordering::Relaxed);
    assert!(!hook());
    let v = checked(&mut e, &mut s, pic, Rules::STANDARD, None).unwrap();
    assert_eq!(v, brute_pic(&mut e, pic, true));
}

#[test]
fn a_growth_past_the_budget_stops_and_keeps_the_tables_valid() {
    // one thread; piped from the start
    for pipe_after in [None, Some(0)] {
        budget(pipe_after);
    }
    // with two helpers (one of which may meet the budget first: it stops, and the caller's
    // walk meets it in turn)
    budget_with(solver_on(4, 0));
}

/// A budget of 64 KiB, which the tables of this position pass (they hold some hundred
/// thousand bytes): the call stops with the memory error of the table that could not grow,
/// its tables keep only finished values, the engine's budget is as it was, and the value
/// comes with no budget.
fn budget(pipe_after: Option<u64>) {
    budget_with(solver(pipe_after));
}

fn budget_with(mut s: Solver) {
    use crate::engine::memory::Budget;
    let mut e = Engine::new();
    let pic = "xoxox/oxoxo/xo..x/oxoxo";
    let tight = Budget::new(Some(64 << 10));
    e.set_budget(tight);
    let err = checked(&mut e, &mut s, pic, Rules::STANDARD, None);
    match err {
        Err(Error::Engine(crate::engine::Error::Memory(r))) => {
            assert_eq!(r.budget.map(|b| b.1), Some(64 << 10), "{r}");
            assert!(
                r.wanted > 0 && r.to_string().contains("past the computation's budget"),
                "{r}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e.budget(), tight);
    let plain = s
        .tables
        .raw
        .entries()
        .iter()
        .chain(s.tables.regions.values())
        .all(|&r| Ref(r).as_id().is_some());
    assert!(plain);
    e.set_budget(Budget::UNLIMITED);
    let v = checked(&mut e, &mut s, pic, Rules::STANDARD, None).unwrap();
    assert_eq!(v, brute_pic(&mut e, pic, true));
}

#[test]
fn only_calls_of_more_than_pipe_after_records_start_the_worker() {
    let mut e = Engine::new();
    let mut s = Solver::with_threads(2);
    assert_eq!(s.pipe_after, super::PIPE_AFTER);
    let small = "xoxo/oxox/x..o/oxox";
    let v = value(&mut e, &mut s, small, Rules::STANDARD);
    assert!(s.info().computed < super::PIPE_AFTER);
    assert_eq!((v, s.info().piped), (brute_pic(&mut e, small, true), 0));
    let big = "xoxox/oxoxo/xo..x/oxoxo";
    let v = value(&mut e, &mut s, big, Rules::STANDARD);
    assert!(s.info().computed > 2 * super::PIPE_AFTER);
    assert_eq!((v, s.info().piped), (brute_pic(&mut e, big, true), 1));
}

#[test]
fn bad_boards_are_refused() {
    let mut e = Engine::new();
    let mut s = Solver::new();
    assert!(matches!(
        s.value(&mut e, 12, 11, 0, 0, 0, Rules::STANDARD, None),
        Err(Error::BadBoard(_))
    ));
    assert!(matches!(
        s.value(&mut e, 1, 3, 0b11, 0b1, 0b1, Rules::STANDARD, None),
        Err(Error::BadBoard(_))
    ));
    assert!(bits::fits(8, 8) && bits::fits(10, 10) && !bits::fits(11, 11));
}

#[test]
fn region_values_kept_and_given_back_are_found_again() {
    // a solver that keeps its new regions; a second solver given them finds every region
    // in its table (no miss) and the same values, checked against the brute force
    let mut e = Engine::new();
    let mut first = solver(None);
    let mut rng = Rng(41);
    let pics: Vec<String> = (0..40).map(|_| random_grid(&mut rng, 4, 5, true)).collect();
    let ids: Vec<Id> = pics
        .iter()
        .map(|p| value(&mut e, &mut first, p, Rules::STANDARD))
        .collect();
    // the first call gives every region, later calls those valued since
    let mut kept = first.new_regions();
    assert_eq!(kept.len(), first.info().regions);
    assert!(first.new_regions().is_empty(), "taken once");
    let more: Vec<String> = (0..20).map(|_| random_grid(&mut rng, 4, 5, true)).collect();
    let before = first.info().regions;
    let more_ids: Vec<Id> = more
        .iter()
        .map(|p| value(&mut e, &mut first, p, Rules::STANDARD))
        .collect();
    let new = first.new_regions();
    assert_eq!(new.len(), first.info().regions - before);
    kept.extend(new);
    let (pics, ids) = ([pics, more].concat(), [ids, more_ids].concat());
    let mut second = solver(None);
    for r in &kept {
        assert!(second.put_region(*r).unwrap());
        assert!(!second.put_region(*r).unwrap(), "already there");
    }
    for (p, &id) in pics.iter().zip(&ids) {
        assert_eq!(value(&mut e, &mut second, p, Rules::STANDARD), id, "{p}");
        assert_eq!(id, brute_pic(&mut e, p, true), "{p}");
    }
    let info = second.info();
    assert_eq!(info.misses, 0);
    assert_eq!(info.regions, kept.len());
    // what is not a normal form, or not a board, is refused
    let r = kept.iter().find(|r| r.black != 0 && r.white != 0).unwrap();
    let stray = super::RegionValue {
        black: r.black | 1 << 127,
        ..*r
    };
    let empty = super::RegionValue { cells: 0, ..*r };
    // the colours swapped: the normal form is the least of the two, so one of them is refused
    let swapped = super::RegionValue {
        black: r.white,
        white: r.black,
        ..*r
    };
    let least = Shapes::default().normal_form(r.stride, r.cells, r.white, r.black);
    let twins = (least.2, least.3, least.4) == (r.cells, r.white, r.black);
    for bad in [stray, empty].into_iter().chain((!twins).then_some(swapped)) {
        assert!(matches!(second.put_region(bad), Err(Error::BadBoard(_))), "{bad:?}");
    }
    // after clear, the first call gives every region again (none)
    first.clear();
    assert!(first.new_regions().is_empty());
}
