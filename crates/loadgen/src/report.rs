//! The realtime section of `bench/results.md`: one table over the runs, Beckon and the bare
//! baseline side by side, the budgets checked honestly.

use std::fmt::Write as _;

use crate::figures::{Report, RunFile};
use crate::stats::{self, Latency};

/// docs/architecture.md: memory per idle realtime connection ≤ 8 KB (read as 8 KiB).
pub const MEM_BUDGET: f64 = 8192.0;
/// docs/architecture.md: visitor → agent delivery, 1 000 active chats, loopback: p99 ≤ 10 ms.
pub const P99_BUDGET_US: u64 = 10_000;
/// The same across instances (visitor on one, agent on another, through Redis): p99 ≤ 15 ms.
pub const P99_CROSS_BUDGET_US: u64 = 15_000;

pub fn fmt_ratio(r: Option<f64>) -> String {
    r.map_or("n/a".into(), |r| format!("{r:.2}×"))
}

pub fn lat_ratio(a: &Report, b: &Report, f: impl Fn(&Latency) -> u64) -> Option<f64> {
    let (a, b) = (a.latency.as_ref()?, b.latency.as_ref()?);
    stats::ratio(Some(f(a) as f64), Some(f(b) as f64))
}

fn lat(r: &Report, f: impl Fn(&Latency) -> u64) -> String {
    r.latency
        .as_ref()
        .map_or("n/a".into(), |l| stats::human_us(f(l)))
}

/// Send → ack: the part of the delivery that is the store (the baseline has none).
fn ack(r: &Report) -> String {
    r.ack_latency.as_ref().map_or("—".into(), |l| {
        format!(
            "{} / {}",
            stats::human_us(l.p50_us),
            stats::human_us(l.p99_us)
        )
    })
}

fn errors(r: &Report) -> String {
    let total = r.connect_failed + r.http_failed + r.http_retried + r.dropped + r.error_frames;
    if total == 0 {
        return "0".into();
    }
    let mut parts = Vec::new();
    for (n, what) in [
        (r.connect_failed, "connect"),
        (r.http_failed, "http"),
        (r.dropped, "dropped"),
        (r.error_frames, "error frames"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    if r.http_retried > 0 {
        parts.push(format!("{} HTTP 5xx retried", r.http_retried));
    }
    if r.rate_limited > 0 {
        parts.push(format!("({} were 429)", r.rate_limited));
    }
    parts.join(", ")
}

fn verdict(r: &Report) -> String {
    if r.target != "beckon" {
        return "(ceiling)".into();
    }
    let mut v = Vec::new();
    if let Some(m) = r.mem_per_conn {
        v.push(if m <= MEM_BUDGET {
            "memory met".to_owned()
        } else {
            format!("memory MISSED ({} > 8 KiB)", stats::human_bytes(m))
        });
    }
    // The latency budget is stated for 1 000 active chats.
    let budget = if r.instances > 1 {
        P99_CROSS_BUDGET_US
    } else {
        P99_BUDGET_US
    };
    if let Some(l) = r.latency.filter(|_| r.active >= 1000) {
        v.push(if l.p99_us <= budget {
            "p99 met".to_owned()
        } else {
            format!(
                "p99 MISSED ({} > {})",
                stats::human_us(l.p99_us),
                stats::human_us(budget)
            )
        });
    }
    if r.delivered < r.expected {
        v.push(format!(
            "{} of {} deliveries missing",
            r.expected - r.delivered,
            r.expected
        ));
    }
    v.join("; ")
}

/// Memory per idle connection, and over the second half of the visitors.
pub fn mem(r: &Report) -> String {
    let all = r.mem_per_conn.map_or("n/a".into(), stats::human_bytes);
    match r.mem_per_conn_second_half {
        Some(h) => format!("{all} (second half {})", stats::human_bytes(h)),
        None => all,
    }
}

fn server_label(r: &Report) -> String {
    let server = match (r.target.as_str(), r.instances, &r.redis) {
        ("beckon", 1, None) => "Beckon".into(),
        ("beckon", 1, Some(_)) => "Beckon, 1 instance (PostgreSQL + Redis)".into(),
        ("beckon", n, _) => format!("Beckon, {n} instances (PostgreSQL + Redis)"),
        _ => "bare axum".into(),
    };
    match &r.label {
        Some(build) => format!("{server}, **{build}**"),
        None => server,
    }
}

/// What each run with Redis cost it.
fn redis_rows(out: &mut String, files: &[RunFile]) {
    let runs: Vec<(&Report, u64)> = files
        .iter()
        .flat_map(|f| f.runs.iter().map(|r| (r, f.args.interval_ms)))
        .filter(|(r, _)| r.redis.is_some())
        .collect();
    if runs.is_empty() {
        return;
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| server | Redis subscriptions per instance, idle | while driven | Redis commands/s (all instances) | per instance |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
    for (r, interval_ms) in runs {
        let c = r.redis.as_ref().expect("filtered");
        let _ = writeln!(
            out,
            "| {}, 1 msg / {interval_ms} ms per chat | {} | {} | {:.0} | {:.0} |",
            server_label(r),
            list(&c.subscriptions_idle),
            list(&c.subscriptions_end),
            c.commands_per_s,
            c.commands_per_s / r.instances.max(1) as f64,
        );
    }
}

fn row(out: &mut String, label: &str, r: &Report) {
    let _ = writeln!(
        out,
        "| {label} | {} | {} / {} | {} | {} | {} | {} | {} | {} | {:.0} → {:.0} | {} |",
        server_label(r),
        r.held_idle,
        r.visitors + r.agents,
        errors(r),
        mem(r),
        lat(r, |l| l.p50_us),
        lat(r, |l| l.p99_us),
        lat(r, |l| l.max_us),
        ack(r),
        r.sent_per_s,
        r.delivered_per_s,
        verdict(r),
    );
}

/// The section, markers included.
pub fn section(
    name: &str,
    title: &str,
    build: &str,
    command: &str,
    files: &[RunFile],
    notes: &[String],
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", marker(name, "start"));
    let _ = writeln!(out, "## {title}");
    let _ = writeln!(
        out,
        "Command: `{command}` ({build}). Machine: {}. The server under test and the load \
         generator are separate processes sharing those cores; loopback, one clock (the send \
         time is stamped into the message text). Budgets (docs/architecture.md): memory per idle realtime \
         connection ≤ 8 KB (read as 8 KiB); visitor → agent delivery with 1 000 active chats, \
         loopback, p99 ≤ 10 ms.",
        machine()
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Each visitor creates its chat over HTTP (public chat API), fetches a token and connects; \
         each agent is a separate account of the demo organisation (owner API), logged in over \
         HTTP, and sees every chat. Memory: the server's RSS growth while the visitors connect \
         (chats already created), divided by the visitors (the budget is checked on this); \
         in brackets the same over the second half of the visitors only (they connect in two \
         halves with a pause between), which leaves out caches that warm once and free memory \
         the allocator kept from the setup. Latency: every delivery of a visitor's \
         message to every agent (p50, p99, max); ack: a visitor's send to its `ack`, which \
         the server sends once the message is stored. Visitors come from 127.0.x.y source addresses, a few per \
         address, within the server's per-address limits. The bare baseline is an axum \
         WebSocket broadcast (no storage, no auth, same WebSocket buffer settings) driven by the \
         same client code."
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| run | server | held / opened | errors | memory per idle connection | p50 | p99 | max | ack p50 / p99 | messages/s sent → delivered | budgets |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|");
    for f in files {
        let a = &f.args;
        let label = format!(
            "{} visitors + {} agents, {} active (1 msg / {} ms each, {} s)",
            thousands(a.visitors),
            a.agents,
            thousands(a.active),
            a.interval_ms,
            a.duration_s
        );
        for r in &f.runs {
            row(&mut out, &label, r);
        }
        if let [b, bare] = f.runs.as_slice() {
            let _ = writeln!(
                out,
                "| | **Beckon / bare** | | | {} | {} | {} | {} | | | |",
                fmt_ratio(stats::ratio(b.mem_per_conn, bare.mem_per_conn)),
                fmt_ratio(lat_ratio(b, bare, |l| l.p50_us)),
                fmt_ratio(lat_ratio(b, bare, |l| l.p99_us)),
                fmt_ratio(lat_ratio(b, bare, |l| l.max_us)),
            );
        }
    }
    redis_rows(&mut out, files);
    for n in notes {
        let _ = writeln!(out);
        let _ = writeln!(out, "{n}");
    }
    let _ = writeln!(out, "{}", marker(name, "end"));
    out
}

fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push('\u{202f}');
        }
        out.push(c);
    }
    out
}

fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| stats::parse_kb_field(&t, "MemTotal:"))
        .map_or(String::new(), |b| {
            format!(", {:.0} GiB RAM", b as f64 / (1u64 << 30) as f64)
        });
    format!("{cores} cores ({cpu}){mem}, Linux")
}

