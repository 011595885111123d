//! Domains: drafts, publications and their history, embed sightings, the data migration of old configs.

use super::*;

conformance!(
    domains,
    drafts_and_publications,
    every_publication_is_kept_with_its_publisher,
    embed_sightings_keep_the_latest_page_per_host
);

/// A config as the console's builder saved it before: the chat's English defaults as values,
/// beside the owner's own title.
const OLD_BUILDER_CONFIG: &str = r#"{"userId":"u","buttons":[{"id":"b","type":"MULTI","actions":["chat"],"multiButtonOptions":{"labelTextOpen":"Contact us"}}],"actions":[{"id":"chat","actionType":"CHAT","actionValue":"","labelText":"Live chat","properties":{"chatmodal-header-text":"Talk to Ann","chatmodal-messages":"How can we help?","chatmodal-placeholder-message":"Type your message"}}]}"#;
/// The same config once the migration ran: only the owner's words are left.
const MIGRATED_CONFIG: &str = r#"{"userId":"u","buttons":[{"id":"b","type":"MULTI","actions":["chat"],"multiButtonOptions":{}}],"actions":[{"id":"chat","actionType":"CHAT","actionValue":"","properties":{"chatmodal-header-text":"Talk to Ann"}}]}"#;

/// A domain whose draft and published config hold the old builder's English defaults, and a
/// second whose configs are the owner's own words.
async fn configs_from_before(s: &dyn Store) -> (String, String) {
    let (_, old) = org_and_domain(s).await;
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
