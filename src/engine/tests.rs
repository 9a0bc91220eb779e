use super::*;
use num_bigint::BigInt;
use num_traits::One;

fn d(n: i64, e: u32) -> Dyadic {
    Dyadic::from_i128(i128::from(n), e)
}

struct Fix {
    e: Engine,
    zero: Id,
    star: Id,
    up: Id,
}

fn fix() -> Fix {
    let mut e = Engine::new();
    let zero = Engine::ZERO;
    let star = e.canonical(&[zero], &[zero]).unwrap();
    let up = e.canonical(&[zero], &[star]).unwrap();
    Fix { e, zero, star, up }
}

/// A structural rendering of `g`'s canonical form (ids are not compared).
fn render(e: &mut Engine, g: Id, depth: usize) -> String {
    if depth == 0 {
        return "...".into();
    }
    let l = e.left_options(g).unwrap();
    let r = e.right_options(g).unwrap();
    let mut ls: Vec<String> = l.iter().map(|&o| render(e, o, depth - 1)).collect();
    let mut rs: Vec<String> = r.iter().map(|&o| render(e, o, depth - 1)).collect();
    ls.sort();
    rs.sort();
    format!("{{{}|{}}}", ls.join(","), rs.join(","))
}

#[test]
fn star_and_up_are_recognised() {
    let Fix { mut e, zero, star, up } = fix();
    assert_eq!(e.nus(star), Some(Nus::new(d(0, 0), 0, 1)));
    assert_eq!(e.nus(up), Some(Nus::new(d(0, 0), 1, 0)));
    assert_eq!(e.add(star, star).unwrap(), zero);
    assert!(e.leq(zero, up).unwrap());
    assert!(!e.leq(up, zero).unwrap());
    assert!(!e.leq(star, zero).unwrap() && !e.leq(zero, star).unwrap());
    let up_star = e.add(up, star).unwrap();
    assert_eq!(e.nus(up_star), Some(Nus::new(d(0, 0), 1, 1)));
    // ^* = {0, * | 0}
    assert_eq!(e.left_options(up_star).unwrap(), vec![zero, star]);
    assert_eq!(e.right_options(up_star).unwrap(), vec![zero]);
    // building it from its options gives the same id
    assert_eq!(e.canonical(&[zero, star], &[zero]).unwrap(), up_star);
}

#[test]
fn numbers_follow_the_simplicity_rule() {
    let mut e = Engine::new();
    let one = e.number_id(d(1, 0)).unwrap();
    let half = e.canonical(&[Engine::ZERO], &[one]).unwrap();
    assert_eq!(e.number_value(half), Some(d(1, 1)));
    let two = e.add(one, one).unwrap();
    assert_eq!(e.number_value(two), Some(d(2, 0)));
    assert_eq!(e.left_options(two).unwrap(), vec![one]);
    // {1 | 2} = 3/2, {2 | 1} is a hot switch
    let g = e.canonical(&[one], &[two]).unwrap();
    assert_eq!(e.number_value(g), Some(d(3, 1)));
    let sw = e.canonical(&[two], &[one]).unwrap();
    assert!(e.nus(sw).is_none());
    assert_eq!(e.stops(sw).unwrap(), (d(2, 0), d(1, 0)));
    assert_eq!(e.birthday(sw).unwrap(), BigInt::from(3));
}

#[test]
fn switches_sum_and_negate() {
    let mut e = Engine::new();
    let one = e.number_id(d(1, 0)).unwrap();
    let m1 = e.neg(one).unwrap();
    let pm1 = e.canonical(&[one], &[m1]).unwrap();
    assert_eq!(e.neg(pm1).unwrap(), pm1);
    assert_eq!(e.add(pm1, pm1).unwrap(), Engine::ZERO);
    let two = e.number_id(d(2, 0)).unwrap();
    let m2 = e.neg(two).unwrap();
    let pm2 = e.canonical(&[two], &[m2]).unwrap();
    let s = e.add(pm1, pm2).unwrap();
    assert!(e.nus(s).is_none());
    assert_eq!(e.stops(s).unwrap(), (d(1, 0), d(-1, 0)));
    let ns = e.neg(s).unwrap();
    assert_eq!(e.add(s, ns).unwrap(), Engine::ZERO);
}

