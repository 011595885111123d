//! Tokens scoped to one channel and one persona, HMAC-SHA256-signed, for purposes that never
//! stand in for each other: realtime tokens (short-lived, `v1.`), the links that continue a
//! conversation from a visitor's e-mail (30 days, `c1.`; `api/http/continuation.rs`) and the links
//! that stop an account's notification mail (a year, `u1.`, the account in place of the persona;
//! `api/http/unsubscribe.rs`). The files sent in chats are served at a URL holding a MAC of the
//! file's id (`f1.`, [`TokenSigner::file_mac`]; `crate::infra::attachments`).
//!
//! Format: `<prefix><base64url(JSON claims)>.<base64url(HMAC-SHA256 of prefix + claims part)>`.
//! The key is `BECKON_SECRET` when set, else `{data-dir}/secret`, created on first run.
//! The public token URL issues them; the realtime hub verifies them with [`TokenSigner::verify`].

use std::io::Write as _;
use std::path::Path;

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use rand::RngCore as _;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// How long a visitor's realtime token is valid.
pub const TOKEN_TTL_MS: i64 = 10 * 60 * 1000;

/// How long a link that continues a conversation (in a visitor's e-mail) is valid.
pub const LINK_TTL_MS: i64 = 30 * 24 * 60 * 60 * 1000;
/// How long the unsubscribe link of a notification mail is valid.
pub const UNSUBSCRIBE_TTL_MS: i64 = 365 * 24 * 60 * 60 * 1000;

/// What a token is for: its prefix, signed with the claims, so a token of one purpose is
/// malformed for the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Realtime,
    Continue,
    Unsubscribe,
    /// A chat file's URL (`file_mac`): a MAC of the file's id alone, no claims.
    File,
}

impl Purpose {
    fn prefix(self) -> &'static str {
        match self {
            Purpose::Realtime => "v1.",
            Purpose::Continue => "c1.",
            Purpose::Unsubscribe => "u1.",
            Purpose::File => "f1.",
        }
    }
}

/// What a token grants.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The channel id.
    #[serde(rename = "c")]
    pub channel_id: String,
    /// The persona id.
    #[serde(rename = "p")]
    pub persona_id: String,
    /// Expiry, Unix milliseconds.
    #[serde(rename = "exp")]
    pub expires_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("the token is malformed")]
    Malformed,
    #[error("the token's signature is invalid")]
    BadSignature,
    #[error("the token has expired")]
    Expired,
}

/// Signs and verifies tokens with one key.
pub struct TokenSigner {
    key: Vec<u8>,
}

impl std::fmt::Debug for TokenSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenSigner(..)")
    }
}

impl TokenSigner {
    pub fn new(key: &[u8]) -> Self {
        assert!(!key.is_empty(), "a token key must not be empty");
        TokenSigner { key: key.to_vec() }
    }

    /// The signer for a data directory: `env_secret` when given (non-empty), else the contents
    /// of `{data_dir}/secret`, which is created (32 random bytes, hex, mode 0600) when missing.
    pub fn load_or_create(data_dir: &Path, env_secret: Option<&str>) -> std::io::Result<Self> {
        if let Some(s) = env_secret.filter(|s| !s.trim().is_empty()) {
            return Ok(Self::new(s.trim().as_bytes()));
        }
        let path = data_dir.join("secret");
        match std::fs::read_to_string(&path) {
            Ok(s) if !s.trim().is_empty() => return Ok(Self::new(s.trim().as_bytes())),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            opts.mode(0o600);
        }
        let mut f = opts.open(&path)?;
        f.write_all(hex.as_bytes())?;
        f.sync_all()?;
        tracing::info!(path = %path.display(), "created a new server secret");
        Ok(Self::new(hex.as_bytes()))
    }

