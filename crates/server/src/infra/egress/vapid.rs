//! The server's Web Push identity (RFC 8292, VAPID): an ES256 key pair made once and kept in the
//! store, so every instance signs with the same key, and what a browser's subscription keys must
//! be. `service/outbound/push.rs` sends with it.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use web_push_native::jwt_simple::algorithms::{
    ECDSAP256KeyPairLike as _, ECDSAP256PublicKeyLike as _, ES256KeyPair,
};
use web_push_native::jwt_simple::claims::Claims;
use web_push_native::{p256, Auth};

use beckon_store::Store;

/// The store's name for the VAPID private key (base64url of its 32 bytes).
pub const VAPID_KEY: &str = "vapid-private-key";
/// The server's VAPID identity: the key pair and the contact a push service may write to.
pub struct Vapid {
    key: ES256KeyPair,
    /// The public key as browsers take it (`applicationServerKey`): base64url, uncompressed point.
    pub public_key: String,
    /// `mailto:` the sender's address, else the server's origin.
    contact: String,
}

impl Vapid {
    /// The key kept in the store, made now when there is none.
    pub async fn load(store: &dyn Store, contact: String) -> anyhow::Result<Vapid> {
        let fresh = URL_SAFE_NO_PAD.encode(ES256KeyPair::generate().to_bytes());
        let kept = store.server_key(VAPID_KEY, &fresh).await?;
        let key = ES256KeyPair::from_bytes(&URL_SAFE_NO_PAD.decode(kept.trim())?)
            .map_err(|e| anyhow::anyhow!("the stored VAPID key is unusable: {e}"))?;
        let public_key =
            URL_SAFE_NO_PAD.encode(key.public_key().public_key().to_bytes_uncompressed());
        Ok(Vapid {
            key,
            public_key,
            contact,
        })
    }

    /// `vapid t=<JWT>, k=<public key>` (RFC 8292) for a push service's URL, valid for `valid`.
    /// Signed here rather than by web-push-native's `with_vapid`, whose audience leaves out the
    /// port: the audience is the push resource's origin (RFC 8292 §2), port included when it is
    /// not the scheme's default.
    pub fn authorization(
        &self,
        endpoint: &url::Url,
        valid: std::time::Duration,
    ) -> Result<axum::http::HeaderValue, String> {
        let claims = Claims::create(valid.into())
            .with_audience(endpoint.origin().ascii_serialization())
            .with_subject(&self.contact);
        let token = self
            .key
            .sign(claims)
            .map_err(|e| format!("cannot sign for VAPID: {e}"))?;
        format!("vapid t={token}, k={}", self.public_key)
            .parse()
            .map_err(|_| "the VAPID header is not a header value".to_owned())
    }
}

/// A browser's keys, checked: the P-256 public key (65 bytes, uncompressed) and the 16-byte
/// auth secret, base64url as `PushSubscription.toJSON()` gives them.
pub fn browser_keys(p256dh: &str, auth: &str) -> Result<(p256::PublicKey, Auth), String> {
    let decode = |s: &str| {
        URL_SAFE_NO_PAD
            .decode(s.trim().trim_end_matches('='))
            .map_err(|_| ())
    };
    let public = decode(p256dh)
        .ok()
        .and_then(|b| p256::PublicKey::from_sec1_bytes(&b).ok())
        .ok_or("keys.p256dh is not a P-256 public key (base64url)")?;
    let auth = decode(auth)
        .ok()
        .filter(|b| b.len() == 16)
        .ok_or("keys.auth is not a 16-byte secret (base64url)")?;
    Ok((public, Auth::clone_from_slice(&auth)))
}

/// The VAPID contact for a sender address (`mailto:`) or, without one, the server's origin.
pub fn contact(mail_from: Option<&str>, origin: &str) -> String {
    let address = mail_from
        .and_then(|m| m.parse::<lettre::message::Mailbox>().ok())
        .map(|m| m.email.to_string());
    match address {
        Some(a) => format!("mailto:{a}"),
        None => origin.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_keys_are_checked() {
        let ua = p256::SecretKey::random(&mut rand::rngs::OsRng);
        let point =
            p256::elliptic_curve::sec1::ToEncodedPoint::to_encoded_point(&ua.public_key(), false);
        let p256dh = URL_SAFE_NO_PAD.encode(point.as_bytes());
        let auth = URL_SAFE_NO_PAD.encode([7u8; 16]);
        assert!(browser_keys(&p256dh, &auth).is_ok());
        assert!(browser_keys("not-a-key", &auth)
            .unwrap_err()
            .contains("p256dh"));
        assert!(browser_keys(&p256dh, &URL_SAFE_NO_PAD.encode([7u8; 8]))
            .unwrap_err()
            .contains("auth"));
    }

    #[test]
    fn the_contact_is_the_senders_address_else_the_origin() {
        assert_eq!(
            contact(Some("Shop <shop@example.com>"), "https://b.test"),
            "mailto:shop@example.com"
        );
        assert_eq!(contact(None, "https://b.test"), "https://b.test");
    }
}