#[test]
fn exact_beyond_64_bits() {
    let mut e = Engine::new();
    let big = Dyadic::from_parts(BigInt::one() << 100u32, 0);
    let tiny = Dyadic::from_parts(BigInt::one(), 80);
    let gb = e.number_id(big.clone()).unwrap();
    let gt = e.number_id(tiny.clone()).unwrap();
    let s = e.add(gb, gt).unwrap();
    assert_eq!(e.number_value(s), Some(big.add(&tiny)));
    let star = e.nus_id(Nus::new(Dyadic::ZERO, 0, 1)).unwrap();
    let sw = e.canonical(&[gb], &[gt]).unwrap();
    let t = e.add(sw, star).unwrap();
    assert_eq!(e.stops(t).unwrap(), (big.clone(), tiny.clone()));
    assert_eq!(e.birthday(gb).unwrap(), BigInt::one() << 100u32);
    assert_eq!(e.birthday(gt).unwrap(), BigInt::from(81));
    // options of a big number are made on demand, one step at a time
    let before = e.len();
    let l = e.left_options(gb).unwrap();
    assert_eq!(e.number_value(l[0]), Some(big.sub(&Dyadic::int(1))));
    assert!(e.len() <= before + 1);
    // i64 edges
    let max = e.number_id(Dyadic::int(i64::MAX)).unwrap();
    let s = e.add(max, max).unwrap();
    assert_eq!(
        e.number_value(s),
        Some(Dyadic::from_parts(BigInt::from(i64::MAX) * 2, 0))
    );
    let min = e.number_id(Dyadic::int(i64::MIN)).unwrap();
    let n = e.neg(min).unwrap();
    assert_eq!(e.number_value(n), Some(Dyadic::from_parts(-BigInt::from(i64::MIN), 0)));
}

#[test]
fn up_overflow_is_an_error() {
    let mut e = Engine::new();
    let a = e.nus_id(Nus::new(Dyadic::ZERO, i64::MAX, 0)).unwrap();
    let up = e.nus_id(Nus::new(Dyadic::ZERO, 1, 0)).unwrap();
    assert!(matches!(e.add(a, up), Err(Error::Overflow(_))));
    let b = e.nus_id(Nus::new(Dyadic::ZERO, i64::MIN, 0)).unwrap();
    assert!(matches!(e.neg(b), Err(Error::Overflow(_))));
    let huge = e.nus_id(Nus::new(Dyadic::ZERO, 0, u64::MAX)).unwrap();
    assert!(matches!(e.left_options(huge), Err(Error::Overflow(_))));
    // the table is still usable
    assert_eq!(
        e.add(up, up).map(|g| e.nus(g)).unwrap(),
        Some(Nus::new(Dyadic::ZERO, 2, 0))
    );
}

#[test]
fn nimbers() {
    let mut e = Engine::new();
    let s5000 = e.nus_id(Nus::new(Dyadic::ZERO, 0, 5000)).unwrap();
    assert_eq!(e.left_options(s5000).unwrap().len(), 5000);
    assert_eq!(e.birthday(s5000).unwrap(), BigInt::from(5000));
    let s3 = e.nus_id(Nus::new(Dyadic::ZERO, 0, 3)).unwrap();
    let s = e.add(s5000, s3).unwrap();
    assert_eq!(e.nus(s), Some(Nus::new(Dyadic::ZERO, 0, 5000 ^ 3)));
    // the mex shortcut
    let s1 = e.nus_id(Nus::new(Dyadic::ZERO, 0, 1)).unwrap();
    let s2 = e.nus_id(Nus::new(Dyadic::ZERO, 0, 2)).unwrap();
    assert_eq!(
        e.canonical(&[Engine::ZERO, s1, s2], &[Engine::ZERO, s1, s2]).unwrap(),
        s3
    );
}

