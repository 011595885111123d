//! `beckon seed-demo` (and `beckon serve --seed-demo`): a demo organisation with an owner and an
//! agent, the demo domain `localhost` (alias `127.0.0.1`) with the model's demo config as draft
//! and published config. Idempotent: existing users keep their passwords.
//!
//! DEMO ONLY: both accounts have the password [`PASSWORD`].

use serde_json::Value;

use super::users::create_with_hash;
use super::{password, Role};
use crate::service::domain_config::{apply_domain_entry, bind_config_to_domain};
use crate::service::seed::DEMO_DOMAIN_ID;
use beckon_store::{NewDomain, Store, StoreError};

pub const OWNER_EMAIL: &str = "owner@demo.beckon";
pub const AGENT_EMAIL: &str = "agent@demo.beckon";
/// The demo accounts' password. Never use the demo accounts on a public server.
pub const PASSWORD: &str = "demo";
/// The demo config (the model's fixture), its domain entry rewritten to the demo domain.
pub const CONFIG: &str = include_str!("../../../../model/tests/fixtures/demo.json");

#[derive(Debug, Clone)]
pub struct DemoSeed {
    pub org_id: String,
    pub domain_id: String,
    /// E-mails of the accounts created by this run (empty when they existed).
    pub created: Vec<String>,
}

pub async fn seed_demo(store: &dyn Store) -> anyhow::Result<DemoSeed> {
    let mut config: Value = serde_json::from_str(CONFIG)?;
    // The demo domain's id is fixed; its entry in the config must be that domain.
    let entry = config["domains"][0].clone();
    let mut domain = match store.get_domain(DEMO_DOMAIN_ID).await {
        Ok(d) => d,
        Err(StoreError::NotFound) => {
            let org = store.create_organisation("Demo").await?;
            store
                .create_domain(NewDomain {
                    id: Some(DEMO_DOMAIN_ID.to_owned()),
                    org_id: org.id,
                    name: "localhost".into(),
                    aliases: vec!["127.0.0.1".into()],
                    domain_type: "FREE".into(),
                    properties: serde_json::json!({}),
                    timezone: None,
                })
                .await?
        }
        Err(e) => return Err(e.into()),
    };
    apply_domain_entry(&mut domain, &entry);
    store.update_domain(&domain).await?;
    bind_config_to_domain(&mut config, &domain);
    let json = serde_json::to_string(&config)?;
    let domain = crate::service::seed::demo_domain(store, &json).await?;

    let mut created = Vec::new();
    for (email, name, role) in [
        (OWNER_EMAIL, "Demo Owner", Role::Owner),
        (AGENT_EMAIL, "Demo Agent", Role::Agent),
    ] {
        match store.get_user_by_email(email).await {
            Ok(_) => {}
            Err(StoreError::NotFound) => {
                let hash = password::hash(PASSWORD).await;
                create_with_hash(store, &domain.org_id, email, name, role, hash)
                    .await
                    .map_err(|e| anyhow::anyhow!("cannot create {email}: {}", e.message))?;
                created.push(email.to_owned());
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(DemoSeed {
        org_id: domain.org_id,
        domain_id: domain.id,
        created,
    })
}

/// What `seed-demo` prints: where to log in, clearly marked demo-only.
pub fn banner(seed: &DemoSeed, origin: &str) -> String {
    format!(
        "Beckon demo data is ready (DEMO ONLY: do not use these accounts on a public server).\n\
         \n  Console (answer chats, edit the buttons): {origin}/console/\n  Log in there (or POST {origin}/api/v1/auth/login):\n  Owner:    {OWNER_EMAIL}  password: {PASSWORD}\n  \
         Agent:    {AGENT_EMAIL}  password: {PASSWORD}\n  Demo page with the buttons: {origin}/\n  \
         Hosted embed: <script async src=\"{origin}/d/{}.js\"></script>\n",
        seed.domain_id
    )
}
