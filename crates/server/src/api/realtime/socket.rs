//! One WebSocket connection from upgrade to close: authentication, the writer and the read
//! loop (heartbeat, limits, shutdown) side by side, and the dispatch of frames, events and
//! timers to the visitor or agent session (a [`Session`], called directly by a loop generic over
//! it). The sessions see the connection as a [`Conn`].

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use futures_util::stream::SplitStream;
use futures_util::{FutureExt as _, StreamExt as _};
use serde::Deserialize;
use utoipa::IntoParams;

use super::agent::AgentSession;
use super::conn::Conn;
use super::outbox::Writing;
use super::session::{Refusal, Session};
use super::stop::{code, Step, Stop};
use super::visitor::{VisitorAuth, VisitorSession};
use crate::engine::hub::broker::Events;
use crate::service::accounts::SessionUser;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::ErrorBody;
use crate::wire::frames::{self, ClientFrame, FrameError};
use crate::wire::ApiQuery;

/// A visitor may authenticate in the URL (or with an `auth` frame after the upgrade).
#[derive(Deserialize, Default, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(crate) struct UpgradeQuery {
    /// A visitor's realtime token (the public token URL gives it).
    token: Option<String>,
    /// With a token: must be the token's channel.
    channel_id: Option<String>,
    /// With a token: must be the token's persona.
    persona_id: Option<String>,
    /// With a token: resume from here at once (as a `resume` frame).
    last_seq: Option<i64>,
}

enum Pre {
    Visitor(VisitorAuth),
    /// The user and the id of the session its cookie names.
    Agent(SessionUser, String),
    /// Waits for an `auth` frame, holding one of its address's unauthenticated places.
    Unknown(crate::infra::listener::Slot),
}

/// `GET /api/v1/realtime`.
#[utoipa::path(
    get,
    path = "/v1/realtime",
    tag = "realtime",
    summary = "WebSocket upgrade (docs/realtime.md): visitors authenticate with a token from the \
        token URL (in the URL or an `auth` frame), agents with their session cookie",
    params(UpgradeQuery),
    responses(
        (status = 101, description = "switching to the WebSocket protocol"),
        (status = 400, description = "not a WebSocket upgrade, or lastSeq not a number", body = ErrorBody),
        (status = 403, description = "an agent's session from another site's page", body = ErrorBody),
        (status = 429, description = "too many unauthenticated connections from this address", body = ErrorBody),
    )
)]
pub(crate) async fn upgrade(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<UpgradeQuery>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => {
            return ApiError::new(
                e.status(),
                format!("this is the realtime WebSocket endpoint: {e}"),
            )
            .into_response()
        }
    };
    let ip = crate::infra::geo::client_ip(peer, &headers, &state.trusted_proxies);
    let pre = if let Some(token) = q.token.filter(|t| !t.is_empty()) {
        Pre::Visitor(VisitorAuth {
            token,
            channel_id: q.channel_id,
            persona_id: q.persona_id,
            last_seq: q.last_seq,
        })
    } else {
        match crate::service::accounts::session::authenticate(&state, &headers).await {
            Ok(Some(auth)) => {
                // The session is a cookie: only the server's own pages may use it here
                // (cross-site WebSocket hijacking).
                if let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) {
                    if !origin.eq_ignore_ascii_case(&state.public_origin(&headers)) {
                        return ApiError::forbidden(format!(
                            "agent connections are accepted from {} only, not {origin}",
                            state.public_origin(&headers)
                        ))
                        .into_response();
                    }
                }
                Pre::Agent(auth.user, auth.session.id)
            }
            Ok(None) => match state.realtime.unauthenticated.admit(ip, false) {
                Ok(slot) => Pre::Unknown(slot),
                Err(_) => {
                    return ApiError::new(
                        axum::http::StatusCode::TOO_MANY_REQUESTS,
                        "too many unauthenticated realtime connections from your address; \
                         authenticate (or close) the open ones first",
                    )
                    .into_response()
                }
            },
            Err(e) => return e.into_response(),
        }
    };
    let cfg = &state.realtime.config;
    ws.read_buffer_size(cfg.read_buffer)
        .write_buffer_size(cfg.write_buffer)
        .max_write_buffer_size(cfg.max_write_buffer.max(cfg.max_frame * 2))
        .max_message_size(cfg.max_frame)
        .max_frame_size(cfg.max_frame)
        .on_failed_upgrade(|e| tracing::debug!(error = %e, "realtime: upgrade failed"))
        .on_upgrade({
            // axum keeps this callback's captures in the connection's task for its whole
            // life (0.3 KB): boxed, they cost a pointer there and are freed once used.
            let captured = Box::new((state, ip, pre));
            move |socket| {
                let (state, ip, pre) = *captured;
                run(state, socket, ip, pre)
            }
        })
}