#[test]
fn deep_chains_do_not_overflow_the_stack() {
    let mut e = Engine::new();
    let star = e.nus_id(Nus::new(Dyadic::ZERO, 0, 1)).unwrap();
    let mut g = star;
    // {g | } with g not a number: a chain whose depth grows by one each step
    let depth = 5_000;
    let pm = {
        let one = e.number_id(d(1, 0)).unwrap();
        let m1 = e.number_id(d(-1, 0)).unwrap();
        e.canonical(&[one], &[m1]).unwrap()
    };
    for _ in 0..depth {
        g = e.canonical(&[g], &[pm]).unwrap();
    }
    let b = e.birthday(g).unwrap();
    assert!(b >= BigInt::from(depth));
    let n = e.neg(g).unwrap();
    assert_eq!(e.neg(n).unwrap(), g);
    // a sum with a small game stays linear in the depth
    let h = e.add(g, star).unwrap();
    assert!(!e.leq(h, g).unwrap());
    let k = e.add(g, pm).unwrap();
    assert!(e.leq(g, k).is_ok());
    let _ = e.stops(g).unwrap();
}

/// The switches `+-1`, ..., `+-12` of `e`.
fn switches(e: &mut Engine) -> Vec<Id> {
    (1..13)
        .map(|k| {
            let x = e.number_id(Dyadic::int(k)).unwrap();
            let y = e.neg(x).unwrap();
            e.canonical(&[x], &[y]).unwrap()
        })
        .collect()
}

/// After a stopped sum: `e`'s sum of `games` (the switches) is that of a fresh engine.
fn assert_the_sum_is_a_fresh_engine_s(e: &mut Engine, games: &[Id]) {
    let mut s = Engine::ZERO;
    for &g in games {
        s = e.add(s, g).unwrap();
    }
    let mut f = Engine::new();
    let mut t = Engine::ZERO;
    for g in switches(&mut f) {
        t = f.add(t, g).unwrap();
    }
    assert_eq!(render(e, s, 6), render(&mut f, t, 6));
}

#[test]
fn interrupt_leaves_the_table_consistent() {
    let mut e = Engine::new();
    let games = switches(&mut e);
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let c2 = calls.clone();
    e.set_hook(Some(Box::new(move || {
        c2.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 1
    })));
    let mut s = Engine::ZERO;
    let mut interrupted = false;
    for &g in &games {
        match e.add(s, g) {
            Ok(t) => s = t,
            Err(Error::Interrupted) => {
                interrupted = true;
                break;
            }
            Err(err) => panic!("{err}"),
        }
    }
    assert!(interrupted);
    e.set_hook(None);
    // redo the whole sum: the same result as a fresh engine
    assert_the_sum_is_a_fresh_engine_s(&mut e, &games);
}

#[test]
fn a_growth_past_the_budget_is_an_error_and_leaves_the_table_consistent() {
    // the sum of the switches +-1 ... +-12 makes thousands of games; a budget of 8 KiB
    // refuses a growth of the table (or the tick finds it passed): an error, not an abort;
    // the same sum with no budget is then the one of a fresh engine
    use super::memory::Budget;
    let mut e = Engine::new();
    let games = switches(&mut e);
    let before = e.len();
    e.set_budget(Budget::new(Some(8 << 10)));
    let mut s = Engine::ZERO;
    let mut refused = false;
    for &g in &games {
        match e.add(s, g) {
            Ok(t) => s = t,
            Err(Error::Memory(r)) => {
                assert_eq!(r.budget.map(|b| b.1), Some(8 << 10), "{r}");
                refused = true;
                break;
            }
            Err(err) => panic!("{err}"),
        }
    }
    assert!(refused && e.len() > before);
    e.set_budget(Budget::UNLIMITED);
    assert_the_sum_is_a_fresh_engine_s(&mut e, &games);
}

#[test]
fn small_cache_limit_gives_the_same_results() {
    let mut a = Engine::new();
    let mut b = Engine::new();
    b.set_cache_limit(3);
    let mut ga = Vec::new();
    let mut gb = Vec::new();
    for k in 1..6 {
        for e in [&mut a, &mut b] {
            let x = e.number_id(Dyadic::int(k)).unwrap();
            let y = e.number_id(d(-1, 1)).unwrap();
            let g = e.canonical(&[x], &[y]).unwrap();
            let s = e.nus_id(Nus::new(Dyadic::ZERO, 1, 1)).unwrap();
            let h = e.add(g, s).unwrap();
            let _ = e.leq(g, h).unwrap();
        }
        ga.push(a.len());
        gb.push(b.len());
    }
    assert_eq!(ga, gb);
    assert!(b.cache_info().add <= 3);
}

