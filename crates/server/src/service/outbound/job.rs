//! What a job's attempt answers the worker: done, or [`JobError`] (try again later, or never).

/// Why a job's attempt failed: `permanent` when another attempt cannot help.
#[derive(Debug)]
pub struct JobError {
    pub message: String,
    pub permanent: bool,
    /// When to try again, for a job that keeps its own schedule (webhooks): the worker's
    /// back-off and its last attempt do not apply.
    pub retry_at: Option<i64>,
}

impl JobError {
    pub fn retry(message: impl Into<String>) -> Self {
        JobError {
            message: message.into(),
            permanent: false,
            retry_at: None,
        }
    }
    /// Try again at `at` (Unix ms), however many attempts were made.
    pub fn retry_at(message: impl Into<String>, at: i64) -> Self {
        JobError {
            message: message.into(),
            permanent: false,
            retry_at: Some(at),
        }
    }
    pub fn permanent(message: impl Into<String>) -> Self {
        JobError {
            message: message.into(),
            permanent: true,
            retry_at: None,
        }
    }
}

impl From<beckon_store::StoreError> for JobError {
    fn from(e: beckon_store::StoreError) -> Self {
        JobError::retry(format!("store: {e}"))
    }
}