/// A session that started, and the events it listens to.
enum Started {
    Visitor(Box<VisitorSession>, Events),
    Agent(Box<AgentSession>, Events),
}

/// The connection's task: its writer and its session side by side.
///
/// Not an `async fn`: one keeps its arguments (here the socket, 0.4 KB, and the state) in its
/// future for the connection's whole life, moved out or not; built here, only the two futures
/// are kept.
fn run(
    state: AppState,
    socket: WebSocket,
    ip: IpAddr,
    pre: Pre,
) -> impl std::future::Future<Output = ()> + Send {
    let hub = state.realtime.clone();
    // Counted until both halves are done, close frame written: a shutdown waits for that.
    let open = hub.open_conn();
    let (sink, stream) = socket.split();
    let cfg = &hub.config;
    let write_timeout = cfg.write_timeout;
    let (out, writer) = super::outbox::outbox(cfg.send_queue, write_timeout);
    let conn = Conn::new(state, hub, ip, out);
    futures_util::future::join(
        writer.run(sink, write_timeout),
        dispatch(conn, stream, Box::new(pre)),
    )
    .map(move |_| drop(open))
}

/// Reads the first frame, which must be `auth`, within the auth timeout of the socket's
/// opening: the deadline is absolute, pings and pongs do not move it.
async fn first_frame(
    c: &mut Conn,
    stream: &mut SplitStream<WebSocket>,
) -> Result<VisitorAuth, Stop> {
    let deadline = tokio::time::Instant::now() + c.config().auth_timeout;
    let unauth = |m: &str| FrameError::new(401, m);
    loop {
        let msg = match tokio::time::timeout_at(deadline, stream.next()).await {
            Err(_) => {
                let _ = c
                    .out
                    .push(frames::error(&unauth("authentication timed out"), None))
                    .await;
                return Err(Stop::close(code::POLICY, "authentication timed out"));
            }
            Ok(None) => return Err(Stop::Gone),
            Ok(Some(Err(e))) => return Err(read_error(c, e).await),
            Ok(Some(Ok(m))) => m,
        };
        let text = match msg {
            WsMessage::Text(t) => t,
            WsMessage::Ping(_) | WsMessage::Pong(_) => continue,
            WsMessage::Close(_) => return Err(Stop::Gone),
            WsMessage::Binary(_) => {
                let e = unauth("send {\"op\":\"auth\",\"token\":…} as a JSON text frame first");
                let _ = c.out.push(frames::error(&e, None)).await;
                return Err(Stop::close(code::POLICY, "not authenticated"));
            }
        };
        return match frames::parse(&text) {
            Ok(ClientFrame::Auth(a)) => Ok(VisitorAuth {
                token: a.token,
                channel_id: a.channel_id,
                persona_id: a.persona_id,
                last_seq: a.last_seq,
            }),
            Ok(_) => {
                let e = unauth("not authenticated: send {\"op\":\"auth\",\"token\":…} first");
                let _ = c.out.push(frames::error(&e, None)).await;
                Err(Stop::close(code::POLICY, "not authenticated"))
            }
            Err(e) => {
                let _ = c.out.push(frames::error(&e, None)).await;
                Err(Stop::close(code::POLICY, "not authenticated"))
            }
        };
    }
}