#[test]
fn check_rejects_unknown_ids() {
    let e = Engine::new();
    assert_eq!(e.check(0), Ok(0));
    assert_eq!(e.check(1), Err(Error::InvalidId(1)));
    assert_eq!(e.check(u64::MAX), Err(Error::InvalidId(u64::MAX)));
}

#[test]
fn nus_closed_forms() {
    let z = Dyadic::ZERO;
    let v = |n, m| Nus::new(z.clone(), n, m);
    assert!(order::nus_leq(&v(0, 0), &v(1, 0)));
    assert!(!order::nus_leq(&v(0, 0), &v(1, 1)));
    assert!(order::nus_leq(&v(0, 0), &v(2, 1)));
    assert!(!order::nus_leq(&v(0, 1), &v(0, 0)));
    assert_eq!(arith::nus_birthday(&v(1, 0)), BigInt::from(2));
    assert_eq!(arith::nus_birthday(&v(1, 1)), BigInt::from(2));
    assert_eq!(arith::nus_birthday(&v(1, 3)), BigInt::from(3));
    assert_eq!(arith::nus_birthday(&v(2, 1)), BigInt::from(3));
    assert_eq!(arith::nus_birthday(&Nus::number(d(-3, 2))), BigInt::from(3));
}

#[test]
fn pair_memo_answers_right_or_not_at_all_and_stays_bounded() {
    use super::table::PairMemo;
    let mut m = PairMemo::default();
    let mut truth = std::collections::HashMap::new();
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..200_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (g, h) = ((x % 5000) as Id, ((x >> 20) % 5000) as Id);
        if g == h {
            continue;
        }
        let answer = (x >> 40) & 1 == 1;
        let answer = *truth.entry((g, h)).or_insert(answer);
        m.put(g, h, answer, 1 << 14);
        assert_eq!(m.get(g, h), Some(answer)); // the last answer kept is there
    }
    // every answer still kept is the right one; the memo never passed its limit
    for (&(g, h), &answer) in &truth {
        assert!(m.get(g, h).is_none_or(|r| r == answer));
    }
    assert!(m.len() <= 1 << 14 && m.bytes() <= 8 << 14);
    // ids of 2^31 or more are not kept
    m.put(1 << 31, 1, true, 1 << 14);
    assert_eq!(m.get(1 << 31, 1), None);
    m.clear();
    assert_eq!((m.len(), m.get(1, 2)), (0, None));
    // however large the cache limit, the memo stays within PAIR_MEMO_MAX_SLOTS
    use super::table::PAIR_MEMO_MAX_SLOTS;
    for i in 0..(2 * PAIR_MEMO_MAX_SLOTS as u32) {
        m.put(i, i + 1, true, 1 << 30);
    }
    assert!(m.len() <= PAIR_MEMO_MAX_SLOTS && m.bytes() <= 8 * PAIR_MEMO_MAX_SLOTS);
}

/// `g + h - g - h` built with the general algorithm on the sum `s` said to be `g + h`: 0
/// exactly when `s` is the sum.
fn is_the_sum(e: &mut Engine, s: Id, g: Id, h: Id) -> bool {
    let ng = e.neg(g).unwrap();
    let nh = e.neg(h).unwrap();
    let t = e.add(s, ng).unwrap();
    e.add(t, nh).unwrap() == Engine::ZERO
}

