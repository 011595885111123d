//! Helpers for seeding (e.g. `beckon seed-demo`, `make run`): idempotent, so running them again
//! changes nothing but the published config.

use serde_json::json;

use beckon_store::{Domain, NewDomain, Store, StoreError, StoreResult};

/// The demo domain's id: `make run` and `GET /` show its buttons.
pub const DEMO_DOMAIN_ID: &str = "demo";

/// The demo domain (`id` "demo", name `localhost`, alias `127.0.0.1`, PRO) in an organisation
/// named "Demo", created when missing; `config_json` becomes its draft and published config.
/// `GET /` shows its buttons once published.
pub async fn demo_domain(store: &dyn Store, config_json: &str) -> StoreResult<Domain> {
    let domain = match store.get_domain(DEMO_DOMAIN_ID).await {
        Ok(d) => d,
        Err(StoreError::NotFound) => {
            let org = store.create_organisation("Demo").await?;
            store
                .create_domain(NewDomain {
                    id: Some(DEMO_DOMAIN_ID.to_owned()),
                    org_id: org.id,
                    name: "localhost".into(),
                    aliases: vec!["127.0.0.1".into()],
                    domain_type: "PRO".into(),
                    properties: json!({}),
                    timezone: None,
                })
                .await?
        }
        Err(e) => return Err(e),
    };
    store.save_draft(&domain.id, config_json).await?;
    let current = store.get_published(&domain.id).await;
    if !matches!(&current, Ok(p) if p.config_json == config_json) {
        store.publish_config(&domain.id, config_json).await?;
    }
    Ok(domain)
}
