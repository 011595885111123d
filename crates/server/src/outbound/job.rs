//! What a job's attempt answers the worker: done, or [`JobError`] (try again later, or never).

/// Why a job's attempt failed: `permanent` when another attempt cannot help.
#[derive(Debug)]
pub struct JobError {
    pub message: String,
    pub permanent: bool,
}

impl JobError {
    pub fn retry(message: impl Into<String>) -> Self {
        JobError {
            message: message.into(),
            permanent: false,
        }
    }
    pub fn permanent(message: impl Into<String>) -> Self {
        JobError {
            message: message.into(),
            permanent: true,
        }
    }
}

impl From<crate::store::StoreError> for JobError {
    fn from(e: crate::store::StoreError) -> Self {
        JobError::retry(format!("store: {e}"))
    }
}
