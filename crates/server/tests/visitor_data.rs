//! GDPR: every column of the store's database is in a visitor's export or says why it is not
//! (`service/chat/kept.rs`), and an erasure leaves none of it. It needs the chat service's
//! export and erasure, so it runs here rather than in the store's conformance suite, whose
//! fixtures it shares.

use std::sync::Arc;

use beckon_store::*;
use serde_json::json;

#[path = "../../store/tests/conformance/fixtures.rs"]
mod fixtures;
use fixtures::*;

/// GDPR: every column of the database is either in a visitor's export or says why it is not
/// about a visitor (`chat::kept`), read from the database itself; everything exported shows up
/// in the export of a visitor who left something in every such table; an erasure leaves none of
/// it, only the hashes of the ids.
mod every_column_about_a_visitor_is_exported_and_erased {
    use super::*;

    #[tokio::test]
    async fn sqlite() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let sqlite = SqliteStore::connect(&url, Arc::new(ManualClock::starting_now()))
            .await
            .unwrap();
        visitor_data(&sqlite, Raw::Sqlite(sqlite.pool())).await;
    }

    #[tokio::test]
    #[cfg_attr(not(beckon_test_postgres), ignore = "needs DATABASE_URL_TEST")]
    async fn postgres() {
        let schema = format!("beckon_test_{}", uuid_simple());
        let clock = Arc::new(ManualClock::starting_now());
        let pg = PgStore::connect_in_schema(&postgres_url(), &schema, clock)
            .await
            .unwrap();
        visitor_data(&pg, Raw::Postgres(pg.pool())).await;
        pg.drop_schema(&schema).await.unwrap();
    }
}

/// The database's own account of itself, for the visitor-data test: its tables and columns, and
/// the rows of one (both backends speak the same SQL for these).
enum Raw<'a> {
    Sqlite(&'a sqlx::SqlitePool),
    Postgres(&'a sqlx::PgPool),
}

impl Raw<'_> {
    /// Every (table, column) of the schema, but the migrations' own table.
    async fn columns(&self) -> Vec<(String, String)> {
        match self {
            Raw::Sqlite(p) => sqlx::query_as(
                "SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c \
                 WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' \
                 AND m.name <> '_sqlx_migrations'",
            )
            .fetch_all(*p)
            .await
            .unwrap(),
            Raw::Postgres(p) => sqlx::query_as(
                "SELECT CAST(table_name AS TEXT), CAST(column_name AS TEXT) \
                 FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations'",
            )
            .fetch_all(*p)
            .await
            .unwrap(),
        }
    }

    /// The column's values (as text, nulls left out) in the rows `rows` selects.
    async fn values(&self, table: &str, column: &str, rows: &str) -> Vec<String> {
        let sql = format!(
            "SELECT CAST({column} AS TEXT) FROM {table} WHERE ({rows}) AND {column} IS NOT NULL"
        );
        let found: Vec<(String,)> = match self {
            Raw::Sqlite(p) => sqlx::query_as(&sql).fetch_all(*p).await.unwrap(),
            Raw::Postgres(p) => sqlx::query_as(&sql).fetch_all(*p).await.unwrap(),
        };
        found.into_iter().map(|v| v.0).collect()
    }

    async fn count(&self, table: &str, rows: &str) -> i64 {
        let sql = format!("SELECT COUNT(*) FROM {table} WHERE {rows}");
        let n: (i64,) = match self {
            Raw::Sqlite(p) => sqlx::query_as(&sql).fetch_one(*p).await.unwrap(),
            Raw::Postgres(p) => sqlx::query_as(&sql).fetch_one(*p).await.unwrap(),
        };
        n.0
    }
}

