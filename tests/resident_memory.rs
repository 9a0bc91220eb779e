//! The memory budget against the process's resident size, in a process of its own: the unit
//! tests run in threads of one process, where another test freeing memory meanwhile would
//! shrink the resident growth this test reads.

use konane_cgt::engine::memory::{resident, Budget};

#[test]
fn a_large_growth_counts_the_resident_memory() {
    // memory this thread's allocator count does not see (pages of another allocation
    // touched after the budget was made: as the allocator's own slack would be) still
    // counts for a large growth
    let Some(r0) = resident() else { return };
    assert!(r0 > 0);
    let budget = Budget::new(Some(96 << 20));
    // (black_box: the allocation is made here, not moved past the check by the optimiser)
    let mut v: Vec<u8> = std::hint::black_box(Vec::with_capacity(128 << 20));
    // the budget was made before: the count sees 128 MB, over the budget at once
    assert!(budget.check("v").is_err());
    v.resize(64 << 20, 1); // 64 MB resident
    let budget = Budget::new(Some(96 << 20));
    // the baseline is read at the first large growth asked for
    assert!(budget.allows("w", 16 << 20).is_ok());
    v.resize(128 << 20, 1); // 64 MB more resident, not counted as held again
    assert!(resident().unwrap() >= r0 + (100 << 20));
    let r = budget.allows("w", 48 << 20).unwrap_err();
    assert!(r.budget.unwrap().0 >= 60 << 20, "{r}");
    drop(v);
}