#[test]
fn a_switch_plus_a_number_up_star_is_its_closed_form() {
    let mut e = Engine::new();
    let switches = [
        (d(1, 0), d(0, 0)),
        (d(2, 0), d(-1, 0)),
        (d(1, 1), d(-3, 2)),
        (d(3, 0), d(5, 1)),
    ];
    for (a, b) in switches {
        let ga = e.number_id(a.clone()).unwrap();
        let gb = e.number_id(b.clone()).unwrap();
        let s = e.canonical(&[ga], &[gb]).unwrap();
        assert!(e.nus(s).is_none());
        for x in [d(0, 0), d(1, 0), d(-3, 1)] {
            for n in -3..=3 {
                for m in 0..4 {
                    let v = Nus::new(x.clone(), n, m);
                    let gv = e.nus_id(v.clone()).unwrap();
                    let r = e.add(s, gv).unwrap();
                    let sum = e.add(gv, s).unwrap();
                    assert_eq!(r, sum);
                    if v.is_zero() {
                        assert_eq!(r, s);
                        continue;
                    }
                    // {a + v | b + v}, already canonical
                    let l = e.nus_id(Nus::new(a.add(&x), n, m)).unwrap();
                    let rr = e.nus_id(Nus::new(b.add(&x), n, m)).unwrap();
                    assert_eq!(e.left_options(r).unwrap(), vec![l]);
                    assert_eq!(e.right_options(r).unwrap(), vec![rr]);
                    assert_eq!(e.canonical(&[l], &[rr]).unwrap(), r);
                    // and the sum: r - s - v = 0 by the general algorithm (r and -s are not
                    // number-up-star values)
                    assert!(is_the_sum(&mut e, r, s, gv), "{{{a:?}|{b:?}}} + {v:?}");
                }
            }
        }
    }
}

#[test]
fn huge_up_multiples_and_nimbers_plus_a_switch_cost_nothing() {
    let mut e = Engine::new();
    let one = e.number_id(d(1, 0)).unwrap();
    let s = e.canonical(&[one], &[Engine::ZERO]).unwrap();
    let before = e.len();
    let up = e.nus_id(Nus::new(Dyadic::ZERO, 10_000_000, 0)).unwrap();
    let star = e.nus_id(Nus::new(Dyadic::ZERO, 0, 3000)).unwrap();
    let a = e.add(up, s).unwrap();
    let b = e.add(s, star).unwrap();
    assert!(e.len() < before + 10);
    assert_eq!(e.stops(a).unwrap(), (d(1, 0), d(0, 0)));
    assert_eq!(e.birthday(a).unwrap(), BigInt::from(10_000_003));
    assert_eq!(e.birthday(b).unwrap(), BigInt::from(3002)); // 1 + (1*3000 born on day 3001)
}

#[test]
fn recursion_past_the_stack_bound_is_an_error_that_leaves_the_table_consistent() {
    let mut e = Engine::new();
    e.set_stack_bound(1);
    let (one, two) = (e.number_id(d(1, 0)).unwrap(), e.number_id(d(2, 0)).unwrap());
    let s = e.canonical(&[two], &[one]).unwrap();
    let g = e.canonical(&[s], &[Engine::ZERO]).unwrap(); // {2|1||0}: not a switch of numbers
    let up = e.nus_id(Nus::new(Dyadic::ZERO, 1 << 40, 0)).unwrap();
    match e.add(up, g) {
        Err(Error::Overflow(msg)) => assert!(msg.contains("stack bound"), "{msg}"),
        other => panic!("expected the stack bound, got {other:?}"),
    }
    let chain = e.nus_id(Nus::new(Dyadic::ZERO, 1 << 40, 1)).unwrap();
    assert!(matches!(e.leq(g, chain), Ok(_) | Err(Error::Overflow(_))));
    // the engine goes on, with the same answers as a fresh one
    e.set_stack_bound(MAX_STACK_SEGMENTS);
    let up3 = e.nus_id(Nus::new(Dyadic::ZERO, 3, 0)).unwrap();
    let r = e.add(up3, g).unwrap();
    assert!(is_the_sum(&mut e, r, up3, g));
    let mut f = Engine::new();
    let (one, two) = (f.number_id(d(1, 0)).unwrap(), f.number_id(d(2, 0)).unwrap());
    let s = f.canonical(&[two], &[one]).unwrap();
    let g = f.canonical(&[s], &[Engine::ZERO]).unwrap();
    let up3 = f.nus_id(Nus::new(Dyadic::ZERO, 3, 0)).unwrap();
    let t = f.add(up3, g).unwrap();
    assert_eq!(render(&mut e, r, 8), render(&mut f, t, 8));
}
