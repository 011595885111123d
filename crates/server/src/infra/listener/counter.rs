//! How many connections are open, per client address and in all; a connection over either cap
//! is refused. Pure bookkeeping: the accept loop asks, a [`Slot`] gives the place back when the
//! connection (or the WebSocket it became) closes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use crate::infra::ratelimit::address_key;

/// Why a connection is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Its address already holds the most connections one address may.
    Address,
    /// The server holds the most connections its open-file limit allows.
    Full,
}

pub struct ConnCounter {
    per_address: usize,
    max_total: usize,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// One open connection's place; dropping it frees the place.
pub struct Slot {
    counter: Arc<ConnCounter>,
    /// `None` for an exempt address (a trusted proxy).
    address: Option<IpAddr>,
}

impl ConnCounter {
    pub fn new(per_address: usize, max_total: usize) -> Arc<Self> {
        Arc::new(ConnCounter {
            per_address: per_address.max(1),
            max_total: max_total.max(1),
            open: Mutex::new(Open::default()),
        })
    }

    /// A place for a connection from `ip`; `exempt` addresses (trusted proxies, which carry
    /// everyone's connections) count only towards the total.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, exempt: bool) -> Result<Slot, Refused> {
        let mut open = self.open.lock().expect("connection counter lock");
        if open.total >= self.max_total {
            return Err(Refused::Full);
        }
        let address = if exempt {
            None
        } else {
            let key = address_key(ip);
            let n = open.by_address.entry(key).or_insert(0);
            if *n >= self.per_address {
                return Err(Refused::Address);
            }
            *n += 1;
            Some(key)
        };
        open.total += 1;
        Ok(Slot {
            counter: self.clone(),
            address,
        })
    }

    /// Connections open now.
    pub fn total(&self) -> usize {
        self.open.lock().expect("connection counter lock").total
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.counter.open.lock().expect("connection counter lock");
        open.total -= 1;
        if let Some(a) = self.address {
            if let Some(n) = open.by_address.get_mut(&a) {
                *n -= 1;
                if *n == 0 {
                    open.by_address.remove(&a);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_per_address_and_in_all_and_frees_on_drop() {
        let c = ConnCounter::new(2, 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = c.admit(a, false).unwrap();
        let _a2 = c.admit(a, false).unwrap();
        assert_eq!(c.admit(a, false).err(), Some(Refused::Address));
        let _b1 = c.admit(b, false).unwrap();
        assert_eq!(c.admit(b, false).err(), Some(Refused::Full));
        drop(a1);
        assert_eq!(c.total(), 2);
        assert!(c.admit(a, false).is_ok());
    }

    #[test]
    fn an_exempt_address_counts_only_towards_the_total() {
        let c = ConnCounter::new(1, 10);
        let proxy: IpAddr = "10.0.0.9".parse().unwrap();
        let slots: Vec<_> = (0..5).map(|_| c.admit(proxy, true).unwrap()).collect();
        assert_eq!(c.total(), 5);
        drop(slots);
        assert_eq!(c.total(), 0);
    }

    #[test]
    fn ipv6_addresses_of_one_64_share_a_cap() {
        let c = ConnCounter::new(1, 10);
        let _one = c.admit("2001:db8::1".parse().unwrap(), false).unwrap();
        assert_eq!(
            c.admit("2001:db8::2".parse().unwrap(), false).err(),
            Some(Refused::Address)
        );
    }
}
