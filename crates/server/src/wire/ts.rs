//! The TypeScript declarations of the wire types, for the console's API client and the widget's
//! chat client, generated so that neither drifts from the server. Written by the `gen-wire`
//! binary of this crate; a test fails when a checked-in file is stale.

use ts_rs::TS;

use super::agent::*;
use super::chat::*;
use super::frames::*;

/// The command that rewrites the files.
pub const REGENERATE: &str = "cargo run -p beckon-server --bin gen-wire";

/// A generated file: where it lives (from the repository root) and what it holds.
pub struct TsFile {
    pub path: &'static str,
    pub text: String,
}

/// Every generated file.
pub fn files() -> Vec<TsFile> {
    vec![
        TsFile {
            path: "web/console/src/api/wire.gen.ts",
            text: console(),
        },
        TsFile {
            path: "web/widget/src/app/chat/core/wire.gen.ts",
            text: widget(),
        },
    ]
}

macro_rules! emit {
    ($out:expr, $($t:ty),+ $(,)?) => {{
        let cfg = ts_rs::Config::new();
        $(
            $out.push('\n');
            if let Some(docs) = <$t as TS>::docs() {
                $out.push_str(&beckon_model::ts::doc_comment(&docs, ""));
            }
            $out.push_str("export ");
            $out.push_str(&beckon_model::ts::pretty(&<$t as TS>::decl(&cfg)));
            $out.push('\n');
        )+
    }};
}

fn header(what: &str) -> String {
    format!(
        "// Generated from crates/server/src/wire by `{REGENERATE}` — do not edit.\n// {what}\n"
    )
}

/// The agent API and the realtime frames, as the console reads them.
pub fn console() -> String {
    let mut out =
        header("Wire shapes of the agent API and the realtime protocol (docs/realtime.md).");
    emit!(
        out,
        PersonaType,
        ChannelStatus,
        Role,
        PublicPersona,
        Attachment,
        Message,
        History,
        Visitor,
        EndedBy,
        ChannelSummary,
        EarlierConversation,
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
        Channel,
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
        ErrorOut,
        ServerFrame,
    );
    out
}

/// The public chat API and the realtime frames, as the widget's chat reads them.
pub fn widget() -> String {
    let mut out =
        header("Wire shapes of the public chat API (spec §3.3, §7) and the realtime protocol.");
    emit!(
        out,
        PersonaType,
        ChannelStatus,
        ClientPersona,
        PublicPersona,
        Attachment,
        Message,
        Channel,
        ChannelAnswer,
        History,
        TokenAnswer,
        Availability,
        NewChat,
        Status,
        PresenceAction,
        Ready,
        ChatMessageOut,
        Ack,
        PresenceOut,
        ChannelRef,
        ErrorOut,
    );
    out
}
