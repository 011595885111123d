//! Hosting: the built widget under `/static/` (hashed names cached for a year, `beckon.js` and
//! friends for 5 minutes with an ETag), the chat sounds under `/static/audio/`, the hosted embed
//! `GET /d/{domainId}.js` (revalidated on every page view unless `--embed-max-age` says
//! otherwise), and `/`.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use bytes::Bytes;
use serde_json::Value;
use sha2::Digest as _;
use std::sync::Arc;
use tower_http::compression::predicate::{NotForContentType, Predicate as _};
use tower_http::compression::{CompressionLayer, DefaultPredicate};
use utoipa_axum::routes;

use crate::infra::assets::{is_hashed_name, pick_encoding};
use crate::state::AppState;
use crate::wire::routes::Routes;
use beckon_store::StoreError;

pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
pub const SHORT: &str = "public, max-age=300";
/// Hosted embeds by default: browsers and caches keep a copy but ask again (with its ETag) on
/// every page view, so a publication shows on the very next one; the answer is usually a 304.
pub const EMBED_REVALIDATE: &str = "public, no-cache";
/// The loader's file name in the static directory.
pub const LOADER: &str = "beckon.js";
pub const STYLESHEET: &str = "beckon.css";
/// The stylesheet's two parts (web/widget/src/styles/beckon.css): every root and single buttons,
/// and the lists of full bars, multi and dots buttons.
pub const STYLESHEET_CORE: &str = "beckon-core.css";
pub const STYLESHEET_LISTS: &str = "beckon-lists.css";
/// The loader's own words in every language the widget ships (web/widget/build.mjs): the hosted
/// embed carries the ones of its domains' language.
pub const LOADER_WORDS: &str = "beckon-words.json";

pub fn routes() -> Routes<AppState> {
    let compress = CompressionLayer::new()
        .gzip(true)
        .br(true)
        .compress_when(DefaultPredicate::new().and(NotForContentType::const_new("audio/")));
    Routes::new()
        .routes(routes!(static_file))
        .routes(routes!(embed))
        .routes(routes!(index))
        .layer(compress)
}

/// The `Cache-Control` of hosted embeds: revalidated every time, or (opted in with
/// `--embed-max-age`, for a CDN in front) reused for that long without asking.
pub fn embed_cache_control(max_age: std::time::Duration) -> HeaderValue {
    match max_age.as_secs() {
        0 => HeaderValue::from_static(EMBED_REVALIDATE),
        s => HeaderValue::from_str(&format!("public, max-age={s}")).expect("a valid header value"),
    }
}

fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == etag || t == "*")
}

pub(crate) fn cached_response(
    headers: &HeaderMap,
    etag: &str,
    cache_control: HeaderValue,
    content_type: &'static str,
    body: impl Into<axum::body::Body>,
) -> Response {
    let mut r = if not_modified(headers, etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = Response::new(body.into());
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        r
    };
    let h = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, cache_control);
    r
}

