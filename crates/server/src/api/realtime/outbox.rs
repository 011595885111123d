//! A connection's send queue and the loop that writes it to the socket.
//!
//! Bounded: when `capacity` frames wait, the sender waits for room, at most the write timeout;
//! a client that has not made room by then is cut off (1013). So a slow client costs a bounded
//! queue and, at worst, a stalled connection task of its own.
//!
//! Not a tokio `mpsc` channel, because every idle connection holds one and a channel allocates
//! its first block up front: one small shared struct holds a queue that allocates only while
//! frames wait and is given back when it drains, and the kill reason (the figures are in
//! bench/results.md, "Figures moved out of the code").

use std::collections::VecDeque;
use std::pin::pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message as WsMessage, Utf8Bytes, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::SinkExt as _;
use tokio::sync::Notify;

use super::stop::{code, Step, Stop};

enum Out {
    Text(Utf8Bytes),
    Ping,
    Close(u16, String),
}

#[derive(Default)]
struct State {
    queue: VecDeque<Out>,
    /// Close at once with this, dropping what is queued.
    kill: Option<(u16, String)>,
    /// The outbox is dropped: write what is queued, then stop.
    done: bool,
    /// The writer has stopped: nothing more will be written.
    gone: bool,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    /// Wakes the writer: a frame was queued, a kill, the end.
    to_writer: Notify,
    /// Wakes whoever waits for room or for the writer to stop.
    from_writer: Notify,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The sending half, used by the connection's session.
pub(crate) struct Outbox {
    shared: Arc<Shared>,
    capacity: usize,
    wait: Duration,
}

/// The writing half: [`Writer::run`] until the connection ends.
pub(crate) struct Writer {
    shared: Arc<Shared>,
}

/// A queue of at most `capacity` frames whose sender waits at most `wait` for room.
pub(crate) fn outbox(capacity: usize, wait: Duration) -> (Outbox, Writer) {
    let shared = Arc::new(Shared::default());
    let writer = Writer {
        shared: shared.clone(),
    };
    let outbox = Outbox {
        shared,
        capacity: capacity.max(1),
        wait,
    };
    (outbox, writer)
}

impl Outbox {
    /// Queues a frame.
    pub async fn push(&self, text: impl Into<Utf8Bytes>) -> Step {
        let mut out = Some(Out::Text(text.into()));
        let deadline = tokio::time::Instant::now() + self.wait;
        loop {
            let mut room = pin!(self.shared.from_writer.notified());
            room.as_mut().enable();
            {
                let mut s = self.shared.lock();
                if s.gone || s.kill.is_some() {
                    return Err(Stop::Gone);
                }
                if s.queue.len() < self.capacity {
                    s.queue.extend(out.take());
                    drop(s);
                    self.shared.to_writer.notify_one();
                    return Ok(());
                }
            }
            if tokio::time::timeout_at(deadline, room).await.is_err() {
                self.kill(
                    code::TRY_AGAIN,
                    "too slow: the send queue stayed full; reconnect and resume",
                );
                return Err(Stop::Gone);
            }
        }
    }

    /// Queues a frame if there is room now; `Ok(false)` when the queue is full.
    pub fn try_push(&self, text: impl Into<Utf8Bytes>) -> Result<bool, Stop> {
        let mut s = self.shared.lock();
        if s.gone || s.kill.is_some() {
            return Err(Stop::Gone);
        }
        if s.queue.len() >= self.capacity {
            return Ok(false);
        }
        s.queue.push_back(Out::Text(text.into()));
        drop(s);
        self.shared.to_writer.notify_one();
        Ok(true)
    }

    /// Queues a ping unless the queue is full (then the client is busy enough).
    pub fn ping(&self) -> Step {
        let mut s = self.shared.lock();
        if s.gone {
            return Err(Stop::Gone);
        }
        if s.queue.len() < self.capacity {
            s.queue.push_back(Out::Ping);
            drop(s);
            self.shared.to_writer.notify_one();
        }
        Ok(())
    }

    /// Closes at once, dropping whatever is queued.
    pub fn kill(&self, code: u16, reason: &str) {
        self.shared.lock().kill = Some((code, reason.to_owned()));
        self.shared.to_writer.notify_one();
    }

    /// Closes after what is queued (at once when the queue is full).
    pub fn close(&self, code: u16, reason: String) {
        let mut s = self.shared.lock();
        if s.queue.len() < self.capacity {
            s.queue.push_back(Out::Close(code, reason));
        } else {
            s.kill = Some((code, reason));
        }
        drop(s);
        self.shared.to_writer.notify_one();
    }

