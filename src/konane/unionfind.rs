//! Disjoint sets over `0..n` (union-find): the decomposer merges its groups with it while two
//! of them conflict ([`super::decompose`], [`super::footprint`]).
//!
//! The sets are a few dozen groups at most, so there is no path compression nor union by
//! rank: a union hangs the root of the second element under the root of the first, and the
//! classes come out in the order of their first elements, as the Python decomposer's dict
//! of roots gives them (the regions' order is part of what the kernels agree on).

/// Disjoint sets over `0..n`.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    /// `n` sets of one element each.
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    /// The root of the set of `a`.
    pub fn find(&self, mut a: usize) -> usize {
        while self.parent[a] != a {
            a = self.parent[a];
        }
        a
    }

    /// Join the sets of `i` and `j` (the root of `j`'s goes under the root of `i`'s); whether
    /// they were apart.
    pub fn union(&mut self, i: usize, j: usize) -> bool {
        let (a, b) = (self.find(i), self.find(j));
        if a == b {
            return false;
        }
        self.parent[b] = a;
        true
    }

    /// `(k, labels)`: the number of sets and the set of each element, numbered `0..k` in the
    /// order of the sets' first elements.
    pub fn labels(&self) -> (usize, Vec<usize>) {
        let mut roots: Vec<usize> = Vec::new();
        let labels = (0..self.parent.len())
            .map(|i| {
                let a = self.find(i);
                roots.iter().position(|&r| r == a).unwrap_or_else(|| {
                    roots.push(a);
                    roots.len() - 1
                })
            })
            .collect();
        (roots.len(), labels)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_join_sets() {
        let mut u = UnionFind::new(6);
        assert_eq!(u.labels(), (6, vec![0, 1, 2, 3, 4, 5]));
        assert!(u.union(4, 1));
        assert!(u.union(1, 5));
        assert!(!u.union(5, 4));
        assert!(u.union(3, 0));
        assert_eq!(u.find(5), u.find(4));
        assert_ne!(u.find(0), u.find(1));
        // numbered by first elements: {0, 3}, {1, 4, 5}, {2}
        assert_eq!(u.labels(), (3, vec![0, 1, 2, 0, 1, 1]));
    }

    #[test]
    fn roots_stay_with_the_first_argument() {
        let mut u = UnionFind::new(3);
        u.union(2, 0);
        assert_eq!(u.find(0), 2);
        u.union(1, 0);
        assert_eq!(u.find(2), 1);
        assert_eq!(u.labels(), (1, vec![0, 0, 0]));
        assert_eq!(UnionFind::new(0).labels(), (0, vec![]));
    }
}
