//! Domain properties: consent, the widget's language and the owner's texts (mail texts too).

use serde_json::json;

use super::{assert_one, assert_valid, problems, with};

#[test]
fn wait_for_consent_is_a_boolean_domain_property() {
    assert_valid(with(&[(
        "/domains/0/properties",
        json!({"waitForConsent": true}),
    )]));
    assert_eq!(
        problems(&with(&[(
            "/domains/0/properties",
            json!({"waitForConsent": "yes"}),
        )]))
        .len(),
        1
    );
}

#[test]
fn a_domain_language_is_one_the_widget_speaks() {
    assert_valid(with(&[(
        "/domains/0/properties",
        json!({"language": "fr"}),
    )]));
    assert_one(
        with(&[("/domains/0/properties", json!({"language": "ko"}))]),
        "domains[0].properties.language",
        "\"ko\" is not a language the widget speaks: one of en, de, fr, es, pt, it, nl, pl, tr, ar, he, ja, zh",
    );
}

#[test]
fn owner_texts_are_strings_by_language_tag() {
    let texts =
        json!({"fr": {"modal.welcome": "Bonjour !"}, "pt-BR": {"away.byEmail": "Volto já"}});
    assert_valid(with(&[
        ("/domains/0/properties", json!({"texts": texts})),
        (
            "/actions/0/translations",
            json!({"ar": {"labelText": "اتصل بنا"}}),
        ),
    ]));
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"texts": {"French": {"modal.welcome": "x"}}}),
        )]),
        "domains[0].properties.texts.French",
        "\"French\" is not a language tag (e.g. \"fr\" or \"pt-BR\")",
    );
    assert_one(
        with(&[("/actions/0/translations", json!({"fr": {"labelText": 3}}))]),
        "actions[0].translations.fr.labelText",
        "expected a string, found a number",
    );
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"texts": {"fr": {"modal.welcome": "x".repeat(1001)}}}),
        )]),
        "domains[0].properties.texts.fr[\"modal.welcome\"]",
        "is longer than 1000 characters",
    );
}

#[test]
fn owner_mail_texts_are_known_texts_with_their_values() {
    assert_valid(with(&[(
        "/domains/0/properties",
        json!({"texts": {"fr": {"mail.reply.subject": "Du nouveau de {{site}}", "mail.you": "Moi"}}}),
    )]));
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"texts": {"fr": {"mail.reply.subjet": "x"}}}),
        )]),
        "domains[0].properties.texts.fr[\"mail.reply.subjet\"]",
        "is not a text of the mails to visitors: one of mail.answer, mail.continue, mail.reply.intro, mail.reply.subject, mail.reply.why, mail.transcript.intro, mail.transcript.subject, mail.transcript.why, mail.unread, mail.you",
    );
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"texts": {"de": {"mail.transcript.subject": "Hallo {{name}}"}}}),
        )]),
        "domains[0].properties.texts.de[\"mail.transcript.subject\"]",
        "{{name}} is not a value of this text (it has: {{site}})",
    );
}
