//! The time the store stamps on what it writes (`created_at`, activity, read markers, messages).
//! It is passed in when the store is opened, so that tests move it on instead of waiting to
//! separate two timestamps.

use std::fmt::Debug;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

/// Where "now" comes from, in Unix milliseconds.
pub trait Clock: Debug + Send + Sync + 'static {
    fn now_ms(&self) -> i64;
}

/// The system's wall clock: what the server runs with.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        super::now_ms()
    }
}

/// A clock that moves only when told to (tests): two writes apart in time are a call to
/// [`ManualClock::advance`] apart, not a wait.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// Stopped at `ms`.
    pub fn at(ms: i64) -> Self {
        ManualClock(AtomicI64::new(ms))
    }

    /// Stopped at the system's time now (so that times compared with the wall clock, such as
    /// token and session expiry, stay sensible).
    pub fn starting_now() -> Self {
        Self::at(super::now_ms())
    }

    pub fn advance(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).expect("a test's step fits in i64 ms");
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
