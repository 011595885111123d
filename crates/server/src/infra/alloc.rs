//! Memory the server gives back. Each argon2 password hash (login, seeding, `user add`) takes a
//! 19 MiB block. glibc's malloc serves blocks that large with mmap and unmaps them when freed,
//! but its threshold for that adapts: after the first such free it rises to the block's size,
//! and from then on the blocks come from the arenas of the blocking pool's threads, which keep
//! them. A fixed threshold turns the adaptation off, so every block of 1 MiB or more goes back to
//! the system when freed (an mmap and its page faults per login: small beside the hashing itself;
//! the memory it saves is in bench/results.md, "Memory the allocator kept").

/// Fixes glibc's mmap threshold at 1 MiB; call once, first thing in `main`. No-op elsewhere.
pub fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes a malloc parameter, under malloc's own locks.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}
