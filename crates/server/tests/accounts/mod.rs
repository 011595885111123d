//! Integration tests of accounts, the owner API, the agent API, the OpenAPI document and the
//! account commands: the real server on 127.0.0.1:0 (SQLite in a temp dir), over HTTP.

mod agent;
mod auth;
mod canned;
mod cli;
mod openapi;
mod owner;
mod publishing;
mod signup;

use beckon_server::service::accounts::users::{create_account, NewAccount};
use beckon_store::{NewDomain, Role, Store, User};
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::{json, Value};

pub use crate::common::{spawn, spawn_with_clock, TestServer};

pub const PASSWORD: &str = "correct horse battery";

/// A logged-in browser, as far as the API can tell: the session cookie and the CSRF token.
pub struct Browser {
    pub http: reqwest::Client,
    pub base: String,
    pub cookie: String,
    pub csrf: String,
    pub me: Value,
}

impl Browser {
    /// A request with the cookie and, for writes, the CSRF header.
    pub fn req(&self, method: Method, path: &str) -> RequestBuilder {
        let write = !matches!(method, Method::GET | Method::HEAD);
        let mut r = self
            .http
            .request(method, format!("{}/api{path}", self.base))
            .header("cookie", format!("beckon_session={}", self.cookie));
        if write {
            r = r.header("x-beckon-csrf", &self.csrf);
        }
        r
    }
    pub async fn get(&self, path: &str) -> Response {
        self.req(Method::GET, path).send().await.unwrap()
    }
    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.req(Method::POST, path)
            .json(&body)
            .send()
            .await
            .unwrap()
    }
    pub async fn put(&self, path: &str, body: Value) -> Response {
        self.req(Method::PUT, path)
            .json(&body)
            .send()
            .await
            .unwrap()
    }
    pub async fn delete(&self, path: &str) -> Response {
        self.req(Method::DELETE, path).send().await.unwrap()
    }
    pub fn user_id(&self) -> String {
        self.me["user"]["id"].as_str().unwrap().to_owned()
    }
}

/// The value of the session cookie a response sets.
pub fn session_cookie(r: &Response) -> Option<String> {
    r.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("beckon_session="))
        .map(|c| c.split(';').next().unwrap_or("").to_owned())
}

pub async fn login_raw(t: &TestServer, email: &str, password: &str) -> Response {
    t.http
        .post(t.api("/v1/auth/login"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
}

pub async fn login(t: &TestServer, email: &str, password: &str) -> Browser {
    let r = login_raw(t, email, password).await;
    assert_eq!(r.status(), StatusCode::OK, "login as {email}");
    let cookie = session_cookie(&r).expect("a session cookie");
    let me: Value = r.json().await.unwrap();
    Browser {
        http: t.http.clone(),
        base: t.url.clone(),
        cookie,
        csrf: me["csrfToken"].as_str().unwrap().to_owned(),
        me,
    }
}

/// A new organisation with an owner `owner@{tag}.test`.
pub async fn org_with_owner(store: &dyn Store, tag: &str) -> User {
    let org = store
        .create_organisation(&format!("Org {tag}"))
        .await
        .unwrap();
    user(store, &org.id, &format!("owner@{tag}.test"), Role::Owner).await
}

pub async fn user(store: &dyn Store, org_id: &str, email: &str, role: Role) -> User {
    create_account(
        store,
        NewAccount {
            org_id: org_id.to_owned(),
            email: email.to_owned(),
            name: email.split('@').next().unwrap().to_owned(),
            role,
            password: PASSWORD.to_owned(),
        },
    )
    .await
    .unwrap()
}

/// A domain `{name}` in the organisation, with nothing published.
pub async fn domain(store: &dyn Store, org_id: &str, name: &str) -> String {
    store
        .create_domain(NewDomain {
            id: None,
            org_id: org_id.to_owned(),
            name: name.to_owned(),
            aliases: vec![],
            domain_type: "PRO".into(),
            properties: json!({}),
            timezone: None,
        })
        .await
        .unwrap()
        .id
}

pub async fn body(r: Response) -> Value {
    let status = r.status();
    let text = r.text().await.unwrap();
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("{status}: not JSON: {text}"))
}

/// The `path`s of a 422's `problems`.
pub fn problem_paths(v: &Value) -> Vec<String> {
    v["problems"]
        .as_array()
        .unwrap_or_else(|| panic!("no problems in {v}"))
        .iter()
        .map(|p| p["path"].as_str().unwrap().to_owned())
        .collect()
}
