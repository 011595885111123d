//! One behaviour suite for every `Store`: each behaviour is a function over `&dyn Store` (and,
//! where times matter, the store's `ManualClock`), run against SQLite (`name::sqlite`) and against
//! PostgreSQL (`name::postgres`, each in a fresh schema, dropped afterwards; ignored without
//! `DATABASE_URL_TEST`, build.rs).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use beckon_store::*;
use serde_json::json;

type Behaviour =
    for<'a> fn(&'a dyn Store, &'a ManualClock) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// The behaviour on SQLite, in a temp dir.
async fn on_sqlite(behaviour: Behaviour) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let clock = Arc::new(ManualClock::starting_now());
    let sqlite = SqliteStore::connect(&url, clock.clone())
        .await
        .expect("sqlite store");
    behaviour(&sqlite, &clock).await;
}

/// The behaviour on PostgreSQL at `DATABASE_URL_TEST`, in a fresh schema dropped afterwards.
async fn on_postgres(behaviour: Behaviour) {
    let url = postgres_url();
    let schema = format!("beckon_test_{}", uuid_simple());
    let clock = Arc::new(ManualClock::starting_now());
    let pg = PgStore::connect_in_schema(&url, &schema, clock.clone())
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL at DATABASE_URL_TEST: {e}"));
    assert_eq!(pg.backend(), "postgres");
    behaviour(&pg, &clock).await;
    pg.drop_schema(&schema).await.unwrap();
}

/// Each behaviour as two tests, `name::sqlite` and `name::postgres`; `timed:` behaviours move
/// the store's clock on between writes.
macro_rules! conformance {
    (timed: $($name:ident),* $(,)?) => {
        $(on_both_stores!($name, |s, clock| Box::pin(super::$name(s, clock)));)*
    };
    ($($name:ident),* $(,)?) => {
        $(on_both_stores!($name, |s, _| Box::pin(super::$name(s)));)*
    };
}

macro_rules! on_both_stores {
    ($name:ident, $behaviour:expr) => {
        mod $name {
            use super::*;
            #[tokio::test]
            async fn sqlite() {
                on_sqlite($behaviour).await;
            }
            #[tokio::test]
            #[cfg_attr(not(beckon_test_postgres), ignore = "needs DATABASE_URL_TEST")]
            async fn postgres() {
                on_postgres($behaviour).await;
            }
        }
    };
}

/// The server holds an `Arc<dyn Store>`.
#[allow(dead_code)]
fn _assert_object_safe(_: Arc<dyn Store>) {}

use fixtures::*;

mod accounts;
mod attachments;
mod canned;
mod channel_queries;
mod chats;
mod choices;
mod domains;
mod fixtures;
mod jobs;
mod messages;
mod notes;
mod push;
mod ratings;
mod retention;
mod sqlite_concurrency;
mod statistics;
mod visits;
mod webhooks;
