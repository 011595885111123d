//! The SQL both backends share. SQLite (3.35+) and PostgreSQL agree on everything used here:
//! `$n` parameters, `RETURNING`, `ON CONFLICT … DO UPDATE`, `excluded`. The trait impl is written
//! once as a macro and expanded for each pool type, so the two cannot drift apart.

macro_rules! user_cols {
    () => {
        "id, org_id, email, name, password_hash, role, persona_id, created_at"
    };
}
macro_rules! domain_cols {
    () => {
        "id, org_id, name, aliases, type, properties, timezone, created_at"
    };
}
macro_rules! persona_cols {
    () => {
        "id, type, name, email, ip, url, legal_notice_accepted, avatar_url, created_at"
    };
}
macro_rules! channel_cols {
    () => {
        "id, domain_id, visitor_persona_id, status, created_at, ended_at, last_activity_at, \
         assigned_agent_id, last_seq, ended_by"
    };
}
macro_rules! message_cols {
    () => {
        "id, channel_id, seq, client_id, sender_persona_id, text, attachments, created_at"
    };
}

pub(crate) use {channel_cols, domain_cols, message_cols, persona_cols, user_cols};

/// `true` when the error is a unique-constraint violation.
pub(crate) fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

pub(crate) fn parse_json(text: &str, what: &str) -> Result<serde_json::Value, super::StoreError> {
    serde_json::from_str(text).map_err(|e| super::StoreError::Corrupt(format!("{what}: {e}")))
}

