//! The OpenAPI 3.1 document of the HTTP API, written by hand next to the routes and served at
//! `GET /api/openapi.json`. A test holds it to the routes the source mounts.

use std::sync::OnceLock;

use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Map, Value};

use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/openapi.json", get(|| async { Json(document().clone()) }))
}

fn path_param(name: &str, description: &str) -> Value {
    json!({"name": name, "in": "path", "required": true, "description": description,
           "schema": {"type": "string"}})
}

fn query(name: &str, ty: &str, description: &str) -> Value {
    json!({"name": name, "in": "query", "required": false, "description": description,
           "schema": {"type": ty}})
}

fn schema_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn json_content(schema: Value) -> Value {
    json!({"application/json": {"schema": schema}})
}

fn error(description: &str) -> Value {
    json!({"description": description, "content": json_content(schema_ref("Error"))})
}

fn ok(description: &str, schema: Value) -> Value {
    json!({"description": description, "content": json_content(schema)})
}

fn no_content(description: &str) -> Value {
    json!({ "description": description })
}

/// Who may call an operation.
#[derive(Clone, Copy)]
enum Access {
    Public,
    /// A session cookie (agent or owner); CSRF for writes.
    Agent,
    Owner,
}

struct Op {
    tag: &'static str,
    summary: &'static str,
    params: Vec<Value>,
    body: Option<Value>,
    responses: Vec<(&'static str, Value)>,
    access: Access,
}

impl Op {
    fn new(tag: &'static str, summary: &'static str, access: Access) -> Self {
        Op {
            tag,
            summary,
            params: Vec::new(),
            body: None,
            responses: Vec::new(),
            access,
        }
    }
    /// A history's paging parameters: `after` a sequence number, at most `limit`.
    fn paged(self) -> Self {
        self.param(query(
            "after",
            "integer",
            "only messages after this sequence number",
        ))
        .param(query("limit", "integer", "at most this many (≤ 1000)"))
    }

    fn param(mut self, p: Value) -> Self {
        self.params.push(p);
        self
    }
    fn body(mut self, schema: Value) -> Self {
        self.body = Some(json!({"required": true, "content": json_content(schema)}));
        self
    }
    fn resp(mut self, status: &'static str, r: Value) -> Self {
        self.responses.push((status, r));
        self
    }
    fn build(self, write: bool) -> Value {
        let mut o = Map::new();
        o.insert("tags".into(), json!([self.tag]));
        o.insert("summary".into(), json!(self.summary));
        if !self.params.is_empty() {
            o.insert("parameters".into(), Value::Array(self.params));
        }
        if let Some(b) = self.body {
            o.insert("requestBody".into(), b);
        }
        let mut responses = Map::new();
        for (s, r) in self.responses {
            responses.insert(s.into(), r);
        }
        match self.access {
            Access::Public => {}
            Access::Agent | Access::Owner => {
                let security = if write {
                    json!([{"session": [], "csrf": []}, {"session": [], "sameOrigin": []}])
                } else {
                    json!([{ "session": [] }])
                };
                o.insert("security".into(), security);
                responses.insert("401".into(), error("not logged in"));
                if write {
                    responses.insert(
                        "403".into(),
                        error("CSRF check failed (or, for owner routes, not an owner)"),
                    );
                } else if matches!(self.access, Access::Owner) {
                    responses.insert("403".into(), error("not an owner"));
                }
            }
        }
        o.insert("responses".into(), Value::Object(responses));
        Value::Object(o)
    }
}

fn add(paths: &mut Map<String, Value>, path: &str, method: &str, op: Op) {
    let write = !matches!(method, "get" | "head" | "options");
    let entry = paths
        .entry(path.to_owned())
        .or_insert_with(|| Value::Object(Map::new()));
    entry
        .as_object_mut()
        .expect("an object")
        .insert(method.to_owned(), op.build(write));
}

/// The document (built once).
pub fn document() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(build)
}

