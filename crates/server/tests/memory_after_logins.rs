//! After password hashing (logins), the server's memory goes back down: glibc would otherwise
//! keep each hash's 19 MiB block (see src/infra/alloc.rs). Its own test binary: nothing else in the
//! process allocates meanwhile.

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn memory_returns_after_concurrent_password_hashes() {
    use beckon_server::service::accounts::password::hash_blocking;

    fn rss_kib() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    beckon_server::infra::alloc::return_large_blocks();
    // Twice, from four threads at once (the blocking pool of concurrent logins): the second
    // round is the one glibc would serve from its arenas.
    let before = rss_kib();
    for _ in 0..2 {
        let threads: Vec<_> = (0..4)
            .map(|_| std::thread::spawn(|| hash_blocking("correct horse battery")))
            .collect();
        for t in threads {
            t.join().unwrap();
        }
    }
    let grown = rss_kib().saturating_sub(before);
    assert!(
        grown < 16 * 1024,
        "RSS grew {grown} KiB after 8 hashes (each takes 19 MiB while it runs)"
    );
}
