//! Writing an upload to the file store as it arrives: memory holds the sniffing window and a
//! part at most, never the file. The type is read from the first bytes before anything is
//! written; past the size limit the partial file is removed.

use bytes::Bytes;
use futures_util::{Stream, StreamExt as _};

use super::files::Files;
use super::limits::Limits;
use super::sniff::{detect, SNIFF_LEN};

/// Why an upload was not kept.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// 413: larger than the domain allows.
    #[error("{0}")]
    TooLarge(String),
    /// 415: a type the domain does not accept.
    #[error("{0}")]
    NotAllowed(String),
    /// 400: no bytes.
    #[error("the file is empty")]
    Empty,
    /// 400: the request body broke off or is not proper multipart.
    #[error("the upload could not be read: {0}")]
    Read(String),
    /// 500 (or 503): the file store failed.
    #[error("the file could not be stored: {0}")]
    Store(#[from] object_store::Error),
}

/// What was stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub size: i64,
    pub content_type: String,
}

/// Where a file goes: `{domain}/{channel}/{id}`.
pub struct Key<'a> {
    pub domain_id: &'a str,
    pub channel_id: &'a str,
    pub attachment_id: &'a str,
}

/// Streams `chunks` into the file `key`, checking `limits` as the bytes come.
pub async fn store<S, E>(
    files: &Files,
    key: Key<'_>,
    limits: &Limits,
    mut chunks: S,
) -> Result<Stored, UploadError>
where
    S: Stream<Item = Result<Bytes, E>> + Unpin,
    E: std::fmt::Display,
{
    let max = usize::try_from(limits.max_bytes).unwrap_or(usize::MAX);
    // The sniffing window first: nothing is written before the type is known.
    let mut head: Vec<u8> = Vec::with_capacity(SNIFF_LEN);
    let mut pending: Option<Bytes> = None;
    while head.len() < SNIFF_LEN {
        match chunks.next().await {
            None => break,
            Some(Err(e)) => return Err(UploadError::Read(e.to_string())),
            Some(Ok(b)) => {
                let room = SNIFF_LEN - head.len();
                if b.len() <= room {
                    head.extend_from_slice(&b);
                } else {
                    head.extend_from_slice(&b[..room]);
                    pending = Some(b.slice(room..));
                }
            }
        }
    }
    if head.is_empty() {
        return Err(UploadError::Empty);
    }
    let content_type = detect(&head);
    if !limits.allows(&content_type) {
        return Err(UploadError::NotAllowed(limits.not_allowed(&content_type)));
    }
    let mut size = head.len() + pending.as_ref().map_or(0, Bytes::len);
    if size > max {
        return Err(UploadError::TooLarge(limits.too_large()));
    }
    let mut writer = files
        .writer(key.domain_id, key.channel_id, key.attachment_id)
        .await?;
    let rest = async {
        writer.write(&head).await?;
        if let Some(p) = pending.take() {
            writer.write(&p).await?;
        }
        while let Some(chunk) = chunks.next().await {
            let chunk = chunk.map_err(|e| UploadError::Read(e.to_string()))?;
            size += chunk.len();
            if size > max {
                return Err(UploadError::TooLarge(limits.too_large()));
            }
            writer.write(&chunk).await?;
        }
        Ok::<(), UploadError>(())
    }
    .await;
    match rest {
        Ok(()) => {
            writer.finish().await?;
            Ok(Stored {
                size: size as i64,
                content_type,
            })
        }
        Err(e) => {
            writer.abort().await;
            Err(e)
        }
    }
}
