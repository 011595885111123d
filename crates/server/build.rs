//! Tests that need PostgreSQL or Redis are compiled as ignored ("needs DATABASE_URL_TEST") when
//! the variable is unset, so `cargo test` reports them as ignored, with the reason, instead of
//! passing without running.

fn main() {
    for (var, cfg) in [
        ("DATABASE_URL_TEST", "beckon_test_postgres"),
        ("REDIS_URL_TEST", "beckon_test_redis"),
    ] {
        println!("cargo::rerun-if-env-changed={var}");
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if std::env::var(var).is_ok_and(|v| !v.trim().is_empty()) {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