#[utoipa::path(
    get,
    path = "/static/{*path}",
    tag = "hosting",
    summary = "The built widget and the chat sounds (hashed names immutable, others 5 minutes with an ETag)",
    params(("path" = String, Path, description = "file path")),
    responses(
        (status = 200, description = "the file"),
        (status = 304, description = "not modified"),
        (status = 404, description = "no such file", content_type = "text/plain"),
    )
)]
async fn static_file(
    State(state): State<AppState>,
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some(asset) = state.assets.get(&path).await else {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    };
    let cache = HeaderValue::from_static(if is_hashed_name(&path) {
        IMMUTABLE
    } else {
        SHORT
    });
    // A precompressed sibling when the client takes it (infra/assets.rs); each coding is its own
    // representation, with its own ETag. Otherwise the compression layer may compress on the fly.
    let accept = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let packed = match pick_encoding(accept, asset.br.is_some(), asset.gzip.is_some()) {
        Some("br") => asset.br.clone().map(|b| ("br", b)),
        Some(_) => asset.gzip.clone().map(|b| ("gzip", b)),
        None => None,
    };
    let mut r = match &packed {
        Some((coding, body)) => {
            let etag = format!("{}-{coding}\"", asset.etag.trim_end_matches('"'));
            let mut r = cached_response(
                &headers,
                &etag,
                cache.clone(),
                asset.content_type,
                body.clone(),
            );
            r.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
            r
        }
        None => cached_response(
            &headers,
            &asset.etag,
            cache,
            asset.content_type,
            asset.bytes.clone(),
        ),
    };
    if asset.gzip.is_some() || asset.br.is_some() {
        r.headers_mut()
            .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    // The loader on a customer's page imports its lazy chunks with import(), a CORS request:
    // the widget's files are public, so any origin may read them.
    r.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    r
}

fn js_comment(status: StatusCode, text: &str) -> Response {
    let mut r = (status, format!("/* Beckon: {text} */\n")).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/javascript; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// The published config with `options.apiRoot` and `options.cssLocation` pointing here.
pub fn embed_config(config_json: &str, origin: &str) -> Result<String, serde_json::Error> {
    let mut config: Value = serde_json::from_str(config_json)?;
    if let Some(obj) = config.as_object_mut() {
        let options = obj
            .entry("options")
            .or_insert_with(|| Value::Object(Default::default()));
        if !options.is_object() {
            *options = Value::Object(Default::default());
        }
        let options = options.as_object_mut().expect("just made an object");
        options.insert("apiRoot".into(), Value::String(format!("{origin}/api")));
        options.insert(
            "cssLocation".into(),
            Value::String(format!("{origin}/static/{STYLESHEET}")),
        );
    }
    serde_json::to_string(&config)
}

/// Whether a config has a full bar, multi or dots button (or cannot be read).
fn has_lists(config: &Value) -> bool {
    match config.get("buttons").and_then(Value::as_array) {
        Some(buttons) => buttons.iter().any(|b| {
            b.get("type")
                .and_then(Value::as_str)
                .is_none_or(|t| t != "SINGLE")
        }),
        None => true,
    }
}

/// The loader build the embed carries for a config (web/widget/build.mjs): the one with only the
/// optional parts (web/widget/src/shared/features.ts) the config uses, named after them
/// (`beckon-loader-lists-hours.js`; `beckon-loader.js` has none). With every part, or when the
/// config cannot be read, it is the loader itself, [`LOADER`].
pub fn loader_file(config_json: &str) -> String {
    let Ok(config) = serde_json::from_str::<Value>(config_json) else {
        return LOADER.to_owned();
    };
    let list = |key: &str| {
        config
            .get(key)
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice)
    };
    let hours = list("actions")
        .iter()
        .any(|a| a.pointer("/schedule/hours").is_some_and(|h| !h.is_null()));
    let first_screen = list("buttons")
        .iter()
        .any(|b| b.pointer("/options/scroll/revealAfterFirstScreen") == Some(&Value::Bool(true)));
    let translations = list("actions")
        .iter()
        .any(|a| a.get("translations").is_some_and(|t| !t.is_null()));
    let parts = [
        (has_lists(&config), "lists"),
        (hours, "hours"),
        (first_screen, "first-screen"),
        (translations, "translations"),
    ];
    if parts.iter().all(|(used, _)| *used) {
        return LOADER.to_owned();
    }
    let mut name = String::from("beckon-loader");
    for (_, part) in parts.iter().filter(|(used, _)| *used) {
        name.push('-');
        name.push_str(part);
    }
    name + ".js"
}

/// The languages other than English set on a config's domains (`properties.language`) when a
/// button is a list (full bar, multi, dots): the loader says a few words under and on those
/// (web/widget/src/loader/render/texts.ts). It has English's; for the languages named here the
/// hosted embed carries them, for any other the browser loads them with the language's chunk.
pub fn word_languages(config_json: &str) -> Vec<String> {
    let config: Value = serde_json::from_str(config_json).unwrap_or(Value::Null);
    if !has_lists(&config) {
        return Vec::new();
    }
    let mut langs: Vec<String> = config
        .get("domains")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|d| d.pointer("/properties/language").and_then(Value::as_str))
        .filter(|l| *l != "en")
        .map(str::to_owned)
        .collect();
    langs.sort();
    langs.dedup();
    langs
}

/// `{"fr":["…","…"]}`: the loader's words in the languages [`word_languages`] names, from the
/// build's [`LOADER_WORDS`]; None when it names none, or the build has none of them.
async fn embed_words(state: &AppState, config_json: &str) -> Option<String> {
    let langs = word_languages(config_json);
    if langs.is_empty() {
        return None;
    }
    let all: Value = serde_json::from_slice(&state.assets.get(LOADER_WORDS).await?.bytes).ok()?;
    let some: serde_json::Map<String, Value> = langs
        .into_iter()
        .filter_map(|l| all.get(&l).cloned().map(|w| (l, w)))
        .collect();
    (!some.is_empty()).then(|| Value::Object(some).to_string())
}

