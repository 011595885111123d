//! The baseline: a bare axum WebSocket broadcast server, the ceiling Beckon is compared with.
//! Visitors (`/ws?role=visitor`) send text frames; every agent (`/ws?role=agent`) receives
//! each of them. No storage, no auth, no JSON parsing: one task per socket and a tokio
//! broadcast channel. The WebSocket buffers are Beckon's (`RealtimeConfig::default()`), so
//! the comparison is about what the hub does, not about buffer settings.

use std::net::SocketAddr;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{RawQuery, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use tokio::sync::broadcast;

#[derive(Clone)]
struct Bare {
    tx: broadcast::Sender<Utf8Bytes>,
}

/// Serves until killed; prints `listening on ADDR` on stdout once bound.
pub async fn serve(listen: SocketAddr) -> anyhow::Result<()> {
    let (tx, _) = broadcast::channel(4096);
    let app = Router::new()
        .route("/ws", get(upgrade))
        .with_state(Bare { tx });
    let listener = tokio::net::TcpListener::bind(listen).await?;
    let addr = listener.local_addr()?;
    // As Beckon: no Nagle delay on the server's sockets.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    println!("listening on {addr}");
    std::io::Write::flush(&mut std::io::stdout())?;
    axum::serve(listener, app).await?;
    Ok(())
}

async fn upgrade(State(s): State<Bare>, RawQuery(q): RawQuery, ws: WebSocketUpgrade) -> Response {
    let agent = q.as_deref().is_some_and(|q| q.contains("role=agent"));
    ws.read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(64 * 1024)
        .max_message_size(16 * 1024)
        .max_frame_size(16 * 1024)
        .on_upgrade(move |socket| async move {
            if agent {
                run_agent(socket, s.tx.subscribe()).await
            } else {
                run_visitor(socket, s.tx).await
            }
        })
}

const READY: &str = r#"{"op":"ready"}"#;

async fn run_visitor(mut socket: WebSocket, tx: broadcast::Sender<Utf8Bytes>) {
    if socket.send(Message::text(READY)).await.is_err() {
        return;
    }
    while let Some(Ok(m)) = socket.recv().await {
        match m {
            Message::Text(t) => {
                let _ = tx.send(t);
            }
            Message::Close(_) => return,
            _ => {}
        }
    }
}

async fn run_agent(mut socket: WebSocket, mut rx: broadcast::Receiver<Utf8Bytes>) {
    if socket.send(Message::text(READY)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            ev = rx.recv() => match ev {
                Ok(t) => {
                    if socket.send(Message::Text(t)).await.is_err() {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return,
            },
            m = socket.recv() => match m {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