/// Expands to `impl Store for $store` where `$row` is the backend's row type and `$store` has
/// the inherent methods
/// - `reader(&self) -> &Pool`: for statements that only read;
/// - `writer(&self) -> &Pool`: for every statement that writes, outside a transaction;
/// - `begin_write(&self) -> Result<Transaction<'static, _>, sqlx::Error>`: for every
///   transaction that writes (SQLite starts it `IMMEDIATE`, on its single writer connection);
/// - `insert_message_durably(&self, NewMessage) -> StoreResult<Inserted>`: the hot path of
///   chat, answered once the message is committed (see `sqlite/group_commit.rs` and
///   `postgres.rs`).
///
/// Every write must go through `writer`/`begin_write`: on SQLite the reader pool is
/// `query_only`, so a write sent to it fails at once instead of racing for the file's lock.
macro_rules! impl_sql_store {
    ($store:ty, $row:ty, $backend:literal) => {
        use sqlx::Row as _;
        use $crate::store::sql::{
            channel_cols, domain_cols, is_unique_violation, message_cols, parse_json,
            persona_cols, user_cols,
        };
        use $crate::store::*;

        fn map_none<T>(r: Option<T>) -> StoreResult<T> {
            r.ok_or(StoreError::NotFound)
        }

        fn org_from(r: &$row) -> StoreResult<Organisation> {
            Ok(Organisation {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                created_at: r.try_get("created_at")?,
            })
        }

        fn user_from(r: &$row) -> StoreResult<User> {
            let role: String = r.try_get("role")?;
            Ok(User {
                id: r.try_get("id")?,
                org_id: r.try_get("org_id")?,
                email: r.try_get("email")?,
                name: r.try_get("name")?,
                password_hash: r.try_get("password_hash")?,
                role: Role::parse(&role)
                    .ok_or_else(|| StoreError::Corrupt(format!("user role {role:?}")))?,
                persona_id: r.try_get("persona_id")?,
                created_at: r.try_get("created_at")?,
            })
        }

        fn session_from(r: &$row) -> StoreResult<Session> {
            Ok(Session {
                id: r.try_get("id")?,
                user_id: r.try_get("user_id")?,
                created_at: r.try_get("created_at")?,
                expires_at: r.try_get("expires_at")?,
                last_seen_at: r.try_get("last_seen_at")?,
            })
        }

        fn domain_from(r: &$row) -> StoreResult<Domain> {
            let aliases: String = r.try_get("aliases")?;
            let properties: String = r.try_get("properties")?;
            Ok(Domain {
                id: r.try_get("id")?,
                org_id: r.try_get("org_id")?,
                name: r.try_get("name")?,
                aliases: serde_json::from_str(&aliases)
                    .map_err(|e| StoreError::Corrupt(format!("domain aliases: {e}")))?,
                domain_type: r.try_get("type")?,
                properties: parse_json(&properties, "domain properties")?,
                timezone: r.try_get("timezone")?,
                created_at: r.try_get("created_at")?,
            })
        }

        fn published_from(r: &$row) -> StoreResult<PublishedConfig> {
            Ok(PublishedConfig {
                domain_id: r.try_get("domain_id")?,
                config_json: r.try_get("config_json")?,
                version: r.try_get("version")?,
                etag: r.try_get("etag")?,
                published_at: r.try_get("published_at")?,
            })
        }

        fn version_from(r: &$row) -> StoreResult<ConfigVersion> {
            Ok(ConfigVersion {
                domain_id: r.try_get("domain_id")?,
                version: r.try_get("version")?,
                config_json: r.try_get("config_json")?,
                etag: r.try_get("etag")?,
                published_at: r.try_get("published_at")?,
                published_by: r.try_get("published_by")?,
                published_by_name: r.try_get("published_by_name")?,
            })
        }

        fn draft_from(r: &$row) -> StoreResult<DraftConfig> {
            Ok(DraftConfig {
                domain_id: r.try_get("domain_id")?,
                config_json: r.try_get("config_json")?,
                updated_at: r.try_get("updated_at")?,
            })
        }

        fn persona_from(r: &$row) -> StoreResult<Persona> {
            let t: String = r.try_get("type")?;
            Ok(Persona {
                id: r.try_get("id")?,
                persona_type: PersonaType::parse(&t)
                    .ok_or_else(|| StoreError::Corrupt(format!("persona type {t:?}")))?,
                name: r.try_get("name")?,
                email: r.try_get("email")?,
                ip: r.try_get("ip")?,
                url: r.try_get("url")?,
                legal_notice_accepted: r.try_get("legal_notice_accepted")?,
                avatar_url: r.try_get("avatar_url")?,
                created_at: r.try_get("created_at")?,
            })
        }

        fn channel_from(r: &$row) -> StoreResult<Channel> {
            let status: String = r.try_get("status")?;
            Ok(Channel {
                id: r.try_get("id")?,
                domain_id: r.try_get("domain_id")?,
                visitor_persona_id: r.try_get("visitor_persona_id")?,
                status: ChannelStatus::parse(&status)
                    .ok_or_else(|| StoreError::Corrupt(format!("channel status {status:?}")))?,
                created_at: r.try_get("created_at")?,
                ended_at: r.try_get("ended_at")?,
                ended_by: r.try_get("ended_by")?,
                last_activity_at: r.try_get("last_activity_at")?,
                assigned_agent_id: r.try_get("assigned_agent_id")?,
                last_seq: r.try_get("last_seq")?,
            })
        }

        fn message_from(r: &$row) -> StoreResult<Message> {
            let attachments: String = r.try_get("attachments")?;
            Ok(Message {
                id: r.try_get("id")?,
                channel_id: r.try_get("channel_id")?,
                seq: r.try_get("seq")?,
                client_id: r.try_get("client_id")?,
                sender_persona_id: r.try_get("sender_persona_id")?,
                text: r.try_get("text")?,
                attachments: parse_json(&attachments, "message attachments")?,
                created_at: r.try_get("created_at")?,
            })
        }

        fn stats_from(r: &$row) -> StoreResult<StatsCount> {
            Ok(StatsCount {
                key: StatsKey {
                    domain_id: r.try_get("domain_id")?,
                    day: r.try_get("day")?,
                    event_name: r.try_get("event_name")?,
                },
                count: r.try_get("count")?,
            })
        }

        #[async_trait::async_trait]
        impl Store for $store {
            fn backend(&self) -> &'static str {
                $backend
            }

            async fn ping(&self) -> StoreResult<()> {
                sqlx::query("SELECT 1").execute(self.reader()).await?;
                Ok(())
            }

            async fn create_organisation(&self, name: &str) -> StoreResult<Organisation> {
                let org = Organisation {
                    id: new_id(),
                    name: name.to_owned(),
                    created_at: now_ms(),
                };
                sqlx::query("INSERT INTO organisations (id, name, created_at) VALUES ($1, $2, $3)")
                    .bind(&org.id)
                    .bind(&org.name)
                    .bind(org.created_at)
                    .execute(self.writer())
                    .await?;
                Ok(org)
            }

            async fn get_organisation(&self, id: &str) -> StoreResult<Organisation> {
                let row = sqlx::query("SELECT id, name, created_at FROM organisations WHERE id = $1")
                    .bind(id)
                    .fetch_optional(self.reader())
                    .await?;
                org_from(&map_none(row)?)
            }

            async fn create_user(&self, u: NewUser) -> StoreResult<User> {
                let user = User {
                    id: new_id(),
                    org_id: u.org_id,
                    email: u.email,
                    name: u.name,
                    password_hash: u.password_hash,
                    role: u.role,
                    persona_id: u.persona_id,
                    created_at: now_ms(),
                };
                let r = sqlx::query(concat!(
                    "INSERT INTO users (",
                    user_cols!(),
                    ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                ))
                .bind(&user.id)
                .bind(&user.org_id)
                .bind(&user.email)
                .bind(&user.name)
                .bind(&user.password_hash)
                .bind(user.role.as_str())
                .bind(&user.persona_id)
                .bind(user.created_at)
                .execute(self.writer())
                .await;
                match r {
                    Ok(_) => Ok(user),
                    Err(e) if is_unique_violation(&e) => Err(StoreError::Conflict(format!(
                        "a user with the e-mail {} exists",
                        user.email
                    ))),
                    Err(e) => Err(e.into()),
                }
            }

            async fn get_user(&self, id: &str) -> StoreResult<User> {
                let row = sqlx::query(concat!("SELECT ", user_cols!(), " FROM users WHERE id = $1"))
                    .bind(id)
                    .fetch_optional(self.reader())
                    .await?;
                user_from(&map_none(row)?)
            }

            async fn get_user_by_email(&self, email: &str) -> StoreResult<User> {
                let row =
                    sqlx::query(concat!("SELECT ", user_cols!(), " FROM users WHERE email = $1"))
                        .bind(email)
                        .fetch_optional(self.reader())
                        .await?;
                user_from(&map_none(row)?)
            }

            async fn list_users(&self, org_id: &str) -> StoreResult<Vec<User>> {
                let rows = sqlx::query(concat!(
                    "SELECT ",
                    user_cols!(),
                    " FROM users WHERE org_id = $1 ORDER BY created_at, id"
                ))
                .bind(org_id)
                .fetch_all(self.reader())
                .await?;
                rows.iter().map(user_from).collect()
            }

            async fn set_user_password_hash(&self, user_id: &str, hash: &str) -> StoreResult<()> {
                let r = sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                    .bind(hash)
                    .bind(user_id)
                    .execute(self.writer())
                    .await?;
                if r.rows_affected() == 0 {
                    return Err(StoreError::NotFound);
                }
                Ok(())
            }

            async fn count_users(&self) -> StoreResult<i64> {
                let row = sqlx::query("SELECT COUNT(*) AS n FROM users")
                    .fetch_one(self.reader())
                    .await?;
                Ok(row.try_get("n")?)
            }

            async fn delete_user(&self, id: &str) -> StoreResult<()> {
                let mut tx = self.begin_write().await?;
                sqlx::query("DELETE FROM sessions WHERE user_id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(
                    "UPDATE channels SET assigned_agent_id = NULL WHERE assigned_agent_id = $1",
                )
                .bind(id)
                .execute(&mut *tx)
                .await?;
                let r = sqlx::query("DELETE FROM users WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                if r.rows_affected() == 0 {
                    return Err(StoreError::NotFound);
                }
                tx.commit().await?;
                Ok(())
            }

            async fn list_organisations(&self) -> StoreResult<Vec<Organisation>> {
                let rows = sqlx::query(
                    "SELECT id, name, created_at FROM organisations ORDER BY created_at, id",
                )
                .fetch_all(self.reader())
                .await?;
                rows.iter().map(org_from).collect()
            }

            async fn create_session(&self, s: Session) -> StoreResult<()> {
                sqlx::query(
                    "INSERT INTO sessions (id, user_id, created_at, expires_at, last_seen_at) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(&s.id)
                .bind(&s.user_id)
                .bind(s.created_at)
                .bind(s.expires_at)
                .bind(s.last_seen_at)
                .execute(self.writer())
                .await?;
                Ok(())
            }

            async fn get_session(&self, id: &str) -> StoreResult<Session> {
                let row = sqlx::query(
                    "SELECT id, user_id, created_at, expires_at, last_seen_at FROM sessions \
                     WHERE id = $1",
                )
                .bind(id)
                .fetch_optional(self.reader())
                .await?;
                session_from(&map_none(row)?)
            }

            async fn touch_session(
                &self,
                id: &str,
                last_seen_at: i64,
                expires_at: i64,
            ) -> StoreResult<()> {
                let r = sqlx::query(
                    "UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE id = $3",
                )
                .bind(last_seen_at)
                .bind(expires_at)
                .bind(id)
                .execute(self.writer())
                .await?;
                if r.rows_affected() == 0 {
                    return Err(StoreError::NotFound);
                }
                Ok(())
            }

            async fn delete_session(&self, id: &str) -> StoreResult<()> {
                sqlx::query("DELETE FROM sessions WHERE id = $1")
                    .bind(id)
                    .execute(self.writer())
                    .await?;
                Ok(())
            }

            async fn delete_user_sessions(&self, user_id: &str) -> StoreResult<u64> {
                let r = sqlx::query("DELETE FROM sessions WHERE user_id = $1")
                    .bind(user_id)
                    .execute(self.writer())
                    .await?;
                Ok(r.rows_affected())
            }

            async fn delete_expired_sessions(&self, now: i64) -> StoreResult<u64> {
                let r = sqlx::query("DELETE FROM sessions WHERE expires_at < $1")
                    .bind(now)
                    .execute(self.writer())
                    .await?;
                Ok(r.rows_affected())
            }

            async fn create_domain(&self, d: NewDomain) -> StoreResult<Domain> {
                let domain = Domain {
                    id: d.id.unwrap_or_else(new_id),
                    org_id: d.org_id,
                    name: d.name,
                    aliases: d.aliases,
                    domain_type: d.domain_type,
                    properties: d.properties,
                    timezone: d.timezone,
                    created_at: now_ms(),
                };
                let r = sqlx::query(concat!(
                    "INSERT INTO domains (",
                    domain_cols!(),
                    ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                ))
                .bind(&domain.id)
                .bind(&domain.org_id)
                .bind(&domain.name)
                .bind(serde_json::to_string(&domain.aliases).expect("strings serialise"))
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
                let row =
                    sqlx::query(concat!("SELECT ", domain_cols!(), " FROM domains WHERE id = $1"))
                        .bind(id)
                        .fetch_optional(self.reader())
                        .await?;
                domain_from(&map_none(row)?)
            }

            async fn list_domains(&self, org_id: &str) -> StoreResult<Vec<Domain>> {
                let rows = sqlx::query(concat!(
                    "SELECT ",
                    domain_cols!(),
                    " FROM domains WHERE org_id = $1 ORDER BY created_at, id"
                ))
                .bind(org_id)
                .fetch_all(self.reader())
                .await?;
                rows.iter().map(domain_from).collect()
            }

            async fn update_domain(&self, d: &Domain) -> StoreResult<()> {
                let r = sqlx::query(
                    "UPDATE domains SET name = $1, aliases = $2, type = $3, properties = $4, \
                     timezone = $5 WHERE id = $6",
                )
                .bind(&d.name)
                .bind(serde_json::to_string(&d.aliases).expect("strings serialise"))
                .bind(&d.domain_type)
                .bind(d.properties.to_string())
                .bind(&d.timezone)
                .bind(&d.id)
                .execute(self.writer())
                .await?;
                if r.rows_affected() == 0 {
                    return Err(StoreError::NotFound);
                }
                Ok(())
            }

            async fn delete_domain(&self, id: &str) -> StoreResult<()> {
                let r = sqlx::query("DELETE FROM domains WHERE id = $1")
                    .bind(id)
                    .execute(self.writer())
                    .await?;
                if r.rows_affected() == 0 {
                    return Err(StoreError::NotFound);
                }
                Ok(())
            }

            async fn save_draft(&self, domain_id: &str, json: &str) -> StoreResult<DraftConfig> {
                let draft = DraftConfig {
                    domain_id: domain_id.to_owned(),
                    config_json: json.to_owned(),
                    updated_at: now_ms(),
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
                    Err(sqlx::Error::Database(d)) if d.is_foreign_key_violation() => {
                        Err(StoreError::NotFound)
                    }
                    Err(e) => Err(e.into()),
                }
            }

            async fn get_draft(&self, domain_id: &str) -> StoreResult<DraftConfig> {
                let row = sqlx::query(
                    "SELECT domain_id, config_json, updated_at FROM config_drafts \
                     WHERE domain_id = $1",
                )
                .bind(domain_id)
                .fetch_optional(self.reader())
                .await?;
                draft_from(&map_none(row)?)
            }

            async fn publish_config_by(
                &self,
                domain_id: &str,
                json: &str,
                by: Option<&Publisher>,
            ) -> StoreResult<PublishedConfig> {
                let mut tx = self.begin_write().await?;
                let r = sqlx::query(
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
                .bind(now_ms())
                .fetch_one(&mut *tx)
                .await;
                let published = match r {
                    Ok(row) => published_from(&row)?,
                    Err(sqlx::Error::Database(d)) if d.is_foreign_key_violation() => {
                        return Err(StoreError::NotFound)
                    }
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
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(published)
            }

            async fn get_published(&self, domain_id: &str) -> StoreResult<PublishedConfig> {
                let row = sqlx::query(
                    "SELECT domain_id, config_json, version, etag, published_at \
                     FROM config_published WHERE domain_id = $1",
                )
                .bind(domain_id)
                .fetch_optional(self.reader())
                .await?;
                published_from(&map_none(row)?)
            }

            async fn list_config_versions(
                &self,
                domain_id: &str,
                limit: i64,
            ) -> StoreResult<Vec<ConfigVersion>> {
                let rows = sqlx::query(
                    "SELECT domain_id, version, '' AS config_json, etag, published_at, \
                     published_by, published_by_name FROM config_versions \
                     WHERE domain_id = $1 ORDER BY version DESC LIMIT $2",
                )
                .bind(domain_id)
                .bind(limit)
                .fetch_all(self.reader())
                .await?;
                rows.iter().map(version_from).collect()
            }

            async fn get_config_version(
                &self,
                domain_id: &str,
                version: i64,
            ) -> StoreResult<ConfigVersion> {
                let row = sqlx::query(
                    "SELECT domain_id, version, config_json, etag, published_at, \
                     published_by, published_by_name FROM config_versions \
                     WHERE domain_id = $1 AND version = $2",
                )
                .bind(domain_id)
                .bind(version)
                .fetch_optional(self.reader())
                .await?;
                version_from(&map_none(row)?)
            }

            async fn record_sightings(&self, sightings: &[EmbedSighting]) -> StoreResult<()> {
                if sightings.is_empty() {
                    return Ok(());
                }
                $crate::store::refuse_nul(
                    sightings
                        .iter()
                        .flat_map(|s| [("host", Some(s.host.as_str())), ("url", Some(s.url.as_str()))]),
                )?;
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
                let rows = sqlx::query(
                    "SELECT domain_id, host, url, seen_at FROM embed_sightings \
                     WHERE domain_id = $1 ORDER BY seen_at DESC, host",
                )
                .bind(domain_id)
                .fetch_all(self.reader())
                .await?;
                rows.iter()
                    .map(|r| {
                        Ok(EmbedSighting {
                            domain_id: r.try_get("domain_id")?,
                            host: r.try_get("host")?,
                            url: r.try_get("url")?,
                            seen_at: r.try_get("seen_at")?,
                        })
                    })
                    .collect()
            }

            async fn create_persona(&self, p: NewPersona) -> StoreResult<Persona> {
                let persona = Persona {
                    id: new_id(),
                    persona_type: p.persona_type,
                    name: p.name,
                    email: p.email,
                    ip: p.ip,
                    url: p.url,
                    legal_notice_accepted: p.legal_notice_accepted,
                    avatar_url: p.avatar_url,
                    created_at: now_ms(),
                };
                sqlx::query(concat!(
                    "INSERT INTO personas (",
                    persona_cols!(),
                    ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                ))
                .bind(&persona.id)
                .bind(persona.persona_type.as_str())
                .bind(&persona.name)
                .bind(&persona.email)
                .bind(&persona.ip)
                .bind(&persona.url)
                .bind(persona.legal_notice_accepted)
                .bind(&persona.avatar_url)
                .bind(persona.created_at)
                .execute(self.writer())
                .await?;
                Ok(persona)
            }

            async fn get_persona(&self, id: &str) -> StoreResult<Persona> {
                let row = sqlx::query(concat!(
                    "SELECT ",
                    persona_cols!(),
                    " FROM personas WHERE id = $1"
                ))
                .bind(id)
                .fetch_optional(self.reader())
                .await?;
                persona_from(&map_none(row)?)
            }

            async fn update_persona(&self, p: &Persona) -> StoreResult<()> {
                let r = sqlx::query(
                    "UPDATE personas SET name = $1, email = $2, ip = $3, url = $4, \
                     legal_notice_accepted = $5, avatar_url = $6 WHERE id = $7",
                )
                .bind(&p.name)
                .bind(&p.email)
                .bind(&p.ip)
                .bind(&p.url)
                .bind(p.legal_notice_accepted)
                .bind(&p.avatar_url)
                .bind(&p.id)
                .execute(self.writer())
                .await?;
                if r.rows_affected() == 0 {
                    return Err(StoreError::NotFound);
                }
                Ok(())
            }

            async fn create_channel(
                &self,
                domain_id: &str,
                visitor: NewPersona,
            ) -> StoreResult<(Channel, Persona)> {
                $crate::store::refuse_nul([
                    ("domainId", Some(domain_id)),
                    ("name", Some(visitor.name.as_str())),
                    ("email", visitor.email.as_deref()),
                    ("ip", visitor.ip.as_deref()),
                    ("url", visitor.url.as_deref()),
                    ("avatarUrl", visitor.avatar_url.as_deref()),
                ])?;
                let now = now_ms();
                let persona = Persona {
                    id: new_id(),
                    persona_type: visitor.persona_type,
                    name: visitor.name,
                    email: visitor.email,
                    ip: visitor.ip,
                    url: visitor.url,
                    legal_notice_accepted: visitor.legal_notice_accepted,
                    avatar_url: visitor.avatar_url,
                    created_at: now,
                };
                let channel = Channel {
                    id: new_id(),
                    domain_id: domain_id.to_owned(),
                    visitor_persona_id: persona.id.clone(),
                    status: ChannelStatus::Open,
                    created_at: now,
                    ended_at: None,
                    ended_by: None,
                    last_activity_at: now,
                    assigned_agent_id: None,
                    last_seq: 0,
                };
                let mut tx = self.begin_write().await?;
                let exists = sqlx::query("SELECT id FROM domains WHERE id = $1")
                    .bind(domain_id)
                    .fetch_optional(&mut *tx)
                    .await?;
                if exists.is_none() {
                    return Err(StoreError::NotFound);
                }
                sqlx::query(concat!(
                    "INSERT INTO personas (",
                    persona_cols!(),
                    ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                ))
                .bind(&persona.id)
                .bind(persona.persona_type.as_str())
                .bind(&persona.name)
                .bind(&persona.email)
                .bind(&persona.ip)
                .bind(&persona.url)
                .bind(persona.legal_notice_accepted)
                .bind(&persona.avatar_url)
                .bind(persona.created_at)
                .execute(&mut *tx)
                .await?;
                sqlx::query(concat!(
                    "INSERT INTO channels (",
                    channel_cols!(),
                    ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
                ))
                .bind(&channel.id)
                .bind(&channel.domain_id)
                .bind(&channel.visitor_persona_id)
                .bind(channel.status.as_str())
                .bind(channel.created_at)
                .bind(channel.ended_at)
                .bind(channel.last_activity_at)
                .bind(&channel.assigned_agent_id)
                .bind(channel.last_seq)
                .bind(&channel.ended_by)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok((channel, persona))
            }

            async fn get_channel(&self, id: &str) -> StoreResult<Channel> {
                let row = sqlx::query(concat!(
                    "SELECT ",
                    channel_cols!(),
                    " FROM channels WHERE id = $1"
                ))
                .bind(id)
                .fetch_optional(self.reader())
                .await?;
                channel_from(&map_none(row)?)
            }

            async fn list_channels(
                &self,
                domain_id: &str,
                status: Option<ChannelStatus>,
                limit: i64,
            ) -> StoreResult<Vec<Channel>> {
                let rows = sqlx::query(concat!(
                    "SELECT ",
                    channel_cols!(),
                    " FROM channels WHERE domain_id = $1 AND ($2 IS NULL OR status = $2) \
                     ORDER BY last_activity_at DESC, id LIMIT $3"
                ))
                .bind(domain_id)
                .bind(status.map(|s| s.as_str()))
                .bind(limit)
                .fetch_all(self.reader())
                .await?;
                rows.iter().map(channel_from).collect()
            }

            async fn query_channels(&self, q: &ChannelQuery) -> StoreResult<Vec<ChannelSummary>> {
                let (assigned_mode, assigned_to): (i64, Option<&str>) = match &q.assigned {
                    AssignedFilter::Any => (0, None),
                    AssignedFilter::Unassigned => (1, None),
                    AssignedFilter::To(u) => (2, Some(u.as_str())),
                };
                let pattern = q.search.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(|t| {
                    let escaped = t
                        .to_lowercase()
                        .replace('\\', "\\\\")
                        .replace('%', "\\%")
                        .replace('_', "\\_");
                    format!("%{escaped}%")
                });
                let rows = sqlx::query(
                    "SELECT c.id, c.domain_id, c.visitor_persona_id, c.status, c.created_at, \
                     c.ended_at, c.last_activity_at, c.assigned_agent_id, c.last_seq, \
                     c.ended_by, d.name AS domain_name, \
                     (SELECT e.name FROM personas e WHERE e.id = c.ended_by) AS ended_by_name, \
                     p.type AS p_type, p.name AS p_name, p.email AS p_email, p.ip AS p_ip, \
                     p.url AS p_url, p.legal_notice_accepted AS p_legal, \
                     p.avatar_url AS p_avatar, p.created_at AS p_created, \
                     (SELECT COUNT(*) FROM messages m WHERE m.channel_id = c.id \
                        AND m.sender_persona_id <> $1 \
                        AND m.seq > COALESCE((SELECT r.seq FROM read_markers r \
                            WHERE r.channel_id = c.id AND r.persona_id = $1), 0)) AS unread, \
                     (SELECT m.text FROM messages m WHERE m.channel_id = c.id \
                        ORDER BY m.seq DESC LIMIT 1) AS last_text, \
                     (SELECT MAX(m.created_at) FROM messages m WHERE m.channel_id = c.id \
                        AND m.sender_persona_id = c.visitor_persona_id) AS visitor_last \
                     FROM channels c \
                     JOIN domains d ON d.id = c.domain_id \
                     JOIN personas p ON p.id = c.visitor_persona_id \
                     WHERE d.org_id = $2 \
                     AND ($3 IS NULL OR c.id = $3) \
                     AND ($4 IS NULL OR c.domain_id = $4) \
                     AND ($5 IS NULL OR c.status = $5) \
                     AND ($6 = 0 OR ($6 = 1 AND c.assigned_agent_id IS NULL) \
                          OR ($6 = 2 AND c.assigned_agent_id = $7)) \
                     AND ($8 IS NULL OR LOWER(p.name) LIKE $8 ESCAPE '\\' \
                          OR LOWER(COALESCE(p.email, '')) LIKE $8 ESCAPE '\\') \
                     AND ($9 IS NULL OR c.last_activity_at < $9 \
                          OR (c.last_activity_at = $9 AND c.id > $11)) \
                     AND ($12 IS NULL OR LOWER(p.email) = LOWER($12)) \
                     ORDER BY c.last_activity_at DESC, c.id LIMIT $10",
                )
                .bind(&q.reader_persona_id)
                .bind(&q.org_id)
                .bind(q.channel_id.as_deref())
                .bind(q.domain_id.as_deref())
                .bind(q.status.map(|s| s.as_str()))
                .bind(assigned_mode)
                .bind(assigned_to)
                .bind(pattern)
                .bind(q.before)
                .bind(q.limit)
                .bind(q.before_id.as_deref())
                .bind(q.visitor_email.as_deref())
                .fetch_all(self.reader())
                .await?;
                rows.iter()
                    .map(|r| {
                        let channel = channel_from(r)?;
                        let t: String = r.try_get("p_type")?;
                        let visitor = Persona {
                            id: channel.visitor_persona_id.clone(),
                            persona_type: PersonaType::parse(&t)
                                .ok_or_else(|| StoreError::Corrupt(format!("persona type {t:?}")))?,
                            name: r.try_get("p_name")?,
                            email: r.try_get("p_email")?,
                            ip: r.try_get("p_ip")?,
                            url: r.try_get("p_url")?,
                            legal_notice_accepted: r.try_get("p_legal")?,
                            avatar_url: r.try_get("p_avatar")?,
                            created_at: r.try_get("p_created")?,
                        };
                        Ok(ChannelSummary {
                            channel,
                            domain_name: r.try_get("domain_name")?,
                            visitor,
                            unread: r.try_get("unread")?,
                            last_message_text: r.try_get("last_text")?,
                            visitor_last_message_at: r.try_get("visitor_last")?,
                            ended_by_name: r.try_get("ended_by_name")?,
                        })
                    })
                    .collect()
            }

            async fn end_channel(&self, id: &str, now: i64, by: Option<&str>) -> StoreResult<Channel> {
                sqlx::query(
                    "UPDATE channels SET status = 'ended', ended_at = $1, last_activity_at = $1, \
                     ended_by = $3 WHERE id = $2 AND status = 'open'",
                )
                .bind(now)
                .bind(id)
                .bind(by)
                .execute(self.writer())
                .await?;
                self.get_channel(id).await
            }

            async fn reopen_channel(&self, id: &str, now: i64) -> StoreResult<Channel> {
                sqlx::query(
                    "UPDATE channels SET status = 'open', ended_at = NULL, ended_by = NULL, \
                     last_activity_at = $1 WHERE id = $2 AND status = 'ended'",
                )
                .bind(now)
                .bind(id)
                .execute(self.writer())
                .await?;
                self.get_channel(id).await
            }

            async fn assign_channel(&self, id: &str, agent: Option<&str>) -> StoreResult<()> {
                let r = sqlx::query("UPDATE channels SET assigned_agent_id = $1 WHERE id = $2")
                    .bind(agent)
                    .bind(id)
                    .execute(self.writer())
                    .await?;
                if r.rows_affected() == 0 {
                    return Err(StoreError::NotFound);
                }
                Ok(())
            }

            async fn insert_message(&self, m: NewMessage) -> StoreResult<Inserted> {
                $crate::store::refuse_nul([
                    ("channelId", Some(m.channel_id.as_str())),
                    ("clientId", Some(m.client_id.as_str())),
                    ("sender", Some(m.sender_persona_id.as_str())),
                    ("text", Some(m.text.as_str())),
                    ("attachments", beckon_model::nul_path(&m.attachments).map(|_| "\0")),
                ])?;
                // Each backend writes messages its own way (SQLite: group commit).
                let sender = m.sender_persona_id.clone();
                let inserted = self.insert_message_durably(m).await?;
                // A client id names one message in a chat: a re-send by its sender is that
                // message again; the same id from anyone else is refused, never merged.
                if !inserted.created && inserted.message.sender_persona_id != sender {
                    return Err(StoreError::ClientIdTaken);
                }
                Ok(inserted)
            }

            async fn messages_after(
                &self,
                channel_id: &str,
                after_seq: i64,
                limit: i64,
            ) -> StoreResult<Vec<Message>> {
                let rows = sqlx::query(concat!(
                    "SELECT ",
                    message_cols!(),
                    " FROM messages WHERE channel_id = $1 AND seq > $2 ORDER BY seq LIMIT $3"
                ))
                .bind(channel_id)
                .bind(after_seq)
                .bind(limit)
                .fetch_all(self.reader())
                .await?;
                rows.iter().map(message_from).collect()
            }

            async fn channel_personas(&self, channel_id: &str) -> StoreResult<Vec<Persona>> {
                let rows = sqlx::query(concat!(
                    "SELECT ",
                    persona_cols!(),
                    " FROM personas WHERE id IN \
                     (SELECT sender_persona_id FROM messages WHERE channel_id = $1) \
                     OR id = (SELECT visitor_persona_id FROM channels WHERE id = $1) \
                     ORDER BY created_at, id"
                ))
                .bind(channel_id)
                .fetch_all(self.reader())
                .await?;
                rows.iter().map(persona_from).collect()
            }

            async fn mark_read(&self, channel_id: &str, persona_id: &str, seq: i64) -> StoreResult<i64> {
                // One statement answers the marker too: it moves only forward, and the row is
                // returned either way.
                let row = sqlx::query(
                    "INSERT INTO read_markers (channel_id, persona_id, seq, updated_at) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (channel_id, persona_id) DO UPDATE \
                     SET seq = CASE WHEN read_markers.seq < excluded.seq \
                                    THEN excluded.seq ELSE read_markers.seq END, \
                         updated_at = CASE WHEN read_markers.seq < excluded.seq \
                                    THEN excluded.updated_at ELSE read_markers.updated_at END \
                     RETURNING seq",
                )
                .bind(channel_id)
                .bind(persona_id)
                .bind(seq)
                .bind(now_ms())
                .fetch_one(self.writer())
                .await?;
                Ok(row.try_get("seq")?)
            }

            async fn read_marker(&self, channel_id: &str, persona_id: &str) -> StoreResult<i64> {
                let row = sqlx::query(
                    "SELECT seq FROM read_markers WHERE channel_id = $1 AND persona_id = $2",
                )
                .bind(channel_id)
                .bind(persona_id)
                .fetch_optional(self.reader())
                .await?;
                match row {
                    Some(r) => Ok(r.try_get("seq")?),
                    None => Ok(0),
                }
            }

            async fn add_stats(&self, counts: &[StatsCount]) -> StoreResult<()> {
                if counts.is_empty() {
                    return Ok(());
                }
                let mut tx = self.begin_write().await?;
                for c in counts {
                    sqlx::query(
                        "INSERT INTO stats_counts (domain_id, day, event_name, count) \
                         SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM domains WHERE id = $1) \
                         ON CONFLICT (domain_id, day, event_name) DO UPDATE \
                         SET count = stats_counts.count + excluded.count",
                    )
                    .bind(&c.key.domain_id)
                    .bind(&c.key.day)
                    .bind(&c.key.event_name)
                    .bind(c.count)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(())
            }

            async fn stats_counts(
                &self,
                domain_id: &str,
                from: &str,
                to: &str,
            ) -> StoreResult<Vec<StatsCount>> {
                let rows = sqlx::query(
                    "SELECT domain_id, day, event_name, count FROM stats_counts \
                     WHERE domain_id = $1 AND day >= $2 AND day <= $3 ORDER BY day, event_name",
                )
                .bind(domain_id)
                .bind(from)
                .bind(to)
                .fetch_all(self.reader())
                .await?;
                rows.iter().map(stats_from).collect()
            }

            async fn add_item_stats(&self, counts: &[ItemStatsCount]) -> StoreResult<()> {
                if counts.is_empty() {
                    return Ok(());
                }
                let mut tx = self.begin_write().await?;
                for c in counts {
                    sqlx::query(
                        "INSERT INTO stats_item_counts \
                         (domain_id, day, event_name, button_id, action_id, count) \
                         SELECT $1, $2, $3, $4, $5, $6 \
                         WHERE EXISTS (SELECT 1 FROM domains WHERE id = $1) \
                         ON CONFLICT (domain_id, day, event_name, button_id, action_id) DO UPDATE \
                         SET count = stats_item_counts.count + excluded.count",
                    )
                    .bind(&c.key.domain_id)
                    .bind(&c.key.day)
                    .bind(&c.key.event_name)
                    .bind(&c.key.button_id)
                    .bind(&c.key.action_id)
                    .bind(c.count)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(())
            }

            async fn item_stats_counts(
                &self,
                domain_id: &str,
                from: &str,
                to: &str,
            ) -> StoreResult<Vec<ItemStatsCount>> {
                let rows = sqlx::query(
                    "SELECT domain_id, day, event_name, button_id, action_id, count \
                     FROM stats_item_counts WHERE domain_id = $1 AND day >= $2 AND day <= $3 \
                     ORDER BY day, event_name, button_id, action_id",
                )
                .bind(domain_id)
                .bind(from)
                .bind(to)
                .fetch_all(self.reader())
                .await?;
                rows.iter()
                    .map(|r| {
                        Ok(ItemStatsCount {
                            key: ItemStatsKey {
                                domain_id: r.try_get("domain_id")?,
                                day: r.try_get("day")?,
                                event_name: r.try_get("event_name")?,
                                button_id: r.try_get("button_id")?,
                                action_id: r.try_get("action_id")?,
                            },
                            count: r.try_get("count")?,
                        })
                    })
                    .collect()
            }

            async fn ended_channel_of_visitor(
                &self,
                domain_id: &str,
                visitor_id: &str,
                email: &str,
                ended_since: i64,
            ) -> StoreResult<Option<(Channel, Persona)>> {
                let row = sqlx::query(
                    // By the visitor persona (indexed, migration 0003); a visitor has one channel.
                    "SELECT c.id FROM channels c JOIN personas p ON p.id = c.visitor_persona_id \
                     WHERE c.visitor_persona_id = $3 AND lower(p.email) = lower($4) \
                     AND c.domain_id = $1 AND c.status = 'ended' AND c.ended_at >= $2 \
                     ORDER BY c.ended_at DESC LIMIT 1",
                )
                .bind(domain_id)
                .bind(ended_since)
                .bind(visitor_id)
                .bind(email)
                .fetch_optional(self.reader())
                .await?;
                let Some(row) = row else { return Ok(None) };
                let channel = self.get_channel(&row.try_get::<String, _>("id")?).await?;
                let persona = self.get_persona(&channel.visitor_persona_id).await?;
                Ok(Some((channel, persona)))
            }
        }
    };
}

pub(crate) use impl_sql_store;
