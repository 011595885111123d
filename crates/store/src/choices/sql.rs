//! The SQL of notification choices (its trait and rows: `mod.rs`).

macro_rules! impl_choices {
    ($store:ty) => {
        const _: () = {
            use std::collections::HashMap;

            use $crate::{About, Choices, NotifyChoices, StoreError, StoreResult};

            fn choices(email: i64, about: &str) -> StoreResult<NotifyChoices> {
                Ok(NotifyChoices {
                    email: email != 0,
                    about: about
                        .parse::<About>()
                        .map_err(|_| StoreError::Corrupt(format!("notification choice {about:?}")))?,
                })
            }

            #[async_trait::async_trait]
            impl Choices for $store {
                async fn notify_choices(&self, user_id: &str) -> StoreResult<NotifyChoices> {
                    let row: Option<(i64, String)> = sqlx::query_as(
                        "SELECT email, about FROM notification_choices WHERE user_id = $1",
                    )
                    .bind(user_id)
                    .fetch_optional(self.reader())
                    .await?;
                    match row {
                        Some((email, about)) => choices(email, &about),
                        None => Ok(NotifyChoices::default()),
                    }
                }

                async fn set_notify_choices(
                    &self,
                    user_id: &str,
                    c: NotifyChoices,
                ) -> StoreResult<()> {
                    let about: &'static str = c.about.into();
                    sqlx::query(
                        "INSERT INTO notification_choices (user_id, email, about) VALUES ($1, $2, $3) \
                         ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, about = excluded.about",
                    )
                    .bind(user_id)
                    .bind(i64::from(c.email))
                    .bind(about)
                    .execute(self.writer())
                    .await?;
                    Ok(())
                }

                async fn org_notify_choices(
                    &self,
                    org_id: &str,
                ) -> StoreResult<HashMap<String, NotifyChoices>> {
                    let rows: Vec<(String, i64, String)> = sqlx::query_as(
                        "SELECT c.user_id, c.email, c.about FROM notification_choices c \
                         JOIN users u ON u.id = c.user_id WHERE u.org_id = $1",
                    )
                    .bind(org_id)
                    .fetch_all(self.reader())
                    .await?;
                    rows.into_iter()
                        .map(|(user, email, about)| Ok((user, choices(email, &about)?)))
                        .collect()
                }
            }
        };
    };
}

pub(crate) use impl_choices;
