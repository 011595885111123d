//! Rate limits on the `governor` crate (GCRA, the token bucket's exact cousin): per client
//! address for abuse limits (new chats, logins, realtime messages), and per connection for the
//! hub's message and frame limits. IPv6 clients are limited per /64, since one host usually
//! holds a whole /64 and could otherwise rotate addresses.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{DefaultDirectRateLimiter, Quota};

/// Beyond this many tracked addresses, the ones back to a full burst are forgotten ...
const PRUNE_ABOVE: usize = 100_000;
/// ... checked once per this many calls, so a flood of addresses never sweeps on every call.
const SWEEP_EVERY: u32 = 1024;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// How many at once.
    pub burst: u32,
    /// One more allowed per this much time.
    pub every: Duration,
}

impl Rate {
    fn quota(self) -> Quota {
        let burst = NonZeroU32::new(self.burst).expect("a rate needs a burst");
        Quota::with_period(self.every)
            .expect("a rate needs a period")
            .allow_burst(burst)
    }
}

/// What a client address is counted as: itself, or its /64 for IPv6.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
        v4 => v4,
    }
}

/// One rate per client address (see [`address_key`]).
pub struct RateLimiter<C: Clock = DefaultClock> {
    inner: governor::RateLimiter<
        IpAddr,
        DefaultKeyedStateStore<IpAddr>,
        C,
        NoOpMiddleware<C::Instant>,
    >,
    calls: AtomicU32,
}

impl RateLimiter {
    pub fn new(rate: Rate) -> Self {
        Self::with_clock(rate, DefaultClock::default())
    }
}

impl<C: Clock> RateLimiter<C> {
    /// With another clock (tests use governor's `FakeRelativeClock`).
    pub fn with_clock(rate: Rate, clock: C) -> Self {
        RateLimiter {
            inner: governor::RateLimiter::new(rate.quota(), Default::default(), clock),
            calls: AtomicU32::new(0),
        }
    }

    /// Takes one for `ip`; `Err(wait)` when none is left.
    pub fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        if self.calls.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == 0
            && self.inner.len() > PRUNE_ABOVE
        {
            // Shard by shard (DashMap), never the whole map under one lock.
            self.inner.retain_recent();
        }
        self.inner
            .check_key(&address_key(ip))
            .map_err(|not_until| not_until.wait_time_from(self.inner.clock().now()))
    }

    /// How many addresses are tracked.
    pub fn tracked(&self) -> usize {
        self.inner.len()
    }
}

/// One connection's rate (the hub's per-connection message and frame limits): about 40 bytes,
/// held by every connection.
pub struct ConnLimit(DefaultDirectRateLimiter);

impl ConnLimit {
    pub fn new(rate: Rate) -> Self {
        ConnLimit(governor::RateLimiter::direct(rate.quota()))
    }

    /// Takes one; `Err(wait)` when none is left.
    pub fn check(&self) -> Result<(), Duration> {
        self.0
            .check()
            .map_err(|not_until| not_until.wait_time_from(self.0.clock().now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    fn limiter(burst: u32, every_secs: u64) -> (RateLimiter<FakeRelativeClock>, FakeRelativeClock) {
        let clock = FakeRelativeClock::default();
        let rate = Rate {
            burst,
            every: Duration::from_secs(every_secs),
        };
        (RateLimiter::with_clock(rate, clock.clone()), clock)
    }

    #[test]
    fn bursts_then_refills() {
        let (l, clock) = limiter(2, 10);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        assert!(l.check(ip).is_ok());
        assert!(l.check(ip).is_ok());
        let wait = l.check(ip).unwrap_err();
        assert!(wait > Duration::from_secs(9) && wait <= Duration::from_secs(10));
        assert!(l.check("192.0.2.2".parse().unwrap()).is_ok());
        clock.advance(Duration::from_secs(10));
        assert!(l.check(ip).is_ok());
        assert!(l.check(ip).is_err());
    }

    #[test]
    fn ipv6_is_limited_per_64() {
        let l = RateLimiter::new(Rate {
            burst: 1,
            every: Duration::from_secs(60),
        });
        assert!(l.check("2001:db8:1:2::1".parse().unwrap()).is_ok());
        assert!(l.check("2001:db8:1:2::99".parse().unwrap()).is_err());
        assert!(l.check("2001:db8:1:3::1".parse().unwrap()).is_ok());
        // An IPv4-mapped IPv6 address is its IPv4 address.
        assert!(l.check("192.0.2.7".parse().unwrap()).is_ok());
        assert!(l.check("::ffff:192.0.2.7".parse().unwrap()).is_err());
    }

    #[test]
    fn addresses_back_to_a_full_burst_are_forgotten() {
        let (l, clock) = limiter(1, 1);
        for i in 0..=PRUNE_ABOVE as u32 {
            assert!(l.check(IpAddr::V4(i.into())).is_ok());
        }
        assert_eq!(l.tracked(), PRUNE_ABOVE + 1);
        clock.advance(Duration::from_secs(2));
        // The sweep runs on a call number that is a multiple of SWEEP_EVERY.
        for _ in 0..SWEEP_EVERY {
            let _ = l.check("198.51.100.1".parse().unwrap());
        }
        assert!(l.tracked() < 10, "{} addresses still tracked", l.tracked());
    }

    #[test]
    fn a_connection_limit_bursts_then_waits_and_stays_small() {
        let c = ConnLimit::new(Rate {
            burst: 3,
            every: Duration::from_secs(60),
        });
        for _ in 0..3 {
            assert!(c.check().is_ok());
        }
        let wait = c.check().unwrap_err();
        assert!(wait > Duration::from_secs(59) && wait <= Duration::from_secs(60));
        // Held by every idle connection (budget: 8 KiB each, bench/realtime.sh).
        assert!(std::mem::size_of::<ConnLimit>() <= 48);
    }
}
