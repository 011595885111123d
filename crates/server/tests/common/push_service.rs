//! A Web Push service of a test's own on 127.0.0.1, doing what a browser vendor's does with a
//! request (RFC 8030, 8291, 8292) and what the browser then does with its payload: it checks the
//! VAPID `Authorization` (an ES256 JWT signed by the key in `k`, for this service's origin, not
//! expired, not valid for more than 24 hours, with a contact), the `TTL` and `Content-Encoding:
//! aes128gcm`, and decrypts the body with the subscription's private key and auth secret. What it
//! accepted is kept; an endpoint can be made to answer 410 Gone, as for a browser that
//! unsubscribed.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde_json::Value;
use web_push_native::jwt_simple::prelude::*;
use web_push_native::p256;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint as _;
use web_push_native::Auth;

/// A notification the service accepted, as the browser would get it.
#[derive(Debug, Clone)]
pub struct Delivered {
    pub endpoint: String,
    /// The VAPID public key that signed it (`k`, base64url).
    pub vapid_key: String,
    /// The JWT's `sub`.
    pub contact: String,
    pub ttl: u64,
    pub payload: Value,
}

/// A browser's subscription at this service, with the secrets only the browser holds.
pub struct Browser {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

#[derive(Default)]
struct Shared {
    keys: HashMap<String, (p256::SecretKey, Auth)>,
    gone: HashSet<String>,
    delivered: Vec<Delivered>,
    refused: Vec<String>,
}

pub struct PushService {
    pub origin: String,
    shared: Arc<Mutex<Shared>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for PushService {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl PushService {
    pub async fn start() -> PushService {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let shared = Arc::new(Mutex::new(Shared::default()));
        let app = Router::new()
            .route("/push/{id}", post(receive))
            .with_state((shared.clone(), origin.clone()));
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        PushService {
            origin,
            shared,
            task,
        }
    }

    /// A new browser's subscription (`PushSubscription.toJSON()` parts).
    pub fn subscribe(&self) -> Browser {
        let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
        let mut auth = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut auth);
        let id = uuid::Uuid::new_v4().to_string();
        let endpoint = format!("{}/push/{id}", self.origin);
        let p256dh = URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes());
        self.shared
            .lock()
            .unwrap()
            .keys
            .insert(endpoint.clone(), (secret, Auth::clone_from_slice(&auth)));
        Browser {
            endpoint,
            p256dh,
            auth: URL_SAFE_NO_PAD.encode(auth),
        }
    }

    /// From now on the endpoint answers 410 Gone (the browser unsubscribed).
    pub fn gone(&self, endpoint: &str) {
        self.shared.lock().unwrap().gone.insert(endpoint.to_owned());
    }

    pub fn delivered(&self) -> Vec<Delivered> {
        self.shared.lock().unwrap().delivered.clone()
    }

    /// Requests refused, with why (a bad signature, a wrong audience, an undecryptable body).
    pub fn refused(&self) -> Vec<String> {
        self.shared.lock().unwrap().refused.clone()
    }
}

async fn receive(
    State((shared, origin)): State<(Arc<Mutex<Shared>>, String)>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> StatusCode {
    let endpoint = format!("{origin}/push/{id}");
    let mut s = shared.lock().unwrap();
    if s.gone.contains(&endpoint) {
        return StatusCode::GONE;
    }
    let Some((secret, auth)) = s.keys.get(&endpoint).cloned() else {
        return StatusCode::NOT_FOUND;
    };
    match check(&headers, &origin, &endpoint, body.to_vec(), &secret, &auth) {
        Ok(d) => {
            s.delivered.push(d);
            StatusCode::CREATED
        }
        Err(why) => {
            s.refused.push(why);
            StatusCode::BAD_REQUEST
        }
    }
}

fn check(
    headers: &HeaderMap,
    origin: &str,
    endpoint: &str,
    body: Vec<u8>,
    secret: &p256::SecretKey,
    auth: &Auth,
) -> Result<Delivered, String> {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .ok_or(format!("no {name} header"))
    };
    if header("content-encoding")? != "aes128gcm" {
        return Err("not aes128gcm".into());
    }
    let ttl: u64 = header("ttl")?.parse().map_err(|_| "TTL is not a number")?;
    // Authorization: vapid t=<JWT>, k=<public key>
    let vapid = header("authorization")?
        .strip_prefix("vapid ")
        .ok_or("not a vapid authorization")?;
    let mut t = None;
    let mut k = None;
    for part in vapid.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => t = Some(v.to_owned()),
            Some(("k", v)) => k = Some(v.to_owned()),
            _ => {}
        }
    }
    let (t, k) = (t.ok_or("no t=")?, k.ok_or("no k=")?);
    let key_bytes = URL_SAFE_NO_PAD
        .decode(&k)
        .map_err(|_| "k is not base64url")?;
    let key = ES256PublicKey::from_bytes(&key_bytes).map_err(|e| format!("k: {e}"))?;
    let options = VerificationOptions {
        allowed_audiences: Some(HashSet::from_strings(&[origin])),
        ..Default::default()
    };
    let claims = key
        .verify_token::<NoCustomClaims>(&t, Some(options))
        .map_err(|e| format!("VAPID JWT: {e}"))?;
    let expires = claims.expires_at.ok_or("no exp")?;
    let now = Clock::now_since_epoch();
    if expires > now + Duration::from_hours(24) {
        return Err("exp more than 24 h ahead".into());
    }
    let contact = claims.subject.ok_or("no sub")?;
    if !(contact.starts_with("mailto:")
        || contact.starts_with("https:")
        || contact.starts_with("http:"))
    {
        return Err(format!("sub {contact:?} is not a contact"));
    }
    let plain =
        web_push_native::decrypt(body, secret, auth).map_err(|e| format!("decrypt: {e}"))?;
    let payload = serde_json::from_slice(&plain).map_err(|e| format!("payload: {e}"))?;
    Ok(Delivered {
        endpoint: endpoint.to_owned(),
        vapid_key: k,
        contact,
        ttl,
        payload,
    })
}
