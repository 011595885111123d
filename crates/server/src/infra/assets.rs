//! Files served from disk (the built widget, the chat sounds), cached in memory and checked
//! against the file's size and modification time on each request, with a strong ETag.
//!
//! Precompressed siblings: the widget's build writes `beckon.js.gz` (Zopfli, the smallest gzip)
//! and `beckon.js.br` (Brotli, quality 11) beside `beckon.js`. They are smaller than what a
//! compressor can afford per request, and cost no CPU when served. A sibling is used only when it
//! decodes to exactly the file's bytes, so a stale one (the file rebuilt without it) is ignored
//! and the response is compressed on the fly instead.

use std::collections::HashMap;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use bytes::Bytes;
use sha2::Digest as _;

/// Files above this size are read on each request instead of being kept in memory.
const MAX_CACHED_FILE: u64 = 4 * 1024 * 1024;

pub struct Asset {
    pub bytes: Bytes,
    /// The file's valid precompressed siblings.
    pub gzip: Option<Bytes>,
    pub br: Option<Bytes>,
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
        let gzip = sibling(path, "gz", &bytes, |b| {
            let mut out = Vec::new();
            flate2::read::GzDecoder::new(b)
                .read_to_end(&mut out)
                .map(|_| out)
        })
        .await;
        let br = sibling(path, "br", &bytes, |b| {
            let mut out = Vec::new();
            brotli::Decompressor::new(b, 4096)
                .read_to_end(&mut out)
                .map(|_| out)
        })
        .await;
        let asset = Arc::new(Asset {
            len: bytes.len() as u64,
            bytes,
            gzip,
            br,
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

/// The precompressed sibling `{path}.{ext}` when it decodes to exactly `original`.
async fn sibling(
    path: &Path,
    ext: &str,
    original: &[u8],
    decode: impl Fn(&[u8]) -> std::io::Result<Vec<u8>>,
) -> Option<Bytes> {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(ext);
    let packed = tokio::fs::read(PathBuf::from(name)).await.ok()?;
    match decode(&packed) {
        Ok(plain) if plain == original => Some(Bytes::from(packed)),
        _ => {
            tracing::warn!(
                "ignoring {}.{ext}: it does not decode to the file (rebuild the widget)",
                path.display()
            );
            None
        }
    }
}

/// gzip from Zopfli: a few percent smaller than zlib's best level, and slower, so only for bodies
/// compressed once and kept (hosted embeds: one per published version).
pub fn gzip_best(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let options = zopfli::Options {
        iteration_count: std::num::NonZeroU64::new(10).expect("not zero"),
        ..Default::default()
    };
    zopfli::compress(options, zopfli::Format::Gzip, data, &mut out).expect("writing to memory");
    out
}

/// Brotli at quality 11 (the best), with a window fitted to the data.
pub fn brotli_best(data: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut out = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        w.write_all(data).expect("writing to memory");
    }
    out
}

/// The content coding to send of those available, by the request's Accept-Encoding: Brotli
/// before gzip (smaller); a coding with q=0 is refused; `*` accepts both.
pub fn pick_encoding(accept: &str, has_br: bool, has_gzip: bool) -> Option<&'static str> {
    let q = |coding: &str| -> Option<f32> {
        let mut star = None;
        for part in accept.split(',') {
            let mut it = part.split(';');
            let name = it.next().unwrap_or("").trim();
            let weight = it
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|v| v.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if name.eq_ignore_ascii_case(coding) {
                return Some(weight);
            }
            if name == "*" {
                star = Some(weight);
            }
        }
        star
    };
    let ok = |c| q(c).is_some_and(|w| w > 0.0);
    if has_br && ok("br") {
        Some("br")
    } else if has_gzip && ok("gzip") {
        Some("gzip")
    } else {
        None
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
    fn encodings() {
        assert_eq!(
            pick_encoding("gzip, deflate, br, zstd", true, true),
            Some("br")
        );
        assert_eq!(pick_encoding("gzip, deflate", true, true), Some("gzip"));
        assert_eq!(
            pick_encoding("br;q=0, gzip;q=0.5", true, true),
            Some("gzip")
        );
        assert_eq!(pick_encoding("br", false, true), None);
        assert_eq!(pick_encoding("*", true, true), Some("br"));
        assert_eq!(pick_encoding("*;q=0, identity", true, true), None);
        assert_eq!(pick_encoding("", true, true), None);
        assert_eq!(pick_encoding("GZIP", true, true), Some("gzip"));
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