fn build() -> Value {
    use Access::*;
    let mut p = Map::new();
    let persona_q = || query("personaId", "string", "the visitor's persona id");
    let id = || path_param("id", "id");

    // ---- public chat API (spec §7) ----
    add(
        &mut p,
        "/api/v1/chat/public/channel/{channel_id}",
        "get",
        Op::new("chat", "The visitor's channel and persona", Public)
            .param(path_param("channel_id", "chat channel id"))
            .param(persona_q())
            .resp(
                "200",
                ok("channel and persona", schema_ref("ChannelWithPersona")),
            )
            .resp("404", error("unknown channel or not this persona's"))
            .resp("410", error("the chat has ended")),
    );
    add(
        &mut p,
        "/api/v1/chat/public/channel/{channel_id}/history",
        "get",
        Op::new(
            "chat",
            "Messages of a channel (personaId required: the visitor's credential)",
            Public,
        )
        .param(path_param("channel_id", "chat channel id"))
        .param(persona_q())
        .paged()
        .resp("200", ok("messages", schema_ref("History")))
        .resp("400", error("personaId missing"))
        // An ended chat's history is still answered to its visitor (status: ended): no 410.
        .resp("404", error("unknown channel or not this persona's")),
    );
    add(
        &mut p,
        "/api/v1/chat/public/channel/{channel_id}/token",
        "get",
        Op::new(
            "chat",
            "A realtime token for the channel and persona (10 minutes)",
            Public,
        )
        .param(path_param("channel_id", "chat channel id"))
        .param(persona_q())
        .resp(
            "200",
            ok(
                "token",
                json!({"type": "object", "properties": {
                "token": {"type": "string"}, "expiresAt": {"type": "integer"}}}),
            ),
        )
        .resp("404", error("unknown channel"))
        .resp("410", error("the chat has ended")),
    );
    add(
        &mut p,
        "/api/v1/chat/public/channels/domain/{domain_id}",
        "post",
        Op::new("chat", "Start a chat on a domain", Public)
            .param(path_param("domain_id", "domain id"))
            .body(schema_ref("VisitorPersona"))
            .resp(
                "200",
                ok("the new channel", schema_ref("ChannelWithPersona")),
            )
            .resp(
                "400",
                error("invalid persona; `fields` names each bad field"),
            )
            .resp("404", error("unknown domain"))
            .resp(
                "429",
                error("too many new chats from this address; `retryAfter` seconds"),
            ),
    );
    add(
        &mut p,
        "/api/v1/chat/public/channels/available/{id}",
        "get",
        Op::new("chat", "Whether an agent of the domain is online", Public)
            .param(path_param("id", "domain id (or a channel id)"))
            .resp(
                "200",
                ok(
                    "availability",
                    json!({"type": "object", "properties": {
                "agentAvailable": {"type": "boolean"}}}),
                ),
            )
            .resp("404", error("unknown domain")),
    );
    add(
        &mut p,
        "/api/v1/stats",
        "post",
        Op::new("stats", "Count a widget statistics event (spec §7); Beckon's extension counts views per button and clicks per action", Public)
            .body(json!({"type": "object", "required": ["type", "payload"], "properties": {
                "type": {"const": "event"},
                "payload": {"type": "object", "required": ["event_name"], "properties": {
                    "website": {"type": "string"},
                    "event_name": {"type": "string", "maxLength": 128, "description": "the matched domain id"},
                    "url": {"type": "string"},
                    "name": {"type": "string", "pattern": "^[a-z0-9_-]{1,32}$",
                        "description": "the event (default pageview); the widget sends view and click"},
                    "buttons": {"type": "array", "minItems": 1, "maxItems": 20,
                        "items": {"type": "string", "minLength": 1, "maxLength": 64},
                        "description": "counted once per button instead of once per name; needs name"},
                    "action": {"type": "string", "minLength": 1, "maxLength": 64,
                        "description": "the action clicked; needs exactly one button (its own)"}}}}}))
            .resp("204", no_content("counted"))
            .resp("400", error("not a statistics event, or a field out of bounds")),
    );
    add(
        &mut p,
        "/api/v1/geo",
        "get",
        Op::new(
            "geo",
            "Country of an address (the caller's when none is given)",
            Public,
        )
        .param(query("ip", "string", "an IP address"))
        .resp(
            "200",
            ok(
                "country",
                json!({"type": "object", "properties": {
                "ip": {"type": "string"}, "country_code": {"type": ["string", "null"]}}}),
            ),
        ),
    );
    add(
        &mut p,
        "/api/openapi.json",
        "get",
        Op::new("meta", "This document", Public)
            .resp("200", ok("OpenAPI 3.1", json!({"type": "object"}))),
    );

    add(
        &mut p,
        "/api/v1/realtime",
        "get",
        Op::new(
            "realtime",
            "WebSocket upgrade: visitors authenticate with a token from the token URL, agents \
             with their session cookie",
            Public,
        )
        .param(query("token", "string", "a visitor's realtime token"))
        .resp("101", no_content("switching to the WebSocket protocol"))
        .resp("401", error("no valid token or session")),
    );
    // ---- hosting ----
    add(
        &mut p,
        "/d/{file}",
        "get",
        Op::new(
            "hosting",
            "Hosted embed: `{domainId}.js`, the published config and the loader (ETag, 304)",
            Public,
        )
        .param(path_param("file", "`{domainId}.js`"))
        .resp(
            "200",
            json!({"description": "JavaScript", "content": {"text/javascript": {}}}),
        )
        .resp("304", no_content("not modified"))
        .resp("404", no_content("unknown or unpublished domain")),
    );
    add(
        &mut p,
        "/static/{path}",
        "get",
        Op::new("hosting", "The built widget and the chat sounds", Public)
            .param(path_param("path", "file path"))
            .resp("200", no_content("the file"))
            .resp("404", no_content("no such file")),
    );
    add(
        &mut p,
        "/",
        "get",
        Op::new(
            "hosting",
            "Landing page (shows the demo domain's buttons when published)",
            Public,
        )
        .resp(
            "200",
            json!({"description": "HTML", "content": {"text/html": {}}}),
        ),
    );
    add(
        &mut p,
        "/console",
        "get",
        Op::new(
            "hosting",
            "The console (agents answer chats, owners configure): `/console` redirects to `/console/`, its index page",
            Public,
        )
        .resp(
            "200",
            json!({"description": "HTML (no-cache)", "content": {"text/html": {}}}),
        )
        .resp("308", no_content("to /console/"))
        .resp("503", no_content("the console is not built on this server")),
    );
    add(
        &mut p,
        "/console/{path}",
        "get",
        Op::new(
            "hosting",
            "The console's files (hashed assets immutable); any other path answers its index page (the app routes in the browser)",
            Public,
        )
        .param(path_param("path", "file or app path"))
        .resp("200", no_content("the file, or the index page"))
        .resp("404", no_content("no such file under assets/")),
    );

    // ---- operations (http/ops.rs) ----
    let plain = |d: &str| json!({"description": d, "content": {"text/plain": {}}});
    add(
        &mut p,
        "/healthz",
        "get",
        Op::new("operations", "Liveness: the process serves HTTP", Public)
            .resp("200", plain("`ok`")),
    );
    add(
        &mut p,
        "/readyz",
        "get",
        Op::new(
            "operations",
            "Readiness: the store (and any other configured dependency) answers; one line per check",
            Public,
        )
        .resp("200", plain("`ready`, then `store: ok` …"))
        .resp(
            "503",
            plain("`not ready`, then the checks (reasons are in the server log), or `not ready: shutting down` while draining"),
        ),
    );
    add(
        &mut p,
        "/metrics",
        "get",
        Op::new(
            "operations",
            "Prometheus metrics (text exposition format); only with `--metrics`, keep it off the public internet",
            Public,
        )
        .resp("200", plain("the metrics"))
        .resp("404", plain("metrics are off (no `--metrics`)")),
    );

    // ---- auth ----
    add(
        &mut p,
        "/api/v1/auth/login",
        "post",
        Op::new("auth", "Log in: sets the HttpOnly session cookie", Public)
            .body(
                json!({"type": "object", "required": ["email", "password"], "properties": {
                "email": {"type": "string"}, "password": {"type": "string"}}}),
            )
            .resp(
                "200",
                ok("logged in; keep `csrfToken` for writes", schema_ref("Me")),
            )
            .resp("401", error("wrong e-mail or password"))
            .resp("403", error("cross-site login refused"))
            .resp(
                "429",
                error("too many attempts from this address; `retryAfter` seconds"),
            ),
    );
    add(
        &mut p,
        "/api/v1/auth/logout",
        "post",
        Op::new(
            "auth",
            "Log out: ends the session, clears the cookie, gives up presence",
            Public,
        )
        .resp("204", no_content("logged out")),
    );
    add(
        &mut p,
        "/api/v1/auth/me",
        "get",
        Op::new("auth", "Who is logged in (refreshes the cookie)", Agent)
            .resp("200", ok("the user", schema_ref("Me"))),
    );
    add(&mut p, "/api/v1/auth/password", "post",
        Op::new("auth", "Change your own password (other sessions end)", Agent)
            .body(json!({"type": "object", "properties": {
                "currentPassword": {"type": "string"}, "newPassword": {"type": "string", "minLength": 8}}}))
            .resp("204", no_content("changed"))
            .resp("422", error("the new password is too short")));

    // ---- owner ----
    let domain_body = || {
        json!({"type": "object", "properties": {
        "name": {"type": "string"}, "aliases": {"type": "array", "items": {"type": "string"}},
        "type": {"enum": ["FREE", "STARTER", "PRO", "UNKNOWN"]},
        "timezone": {"type": ["string", "null"]}, "properties": {"type": "object"}}})
    };
    add(
        &mut p,
        "/api/v1/owner/domains",
        "get",
        Op::new("owner", "Your organisation's domains", Owner).resp(
            "200",
            ok(
                "domains",
                json!({"type": "object", "properties": {
                "domains": {"type": "array", "items": schema_ref("Domain")}}}),
            ),
        ),
    );
    add(
        &mut p,
        "/api/v1/owner/domains",
        "post",
        Op::new(
            "owner",
            "Add a domain (it gets an empty draft config)",
            Owner,
        )
        .body(domain_body())
        .resp("201", ok("the domain", schema_ref("Domain")))
        .resp("422", error("invalid fields: `problems` lists each")),
    );
    add(
        &mut p,
        "/api/v1/owner/domains/{id}",
        "get",
        Op::new("owner", "A domain", Owner)
            .param(id())
            .resp("200", ok("the domain", schema_ref("Domain")))
            .resp("404", error("no such domain")),
    );
    add(
        &mut p,
        "/api/v1/owner/domains/{id}",
        "put",
        Op::new(
            "owner",
            "Change a domain (missing fields keep their value; the draft's domain entry follows)",
            Owner,
        )
        .param(id())
        .body(domain_body())
        .resp("200", ok("the domain", schema_ref("Domain")))
        .resp("404", error("no such domain"))
        .resp("422", error("invalid fields: `problems` lists each")),
    );
    add(
        &mut p,
        "/api/v1/owner/domains/{id}",
        "delete",
        Op::new(
            "owner",
            "Remove a domain with its configs, chats and statistics",
            Owner,
        )
        .param(id())
        .resp("204", no_content("removed"))
        .resp("404", error("no such domain")),
    );
    add(
        &mut p,
        "/api/v1/owner/domains/{id}/config",
        "get",
        Op::new("owner", "The draft config (spec §3.1)", Owner)
            .param(id())
            .resp("200", ok("the config", schema_ref("Config")))
            .resp("404", error("no such domain")),
    );
    add(&mut p, "/api/v1/owner/domains/{id}/config", "put",
        Op::new("owner", "Replace the draft config; its domain entry must be this domain and is written back to it", Owner)
            .param(id()).body(schema_ref("Config"))
            .resp("200", ok("saved", json!({"type": "object", "properties": {
                "config": schema_ref("Config"), "updatedAt": {"type": "string"}}})))
            .resp("404", error("no such domain"))
            .resp("422", error("every problem, each with its JSON path: `problems`")));
    add(
        &mut p,
        "/api/v1/owner/domains/{id}/config/published",
        "get",
        Op::new("owner", "The published config", Owner)
            .param(id())
            .resp("200", ok("the config", schema_ref("Config")))
            .resp("404", error("no such domain, or not published yet")),
    );
    add(
        &mut p,
        "/api/v1/owner/domains/{id}/publish",
        "post",
        Op::new(
            "owner",
            "Publish the draft: the hosted embed serves it from the next page view",
            Owner,
        )
        .param(id())
        .resp(
            "200",
            ok(
                "published",
                json!({"type": "object", "properties": {
                "version": {"type": "integer"}, "etag": {"type": "string"},
                "publishedAt": {"type": "string"}, "embedUrl": {"type": "string"}}}),
            ),
        )
        .resp("404", error("no such domain"))
        .resp("409", error("no draft"))
        .resp("422", error("the draft has problems")),
    );
    add(&mut p, "/api/v1/owner/domains/{id}/stats", "get",
        Op::new("owner", "Event counts per UTC day and event name", Owner).param(id())
            .param(query("from", "string", "YYYY-MM-DD (default: 29 days before `to`)"))
            .param(query("to", "string", "YYYY-MM-DD (default: today)"))
            .resp("200", ok("counts", json!({"type": "object", "properties": {
                "domainId": {"type": "string"}, "from": {"type": "string"}, "to": {"type": "string"},
                "counts": {"type": "array", "items": {"type": "object", "properties": {
                    "day": {"type": "string"}, "event": {"type": "string"}, "count": {"type": "integer"}}}},
                "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
                "items": {"type": "array", "description": "views per button (actionId null) and clicks per action and its button",
                    "items": {"type": "object", "properties": {
                    "day": {"type": "string"}, "event": {"type": "string"}, "buttonId": {"type": "string"},
                    "actionId": {"type": ["string", "null"]}, "count": {"type": "integer"}}}}}})))
            .resp("400", error("bad dates")).resp("404", error("no such domain")));
    publishing_paths(&mut p);
    signup_paths(&mut p);
    add(
        &mut p,
        "/api/v1/owner/agents",
        "get",
        Op::new(
            "owner",
            "The organisation's accounts (agents and owners)",
            Owner,
        )
        .resp(
            "200",
            ok(
                "accounts",
                json!({"type": "object", "properties": {
                "agents": {"type": "array", "items": schema_ref("User")}}}),
            ),
        ),
    );
    add(&mut p, "/api/v1/owner/agents", "post",
        Op::new("owner", "Add an agent (or, with role owner, an owner)", Owner)
            .body(json!({"type": "object", "required": ["email", "name", "password"], "properties": {
                "email": {"type": "string"}, "name": {"type": "string"},
                "password": {"type": "string", "minLength": 8}, "role": {"enum": ["agent", "owner"]}}}))
            .resp("201", ok("the account", schema_ref("User")))
            .resp("409", error("the e-mail is taken"))
            .resp("422", error("invalid fields: `problems` lists each")));
    add(
        &mut p,
        "/api/v1/owner/agents/{id}",
        "delete",
        Op::new(
            "owner",
            "Remove an account (not your own); its chats become unassigned",
            Owner,
        )
        .param(id())
        .resp("204", no_content("removed"))
        .resp("404", error("no such account"))
        .resp("409", error("your own account")),
    );
    add(&mut p, "/api/v1/owner/agents/{id}/password", "post",
        Op::new("owner", "Set an account's password; its sessions end", Owner).param(id())
            .body(json!({"type": "object", "properties": {"password": {"type": "string", "minLength": 8}}}))
            .resp("204", no_content("set")).resp("404", error("no such account"))
            .resp("422", error("too short")));

    // ---- agent ----
    add(
        &mut p,
        "/api/v1/agent/channels",
        "get",
        Op::new(
            "agent",
            "Chats of your organisation's domains, newest activity first",
            Agent,
        )
        .param(query(
            "filter",
            "string",
            "open (default), ended, mine, unassigned, all",
        ))
        .param(query("q", "string", "search the visitor's name or e-mail"))
        .param(query("domainId", "string", "only this domain"))
        .param(query(
            "before",
            "integer",
            "paging: the lastActivityAt of the last chat of the previous page (Unix ms); \
             only chats listed after it come",
        ))
        .param(query(
            "beforeId",
            "string",
            "paging, with before: the id of the last chat of the previous page, so that chats \
             active in the same millisecond are neither skipped nor repeated",
        ))
        .param(query(
            "limit",
            "integer",
            "at most this many (≤ 200, default 50)",
        ))
        .resp(
            "200",
            ok(
                "chats",
                json!({"type": "object", "properties": {
                "channels": {"type": "array", "items": schema_ref("AgentChannel")},
                "unreadTotal": {"type": "integer"}}}),
            ),
        ),
    );
    add(
        &mut p,
        "/api/v1/agent/channels/{id}",
        "get",
        Op::new("agent", "One chat with its visitor", Agent)
            .param(id())
            .resp("200", ok("the chat", schema_ref("AgentChannel")))
            .resp("404", error("no such chat")),
    );
    add(
        &mut p,
        "/api/v1/agent/channels/{id}/messages",
        "get",
        Op::new("agent", "Messages of a chat", Agent)
            .param(id())
            .paged()
            .resp("200", ok("messages", schema_ref("History")))
            .resp("404", error("no such chat")),
    );
    add(&mut p, "/api/v1/agent/channels/{id}/messages", "post",
        Op::new("agent", "Reply (idempotent on clientId); claims an unassigned chat", Agent).param(id())
            .body(json!({"type": "object", "required": ["clientId", "text"], "properties": {
                "clientId": {"type": "string", "maxLength": crate::limits::MAX_CLIENT_ID},
                "text": {"type": "string", "maxLength": crate::limits::MAX_MESSAGE_CHARS,
                    "description": "trimmed; the same limit as a chat-message frame (docs/realtime.md)"}}}))
            .resp("201", ok("stored", json!({"type": "object", "properties": {
                "message": schema_ref("Message"), "created": {"type": "boolean"}}})))
            .resp("200", ok("already stored under this clientId", json!({"type": "object"})))
            .resp("404", error("no such chat"))
            .resp("409", error("another sender used this clientId in the chat"))
            .resp("410", error("the chat has ended"))
            .resp("422", error("invalid fields: `problems` lists each")));
    add(
        &mut p,
        "/api/v1/agent/channels/{id}/read",
        "post",
        Op::new(
            "agent",
            "Move your read marker (default: to the latest message)",
            Agent,
        )
        .param(id())
        .resp(
            "200",
            ok(
                "the marker",
                json!({"type": "object", "properties": {"seq": {"type": "integer"}}}),
            ),
        )
        .resp("404", error("no such chat")),
    );
    add(
        &mut p,
        "/api/v1/agent/channels/{id}/assign",
        "post",
        Op::new(
            "agent",
            "Assign a chat: no agentId means yourself, null unassigns",
            Agent,
        )
        .param(id())
        .resp("200", ok("the chat", schema_ref("AgentChannel")))
        .resp("404", error("no such chat"))
        .resp(
            "422",
            error("agentId is not an account of your organisation"),
        ),
    );
    add(
        &mut p,
        "/api/v1/agent/channels/{id}/end",
        "post",
        Op::new(
            "agent",
            "End a chat (the visitor's calls then answer 410)",
            Agent,
        )
        .param(id())
        .resp("200", ok("the chat", schema_ref("AgentChannel")))
        .resp("404", error("no such chat")),
    );
    add(
        &mut p,
        "/api/v1/agent/channels/{id}/reopen",
        "post",
        Op::new(
            "agent",
            "Open an ended chat again in the same thread (a returning visitor); agents get channel-update reopened",
            Agent,
        )
        .param(id())
        .resp("200", ok("the chat", schema_ref("AgentChannel")))
        .resp("404", error("no such chat")),
    );
    add(
        &mut p,
        "/api/v1/agent/presence",
        "put",
        Op::new(
            "agent",
            "Online (a 90-second lease on each domain; renew it) or away",
            Agent,
        )
        .body(json!({"type": "object", "properties": {"status": {"enum": ["online", "away"]}}}))
        .resp(
            "200",
            ok(
                "the status",
                json!({"type": "object", "properties": {
                "status": {"type": "string"}, "leaseSeconds": {"type": "integer"}}}),
            ),
        )
        .resp("422", error("unknown status")),
    );
    add(
        &mut p,
        "/api/v1/agent/team",
        "get",
        Op::new("agent", "The organisation's accounts, for assigning", Agent)
            .resp("200", ok("accounts", json!({"type": "object"}))),
    );

    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Beckon API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Call-to-action buttons and live chat. Errors are JSON `{\"error\": \"…\"}`, \
                sometimes with more fields (`problems`, `fields`, `retryAfter`). Owner and agent \
                routes need the session cookie from `POST /api/v1/auth/login`; requests that change \
                something also need the `X-Beckon-CSRF` header (the `csrfToken` of login or \
                `GET /api/v1/auth/me`) or an `Origin` header naming this server."
        },
        "paths": p,
        "components": {
            "securitySchemes": {
                "session": {"type": "apiKey", "in": "cookie", "name": "beckon_session"},
                "csrf": {"type": "apiKey", "in": "header", "name": "X-Beckon-CSRF"},
                "sameOrigin": {"type": "apiKey", "in": "header", "name": "Origin",
                    "description": "this server's own origin"}
            },
            "schemas": schemas(),
        }
    })
}

