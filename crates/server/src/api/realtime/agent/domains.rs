//! Which domains an agent socket starts and stops listening to when its organisation's domains
//! change while it is open (pure: the socket does the subscribing and the leases).

/// Domains to start listening to, and domains to stop listening to.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct DomainChanges {
    pub added: Vec<String>,
    pub removed: Vec<String>,
}

impl DomainChanges {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty()
    }
}

/// From the domains a socket listens to (`held`) to the organisation's domains now (`now`),
/// each list in its own order.
pub(crate) fn changes(held: &[String], now: &[String]) -> DomainChanges {
    DomainChanges {
        added: now.iter().filter(|d| !held.contains(d)).cloned().collect(),
        removed: held.iter().filter(|d| !now.contains(d)).cloned().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn new_domains_are_added_and_gone_ones_removed() {
        let held = ids(&["a", "b", "c"]);
        assert!(changes(&held, &ids(&["c", "a", "b"])).is_empty());
        assert_eq!(
            changes(&held, &ids(&["a", "d", "c", "e"])),
            DomainChanges {
                added: ids(&["d", "e"]),
                removed: ids(&["b"]),
            }
        );
        assert_eq!(changes(&[], &ids(&["a"])).added, ids(&["a"]));
        assert_eq!(changes(&held, &[]).removed, held);
    }
}