    fn mac(&self, data: &[u8]) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key size");
        mac.update(data);
        mac
    }

    /// A realtime token for `channel_id` + `persona_id`, valid for [`TOKEN_TTL_MS`] from `now_ms`.
    pub fn issue(&self, channel_id: &str, persona_id: &str, now_ms: i64) -> (String, Claims) {
        let claims = Claims {
            channel_id: channel_id.to_owned(),
            persona_id: persona_id.to_owned(),
            expires_at: now_ms + TOKEN_TTL_MS,
        };
        (self.sign(&claims), claims)
    }

    /// The realtime token for exactly these claims.
    pub fn sign(&self, claims: &Claims) -> String {
        self.sign_for(Purpose::Realtime, claims)
    }

    /// A link token continuing the conversation `channel_id` of `persona_id`, valid for
    /// [`LINK_TTL_MS`] from `now_ms`.
    pub fn continuation(&self, channel_id: &str, persona_id: &str, now_ms: i64) -> String {
        let claims = Claims {
            channel_id: channel_id.to_owned(),
            persona_id: persona_id.to_owned(),
            expires_at: now_ms + LINK_TTL_MS,
        };
        self.sign_for(Purpose::Continue, &claims)
    }

    /// A link token that stops the notification mail of account `user_id`, valid for
    /// [`UNSUBSCRIBE_TTL_MS`] from `now_ms` (the claims' persona is the account).
    pub fn unsubscribe(&self, user_id: &str, now_ms: i64) -> String {
        let claims = Claims {
            channel_id: String::new(),
            persona_id: user_id.to_owned(),
            expires_at: now_ms + UNSUBSCRIBE_TTL_MS,
        };
        self.sign_for(Purpose::Unsubscribe, &claims)
    }

    /// The MAC in the URL of the chat file `attachment_id`: base64url of the first 16 bytes of
    /// HMAC-SHA256 over `f1.` and the id. The URL is the file's capability: whoever has it may
    /// read the file (for as long as its chat is kept).
    pub fn file_mac(&self, attachment_id: &str) -> String {
        let signed = format!("{}{attachment_id}", Purpose::File.prefix());
        let full = self.mac(signed.as_bytes()).finalize().into_bytes();
        B64.encode(&full[..16])
    }

    /// Whether `mac` is [`Self::file_mac`] of `attachment_id` (compared in constant time).
    pub fn verify_file_mac(&self, attachment_id: &str, mac: &str) -> bool {
        let Ok(given) = B64.decode(mac) else {
            return false;
        };
        if given.len() != 16 {
            return false;
        }
        let signed = format!("{}{attachment_id}", Purpose::File.prefix());
        self.mac(signed.as_bytes())
            .verify_truncated_left(&given)
            .is_ok()
    }

    fn sign_for(&self, purpose: Purpose, claims: &Claims) -> String {
        let body = B64.encode(serde_json::to_vec(claims).expect("claims serialise"));
        let signed = format!("{}{body}", purpose.prefix());
        let sig = B64.encode(self.mac(signed.as_bytes()).finalize().into_bytes());
        format!("{signed}.{sig}")
    }

    /// The claims of a realtime token this key signed that has not expired at `now_ms`.
    /// The caller still checks that the claims fit what is asked (channel, persona).
    pub fn verify(&self, token: &str, now_ms: i64) -> Result<Claims, TokenError> {
        self.verify_for(Purpose::Realtime, token, now_ms)
    }

    /// The claims of a token of `purpose` this key signed that has not expired at `now_ms`.
    pub fn verify_for(
        &self,
        purpose: Purpose,
        token: &str,
        now_ms: i64,
    ) -> Result<Claims, TokenError> {
        let (signed, sig) = token.rsplit_once('.').ok_or(TokenError::Malformed)?;
        let body = signed
            .strip_prefix(purpose.prefix())
            .ok_or(TokenError::Malformed)?;
        let sig = B64.decode(sig).map_err(|_| TokenError::Malformed)?;
        self.mac(signed.as_bytes())
            .verify_slice(&sig)
            .map_err(|_| TokenError::BadSignature)?;
        let json = B64.decode(body).map_err(|_| TokenError::Malformed)?;
        let claims: Claims = serde_json::from_slice(&json).map_err(|_| TokenError::Malformed)?;
        if now_ms >= claims.expires_at {
            return Err(TokenError::Expired);
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_verifies_until_it_expires() {
        let s = TokenSigner::new(b"k");
        let (t, c) = s.issue("ch", "pe", 1_000);
        assert_eq!(c.expires_at, 1_000 + TOKEN_TTL_MS);
        assert_eq!(s.verify(&t, 1_001).unwrap(), c);
        assert_eq!(s.verify(&t, c.expires_at), Err(TokenError::Expired));
    }

    #[test]
    fn another_key_or_a_changed_token_is_refused() {
        let s = TokenSigner::new(b"k");
        let (t, _) = s.issue("ch", "pe", 0);
        assert_eq!(
            TokenSigner::new(b"other").verify(&t, 1),
            Err(TokenError::BadSignature)
        );
        // Claims swapped for another channel's, signature kept.
        let (other, _) = s.issue("ch2", "pe", 0);
        let forged = format!(
            "{}.{}",
            other.rsplit_once('.').unwrap().0,
            t.rsplit_once('.').unwrap().1
        );
        assert_eq!(s.verify(&forged, 1), Err(TokenError::BadSignature));
        assert_eq!(s.verify("nonsense", 1), Err(TokenError::Malformed));
        assert_eq!(s.verify("v1.x.y", 1), Err(TokenError::Malformed));
    }

    #[test]
    fn a_link_is_no_realtime_token_and_the_other_way_round() {
        let s = TokenSigner::new(b"k");
        let link = s.continuation("ch", "pe", 0);
        let claims = s
            .verify_for(Purpose::Continue, &link, LINK_TTL_MS - 1)
            .unwrap();
        assert_eq!(
            (claims.channel_id.as_str(), claims.persona_id.as_str()),
            ("ch", "pe")
        );
        assert_eq!(
            s.verify_for(Purpose::Continue, &link, LINK_TTL_MS),
            Err(TokenError::Expired)
        );
        assert_eq!(s.verify(&link, 1), Err(TokenError::Malformed));
        let (realtime, _) = s.issue("ch", "pe", 0);
        assert_eq!(
            s.verify_for(Purpose::Continue, &realtime, 1),
            Err(TokenError::Malformed)
        );
        // The prefix is signed: swapping it does not make a token of the other kind.
        let swapped = link.replacen("c1.", "v1.", 1);
        assert_eq!(s.verify(&swapped, 1), Err(TokenError::BadSignature));
    }

    #[test]
    fn a_file_mac_is_for_one_id_and_one_key() {
        let s = TokenSigner::new(b"k");
        let mac = s.file_mac("a1");
        assert!(s.verify_file_mac("a1", &mac));
        assert!(!s.verify_file_mac("a2", &mac));
        assert!(!TokenSigner::new(b"other").verify_file_mac("a1", &mac));
        assert!(!s.verify_file_mac("a1", "nonsense"));
        assert!(!s.verify_file_mac("a1", &mac[..mac.len() - 2]));
    }

    #[test]
    fn the_secret_file_is_created_once_and_reused() {
        let dir = std::env::temp_dir().join(format!("beckon-token-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = TokenSigner::load_or_create(&dir, None).unwrap();
        let b = TokenSigner::load_or_create(&dir, None).unwrap();
        let (t, _) = a.issue("c", "p", 0);
        assert!(b.verify(&t, 1).is_ok());
        let env = TokenSigner::load_or_create(&dir, Some("from-env")).unwrap();
        assert_eq!(env.verify(&t, 1), Err(TokenError::BadSignature));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
