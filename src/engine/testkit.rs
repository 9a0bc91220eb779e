//! Helpers of the unit tests of the engine and of the modules above it (compiled for tests
//! only): a small deterministic random generator.

/// A small deterministic generator (xorshift).
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub(crate) fn pick(&mut self, chars: &[u8]) -> char {
        chars[self.below(chars.len() as u64) as usize] as char
    }
}
