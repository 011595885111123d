//! Password hashing: argon2id with the argon2 crate's default parameters, as PHC strings. The
//! work runs on the blocking pool so a login never stalls the async workers.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// Shortest password accepted for a new or reset password.
pub const MIN_LEN: usize = 8;
/// Longest (bytes): argon2 takes anything, this just bounds the work a request can ask for.
pub const MAX_LEN: usize = 1024;

/// Why a new password is refused, in words for the user; `None` when it is fine.
pub fn weakness(password: &str) -> Option<String> {
    if password.chars().count() < MIN_LEN {
        Some(format!("must have at least {MIN_LEN} characters"))
    } else if password.len() > MAX_LEN {
        Some(format!("must have at most {MAX_LEN} bytes"))
    } else {
        None
    }
}

/// The argon2id PHC string of `password` (blocking; see [`hash`]).
pub fn hash_blocking(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .expect("argon2 with default parameters hashes any input")
        .to_string()
}

/// Whether `password` matches the PHC string `hash` (blocking; see [`verify`]).
pub fn verify_blocking(password: &str, hash: &str) -> bool {
    match PasswordHash::new(hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

pub async fn hash(password: &str) -> String {
    let p = password.to_owned();
    tokio::task::spawn_blocking(move || hash_blocking(&p))
        .await
        .expect("hashing does not panic")
}

pub async fn verify(password: &str, hash: &str) -> bool {
    let (p, h) = (password.to_owned(), hash.to_owned());
    tokio::task::spawn_blocking(move || verify_blocking(&p, &h))
        .await
        .unwrap_or(false)
}

/// A hash of nothing anyone knows, verified against when the e-mail is unknown so that a
/// login takes as long either way.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_blocking(&crate::service::accounts::session::new_token()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_and_verify() {
        let h = hash_blocking("correct horse");
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify_blocking("correct horse", &h));
        assert!(!verify_blocking("wrong horse", &h));
        assert!(!verify_blocking("x", "not a hash"));
        assert_ne!(h, hash_blocking("correct horse"), "salted");
    }

    #[test]
    fn weak_passwords() {
        assert!(weakness("short").is_some());
        assert!(weakness("long enough").is_none());
        assert!(weakness(&"x".repeat(2000)).is_some());
    }
}
