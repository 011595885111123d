//! The PostgreSQL tests are ignored without `DATABASE_URL_TEST` (`build/test_services.rs`).

#[path = "build/test_services.rs"]
mod test_services;

fn main() {
    test_services::cfg_when_set("DATABASE_URL_TEST", "beckon_test_postgres");
}