    /// Resolves when the writer has stopped (the peer is gone, a write failed or timed out),
    /// or, with `room`, as soon as the queue has room. (One future for both: every idle
    /// connection holds it while it waits.)
    pub async fn stopped_or_room(&self, room: bool) -> Writing {
        loop {
            let mut changed = pin!(self.shared.from_writer.notified());
            changed.as_mut().enable();
            {
                let s = self.shared.lock();
                if s.gone {
                    return Writing::Stopped;
                }
                if room && s.queue.len() < self.capacity {
                    return Writing::Room;
                }
            }
            changed.await;
        }
    }
}

/// What [`Outbox::stopped_or_room`] saw.
pub(crate) enum Writing {
    Stopped,
    Room,
}

impl Drop for Outbox {
    fn drop(&mut self) {
        self.shared.lock().done = true;
        self.shared.to_writer.notify_one();
    }
}

enum Next {
    Write(Out),
    Kill(u16, String),
    Wait,
    End,
}

impl Writer {
    fn next(&self) -> Next {
        let mut s = self.shared.lock();
        if let Some((c, r)) = s.kill.take() {
            return Next::Kill(c, r);
        }
        match s.queue.pop_front() {
            Some(out) => {
                if s.queue.is_empty() {
                    // Give the buffer back: an idle connection holds no queue.
                    s.queue = VecDeque::new();
                }
                Next::Write(out)
            }
            None if s.done => Next::End,
            None => Next::Wait,
        }
    }

    /// A kill, whenever it comes. (`to_writer` is `notify_one`: a wake-up while nobody waits
    /// is kept for the next wait, so none is lost between the check and the wait; and the
    /// writer never waits on it twice at once.)
    async fn killed(&self) -> (u16, String) {
        loop {
            if let Some(k) = self.shared.lock().kill.take() {
                return k;
            }
            self.shared.to_writer.notified().await;
        }
    }

    /// Writes queued frames; stops on a close, a kill, a write error or a write that takes
    /// longer than `write_timeout`.
    ///
    /// Not an `async fn`, which would store its arguments twice for the connection's life.
    #[allow(clippy::manual_async_fn)] // on purpose, see above
    pub fn run(
        self,
        mut sink: SplitSink<WebSocket, WsMessage>,
        write_timeout: Duration,
    ) -> impl std::future::Future<Output = ()> + Send {
        async move {
            self.write_all(&mut sink, write_timeout).await;
            self.shared.lock().gone = true;
            self.shared.from_writer.notify_waiters();
        }
    }

    async fn write_all(&self, sink: &mut SplitSink<WebSocket, WsMessage>, write_timeout: Duration) {
        // What waits between frames stays small: the write, its timeout and a close are
        // boxed while they run (inline, they were most of an idle connection's writer).
        loop {
            let (msg, last) = match self.next() {
                Next::Kill(c, r) => return Box::pin(say_bye(sink, c, &r)).await,
                Next::End => return,
                Next::Wait => {
                    self.shared.to_writer.notified().await;
                    continue;
                }
                Next::Write(Out::Text(t)) => (WsMessage::Text(t), false),
                Next::Write(Out::Ping) => (WsMessage::Ping(Default::default()), false),
                Next::Write(Out::Close(c, r)) => (close_message(c, &r), true),
            };
            // Room for a sender that waits.
            self.shared.from_writer.notify_waiters();
            match Box::pin(self.write(sink, msg, write_timeout)).await {
                Written::Ok if !last => {}
                Written::Ok | Written::Failed => return,
                Written::Killed(c, r) => return Box::pin(say_bye(sink, c, &r)).await,
                Written::TimedOut => {
                    tracing::debug!("realtime: a write timed out; dropping the client");
                    let bye = say_bye(sink, code::TRY_AGAIN, "too slow: a write timed out");
                    return Box::pin(bye).await;
                }
            }
        }
    }

    /// One frame, unless a kill comes first or it takes longer than `write_timeout`.
    async fn write(
        &self,
        sink: &mut SplitSink<WebSocket, WsMessage>,
        msg: WsMessage,
        write_timeout: Duration,
    ) -> Written {
        tokio::select! {
            biased;
            (c, r) = self.killed() => Written::Killed(c, r),
            res = tokio::time::timeout(write_timeout, sink.send(msg)) => match res {
                Ok(Ok(())) => Written::Ok,
                Ok(Err(_)) => Written::Failed,
                Err(_) => Written::TimedOut,
            },
        }
    }
}

enum Written {
    Ok,
    Failed,
    Killed(u16, String),
    TimedOut,
}

/// A last close frame, given a second.
async fn say_bye(sink: &mut SplitSink<WebSocket, WsMessage>, code: u16, reason: &str) {
    let msg = close_message(code, reason);
    let _ = tokio::time::timeout(Duration::from_secs(1), sink.send(msg)).await;
}

fn close_message(code: u16, reason: &str) -> WsMessage {
    // A close reason is at most 123 bytes.
    let mut end = reason.len().min(123);
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    WsMessage::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from(&reason[..end]),
    }))
}
