"""The caches of footprints (``konane._kernel.footprint.FootprintCache``, Rust
``footprint::FootprintCache``): keyed by the normal form of a group on its reach, a cached
split must be the split computed afresh, on the board asked for and on its images under
the 8 symmetries and the colour swap (which hit the cache); the caches are bounded, emptied
by ``konane.clear_caches`` and listed by ``konane.cache_info``.
"""

import random

import pytest

import konane
from konane import Board
from konane._kernel import native
from konane._kernel.decompose import component
from konane._kernel.footprint import (
    FOOTPRINT_CACHE_MIN_STONES,
    FOOTPRINT_CACHE_SIZE,
    FootprintCache,
    _bound,
    footprint_cache,
    footprint_region_masks,
)
from konane.errors import CacheTypeError

from .test_footprint import random_board, realgame_pictures, realgame_window

has_native = native.loaded()
native_only = pytest.mark.skipif(not has_native, reason="the native extension is not built")


def uncached(b):
    return footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride, FootprintCache(0))


def images(b):
    """The board under the 8 symmetries, each also colour-swapped."""
    return [t for k in range(8) for t in (b.transform(k), b.transform(k).color_swapped())]


def groups(b):
    """The groups of stones linked by adjacency of opposite colours, as (black, white)."""
    s = b.stride
    lx = b.black_mask & ((b.white_mask << 1) | (b.white_mask >> 1) | (b.white_mask << s) | (b.white_mask >> s))
    lo = b.white_mask & ((b.black_mask << 1) | (b.black_mask >> 1) | (b.black_mask << s) | (b.black_mask >> s))
    live, out = lx | lo, []
    while live:
        c = component(live & -live, lx, lo, s)
        live ^= c
        out.append((c & lx, c & lo))
    return out


def boards(seed, n):
    rng = random.Random(seed)
    pictures = realgame_pictures()
    out = [random_board(rng) for _ in range(n)]
    out += [realgame_window(rng, pictures) for _ in range(n // 4)]
    return out


def fits(b):
    return b.rows * b.stride <= 128


# ---------------------------------------------------------------- cached == computed afresh

@pytest.mark.parametrize("seed", range(3))
def test_cached_split_is_the_split_on_random_boards_and_their_images(seed):
    cache = FootprintCache()
    n = 0
    for b in boards(900 + seed, 120):
        for t in images(b):
            got = footprint_region_masks(t.cells_mask, t.black_mask, t.white_mask, t.stride, cache)
            assert got == uncached(t), str(t)
            n += 1
    assert n >= 16 * 150
    # the images of a board hit what the board stored
    assert cache.hits > 2 * cache.misses > 0


@pytest.mark.parametrize("seed", range(2))
def test_cached_bound_is_the_bound_of_each_group(seed):
    # every group, alone on the board (a region's cells or the whole board: the bound only
    # depends on the cells of its reach), on the board and its images
    cache = FootprintCache()
    for b in boards(950 + seed, 300):
        for t in images(b)[::3]:
            for gx, go in groups(t):
                want = _bound(t.cells_mask, gx, go, t.stride)
                assert cache.bound(t.cells_mask, gx, go, t.stride) == want, str(t)
                assert cache.bound(t.cells_mask, gx, go, t.stride) == want, str(t)     # a hit
    assert cache.hits > cache.misses > 0


def test_groups_past_the_limit_keep_their_reach():
    # the crowded real-game positions: one group of hundreds of stones past
    # FOOTPRINT_LIMIT positions, whose bound is its reach, stored as such
    cache = FootprintCache()
    for pic in realgame_pictures()[:12]:
        b = Board(pic)
        for t in (b, b.transform(5).color_swapped()):
            for gx, go in groups(t):
                want = _bound(t.cells_mask, gx, go, t.stride)
                assert cache.bound(t.cells_mask, gx, go, t.stride) == want, pic
    assert None in cache._bounds.values()
    assert cache.hits > 0


def test_the_real_game_positions():
    cache = FootprintCache()
    for pic in realgame_pictures():
        b = Board(pic)
        want = uncached(b)
        for t in (b, b, b.transform(6), b.color_swapped()):
            assert footprint_region_masks(t.cells_mask, t.black_mask, t.white_mask, t.stride, cache) == uncached(t), pic
        assert footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride) == want


@native_only
@pytest.mark.parametrize("seed", range(2))
def test_native_cached_split_is_the_python_split(seed):
    native.clear()
    n = 0
    for b in boards(980 + seed, 150):
        for t in images(b):
            if not fits(t):
                continue
            want = uncached(t)
            assert native.footprint_regions(t.key, cached=False) == want, str(t)
            assert native.footprint_regions(t.key) == want, str(t)
            n += 1
    assert n > 2000
    info = native.footprint_cache_info()
    assert info is not None
    entries, max_entries, hits, misses = info["entries"], info["max_entries"], info["hits"], info["misses"]
    assert max_entries == FOOTPRINT_CACHE_SIZE
    assert 0 < entries <= max_entries and hits > 2 * misses > 0


@native_only
def test_native_real_game_positions():
    for pic in realgame_pictures():
        b = Board(pic)
        for t in (b, b.transform(6), b.color_swapped(), b):
            want = uncached(t)
            assert native.footprint_regions(t.key) == want, pic


@native_only
def test_native_regions_of_a_board_that_fits_only_transposed():
    # 13 x 9 takes 130 bits in its own layout: split transposed, the regions mapped back;
    # expected: the Python split of the board as it is
    rng = random.Random(13)
    for _ in range(30):
        b = Board("/".join("".join(rng.choice("xxoo...#") for _ in range(9)) for _ in range(13)))
        assert not fits(b)
        assert native.footprint_regions(b.key) == uncached(b), str(b)


# ---------------------------------------------------------------- bounded, cleared, listed

def test_the_cache_is_bounded():
    cache = FootprintCache(7)
    most = 0
    for b in boards(990, 200):
        assert footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride, cache) == uncached(b), str(b)
        assert len(cache) <= 7
        most = max(most, len(cache))
    assert most == 7
    nothing = FootprintCache(0)
    for b in boards(991, 50):
        assert footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride, nothing) == uncached(b)
    assert len(nothing) == 0 and nothing.hits == nothing.misses == 0