/// `accounts/signup.rs`: sign-up, when the operator allows it.
fn signup_paths(p: &mut Map<String, Value>) {
    use Access::*;
    add(
        p,
        "/api/v1/auth/signup",
        "get",
        Op::new(
            "auth",
            "Whether this server lets anyone sign up (`--allow-signup`)",
            Public,
        )
        .resp(
            "200",
            ok(
                "on or off",
                json!({"type": "object", "properties": {"enabled": {"type": "boolean"}}}),
            ),
        ),
    );
    add(p, "/api/v1/auth/signup", "post",
        Op::new("auth", "Sign up: a new owner account with an organisation of its own, logged in at once (session cookie, as a login)", Public)
            .body(json!({"type": "object", "required": ["email", "name", "password"], "properties": {
                "email": {"type": "string"}, "name": {"type": "string"}, "password": {"type": "string"},
                "organisation": {"type": "string", "description": "default: \"{name}'s organisation\""}}}))
            .resp("201", ok("signed up and logged in", schema_ref("Me")))
            .resp("403", error("cross-site sign-up"))
            .resp("404", error("sign-up is off on this server"))
            .resp("409", error("the e-mail already has an account"))
            .resp("422", error("every problem: `problems`"))
            .resp("429", error("too many sign-ups from this address: `retryAfter`")));
}

