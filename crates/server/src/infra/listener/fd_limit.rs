//! The process's open-file limit: every connection is a file descriptor, and the common default
//! soft limit of 1,024 is far below what the hard limit usually allows.

/// Raises the soft open-file limit to the hard limit; returns the limit now in force.
#[cfg(unix)]
pub fn raise_open_file_limit() -> std::io::Result<u64> {
    // A hard limit of "infinity" cannot be the soft one on Linux (fs.nr_open caps it).
    const CEILING: u64 = 1 << 20;
    let soft = match rlimit::increase_nofile_limit(CEILING) {
        Ok(soft) => soft,
        Err(error) => {
            let (soft, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE)?;
            tracing::warn!(soft, hard, %error, "cannot raise the open-file limit");
            soft
        }
    };
    Ok(if soft == rlimit::INFINITY {
        CEILING
    } else {
        soft
    })
}

#[cfg(not(unix))]
pub fn raise_open_file_limit() -> std::io::Result<u64> {
    Ok(8192)
}

/// Connections the server keeps open at most with `limit` file descriptors: a tenth of them
/// (at least 128) stay free for the database, files, logs and for answering refused clients
/// (measured: about 20 at rest, and at most 32 refused connections wait to be read).
pub fn max_connections(limit: u64) -> usize {
    let reserve = (limit / 10).max(128);
    usize::try_from(limit.saturating_sub(reserve).max(16)).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_a_reserve() {
        assert_eq!(super::max_connections(1024), 896);
        assert_eq!(super::max_connections(256), 128);
        assert_eq!(super::max_connections(65536), 58983);
    }

    #[test]
    fn the_soft_limit_becomes_the_hard_limit() {
        let now = super::raise_open_file_limit().unwrap();
        let (soft, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
        assert_eq!(soft, now);
        assert!(hard == rlimit::INFINITY || soft == hard);
    }
}
