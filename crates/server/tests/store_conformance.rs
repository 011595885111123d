//! One behaviour suite for every `Store`: each behaviour is a function over `&dyn Store` (and,
//! where times matter, the store's `ManualClock`), run against SQLite (`name::sqlite`) and against
//! PostgreSQL (`name::postgres`, each in a fresh schema, dropped afterwards; ignored without
//! `DATABASE_URL_TEST`, build.rs).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use beckon_server::store::*;
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

/// Tests that call it are ignored without the variable (build.rs).
fn postgres_url() -> String {
    std::env::var("DATABASE_URL_TEST").expect("DATABASE_URL_TEST (PostgreSQL)")
}

fn uuid_simple() -> String {
    new_id().replace('-', "")
}

/// PostgreSQL only (SQLite is one machine's database): two instances' stores on one schema.
#[tokio::test]
#[cfg_attr(not(beckon_test_postgres), ignore = "needs DATABASE_URL_TEST")]
async fn postgres_two_instances_sending_into_the_same_chats_at_once() {
    let (a, b, schema) = two_postgres_instances().await;
    behaviours::two_instances_sending_into_the_same_chats_at_once(&a, &b).await;
    a.drop_schema(&schema).await.unwrap();
}

/// Two instances' stores on one fresh schema (and the schema, to drop afterwards).
async fn two_postgres_instances() -> (PgStore, PgStore, String) {
    let url = postgres_url();
    let schema = format!("beckon_test_{}", uuid_simple());
    let connect = || PgStore::connect_in_schema(&url, &schema, Arc::new(SystemClock));
    let a = connect().await.unwrap();
    let b = connect().await.unwrap();
    (a, b, schema)
}

/// PostgreSQL only: two instances claiming from one queue at once take each job once.
#[tokio::test]
#[cfg_attr(not(beckon_test_postgres), ignore = "needs DATABASE_URL_TEST")]
async fn postgres_two_instances_claiming_at_once_take_each_job_once() {
    let (a, b, schema) = two_postgres_instances().await;
    behaviours::two_instances_claiming_at_once_take_each_job_once(&a, &b).await;
    a.drop_schema(&schema).await.unwrap();
}

/// A config as the console's builder saved it before: the chat's English defaults as values,
/// beside the owner's own title.
const OLD_BUILDER_CONFIG: &str = r#"{"userId":"u","buttons":[{"id":"b","type":"MULTI","actions":["chat"],"multiButtonOptions":{"labelTextOpen":"Contact us"}}],"actions":[{"id":"chat","actionType":"CHAT","actionValue":"","labelText":"Live chat","properties":{"chatmodal-header-text":"Talk to Ann","chatmodal-messages":"How can we help?","chatmodal-placeholder-message":"Type your message"}}]}"#;
/// The same config once the migration ran: only the owner's words are left.
const MIGRATED_CONFIG: &str = r#"{"userId":"u","buttons":[{"id":"b","type":"MULTI","actions":["chat"],"multiButtonOptions":{}}],"actions":[{"id":"chat","actionType":"CHAT","actionValue":"","properties":{"chatmodal-header-text":"Talk to Ann"}}]}"#;

