//! Files served from disk (the built widget, the chat sounds), cached in memory and checked
//! against the file's size and modification time on each request, with a strong ETag.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use bytes::Bytes;
use sha2::Digest as _;

/// Files above this size are read on each request instead of being kept in memory.
const MAX_CACHED_FILE: u64 = 4 * 1024 * 1024;

pub struct Asset {
    pub bytes: Bytes,
    /// Quoted, ready for the ETag header.
    pub etag: String,
    pub content_type: &'static str,
    modified: Option<SystemTime>,
    len: u64,
}

pub struct StaticFiles {
    /// (path prefix, directory), first match wins; the prefix is stripped.
    roots: Vec<(String, PathBuf)>,
    cache: RwLock<HashMap<PathBuf, Arc<Asset>>>,
}

impl StaticFiles {
    pub fn new(roots: Vec<(String, PathBuf)>) -> Self {
        StaticFiles {
            roots,
            cache: RwLock::new(HashMap::new()),
        }
    }

    /// The file at `rel` (a `/`-separated path under the roots), or `None` when there is none or
    /// the path tries to leave the roots.
    pub async fn get(&self, rel: &str) -> Option<Arc<Asset>> {
        if !is_safe(rel) {
            return None;
        }
        for (prefix, dir) in &self.roots {
            let Some(rest) = rel.strip_prefix(prefix.as_str()) else {
                continue;
            };
            if rest.is_empty() {
                continue;
            }
            if let Some(a) = self.load(&dir.join(rest)).await {
                return Some(a);
            }
        }
        None
    }

    async fn load(&self, path: &Path) -> Option<Arc<Asset>> {
        let meta = tokio::fs::metadata(path).await.ok()?;
        if !meta.is_file() {
            return None;
        }
        let modified = meta.modified().ok();
        if let Some(a) = self.cache.read().expect("asset cache").get(path) {
            if a.len == meta.len() && a.modified == modified {
                return Some(a.clone());
            }
        }
        let bytes = Bytes::from(tokio::fs::read(path).await.ok()?);
        let digest = sha2::Sha256::digest(&bytes);
        let etag = format!(
            "\"{}\"",
            digest[..12]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        );
        let asset = Arc::new(Asset {
            len: bytes.len() as u64,
            bytes,
            etag,
            content_type: content_type(path),
            modified,
        });
        if asset.len <= MAX_CACHED_FILE {
            self.cache
                .write()
                .expect("asset cache")
                .insert(path.to_owned(), asset.clone());
        }
        Some(asset)
    }
}

/// No empty, `.`/`..` or hidden segments, no backslashes or NULs.
fn is_safe(rel: &str) -> bool {
    !rel.is_empty()
        && !rel.contains('\\')
        && !rel.contains('\0')
        && rel
            .split('/')
            .all(|seg| !seg.is_empty() && !seg.starts_with('.'))
}

pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "webm" => "audio/webm",
        "ogg" => "audio/ogg",
        "mp3" => "audio/mpeg",
        "txt" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

/// Whether the file name carries a content hash (`chunk-5XKQ2ABC.js`, `app.BxY3_aZ1.css`): its
/// last `-`/`.`-separated stem part is 8+ word characters with a digit or an upper-case letter.
pub fn is_hashed_name(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let stem = match name.rsplit_once('.') {
        Some((s, _)) => s,
        None => return false,
    };
    let Some(pos) = stem.rfind(['-', '.']) else {
        return false;
    };
    let part = &stem[pos + 1..];
    part.len() >= 8
        && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && part
            .bytes()
            .any(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names() {
        assert!(is_hashed_name("chunk-5XKQ2ABC.js"));
        assert!(is_hashed_name("app/index-BxY3_aZ1.css"));
        assert!(is_hashed_name("chat.a1b2c3d4e5.js"));
        assert!(!is_hashed_name("beckon.js"));
        assert!(!is_hashed_name("beckon.css"));
        assert!(!is_hashed_name("beckon-settings.js"));
        assert!(!is_hashed_name("audio/message-sent-all.webm"));
        assert!(!is_hashed_name("noext"));
    }

    #[test]
    fn unsafe_paths() {
        assert!(is_safe("beckon.js"));
        assert!(is_safe("audio/x.webm"));
        assert!(!is_safe("../secret"));
        assert!(!is_safe("a/../../b"));
        assert!(!is_safe(".env"));
        assert!(!is_safe("a//b"));
        assert!(!is_safe("a\\b"));
        assert!(!is_safe(""));
    }
}
