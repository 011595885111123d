//! Accounts: organisations, users, sessions.

use super::*;

conformance!(
    organisations_and_users,
    sessions,
    removing_a_user_ends_sessions_and_assignments
);

conformance!(timed: organisations_are_listed_oldest_first);

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
