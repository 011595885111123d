//! Tests that need a service (PostgreSQL, Redis) are compiled as ignored ("needs
//! DATABASE_URL_TEST") when its variable is unset, so `cargo test` reports them as ignored, with
//! the reason, instead of passing without running. The store's and the server's build scripts
//! both use this file.

/// Sets `cfg` when the environment variable `var` names a service, and rebuilds when it changes.
pub fn cfg_when_set(var: &str, cfg: &str) {
    println!("cargo::rerun-if-env-changed={var}");
    println!("cargo::rustc-check-cfg=cfg({cfg})");
    if std::env::var(var).is_ok_and(|v| !v.trim().is_empty()) {
        println!("cargo::rustc-cfg={cfg}");
    }
}
