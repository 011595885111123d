//! The SQL of organisations, users and sessions (its trait and rows: `mod.rs`).

macro_rules! user_cols {
    () => {
        "id, org_id, email, name, password_hash, role, persona_id, created_at"
    };
}

macro_rules! impl_accounts {
    ($store:ty) => {
        const _: () = {
            use $crate::accounts::sql::user_cols;
            use $crate::sql::{found, is_unique_violation, touched};
            use $crate::{
                new_id, Accounts, NewUser, Organisation, Session, StoreError, StoreResult, User,
            };

            #[async_trait::async_trait]
            impl Accounts for $store {
                async fn create_organisation(&self, name: &str) -> StoreResult<Organisation> {
                    let org = Organisation {
                        id: new_id(),
                        name: name.to_owned(),
                        created_at: self.clock().now_ms(),
                    };
                    sqlx::query(
                        "INSERT INTO organisations (id, name, created_at) VALUES ($1, $2, $3)",
                    )
                    .bind(&org.id)
                    .bind(&org.name)
                    .bind(org.created_at)
                    .execute(self.writer())
                    .await?;
                    Ok(org)
                }

                async fn get_organisation(&self, id: &str) -> StoreResult<Organisation> {
                    found(
                        sqlx::query_as(
                            "SELECT id, name, created_at FROM organisations WHERE id = $1",
                        )
                        .bind(id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn list_organisations(&self) -> StoreResult<Vec<Organisation>> {
                    Ok(sqlx::query_as(
                        "SELECT id, name, created_at FROM organisations ORDER BY created_at, id",
                    )
                    .fetch_all(self.reader())
                    .await?)
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
                        created_at: self.clock().now_ms(),
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
                    .bind(user.role)
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
                    found(
                        sqlx::query_as(concat!(
                            "SELECT ",
                            user_cols!(),
                            " FROM users WHERE id = $1"
                        ))
                        .bind(id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn get_user_by_email(&self, email: &str) -> StoreResult<User> {
                    found(
                        sqlx::query_as(concat!(
                            "SELECT ",
                            user_cols!(),
                            " FROM users WHERE email = $1"
                        ))
                        .bind(email)
                        .fetch_optional(self.reader())
                        .await?,
                    )
                }

                async fn list_users(&self, org_id: &str) -> StoreResult<Vec<User>> {
                    Ok(sqlx::query_as(concat!(
                        "SELECT ",
                        user_cols!(),
                        " FROM users WHERE org_id = $1 ORDER BY created_at, id"
                    ))
                    .bind(org_id)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn set_user_password_hash(
                    &self,
                    user_id: &str,
                    hash: &str,
                ) -> StoreResult<()> {
                    let r = sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                        .bind(hash)
                        .bind(user_id)
                        .execute(self.writer())
                        .await?;
                    touched(r.rows_affected())
                }

                async fn count_users(&self) -> StoreResult<i64> {
                    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users")
                        .fetch_one(self.reader())
                        .await?)
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
                    touched(r.rows_affected())?;
                    tx.commit().await?;
                    Ok(())
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
                    found(
                        sqlx::query_as(
                            "SELECT id, user_id, created_at, expires_at, last_seen_at \
                             FROM sessions WHERE id = $1",
                        )
                        .bind(id)
                        .fetch_optional(self.reader())
                        .await?,
                    )
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
                    touched(r.rows_affected())
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
            }
        };
    };
}

pub(crate) use {impl_accounts, user_cols};