/// `http/publishing.rs`: the history of published versions and the installation check.
fn publishing_paths(p: &mut Map<String, Value>) {
    use Access::*;
    let id = || path_param("id", "domain id");
    let version = || path_param("version", "version number (1, 2, …)");
    add(
        p,
        "/api/v1/owner/domains/{id}/versions",
        "get",
        Op::new(
            "owner",
            "Every published version, newest first, with who published it and when",
            Owner,
        )
        .param(id())
        .param(query(
            "limit",
            "integer",
            "at most this many (default 100, 1-1000)",
        ))
        .resp(
            "200",
            ok(
                "the history",
                json!({"type": "object", "properties": {
                "versions": {"type": "array", "items": schema_ref("ConfigVersion")}}}),
            ),
        )
        .resp("400", error("bad limit"))
        .resp("404", error("no such domain")),
    );
    add(
        p,
        "/api/v1/owner/domains/{id}/versions/{version}",
        "get",
        Op::new("owner", "One published version with its config", Owner)
            .param(id())
            .param(version())
            .resp(
                "200",
                ok(
                    "the version",
                    json!({"allOf": [schema_ref("ConfigVersion"),
                {"type": "object", "properties": {"config": schema_ref("Config")}}]}),
                ),
            )
            .resp("404", error("no such domain or version")),
    );
    add(
        p,
        "/api/v1/owner/domains/{id}/versions/{version}/restore",
        "post",
        Op::new(
            "owner",
            "Make a published version the draft (publish it to put it live)",
            Owner,
        )
        .param(id())
        .param(version())
        .resp(
            "200",
            ok(
                "the new draft",
                json!({"type": "object", "properties": {
                "config": schema_ref("Config"), "updatedAt": {"type": "string"},
                "restoredFrom": {"type": "integer"}}}),
            ),
        )
        .resp("404", error("no such domain or version"))
        .resp(
            "422",
            error("the version is not valid for the domain as it is now"),
        ),
    );
    let sighting = json!({"type": "object", "properties": {
        "host": {"type": "string"}, "seenAt": {"type": "string"},
        "url": {"type": "string", "description": "the page as far as the browser told it (often only its origin)"}}});
    add(p, "/api/v1/owner/domains/{id}/installation", "get",
        Op::new("owner", "Installation check: the last page of the domain's hosts that loaded its embed, and pages of other hosts", Owner)
            .param(id())
            .resp("200", ok("what was seen", json!({"type": "object", "properties": {
                "installed": {"oneOf": [sighting.clone(), {"type": "null"}]},
                "unknownHosts": {"type": "array", "items": sighting},
                "embedUrl": {"type": "string"}}})))
            .resp("404", error("no such domain")));
}

