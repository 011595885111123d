//! The SQL of personas, channels, messages and read markers (its trait and rows: `mod.rs`). Messages are
//! written by the group commit (`group_commit.rs`, the backends' `batch.rs`).

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

/// A row of the inbox query: the channel, and its visitor's columns prefixed `p_`.
#[derive(sqlx::FromRow)]
pub(crate) struct SummaryRow {
    #[sqlx(flatten)]
    channel: crate::Channel,
    domain_name: String,
    ended_by_name: Option<String>,
    p_type: crate::PersonaType,
    p_name: String,
    p_email: Option<String>,
    p_ip: Option<String>,
    p_url: Option<String>,
    p_legal: i64,
    p_avatar: Option<String>,
    p_created: i64,
    unread: i64,
    last_text: Option<String>,
    /// The latest message's attachments, as stored (a JSON array).
    last_files: Option<String>,
    visitor_last: Option<i64>,
    waiting_since: Option<i64>,
}

impl From<SummaryRow> for crate::ChannelSummary {
    fn from(r: SummaryRow) -> Self {
        let visitor = crate::Persona {
            id: r.channel.visitor_persona_id.clone(),
            persona_type: r.p_type,
            name: r.p_name,
            email: r.p_email,
            ip: r.p_ip,
            url: r.p_url,
            legal_notice_accepted: r.p_legal,
            avatar_url: r.p_avatar,
            created_at: r.p_created,
        };
        crate::ChannelSummary {
            channel: r.channel,
            domain_name: r.domain_name,
            visitor,
            unread: r.unread,
            last_message_text: r.last_text,
            last_message_files: file_names(r.last_files.as_deref()),
            visitor_last_message_at: r.visitor_last,
            waiting_since: r.waiting_since,
            ended_by_name: r.ended_by_name,
        }
    }
}