async fn start(
    c: &mut Conn,
    stream: &mut SplitStream<WebSocket>,
    pre: Pre,
) -> Result<Started, Stop> {
    let agent = matches!(pre, Pre::Agent(..));
    let visitor = |(s, subs)| Started::Visitor(Box::new(s), subs);
    let started = match pre {
        Pre::Agent(user, session) => AgentSession::start(c, user, session)
            .await
            .map(|(s, subs)| Started::Agent(Box::new(s), subs)),
        Pre::Visitor(auth) => VisitorSession::start(c, auth).await.map(visitor),
        Pre::Unknown(slot) => {
            let auth = first_frame(c, stream).await;
            drop(slot);
            let auth = auth?;
            VisitorSession::start(c, auth).await.map(visitor)
        }
    };
    match started {
        Ok(s) => Ok(s),
        Err(e) => {
            let _ = c.out.push(frames::error(&e, None)).await;
            let code = if e.code >= 500 {
                code::INTERNAL
            } else if agent && e.code == 401 {
                // The login ended while the socket opened.
                code::SESSION_ENDED
            } else {
                code::POLICY
            };
            Err(Stop::close(code, e.message))
        }
    }
}

/// The session side of a connection: authentication, then frames, events and timers until it
/// ends.
///
/// Not an `async fn` either: one stores its arguments twice, as arguments and as the locals
/// they become (the `Conn` is 0.3 KB); an `async move` block uses what it captured in place.
#[allow(clippy::manual_async_fn)] // on purpose, see above
fn dispatch(
    mut c: Conn,
    mut stream: SplitStream<WebSocket>,
    pre: Box<Pre>,
) -> impl std::future::Future<Output = ()> + Send {
    async move {
        // `pre` leaves its box at once: a box moved out of stays allocated until the end of
        // the function, here the connection's life.
        let started = Box::pin(start(&mut c, &mut stream, unbox(pre))).await;
        // Each arm runs the loop for its own session type; the two are never alive at once.
        let stop = match started {
            Ok(Started::Visitor(session, subs)) => serve(&mut c, &mut stream, session, subs).await,
            Ok(Started::Agent(session, subs)) => serve(&mut c, &mut stream, session, subs).await,
            Err(stop) => stop,
        };
        Box::pin(finish(c, stream, stop)).await;
    }
}

/// Frames, events and timers, handed to the session until one of them stops the connection;
/// then the session closes.
///
/// Not an `async fn`, as [`dispatch`]: the session's box and its events are kept once, in place.
#[allow(clippy::manual_async_fn)] // on purpose, see above
fn serve<'a, S: Session + 'a>(
    c: &'a mut Conn,
    stream: &'a mut SplitStream<WebSocket>,
    mut session: Box<S>,
    mut subs: Events,
) -> impl std::future::Future<Output = Stop> + Send + 'a {
    async move {
        let (heartbeat, idle_timeout) = (c.hub.config.heartbeat, c.hub.config.idle_timeout);
        // One timer for the heartbeat and the session's deadline (typing), whichever comes first.
        let mut next_beat = tokio::time::Instant::now() + heartbeat;
        let timer = tokio::time::sleep_until(next_beat);
        tokio::pin!(timer);
        let mut last_in = Instant::now();
        let stop = loop {
            let wake = session.deadline().map_or(next_beat, |d| d.min(next_beat));
            if timer.deadline() != wake {
                timer.as_mut().reset(wake);
            }
            // The handlers' futures are boxed while they run: inline, the largest of them (a
            // message's store round trip) would sit in every idle connection's task for good.
            let step = tokio::select! {
                biased;
                _ = c.hub.stopping() => Err(Stop::close(code::GOING_AWAY, "the server is shutting down")),
                w = c.out.stopped_or_room(session.has_pending()) => match w {
                    Writing::Stopped => Err(Stop::Gone),
                    Writing::Room => session.flush(c),
                },
                m = stream.next() => {
                    last_in = Instant::now();
                    Box::pin(inbound(c, &mut *session, m)).await
                }
                item = subs.next() => match item {
                    Some(i) => Box::pin(session.on_event(c, i, &mut subs)).await,
                    None => Err(Stop::close(code::INTERNAL, "the event stream ended; reconnect")),
                },
                _ = &mut timer => {
                    let now = tokio::time::Instant::now();
                    if now < next_beat {
                        Box::pin(session.on_deadline(c)).await
                    } else {
                        next_beat = now + heartbeat;
                        if last_in.elapsed() > idle_timeout {
                            Err(Stop::close(code::GOING_AWAY, "heartbeat timeout"))
                        } else {
                            match c.out.ping() {
                                Ok(()) => Box::pin(session.on_tick(c, &mut subs)).await,
                                Err(e) => Err(e),
                            }
                        }
                    }
                }
            };
            if let Err(stop) = step {
                break stop;
            }
        };
        drop(subs);
        Box::pin(session.on_close(c)).await;
        stop
    }
}

