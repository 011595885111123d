//! The SQLite store under concurrent load: many visitors opening chats and sending messages at
//! once must never see "database is locked", and every channel's sequence numbers stay gapless.

use std::sync::Arc;
use std::time::{Duration, Instant};

use beckon_store::*;
use serde_json::json;

const CHATS: usize = 200;
const MESSAGES_PER_CHAT: usize = 5;

fn visitor(i: usize) -> NewPersona {
    NewPersona {
        persona_type: PersonaType::ChatClient,
        name: format!("Visitor {i}"),
        email: None,
        ip: Some("192.0.2.1".into()),
        url: Some("https://acme.example/".into()),
        legal_notice_accepted: 0,
        avatar_url: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_chats_and_messages_never_hit_a_locked_database() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let store = Arc::new(
        SqliteStore::connect(&url, Arc::new(SystemClock))
            .await
            .unwrap(),
    );
    let org = store.create_organisation("Acme").await.unwrap();
    let domain = store
        .create_domain(NewDomain {
            id: None,
            org_id: org.id.clone(),
            name: "acme.example".into(),
            aliases: vec![],
            domain_type: "FREE".into(),
            properties: json!({}),
            timezone: None,
        })
        .await
        .unwrap();
    // One chat every visitor also writes into, so channels are contended as well as the file.
    let (shared, _) = store.create_channel(&domain.id, visitor(0)).await.unwrap();

    let started = Instant::now();
    let tasks: Vec<_> = (1..=CHATS)
        .map(|i| {
            let store = store.clone();
            let domain_id = domain.id.clone();
            let shared_id = shared.id.clone();
            tokio::spawn(async move {
                let (c, p) = store
                    .create_channel(&domain_id, visitor(i))
                    .await
                    .map_err(|e| format!("create_channel {i}: {e}"))?;
                for k in 0..MESSAGES_PER_CHAT {
                    for channel_id in [&c.id, &shared_id] {
                        // Reads interleaved with the writes, as the agent inbox does.
                        store
                            .messages_after(channel_id, 0, 10)
                            .await
                            .map_err(|e| format!("messages_after {i}: {e}"))?;
                        store
                            .insert_message(NewMessage {
                                channel_id: channel_id.clone(),
                                client_id: format!("v{i}-m{k}"),
                                sender_persona_id: p.id.clone(),
                                text: format!("hello {k}"),
                                attachments: json!([]),
                            })
                            .await
                            .map_err(|e| format!("insert_message {i}/{k}: {e}"))?;
                    }
                }
                Ok::<_, String>(c.id)
            })
        })
        .collect();
    let mut errors = Vec::new();
    let mut channels = Vec::new();
    for t in tasks {
        match t.await.unwrap() {
            Ok(id) => channels.push(id),
            Err(e) => errors.push(e),
        }
    }
    let elapsed = started.elapsed();
    assert!(
        errors.is_empty(),
        "{} of {CHATS} visitors failed, e.g. {:?}",
        errors.len(),
        &errors[..errors.len().min(3)]
    );
    assert!(
        elapsed < Duration::from_secs(30),
        "the load took {elapsed:?}"
    );

    for id in &channels {
        let seqs: Vec<i64> = store
            .messages_after(id, 0, 1000)
            .await
            .unwrap()
            .iter()
            .map(|m| m.seq)
            .collect();
        assert_eq!(seqs, (1..=MESSAGES_PER_CHAT as i64).collect::<Vec<_>>());
        assert_eq!(
            store.get_channel(id).await.unwrap().last_seq,
            MESSAGES_PER_CHAT as i64
        );
    }
    let shared_total = (CHATS * MESSAGES_PER_CHAT) as i64;
    let seqs: Vec<i64> = store
        .messages_after(&shared.id, 0, 10_000)
        .await
        .unwrap()
        .iter()
        .map(|m| m.seq)
        .collect();
    assert_eq!(seqs, (1..=shared_total).collect::<Vec<_>>());
    assert_eq!(
        store.get_channel(&shared.id).await.unwrap().last_seq,
        shared_total
    );
}
