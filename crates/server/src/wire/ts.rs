//! The TypeScript declarations of the wire types, for the console's API client and the widget's
//! chat client, generated so that neither drifts from the server. Written by the `gen-wire`
//! binary of this crate; a test fails when a checked-in file is stale.

use ts_rs::TS;

use super::account::*;
use super::agent::*;
use super::canned::*;
use super::chat::*;
use super::error::{ErrorBody, ProblemBody};
use super::frames::*;
use super::notes::*;
use super::owner::*;
use super::privacy::*;
use super::webhooks::*;

/// The command that rewrites the files.
pub const REGENERATE: &str = "cargo run -p beckon-server --bin gen-wire";

/// A generated file: where it lives (from the repository root) and what it holds.
pub struct TsFile {
    pub path: &'static str,
    pub text: String,
}

/// The widget's file: the public chat API, the realtime frames and the error body, which the
/// console imports from it too (one declaration of each shape).
pub const WIDGET: &str = "web/widget/src/app/chat/core/wire.gen.ts";
/// The console's file: the agent, owner and account APIs.
pub const CONSOLE: &str = "web/console/src/api/wire.gen.ts";
/// The config types (`crates/model`) and the widget's file, as the console imports them: through
/// the widget package's entries (web/widget/package.json "exports").
const CONFIG_FROM_CONSOLE: &str = "@beckon/widget/config";
const WIDGET_FROM_CONSOLE: &str = "@beckon/widget/wire";

/// Every generated file.
pub fn files() -> Vec<TsFile> {
    vec![
        TsFile {
            path: CONSOLE,
            text: console(),
        },
        TsFile {
            path: WIDGET,
            text: widget(),
        },
    ]
}

/// One declaration: the type's name and its text.
struct Decl {
    name: String,
    text: String,
}

macro_rules! decls {
    ($($t:ty),+ $(,)?) => {{
        let cfg = ts_rs::Config::new();
        vec![$({
            let mut text = String::from("\n");
            if let Some(docs) = <$t as TS>::docs() {
                text.push_str(&beckon_model::ts::doc_comment(&docs, ""));
            }
            text.push_str("export ");
            text.push_str(&beckon_model::ts::pretty(&<$t as TS>::decl(&cfg)));
            text.push('\n');
            Decl { name: <$t as TS>::name(&cfg), text }
        }),+]
    }};
}

fn header(what: &str) -> String {
    format!(
        "// Generated from crates/server/src/wire by `{REGENERATE}` — do not edit.\n// {what}\n"
    )
}

/// Whether `name` occurs in `text` as a whole word.
fn names(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name)
        .any(|(at, _)| !text[..at].ends_with(ident) && !text[at + name.len()..].starts_with(ident))
}

/// The shapes both clients read and send: the public chat API, the realtime frames (every frame
/// the server sends, `ServerFrame`, and what clients send), the error body.
fn shared() -> Vec<Decl> {
    decls!(
        PersonaType,
        ChannelStatus,
        ClientPersona,
        PublicPersona,
        Attachment,
        AttachmentLimits,
        Message,
        Channel,
        ChannelAnswer,
        History,
        TokenAnswer,
        Availability,
        NewChat,
        RatingBody,
        Rating,
        Status,
        PresenceAction,
        Ready,
        ChatMessageOut,
        Ack,
        PresenceOut,
        ChannelRef,
        ChannelUpdate,
        ChannelUpdateOut,
        NewChannel,
        OrgChanged,
        VisitorPageOut,
        NoteAuthor,
        Note,
        NoteOut,
        ErrorOut,
        ServerFrame,
        AttachmentIn,
        AuthFrame,
        ChatMessageFrame,
        ClientActionFrame,
        PresenceFrame,
        ResumeFrame,
        PageFrame,
        ClientFrame,
        ProblemBody,
        ErrorBody,
    )
}

/// The public chat API and the realtime frames, as the widget's chat reads them.
pub fn widget() -> String {
    let mut out = header(
        "Wire shapes of the public chat API (spec §3.3, §7), the realtime protocol \
         (docs/realtime.md) and the API's error body; the console imports them from here.",
    );
    for d in shared() {
        out.push_str(&d.text);
    }
    out
}

/// The agent, owner and account APIs, as the console reads them; the shapes it shares with the
/// widget (the realtime frames among them) are imported from the widget's file.
pub fn console() -> String {
    let own = decls!(
        Role,
        Visitor,
        EndedBy,
        ChannelSummary,
        EarlierConversation,
        PageSeen,
        Visit,
        ChannelDetail,
        ChannelList,
        ReplyBody,
        ReplyAnswer,
        ReadBody,
        ReadAnswer,
        AssignBody,
        AgentStatus,
        PresenceBody,
        PresenceAnswer,
        TeamMember,
        Team,
        NoteBody,
        NoteList,
        CannedReplyBody,
        CannedReply,
        CannedReplyList,
        CannedSettings,
        User,
        Organisation,
        Session,
        LoginBody,
        PasswordBody,
        SignupState,
        SignupBody,
        ConfigState,
        Embed,
        DomainInfo,
        DomainList,
        DomainBody,
        SavedConfig,
        Published,
        DayCount,
        ItemCount,
        RatingStats,
        AgentRatings,
        StatsAnswer,
        AccountList,
        Notifications,
        NewAgentBody,
        ResetPasswordBody,
        Publisher,
        ConfigVersion,
        VersionList,
        VersionWithConfig,
        Restored,
        Sighting,
        Installation,
        RetentionSetting,
        VisitorEmailBody,
        VisitorExport,
        ExportedConversation,
        ExportedVisitor,
        ExportedVisit,
        ExportedPage,
        ExportedRead,
        ExportedDelivery,
        ExportedMessage,
        ExportedRating,
        ExportedNote,
        ExportedFile,
        Erased,
        WebhookBody,
        Webhook,
        WebhookCreated,
        WebhookList,
        DeliveryStatus,
        WebhookDelivery,
        WebhookDeliveryList,
    );
    let body: String = own.iter().map(|d| d.text.as_str()).collect();
    let mut out = header(
        "Wire shapes of the agent, owner and account APIs and of the realtime protocol \
         (docs/realtime.md).",
    );
    if names(&body, "Config") {
        out.push_str(&format!(
            "import type {{ Config }} from \"{CONFIG_FROM_CONSOLE}\";\n"
        ));
    }
    let used: Vec<String> = shared()
        .into_iter()
        .map(|d| d.name)
        .filter(|n| names(&body, n))
        .collect();
    if !used.is_empty() {
        out.push_str(&format!(
            "import type {{ {} }} from \"{WIDGET_FROM_CONSOLE}\";\n",
            used.join(", ")
        ));
    }
    out.push_str(&body);
    out
}