/// The value, its box freed now.
#[allow(clippy::boxed_local)] // freeing the box is the point
fn unbox<T>(b: Box<T>) -> T {
    *b
}

async fn inbound<S: Session>(
    c: &mut Conn,
    session: &mut S,
    m: Option<Result<WsMessage, axum::Error>>,
) -> Step {
    let text = match m {
        None => return Err(Stop::Gone),
        Some(Err(e)) => return Err(read_error(c, e).await),
        Some(Ok(WsMessage::Text(t))) => t,
        Some(Ok(WsMessage::Binary(_))) => {
            return c
                .refuse(
                    FrameError::bad("binary frames are not supported; send JSON text frames"),
                    None,
                )
                .await
        }
        Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_))) => return Ok(()),
        Some(Ok(WsMessage::Close(_))) => return Err(Stop::Gone),
    };
    if let Err(wait) = c.frames.check() {
        let e = FrameError::new(
            429,
            format!(
                "too many frames; try again in {} ms",
                wait.as_millis().max(1)
            ),
        );
        return c.refuse(e, None).await;
    }
    match frames::parse(&text) {
        Ok(ClientFrame::Ping) => c.out.push(frames::pong()).await,
        Ok(ClientFrame::Auth(_)) => {
            c.refuse(
                FrameError::bad("this connection is already authenticated"),
                None,
            )
            .await
        }
        Ok(ClientFrame::ChatMessage(m)) => {
            let client_id = m.client_id.clone();
            match session.on_message(c, m).await {
                Ok(()) => Ok(()),
                Err(e) => c.refuse(e, Some(&client_id)).await,
            }
        }
        Ok(f) => match session.on_frame(c, f).await {
            Ok(()) => Ok(()),
            Err(Refusal::Frame(e)) => c.refuse(e, None).await,
            Err(Refusal::Stop(stop)) => Err(stop),
        },
        Err(e) => c.refuse(e, None).await,
    }
}

/// A frame the socket could not read: too large (1009) or not UTF-8 text (1007), each after an
/// `error` frame; anything else means the peer is gone.
async fn read_error(c: &mut Conn, e: axum::Error) -> Stop {
    let s = e.to_string();
    if s.contains("too long") || s.contains("too big") || s.contains("Space limit") {
        let max = c.config().max_frame / 1024;
        let e = FrameError::new(413, format!("the frame is larger than {max} KiB"));
        let _ = c.out.push(frames::error(&e, None)).await;
        // The rest of the frame is still unread: see `linger`.
        c.linger = true;
        return Stop::close(code::TOO_BIG, format!("frame larger than {max} KiB"));
    }
    if s.contains("UTF-8") {
        let e = FrameError::bad("the frame is not valid UTF-8 text");
        let _ = c.out.push(frames::error(&e, None)).await;
        return Stop::close(code::NOT_UTF8, "frame is not valid UTF-8");
    }
    tracing::debug!(error = %s, "realtime: read error");
    Stop::Gone
}

/// Sends the close (when there is one), lets the writer finish and waits briefly for the
/// client's close reply.
async fn finish(c: Conn, mut stream: SplitStream<WebSocket>, stop: Stop) {
    if let Stop::Close(code, reason) = stop {
        c.out.close(code, reason);
    }
    let linger = c.linger;
    drop(c);
    if linger {
        tokio::time::sleep(Duration::from_secs(1)).await;
        return;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while let Some(Ok(m)) = stream.next().await {
            if matches!(m, WsMessage::Close(_)) {
                break;
            }
        }
    })
    .await;
}
