//! What each account wants to be told about: e-mail on or off, and which conversations (for
//! e-mail and Web Push alike). An account that never chose gets [`NotifyChoices::default`].

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use super::StoreResult;

/// Which conversations an account is told about.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    ts_rs::TS,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum About {
    /// Every conversation of the organisation's domains.
    #[default]
    All,
    /// Only conversations nobody is assigned to.
    Unassigned,
    /// Only conversations assigned to this account.
    Mine,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotifyChoices {
    pub email: bool,
    pub about: About,
}

impl Default for NotifyChoices {
    fn default() -> Self {
        NotifyChoices {
            email: true,
            about: About::All,
        }
    }
}

impl NotifyChoices {
    /// Whether a conversation assigned to `assigned` (a user id) is one `user_id` is told about.
    /// Pure.
    pub fn covers(&self, user_id: &str, assigned: Option<&str>) -> bool {
        match self.about {
            About::All => true,
            About::Unassigned => assigned.is_none(),
            About::Mine => assigned == Some(user_id),
        }
    }
}

#[async_trait]
pub trait Choices: Send + Sync {
    /// The account's choices (the defaults when it never chose).
    async fn notify_choices(&self, user_id: &str) -> StoreResult<NotifyChoices>;
    async fn set_notify_choices(&self, user_id: &str, choices: NotifyChoices) -> StoreResult<()>;
    /// The choices of an organisation's accounts that made any, by user id.
    async fn org_notify_choices(
        &self,
        org_id: &str,
    ) -> StoreResult<std::collections::HashMap<String, NotifyChoices>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_choice_covers_its_conversations() {
        let about = |about| NotifyChoices { email: true, about };
        assert!(about(About::All).covers("ada", Some("bob")));
        assert!(about(About::Unassigned).covers("ada", None));
        assert!(!about(About::Unassigned).covers("ada", Some("ada")));
        assert!(about(About::Mine).covers("ada", Some("ada")));
        assert!(!about(About::Mine).covers("ada", Some("bob")));
        assert!(!about(About::Mine).covers("ada", None));
    }
}
