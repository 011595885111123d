//! The SQL of domains, their drafts, published versions and sightings (its trait and rows: `mod.rs`).

macro_rules! domain_cols {
    () => {
        "id, org_id, name, aliases, type, properties, timezone, created_at"
    };
}

macro_rules! impl_domains {
    ($store:ty, $db:ty) => {
        const _: () = {
            use $crate::domains::sql::domain_cols;
            use $crate::sql::{
                found, is_foreign_key_violation, is_unique_violation, touched,
            };
            use $crate::{
                config_etag, new_id, refuse_nul, ConfigVersion, Domain, Domains,
                DraftConfig, EmbedSighting, NewDomain, PublishedConfig, Publisher, StoreError,
                StoreResult, MAX_SIGHTINGS_PER_DOMAIN,
            };

            fn aliases_json(aliases: &[String]) -> String {
                serde_json::to_string(aliases).expect("strings serialise")
            }

            /// Publishes `json` as the domain's next version, and keeps it in the history.
            async fn publish_in(
                tx: &mut sqlx::Transaction<'static, $db>,
                domain_id: &str,
                json: &str,
                now: i64,
                by: Option<&Publisher>,
            ) -> StoreResult<PublishedConfig> {
                let published: PublishedConfig = match sqlx::query_as(
                    "INSERT INTO config_published \
                     (domain_id, config_json, version, etag, published_at) \
                     VALUES ($1, $2, 1, $3, $4) ON CONFLICT (domain_id) DO UPDATE \
                     SET config_json = excluded.config_json, \
                     version = config_published.version + 1, etag = excluded.etag, \
                     published_at = excluded.published_at \
                     RETURNING domain_id, config_json, version, etag, published_at",
                )
                .bind(domain_id)
                .bind(json)
                .bind(config_etag(json))
                .bind(now)
                .fetch_one(&mut **tx)
                .await
                {
                    Ok(published) => published,
                    Err(e) if is_foreign_key_violation(&e) => return Err(StoreError::NotFound),
                    Err(e) => return Err(e.into()),
                };
                sqlx::query(
                    "INSERT INTO config_versions (domain_id, version, config_json, etag, \
                     published_at, published_by, published_by_name) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(&published.domain_id)
                .bind(published.version)
                .bind(&published.config_json)
                .bind(&published.etag)
                .bind(published.published_at)
                .bind(by.map(|b| b.user_id.as_str()))
                .bind(by.map(|b| b.name.as_str()))
                .execute(&mut **tx)
                .await?;
                Ok(published)
            }

            #[async_trait::async_trait]
            impl Domains for $store {
                async fn create_domain(&self, d: NewDomain) -> StoreResult<Domain> {
                    let domain = Domain {
                        id: d.id.unwrap_or_else(new_id),
                        org_id: d.org_id,
                        name: d.name,
                        aliases: d.aliases,
                        domain_type: d.domain_type,
                        properties: d.properties,
                        timezone: d.timezone,
                        created_at: self.clock().now_ms(),
                    };
                    let r = sqlx::query(concat!(
                        "INSERT INTO domains (",
                        domain_cols!(),
                        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                    ))
                    .bind(&domain.id)
                    .bind(&domain.org_id)
                    .bind(&domain.name)
                    .bind(aliases_json(&domain.aliases))
                    .bind(&domain.domain_type)
                    .bind(domain.properties.to_string())
                    .bind(&domain.timezone)
                    .bind(domain.created_at)
                    .execute(self.writer())
                    .await;
                    match r {
                        Ok(_) => Ok(domain),
                        Err(e) if is_unique_violation(&e) => Err(StoreError::Conflict(format!(
                            "a domain with the id {} exists",
                            domain.id
                        ))),
                        Err(e) => Err(e.into()),
                    }
                }

                async fn get_domain(&self, id: &str) -> StoreResult<Domain> {
                    found(
                        sqlx::query_as(concat!(
                            "SELECT ",
                            domain_cols!(),
                            " FROM domains WHERE id = $1"
                        ))
                        .bind(id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn list_domains(&self, org_id: &str) -> StoreResult<Vec<Domain>> {
                    Ok(sqlx::query_as(concat!(
                        "SELECT ",
                        domain_cols!(),
                        " FROM domains WHERE org_id = $1 ORDER BY created_at, id"
                    ))
                    .bind(org_id)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn update_domain(&self, d: &Domain) -> StoreResult<()> {
                    let r = sqlx::query(
                        "UPDATE domains SET name = $1, aliases = $2, type = $3, properties = $4, \
                         timezone = $5 WHERE id = $6",
                    )
                    .bind(&d.name)
                    .bind(aliases_json(&d.aliases))
                    .bind(&d.domain_type)
                    .bind(d.properties.to_string())
                    .bind(&d.timezone)
                    .bind(&d.id)
                    .execute(self.writer())
                    .await?;
                    touched(r.rows_affected())
                }

                async fn delete_domain(&self, id: &str) -> StoreResult<()> {
                    let r = sqlx::query("DELETE FROM domains WHERE id = $1")
                        .bind(id)
                        .execute(self.writer())
                        .await?;
                    touched(r.rows_affected())
                }

                async fn migrate_configs_once(
                    &self,
                    name: &str,
                    rewrite: for<'j> fn(&'j str) -> Option<String>,
                ) -> StoreResult<Option<u64>> {
                    let now = self.clock().now_ms();
                    let mut tx = self.begin_write().await?;
                    // Recorded first: a second instance starting at the same time waits here
                    // for this transaction, then finds the name taken and leaves the configs be.
                    let claimed = sqlx::query(
                        "INSERT INTO data_migrations (name, ran_at) VALUES ($1, $2) \
                         ON CONFLICT (name) DO NOTHING",
                    )
                    .bind(name)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                    if claimed.rows_affected() == 0 {
                        return Ok(None);
                    }
                    let mut changed = 0;
                    let drafts: Vec<(String, String)> =
                        sqlx::query_as("SELECT domain_id, config_json FROM config_drafts ORDER BY domain_id")
                            .fetch_all(&mut *tx)
                            .await?;
                    for (domain_id, json) in drafts {
                        if let Some(json) = rewrite(&json) {
                            sqlx::query(
                                "UPDATE config_drafts SET config_json = $1, updated_at = $2 \
                                 WHERE domain_id = $3",
                            )
                            .bind(&json)
                            .bind(now)
                            .bind(&domain_id)
                            .execute(&mut *tx)
                            .await?;
                            changed += 1;
                        }
                    }
                    let published: Vec<(String, String)> = sqlx::query_as(
                        "SELECT domain_id, config_json FROM config_published ORDER BY domain_id",
                    )
                    .fetch_all(&mut *tx)
                    .await?;
                    for (domain_id, json) in published {
                        if let Some(json) = rewrite(&json) {
                            publish_in(&mut tx, &domain_id, &json, now, None).await?;
                            changed += 1;
                        }
                    }
                    tx.commit().await?;
                    Ok(Some(changed))
                }

                async fn save_draft(&self, domain_id: &str, json: &str) -> StoreResult<DraftConfig> {
                    let draft = DraftConfig {
                        domain_id: domain_id.to_owned(),
                        config_json: json.to_owned(),
                        updated_at: self.clock().now_ms(),
                    };
                    let r = sqlx::query(
                        "INSERT INTO config_drafts (domain_id, config_json, updated_at) \
                         VALUES ($1, $2, $3) ON CONFLICT (domain_id) DO UPDATE \
                         SET config_json = excluded.config_json, updated_at = excluded.updated_at",
                    )
                    .bind(&draft.domain_id)
                    .bind(&draft.config_json)
                    .bind(draft.updated_at)
                    .execute(self.writer())
                    .await;
                    match r {
                        Ok(_) => Ok(draft),
                        Err(e) if is_foreign_key_violation(&e) => Err(StoreError::NotFound),
                        Err(e) => Err(e.into()),
                    }
                }

                async fn get_draft(&self, domain_id: &str) -> StoreResult<DraftConfig> {
                    found(
                        sqlx::query_as(
                            "SELECT domain_id, config_json, updated_at FROM config_drafts \
                             WHERE domain_id = $1",
                        )
                        .bind(domain_id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn publish_config_by(
                    &self,
                    domain_id: &str,
                    json: &str,
                    by: Option<&Publisher>,
                ) -> StoreResult<PublishedConfig> {
                    let mut tx = self.begin_write().await?;
                    let published =
                        publish_in(&mut tx, domain_id, json, self.clock().now_ms(), by).await?;
                    tx.commit().await?;
                    Ok(published)
                }

                async fn get_published(&self, domain_id: &str) -> StoreResult<PublishedConfig> {
                    found(
                        sqlx::query_as(
                            "SELECT domain_id, config_json, version, etag, published_at \
                             FROM config_published WHERE domain_id = $1",
                        )
                        .bind(domain_id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn list_config_versions(
                    &self,
                    domain_id: &str,
                    limit: i64,
                ) -> StoreResult<Vec<ConfigVersion>> {
                    Ok(sqlx::query_as(
                        "SELECT domain_id, version, '' AS config_json, etag, published_at, \
                         published_by, published_by_name FROM config_versions \
                         WHERE domain_id = $1 ORDER BY version DESC LIMIT $2",
                    )
                    .bind(domain_id)
                    .bind(limit)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn get_config_version(
                    &self,
                    domain_id: &str,
                    version: i64,
                ) -> StoreResult<ConfigVersion> {
                    found(
                        sqlx::query_as(
                            "SELECT domain_id, version, config_json, etag, published_at, \
                             published_by, published_by_name FROM config_versions \
                             WHERE domain_id = $1 AND version = $2",
                        )
                        .bind(domain_id)
                        .bind(version)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn record_sightings(&self, sightings: &[EmbedSighting]) -> StoreResult<()> {
                    if sightings.is_empty() {
                        return Ok(());
                    }
                    refuse_nul(sightings.iter().flat_map(|s| {
                        [("host", Some(s.host.as_str())), ("url", Some(s.url.as_str()))]
                    }))?;
                    let mut tx = self.begin_write().await?;
                    let mut domains: Vec<&str> = Vec::new();
                    for s in sightings {
                        sqlx::query(
                            "INSERT INTO embed_sightings (domain_id, host, url, seen_at) \
                             SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM domains WHERE id = $1) \
                             ON CONFLICT (domain_id, host) DO UPDATE \
                             SET url = excluded.url, seen_at = excluded.seen_at \
                             WHERE excluded.seen_at >= embed_sightings.seen_at",
                        )
                        .bind(&s.domain_id)
                        .bind(&s.host)
                        .bind(&s.url)
                        .bind(s.seen_at)
                        .execute(&mut *tx)
                        .await?;
                        if !domains.contains(&s.domain_id.as_str()) {
                            domains.push(&s.domain_id);
                        }
                    }
                    for d in domains {
                        sqlx::query(
                            "DELETE FROM embed_sightings WHERE domain_id = $1 AND host NOT IN \
                             (SELECT host FROM embed_sightings WHERE domain_id = $1 \
                              ORDER BY seen_at DESC, host LIMIT $2)",
                        )
                        .bind(d)
                        .bind(MAX_SIGHTINGS_PER_DOMAIN)
                        .execute(&mut *tx)
                        .await?;
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn list_sightings(&self, domain_id: &str) -> StoreResult<Vec<EmbedSighting>> {
                    Ok(sqlx::query_as(
                        "SELECT domain_id, host, url, seen_at FROM embed_sightings \
                         WHERE domain_id = $1 ORDER BY seen_at DESC, host",
                    )
                    .bind(domain_id)
                    .fetch_all(self.reader())
                    .await?)
                }
            }
        };
    };
}

pub(crate) use {domain_cols, impl_domains};
