//! The SQL of webhooks and their deliveries (its trait and rows: `mod.rs`).

macro_rules! impl_webhooks {
    ($store:ty, $db:ty) => {
        const _: () = {
            use $crate::sql::{found, touched};
            use $crate::{
                new_id, refuse_nul, Attempt, Clock, DeliveryStatus, NewWebhook, StoreResult,
                Webhook, WebhookDelivery, WebhookEvent, Webhooks, KEPT_DELIVERIES, WEBHOOK_JOB,
            };

            const HOOK_COLS: &str = "id, org_id, domain_id, url, events, secret, created_at";
            const DELIVERY_COLS: &str = "id, webhook_id, event_type, body, status, attempts, \
                 response_code, last_error, last_attempt_at, next_attempt_at, retry_until, \
                 created_at";

            /// Adds the job that delivers `delivery_id`, due at `now`; one that waits already is
            /// made due now instead ("send again" does not wait for the back-off).
            async fn queue_job<'c, E>(exec: E, delivery_id: &str, now: i64) -> StoreResult<()>
            where
                E: sqlx::Executor<'c, Database = $db>,
            {
                sqlx::query(
                    "INSERT INTO jobs (id, kind, dedupe_key, payload, run_at, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $5) \
                     ON CONFLICT (kind, dedupe_key) WHERE dead = 0 DO UPDATE SET run_at = excluded.run_at",
                )
                .bind(new_id())
                .bind(WEBHOOK_JOB)
                .bind(delivery_id)
                .bind(serde_json::json!({ "deliveryId": delivery_id }).to_string())
                .bind(now)
                .execute(exec)
                .await?;
                Ok(())
            }

            #[async_trait::async_trait]
            impl Webhooks for $store {
                async fn create_webhook(&self, hook: NewWebhook) -> StoreResult<Webhook> {
                    refuse_nul([("url", Some(hook.url.as_str()))])?;
                    let row: Webhook = sqlx::query_as(&format!(
                        "INSERT INTO webhooks (id, org_id, domain_id, url, events, secret, \
                         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {HOOK_COLS}"
                    ))
                    .bind(new_id())
                    .bind(&hook.org_id)
                    .bind(&hook.domain_id)
                    .bind(&hook.url)
                    .bind(serde_json::to_string(&hook.events).expect("events are JSON"))
                    .bind(&hook.secret)
                    .bind(Clock::now_ms(self.clock()))
                    .fetch_one(self.writer())
                    .await?;
                    Ok(row)
                }

                async fn list_webhooks(&self, org_id: &str) -> StoreResult<Vec<Webhook>> {
                    Ok(sqlx::query_as(&format!(
                        "SELECT {HOOK_COLS} FROM webhooks WHERE org_id = $1 \
                         ORDER BY created_at, id"
                    ))
                    .bind(org_id)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn webhooks_of_domain(&self, domain_id: &str) -> StoreResult<Vec<Webhook>> {
                    Ok(sqlx::query_as(&format!(
                        "SELECT {HOOK_COLS} FROM webhooks WHERE org_id = \
                         (SELECT org_id FROM domains WHERE id = $1) ORDER BY created_at, id"
                    ))
                    .bind(domain_id)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn get_webhook(&self, id: &str) -> StoreResult<Webhook> {
                    found(
                        sqlx::query_as(&format!("SELECT {HOOK_COLS} FROM webhooks WHERE id = $1"))
                            .bind(id)
                            .fetch_optional(self.reader())
                            .await?,
                    )
                }

                async fn delete_webhook(&self, id: &str) -> StoreResult<()> {
                    let mut tx = self.begin_write().await?;
                    sqlx::query("DELETE FROM webhook_deliveries WHERE webhook_id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                    let done = sqlx::query("DELETE FROM webhooks WHERE id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                    tx.commit().await?;
                    touched(done.rows_affected())
                }

                async fn queue_webhook_event(
                    &self,
                    webhook_ids: &[String],
                    event: WebhookEvent<'_>,
                ) -> StoreResult<Vec<WebhookDelivery>> {
                    if webhook_ids.is_empty() {
                        return Ok(Vec::new());
                    }
                    refuse_nul([("body", Some(event.body))])?;
                    let now = Clock::now_ms(self.clock());
                    let mut tx = self.begin_write().await?;
                    let mut queued = Vec::with_capacity(webhook_ids.len());
                    for hook in webhook_ids {
                        let id = format!("msg_{}", uuid::Uuid::now_v7().simple());
                        let d: Option<WebhookDelivery> = sqlx::query_as(&format!(
                            "INSERT INTO webhook_deliveries (id, webhook_id, event_type, body, \
                             status, next_attempt_at, retry_until, created_at, channel_id) \
                             SELECT $1, id, $3, $4, $5, $6, $7, $6, $8 FROM webhooks WHERE id = $2 \
                             RETURNING {DELIVERY_COLS}"
                        ))
                        .bind(&id)
                        .bind(hook)
                        .bind(event.event_type)
                        .bind(event.body)
                        .bind(DeliveryStatus::Pending)
                        .bind(now)
                        .bind(now + event.retry_for)
                        .bind(event.channel_id)
                        .fetch_optional(&mut *tx)
                        .await?;
                        // A webhook removed meanwhile: nothing to deliver.
                        let Some(d) = d else { continue };
                        queue_job(&mut *tx, &id, now).await?;
                        sqlx::query(
                            "DELETE FROM webhook_deliveries WHERE webhook_id = $1 \
                             AND status <> 'pending' AND id NOT IN (SELECT id FROM \
                             webhook_deliveries WHERE webhook_id = $1 \
                             ORDER BY created_at DESC, id DESC LIMIT $2)",
                        )
                        .bind(hook)
                        .bind(KEPT_DELIVERIES)
                        .execute(&mut *tx)
                        .await?;
                        queued.push(d);
                    }
                    tx.commit().await?;
                    Ok(queued)
                }

                async fn get_webhook_delivery(&self, id: &str) -> StoreResult<WebhookDelivery> {
                    found(
                        sqlx::query_as(&format!(
                            "SELECT {DELIVERY_COLS} FROM webhook_deliveries WHERE id = $1"
                        ))
                        .bind(id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn webhook_deliveries(
                    &self,
                    webhook_id: &str,
                    limit: i64,
                ) -> StoreResult<Vec<WebhookDelivery>> {
                    Ok(sqlx::query_as(&format!(
                        "SELECT {DELIVERY_COLS} FROM webhook_deliveries WHERE webhook_id = $1 \
                         ORDER BY created_at DESC, id DESC LIMIT $2"
                    ))
                    .bind(webhook_id)
                    .bind(limit)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn record_webhook_attempt(&self, id: &str, a: Attempt) -> StoreResult<()> {
                    let done = sqlx::query(
                        "UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2, \
                         response_code = $3, last_error = $4, last_attempt_at = $5, \
                         next_attempt_at = $6 WHERE id = $1",
                    )
                    .bind(id)
                    .bind(a.status)
                    .bind(a.response_code)
                    .bind(a.error)
                    .bind(Clock::now_ms(self.clock()))
                    .bind(a.next_attempt_at)
                    .execute(self.writer())
                    .await?;
                    touched(done.rows_affected())
                }

                async fn resend_webhook_delivery(
                    &self,
                    id: &str,
                    retry_for: i64,
                ) -> StoreResult<WebhookDelivery> {
                    let now = Clock::now_ms(self.clock());
                    let mut tx = self.begin_write().await?;
                    let d: Option<WebhookDelivery> = sqlx::query_as(&format!(
                        "UPDATE webhook_deliveries SET status = $2, next_attempt_at = $3, \
                         retry_until = $4 WHERE id = $1 RETURNING {DELIVERY_COLS}"
                    ))
                    .bind(id)
                    .bind(DeliveryStatus::Pending)
                    .bind(now)
                    .bind(now + retry_for)
                    .fetch_optional(&mut *tx)
                    .await?;
                    let d = found(d)?;
                    queue_job(&mut *tx, id, now).await?;
                    tx.commit().await?;
                    Ok(d)
                }
            }
        };
    };
}

pub(crate) use impl_webhooks;