/// The stylesheet files a config's buttons need, in order: the core part, and the lists part when a
/// button is a full bar, multi or dots button (or when the config cannot be read).
pub fn stylesheet_parts(config_json: &str) -> Vec<&'static str> {
    let config: Value = serde_json::from_str(config_json).unwrap_or(Value::Null);
    if has_lists(&config) {
        vec![STYLESHEET_CORE, STYLESHEET_LISTS]
    } else {
        vec![STYLESHEET_CORE]
    }
}

/// The stylesheet text the embed carries for a config: its parts, or the whole stylesheet when a
/// part is missing (an older widget build). None without a stylesheet: the loader links it then.
async fn embed_stylesheet(state: &AppState, config_json: &str) -> Option<String> {
    let mut text = String::new();
    for part in stylesheet_parts(config_json) {
        match state.assets.get(part).await {
            Some(asset) => text.push_str(std::str::from_utf8(&asset.bytes).ok()?),
            None => {
                let whole = state.assets.get(STYLESHEET).await?;
                return std::str::from_utf8(&whole.bytes).ok().map(str::to_owned);
            }
        }
    }
    Some(text)
}

/// `GET /d/{domainId}.js`: `window.CNB_DATA=<config>;`, `window.CNB_CSS=<stylesheet text>;`,
/// `window.CNB_WORDS=<the loader's words in the domain's language>;` (lists in a language other
/// than English only) and the loader with the parts the config uses, in one response: the buttons show after this one round trip (the loader adopts the
/// stylesheet text instead of fetching beckon.css).
#[utoipa::path(
    get,
    path = "/d/{file}",
    tag = "hosting",
    summary = "Hosted embed: `{domainId}.js`, the published config, its stylesheet and the loader in one response (ETag, 304)",
    params(("file" = String, Path, description = "`{domainId}.js`")),
    responses(
        (status = 200, description = "JavaScript", content_type = "text/javascript"),
        (status = 304, description = "not modified"),
        (status = 404, description = "unknown or unpublished domain (a JavaScript comment says so)", content_type = "text/javascript"),
    )
)]
async fn embed(
    State(state): State<AppState>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some(domain_id) = file.strip_suffix(".js").filter(|d| !d.is_empty()) else {
        return js_comment(StatusCode::NOT_FOUND, "no such embed; use /d/{domainId}.js");
    };
    let published = match state.store.get_published(domain_id).await {
        Ok(p) => p,
        Err(StoreError::NotFound) => {
            return js_comment(
                StatusCode::NOT_FOUND,
                "unknown domain, or it has no published configuration",
            )
        }
        Err(e) => {
            tracing::error!(error = %e, "embed: store error");
            return js_comment(StatusCode::INTERNAL_SERVER_ERROR, "server error");
        }
    };
    // The installation check: the page that loaded the embed (its Referer), see service/sightings.rs.
    if let Some((host, url)) = crate::service::sightings::page_of(&headers) {
        state.stats.record_sighting(domain_id, &host, &url);
    }
    // The loader with the parts the config uses; the whole one from a widget build without them.
    let loader = match state.assets.get(&loader_file(&published.config_json)).await {
        Some(loader) => Some(loader),
        None => state.assets.get(LOADER).await,
    };
    let Some(loader) = loader else {
        tracing::error!("embed: {LOADER} is missing from the static directory");
        return js_comment(
            StatusCode::SERVICE_UNAVAILABLE,
            "the widget is not built on this server",
        );
    };
    let origin = state.public_origin(&headers);
    let config = match embed_config(&published.config_json, &origin) {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, domain = domain_id, "embed: published config is not JSON");
            return js_comment(StatusCode::INTERNAL_SERVER_ERROR, "server error");
        }
    };
    // A JSON string is a JavaScript string literal.
    let css = match embed_stylesheet(&state, &published.config_json).await {
        Some(text) => serde_json::to_string(&text).expect("a string serialises"),
        None => String::new(),
    };
    let words = embed_words(&state, &published.config_json)
        .await
        .unwrap_or_default();
    let mut body =
        Vec::with_capacity(config.len() + css.len() + words.len() + loader.bytes.len() + 64);
    body.extend_from_slice(b"window.CNB_DATA=");
    body.extend_from_slice(config.as_bytes());
    body.extend_from_slice(b";\n");
    if !css.is_empty() {
        body.extend_from_slice(b"window.CNB_CSS=");
        body.extend_from_slice(css.as_bytes());
        body.extend_from_slice(b";\n");
    }
    if !words.is_empty() {
        body.extend_from_slice(b"window.CNB_WORDS=");
        body.extend_from_slice(words.as_bytes());
        body.extend_from_slice(b";\n");
    }
    body.extend_from_slice(&loader.bytes);
    let digest = sha2::Sha256::digest(&body);
    let etag = format!(
        "\"{}\"",
        digest[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let accept = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    // Compressed at the best levels once per version, away from any request: until that is done
    // (the first requests after a publication or a restart) the body goes as it is (the response
    // layer compresses it on the fly at a fast level), so no visitor's buttons wait for Zopfli and
    // Brotli 11 (seconds on a small or busy server).
    let packed = match pick_encoding(accept, true, true) {
        Some(coding) => match PACKED_EMBEDS.get(etag.as_str()) {
            Some(packed) => Some((coding, packed)),
            None => {
                pack_in_background(etag.clone(), body.clone());
                None
            }
        },
        None => None,
    };
    let mut r = match packed {
        Some((coding, packed)) => {
            let body = if coding == "br" {
                &packed.br
            } else {
                &packed.gzip
            };
            let etag = format!("{}-{coding}\"", etag.trim_end_matches('"'));
            let cache = embed_cache_control(state.embed_max_age);
            let mut r = cached_response(&headers, &etag, cache, JS, body.clone());
            r.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
            r
        }
        None => cached_response(
            &headers,
            &etag,
            embed_cache_control(state.embed_max_age),
            JS,
            body,
        ),
    };
    r.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    r
}

const JS: &str = "text/javascript; charset=utf-8";

/// An embed body compressed at the best levels.
struct PackedEmbed {
    gzip: Bytes,
    br: Bytes,
}

/// Hosted embeds compressed once per version instead of on every request: Brotli 11 and Zopfli
/// cost tens to hundreds of milliseconds for the config, stylesheet and loader (seconds in a debug
/// build or on a busy machine), and give visitors the fewest bytes. No request waits for it: the
/// first ones of a version get the body as it is (`embed`). Keyed by the body's ETag (a content
/// hash), so entries never go stale and servers in one process may share them. `quick_cache` keeps the versions in use (least
/// recently used ones go first) and compresses each once when requests for it arrive together.
static PACKED_EMBEDS: std::sync::LazyLock<quick_cache::sync::Cache<String, Arc<PackedEmbed>>> =
    std::sync::LazyLock::new(|| quick_cache::sync::Cache::new(MAX_PACKED_EMBEDS));
const MAX_PACKED_EMBEDS: usize = 512;

/// Compresses an embed version for the requests that come after this one (concurrent calls for
/// the same version compress it once).
fn pack_in_background(etag: String, body: Vec<u8>) {
    tokio::spawn(async move {
        packed_embed(&etag, body).await;
    });
}

async fn packed_embed(etag: &str, body: Vec<u8>) -> Arc<PackedEmbed> {
    let compressed = PACKED_EMBEDS.get_or_insert_async(etag, async move {
        let packed = tokio::task::spawn_blocking(move || PackedEmbed {
            gzip: Bytes::from(crate::infra::assets::gzip_best(&body)),
            br: Bytes::from(crate::infra::assets::brotli_best(&body)),
        })
        .await
        .expect("compressing an embed does not panic");
        Ok::<_, std::convert::Infallible>(Arc::new(packed))
    });
    let Ok(packed) = compressed.await;
    packed
}

use crate::service::seed::DEMO_DOMAIN_ID;

#[utoipa::path(
    get,
    path = "/",
    operation_id = "landing_page",
    tag = "hosting",
    summary = "Landing page (shows the demo domain's buttons when published)",
    responses((status = 200, description = "HTML", content_type = "text/html"))
)]
async fn index(State(state): State<AppState>) -> Html<String> {
    let demo = state.store.get_published(DEMO_DOMAIN_ID).await.is_ok();
    if demo {
        // In a checkout, the demo page of web/demo (the one `make run` opens) with the hosted embed.
        let dir = crate::config::default_demo_dir();
        let body = tokio::fs::read_to_string(dir.join("index.body.html")).await;
        let style = tokio::fs::read_to_string(dir.join("demo.css")).await;
        if let (Ok(body), Ok(style)) = (body, style) {
            return Html(format!(
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
                 <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
                 <title>Beckon demo</title><style>{style}</style></head><body>{body}\
                 <script async src=\"/d/{DEMO_DOMAIN_ID}.js\"></script></body></html>"
            ));
        }
    }
    let script = if demo {
        format!("<script async src=\"/d/{DEMO_DOMAIN_ID}.js\"></script>")
    } else {
        String::new()
    };
    let note = if demo {
        "This page shows the demo domain's buttons."
    } else {
        "No demo domain is published yet."
    };
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Beckon</title></head><body><h1>Beckon is running</h1><p>{note}</p>{script}\
         </body></html>"
    ))
}
