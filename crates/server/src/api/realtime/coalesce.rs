//! Visitors' presence on its way to an agent, latest state only.
//!
//! An agent connection sees the presence (enter, typing, leave) of every visitor of its
//! domains. When thousands of visitors connect at once, those are thousands of events; sent one
//! by one through the agent's bounded send queue, the agent fell behind its domain's events and
//! was disconnected (1013), although presence is state, not history: only the latest of each
//! visitor connection matters. So an agent connection keeps the visitors' presence here, one
//! entry per (chat, visitor connection) holding its latest frame, in the order the entries
//! first came, and sends them as its send queue has room.
//!
//! Bounded by the visitors connected to the agent's domains (one entry each at most), and the
//! frames are the broker's shared bytes, not copies. Empty (no allocation) once sent.

use std::collections::{HashMap, VecDeque};

use bytes::Bytes;

/// A visitor connection's presence in a chat: (chat id, the connection that published it).
pub(crate) type Key = (String, u64);

#[derive(Default)]
pub(crate) struct LatestPresence {
    order: VecDeque<Key>,
    latest: HashMap<Key, Bytes>,
}

impl LatestPresence {
    /// Keeps `frame` as the latest of `key`: a newer frame replaces one not sent yet, in its
    /// place.
    pub fn insert(&mut self, key: Key, frame: Bytes) {
        match self.latest.get_mut(&key) {
            Some(f) => *f = frame,
            None => {
                self.order.push_back(key.clone());
                self.latest.insert(key, frame);
            }
        }
    }

    /// The oldest entry's frame (the next to send).
    pub fn front(&self) -> Option<&Bytes> {
        self.order.front().and_then(|k| self.latest.get(k))
    }

    /// Takes out the oldest entry's frame.
    pub fn pop(&mut self) -> Option<Bytes> {
        let key = self.order.pop_front()?;
        let frame = self.latest.remove(&key);
        if self.order.is_empty() {
            // Give the memory back: an agent between bursts holds none.
            *self = LatestPresence::default();
        }
        frame
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.order.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(chat: &str, conn: u64) -> Key {
        (chat.to_owned(), conn)
    }

    fn drain(p: &mut LatestPresence) -> Vec<Bytes> {
        std::iter::from_fn(|| p.pop()).collect()
    }

    #[test]
    fn only_the_latest_frame_of_each_visitor_connection_is_sent_in_first_come_order() {
        let mut p = LatestPresence::default();
        p.insert(key("c-1", 1), Bytes::from_static(b"c1 enter"));
        p.insert(key("c-2", 2), Bytes::from_static(b"c2 enter"));
        p.insert(key("c-1", 1), Bytes::from_static(b"c1 typing"));
        p.insert(key("c-3", 3), Bytes::from_static(b"c3 enter"));
        p.insert(key("c-2", 2), Bytes::from_static(b"c2 leave"));
        // The same chat from another connection (a second tab) is its own entry.
        p.insert(key("c-1", 4), Bytes::from_static(b"c1 tab 2 enter"));
        assert_eq!(p.len(), 4);
        assert_eq!(
            drain(&mut p),
            [
                &b"c1 typing"[..],
                b"c2 leave",
                b"c3 enter",
                b"c1 tab 2 enter"
            ]
        );
        assert!(p.is_empty());
        assert_eq!(p.latest.capacity(), 0, "no memory held once sent");
    }

    #[test]
    fn the_front_is_what_pop_takes() {
        let mut p = LatestPresence::default();
        assert_eq!(p.front(), None);
        p.insert(key("c-1", 1), Bytes::from_static(b"a"));
        p.insert(key("c-2", 2), Bytes::from_static(b"b"));
        p.insert(key("c-1", 1), Bytes::from_static(b"a2"));
        assert_eq!(p.front(), Some(&Bytes::from_static(b"a2")));
        assert_eq!(p.pop(), Some(Bytes::from_static(b"a2")));
        assert_eq!(p.front(), Some(&Bytes::from_static(b"b")));
    }
}
