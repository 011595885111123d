//! Files sent in chats (spec §3.3: a message's `attachments`, each `type`, `url`, `name`;
//! docs/attachments.md).
//!
//! - `upload.rs` streams an upload into the file store, checking the domain's limits
//!   (`limits.rs`) as the bytes come, with the type read from them (`sniff.rs`) and the name
//!   made safe (`name.rs`);
//! - `files.rs` is the file store (`object_store`: a local directory or S3);
//! - here: the URL a file is served at, `/files/{id}/{mac}/{name}`, whose MAC (`infra/token.rs`,
//!   `f1.`) makes it the file's capability, and [`resolve`], which lets a message carry only
//!   files uploaded to its own chat.

pub mod files;
pub mod limits;
pub mod name;
pub mod sniff;
pub mod upload;

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

pub use files::Files;
pub use limits::Limits;

use crate::infra::token::TokenSigner;
use crate::wire::chat::Attachment;
use beckon_store::{Store, StoreError, StoreResult};

/// How many files one client address may upload as a visitor: a burst of 20, then one more
/// every 10 s (a visitor sending a handful of photos is never slowed; a script filling the disk
/// is). Agents, who are logged in, are not limited.
pub const UPLOAD_RATE: crate::infra::ratelimit::Rate = crate::infra::ratelimit::Rate {
    burst: 20,
    every: std::time::Duration::from_secs(10),
};

/// Where files are served.
pub const FILES_PATH: &str = "/files";

/// What stays as is in a URL path segment (the rest is percent-encoded).
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// The path of the file `attachment_id` named `name`.
pub fn file_path(tokens: &TokenSigner, attachment_id: &str, name: &str) -> String {
    format!(
        "{FILES_PATH}/{attachment_id}/{}/{}",
        tokens.file_mac(attachment_id),
        utf8_percent_encode(name, SEGMENT)
    )
}

/// The attachment id of a file URL's path when its MAC is right (the name is not checked:
/// it is only what the browser saves the file as).
pub fn verified_id<'a>(tokens: &TokenSigner, path: &'a str) -> Option<&'a str> {
    let rest = path.strip_prefix(FILES_PATH)?.strip_prefix('/')?;
    let mut parts = rest.splitn(3, '/');
    let (id, mac) = (parts.next()?, parts.next()?);
    (!id.is_empty() && tokens.verify_file_mac(id, mac)).then_some(id)
}

/// What a domain's chats accept.
pub async fn limits(store: &dyn Store, domain_id: &str) -> StoreResult<Limits> {
    Ok(store
        .attachment_limits(domain_id)
        .await?
        .map(Limits::from)
        .unwrap_or_default())
}

/// The attachments a message sent into `channel_id` may carry: each must be the URL of a file
/// uploaded to that chat (whatever its origin, the path decides); what is kept is the file's
/// own type, URL and name, never what the sender claims. `Invalid` names the first that is not.
pub async fn resolve(
    store: &dyn Store,
    tokens: &TokenSigner,
    channel_id: &str,
    sent: &[Attachment],
) -> StoreResult<Vec<Attachment>> {
    let mut kept = Vec::with_capacity(sent.len());
    for (i, a) in sent.iter().enumerate() {
        let refused = || {
            StoreError::Invalid(format!(
                "attachment {i}: not a file uploaded to this chat (upload it first)"
            ))
        };
        let url = url::Url::parse(&a.url).map_err(|_| refused())?;
        let id = verified_id(tokens, url.path()).ok_or_else(refused)?;
        let row = match store.get_attachment(id).await {
            Ok(row) if row.channel_id == channel_id => row,
            Ok(_) | Err(StoreError::NotFound) => return Err(refused()),
            Err(e) => return Err(e),
        };
        kept.push(Attachment {
            kind: row.content_type,
            url: row.url,
            name: row.name,
            size: Some(row.size),
        });
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_path_verifies_only_with_its_mac() {
        let t = TokenSigner::new(b"k");
        let p = file_path(&t, "abc", "my report (1).pdf");
        assert!(p.starts_with("/files/abc/"));
        assert!(p.ends_with("/my%20report%20%281%29.pdf"));
        assert_eq!(verified_id(&t, &p), Some("abc"));
        let forged = p.replacen("/abc/", "/abd/", 1);
        assert_eq!(verified_id(&t, &forged), None);
        assert_eq!(verified_id(&t, "/files/abc"), None);
        assert_eq!(verified_id(&TokenSigner::new(b"x"), &p), None);
    }
}
