//! The TypeScript declarations of the public chat API and the realtime frames, for the widget's
//! chat client and the console's socket (which imports them from the widget's file), generated so
//! that neither drifts from the server. The console's HTTP types come from the OpenAPI document
//! instead (`http/openapi.rs`). Written by the `gen-wire` binary of this crate; a test fails when
//! the checked-in file is stale.

use ts_rs::TS;

use super::chat::*;
use super::error::{ErrorBody, ProblemBody};
use super::frames::*;
use super::notes::*;

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

/// Every generated file.
pub fn files() -> Vec<TsFile> {
    vec![TsFile {
        path: WIDGET,
        text: widget(),
    }]
}

/// Each type's declaration, exported, with its doc comment.
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
            text
        }),+]
    }};
}

fn header(what: &str) -> String {
    format!(
        "// Generated from crates/server/src/wire by `{REGENERATE}` — do not edit.\n// {what}\n"
    )
}

/// The shapes both clients read and send: the public chat API, the realtime frames (every frame
/// the server sends, `ServerFrame`, and what clients send), the error body.
fn shared() -> Vec<String> {
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
    for decl in shared() {
        out.push_str(&decl);
    }
    out
}
