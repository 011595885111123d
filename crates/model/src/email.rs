//! The e-mail address rule for a visitor's profile and an account. The widget's `isEmail`
//! (web/widget/src/app/chat/core/profile.ts) is the same rule; both are tested on
//! `tests/fixtures/rules/emails.json`.

use email_address::{EmailAddress, Options};

/// `local@domain.tld` as RFC 5322 writes it, judged by `email_address`: a dot-atom local part of
/// at most 64 bytes, and two or more domain labels that start and end with a letter or digit.
/// Left out, as a form never needs them: whitespace, quoted local parts, domain literals and
/// display names (the characters `<>()[],;:\"` are refused first).
pub fn is_email(s: &str) -> bool {
    const OPTIONS: Options = Options {
        minimum_sub_domains: 2,
        allow_domain_literal: false,
        allow_display_text: false,
        allow_long_local_parts: false,
    };
    s.len() <= 254
        && !s
            .chars()
            .any(|c| c.is_whitespace() || "<>()[],;:\\\"".contains(c))
        && EmailAddress::parse_with_options(s, OPTIONS).is_ok()
}
