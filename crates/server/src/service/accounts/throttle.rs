//! Per-account login throttling, beside the per-address limit (`crate::api::http::auth::LOGIN_RATE`): guesses at
//! one account from many addresses slow down exponentially.
//!
//! An account (its normalised e-mail, whether or not it exists, so the answer reveals nothing)
//! may fail [`FREE_FAILURES`] times; after that each failure makes the next attempt wait twice as
//! long as the one before, from 1 s up to [`MAX_WAIT`]. An attempt during the wait is refused
//! (429) without looking at the password. Failures are forgotten after [`FORGET_AFTER`] without
//! one, or on a successful login.
//!
//! So an attacker cannot lock a real user out for long: the wait never exceeds a minute, and an
//! address that has logged in to the account before (since the server started) is not held by
//! the account's wait at all (only by its own per-address limit). Nobody is notified; the
//! server logs each time an account starts being held.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures allowed before the account slows down.
pub const FREE_FAILURES: u32 = 5;
/// The longest an account is held.
pub const MAX_WAIT: Duration = Duration::from_secs(60);
/// Failures older than this are forgotten.
pub const FORGET_AFTER: Duration = Duration::from_secs(15 * 60);
/// Addresses remembered per account as ones that logged in to it.
const KNOWN_ADDRESSES: usize = 8;
/// Beyond this many tracked accounts, forgotten failures are pruned.
const PRUNE_ABOVE: usize = 100_000;

#[derive(Default)]
struct Account {
    failures: u32,
    last_failure: Option<Instant>,
    /// No attempt before this (unless from a known address).
    held_until: Option<Instant>,
    /// Addresses that logged in to this account.
    known: Vec<IpAddr>,
}

#[derive(Default)]
pub struct AccountThrottle {
    accounts: Mutex<HashMap<String, Account>>,
}

/// The wait after `failures` failures.
pub fn wait_after(failures: u32) -> Duration {
    if failures < FREE_FAILURES {
        return Duration::ZERO;
    }
    let doublings = (failures - FREE_FAILURES).min(16);
    Duration::from_secs(1u64 << doublings).min(MAX_WAIT)
}

impl AccountThrottle {
    /// Whether `ip` may try `account` now; `Err(wait)` while the account is held.
    pub fn check(&self, account: &str, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let accounts = self.accounts.lock().expect("throttle lock");
        let Some(a) = accounts.get(account) else {
            return Ok(());
        };
        match a.held_until {
            Some(until) if until > now && !a.known.contains(&ip) => Err(until - now),
            _ => Ok(()),
        }
    }

    /// A wrong password (or unknown account); returns the wait it starts, if any.
    pub fn failed(&self, account: &str, now: Instant) -> Option<Duration> {
        let mut accounts = self.accounts.lock().expect("throttle lock");
        if accounts.len() > PRUNE_ABOVE {
            accounts.retain(|_, a| {
                !a.known.is_empty()
                    || a.last_failure
                        .is_some_and(|t| now.duration_since(t) < FORGET_AFTER)
            });
        }
        let a = accounts.entry(account.to_owned()).or_default();
        if a.last_failure
            .is_some_and(|t| now.duration_since(t) >= FORGET_AFTER)
        {
            a.failures = 0;
        }
        a.failures = a.failures.saturating_add(1);
        a.last_failure = Some(now);
        let wait = wait_after(a.failures);
        if wait.is_zero() {
            return None;
        }
        a.held_until = Some(now + wait);
        Some(wait)
    }

    /// A successful login from `ip`: the failures are forgotten and the address is known.
    pub fn succeeded(&self, account: &str, ip: IpAddr) {
        let mut accounts = self.accounts.lock().expect("throttle lock");
        let a = accounts.entry(account.to_owned()).or_default();
        a.failures = 0;
        a.last_failure = None;
        a.held_until = None;
        if !a.known.contains(&ip) {
            if a.known.len() >= KNOWN_ADDRESSES {
                a.known.remove(0);
            }
            a.known.push(ip);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "ada@shop.test";

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn waits_double_up_to_a_minute() {
        let waits: Vec<u64> = (1..=13).map(|f| wait_after(f).as_secs()).collect();
        assert_eq!(waits, [0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(wait_after(u32::MAX), MAX_WAIT);
    }

    #[test]
    fn an_account_is_held_after_its_free_failures_from_any_address() {
        let t = AccountThrottle::default();
        let now = Instant::now();
        for i in 0..FREE_FAILURES - 1 {
            assert!(t.check(A, ip(&format!("192.0.2.{i}")), now).is_ok());
            assert_eq!(t.failed(A, now), None);
        }
        assert_eq!(t.failed(A, now), Some(Duration::from_secs(1)));
        assert!(t.check(A, ip("198.51.100.7"), now).is_err());
        assert!(t.check("other@shop.test", ip("198.51.100.7"), now).is_ok());
        let later = now + Duration::from_secs(1);
        assert!(t.check(A, ip("198.51.100.7"), later).is_ok());
        assert_eq!(t.failed(A, later), Some(Duration::from_secs(2)));
        // Forgotten after a quiet while.
        let much_later = later + FORGET_AFTER;
        assert_eq!(t.failed(A, much_later), None);
    }

    #[test]
    fn an_address_that_logged_in_before_is_not_locked_out() {
        let t = AccountThrottle::default();
        let now = Instant::now();
        t.succeeded(A, ip("192.0.2.1"));
        for _ in 0..20 {
            t.failed(A, now);
        }
        assert_eq!(t.check(A, ip("203.0.113.9"), now), Err(MAX_WAIT));
        assert!(t.check(A, ip("192.0.2.1"), now).is_ok());
        t.succeeded(A, ip("192.0.2.1"));
        assert!(
            t.check(A, ip("203.0.113.9"), now).is_ok(),
            "success forgets"
        );
    }
}