/// `<!-- {name}:{which} -->`
pub fn marker(name: &str, which: &str) -> String {
    format!("<!-- {name}:{which} -->")
}

/// `old` with the section between the markers replaced, or appended when there is none.
pub fn splice(name: &str, old: &str, section: &str) -> String {
    let (start, end_marker) = (marker(name, "start"), marker(name, "end"));
    if let (Some(s), Some(e)) = (old.find(&start), old.find(&end_marker)) {
        if s < e {
            let mut end = e + end_marker.len();
            if old[end..].starts_with('\n') {
                end += 1;
            }
            return format!("{}{section}{}", &old[..s], &old[end..]);
        }
    }
    let mut out = old.to_owned();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(section);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "<!-- realtime:start -->";
    const END: &str = "<!-- realtime:end -->";

    #[test]
    fn splice_replaces_only_its_section() {
        let sec = format!("{START}\nnew\n{END}\n");
        let old = format!(
            "# R\n\n<!-- size:start -->\nx\n<!-- size:end -->\n\n{START}\nold\n{END}\ntail\n"
        );
        let got = splice("realtime", &old, &sec);
        assert_eq!(
            got,
            format!(
                "# R\n\n<!-- size:start -->\nx\n<!-- size:end -->\n\n{START}\nnew\n{END}\ntail\n"
            )
        );
        let appended = splice("realtime", "# R\n<!-- size:end -->", &sec);
        assert_eq!(appended, format!("# R\n<!-- size:end -->\n\n{sec}"));
        assert_eq!(splice("realtime", "", &sec), sec);
    }

    #[test]
    fn numbers_for_people() {
        assert_eq!(thousands(15000), "15\u{202f}000");
        assert_eq!(thousands(999), "999");
        assert_eq!(fmt_ratio(Some(1.234)), "1.23×");
        assert_eq!(fmt_ratio(None), "n/a");
    }
}
