//! Who is told about chat events ([`super::event`]), in this order. A new channel of outbound
//! work is a file with a [`Subscriber`] and one line here.

use super::event::Subscriber;

pub static SUBSCRIBERS: &[&dyn Subscriber] = &[
    &super::webhook::Webhooks,
    &super::notify::Mails,
    &super::push::Push,
];
