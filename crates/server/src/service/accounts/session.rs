//! Login sessions: the cookie, its server-side record, and who is behind a request.
//!
//! The cookie `beckon_session` holds 256 random bits (base64url). The store keeps only the
//! SHA-256 of it (hex), so a leaked database gives no usable session. Sessions last 30 days and
//! slide: each use (at most every [`TOUCH_EVERY_MS`]) moves the expiry 30 days ahead.
//!
//! CSRF: the cookie is `SameSite=Lax`, and every state-changing owner/agent request must also
//! carry either the `X-Beckon-CSRF` header with the session's CSRF token (returned by login and
//! `GET /api/v1/auth/me`), or an `Origin` header naming this server itself. See [`check_csrf`].

use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use base64::Engine as _;
use cookie::{Cookie, SameSite};
use rand::RngCore as _;
use sha2::Digest as _;
use subtle::ConstantTimeEq as _;
use url::Url;

use crate::state::AppState;
use crate::wire::api_error::ApiError;
use beckon_store::{now_ms, Session, StoreError, User};

pub use beckon_store::Role;

/// The session cookie's name.
pub const COOKIE: &str = "beckon_session";
/// The header a state-changing request carries the CSRF token in.
pub const CSRF_HEADER: &str = "x-beckon-csrf";
/// How long a session lives after its last use.
pub const SESSION_TTL_MS: i64 = 30 * 24 * 60 * 60 * 1000;
/// A session's expiry is moved at most this often (saves a write per request).
pub const TOUCH_EVERY_MS: i64 = 5 * 60 * 1000;

/// The user behind a request's session cookie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionUser {
    pub user_id: String,
    pub org_id: String,
    /// The `ChatAgentPersona` the user speaks as in chats (owners too).
    pub persona_id: String,
    pub name: String,
    pub role: Role,
    pub email: String,
}

impl SessionUser {
    pub fn from_user(u: &User) -> Self {
        SessionUser {
            user_id: u.id.clone(),
            org_id: u.org_id.clone(),
            persona_id: u.persona_id.clone().unwrap_or_default(),
            name: u.name.clone(),
            role: u.role,
            email: u.email.clone(),
        }
    }
}

/// A valid session and what it stands for.
#[derive(Debug, Clone)]
pub struct Authenticated {
    pub user: SessionUser,
    pub session: Session,
    /// The cookie's value (the raw token).
    pub token: String,
}

impl Authenticated {
    /// The CSRF token that goes with this session.
    pub fn csrf_token(&self) -> String {
        csrf_token(&self.token)
    }
}

