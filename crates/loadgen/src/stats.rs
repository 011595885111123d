//! The figures a run reports: delivery latency percentiles, memory per connection, rates.
//! Pure functions over numbers and `/proc` text, so they are unit-tested directly.

use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use serde::Serialize;

/// Latencies are recorded in microseconds, up to a minute, with 3 significant figures.
pub fn new_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 60_000_000, 3).expect("valid histogram bounds")
}

/// Records one latency (clamped into the histogram's range).
pub fn record(h: &mut Histogram<u64>, latency: Duration) {
    let us = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
    h.saturating_record(us.clamp(1, h.high()));
}

/// A histogram many tasks record into (the visitors' ack latency).
pub struct SharedHistogram(std::sync::Mutex<Histogram<u64>>);

impl Default for SharedHistogram {
    fn default() -> Self {
        SharedHistogram(std::sync::Mutex::new(new_histogram()))
    }
}

impl SharedHistogram {
    pub fn record(&self, latency: Duration) {
        record(&mut self.0.lock().expect("histogram lock"), latency);
    }
    pub fn latency(&self) -> Option<Latency> {
        Latency::of(&self.0.lock().expect("histogram lock"))
    }
}

/// p50 / p99 / max of a latency histogram, in microseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
pub struct Latency {
    pub count: u64,
    pub p50_us: u64,
    pub p99_us: u64,
    pub max_us: u64,
}

impl Latency {
    /// `None` when nothing was recorded.
    pub fn of(h: &Histogram<u64>) -> Option<Latency> {
        if h.is_empty() {
            return None;
        }
        Some(Latency {
            count: h.len(),
            p50_us: h.value_at_quantile(0.50),
            p99_us: h.value_at_quantile(0.99),
            max_us: h.max(),
        })
    }
}

/// A `Name:   123 kB` field of a `/proc` text (`status`, `meminfo`), in bytes.
pub fn parse_kb_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let mut parts = line[name.len()..].split_whitespace();
    let value: u64 = parts.next()?.parse().ok()?;
    match parts.next() {
        Some("kB") | None => Some(value * 1024),
        Some(_) => None,
    }
}

/// `VmRSS` of a `/proc/{pid}/status` text, in bytes.
pub fn parse_vm_rss(status: &str) -> Option<u64> {
    parse_kb_field(status, "VmRSS:")
}

/// The resident set of a process, in bytes.
pub fn rss_bytes(pid: u32) -> Option<u64> {
    parse_vm_rss(&std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?)
}

/// Growth of the resident set per connection, in bytes: `(after - before) / n`.
/// `None` without connections; 0 when the set shrank (the allocator gave memory back).
pub fn per_connection(before: u64, after: u64, n: u64) -> Option<f64> {
    if n == 0 {
        return None;
    }
    Some(after.saturating_sub(before) as f64 / n as f64)
}

/// `a / b`, when both are there and `b` is not zero.
pub fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// Events per second over a window.
pub fn per_second(events: u64, window: Duration) -> f64 {
    let s = window.as_secs_f64();
    if s <= 0.0 {
        0.0
    } else {
        events as f64 / s
    }
}

/// The clock the senders' timestamps and the receivers' measurements share: nanoseconds
/// since the process started. Loopback, one process, one clock.
pub fn now_ns() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// The marker that carries the send time inside a message's text: `LGTS{nanoseconds};`.
pub const MARK: &str = "LGTS";

/// A message text carrying the send time.
pub fn stamp(sent_ns: u64, rest: &str) -> String {
    format!("{MARK}{sent_ns}; {rest}")
}

/// The send time stamped into a frame (any JSON shape that carries the text), if any.
pub fn stamp_of(frame: &str) -> Option<u64> {
    let at = frame.find(MARK)? + MARK.len();
    let digits = frame[at..].bytes().take_while(u8::is_ascii_digit).count();
    frame[at..at + digits].parse().ok()
}

/// Bytes for humans: `7.9 KiB`, `132.0 KiB`, `1.2 MiB`.
pub fn human_bytes(b: f64) -> String {
    if b < 1024.0 {
        format!("{b:.0} B")
    } else if b < 1024.0 * 1024.0 {
        format!("{:.1} KiB", b / 1024.0)
    } else {
        format!("{:.1} MiB", b / (1024.0 * 1024.0))
    }
}

/// Microseconds for humans: `0.41 ms`, `12.3 ms`.
pub fn human_us(us: u64) -> String {
    let ms = us as f64 / 1000.0;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{ms:.1} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_a_known_distribution() {
        let mut h = new_histogram();
        assert_eq!(Latency::of(&h), None);
        // 1..=1000 ms in 1 ms steps.
        for ms in 1..=1000u64 {
            record(&mut h, Duration::from_millis(ms));
        }
        let l = Latency::of(&h).unwrap();
        assert_eq!(l.count, 1000);
        // 3 significant figures: within 0.1 %.
        assert!((l.p50_us as f64 - 500_000.0).abs() <= 500.0, "{l:?}");
        assert!((l.p99_us as f64 - 990_000.0).abs() <= 990.0, "{l:?}");
        assert!((l.max_us as f64 - 1_000_000.0).abs() <= 1000.0, "{l:?}");
        // Out of range values are clamped, not lost.
        record(&mut h, Duration::from_secs(3600));
        record(&mut h, Duration::ZERO);
        assert_eq!(h.len(), 1002);
    }

    #[test]
    fn rss_from_proc_status() {
        let status = "Name:\tbeckon\nVmPeak:\t  900 kB\nVmRSS:\t   20480 kB\nRssAnon:\t 1 kB\n";
        assert_eq!(parse_vm_rss(status), Some(20480 * 1024));
        assert_eq!(parse_vm_rss("Name:\tx\n"), None);
        assert_eq!(parse_vm_rss("VmRSS:\t12 MB\n"), None);
        let own = rss_bytes(std::process::id()).unwrap();
        assert!(own > 0);
    }

    #[test]
    fn memory_per_connection_and_ratios() {
        assert_eq!(per_connection(1000, 1000 + 8192 * 10, 10), Some(8192.0));
        assert_eq!(per_connection(5000, 4000, 10), Some(0.0));
        assert_eq!(per_connection(0, 100, 0), None);
        assert_eq!(ratio(Some(6.0), Some(3.0)), Some(2.0));
        assert_eq!(ratio(Some(6.0), Some(0.0)), None);
        assert_eq!(ratio(None, Some(3.0)), None);
        assert_eq!(per_second(500, Duration::from_secs(2)), 250.0);
        assert_eq!(per_second(5, Duration::ZERO), 0.0);
    }

    #[test]
    fn stamps_survive_any_frame_shape() {
        let text = stamp(123_456_789, "hello");
        assert_eq!(text, "LGTS123456789; hello");
        let beckon = format!(
            r#"{{"op":"chat-message","channelId":"c-1","seq":3,"message":{{"text":"{text}"}}}}"#
        );
        assert_eq!(stamp_of(&beckon), Some(123_456_789));
        assert_eq!(stamp_of(r#"{"op":"presence"}"#), None);
        assert_eq!(stamp_of("LGTS;"), None);
    }

    #[test]
    fn human_units() {
        assert_eq!(human_bytes(512.0), "512 B");
        assert_eq!(human_bytes(8192.0), "8.0 KiB");
        assert_eq!(human_bytes(3.0 * 1024.0 * 1024.0), "3.0 MiB");
        assert_eq!(human_us(410), "0.41 ms");
        assert_eq!(human_us(12_345), "12.3 ms");
    }
}
