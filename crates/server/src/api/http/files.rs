//! Chat files over HTTP (docs/attachments.md): the upload both sides share (the routes are the
//! public chat API's and the agent API's) and `GET /files/{id}/{mac}/{name}`, which serves a
//! file to whoever holds its URL.
//!
//! Served inert: a file is never a page of this origin. Raster images are shown in place
//! (`inline`), everything else (SVG and HTML above all, which can hold script) is downloaded
//! (`attachment`); every answer has `nosniff` and `Content-Security-Policy: sandbox;
//! default-src 'none'` (opened anyway, the file has no origin, no script, no requests), and
//! its Content-Type is the type read from its bytes at upload.

use axum::body::Body;
use axum::extract::multipart::{Field, Multipart, MultipartRejection};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::StreamExt as _;
use utoipa_axum::routes;

use crate::infra::attachments::{self, name, sniff, upload, Limits};
use crate::state::AppState;
use crate::wire::api_error::{json_error, ApiError};
use crate::wire::chat::{Attachment, AttachmentLimits};
use crate::wire::no_store;
use crate::wire::routes::Routes;
use beckon_store::{new_id, AttachmentRow, Channel, StoreError};

/// The policy every file is served with.
pub const FILE_CSP: &str = "sandbox; default-src 'none'";

/// How much of a refused upload is read (and dropped) so that the client gets to read the
/// answer; past it the connection is closed.
const DRAIN_AT_MOST: usize = 64 * 1024 * 1024;

pub fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(chat_file))
}

/// Who uploads.
#[derive(Debug, Clone, Copy)]
pub enum Uploader {
    Visitor,
    Agent,
}

impl Uploader {
    fn word(self) -> &'static str {
        match self {
            Uploader::Visitor => "visitor",
            Uploader::Agent => "agent",
        }
    }
}

/// The domain's limits as the wire has them.
pub async fn limits_answer(state: &AppState, channel: &Channel) -> Result<Response, ApiError> {
    let l = attachments::limits(&*state.store, &channel.domain_id).await?;
    Ok(no_store(Json(AttachmentLimits {
        max_bytes: l.max_bytes,
        types: l.types,
    })))
}