def test_small_groups_are_not_kept():
    # groups of fewer than FOOTPRINT_CACHE_MIN_STONES stones are explored, not stored
    cache = FootprintCache()
    b = Board("...o/xo.x")
    assert footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride, cache) == uncached(b)
    assert len(cache) == cache.hits == cache.misses == 0
    assert FOOTPRINT_CACHE_MIN_STONES == 4
    b = Board("xox...xo/o..x..ox")
    assert footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride, cache) == uncached(b)
    assert len(cache) == cache.misses == 3     # two groups, and one with the lone x d1 joined


@pytest.mark.parametrize("bad", [-1, 1.5, "10", True, None])
def test_bad_sizes(bad):
    with pytest.raises(CacheTypeError, match="max_entries must be an int >= 0"):
        FootprintCache(bad)


def test_clear_caches_empties_both_caches():
    b = Board("xox...xo/o..x..ox")                  # two groups of 4 stones, two regions
    konane.value(b)                                         # the native solver, if built
    konane.value(b, cache=konane.RegionCache())             # the Python solver
    info = konane.cache_info()["footprints"]
    assert info["python"]["entries"] == 3 and info["python"]["misses"] == 3
    if native.available():
        assert info["native"]["entries"] == 3 and info["native"]["max_entries"] == FOOTPRINT_CACHE_SIZE
    konane.clear_caches()
    info = konane.cache_info()["footprints"]
    assert info["python"] == {"entries": 0, "max_entries": FOOTPRINT_CACHE_SIZE, "hits": 0, "misses": 0}
    assert len(footprint_cache()) == 0
    if has_native:
        assert info["native"] == {"entries": 0, "max_entries": FOOTPRINT_CACHE_SIZE, "hits": 0, "misses": 0}


def test_values_of_mirrored_boards_hit_the_cache():
    # the value of a board, then of its mirror image: the second split explores nothing
    b = Board("xox...xo/o..x..ox")                  # two regions by footprints, one by reach
    for solver_cache in (None, konane.RegionCache()):
        konane.clear_caches()
        v = konane.value(b, cache=solver_cache)
        which = "python" if solver_cache is not None or not native.available() else "native"
        first = konane.cache_info()["footprints"][which]
        assert konane.value(b.transform(4), cache=solver_cache) == v
        assert konane.value(b.color_swapped(), cache=solver_cache) == -v
        info = konane.cache_info()["footprints"][which]
        assert info["misses"] == first["misses"] and info["hits"] >= 2 * first["misses"] > 0
