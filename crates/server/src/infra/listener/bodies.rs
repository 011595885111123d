//! Body wrappers of one request: the request body must arrive by a deadline (a slowly sent body
//! does not hold a connection), and the response body marks its connection busy until it is
//! sent (shutdown waits for it, but not for a connection between requests).

use std::future::Future as _;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};
use tokio::time::{Instant, Sleep};

/// The request body, cut off at `deadline`; then `late` is set and reading fails.
pub struct DeadlineBody<B> {
    body: B,
    deadline: Instant,
    /// Made only once the body has to be waited for (most requests have it all at once).
    timer: Option<Pin<Box<Sleep>>>,
    late: Arc<AtomicBool>,
}

impl<B> DeadlineBody<B> {
    pub fn new(body: B, deadline: Instant, late: Arc<AtomicBool>) -> Self {
        DeadlineBody {
            body,
            deadline,
            timer: None,
            late,
        }
    }
}

impl<B> Body for DeadlineBody<B>
where
    B: Body<Data = Bytes> + Unpin,
    B::Error: Into<axum::BoxError>,
{
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        let deadline = this.deadline;
        let timer = this
            .timer
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if timer.as_mut().poll(cx).is_ready() {
            this.late.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err("the request body did not arrive in time".into())));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Counts a request as in progress on its connection until dropped.
pub struct Busy(Arc<AtomicUsize>);

impl Busy {
    pub fn enter(count: &Arc<AtomicUsize>) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Busy(count.clone())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A response body that keeps its request [`Busy`] until it is sent (or dropped).
pub struct BusyBody<B> {
    body: B,
    _busy: Busy,
}

impl<B> BusyBody<B> {
    pub fn new(body: B, busy: Busy) -> Self {
        BusyBody { body, _busy: busy }
    }
}

impl<B: Body + Unpin> Body for BusyBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
