//! Tests that need PostgreSQL or Redis are ignored without `DATABASE_URL_TEST` /
//! `REDIS_URL_TEST` (the store's `build/test_services.rs`, which both crates' scripts use).

#[path = "../store/build/test_services.rs"]
mod test_services;

fn main() {
    test_services::cfg_when_set("DATABASE_URL_TEST", "beckon_test_postgres");
    test_services::cfg_when_set("REDIS_URL_TEST", "beckon_test_redis");
}
