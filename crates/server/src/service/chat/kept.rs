//! What the database keeps about visitors, column by column: each is in a visitor's export
//! (`erasure::export`, by the name it has there) or says why it is not about a visitor; the
//! tables that hold nothing about visitors say why too. `tests/visitor_data.rs`
//! (`every_column_about_a_visitor_is_exported_and_erased`) reads the columns from the database
//! itself, on SQLite and PostgreSQL: a new table or column must be listed here, every exported
//! one must show up in an export, and an erasure must leave no row about the visitor.

/// Where a column of a table about visitors goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// In the export, as it is stored (text or number), under this name.
    Exported(&'static str),
    /// In the export as an RFC 3339 time, under this name (stored as Unix ms).
    ExportedTime(&'static str),
    /// In the export in another form (a name for an id, "visitor"/"agent" for a persona).
    ExportedAs(&'static str),
    /// Not exported: why it says nothing about the visitor.
    NotAboutVisitor(&'static str),
}

/// A table with rows about visitors: `rows` selects them (SQL on both backends), and an
/// erasure leaves none of them.
pub struct VisitorTable {
    pub name: &'static str,
    pub rows: &'static str,
    pub columns: &'static [(&'static str, Kept)],
}

use Kept::*;

const CHAT_ID: Kept = NotAboutVisitor("ties the row to its conversation");
const DOMAIN_ID: Kept = NotAboutVisitor("the site, exported as the conversation's site");

/// Every table that holds something about a visitor.
pub const VISITOR_TABLES: &[VisitorTable] = &[
    VisitorTable {
        name: "personas",
        rows: "type = 'ChatClient'",
        columns: &[
            (
                "id",
                NotAboutVisitor("the visitor's credential for the chat: never exported"),
            ),
            ("type", NotAboutVisitor("always ChatClient for a visitor")),
            ("name", Exported("visitor.name")),
            ("email", Exported("visitor.email")),
            ("ip", Exported("visitor.ip")),
            ("url", Exported("visitor.url")),
            ("legal_notice_accepted", ExportedTime("visitor.consentAt")),
            (
                "avatar_url",
                NotAboutVisitor("agents' pictures; visitors have none"),
            ),
            ("created_at", ExportedTime("visitor.createdAt")),
        ],
    },
    VisitorTable {
        name: "channels",
        rows: "1 = 1",
        columns: &[
            ("id", Exported("conversations[].id")),
            ("domain_id", ExportedAs("site")),
            (
                "visitor_persona_id",
                NotAboutVisitor("the visitor's credential for the chat: never exported"),
            ),
            ("status", Exported("status")),
            ("created_at", ExportedTime("createdAt")),
            ("ended_at", ExportedTime("endedAt")),
            ("last_activity_at", ExportedTime("lastActivityAt")),
            (
                "assigned_agent_id",
                NotAboutVisitor("which agent has the chat: about the agent"),
            ),
            (
                "last_seq",
                NotAboutVisitor("a counter: the messages are exported"),
            ),
            ("ended_by", ExportedAs("endedBy: visitor or agent")),
        ],
    },
    VisitorTable {
        name: "messages",
        rows: "1 = 1",
        columns: &[
            ("id", NotAboutVisitor("a random id of the message")),
            ("channel_id", CHAT_ID),
            ("seq", Exported("messages[].seq")),
            (
                "client_id",
                NotAboutVisitor("a random id the sender's screen gave the message"),
            ),
            ("sender_persona_id", ExportedAs("messages[].from and name")),
            ("text", Exported("messages[].text")),
            ("attachments", ExportedAs("messages[].attachments")),
            ("created_at", ExportedTime("messages[].createdAt")),
        ],
    },
    VisitorTable {
        name: "read_markers",
        rows: "persona_id NOT IN (SELECT id FROM personas WHERE type <> 'ChatClient')",
        columns: &[
            ("channel_id", CHAT_ID),
            (
                "persona_id",
                NotAboutVisitor("whose mark: the visitor's is exported"),
            ),
            ("seq", Exported("read.seq")),
            ("updated_at", ExportedTime("read.at")),
        ],
    },
    VisitorTable {
        name: "visitor_context",
        rows: "1 = 1",
        columns: &[
            ("channel_id", CHAT_ID),
            ("user_agent", Exported("visit.userAgent")),
            ("country", Exported("visit.country")),
            ("referrer", Exported("visit.referrer")),
            ("time_zone", Exported("visit.timeZone")),
            ("left_at", ExportedTime("visit.leftAt")),
            ("language", Exported("visit.language")),
        ],
    },
    VisitorTable {
        name: "visitor_pages",
        rows: "1 = 1",
        columns: &[
            ("channel_id", CHAT_ID),
            ("url", Exported("visit.pages[].url")),
            ("title", Exported("visit.pages[].title")),
            ("seen_at", ExportedTime("visit.pages[].seenAt")),
        ],
    },
    VisitorTable {
        name: "ratings",
        rows: "1 = 1",
        columns: &[
            ("channel_id", CHAT_ID),
            ("domain_id", DOMAIN_ID),
            (
                "agent_id",
                NotAboutVisitor("the agent credited with it: about the agent"),
            ),
            ("score", Exported("rating.score")),
            ("comment", Exported("rating.comment")),
            ("created_at", ExportedTime("rating.createdAt")),
        ],
    },
    VisitorTable {
        name: "notes",
        rows: "1 = 1",
        columns: &[
            ("id", NotAboutVisitor("a random id of the note")),
            ("channel_id", CHAT_ID),
            (
                "author_id",
                NotAboutVisitor("the agent's account: about the agent"),
            ),
            ("author_name", Exported("notes[].author")),
            ("text", Exported("notes[].text")),
            ("created_at", ExportedTime("notes[].createdAt")),
        ],
    },
    VisitorTable {
        name: "visitor_mail_log",
        rows: "1 = 1",
        columns: &[
            ("domain_id", DOMAIN_ID),
            ("channel_id", CHAT_ID),
            ("sent_at", ExportedTime("mailsSentAt[]")),
        ],
    },
    VisitorTable {
        name: "webhook_deliveries",
        rows: "channel_id IS NOT NULL",
        columns: &[
            (
                "id",
                NotAboutVisitor("a random id of the delivery (its webhook-id header)"),
            ),
            ("webhook_id", NotAboutVisitor("the organisation's endpoint")),
            ("channel_id", CHAT_ID),
            ("event_type", Exported("webhookDeliveries[].event")),
            ("body", Exported("webhookDeliveries[].body")),
            ("status", Exported("webhookDeliveries[].status")),
            ("attempts", NotAboutVisitor("the endpoint's bookkeeping")),
            ("response_code", NotAboutVisitor("the endpoint's answer")),
            ("last_error", NotAboutVisitor("the endpoint's answer")),
            (
                "last_attempt_at",
                NotAboutVisitor("the endpoint's bookkeeping"),
            ),
            (
                "next_attempt_at",
                NotAboutVisitor("the endpoint's bookkeeping"),
            ),
            ("retry_until", NotAboutVisitor("the endpoint's bookkeeping")),
            ("created_at", ExportedTime("webhookDeliveries[].createdAt")),
        ],
    },
    VisitorTable {
        name: "attachments",
        rows: "1 = 1",
        columns: &[
            ("id", NotAboutVisitor("a random id of the file")),
            ("channel_id", Exported("files[].conversationId")),
            ("domain_id", DOMAIN_ID),
            ("name", Exported("files[].name")),
            ("content_type", Exported("files[].type")),
            ("size", Exported("files[].size")),
            ("url", Exported("files[].url")),
            ("uploader", Exported("files[].uploader")),
            ("created_at", ExportedTime("files[].createdAt")),
        ],
    },
];

/// Every other table, and why nothing in it is about a visitor.
pub const OTHER_TABLES: &[(&str, &str)] = &[
    ("organisations", "the site owner's organisation"),
    ("users", "the organisation's accounts"),
    ("sessions", "the accounts' logins"),
    ("domains", "the organisation's sites"),
    ("config_published", "the sites' widget configuration"),
    ("config_drafts", "the sites' widget configuration"),
    (
        "data_migrations",
        "the names of the one-time data changes that ran",
    ),
    (
        "config_versions",
        "the sites' widget configuration and who published it",
    ),
    (
        "stats_counts",
        "counts per site and day, with no visitor in them",
    ),
    (
        "stats_item_counts",
        "counts per site, button and day, with no visitor in them",
    ),
    (
        "embed_sightings",
        "the latest page per host that loaded the widget: the site's, not a visitor's",
    ),
    (
        "jobs",
        "outbound work, deleted once done: a job about a conversation names it and finds \
         nothing once it is erased; a mail already made holds its address until sent (minutes)",
    ),
    ("push_subscriptions", "the agents' browsers"),
    ("server_keys", "the server's own keys"),
    ("notification_choices", "the agents' choices"),
    ("canned_replies", "the organisation's ready-made answers"),
    ("canned_reply_settings", "the organisation's setting"),
    ("webhooks", "the organisation's endpoints"),
    ("attachment_limits", "the sites' limits on files"),
    ("domain_retention", "the sites' retention"),
    (
        "erased_ids",
        "hashes of erased random ids: they name nobody and cannot be turned back",
    ),
];
