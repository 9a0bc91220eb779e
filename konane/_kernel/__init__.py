"""The kernel wing of :mod:`konane`: everything that works on bit masks, and the native door.

Private: the public modules of :mod:`konane` are the API and call these.  Each module here is
the Python reference of one native kernel of the Rust crate and sends the work to it where it
can (through :mod:`konane._kernel.native`, the one module that calls the native core):

* :mod:`~konane._kernel.bitboard` -- masks, captures, symmetries, normal forms, keys
  (``src/konane/bits.rs``);
* :mod:`~konane._kernel.decompose` and :mod:`~konane._kernel.footprint` -- the decomposer
  (``decompose.rs``, ``footprint.rs``);
* :mod:`~konane._kernel.solver` -- values (``solver.rs``, ``pipeline.rs``);
* :mod:`~konane._kernel.wins` -- who wins, by search (``wins.rs``);
* :mod:`~konane._kernel.play` -- the player's search (``play.rs``);
* :mod:`~konane._kernel.census` -- the census (``census.rs``);
* :mod:`~konane._kernel.native` -- the door to the native core;
* :mod:`~konane._kernel.registry` -- the tables that :func:`konane.clear_caches` empties.
"""
