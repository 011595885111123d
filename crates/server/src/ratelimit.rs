//! Per-client-address token buckets, for abuse limits (new chats here; the realtime hub can use
//! one per kind of message). IPv6 clients are limited per /64, since one host usually holds a
//! whole /64 and could otherwise rotate addresses.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Beyond this many tracked addresses, full buckets are forgotten.
const PRUNE_ABOVE: usize = 100_000;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// How many at once.
    pub burst: u32,
    /// One more allowed per this much time.
    pub every: Duration,
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

pub struct RateLimiter {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl RateLimiter {
    pub fn new(rate: Rate) -> Self {
        assert!(
            rate.burst > 0 && !rate.every.is_zero(),
            "a rate needs a burst and a period"
        );
        RateLimiter {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token for `ip`; `Err(wait)` when none is left.
    pub fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        self.check_at(ip, Instant::now())
    }

    pub fn check_at(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let burst = f64::from(self.rate.burst);
        let per_sec = 1.0 / self.rate.every.as_secs_f64();
        let mut buckets = self.buckets.lock().expect("rate limiter lock");
        if buckets.len() > PRUNE_ABOVE {
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * per_sec < burst
            });
        }
        let (tokens, at) = buckets.entry(address_key(ip)).or_insert((burst, now));
        *tokens = (*tokens + now.saturating_duration_since(*at).as_secs_f64() * per_sec).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / per_sec))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bursts_then_refills() {
        let l = RateLimiter::new(Rate {
            burst: 2,
            every: Duration::from_secs(10),
        });
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let t0 = Instant::now();
        assert!(l.check_at(ip, t0).is_ok());
        assert!(l.check_at(ip, t0).is_ok());
        let wait = l.check_at(ip, t0).unwrap_err();
        assert!(wait > Duration::from_secs(9) && wait <= Duration::from_secs(10));
        assert!(l.check_at("192.0.2.2".parse().unwrap(), t0).is_ok());
        assert!(l.check_at(ip, t0 + Duration::from_secs(10)).is_ok());
        assert!(l.check_at(ip, t0 + Duration::from_secs(10)).is_err());
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
    }
}