/// Who is logged in on this request, if anyone: `Ok(None)` when there is no cookie, or it names
/// no live session. This is the seam the realtime hub calls for agents' WebSocket upgrades.
pub async fn session_user(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<SessionUser>, ApiError> {
    Ok(authenticate(state, headers).await?.map(|a| a.user))
}

/// Like [`session_user`], with the session record and raw token.
pub async fn authenticate(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<Authenticated>, ApiError> {
    let Some(token) = cookie_value(headers, COOKIE) else {
        return Ok(None);
    };
    if !plausible_token(&token) {
        return Ok(None);
    }
    let Some((session, user)) = live_session(state, &hash_token(&token)).await? else {
        return Ok(None);
    };
    Ok(Some(Authenticated {
        user: SessionUser::from_user(&user),
        session,
        token,
    }))
}

/// The session stored under `id` (a token's hash) and its user, if it is still live: not
/// logged out, not expired, the user not removed. Each use slides the expiry (at most every
/// [`TOUCH_EVERY_MS`]); the realtime hub re-checks its agents' sockets with this too.
pub async fn live_session(state: &AppState, id: &str) -> Result<Option<(Session, User)>, ApiError> {
    let mut session = match state.store.get_session(id).await {
        Ok(s) => s,
        Err(StoreError::NotFound) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let now = now_ms();
    if session.expires_at <= now {
        let _ = state.store.delete_session(id).await;
        return Ok(None);
    }
    let user = match state.store.get_user(&session.user_id).await {
        Ok(u) => u,
        Err(StoreError::NotFound) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    if now - session.last_seen_at >= TOUCH_EVERY_MS {
        session.last_seen_at = now;
        session.expires_at = now + SESSION_TTL_MS;
        match state
            .store
            .touch_session(id, session.last_seen_at, session.expires_at)
            .await
        {
            Ok(()) => {}
            // Logged out in between.
            Err(StoreError::NotFound) => return Ok(None),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(Some((session, user)))
}

/// A fresh random session token (256 bits, base64url without padding: 43 characters).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn plausible_token(t: &str) -> bool {
    t.len() == 43
        && t.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// What the store keeps for a token: its SHA-256, hex.
pub fn hash_token(token: &str) -> String {
    hex(&sha2::Sha256::digest(token.as_bytes()))
}

/// The CSRF token of a session: derived from the cookie, which a cross-site page cannot read,
/// so it cannot compute it either.
pub fn csrf_token(token: &str) -> String {
    let mut h = sha2::Sha256::new();
    h.update(b"beckon-csrf\0");
    h.update(token.as_bytes());
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&h.finalize()[..24])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Creates a session for `user`; the raw token for the cookie.
pub async fn start_session(state: &AppState, user: &User) -> Result<(String, Session), ApiError> {
    let token = new_token();
    let now = now_ms();
    let session = Session {
        id: hash_token(&token),
        user_id: user.id.clone(),
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
        last_seen_at: now,
    };
    state.store.create_session(session.clone()).await?;
    Ok((token, session))
}

/// The value of cookie `name` (the first one), if present.
pub fn cookie_value(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == name)
        .map(|c| c.value_trimmed().to_owned())
}

/// Whether cookies should carry `Secure`: the server's public URL is https, or the browser
/// says it is on an https page of ours (`Origin`/`Referer`, as behind a TLS proxy).
pub fn secure_cookies(state: &AppState, headers: &HeaderMap) -> bool {
    if let Some(u) = &state.public_url {
        return u.starts_with("https://");
    }
    [header::ORIGIN, header::REFERER].iter().any(|h| {
        headers
            .get(h)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("https://"))
    }) || headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

/// `Set-Cookie` for a session token (max-age 30 days).
pub fn session_cookie(token: &str, secure: bool) -> HeaderValue {
    set_cookie(token, SESSION_TTL_MS / 1000, secure)
}

/// `Set-Cookie` that removes the session cookie.
pub fn clear_cookie(secure: bool) -> HeaderValue {
    set_cookie("", 0, secure)
}

/// The session cookie: HttpOnly, SameSite=Lax, the whole site, `Secure` when asked.
fn set_cookie(value: &str, max_age_secs: i64, secure: bool) -> HeaderValue {
    let c = Cookie::build((COOKIE, value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(cookie::time::Duration::seconds(max_age_secs))
        .secure(secure);
    HeaderValue::from_str(&c.to_string()).expect("cookie value is ASCII")
}

/// An origin's or a `Host` header's host and port (the scheme's default when none is given),
/// as the browser's URL parser reads them.
fn host_and_port(url: &str) -> Option<(String, Option<u16>)> {
    let u = Url::parse(url).ok()?;
    Some((u.host_str()?.to_owned(), u.port_or_known_default()))
}

/// Whether the request's `Origin` is this server: the configured public URL, or (without one)
/// the same host and port as the `Host` header.
pub fn same_origin(state: &AppState, headers: &HeaderMap) -> Option<bool> {
    let origin = headers.get(header::ORIGIN)?.to_str().ok()?;
    if origin == "null" {
        return Some(false);
    }
    if let Some(u) = &state.public_url {
        return Some(origin.eq_ignore_ascii_case(u));
    }
    let scheme = origin.split_once("://").map_or("http", |(s, _)| s);
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    Some(match (host_and_port(origin), host) {
        (Some(a), Some(h)) => host_and_port(&format!("{scheme}://{h}")) == Some(a),
        _ => false,
    })
}

/// CSRF check for a state-changing request (anything but GET, HEAD, OPTIONS): a matching
/// `X-Beckon-CSRF` header, or else an `Origin` that is this server. A present `Origin` naming
/// another site is refused even with the header.
pub fn check_csrf(
    state: &AppState,
    method: &Method,
    headers: &HeaderMap,
    auth: &Authenticated,
) -> Result<(), ApiError> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    let origin = same_origin(state, headers);
    if origin == Some(false) {
        return Err(ApiError::forbidden(
            "cross-site request refused: the Origin is not this server",
        ));
    }
    let header_ok = headers
        .get(CSRF_HEADER)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| bool::from(v.as_bytes().ct_eq(auth.csrf_token().as_bytes())));
    if header_ok || origin == Some(true) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "missing or wrong X-Beckon-CSRF header (take the csrfToken from login or \
             GET /api/v1/auth/me)",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bits_and_hashed() {
        let t = new_token();
        assert!(plausible_token(&t), "{t}");
        assert_ne!(t, new_token());
        assert_eq!(hash_token(&t).len(), 64);
        assert_ne!(csrf_token(&t), csrf_token(&new_token()));
    }

    #[test]
    fn cookies_are_read_from_any_header() {
        let mut h = HeaderMap::new();
        h.append(header::COOKIE, HeaderValue::from_static("a=1; b=2"));
        h.append(
            header::COOKIE,
            HeaderValue::from_static("beckon_session=xyz"),
        );
        assert_eq!(cookie_value(&h, "b").as_deref(), Some("2"));
        assert_eq!(cookie_value(&h, COOKIE).as_deref(), Some("xyz"));
        assert_eq!(cookie_value(&h, "c"), None);
    }

    #[test]
    fn set_cookie_flags() {
        let c = session_cookie("abc", true);
        let c = c.to_str().unwrap();
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax") && c.contains("Secure"));
        assert!(!session_cookie("abc", false)
            .to_str()
            .unwrap()
            .contains("Secure"));
    }
}