/// Reads the multipart body's `file` field into the file store and keeps its row: `201` with
/// the attachment (`type`, `url`, `name`) to send in a message.
pub async fn upload(
    state: &AppState,
    headers: &HeaderMap,
    channel: &Channel,
    uploader: Uploader,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let limits = attachments::limits(&*state.store, &channel.domain_id).await?;
    let mut multipart = multipart.map_err(|e| {
        ApiError::bad_request(format!(
            "send the file as multipart/form-data in a field named file ({})",
            e.body_text()
        ))
    })?;
    // A body too large to be read to its end is refused at once (the client may see the
    // connection close instead); others are read, and refused past the limit (see `drain`).
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i64>().ok());
    if declared.is_some_and(|n| n > limits.max_bytes + DRAIN_AT_MOST as i64) {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            limits.too_large(),
        ));
    }
    let mut field = loop {
        match multipart.next_field().await {
            Ok(Some(f)) if f.name() == Some("file") => break f,
            Ok(Some(_)) => continue,
            Ok(None) => return Err(ApiError::bad_request("the form has no field named file")),
            Err(e) => return Err(ApiError::bad_request(e.body_text())),
        }
    };
    let name = name::sanitise(field.file_name().unwrap_or(""));
    let id = new_id();
    let key = upload::Key {
        domain_id: &channel.domain_id,
        channel_id: &channel.id,
        attachment_id: &id,
    };
    let stored = match upload::store(&state.files, key, &limits, &mut field).await {
        Ok(s) => s,
        Err(e) => {
            let status = match &e {
                upload::UploadError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
                upload::UploadError::NotAllowed(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
                upload::UploadError::Empty | upload::UploadError::Read(_) => {
                    StatusCode::BAD_REQUEST
                }
                upload::UploadError::Store(err) => {
                    tracing::error!(error = %err, "attachments: the file store failed");
                    return Err(ApiError::internal());
                }
            };
            let mut read = drain(&mut field, 0).await;
            drop(field);
            while let Ok(Some(mut f)) = multipart.next_field().await {
                read = drain(&mut f, read).await;
            }
            return Err(ApiError::new(status, e.to_string()));
        }
    };
    let origin = state.public_origin(headers);
    let row = AttachmentRow {
        url: format!(
            "{origin}{}",
            attachments::file_path(&state.tokens, &id, &name)
        ),
        id,
        channel_id: channel.id.clone(),
        domain_id: channel.domain_id.clone(),
        name,
        content_type: stored.content_type,
        size: stored.size,
        uploader: uploader.word().to_owned(),
        created_at: 0,
    };
    let row = match state.store.insert_attachment(&row).await {
        Ok(r) => r,
        Err(e) => {
            // The chat went away meanwhile: its file goes too.
            let _ = state
                .files
                .remove_channel_files(&channel.domain_id, &channel.id)
                .await;
            return Err(e.into());
        }
    };
    tracing::debug!(channel = %channel.id, size = row.size, r#type = %row.content_type, "file uploaded");
    let body = Attachment {
        kind: row.content_type,
        url: row.url,
        name: row.name,
        size: Some(row.size),
    };
    Ok((StatusCode::CREATED, no_store(Json(body))).into_response())
}

/// Reads (and drops) what is left of a refused upload, up to [`DRAIN_AT_MOST`] in all (`read`
/// so far), so that the client, still sending, reads the refusal instead of a reset
/// connection. Memory holds one chunk at a time.
async fn drain(field: &mut Field<'_>, mut read: usize) -> usize {
    while read <= DRAIN_AT_MOST {
        match field.next().await {
            Some(Ok(chunk)) => read += chunk.len(),
            _ => break,
        }
    }
    read
}

/// What an owner may set, checked.
pub fn checked_limits(l: &AttachmentLimits) -> Result<Limits, Vec<(&'static str, String)>> {
    let mut types: Vec<String> = l.types.iter().map(|t| t.trim().to_owned()).collect();
    types.dedup();
    let limits = Limits {
        max_bytes: l.max_bytes,
        types,
    };
    let p = limits.problems();
    if p.is_empty() {
        Ok(limits)
    } else {
        Err(p)
    }
}

fn not_found() -> Response {
    json_error(StatusCode::NOT_FOUND, "no such file")
}

#[utoipa::path(
    get,
    path = "/files/{id}/{mac}/{name}",
    tag = "chat",
    summary = "A file sent in a chat, to whoever has its URL (as long as its chat is kept)",
    params(
        ("id" = String, Path, description = "the file's id"),
        ("mac" = String, Path, description = "the URL's MAC"),
        ("name" = String, Path, description = "the file's name (what it is saved as)"),
    ),
    responses(
        (status = 200, description = "the file: raster images inline, anything else as a download; nosniff and a sandbox policy"),
        (status = 404, description = "no such file: a forged URL, or its chat is removed"),
    )
)]
async fn chat_file(
    State(state): State<AppState>,
    Path((id, mac, _name)): Path<(String, String, String)>,
) -> Response {
    if !state.tokens.verify_file_mac(&id, &mac) {
        return not_found();
    }
    let row = match state.store.get_attachment(&id).await {
        Ok(r) => r,
        Err(StoreError::NotFound) => return not_found(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let stream = match state
        .files
        .read(&row.domain_id, &row.channel_id, &row.id)
        .await
    {
        Ok(s) => s,
        Err(object_store::Error::NotFound { .. }) => return not_found(),
        Err(e) => {
            tracing::error!(error = %e, "attachments: reading a file failed");
            return ApiError::internal().into_response();
        }
    };
    let mut r = Response::new(Body::from_stream(stream));
    let h = r.headers_mut();
    let set = |h: &mut HeaderMap, k, v: &str| {
        if let Ok(v) = HeaderValue::from_str(v) {
            h.insert(k, v);
        }
    };
    set(h, header::CONTENT_TYPE, &row.content_type);
    set(h, header::CONTENT_LENGTH, &row.size.to_string());
    set(
        h,
        header::CONTENT_DISPOSITION,
        &disposition(sniff::is_inline(&row.content_type), &row.name),
    );
    set(h, header::CONTENT_SECURITY_POLICY, FILE_CSP);
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    // The URL is the capability: browsers may keep it a while, shared caches never.
    set(h, header::CACHE_CONTROL, "private, max-age=3600");
    // The widget shows pictures on the owners' sites, which may require this.
    set(
        h,
        "cross-origin-resource-policy".parse().expect("header name"),
        "cross-origin",
    );
    r
}

/// `inline` or `attachment`, with the name as ASCII (RFC 6266) and as UTF-8 (RFC 5987).
pub fn disposition(inline: bool, name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded = percent_encoding::utf8_percent_encode(name, percent_encoding::NON_ALPHANUMERIC);
    format!(
        "{}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}",
        if inline { "inline" } else { "attachment" }
    )
}