/// The names of the files in a stored attachments array (those without a name are skipped).
fn file_names(attachments: Option<&str>) -> Vec<String> {
    let Some(Ok(serde_json::Value::Array(files))) = attachments.map(serde_json::from_str) else {
        return Vec::new();
    };
    files
        .iter()
        .filter_map(|f| f.get("name")?.as_str())
        .filter(|n| !n.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// The inbox query's `LIKE` pattern for a search, `\` escaping the wildcards.
pub(crate) fn search_pattern(search: Option<&str>) -> Option<String> {
    let term = search.map(str::trim).filter(|t| !t.is_empty())?;
    let escaped = term
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    Some(format!("%{escaped}%"))
}

macro_rules! impl_chats {
    ($store:ty, $db:ty) => {
        const _: () = {
            use $crate::chats::sql::{search_pattern, SummaryRow};
            use $crate::chats::sql::{channel_cols, message_cols, persona_cols};
            use $crate::sql::{found, touched};
            use $crate::{
                new_id, refuse_nul, AssignedFilter, Channel, ChannelQuery, ChannelStatus,
                ChannelSummary, Chats, Inserted, Message, NewMessage, NewPersona,
                Persona, StoreResult,
            };

            fn persona_of(p: NewPersona, now: i64) -> Persona {
                Persona {
                    id: new_id(),
                    persona_type: p.persona_type,
                    name: p.name,
                    email: p.email,
                    ip: p.ip,
                    url: p.url,
                    legal_notice_accepted: p.legal_notice_accepted,
                    avatar_url: p.avatar_url,
                    created_at: now,
                }
            }

            async fn insert_persona<'e, E>(db: E, persona: &Persona) -> StoreResult<()>
            where
                E: sqlx::Executor<'e, Database = $db>,
            {
                sqlx::query(concat!(
                    "INSERT INTO personas (",
                    persona_cols!(),
                    ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                ))
                .bind(&persona.id)
                .bind(persona.persona_type)
                .bind(&persona.name)
                .bind(&persona.email)
                .bind(&persona.ip)
                .bind(&persona.url)
                .bind(persona.legal_notice_accepted)
                .bind(&persona.avatar_url)
                .bind(persona.created_at)
                .execute(db)
                .await?;
                Ok(())
            }

            #[async_trait::async_trait]
            impl Chats for $store {
                async fn create_persona(&self, p: NewPersona) -> StoreResult<Persona> {
                    let persona = persona_of(p, self.clock().now_ms());
                    insert_persona(self.writer(), &persona).await?;
                    Ok(persona)
                }

                async fn get_persona(&self, id: &str) -> StoreResult<Persona> {
                    found(
                        sqlx::query_as(concat!(
                            "SELECT ",
                            persona_cols!(),
                            " FROM personas WHERE id = $1"
                        ))
                        .bind(id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
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
                    touched(r.rows_affected())
                }

                async fn create_channel(
                    &self,
                    domain_id: &str,
                    visitor: NewPersona,
                ) -> StoreResult<(Channel, Persona)> {
                    refuse_nul([
                        ("domainId", Some(domain_id)),
                        ("name", Some(visitor.name.as_str())),
                        ("email", visitor.email.as_deref()),
                        ("ip", visitor.ip.as_deref()),
                        ("url", visitor.url.as_deref()),
                        ("avatarUrl", visitor.avatar_url.as_deref()),
                    ])?;
                    let now = self.clock().now_ms();
                    let persona = persona_of(visitor, now);
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
                    let exists: Option<String> =
                        sqlx::query_scalar("SELECT id FROM domains WHERE id = $1")
                            .bind(domain_id)
                            .fetch_optional(&mut *tx)
                            .await?;
                    found(exists)?;
                    insert_persona(&mut *tx, &persona).await?;
                    sqlx::query(concat!(
                        "INSERT INTO channels (",
                        channel_cols!(),
                        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
                    ))
                    .bind(&channel.id)
                    .bind(&channel.domain_id)
                    .bind(&channel.visitor_persona_id)
                    .bind(channel.status)
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
                    found(
                        sqlx::query_as(concat!(
                            "SELECT ",
                            channel_cols!(),
                            " FROM channels WHERE id = $1"
                        ))
                        .bind(id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn list_channels(
                    &self,
                    domain_id: &str,
                    status: Option<ChannelStatus>,
                    limit: i64,
                ) -> StoreResult<Vec<Channel>> {
                    Ok(sqlx::query_as(concat!(
                        "SELECT ",
                        channel_cols!(),
                        " FROM channels WHERE domain_id = $1 AND ($2 IS NULL OR status = $2) \
                         ORDER BY last_activity_at DESC, id LIMIT $3"
                    ))
                    .bind(domain_id)
                    .bind(status)
                    .bind(limit)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn query_channels(&self, q: &ChannelQuery) -> StoreResult<Vec<ChannelSummary>> {
                    let (assigned_mode, assigned_to): (i64, Option<&str>) = match &q.assigned {
                        AssignedFilter::Any => (0, None),
                        AssignedFilter::Unassigned => (1, None),
                        AssignedFilter::To(u) => (2, Some(u.as_str())),
                    };
                    // The inner query derives each chat's figures; the outer one filters on
                    // `waiting_since` and orders by it for the Waiting list.
                    let rows: Vec<SummaryRow> = sqlx::query_as(
                        "SELECT * FROM (SELECT c.id, c.domain_id, c.visitor_persona_id, c.status, \
                         c.created_at, c.ended_at, c.last_activity_at, c.assigned_agent_id, \
                         c.last_seq, c.ended_by, d.name AS domain_name, \
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
                         (SELECT m.attachments FROM messages m WHERE m.channel_id = c.id \
                            ORDER BY m.seq DESC LIMIT 1) AS last_files, \
                         (SELECT MAX(m.created_at) FROM messages m WHERE m.channel_id = c.id \
                            AND m.sender_persona_id = c.visitor_persona_id) AS visitor_last, \
                         (SELECT MIN(w.created_at) FROM messages w WHERE w.channel_id = c.id \
                            AND w.seq > COALESCE((SELECT MAX(a.seq) FROM messages a \
                                WHERE a.channel_id = c.id \
                                AND a.sender_persona_id <> c.visitor_persona_id), 0)) \
                            AS waiting_since \
                         FROM channels c \
                         JOIN domains d ON d.id = c.domain_id \
                         JOIN personas p ON p.id = c.visitor_persona_id \
                         WHERE d.org_id = $2 AND c.last_seq > 0 \
                         AND ($3 IS NULL OR c.id = $3) \
                         AND ($4 IS NULL OR c.domain_id = $4) \
                         AND ($5 IS NULL OR c.status = $5) \
                         AND ($6 = 0 OR ($6 = 1 AND c.assigned_agent_id IS NULL) \
                              OR ($6 = 2 AND c.assigned_agent_id = $7)) \
                         AND ($8 IS NULL OR LOWER(p.name) LIKE $8 ESCAPE '\\' \
                              OR LOWER(COALESCE(p.email, '')) LIKE $8 ESCAPE '\\') \
                         AND ($12 IS NULL OR LOWER(p.email) = LOWER($12))) s \
                         WHERE ($13 = 0 OR s.waiting_since IS NOT NULL) \
                         AND ($9 IS NULL OR ($13 = 0 AND (s.last_activity_at < $9 \
                                  OR (s.last_activity_at = $9 AND s.id > $11))) \
                              OR ($13 = 1 AND (s.waiting_since > $9 \
                                  OR (s.waiting_since = $9 AND s.id > $11)))) \
                         ORDER BY CASE WHEN $13 = 1 THEN s.waiting_since END, \
                         s.last_activity_at DESC, s.id LIMIT $10",
                    )
                    .bind(&q.reader_persona_id)
                    .bind(&q.org_id)
                    .bind(q.channel_id.as_deref())
                    .bind(q.domain_id.as_deref())
                    .bind(q.status)
                    .bind(assigned_mode)
                    .bind(assigned_to)
                    .bind(search_pattern(q.search.as_deref()))
                    .bind(q.before)
                    .bind(q.limit)
                    .bind(q.before_id.as_deref())
                    .bind(q.visitor_email.as_deref())
                    .bind(i64::from(q.waiting))
                    .fetch_all(self.reader())
                    .await?;
                    Ok(rows.into_iter().map(ChannelSummary::from).collect())
                }

                async fn end_channel(
                    &self,
                    id: &str,
                    now: i64,
                    by: Option<&str>,
                ) -> StoreResult<Channel> {
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
                    touched(r.rows_affected())
                }

                async fn ended_channel_of_visitor(
                    &self,
                    domain_id: &str,
                    visitor_id: &str,
                    email: &str,
                    ended_since: i64,
                ) -> StoreResult<Option<(Channel, Persona)>> {
                    let id: Option<String> = sqlx::query_scalar(
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
                    let Some(id) = id else { return Ok(None) };
                    let channel = self.get_channel(&id).await?;
                    let persona = self.get_persona(&channel.visitor_persona_id).await?;
                    Ok(Some((channel, persona)))
                }

                async fn insert_message(&self, m: NewMessage) -> StoreResult<Inserted> {
                    refuse_nul([
                        ("channelId", Some(m.channel_id.as_str())),
                        ("clientId", Some(m.client_id.as_str())),
                        ("sender", Some(m.sender_persona_id.as_str())),
                        ("text", Some(m.text.as_str())),
                        ("attachments", beckon_model::nul_path(&m.attachments).map(|_| "\0")),
                    ])?;
                    self.messages().insert(m, self).await
                }

                async fn messages_after(
                    &self,
                    channel_id: &str,
                    after_seq: i64,
                    limit: i64,
                ) -> StoreResult<Vec<Message>> {
                    Ok(sqlx::query_as(concat!(
                        "SELECT ",
                        message_cols!(),
                        " FROM messages WHERE channel_id = $1 AND seq > $2 ORDER BY seq LIMIT $3"
                    ))
                    .bind(channel_id)
                    .bind(after_seq)
                    .bind(limit)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn channel_personas(&self, channel_id: &str) -> StoreResult<Vec<Persona>> {
                    Ok(sqlx::query_as(concat!(
                        "SELECT ",
                        persona_cols!(),
                        " FROM personas WHERE id IN \
                         (SELECT sender_persona_id FROM messages WHERE channel_id = $1) \
                         OR id = (SELECT visitor_persona_id FROM channels WHERE id = $1) \
                         ORDER BY created_at, id"
                    ))
                    .bind(channel_id)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn mark_read(
                    &self,
                    channel_id: &str,
                    persona_id: &str,
                    seq: i64,
                ) -> StoreResult<i64> {
                    // One statement answers the marker too: it moves only forward, and the row is
                    // returned either way.
                    Ok(sqlx::query_scalar(
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
                    .bind(self.clock().now_ms())
                    .fetch_one(self.writer())
                    .await?)
                }

                async fn read_marker(&self, channel_id: &str, persona_id: &str) -> StoreResult<i64> {
                    let seq: Option<i64> = sqlx::query_scalar(
                        "SELECT seq FROM read_markers WHERE channel_id = $1 AND persona_id = $2",
                    )
                    .bind(channel_id)
                    .bind(persona_id)
                    .fetch_optional(self.reader())
                    .await?;
                    Ok(seq.unwrap_or(0))
                }
            }
        };
    };
}

pub(crate) use {channel_cols, impl_chats, message_cols, persona_cols};

#[cfg(test)]
mod tests {
    use super::file_names;

    #[test]
    fn a_messages_files_are_named() {
        let stored = r#"[{"type":"application/pdf","url":"/f/1","name":"invoice.pdf"},
                         {"type":"image/png","url":"/f/2","name":""},
                         {"type":"image/png","url":"/f/3","name":"photo.png"}]"#;
        assert_eq!(file_names(Some(stored)), ["invoice.pdf", "photo.png"]);
        assert!(file_names(Some("[]")).is_empty());
        assert!(file_names(Some("not json")).is_empty());
        assert!(file_names(None).is_empty());
    }
}