/// See `every_column_about_a_visitor_is_exported_and_erased`.
async fn visitor_data(s: &dyn Store, db: Raw<'_>) {
    use beckon_server::service::chat::kept::{Kept, OTHER_TABLES, VISITOR_TABLES};
    use std::collections::BTreeSet;

    // Every table and column is accounted for, and nothing listed is gone.
    let in_db: BTreeSet<(String, String)> = db.columns().await.into_iter().collect();
    let tables: BTreeSet<&str> = in_db.iter().map(|(t, _)| t.as_str()).collect();
    let listed: BTreeSet<&str> = VISITOR_TABLES
        .iter()
        .map(|t| t.name)
        .chain(OTHER_TABLES.iter().map(|t| t.0))
        .collect();
    assert_eq!(
        tables, listed,
        "every table is listed in service/chat/kept.rs: with visitor data, or why it holds none"
    );
    for t in VISITOR_TABLES {
        let columns: BTreeSet<&str> = in_db
            .iter()
            .filter(|(table, _)| table == t.name)
            .map(|(_, c)| c.as_str())
            .collect();
        let listed: BTreeSet<&str> = t.columns.iter().map(|c| c.0).collect();
        assert_eq!(
            columns, listed,
            "every column of {} is in service/chat/kept.rs: exported, or why it is not about the visitor",
            t.name
        );
    }

    // Ann leaves something in every table that holds visitor data.
    let (_org, domain) = org_and_domain(s).await;
    let (chat, ann) = s
        .create_channel(
            &domain.id,
            NewPersona {
                persona_type: PersonaType::ChatClient,
                name: "Ann Example".into(),
                email: Some("ann@example.com".into()),
                ip: Some("203.0.113.7".into()),
                url: Some("https://acme.example/start".into()),
                legal_notice_accepted: 1_700_000_000_123,
                avatar_url: None,
            },
        )
        .await
        .unwrap();
    let ada = s.create_persona(agent_persona("Ada")).await.unwrap();
    let mut first = msg(&chat.id, "a1", &ann.id, "my order 1234");
    first.attachments =
        json!([{"type": "image/png", "url": "https://files.example/r.png", "name": "receipt.png"}]);
    s.insert_message(first).await.unwrap();
    s.insert_message(msg(&chat.id, "b1", &ada.id, "hello Ann"))
        .await
        .unwrap();
    s.mark_read(&chat.id, &ann.id, 2).await.unwrap();
    s.set_visitor_context(
        &chat.id,
        &VisitorContext {
            user_agent: Some("Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0".into()),
            country: Some("NL".into()),
            referrer: Some("https://search.example/?q=shoes".into()),
            time_zone: Some("Europe/Amsterdam".into()),
            left_at: None,
            language: Some("nl".into()),
        },
    )
    .await
    .unwrap();
    s.visitor_on_page(&chat.id, "https://acme.example/shoes", Some("Shoes | Acme"))
        .await
        .unwrap();
    s.visitor_left(&chat.id).await.unwrap();
    s.rate_channel(&chat.id, 4, Some("quick answer"))
        .await
        .unwrap();
    let ada_user = s
        .create_user(new_user(
            &domain.org_id,
            "ada@acme.example",
            Role::Agent,
            Some(ada.id.clone()),
        ))
        .await
        .unwrap();
    s.add_note(&chat.id, &ada_user.id, "Ada", "wants a refund")
        .await
        .unwrap();
    assert!(s
        .note_visitor_mail(&domain.id, &chat.id, 5, 50)
        .await
        .unwrap());
    let hook = s
        .create_webhook(NewWebhook {
            org_id: domain.org_id.clone(),
            domain_id: None,
            url: "https://crm.example/hook".into(),
            events: vec!["message.created".into()],
            secret: "whsec_c2VjcmV0".into(),
        })
        .await
        .unwrap();
    s.queue_webhook_event(
        std::slice::from_ref(&hook.id),
        WebhookEvent {
            event_type: "message.created",
            channel_id: Some(&chat.id),
            body: r#"{"type":"message.created","data":{"text":"my order 1234"}}"#,
            retry_for: 60_000,
        },
    )
    .await
    .unwrap();
    s.insert_attachment(&AttachmentRow {
        id: new_id(),
        channel_id: chat.id.clone(),
        domain_id: domain.id.clone(),
        name: "receipt.png".into(),
        content_type: "image/png".into(),
        size: 1234,
        url: "https://files.example/r.png".into(),
        uploader: "visitor".into(),
        created_at: 0,
    })
    .await
    .unwrap();
    s.end_channel(&chat.id, s.now(), Some(&ann.id))
        .await
        .unwrap();

    let export = beckon_server::service::chat::erasure::export(s, None, "ann@example.com")
        .await
        .unwrap();
    let export = serde_json::to_value(&export).unwrap();
    let mut leaves = BTreeSet::new();
    fn collect(v: &serde_json::Value, into: &mut BTreeSet<String>) {
        match v {
            serde_json::Value::String(s) => {
                into.insert(s.clone());
            }
            serde_json::Value::Number(n) => {
                into.insert(n.to_string());
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| collect(v, into)),
            serde_json::Value::Object(o) => o.values().for_each(|v| collect(v, into)),
            _ => {}
        }
    }
    collect(&export, &mut leaves);
    for t in VISITOR_TABLES {
        assert!(
            db.count(t.name, t.rows).await > 0,
            "the test leaves something of Ann's in {}",
            t.name
        );
        for (column, kept) in t.columns {
            let values = db.values(t.name, column, t.rows).await;
            let shown = |v: &String| match kept {
                Kept::Exported(_) => leaves.contains(v),
                Kept::ExportedTime(_) => v
                    .parse::<i64>()
                    .is_ok_and(|ms| ms == 0 || leaves.contains(&beckon_server::wire::iso_time(ms))),
                Kept::ExportedAs(_) | Kept::NotAboutVisitor(_) => true,
            };
            for v in &values {
                assert!(
                    shown(v),
                    "{}.{column} = {v:?} is in the export ({kept:?}): {export:#}",
                    t.name
                );
            }
        }
    }
    assert!(
        !export.to_string().contains(&ann.id),
        "no credential in an export"
    );

    // Erased: no row about Ann is left, only the hashes of the ids her browser may hold.
    assert_eq!(
        s.erase_chats(std::slice::from_ref(&chat.id)).await.unwrap(),
        1
    );
    for t in VISITOR_TABLES {
        assert_eq!(
            db.count(t.name, t.rows).await,
            0,
            "{} after the erasure",
            t.name
        );
    }
    assert!(s.was_erased(&chat.id).await.unwrap() && s.was_erased(&ann.id).await.unwrap());
    assert!(!s.was_erased(&ada.id).await.unwrap());
    let hashes = db.values("erased_ids", "id_hash", "1 = 1").await;
    assert_eq!(hashes.len(), 2);
    assert!(hashes
        .iter()
        .all(|h| *h != chat.id && *h != ann.id && h.len() == 64));
}