/// A domain whose draft and published config hold the old builder's English defaults, and a
/// second whose configs are the owner's own words.
async fn configs_from_before(s: &dyn Store) -> (String, String) {
    let (_, old) = behaviours::org_and_domain(s).await;
    s.save_draft(&old.id, OLD_BUILDER_CONFIG).await.unwrap();
    s.publish_config(&old.id, OLD_BUILDER_CONFIG).await.unwrap();
    let org = s.create_organisation("Own words").await.unwrap();
    let own = s
        .create_domain(NewDomain {
            id: None,
            org_id: org.id,
            name: "own.example".into(),
            aliases: vec![],
            domain_type: "FREE".into(),
            properties: json!({}),
            timezone: None,
        })
        .await
        .unwrap();
    s.save_draft(&own.id, r#"{"userId":"o","actions":[]}"#)
        .await
        .unwrap();
    s.publish_config(&own.id, r#"{"userId":"o","actions":[]}"#)
        .await
        .unwrap();
    (old.id, own.id)
}

/// After the migration: the old builder's draft and published config hold only the owner's words
/// (the published one as version 2, with its ETag and history), the other domain's are untouched.
async fn assert_migrated(s: &dyn Store, old: &str, own: &str) {
    assert_eq!(s.get_draft(old).await.unwrap().config_json, MIGRATED_CONFIG);
    let published = s.get_published(old).await.unwrap();
    assert_eq!(published.config_json, MIGRATED_CONFIG);
    assert_eq!(published.version, 2);
    assert_eq!(published.etag, config_etag(MIGRATED_CONFIG));
    let v2 = s.get_config_version(old, 2).await.unwrap();
    assert_eq!(
        (v2.config_json.as_str(), v2.published_by),
        (MIGRATED_CONFIG, None)
    );
    assert_eq!(
        s.get_config_version(old, 1).await.unwrap().config_json,
        OLD_BUILDER_CONFIG,
        "the history keeps what was published"
    );
    assert_eq!(s.get_published(own).await.unwrap().version, 1);
    assert_eq!(
        s.get_draft(own).await.unwrap().config_json,
        r#"{"userId":"o","actions":[]}"#
    );
}

/// Opening a database from before the migration (its record removed by `forget`, a statement
/// run outside the store) migrates every domain's draft and published config; opening it again
/// changes nothing more.
async fn english_defaults_forgotten_when_opened<S, F, O>(open: O, forget: F)
where
    S: Store,
    O: Fn() -> Pin<Box<dyn Future<Output = S>>>,
    F: Fn() -> Pin<Box<dyn Future<Output = ()>>>,
{
    let before = open().await;
    let (old, own) = configs_from_before(&before).await;
    forget().await;
    let after = open().await;
    assert_migrated(&after, &old, &own).await;
    // Recorded: the next start finds nothing to do, and an owner's "Contact us" typed since stays.
    after
        .publish_config(&old, OLD_BUILDER_CONFIG)
        .await
        .unwrap();
    let again = open().await;
    assert_eq!(
        again.get_published(&old).await.unwrap().config_json,
        OLD_BUILDER_CONFIG
    );
}

const FORGET_THE_RECORD: &str =
    "DELETE FROM data_migrations WHERE name = 'forget-english-defaults'";

#[tokio::test]
async fn english_defaults_forgotten_when_a_database_from_before_opens_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let open = || {
        let url = url.clone();
        Box::pin(async move {
            SqliteStore::connect(&url, Arc::new(SystemClock))
                .await
                .unwrap()
        }) as Pin<Box<dyn Future<Output = SqliteStore>>>
    };
    let forget = || {
        let url = url.clone();
        Box::pin(async move {
            use sqlx::Connection as _;
            let mut c = sqlx::SqliteConnection::connect(&url).await.unwrap();
            sqlx::query(FORGET_THE_RECORD)
                .execute(&mut c)
                .await
                .unwrap();
        }) as Pin<Box<dyn Future<Output = ()>>>
    };
    english_defaults_forgotten_when_opened(open, forget).await;
}

#[tokio::test]
#[cfg_attr(not(beckon_test_postgres), ignore = "needs DATABASE_URL_TEST")]
async fn english_defaults_forgotten_when_a_database_from_before_opens_postgres() {
    let url = postgres_url();
    let schema = format!("beckon_test_{}", uuid_simple());
    let open = || {
        let (url, schema) = (url.clone(), schema.clone());
        Box::pin(async move {
            PgStore::connect_in_schema(&url, &schema, Arc::new(SystemClock))
                .await
                .unwrap()
        }) as Pin<Box<dyn Future<Output = PgStore>>>
    };
    let forget = || {
        let (url, schema) = (url.clone(), schema.clone());
        Box::pin(async move {
            use sqlx::Connection as _;
            let mut c = sqlx::PgConnection::connect(&url).await.unwrap();
            sqlx::query(&format!("SET search_path TO \"{schema}\""))
                .execute(&mut c)
                .await
                .unwrap();
            sqlx::query(FORGET_THE_RECORD)
                .execute(&mut c)
                .await
                .unwrap();
        }) as Pin<Box<dyn Future<Output = ()>>>
    };
    english_defaults_forgotten_when_opened(open, forget).await;
    open().await.drop_schema(&schema).await.unwrap();
}

/// Each behaviour as two tests, `name::sqlite` and `name::postgres`; `timed:` behaviours move
/// the store's clock on between writes.
macro_rules! conformance {
    (timed: $($name:ident),* $(,)?) => {
        $(on_both_stores!($name, |s, clock| Box::pin(behaviours::$name(s, clock)));)*
    };
    ($($name:ident),* $(,)?) => {
        $(on_both_stores!($name, |s, _| Box::pin(behaviours::$name(s)));)*
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

conformance!(
    organisations_and_users,
    sessions,
    domains,
    drafts_and_publications,
    personas,
    messages_get_gapless_sequence_numbers,
    resending_a_message_stores_nothing_new,
    a_client_id_taken_by_another_sender_is_refused,
    ended_channels_take_no_new_messages,
    concurrent_senders_never_share_a_sequence_number,
    a_message_that_cannot_be_stored_fails_alone,
    read_markers_only_move_forward,
    statistics_add_up,
    button_and_action_statistics_add_up,
    the_ended_channel_of_a_returning_visitor,
    removing_a_user_ends_sessions_and_assignments,
    paging_through_chats_active_in_the_same_millisecond,
    text_with_u0000_is_refused_and_changes_nothing,
    every_publication_is_kept_with_its_publisher,
    embed_sightings_keep_the_latest_page_per_host,
    notification_choices_default_then_stick_and_go_with_the_account,
    push_subscriptions_are_kept_per_account_and_bounded,
    attachments_are_kept_with_their_chat_and_limits_per_domain,
);

conformance!(
    timed:
    channels,
    organisations_are_listed_oldest_first,
    channel_queries_filter_search_and_count_unread,
    jobs_run_when_due_once_per_lease_and_a_key_waits_once,
    visitor_mails_are_bounded_per_chat_a_day_and_per_domain_an_hour,
    the_waiting_list_holds_unanswered_chats_longest_waiting_first,
    a_visits_pages_are_the_latest_fifty_each_once_in_a_row,
    ratings_replace_each_other_and_add_up_per_agent,
    notes_are_kept_apart_from_messages,
    canned_replies_belong_to_one_organisation,
    retention_removes_what_is_past_it_and_erasure_what_an_address_gave,
    webhook_deliveries_are_queued_with_their_jobs_logged_and_bounded,
);

mod behaviours {
    use super::*;

    pub async fn org_and_domain(s: &dyn Store) -> (Organisation, Domain) {
        let org = s.create_organisation("Acme").await.unwrap();
        let domain = s
            .create_domain(NewDomain {
                id: None,
                org_id: org.id.clone(),
                name: "acme.example".into(),
                aliases: vec!["acme.test".into()],
                domain_type: "FREE".into(),
                properties: json!({"zindex": 10}),
                timezone: None,
            })
            .await
            .unwrap();
        (org, domain)
    }

    fn visitor(name: &str) -> NewPersona {
        NewPersona {
            persona_type: PersonaType::ChatClient,
            name: name.into(),
            email: Some(format!("{}@example.com", name.to_lowercase())),
            ip: Some("192.0.2.1".into()),
            url: Some("https://acme.example/".into()),
            legal_notice_accepted: 0,
            avatar_url: None,
        }
    }

    fn msg(channel: &str, client: &str, sender: &str, text: &str) -> NewMessage {
        NewMessage {
            channel_id: channel.into(),
            client_id: client.into(),
            sender_persona_id: sender.into(),
            text: text.into(),
            attachments: json!([]),
        }
    }

    pub async fn organisations_and_users(s: &dyn Store) {
        let org = s.create_organisation("Acme").await.unwrap();
        assert_eq!(s.get_organisation(&org.id).await.unwrap(), org);
        assert!(matches!(
            s.get_organisation("nope").await,
            Err(StoreError::NotFound)
        ));
        assert_eq!(s.count_users().await.unwrap(), 0);
        let new = NewUser {
            org_id: org.id.clone(),
            email: "owner@acme.example".into(),
            name: "Olive Owner".into(),
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$x$y".into(),
            role: Role::Owner,
            persona_id: None,
        };
        let owner = s.create_user(new.clone()).await.unwrap();
        assert_eq!(owner.role, Role::Owner);
        assert!(matches!(
            s.create_user(new.clone()).await,
            Err(StoreError::Conflict(_))
        ));
        let agent_persona = s
            .create_persona(NewPersona {
                persona_type: PersonaType::ChatAgentPersona,
                ..visitor("Agent")
            })
            .await
            .unwrap();
        let agent = s
            .create_user(NewUser {
                email: "agent@acme.example".into(),
                role: Role::Agent,
                persona_id: Some(agent_persona.id.clone()),
                ..new
            })
            .await
            .unwrap();
        assert_eq!(s.get_user(&agent.id).await.unwrap(), agent);
        assert_eq!(
            s.get_user_by_email("owner@acme.example").await.unwrap(),
            owner
        );
        let users = s.list_users(&org.id).await.unwrap();
        assert_eq!(users.len(), 2);
        assert_eq!(s.count_users().await.unwrap(), 2);
        s.set_user_password_hash(&agent.id, "new-hash")
            .await
            .unwrap();
        assert_eq!(
            s.get_user(&agent.id).await.unwrap().password_hash,
            "new-hash"
        );
        assert!(matches!(
            s.set_user_password_hash("nope", "x").await,
            Err(StoreError::NotFound)
        ));
    }

    pub async fn sessions(s: &dyn Store) {
        let org = s.create_organisation("Acme").await.unwrap();
        let user = s
            .create_user(NewUser {
                org_id: org.id,
                email: "o@acme.example".into(),
                name: "O".into(),
                password_hash: "h".into(),
                role: Role::Owner,
                persona_id: None,
            })
            .await
            .unwrap();
        let session = Session {
            id: "hash-1".into(),
            user_id: user.id.clone(),
            created_at: 1_000,
            expires_at: 5_000,
            last_seen_at: 1_000,
        };
        s.create_session(session.clone()).await.unwrap();
        s.create_session(Session {
            id: "hash-2".into(),
            expires_at: 9_000,
            ..session.clone()
        })
        .await
        .unwrap();
        assert_eq!(s.get_session("hash-1").await.unwrap(), session);
        s.touch_session("hash-1", 2_000, 6_000).await.unwrap();
        let touched = s.get_session("hash-1").await.unwrap();
        assert_eq!((touched.last_seen_at, touched.expires_at), (2_000, 6_000));
        assert_eq!(s.delete_expired_sessions(7_000).await.unwrap(), 1);
        assert!(matches!(
            s.get_session("hash-1").await,
            Err(StoreError::NotFound)
        ));
        s.delete_session("hash-2").await.unwrap();
        assert!(matches!(
            s.get_session("hash-2").await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.touch_session("hash-2", 1, 2).await,
            Err(StoreError::NotFound)
        ));
    }

    pub async fn domains(s: &dyn Store) {
        let (org, domain) = org_and_domain(s).await;
        assert_eq!(s.get_domain(&domain.id).await.unwrap(), domain);
        assert_eq!(domain.aliases, vec!["acme.test".to_owned()]);
        let demo = s
            .create_domain(NewDomain {
                id: Some("demo".into()),
                org_id: org.id.clone(),
                name: "localhost".into(),
                aliases: vec![],
                domain_type: "PRO".into(),
                properties: json!({}),
                timezone: Some("Europe/Amsterdam".into()),
            })
            .await
            .unwrap();
        assert_eq!(demo.id, "demo");
        let again = s
            .create_domain(NewDomain {
                id: Some("demo".into()),
                org_id: org.id.clone(),
                name: "x".into(),
                aliases: vec![],
                domain_type: "PRO".into(),
                properties: json!({}),
                timezone: None,
            })
            .await;
        assert!(matches!(again, Err(StoreError::Conflict(_))), "{again:?}");
        assert_eq!(s.list_domains(&org.id).await.unwrap().len(), 2);

        let mut changed = domain.clone();
        changed.name = "acme.example.org".into();
        changed.aliases = vec!["a.example".into(), "b.example".into()];
        changed.properties = json!({"allowMultipleButtons": true});
        changed.timezone = Some("UTC".into());
        changed.domain_type = "PRO".into();
        s.update_domain(&changed).await.unwrap();
        assert_eq!(s.get_domain(&domain.id).await.unwrap(), changed);
        assert!(changed.matches_host("WWW.a.example"));
        assert!(!changed.matches_host("acme.example"));

        s.delete_domain("demo").await.unwrap();
        assert!(matches!(
            s.get_domain("demo").await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.delete_domain("demo").await,
            Err(StoreError::NotFound)
        ));
    }

    pub async fn drafts_and_publications(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        assert!(matches!(
            s.get_draft(&domain.id).await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.get_published(&domain.id).await,
            Err(StoreError::NotFound)
        ));
        let d1 = s.save_draft(&domain.id, r#"{"b":1,"a":2}"#).await.unwrap();
        s.save_draft(&domain.id, r#"{"b":2,"a":2}"#).await.unwrap();
        let d = s.get_draft(&domain.id).await.unwrap();
        assert_eq!(d.config_json, r#"{"b":2,"a":2}"#);
        assert!(d.updated_at >= d1.updated_at);

        // Key order and spacing survive byte for byte.
        let json1 = r#"{"userId":"u","options":{"z":1,  "a":2}}"#;
        let p1 = s.publish_config(&domain.id, json1).await.unwrap();
        assert_eq!(p1.version, 1);
        assert_eq!(p1.etag, config_etag(json1));
        assert_eq!(s.get_published(&domain.id).await.unwrap(), p1);
        let p2 = s
            .publish_config(&domain.id, r#"{"userId":"v"}"#)
            .await
            .unwrap();
        assert_eq!(p2.version, 2);
        assert_ne!(p2.etag, p1.etag);
        assert_eq!(
            s.get_published(&domain.id).await.unwrap().config_json,
            r#"{"userId":"v"}"#
        );
        assert!(matches!(
            s.publish_config("nope", "{}").await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.save_draft("nope", "{}").await,
            Err(StoreError::NotFound)
        ));
        // Deleting the domain takes its configs along.
        s.delete_domain(&domain.id).await.unwrap();
        assert!(matches!(
            s.get_published(&domain.id).await,
            Err(StoreError::NotFound)
        ));
    }

    pub async fn every_publication_is_kept_with_its_publisher(s: &dyn Store) {
        let (org, domain) = org_and_domain(s).await;
        assert!(s
            .list_config_versions(&domain.id, 10)
            .await
            .unwrap()
            .is_empty());
        let ann = s
            .create_user(NewUser {
                org_id: org.id.clone(),
                email: "ann@acme.example".into(),
                name: "Ann".into(),
                password_hash: "x".into(),
                role: Role::Owner,
                persona_id: None,
            })
            .await
            .unwrap();
        let by = Publisher {
            user_id: ann.id.clone(),
            name: "Ann".into(),
        };
        // The CLI publishes without a publisher; the console with one.
        let p1 = s.publish_config(&domain.id, r#"{"v":1}"#).await.unwrap();
        let p2 = s
            .publish_config_by(&domain.id, r#"{"v":2,  "a":[]}"#, Some(&by))
            .await
            .unwrap();
        let p3 = s
            .publish_config_by(&domain.id, r#"{"v":3}"#, Some(&by))
            .await
            .unwrap();
        assert_eq!((p1.version, p2.version, p3.version), (1, 2, 3));
        assert_eq!(s.get_published(&domain.id).await.unwrap(), p3);

        let list = s.list_config_versions(&domain.id, 10).await.unwrap();
        assert_eq!(
            list.iter().map(|v| v.version).collect::<Vec<_>>(),
            [3, 2, 1],
            "newest first"
        );
        assert!(
            list.iter().all(|v| v.config_json.is_empty()),
            "no configs in the list"
        );
        assert_eq!(list[1].published_by.as_deref(), Some(ann.id.as_str()));
        assert_eq!(list[1].published_by_name.as_deref(), Some("Ann"));
        assert_eq!(list[1].published_at, p2.published_at);
        assert_eq!(list[1].etag, p2.etag);
        assert_eq!(
            (
                list[2].published_by.as_ref(),
                list[2].published_by_name.as_ref()
            ),
            (None, None)
        );
        assert_eq!(
            s.list_config_versions(&domain.id, 1).await.unwrap().len(),
            1
        );

        // One version with its config, byte for byte.
        let v2 = s.get_config_version(&domain.id, 2).await.unwrap();
        assert_eq!(v2.config_json, r#"{"v":2,  "a":[]}"#);
        assert_eq!(v2.version, 2);
        for (d, v) in [
            (domain.id.as_str(), 4),
            (domain.id.as_str(), 0),
            ("nope", 1),
        ] {
            assert!(matches!(
                s.get_config_version(d, v).await,
                Err(StoreError::NotFound)
            ));
        }
        // A publication that fails keeps nothing.
        assert!(matches!(
            s.publish_config_by("nope", "{}", Some(&by)).await,
            Err(StoreError::NotFound)
        ));

        // The publisher's account goes; their name stays on the version.
        s.delete_user(&ann.id).await.unwrap();
        let v2 = s.get_config_version(&domain.id, 2).await.unwrap();
        assert_eq!(
            (v2.published_by, v2.published_by_name.as_deref()),
            (None, Some("Ann"))
        );

        // The history goes with the domain.
        s.delete_domain(&domain.id).await.unwrap();
        assert!(s
            .list_config_versions(&domain.id, 10)
            .await
            .unwrap()
            .is_empty());
    }

    pub async fn embed_sightings_keep_the_latest_page_per_host(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let seen = |host: &str, url: &str, at: i64| EmbedSighting {
            domain_id: domain.id.clone(),
            host: host.into(),
            url: url.into(),
            seen_at: at,
        };
        assert!(s.list_sightings(&domain.id).await.unwrap().is_empty());
        s.record_sightings(&[]).await.unwrap();
        s.record_sightings(&[
            seen("acme.example", "https://acme.example/a", 1000),
            seen("acme.exmaple", "https://acme.exmaple/", 1500),
            EmbedSighting {
                domain_id: "nope".into(),
                ..seen("x.example", "https://x.example/", 1)
            },
        ])
        .await
        .unwrap();
        // A later page of the same host replaces the earlier one; an older one does not.
        s.record_sightings(&[seen("acme.example", "https://acme.example/b", 2000)])
            .await
            .unwrap();
        s.record_sightings(&[seen("acme.example", "https://acme.example/old", 500)])
            .await
            .unwrap();
        assert_eq!(
            s.list_sightings(&domain.id).await.unwrap(),
            [
                seen("acme.example", "https://acme.example/b", 2000),
                seen("acme.exmaple", "https://acme.exmaple/", 1500),
            ]
        );
        assert!(s.list_sightings("nope").await.unwrap().is_empty());

        // At most MAX_SIGHTINGS_PER_DOMAIN hosts: the most recently seen stay.
        let many: Vec<EmbedSighting> = (0..MAX_SIGHTINGS_PER_DOMAIN + 5)
            .map(|i| seen(&format!("h{i}.example"), "https://h.example/", 3000 + i))
            .collect();
        s.record_sightings(&many).await.unwrap();
        let kept = s.list_sightings(&domain.id).await.unwrap();
        assert_eq!(kept.len() as i64, MAX_SIGHTINGS_PER_DOMAIN);
        assert_eq!(
            kept[0].host,
            format!("h{}.example", MAX_SIGHTINGS_PER_DOMAIN + 4)
        );
        assert!(kept.iter().all(|k| k.host != "acme.example"));

        // U+0000 is refused and changes nothing.
        assert!(matches!(
            s.record_sightings(&[seen("a\0b", "https://x/", 9999)])
                .await,
            Err(StoreError::Invalid(_))
        ));
        s.delete_domain(&domain.id).await.unwrap();
        assert!(s.list_sightings(&domain.id).await.unwrap().is_empty());
    }

    pub async fn personas(s: &dyn Store) {
        let p = s.create_persona(visitor("Ann")).await.unwrap();
        assert_eq!(s.get_persona(&p.id).await.unwrap(), p);
        let mut changed = p.clone();
        changed.name = "Ann B".into();
        changed.email = None;
        changed.legal_notice_accepted = 1_700_000_000_000;
        changed.avatar_url = Some("https://x.example/a.png".into());
        s.update_persona(&changed).await.unwrap();
        assert_eq!(s.get_persona(&p.id).await.unwrap(), changed);
        assert!(matches!(
            s.get_persona("nope").await,
            Err(StoreError::NotFound)
        ));
    }

    pub async fn channels(s: &dyn Store, clock: &ManualClock) {
        let (org, domain) = org_and_domain(s).await;
        assert!(matches!(
            s.create_channel("nope", visitor("X")).await,
            Err(StoreError::NotFound)
        ));
        let (c1, p1) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        assert_eq!(c1.status, ChannelStatus::Open);
        assert_eq!(c1.visitor_persona_id, p1.id);
        assert_eq!(c1.last_seq, 0);
        assert_eq!(s.get_channel(&c1.id).await.unwrap(), c1);
        assert_eq!(s.get_persona(&p1.id).await.unwrap(), p1);
        let (c2, _) = s.create_channel(&domain.id, visitor("Bea")).await.unwrap();
        // c1 becomes the most recently active.
        clock.advance(std::time::Duration::from_millis(1));
        s.insert_message(msg(&c1.id, "m1", &p1.id, "hi"))
            .await
            .unwrap();
        let all = s.list_channels(&domain.id, None, 10).await.unwrap();
        assert_eq!(
            all.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
            vec![c1.id.as_str(), c2.id.as_str()]
        );
        assert_eq!(s.list_channels(&domain.id, None, 1).await.unwrap().len(), 1);

        let c2_visitor = c2.visitor_persona_id.clone();
        let ended = s
            .end_channel(&c2.id, 12_345, Some(&c2_visitor))
            .await
            .unwrap();
        assert_eq!(ended.status, ChannelStatus::Ended);
        assert_eq!(ended.ended_at, Some(12_345));
        assert_eq!(ended.ended_by.as_deref(), Some(c2_visitor.as_str()));
        let again = s.end_channel(&c2.id, 99_999, None).await.unwrap();
        assert_eq!(
            (again.ended_at, again.ended_by.as_deref()),
            (Some(12_345), Some(c2_visitor.as_str())),
            "ending twice keeps the first time and who"
        );
        let reopened = s.reopen_channel(&c2.id, 12_346).await.unwrap();
        assert_eq!((reopened.ended_at, reopened.ended_by), (None, None));
        s.end_channel(&c2.id, 12_347, None).await.unwrap();
        let open = s
            .list_channels(&domain.id, Some(ChannelStatus::Open), 10)
            .await
            .unwrap();
        assert_eq!(open.len(), 1);
        assert_eq!(open[0].id, c1.id);
        let closed = s
            .list_channels(&domain.id, Some(ChannelStatus::Ended), 10)
            .await
            .unwrap();
        assert_eq!(closed.len(), 1);
        assert!(matches!(
            s.end_channel("nope", 1, None).await,
            Err(StoreError::NotFound)
        ));

        let agent = s
            .create_user(NewUser {
                org_id: org.id,
                email: "a@acme.example".into(),
                name: "A".into(),
                password_hash: "h".into(),
                role: Role::Agent,
                persona_id: None,
            })
            .await
            .unwrap();
        s.assign_channel(&c1.id, Some(&agent.id)).await.unwrap();
        assert_eq!(
            s.get_channel(&c1.id).await.unwrap().assigned_agent_id,
            Some(agent.id)
        );
        s.assign_channel(&c1.id, None).await.unwrap();
        assert_eq!(s.get_channel(&c1.id).await.unwrap().assigned_agent_id, None);
    }

    /// A chat of visitor Ann and an agent persona Bob.
    async fn chat_with_agent(s: &dyn Store) -> (Channel, Persona, Persona) {
        let (_, domain) = org_and_domain(s).await;
        let (c, visitor_p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let agent = s
            .create_persona(NewPersona {
                persona_type: PersonaType::ChatAgentPersona,
                ..visitor("Bob")
            })
            .await
            .unwrap();
        (c, visitor_p, agent)
    }

    pub async fn messages_get_gapless_sequence_numbers(s: &dyn Store) {
        let (c, visitor_p, agent) = chat_with_agent(s).await;
        let mut seqs = vec![];
        for i in 0..5 {
            let sender = if i % 2 == 0 { &visitor_p.id } else { &agent.id };
            let mut m = msg(&c.id, &format!("c{i}"), sender, &format!("text {i}"));
            if i == 3 {
                m.attachments =
                    json!([{"type": "image", "url": "https://x.example/i.png", "name": "i.png"}]);
            }
            let ins = s.insert_message(m).await.unwrap();
            assert!(ins.created);
            seqs.push(ins.message.seq);
        }
        assert_eq!(seqs, vec![1, 2, 3, 4, 5]);
        assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 5);
        let after2 = s.messages_after(&c.id, 2, 100).await.unwrap();
        assert_eq!(
            after2.iter().map(|m| m.seq).collect::<Vec<_>>(),
            vec![3, 4, 5]
        );
        assert_eq!(after2[1].attachments[0]["name"], "i.png");
        assert_eq!(after2[0].text, "text 2");
        assert_eq!(s.messages_after(&c.id, 0, 2).await.unwrap().len(), 2);
        assert!(s.messages_after(&c.id, 5, 100).await.unwrap().is_empty());
        assert!(s.messages_after("nope", 0, 100).await.unwrap().is_empty());
        let personas = s.channel_personas(&c.id).await.unwrap();
        let mut ids: Vec<_> = personas.iter().map(|p| p.id.clone()).collect();
        ids.sort();
        let mut want = vec![visitor_p.id.clone(), agent.id.clone()];
        want.sort();
        assert_eq!(ids, want);
        // Another channel counts from 1.
        let (c2, p2) = s.create_channel(&c.domain_id, visitor("Cy")).await.unwrap();
        let m = s
            .insert_message(msg(&c2.id, "c0", &p2.id, "x"))
            .await
            .unwrap();
        assert_eq!(m.message.seq, 1);
        assert!(matches!(
            s.insert_message(msg("nope", "c0", &p2.id, "x")).await,
            Err(StoreError::NotFound)
        ));
    }

    pub async fn resending_a_message_stores_nothing_new(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let first = s
            .insert_message(msg(&c.id, "same", &p.id, "hello"))
            .await
            .unwrap();
        s.insert_message(msg(&c.id, "other", &p.id, "second"))
            .await
            .unwrap();
        let again = s
            .insert_message(msg(&c.id, "same", &p.id, "hello"))
            .await
            .unwrap();
        assert!(!again.created);
        assert_eq!(again.message, first.message);
        assert_eq!(s.messages_after(&c.id, 0, 100).await.unwrap().len(), 2);
        assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 2);
        // The same client id in another channel is another message.
        let (c2, p2) = s.create_channel(&domain.id, visitor("Bea")).await.unwrap();
        let other = s
            .insert_message(msg(&c2.id, "same", &p2.id, "hi"))
            .await
            .unwrap();
        assert!(other.created);
        assert_eq!(other.message.seq, 1);
    }

    pub async fn a_client_id_taken_by_another_sender_is_refused(s: &dyn Store) {
        let (c, visitor_persona, agent) = chat_with_agent(s).await;
        let first = s
            .insert_message(msg(&c.id, "taken", &visitor_persona.id, "from Ann"))
            .await
            .unwrap();
        // Another sender with the same client id: refused, nothing stored, no sequence used.
        let clash = s
            .insert_message(msg(&c.id, "taken", &agent.id, "from Bob"))
            .await;
        assert!(matches!(clash, Err(StoreError::ClientIdTaken)), "{clash:?}");
        assert_eq!(
            s.messages_after(&c.id, 0, 100).await.unwrap(),
            vec![first.message.clone()]
        );
        assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 1);
        // Its own sender's re-send is still that message.
        let again = s
            .insert_message(msg(&c.id, "taken", &visitor_persona.id, "from Ann"))
            .await
            .unwrap();
        assert!(!again.created);
        assert_eq!(again.message, first.message);
        // And the other sender's next message, with an id of its own, gets the next seq.
        let next = s
            .insert_message(msg(&c.id, "bob-1", &agent.id, "from Bob"))
            .await
            .unwrap();
        assert_eq!(next.message.seq, 2);
    }

    pub async fn ended_channels_take_no_new_messages(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let sent = s
            .insert_message(msg(&c.id, "m1", &p.id, "bye"))
            .await
            .unwrap();
        s.end_channel(&c.id, now_ms(), None).await.unwrap();
        assert!(matches!(
            s.insert_message(msg(&c.id, "m2", &p.id, "late")).await,
            Err(StoreError::ChannelEnded)
        ));
        // The ack of a message stored before the end still comes back.
        let again = s
            .insert_message(msg(&c.id, "m1", &p.id, "bye"))
            .await
            .unwrap();
        assert!(!again.created);
        assert_eq!(again.message, sent.message);
        assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 1);
    }

    pub async fn concurrent_senders_never_share_a_sequence_number(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        // 40 distinct messages, each sent twice at once.
        let results = futures_join_all((0..80).map(|i| {
            let m = msg(&c.id, &format!("m{}", i % 40), &p.id, "x");
            async move { s.insert_message(m).await.unwrap() }
        }))
        .await;
        assert_eq!(results.iter().filter(|r| r.created).count(), 40);
        let stored = s.messages_after(&c.id, 0, 1000).await.unwrap();
        assert_eq!(
            stored.iter().map(|m| m.seq).collect::<Vec<_>>(),
            (1..=40).collect::<Vec<i64>>()
        );
        for r in &results {
            let m = stored
                .iter()
                .find(|m| m.client_id == r.message.client_id)
                .unwrap();
            assert_eq!(m.seq, r.message.seq);
            assert_eq!(m.id, r.message.id);
        }
    }

    pub async fn a_message_that_cannot_be_stored_fails_alone(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        // Sent together (SQLite commits them together), one from a sender that does not exist.
        let results = futures_join_all((0..20).map(|i| {
            let sender = if i == 7 {
                "no-such-persona"
            } else {
                p.id.as_str()
            };
            let m = msg(&c.id, &format!("m{i}"), sender, "x");
            async move { s.insert_message(m).await }
        }))
        .await;
        assert!(
            results[7].is_err(),
            "the unknown sender's message was stored"
        );
        let mut seqs: Vec<i64> = results
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 7)
            .map(|(i, r)| {
                r.as_ref()
                    .unwrap_or_else(|e| panic!("message {i}: {e}"))
                    .message
                    .seq
            })
            .collect();
        seqs.sort();
        assert_eq!(seqs, (1..=19).collect::<Vec<i64>>());
        let stored = s.messages_after(&c.id, 0, 100).await.unwrap();
        assert_eq!(stored.len(), 19);
        assert!(stored.iter().all(|m| m.client_id != "m7"));
        assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 19);
    }

    pub async fn read_markers_only_move_forward(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        assert_eq!(s.read_marker(&c.id, &p.id).await.unwrap(), 0);
        assert_eq!(s.mark_read(&c.id, &p.id, 3).await.unwrap(), 3);
        assert_eq!(s.mark_read(&c.id, &p.id, 2).await.unwrap(), 3, "never back");
        assert_eq!(s.read_marker(&c.id, &p.id).await.unwrap(), 3);
        assert_eq!(s.mark_read(&c.id, &p.id, 7).await.unwrap(), 7);
        assert_eq!(s.read_marker(&c.id, &p.id).await.unwrap(), 7);
    }

    /// One rating per chat (a later one replaces it), credited to the agent assigned when it was
    /// given; tallies per agent over a period, nobody's last; a removed agent's become nobody's.
    pub async fn ratings_replace_each_other_and_add_up_per_agent(
        s: &dyn Store,
        clock: &ManualClock,
    ) {
        let (org, domain) = org_and_domain(s).await;
        let agent = |email: &str, name: &str| NewUser {
            org_id: org.id.clone(),
            email: email.into(),
            name: name.into(),
            password_hash: "h".into(),
            role: Role::Agent,
            persona_id: None,
        };
        let ada = s
            .create_user(agent("ada@acme.example", "Ada"))
            .await
            .unwrap();
        let bob = s
            .create_user(agent("bob@acme.example", "Bob"))
            .await
            .unwrap();
        let (c1, _) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let (c2, _) = s.create_channel(&domain.id, visitor("Bea")).await.unwrap();
        let (c3, _) = s.create_channel(&domain.id, visitor("Cy")).await.unwrap();
        let (c4, _) = s.create_channel(&domain.id, visitor("Di")).await.unwrap();

        assert_eq!(s.channel_rating(&c1.id).await.unwrap(), None);
        assert!(matches!(
            s.rate_channel("nope", 3, None).await,
            Err(StoreError::NotFound)
        ));
        let start = s.now();
        s.assign_channel(&c1.id, Some(&ada.id)).await.unwrap();
        let first = s.rate_channel(&c1.id, 2, Some("Slow")).await.unwrap();
        assert_eq!(
            (
                first.domain_id.as_str(),
                first.agent_id.as_deref(),
                first.score,
                first.comment.as_deref(),
                first.created_at
            ),
            (
                domain.id.as_str(),
                Some(ada.id.as_str()),
                2,
                Some("Slow"),
                start
            )
        );
        // Rated again, after Bob took it over: the later rating replaces it, Bob's now.
        clock.advance(std::time::Duration::from_millis(10));
        s.assign_channel(&c1.id, Some(&bob.id)).await.unwrap();
        let again = s.rate_channel(&c1.id, 5, Some("")).await.unwrap();
        assert_eq!(s.channel_rating(&c1.id).await.unwrap(), Some(again.clone()));
        assert_eq!(
            (
                again.agent_id.as_deref(),
                again.score,
                again.comment,
                again.created_at
            ),
            (Some(bob.id.as_str()), 5, None, start + 10)
        );
        // An ended chat is rated as well; one nobody was assigned to counts for nobody.
        s.assign_channel(&c2.id, Some(&ada.id)).await.unwrap();
        s.end_channel(&c2.id, s.now(), None).await.unwrap();
        s.rate_channel(&c2.id, 4, None).await.unwrap();
        s.assign_channel(&c3.id, Some(&ada.id)).await.unwrap();
        s.rate_channel(&c3.id, 1, None).await.unwrap();
        s.rate_channel(&c4.id, 3, None).await.unwrap();

        let tallies = s
            .rating_tallies(&domain.id, start, start + 11)
            .await
            .unwrap();
        let got: Vec<(Option<&str>, Option<&str>, i64, i64)> = tallies
            .iter()
            .map(|t| {
                (
                    t.agent_id.as_deref(),
                    t.agent_name.as_deref(),
                    t.count,
                    t.total,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (Some(ada.id.as_str()), Some("Ada"), 2, 5),
                (Some(bob.id.as_str()), Some("Bob"), 1, 5),
                (None, None, 1, 3),
            ]
        );
        assert_eq!(tallies[0].average(), 2.5);
        // The period: from its start, up to (not including) its end.
        let before = s
            .rating_tallies(&domain.id, start, start + 10)
            .await
            .unwrap();
        assert_eq!(before.iter().map(|t| t.count).sum::<i64>(), 0);
        let later = s
            .rating_tallies(&domain.id, start + 10, start + 11)
            .await
            .unwrap();
        assert_eq!(later.iter().map(|t| t.count).sum::<i64>(), 4);
        assert!(s
            .rating_tallies("nope", 0, i64::MAX)
            .await
            .unwrap()
            .is_empty());

        // A removed agent's ratings stay, as nobody's.
        s.delete_user(&ada.id).await.unwrap();
        let tallies = s.rating_tallies(&domain.id, 0, i64::MAX).await.unwrap();
        let got: Vec<(Option<&str>, i64)> = tallies
            .iter()
            .map(|t| (t.agent_id.as_deref(), t.count))
            .collect();
        assert_eq!(got, vec![(None, 3), (Some(bob.id.as_str()), 1)]);

        // U+0000 is refused, and nothing changes.
        match s.rate_channel(&c4.id, 1, Some("bad\0")).await {
            Err(StoreError::Invalid(m)) => {
                assert!(m.contains("U+0000") && m.contains("comment"), "{m}")
            }
            other => panic!("a comment with U+0000: {other:?}"),
        }
        assert_eq!(s.channel_rating(&c4.id).await.unwrap().unwrap().score, 3);
        // A chat's rating goes with it.
        s.delete_domain(&domain.id).await.unwrap();
        assert_eq!(s.channel_rating(&c1.id).await.unwrap(), None);
    }

    pub async fn statistics_add_up(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let key = |day: &str, ev: &str| StatsKey {
            domain_id: domain.id.clone(),
            day: day.into(),
            event_name: ev.into(),
        };
        let batch = vec![
            StatsCount {
                key: key("2026-01-02", "pageview"),
                count: 5,
            },
            StatsCount {
                key: key("2026-01-01", "pageview"),
                count: 2,
            },
            StatsCount {
                key: key("2026-01-01", "click"),
                count: 1,
            },
            StatsCount {
                key: StatsKey {
                    domain_id: "nope".into(),
                    day: "2026-01-01".into(),
                    event_name: "pageview".into(),
                },
                count: 9,
            },
        ];
        s.add_stats(&batch).await.unwrap();
        s.add_stats(&batch[..1]).await.unwrap();
        s.add_stats(&[]).await.unwrap();
        let rows = s
            .stats_counts(&domain.id, "2026-01-01", "2026-01-31")
            .await
            .unwrap();
        let got: Vec<(String, String, i64)> = rows
            .into_iter()
            .map(|r| (r.key.day, r.key.event_name, r.count))
            .collect();
        assert_eq!(
            got,
            vec![
                ("2026-01-01".into(), "click".into(), 1),
                ("2026-01-01".into(), "pageview".into(), 2),
                ("2026-01-02".into(), "pageview".into(), 10),
            ]
        );
        assert_eq!(
            s.stats_counts(&domain.id, "2026-01-02", "2026-01-02")
                .await
                .unwrap()
                .len(),
            1
        );
        assert!(s
            .stats_counts("nope", "2000-01-01", "2100-01-01")
            .await
            .unwrap()
            .is_empty());
    }

    pub async fn button_and_action_statistics_add_up(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let count =
            |domain: &str, day: &str, ev: &str, button: &str, action: &str, n| ItemStatsCount {
                key: ItemStatsKey {
                    domain_id: domain.into(),
                    day: day.into(),
                    event_name: ev.into(),
                    button_id: button.into(),
                    action_id: action.into(),
                },
                count: n,
            };
        let d = domain.id.as_str();
        let batch = vec![
            count(d, "2026-01-02", "view", "b1", "", 4),
            count(d, "2026-01-01", "view", "b2", "", 1),
            count(d, "2026-01-01", "view", "b1", "", 2),
            count(d, "2026-01-01", "click", "b1", "a2", 1),
            count(d, "2026-01-01", "click", "b1", "a1", 3),
            count("nope", "2026-01-01", "view", "b1", "", 9),
        ];
        s.add_item_stats(&batch).await.unwrap();
        s.add_item_stats(&batch[3..4]).await.unwrap();
        s.add_item_stats(&[]).await.unwrap();
        let got: Vec<(String, String, String, String, i64)> = s
            .item_stats_counts(d, "2026-01-01", "2026-01-31")
            .await
            .unwrap()
            .into_iter()
            .map(|c| {
                (
                    c.key.day,
                    c.key.event_name,
                    c.key.button_id,
                    c.key.action_id,
                    c.count,
                )
            })
            .collect();
        let row = |day: &str, ev: &str, b: &str, a: &str, n| {
            (day.to_owned(), ev.to_owned(), b.to_owned(), a.to_owned(), n)
        };
        assert_eq!(
            got,
            vec![
                row("2026-01-01", "click", "b1", "a1", 3),
                row("2026-01-01", "click", "b1", "a2", 2),
                row("2026-01-01", "view", "b1", "", 2),
                row("2026-01-01", "view", "b2", "", 1),
                row("2026-01-02", "view", "b1", "", 4),
            ]
        );
        assert_eq!(
            s.item_stats_counts(d, "2026-01-02", "2026-01-02")
                .await
                .unwrap()
                .len(),
            1
        );
        assert!(s
            .item_stats_counts("nope", "2000-01-01", "2100-01-01")
            .await
            .unwrap()
            .is_empty());
        // Page-view counts are not mixed in.
        assert!(s
            .stats_counts(d, "2000-01-01", "2100-01-01")
            .await
            .unwrap()
            .is_empty());
    }

    pub async fn the_ended_channel_of_a_returning_visitor(s: &dyn Store) {
        let (org, domain) = org_and_domain(s).await;
        let other = s
            .create_domain(NewDomain {
                id: None,
                org_id: org.id.clone(),
                name: "other.example".into(),
                aliases: vec![],
                domain_type: "FREE".into(),
                properties: json!({}),
                timezone: None,
            })
            .await
            .unwrap();
        let (first, ann) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let (open, ann2) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let (elsewhere, ann3) = s.create_channel(&other.id, visitor("Ann")).await.unwrap();
        let (bob, bob_p) = s.create_channel(&domain.id, visitor("Bob")).await.unwrap();
        let found = |domain: String, persona: String, email: &'static str, since: i64| async move {
            s.ended_channel_of_visitor(&domain, &persona, email, since)
                .await
                .unwrap()
                .map(|(c, p)| {
                    assert_eq!(c.visitor_persona_id, p.id);
                    c.id
                })
        };
        assert_eq!(
            found(domain.id.clone(), ann.id.clone(), "ann@example.com", 0).await,
            None,
            "still open"
        );
        for (c, at) in [(&first, 1_000), (&elsewhere, 5_000), (&bob, 6_000)] {
            s.end_channel(&c.id, at, None).await.unwrap();
        }
        // The visitor's own ended chat; the e-mail compares without case.
        assert_eq!(
            found(domain.id.clone(), ann.id.clone(), "ANN@Example.com", 0).await,
            Some(first.id.clone())
        );
        // Another visitor's persona, another e-mail or another domain finds nothing.
        assert_eq!(
            found(domain.id.clone(), bob_p.id.clone(), "ann@example.com", 0).await,
            None
        );
        assert_eq!(
            found(domain.id.clone(), ann.id.clone(), "bob@example.com", 0).await,
            None
        );
        assert_eq!(
            found(other.id.clone(), ann.id.clone(), "ann@example.com", 0).await,
            None
        );
        assert_eq!(
            found(other.id.clone(), ann3.id.clone(), "ann@example.com", 0).await,
            Some(elsewhere.id.clone())
        );
        // Open chats are not ended ones; chats that ended too long ago do not count.
        assert_eq!(
            found(domain.id.clone(), ann2.id.clone(), "ann@example.com", 0).await,
            None
        );
        s.end_channel(&open.id, 2_000, None).await.unwrap();
        assert_eq!(
            found(domain.id.clone(), ann2.id.clone(), "ann@example.com", 0).await,
            Some(open.id.clone())
        );
        assert_eq!(
            found(domain.id.clone(), ann2.id.clone(), "ann@example.com", 2_001).await,
            None
        );
    }

    /// Two stores on one database (two instances) write into the same chats at once, in
    /// opposite orders, every message from both: each is stored once, the sequence numbers of
    /// every chat are gapless, and both instances answer the same row for it.
    pub async fn two_instances_sending_into_the_same_chats_at_once(a: &dyn Store, b: &dyn Store) {
        let (_, domain) = org_and_domain(a).await;
        let mut chats = Vec::new();
        for i in 0..8 {
            chats.push(
                a.create_channel(&domain.id, visitor(&format!("V{i}")))
                    .await
                    .unwrap(),
            );
        }
        let chats = &chats;
        let sends = |s: &'static str, order: Vec<usize>| {
            order.into_iter().map(move |i| {
                let (c, p) = &chats[i % chats.len()];
                (s, msg(&c.id, &format!("m{i}"), &p.id, "x"))
            })
        };
        let forward = sends("a", (0..160).collect());
        let backward = sends("b", (0..160).rev().collect());
        let results = futures_join_all(forward.zip(backward).flat_map(|(x, y)| [x, y]).map(
            |(which, m)| async move {
                let s = if which == "a" { a } else { b };
                s.insert_message(m).await.unwrap()
            },
        ))
        .await;
        assert_eq!(results.iter().filter(|r| r.created).count(), 160);
        for (c, _) in chats {
            let stored = a.messages_after(&c.id, 0, 1000).await.unwrap();
            assert_eq!(
                stored.iter().map(|m| m.seq).collect::<Vec<_>>(),
                (1..=20).collect::<Vec<i64>>()
            );
            assert_eq!(a.get_channel(&c.id).await.unwrap().last_seq, 20);
            for r in results.iter().filter(|r| r.message.channel_id == c.id) {
                let m = stored
                    .iter()
                    .find(|m| m.client_id == r.message.client_id)
                    .unwrap();
                assert_eq!(
                    (m.id.as_str(), m.seq),
                    (r.message.id.as_str(), r.message.seq)
                );
            }
        }
    }

    /// Polls all futures together on this task (no extra crate needed).
    async fn futures_join_all<F: Future>(futs: impl Iterator<Item = F>) -> Vec<F::Output> {
        let mut futs: Vec<Pin<Box<F>>> = futs.map(Box::pin).collect();
        let mut out: Vec<Option<F::Output>> = futs.iter().map(|_| None).collect();
        std::future::poll_fn(|cx| {
            let mut pending = false;
            for (i, f) in futs.iter_mut().enumerate() {
                if out[i].is_none() {
                    match f.as_mut().poll(cx) {
                        std::task::Poll::Ready(v) => out[i] = Some(v),
                        std::task::Poll::Pending => pending = true,
                    }
                }
            }
            if pending {
                std::task::Poll::Pending
            } else {
                std::task::Poll::Ready(())
            }
        })
        .await;
        out.into_iter().map(|o| o.unwrap()).collect()
    }

    fn new_user(org: &str, email: &str, role: Role, persona: Option<String>) -> NewUser {
        NewUser {
            org_id: org.into(),
            email: email.into(),
            name: email.into(),
            password_hash: "h".into(),
            role,
            persona_id: persona,
        }
    }

    fn agent_persona(name: &str) -> NewPersona {
        NewPersona {
            persona_type: PersonaType::ChatAgentPersona,
            name: name.into(),
            email: None,
            ip: None,
            url: None,
            legal_notice_accepted: 0,
            avatar_url: None,
        }
    }

    pub async fn removing_a_user_ends_sessions_and_assignments(s: &dyn Store) {
        let (org, domain) = org_and_domain(s).await;
        let persona = s.create_persona(agent_persona("Ann")).await.unwrap();
        let ann = s
            .create_user(new_user(
                &org.id,
                "ann@acme.example",
                Role::Agent,
                Some(persona.id.clone()),
            ))
            .await
            .unwrap();
        let bob = s
            .create_user(new_user(&org.id, "bob@acme.example", Role::Agent, None))
            .await
            .unwrap();
        for (id, user) in [("s1", &ann), ("s2", &ann), ("s3", &bob)] {
            s.create_session(Session {
                id: id.into(),
                user_id: user.id.clone(),
                created_at: 1,
                expires_at: i64::MAX,
                last_seen_at: 1,
            })
            .await
            .unwrap();
        }
        assert_eq!(s.delete_user_sessions(&ann.id).await.unwrap(), 2);
        assert!(matches!(
            s.get_session("s1").await,
            Err(StoreError::NotFound)
        ));
        assert!(s.get_session("s3").await.is_ok());
        assert_eq!(s.delete_user_sessions(&ann.id).await.unwrap(), 0);

        let (channel, _) = s.create_channel(&domain.id, visitor("Vic")).await.unwrap();
        s.assign_channel(&channel.id, Some(&bob.id)).await.unwrap();
        s.insert_message(msg(&channel.id, "c1", &persona.id, "hi"))
            .await
            .unwrap();
        s.delete_user(&bob.id).await.unwrap();
        assert!(matches!(
            s.get_user(&bob.id).await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.get_session("s3").await,
            Err(StoreError::NotFound)
        ));
        assert_eq!(
            s.get_channel(&channel.id).await.unwrap().assigned_agent_id,
            None
        );
        assert!(matches!(
            s.delete_user(&bob.id).await,
            Err(StoreError::NotFound)
        ));
        // A removed user's persona stays: their messages keep a sender.
        s.delete_user(&ann.id).await.unwrap();
        assert_eq!(s.get_persona(&persona.id).await.unwrap().name, "Ann");
        assert_eq!(s.messages_after(&channel.id, 0, 10).await.unwrap().len(), 1);
        assert!(s.list_users(&org.id).await.unwrap().is_empty());
    }

    pub async fn organisations_are_listed_oldest_first(s: &dyn Store, clock: &ManualClock) {
        assert!(s.list_organisations().await.unwrap().is_empty());
        let a = s.create_organisation("A").await.unwrap();
        clock.advance(std::time::Duration::from_millis(1));
        let b = s.create_organisation("B").await.unwrap();
        let names: Vec<String> = s
            .list_organisations()
            .await
            .unwrap()
            .into_iter()
            .map(|o| o.id)
            .collect();
        assert_eq!(names, [a.id, b.id]);
    }

    pub async fn channel_queries_filter_search_and_count_unread(
        s: &dyn Store,
        clock: &ManualClock,
    ) {
        let (org, domain) = org_and_domain(s).await;
        let other_org = s.create_organisation("Other").await.unwrap();
        let other_domain = s
            .create_domain(NewDomain {
                id: None,
                org_id: other_org.id.clone(),
                name: "other.example".into(),
                aliases: vec![],
                domain_type: "FREE".into(),
                properties: json!({}),
                timezone: None,
            })
            .await
            .unwrap();
        let me = s.create_persona(agent_persona("Me")).await.unwrap();
        let agent = s
            .create_user(new_user(
                &org.id,
                "me@acme.example",
                Role::Agent,
                Some(me.id.clone()),
            ))
            .await
            .unwrap();

        let (ann, ann_p) = s
            .create_channel(&domain.id, visitor("Ann_Smith"))
            .await
            .unwrap();
        let (bob, bob_p) = s.create_channel(&domain.id, visitor("Bob")).await.unwrap();
        let (elsewhere, _) = s
            .create_channel(&other_domain.id, visitor("Ann"))
            .await
            .unwrap();
        s.insert_message(msg(&ann.id, "v1", &ann_p.id, "one"))
            .await
            .unwrap();
        s.insert_message(msg(&ann.id, "v2", &ann_p.id, "two"))
            .await
            .unwrap();
        s.insert_message(msg(&ann.id, "a1", &me.id, "mine"))
            .await
            .unwrap();
        clock.advance(std::time::Duration::from_millis(1));
        s.insert_message(msg(&bob.id, "v1", &bob_p.id, "hey"))
            .await
            .unwrap();
        // A chat nobody wrote in is its visitor's alone: never listed, not even by id.
        let (quiet, _) = s
            .create_channel(&domain.id, visitor("Quiet"))
            .await
            .unwrap();

        let q = ChannelQuery {
            org_id: org.id.clone(),
            reader_persona_id: me.id.clone(),
            limit: 50,
            ..Default::default()
        };
        let run = |q: ChannelQuery| async move { s.query_channels(&q).await.unwrap() };
        let by_id = ChannelQuery {
            channel_id: Some(quiet.id.clone()),
            ..q.clone()
        };
        assert!(run(by_id).await.is_empty(), "an empty chat is not listed");
        let all = run(q.clone()).await;
        let ids: Vec<&str> = all.iter().map(|c| c.channel.id.as_str()).collect();
        assert_eq!(
            ids,
            [bob.id.as_str(), ann.id.as_str()],
            "newest first, own org only"
        );
        assert!(!ids.contains(&elsewhere.id.as_str()));
        let ann_row = &all[1];
        assert_eq!(ann_row.unread, 2, "own messages are not unread");
        assert_eq!(ann_row.last_message_text.as_deref(), Some("mine"));
        assert_eq!(ann_row.domain_name, "acme.example");
        assert_eq!(ann_row.visitor.name, "Ann_Smith");
        assert_eq!(
            ann_row.visitor.email.as_deref(),
            Some("ann_smith@example.com")
        );
        assert!(ann_row.visitor_last_message_at.is_some());
        assert_eq!(all[0].unread, 1);

        s.mark_read(&ann.id, &me.id, 2).await.unwrap();
        let one = run(ChannelQuery {
            channel_id: Some(ann.id.clone()),
            ..q.clone()
        })
        .await;
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].unread, 0);

        // Search: case-insensitive on name or e-mail; % and _ are literal.
        let search = |t: &str| ChannelQuery {
            search: Some(t.into()),
            ..q.clone()
        };
        assert_eq!(run(search("ann_s")).await.len(), 1);
        assert_eq!(run(search("ANN")).await.len(), 1);
        assert_eq!(run(search("bob@EXAMPLE")).await.len(), 1);
        assert_eq!(run(search("a%s")).await.len(), 0);
        assert_eq!(run(search("n_s")).await.len(), 1);
        assert_eq!(run(search("nXs")).await.len(), 0);
        // A visitor's e-mail, exactly but without case (a visitor's other conversations).
        let email = |e: &str| ChannelQuery {
            visitor_email: Some(e.into()),
            ..q.clone()
        };
        let anns = run(email("ANN_SMITH@example.com")).await;
        assert_eq!(anns.len(), 1);
        assert_eq!(anns[0].channel.id, ann.id);
        assert!(run(email("ann")).await.is_empty(), "not a substring");
        assert!(run(email("a%@example.com")).await.is_empty());

        // Assignment and status filters.
        s.assign_channel(&ann.id, Some(&agent.id)).await.unwrap();
        let mine = run(ChannelQuery {
            assigned: AssignedFilter::To(agent.id.clone()),
            ..q.clone()
        })
        .await;
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].channel.id, ann.id);
        let free = run(ChannelQuery {
            assigned: AssignedFilter::Unassigned,
            ..q.clone()
        })
        .await;
        assert_eq!(free.len(), 1);
        assert_eq!(free[0].channel.id, bob.id);
        s.end_channel(&bob.id, now_ms(), None).await.unwrap();
        let open = run(ChannelQuery {
            status: Some(ChannelStatus::Open),
            ..q.clone()
        })
        .await;
        assert_eq!(open.len(), 1);
        let ended = run(ChannelQuery {
            status: Some(ChannelStatus::Ended),
            ..q.clone()
        })
        .await;
        assert_eq!(ended[0].channel.id, bob.id);
        let in_domain = run(ChannelQuery {
            domain_id: Some(other_domain.id.clone()),
            ..q.clone()
        })
        .await;
        assert!(in_domain.is_empty());
        // Paging by last activity, and the limit.
        let first = run(ChannelQuery {
            limit: 1,
            ..q.clone()
        })
        .await;
        assert_eq!(first.len(), 1);
        let next = run(ChannelQuery {
            before: Some(first[0].channel.last_activity_at),
            ..q.clone()
        })
        .await;
        assert!(next.iter().all(|c| c.channel.id != first[0].channel.id));
    }

    #[allow(dead_code)]
    fn _assert_object_safe(_: Arc<dyn Store>) {}

    /// Chats whose last activity fell in the same millisecond are each listed once when an
    /// agent pages through them (the cursor is the last chat's activity time and id).
    pub async fn paging_through_chats_active_in_the_same_millisecond(s: &dyn Store) {
        let (org, domain) = org_and_domain(s).await;
        let me = s.create_persona(agent_persona("Me")).await.unwrap();
        let mut ids = Vec::new();
        for i in 0..5 {
            let (c, v) = s
                .create_channel(&domain.id, visitor(&format!("V{i}")))
                .await
                .unwrap();
            s.insert_message(msg(&c.id, "v1", &v.id, "hello"))
                .await
                .unwrap();
            ids.push(c.id);
        }
        // Ended together: one activity time for all five.
        let at = now_ms();
        for id in &ids {
            s.end_channel(id, at, None).await.unwrap();
        }
        let q = ChannelQuery {
            org_id: org.id.clone(),
            reader_persona_id: me.id.clone(),
            limit: 2,
            ..Default::default()
        };
        let mut seen = Vec::new();
        let mut cursor: Option<(i64, String)> = None;
        loop {
            let page = s
                .query_channels(&ChannelQuery {
                    before: cursor.as_ref().map(|c| c.0),
                    before_id: cursor.as_ref().map(|c| c.1.clone()),
                    ..q.clone()
                })
                .await
                .unwrap();
            let Some(last) = page.last() else { break };
            cursor = Some((last.channel.last_activity_at, last.channel.id.clone()));
            seen.extend(page.iter().map(|c| c.channel.id.clone()));
            assert!(seen.len() <= 5, "a chat was listed twice: {seen:?}");
        }
        ids.sort();
        assert_eq!(seen, ids, "every chat once, ties in id order");
    }

    /// Waiting: open chats whose latest message is the visitor's, ordered by when the visitor's
    /// first unanswered message came (an answer takes a chat off; the next message puts it back).
    pub async fn the_waiting_list_holds_unanswered_chats_longest_waiting_first(
        s: &dyn Store,
        clock: &ManualClock,
    ) {
        let (org, domain) = org_and_domain(s).await;
        let me = s.create_persona(agent_persona("Me")).await.unwrap();
        let step = || clock.advance(std::time::Duration::from_secs(60));
        let (ann, ann_p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let (bob, bob_p) = s.create_channel(&domain.id, visitor("Bob")).await.unwrap();
        let (_quiet, _) = s.create_channel(&domain.id, visitor("Cy")).await.unwrap();
        let started = s.now();
        s.insert_message(msg(&ann.id, "a1", &ann_p.id, "hello?"))
            .await
            .unwrap();
        step();
        s.insert_message(msg(&bob.id, "b1", &bob_p.id, "anyone?"))
            .await
            .unwrap();
        step();
        // Ann writes again later: her wait still began with her first message.
        s.insert_message(msg(&ann.id, "a2", &ann_p.id, "still here"))
            .await
            .unwrap();
        let q = ChannelQuery {
            org_id: org.id.clone(),
            reader_persona_id: me.id.clone(),
            status: Some(ChannelStatus::Open),
            limit: 50,
            waiting: true,
            ..Default::default()
        };
        let waiting = |q: ChannelQuery| async move {
            let rows = s.query_channels(&q).await.unwrap();
            rows.into_iter()
                .map(|c| (c.visitor.name, c.waiting_since))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            waiting(q.clone()).await,
            [
                ("Ann".to_owned(), Some(started)),
                ("Bob".to_owned(), Some(started + 60_000))
            ],
            "the longest waiting first; a chat without messages is not waiting"
        );
        let page = waiting(ChannelQuery {
            before: Some(started),
            before_id: Some(ann.id.clone()),
            ..q.clone()
        })
        .await;
        assert_eq!(page.len(), 1, "paged by waiting time: {page:?}");
        assert_eq!(page[0].0, "Bob");

        // An agent answers Ann: she is no longer waiting; her next message starts a new wait.
        step();
        s.insert_message(msg(&ann.id, "m1", &me.id, "here!"))
            .await
            .unwrap();
        assert_eq!(
            waiting(q.clone()).await,
            [("Bob".to_owned(), Some(started + 60_000))]
        );
        step();
        let again = s.now();
        s.insert_message(msg(&ann.id, "a3", &ann_p.id, "thanks, one more thing"))
            .await
            .unwrap();
        assert_eq!(
            waiting(q.clone()).await,
            [
                ("Bob".to_owned(), Some(started + 60_000)),
                ("Ann".to_owned(), Some(again))
            ]
        );
        // Every list says how long each chat has waited.
        let all = s
            .query_channels(&ChannelQuery {
                waiting: false,
                ..q.clone()
            })
            .await
            .unwrap();
        assert_eq!(all.len(), 2, "a chat nobody wrote in is not listed");
        assert!(all.iter().all(|c| c.waiting_since.is_some()));
    }

    pub async fn notification_choices_default_then_stick_and_go_with_the_account(s: &dyn Store) {
        let (org, _) = org_and_domain(s).await;
        let ann = s
            .create_user(new_user(&org.id, "ann@acme.example", Role::Agent, None))
            .await
            .unwrap();
        assert_eq!(
            s.notify_choices(&ann.id).await.unwrap(),
            NotifyChoices::default()
        );
        assert!(s.org_notify_choices(&org.id).await.unwrap().is_empty());
        let mine = NotifyChoices {
            email: false,
            about: About::Mine,
        };
        s.set_notify_choices(&ann.id, mine).await.unwrap();
        s.set_notify_choices(&ann.id, mine).await.unwrap();
        assert_eq!(s.notify_choices(&ann.id).await.unwrap(), mine);
        assert_eq!(s.org_notify_choices(&org.id).await.unwrap()[&ann.id], mine);
        s.delete_user(&ann.id).await.unwrap();
        assert!(s.org_notify_choices(&org.id).await.unwrap().is_empty());
    }

    pub async fn push_subscriptions_are_kept_per_account_and_bounded(s: &dyn Store) {
        let (org, _) = org_and_domain(s).await;
        let ann = s
            .create_user(new_user(&org.id, "ann@acme.example", Role::Agent, None))
            .await
            .unwrap();
        let bob = s
            .create_user(new_user(&org.id, "bob@acme.example", Role::Agent, None))
            .await
            .unwrap();
        for i in 0..4 {
            s.save_push_subscription(&ann.id, &format!("https://push.example/{i}"), "k", "a", 3)
                .await
                .unwrap();
        }
        let ends =
            |subs: Vec<PushSubscription>| subs.into_iter().map(|p| p.endpoint).collect::<Vec<_>>();
        let kept = ends(s.push_subscriptions(&ann.id).await.unwrap());
        assert_eq!(kept.len(), 3, "at most 3: {kept:?}");
        // The same browser signed in as Bob is Bob's now.
        s.save_push_subscription(&bob.id, &kept[0], "k2", "a2", 3)
            .await
            .unwrap();
        assert_eq!(
            ends(s.push_subscriptions(&bob.id).await.unwrap()),
            [kept[0].clone()]
        );
        assert_eq!(s.push_subscriptions(&ann.id).await.unwrap().len(), 2);
        assert!(
            !s.delete_push_subscription(&ann.id, &kept[0]).await.unwrap(),
            "not Ann's"
        );
        assert!(s.delete_push_subscription(&bob.id, &kept[0]).await.unwrap());
        s.forget_push_endpoint(&kept[1]).await.unwrap();
        assert_eq!(s.push_subscriptions(&ann.id).await.unwrap().len(), 1);
        // Keys made once: the first value stays.
        assert_eq!(s.server_key("k", "first").await.unwrap(), "first");
        assert_eq!(s.server_key("k", "second").await.unwrap(), "first");
    }

    pub async fn a_visits_pages_are_the_latest_fifty_each_once_in_a_row(
        s: &dyn Store,
        clock: &ManualClock,
    ) {
        let (_, domain) = org_and_domain(s).await;
        let (chat, _) = s.create_channel(&domain.id, visitor("Eve")).await.unwrap();
        assert_eq!(s.visitor_context(&chat.id).await.unwrap(), None);
        let context = VisitorContext {
            user_agent: Some("UA".into()),
            country: Some("NL".into()),
            referrer: None,
            time_zone: Some("Europe/Amsterdam".into()),
            language: Some("nl".into()),
            left_at: None,
        };
        s.set_visitor_context(&chat.id, &context).await.unwrap();
        assert_eq!(
            s.visitor_context(&chat.id)
                .await
                .unwrap()
                .unwrap()
                .language
                .as_deref(),
            Some("nl"),
            "the language the widget spoke is kept"
        );
        for i in 0..60 {
            clock.advance(std::time::Duration::from_millis(1));
            assert_eq!(
                s.visitor_on_page(&chat.id, &format!("https://acme.example/{i}"), None)
                    .await
                    .unwrap(),
                Some(s.now())
            );
        }
        let seen_at = s.now();
        clock.advance(std::time::Duration::from_millis(1));
        assert_eq!(
            s.visitor_on_page(&chat.id, "https://acme.example/59", None)
                .await
                .unwrap(),
            None,
            "the page already latest is no new page"
        );
        // A single-page site names its page after changing the address: the entry takes the
        // title and is told again, as the same entry.
        for (title, told) in [("Blue chair", Some(seen_at)), ("Blue chair", None)] {
            assert_eq!(
                s.visitor_on_page(&chat.id, "https://acme.example/59", Some(title))
                    .await
                    .unwrap(),
                told,
                "{title}"
            );
        }
        let pages = s.visitor_pages(&chat.id).await.unwrap();
        assert_eq!(pages.len() as i64, visits::MAX_PAGES);
        assert_eq!(pages[0].url, "https://acme.example/59");
        assert_eq!(
            (pages[0].title.as_deref(), pages[0].seen_at),
            (Some("Blue chair"), seen_at)
        );
        assert_eq!(pages.last().unwrap().url, "https://acme.example/10");
        s.visitor_left(&chat.id).await.unwrap();
        let left = s.visitor_context(&chat.id).await.unwrap().unwrap();
        assert_eq!(left.user_agent.as_deref(), Some("UA"), "the context stays");
        assert!(left.left_at.is_some());
        s.visitor_on_page(&chat.id, "https://acme.example/back", None)
            .await
            .unwrap();
        assert_eq!(
            s.visitor_context(&chat.id).await.unwrap().unwrap().left_at,
            None,
            "back on the site"
        );
    }

    /// PostgreSQL cannot keep U+0000; SQLite could, but refuses it too, the same way.
    pub async fn text_with_u0000_is_refused_and_changes_nothing(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        for bad in [
            NewPersona {
                name: "An\0n".into(),
                ..visitor("Ann")
            },
            NewPersona {
                url: Some("https://acme.example/\0".into()),
                ..visitor("Ann")
            },
        ] {
            match s.create_channel(&domain.id, bad).await {
                Err(StoreError::Invalid(m)) => assert!(m.contains("U+0000"), "{m}"),
                other => panic!("a persona with U+0000: {other:?}"),
            }
        }
        match s.create_channel("d\0", visitor("Ann")).await {
            Err(StoreError::Invalid(_)) => {}
            other => panic!("a domain id with U+0000: {other:?}"),
        }
        let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let mut with_attachment = msg(&c.id, "m4", &p.id, "x");
        with_attachment.attachments =
            json!([{"type": "file", "url": "https://acme.example/\u{0}", "name": "a"}]);
        for bad in [
            msg(&c.id, "m1", &p.id, "hello\0"),
            msg(&c.id, "m\u{0}2", &p.id, "hello"),
            msg(&format!("{}\0", c.id), "m3", &p.id, "hello"),
            with_attachment,
        ] {
            match s.insert_message(bad).await {
                Err(StoreError::Invalid(m)) => assert!(m.contains("U+0000"), "{m}"),
                other => panic!("a message with U+0000: {other:?}"),
            }
        }
        assert!(s.messages_after(&c.id, 0, 10).await.unwrap().is_empty());
        assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 0);
        let ok = s
            .insert_message(msg(&c.id, "m5", &p.id, "hello"))
            .await
            .unwrap();
        assert_eq!(ok.message.seq, 1, "no gap after the refused ones");
    }

    fn job(kind: &str, key: Option<&str>, run_at: i64) -> NewJob {
        NewJob {
            kind: kind.into(),
            dedupe_key: key.map(Into::into),
            payload: json!({"n": run_at}),
            run_at,
        }
    }

    pub async fn jobs_run_when_due_once_per_lease_and_a_key_waits_once(
        s: &dyn Store,
        clock: &ManualClock,
    ) {
        let lease = std::time::Duration::from_secs(30);
        let now = s.now();
        assert!(s
            .enqueue_job(job("mail", Some("chat-1"), now))
            .await
            .unwrap());
        // The same key while the first waits: not added.
        assert!(!s
            .enqueue_job(job("mail", Some("chat-1"), now))
            .await
            .unwrap());
        // Another kind, or no key: added.
        assert!(s
            .enqueue_job(job("push", Some("chat-1"), now))
            .await
            .unwrap());
        assert!(s
            .enqueue_job(job("mail", None, now + 60_000))
            .await
            .unwrap());

        // Due now: the two first; the later one waits for its time.
        let claimed = s.claim_jobs(10, lease).await.unwrap();
        let kinds: Vec<&str> = claimed.iter().map(|j| j.kind.as_str()).collect();
        assert_eq!(kinds.len(), 2, "{claimed:?}");
        assert!(kinds.contains(&"mail") && kinds.contains(&"push"));
        assert!(claimed.iter().all(|j| j.attempts == 1));
        let mail = claimed.iter().find(|j| j.kind == "mail").unwrap().clone();
        assert_eq!(mail.payload, json!({"n": now}));
        // Claimed: nobody else gets them while the lease lasts.
        assert!(s.claim_jobs(10, lease).await.unwrap().is_empty());

        // A failed attempt runs again at its new time, with the error kept; a lapsed lease
        // (a worker that died) gives the job to the next claim.
        s.retry_job(&mail.id, "SMTP: connection refused", now + 10_000)
            .await
            .unwrap();
        clock.advance(std::time::Duration::from_secs(11));
        let again = s.claim_jobs(10, lease).await.unwrap();
        assert_eq!(again.len(), 1, "{again:?}");
        assert_eq!(again[0].id, mail.id);
        assert_eq!(again[0].attempts, 2);
        assert_eq!(
            again[0].last_error.as_deref(),
            Some("SMTP: connection refused")
        );
        clock.advance(std::time::Duration::from_secs(31));
        let lapsed = s.claim_jobs(10, lease).await.unwrap();
        let ids: Vec<&str> = lapsed.iter().map(|j| j.id.as_str()).collect();
        assert_eq!(
            ids.len(),
            2,
            "the push job's lease lapsed, the mail's too: {lapsed:?}"
        );

        // Done: gone, and its key free again. Buried: kept, dead, and its key free too.
        s.finish_job(&mail.id).await.unwrap();
        assert!(s
            .enqueue_job(job("mail", Some("chat-1"), now))
            .await
            .unwrap());
        let push = lapsed.iter().find(|j| j.kind == "push").unwrap();
        s.bury_job(&push.id, "410 Gone").await.unwrap();
        let pushes = s.jobs_of_kind("push").await.unwrap();
        assert_eq!(pushes.len(), 1);
        assert_eq!(pushes[0].dead, Dead(true));
        assert_eq!(pushes[0].last_error.as_deref(), Some("410 Gone"));
        assert!(s
            .enqueue_job(job("push", Some("chat-1"), now))
            .await
            .unwrap());
        // A dead job is never claimed.
        clock.advance(std::time::Duration::from_secs(120));
        let left = s.claim_jobs(10, lease).await.unwrap();
        assert!(left.iter().all(|j| j.id != push.id), "{left:?}");
        assert!(matches!(
            s.finish_job("no-such-job").await,
            Err(StoreError::NotFound)
        ));
    }

    /// Claims until nothing is left: the ids claimed.
    async fn drain_jobs(s: &dyn Store, lease: std::time::Duration) -> Vec<String> {
        let mut ids = Vec::new();
        loop {
            let got = s.claim_jobs(7, lease).await.unwrap();
            if got.is_empty() {
                return ids;
            }
            ids.extend(got.into_iter().map(|j| j.id));
        }
    }

    pub async fn two_instances_claiming_at_once_take_each_job_once(a: &dyn Store, b: &dyn Store) {
        let now = a.now();
        for i in 0..200 {
            a.enqueue_job(job("mail", Some(&format!("k{i}")), now))
                .await
                .unwrap();
        }
        let lease = std::time::Duration::from_secs(300);
        let (x, y) = tokio::join!(drain_jobs(a, lease), drain_jobs(b, lease));
        let mut all: Vec<String> = x.into_iter().chain(y).collect();
        assert_eq!(all.len(), 200, "every job claimed once");
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 200, "no job claimed twice");
    }

    pub async fn visitor_mails_are_bounded_per_chat_a_day_and_per_domain_an_hour(
        s: &dyn Store,
        clock: &ManualClock,
    ) {
        let minute = std::time::Duration::from_secs(60);
        // Per chat: 2 a day.
        assert!(s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap());
        assert!(s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap());
        assert!(!s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap());
        clock.advance(minute * 60 * 23);
        assert!(
            !s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap(),
            "still within the day"
        );
        clock.advance(minute * 61);
        assert!(
            s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap(),
            "a day later"
        );
        // Per domain: 3 an hour, whatever the chats (c1's last one counts too).
        assert!(s.note_visitor_mail("d1", "c2", 2, 3).await.unwrap());
        assert!(s.note_visitor_mail("d1", "c3", 2, 3).await.unwrap());
        assert!(!s.note_visitor_mail("d1", "c4", 2, 3).await.unwrap());
        assert!(
            s.note_visitor_mail("d2", "c5", 2, 3).await.unwrap(),
            "another domain"
        );
        clock.advance(minute * 61);
        assert!(
            s.note_visitor_mail("d1", "c4", 2, 3).await.unwrap(),
            "an hour later"
        );
    }

    /// Notes are kept per chat in the order written, and no read of messages sees them: the
    /// history, the last seq, the list's last message, unread counts and the waiting list are
    /// as if there were none. A removed author's notes stay, with their name.
    pub async fn notes_are_kept_apart_from_messages(s: &dyn Store, clock: &ManualClock) {
        let (org, domain) = org_and_domain(s).await;
        let ada = s
            .create_user(NewUser {
                org_id: org.id.clone(),
                email: "ada@acme.example".into(),
                name: "Ada".into(),
                password_hash: "h".into(),
                role: Role::Agent,
                persona_id: None,
            })
            .await
            .unwrap();
        let me = s.create_persona(agent_persona("Me")).await.unwrap();
        let (c, ann) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        s.insert_message(msg(&c.id, "a1", &ann.id, "hello?"))
            .await
            .unwrap();
        let q = ChannelQuery {
            org_id: org.id.clone(),
            reader_persona_id: me.id.clone(),
            channel_id: Some(c.id.clone()),
            limit: 50,
            ..Default::default()
        };
        let before = s.query_channels(&q).await.unwrap();

        assert_eq!(s.channel_notes(&c.id, 10).await.unwrap(), vec![]);
        clock.advance(std::time::Duration::from_millis(5));
        let first = s
            .add_note(&c.id, &ada.id, "Ada", "VIP customer, be nice")
            .await
            .unwrap();
        assert_eq!(
            (
                first.channel_id.as_str(),
                first.author_id.as_deref(),
                first.author_name.as_str(),
                first.text.as_str(),
                first.created_at
            ),
            (
                c.id.as_str(),
                Some(ada.id.as_str()),
                "Ada",
                "VIP customer, be nice",
                s.now()
            )
        );
        clock.advance(std::time::Duration::from_millis(5));
        let second = s
            .add_note(&c.id, &ada.id, "Ada", "refund done")
            .await
            .unwrap();
        assert_eq!(
            s.channel_notes(&c.id, 10).await.unwrap(),
            vec![first.clone(), second.clone()],
            "oldest first"
        );
        assert_eq!(
            s.channel_notes(&c.id, 1).await.unwrap(),
            vec![second.clone()],
            "the latest within the limit"
        );

        // Messages know nothing of them.
        let messages = s.messages_after(&c.id, 0, 100).await.unwrap();
        assert_eq!(
            messages.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
            ["hello?"]
        );
        assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 1);
        let after = s.query_channels(&q).await.unwrap();
        assert_eq!(
            (
                after[0].unread,
                &after[0].last_message_text,
                after[0].channel.last_activity_at
            ),
            (
                before[0].unread,
                &before[0].last_message_text,
                before[0].channel.last_activity_at
            )
        );
        let waiting = s
            .query_channels(&ChannelQuery {
                waiting: true,
                status: Some(ChannelStatus::Open),
                ..q.clone()
            })
            .await
            .unwrap();
        assert_eq!(waiting.len(), 1, "a note is no answer: Ann still waits");

        // Refused: an unknown chat, U+0000 (as messages).
        assert!(matches!(
            s.add_note("nope", &ada.id, "Ada", "x").await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.add_note(&c.id, &ada.id, "Ada", "a\0b").await,
            Err(StoreError::Invalid(_))
        ));
        assert!(s.channel_notes("nope", 10).await.unwrap().is_empty());

        // The author leaves: the notes stay, by name.
        s.delete_user(&ada.id).await.unwrap();
        let kept = s.channel_notes(&c.id, 10).await.unwrap();
        assert_eq!(
            kept.iter()
                .map(|n| (n.author_id.clone(), n.author_name.as_str()))
                .collect::<Vec<_>>(),
            [(None, "Ada"), (None, "Ada")]
        );
        // The chat is erased (retention, or the visitor's request): its notes go with it.
        assert_eq!(
            s.delete_chats(std::slice::from_ref(&c.id)).await.unwrap(),
            1
        );
        assert!(s.channel_notes(&c.id, 10).await.unwrap().is_empty());
    }

    /// Canned replies: by shortcut, one shortcut per organisation (another may use it), each
    /// reachable only through its own organisation; who may edit them defaults to owners only.
    pub async fn canned_replies_belong_to_one_organisation(s: &dyn Store, clock: &ManualClock) {
        let (org, _) = org_and_domain(s).await;
        let other = s.create_organisation("Other").await.unwrap();
        assert!(s.canned_replies(&org.id).await.unwrap().is_empty());
        let thanks = s
            .create_canned_reply(&org.id, "thanks", "Thank you, {visitor.name}!")
            .await
            .unwrap();
        assert_eq!(
            (
                thanks.org_id.as_str(),
                thanks.shortcut.as_str(),
                thanks.created_at,
                thanks.updated_at
            ),
            (org.id.as_str(), "thanks", s.now(), s.now())
        );
        let hours = s
            .create_canned_reply(&org.id, "hours", "We are open 9-17.")
            .await
            .unwrap();
        assert_eq!(
            s.canned_replies(&org.id).await.unwrap(),
            vec![hours.clone(), thanks.clone()],
            "by shortcut"
        );
        // A taken shortcut, in the same organisation only.
        assert!(matches!(
            s.create_canned_reply(&org.id, "thanks", "again").await,
            Err(StoreError::Conflict(_))
        ));
        s.create_canned_reply(&other.id, "thanks", "Theirs")
            .await
            .unwrap();
        assert!(matches!(
            s.update_canned_reply(&org.id, &hours.id, "thanks", "x")
                .await,
            Err(StoreError::Conflict(_))
        ));
        // Changed: shortcut, text and the time.
        clock.advance(std::time::Duration::from_millis(7));
        let changed = s
            .update_canned_reply(&org.id, &hours.id, "opening-hours", "9 to 5")
            .await
            .unwrap();
        assert_eq!(
            (
                changed.shortcut.as_str(),
                changed.text.as_str(),
                changed.created_at,
                changed.updated_at
            ),
            (
                "opening-hours",
                "9 to 5",
                hours.created_at,
                hours.created_at + 7
            )
        );
        // Another organisation cannot reach them.
        assert!(matches!(
            s.update_canned_reply(&other.id, &hours.id, "mine", "x")
                .await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.delete_canned_reply(&other.id, &hours.id).await,
            Err(StoreError::NotFound)
        ));
        assert_eq!(s.canned_replies(&other.id).await.unwrap().len(), 1);
        s.delete_canned_reply(&org.id, &hours.id).await.unwrap();
        assert!(matches!(
            s.delete_canned_reply(&org.id, &hours.id).await,
            Err(StoreError::NotFound)
        ));
        assert_eq!(s.canned_replies(&org.id).await.unwrap(), vec![thanks]);
        assert!(matches!(
            s.create_canned_reply(&org.id, "nul", "a\0b").await,
            Err(StoreError::Invalid(_))
        ));

        // Who may edit: owners only, until the owner allows agents; per organisation.
        assert!(!s.agents_may_edit_canned(&org.id).await.unwrap());
        s.set_agents_may_edit_canned(&org.id, true).await.unwrap();
        assert!(s.agents_may_edit_canned(&org.id).await.unwrap());
        assert!(!s.agents_may_edit_canned(&other.id).await.unwrap());
        s.set_agents_may_edit_canned(&org.id, false).await.unwrap();
        assert!(!s.agents_may_edit_canned(&org.id).await.unwrap());
    }

    pub async fn retention_removes_what_is_past_it_and_erasure_what_an_address_gave(
        s: &dyn Store,
        clock: &ManualClock,
    ) {
        const DAY: i64 = 86_400_000;
        let (org, domain) = org_and_domain(s).await;
        let other_org = s.create_organisation("Other").await.unwrap();
        let other = s
            .create_domain(NewDomain {
                id: None,
                org_id: other_org.id.clone(),
                name: "other.example".into(),
                aliases: vec![],
                domain_type: "FREE".into(),
                properties: json!({}),
                timezone: None,
            })
            .await
            .unwrap();
        assert_eq!(s.retention_days(&domain.id).await.unwrap(), None);
        s.set_retention_days(&domain.id, Some(30)).await.unwrap();
        assert_eq!(s.retention_days(&domain.id).await.unwrap(), Some(30));
        assert!(matches!(
            s.set_retention_days("nope", Some(3)).await,
            Err(StoreError::NotFound)
        ));

        // Ann's chat ends now; Bea's stays open; Ann also chatted on another organisation's site.
        let (ann, ann_p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let (bea, _) = s.create_channel(&domain.id, visitor("Bea")).await.unwrap();
        let (elsewhere, _) = s.create_channel(&other.id, visitor("Ann")).await.unwrap();
        s.insert_message(msg(&ann.id, "a1", &ann_p.id, "hello"))
            .await
            .unwrap();
        s.mark_read(&ann.id, &ann_p.id, 1).await.unwrap();
        s.rate_channel(&ann.id, 5, Some("great")).await.unwrap();
        s.visitor_on_page(&ann.id, "https://acme.example/p", None)
            .await
            .unwrap();
        s.note_visitor_mail(&domain.id, &ann.id, 5, 50)
            .await
            .unwrap();
        s.end_channel(&ann.id, s.now(), Some(&ann_p.id))
            .await
            .unwrap();
        s.end_channel(&elsewhere.id, s.now(), None).await.unwrap();

        clock.advance(std::time::Duration::from_millis((29 * DAY) as u64));
        assert!(
            s.expired_chats(s.now(), 10).await.unwrap().is_empty(),
            "29 days: kept"
        );
        clock.advance(std::time::Duration::from_millis((2 * DAY) as u64));
        let expired = s.expired_chats(s.now(), 10).await.unwrap();
        assert_eq!(
            expired,
            vec![ChatRef {
                id: ann.id.clone(),
                domain_id: domain.id.clone()
            }],
            "only the ended chat of the domain with a retention"
        );
        assert_eq!(
            s.delete_chats(std::slice::from_ref(&ann.id)).await.unwrap(),
            1
        );
        assert!(matches!(
            s.get_channel(&ann.id).await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.get_persona(&ann_p.id).await,
            Err(StoreError::NotFound)
        ));
        assert!(s.messages_after(&ann.id, 0, 10).await.unwrap().is_empty());
        assert_eq!(s.channel_rating(&ann.id).await.unwrap(), None);
        assert!(s.visitor_pages(&ann.id).await.unwrap().is_empty());
        assert_eq!(
            s.delete_chats(std::slice::from_ref(&ann.id)).await.unwrap(),
            0,
            "twice is harmless"
        );
        s.get_channel(&bea.id).await.expect("the open chat stays");
        assert!(s.expired_chats(s.now(), 10).await.unwrap().is_empty());

        // By address: any case, this organisation's or everyone's.
        let mine = s
            .chats_of_email(Some(&org.id), "BEA@Example.com")
            .await
            .unwrap();
        assert_eq!(
            mine,
            vec![ChatRef {
                id: bea.id.clone(),
                domain_id: domain.id.clone()
            }]
        );
        let all_ann = s.chats_of_email(None, "ann@example.com").await.unwrap();
        assert_eq!(all_ann.len(), 1, "Ann's chat elsewhere");
        assert!(s
            .chats_of_email(Some(&org.id), "ann@example.com")
            .await
            .unwrap()
            .is_empty());
        s.set_retention_days(&domain.id, None).await.unwrap();
        assert_eq!(s.retention_days(&domain.id).await.unwrap(), None);
    }

    /// Webhooks per organisation (found through a domain); an event makes one delivery and one
    /// job per webhook in one go; attempts are logged; a resend makes the job again (once while
    /// it waits); the log keeps the newest deliveries; removing a webhook removes its log.
    pub async fn webhook_deliveries_are_queued_with_their_jobs_logged_and_bounded(
        s: &dyn Store,
        clock: &ManualClock,
    ) {
        use beckon_server::store::webhooks::{
            Attempt, NewWebhook, WebhookEvent, KEPT_DELIVERIES, WEBHOOK_JOB,
        };
        let (org, domain) = org_and_domain(s).await;
        let other = s.create_organisation("Other").await.unwrap();
        let new = |org: &str, url: &str| NewWebhook {
            org_id: org.into(),
            domain_id: None,
            url: url.into(),
            events: vec!["message.created".into(), "conversation.ended".into()],
            secret: "whsec_AAAA".into(),
        };
        let a = s
            .create_webhook(new(&org.id, "https://a.example/hook"))
            .await
            .unwrap();
        clock.advance(std::time::Duration::from_millis(5));
        let b = s
            .create_webhook(new(&org.id, "https://b.example/hook"))
            .await
            .unwrap();
        s.create_webhook(new(&other.id, "https://c.example/hook"))
            .await
            .unwrap();
        assert_eq!(a.events, ["message.created", "conversation.ended"]);
        assert!(a.wants("message.created", &domain.id));
        assert!(!a.wants("conversation.rated", &domain.id));
        let ids = |v: Vec<Webhook>| v.into_iter().map(|w| w.id).collect::<Vec<_>>();
        assert_eq!(
            ids(s.list_webhooks(&org.id).await.unwrap()),
            [a.id.clone(), b.id.clone()]
        );
        assert_eq!(
            ids(s.webhooks_of_domain(&domain.id).await.unwrap()),
            [a.id.clone(), b.id.clone()]
        );
        assert_eq!(s.get_webhook(&a.id).await.unwrap(), a);

        let event = |body: &'static str| WebhookEvent {
            event_type: "message.created",
            channel_id: None,
            body,
            retry_for: 86_400_000,
        };
        let queued = s
            .queue_webhook_event(
                &[a.id.clone(), b.id.clone(), "gone".into()],
                event("{\"n\":1}"),
            )
            .await
            .unwrap();
        assert_eq!(queued.len(), 2, "a removed webhook gets nothing");
        let d = &queued[0];
        assert!(d.id.starts_with("msg_"));
        assert_eq!(
            (d.status, d.attempts, d.body.as_str()),
            (DeliveryStatus::Pending, 0, "{\"n\":1}")
        );
        assert_eq!(d.retry_until, s.now() + 86_400_000);
        let jobs = s.jobs_of_kind(WEBHOOK_JOB).await.unwrap();
        assert_eq!(jobs.len(), 2);
        assert!(jobs
            .iter()
            .any(|j| j.payload["deliveryId"] == d.id.as_str()));

        clock.advance(std::time::Duration::from_secs(1));
        s.record_webhook_attempt(
            &d.id,
            Attempt {
                status: DeliveryStatus::Failed,
                response_code: Some(500),
                error: Some("the endpoint answered 500".into()),
                next_attempt_at: None,
            },
        )
        .await
        .unwrap();
        let logged = s.get_webhook_delivery(&d.id).await.unwrap();
        assert_eq!(
            (logged.status, logged.attempts, logged.response_code),
            (DeliveryStatus::Failed, 1, Some(500))
        );
        assert_eq!(logged.last_attempt_at, Some(s.now()));

        // Sent again: pending, its job back once (not twice while it waits).
        for j in s
            .claim_jobs(10, std::time::Duration::from_secs(30))
            .await
            .unwrap()
        {
            s.finish_job(&j.id).await.unwrap();
        }
        let again = s.resend_webhook_delivery(&d.id, 1000).await.unwrap();
        s.resend_webhook_delivery(&d.id, 1000).await.unwrap();
        assert_eq!((again.status, again.attempts), (DeliveryStatus::Pending, 1));
        assert_eq!(again.retry_until, s.now() + 1000);
        assert_eq!(s.jobs_of_kind(WEBHOOK_JOB).await.unwrap().len(), 1);
        assert!(matches!(
            s.resend_webhook_delivery("nope", 1).await,
            Err(StoreError::NotFound)
        ));

        // The log keeps the newest; pending ones stay whatever their age.
        for _ in 0..KEPT_DELIVERIES + 5 {
            clock.advance(std::time::Duration::from_millis(1));
            let done = s
                .queue_webhook_event(std::slice::from_ref(&b.id), event("{}"))
                .await
                .unwrap();
            s.record_webhook_attempt(
                &done[0].id,
                Attempt {
                    status: DeliveryStatus::Succeeded,
                    response_code: Some(204),
                    error: None,
                    next_attempt_at: None,
                },
            )
            .await
            .unwrap();
        }
        let log = s.webhook_deliveries(&b.id, 1000).await.unwrap();
        assert!(log.len() <= KEPT_DELIVERIES as usize + 1, "{}", log.len());
        assert!(
            log.windows(2).all(|w| w[0].created_at >= w[1].created_at),
            "newest first"
        );
        assert_eq!(s.webhook_deliveries(&a.id, 10).await.unwrap().len(), 1);

        // A delivery about a conversation goes with it (retention, erasure: it holds what the
        // visitor wrote).
        let (chat, _) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let about = s
            .queue_webhook_event(
                std::slice::from_ref(&b.id),
                WebhookEvent {
                    channel_id: Some(&chat.id),
                    ..event("{}")
                },
            )
            .await
            .unwrap();
        s.get_webhook_delivery(&about[0].id).await.unwrap();
        s.delete_chats(std::slice::from_ref(&chat.id))
            .await
            .unwrap();
        assert!(matches!(
            s.get_webhook_delivery(&about[0].id).await,
            Err(StoreError::NotFound)
        ));

        // Removed with its log.
        s.delete_webhook(&a.id).await.unwrap();
        assert!(matches!(
            s.get_webhook(&a.id).await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.get_webhook_delivery(&d.id).await,
            Err(StoreError::NotFound)
        ));
        assert!(matches!(
            s.delete_webhook(&a.id).await,
            Err(StoreError::NotFound)
        ));
    }

    /// A chat's files: kept stamped now, read by id, gone with their domain (and chat); a file
    /// for a chat that is not there is refused. Limits: none until set, then the latest.
    pub async fn attachments_are_kept_with_their_chat_and_limits_per_domain(s: &dyn Store) {
        let (_, domain) = org_and_domain(s).await;
        let (c, _) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
        let row = AttachmentRow {
            id: new_id(),
            channel_id: c.id.clone(),
            domain_id: domain.id.clone(),
            name: "a.png".into(),
            content_type: "image/png".into(),
            size: 10,
            url: "http://x/files/a".into(),
            uploader: "visitor".into(),
            created_at: 0,
        };
        let kept = s.insert_attachment(&row).await.unwrap();
        assert_eq!(
            kept,
            AttachmentRow {
                created_at: s.now(),
                ..row.clone()
            }
        );
        assert_eq!(s.get_attachment(&row.id).await.unwrap(), kept);
        assert!(matches!(
            s.get_attachment("nope").await,
            Err(StoreError::NotFound)
        ));
        let orphan = AttachmentRow {
            id: new_id(),
            channel_id: "nope".into(),
            ..row.clone()
        };
        assert!(matches!(
            s.insert_attachment(&orphan).await,
            Err(StoreError::NotFound)
        ));

        assert_eq!(s.attachment_limits(&domain.id).await.unwrap(), None);
        for max in [5, 7] {
            let l = AttachmentLimitsRow {
                max_bytes: max,
                types: vec!["image/png".into()],
            };
            s.set_attachment_limits(&domain.id, &l).await.unwrap();
            assert_eq!(s.attachment_limits(&domain.id).await.unwrap(), Some(l));
        }
        let l = AttachmentLimitsRow {
            max_bytes: 1,
            types: vec![],
        };
        assert!(matches!(
            s.set_attachment_limits("nope", &l).await,
            Err(StoreError::NotFound)
        ));

        s.delete_domain(&domain.id).await.unwrap();
        assert!(matches!(
            s.get_attachment(&row.id).await,
            Err(StoreError::NotFound)
        ));
        assert_eq!(s.attachment_limits(&domain.id).await.unwrap(), None);
    }
    /// See `every_column_about_a_visitor_is_exported_and_erased`.
    pub async fn visitor_data(s: &dyn Store, db: super::Raw<'_>) {
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
        first.attachments = json!([{"type": "image/png", "url": "https://files.example/r.png", "name": "receipt.png"}]);
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
                    Kept::ExportedTime(_) => v.parse::<i64>().is_ok_and(|ms| {
                        ms == 0 || leaves.contains(&beckon_server::wire::iso_time(ms))
                    }),
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
        behaviours::visitor_data(&sqlite, Raw::Sqlite(sqlite.pool())).await;
    }

    #[tokio::test]
    #[cfg_attr(not(beckon_test_postgres), ignore = "needs DATABASE_URL_TEST")]
    async fn postgres() {
        let schema = format!("beckon_test_{}", uuid_simple());
        let clock = Arc::new(ManualClock::starting_now());
        let pg = PgStore::connect_in_schema(&postgres_url(), &schema, clock)
            .await
            .unwrap();
        behaviours::visitor_data(&pg, Raw::Postgres(pg.pool())).await;
        pg.drop_schema(&schema).await.unwrap();
    }
}