fn schemas() -> Value {
    let s = |t: &str| json!({ "type": t });
    let ns = || json!({ "type": ["string", "null"] });
    let mut all = json!({
        "Error": {"type": "object", "required": ["error"], "properties": {
            "error": s("string"),
            "problems": {"type": "array", "items": {"type": "object", "properties": {
                "path": s("string"), "message": s("string")}}},
            "fields": {"type": "object", "additionalProperties": s("string")},
            "retryAfter": s("integer")}},
        "VisitorPersona": {"type": "object", "required": ["name", "email"], "properties": {
            "name": s("string"), "email": s("string"), "ip": ns(), "url": ns(),
            "legalNoticeAccepted": {"type": ["integer", "boolean", "null"]},
            "personaId": {"type": ["string", "null"], "description": "the visitor persona of this browser's ended chat: with the same e-mail, that chat is reopened instead of a new one"}}},
        "Persona": {"type": "object", "properties": {
            "id": s("string"), "type": s("string"), "name": s("string"), "avatarUrl": ns()}},
        "Channel": {"type": "object", "properties": {
            "id": s("string"), "domainId": s("string"), "status": {"enum": ["open", "ended"]},
            "createdAt": s("string"), "lastActivityAt": s("string"), "endedAt": ns(),
            "lastSeq": s("integer"), "properties": s("object")}},
        "ChannelWithPersona": {"type": "object", "properties": {
            "channel": schema_ref("Channel"), "chatClientPersona": s("object")}},
        "Message": {"type": "object", "properties": {
            "id": s("string"), "seq": s("integer"), "clientId": s("string"), "text": s("string"),
            "sender": schema_ref("Persona"), "attachments": s("array"), "createdAt": s("string")}},
        "History": {"type": "object", "properties": {
            "messages": {"type": "array", "items": schema_ref("Message")},
            "personas": {"type": "array", "items": schema_ref("Persona")},
            "lastSeq": s("integer"),
            "status": {"enum": ["open", "ended"], "description": "the public history only: an ended chat is answered to its own visitor"}}},
        "User": {"type": "object", "properties": {
            "id": s("string"), "orgId": s("string"), "email": s("string"), "name": s("string"),
            "role": {"enum": ["owner", "agent"]}, "personaId": s("string"), "createdAt": s("string")}},
        "Me": {"type": "object", "properties": {
            "user": schema_ref("User"),
            "organisation": {"type": "object", "properties": {"id": s("string"), "name": s("string")}},
            "csrfToken": s("string")}},
        "Domain": {"type": "object", "properties": {
            "id": s("string"), "name": s("string"), "aliases": {"type": "array", "items": s("string")},
            "type": s("string"), "timezone": ns(), "properties": s("object"), "createdAt": s("string"),
            "config": {"type": "object", "properties": {
                "draftUpdatedAt": ns(), "publishedVersion": {"type": ["integer", "null"]},
                "publishedAt": ns(), "unpublishedChanges": s("boolean")}},
            "embed": {"type": "object", "properties": {"url": s("string"), "snippet": s("string"), "maxAgeSeconds": s("integer")}}}},
        "Config": {"type": "object", "description": "A widget config (spec §3.1); see the model's generated TypeScript types",
            "required": ["userId", "domains", "buttons"]},
        "AgentChannel": {"type": "object", "properties": {
            "id": s("string"), "domainId": s("string"), "domainName": s("string"),
            "status": {"enum": ["open", "ended"]}, "createdAt": s("string"),
            "lastActivityAt": s("string"), "endedAt": ns(),
            "endedBy": {"type": ["object", "null"], "description": "who ended it, while ended: the visitor (personaId is visitor.id) or an agent",
                "properties": {"personaId": s("string"), "name": ns()}},
            "lastSeq": s("integer"),
            "assignedAgentId": ns(), "unread": s("integer"), "lastMessageText": ns(),
            "visitor": {"type": "object", "properties": {
                "id": s("string"), "name": s("string"), "email": ns(), "ip": ns(), "url": ns(),
                "consentAt": ns(), "firstSeenAt": s("string"), "lastSeenAt": s("string")}},
            "visitorReadSeq": {"type": "integer", "description": "how far the visitor has read (GET of one chat only)"},
            "earlierConversations": {"type": "array", "description": "the visitor's chats on the same domain (same e-mail, without case) that started before this one, newest first (GET of one chat only)",
                "items": {"type": "object", "properties": {
                    "id": s("string"), "status": {"enum": ["open", "ended"]}, "createdAt": s("string"),
                    "endedAt": ns(), "lastActivityAt": s("string"), "lastMessageText": ns()}}}}},
    });
    all["ConfigVersion"] = json!({"type": "object", "properties": {
        "version": s("integer"), "etag": s("string"), "publishedAt": s("string"),
        "publishedBy": {"type": ["object", "null"], "description": "null when the CLI published it or it predates the history; id null once the account is removed",
            "properties": {"id": ns(), "name": s("string")}},
        "current": {"type": "boolean", "description": "what the embed serves now"}}});
    all
}
