//! Creating accounts: every user gets a `ChatAgentPersona`, so what they write in a chat shows
//! with their name on the visitor's side.

use beckon_model::Problem;

use super::password;
use crate::wire::api_error::ApiError;
use crate::wire::error::ProblemBody;
use crate::wire::validate::is_email;
use beckon_store::{NewPersona, NewUser, PersonaType, Role, Store, StoreError, User};

/// What a new account needs.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub org_id: String,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub password: String,
}

/// E-mails are compared trimmed and lower-cased.
pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Problems with an account's e-mail, name and (when given) password; paths are the field
/// names of the request body.
pub fn account_problems(email: &str, name: &str, password: Option<&str>) -> Vec<Problem> {
    let mut problems = Vec::new();
    let email = normalise_email(email);
    if email.is_empty() {
        problems.push(Problem::new("email", "is required"));
    } else if !is_email(&email) {
        problems.push(Problem::new("email", "is not a valid e-mail address"));
    }
    let name = name.trim();
    if name.is_empty() {
        problems.push(Problem::new("name", "is required"));
    } else if name.chars().count() > 200 {
        problems.push(Problem::new("name", "is longer than 200 characters"));
    }
    if let Some(p) = password {
        if let Some(w) = password::weakness(p) {
            problems.push(Problem::new("password", w));
        }
    }
    problems
}

/// 422 `{"error", "problems": [{path, message}]}`.
pub fn invalid(what: &str, problems: &[Problem]) -> ApiError {
    let list: Vec<ProblemBody> = problems.iter().map(ProblemBody::from).collect();
    ApiError::new(
        axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        format!("{what}: {} problem(s)", problems.len()),
    )
    .with(
        "problems",
        serde_json::to_value(list).expect("problems are JSON"),
    )
}

/// Creates the persona and the user. The password is checked for strength; 422 on bad
/// fields, 409 when the e-mail is taken.
pub async fn create_account(store: &dyn Store, a: NewAccount) -> Result<User, ApiError> {
    let problems = account_problems(&a.email, &a.name, Some(&a.password));
    if !problems.is_empty() {
        return Err(invalid("invalid account", &problems));
    }
    let hash = password::hash(&a.password).await;
    create_with_hash(store, &a.org_id, &a.email, &a.name, a.role, hash).await
}

/// Creates the persona and the user from a ready argon2 hash (the demo seed's fixed password
/// skips the strength rule this way).
pub async fn create_with_hash(
    store: &dyn Store,
    org_id: &str,
    email: &str,
    name: &str,
    role: Role,
    password_hash: String,
) -> Result<User, ApiError> {
    let email = normalise_email(email);
    match store.get_user_by_email(&email).await {
        Ok(_) => {
            return Err(ApiError::new(
                axum::http::StatusCode::CONFLICT,
                format!("a user with the e-mail {email} exists"),
            ))
        }
        Err(StoreError::NotFound) => {}
        Err(e) => return Err(e.into()),
    }
    let persona = store
        .create_persona(NewPersona {
            persona_type: PersonaType::ChatAgentPersona,
            name: name.trim().to_owned(),
            email: None,
            ip: None,
            url: None,
            legal_notice_accepted: 0,
            avatar_url: None,
        })
        .await?;
    let user = store
        .create_user(NewUser {
            org_id: org_id.to_owned(),
            email,
            name: name.trim().to_owned(),
            password_hash,
            role,
            persona_id: Some(persona.id),
        })
        .await?;
    Ok(user)
}
