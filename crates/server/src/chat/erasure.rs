//! Retention and erasure: ended conversations older than their domain's retention are removed by
//! a sweep every instance runs (removing twice is harmless), and one visitor's data can be
//! exported or erased by the e-mail address they gave (the owner API and `beckon export` /
//! `beckon erase`). Removing a conversation removes its files, then its rows
//! (`store::Retention::delete_chats`): files first, so that a failure leaves the conversation
//! whole, to be removed again, rather than rows gone and files left.

use std::time::Duration;

use tokio::task::JoinHandle;

use crate::attachments::Files;
use crate::state::AppState;
use crate::store::{ChatRef, PersonaType, Store, StoreResult};
use crate::wire::iso_time;
use crate::wire::privacy::{
    Erased, ExportedConversation, ExportedFile, ExportedMessage, ExportedNote, ExportedRating,
    ExportedVisitor, VisitorExport,
};

/// Conversations removed per transaction by the sweep.
const SWEEP_BATCH: i64 = 100;

/// Everything kept about the visitors who gave `email`, on the organisation's domains (`None`:
/// every domain, for the CLI).
pub async fn export(
    store: &dyn Store,
    org: Option<&str>,
    email: &str,
) -> StoreResult<VisitorExport> {
    let mut conversations = Vec::new();
    let mut files = Vec::new();
    for chat in store.chats_of_email(org, email).await? {
        let channel = store.get_channel(&chat.id).await?;
        let site = store.get_domain(&chat.domain_id).await?.name;
        let visitor = store.get_persona(&channel.visitor_persona_id).await?;
        let personas = store.channel_personas(&channel.id).await?;
        let mut messages = Vec::new();
        let mut after = 0;
        loop {
            let page = store.messages_after(&channel.id, after, 500).await?;
            let Some(last) = page.last() else { break };
            after = last.seq;
            for m in page {
                let sender = personas.iter().find(|p| p.id == m.sender_persona_id);
                let message = crate::wire::chat::Message::of(&m, sender);
                files.extend(message.attachments.iter().map(|a| ExportedFile {
                    conversation_id: channel.id.clone(),
                    file: a.clone(),
                }));
                messages.push(ExportedMessage {
                    seq: m.seq,
                    from: if m.sender_persona_id == channel.visitor_persona_id {
                        "visitor".into()
                    } else {
                        "agent".into()
                    },
                    name: sender
                        .filter(|p| p.persona_type != PersonaType::ChatClient)
                        .map(|p| p.name.clone()),
                    text: message.text,
                    attachments: message.attachments,
                    created_at: message.created_at,
                });
            }
        }
        let rating = store.channel_rating(&channel.id).await?;
        let notes = store.channel_notes(&channel.id, i64::MAX).await?;
        conversations.push(ExportedConversation {
            id: channel.id.clone(),
            site,
            status: channel.status,
            created_at: iso_time(channel.created_at),
            ended_at: channel.ended_at.map(iso_time),
            visitor: ExportedVisitor {
                name: visitor.name,
                email: visitor.email,
                ip: visitor.ip,
                url: visitor.url,
                consent_at: (visitor.legal_notice_accepted > 0)
                    .then(|| iso_time(visitor.legal_notice_accepted)),
            },
            messages,
            notes: notes
                .into_iter()
                .map(|n| ExportedNote {
                    author: n.author_name,
                    text: n.text,
                    created_at: iso_time(n.created_at),
                })
                .collect(),
            rating: rating.map(|r| ExportedRating {
                score: r.score,
                comment: r.comment,
            }),
        });
    }
    Ok(VisitorExport {
        email: email.trim().to_owned(),
        exported_at: iso_time(store.now()),
        conversations,
        files,
    })
}

/// Erases the conversations of the visitors who gave `email` (organisation as in [`export`]).
pub async fn erase(
    store: &dyn Store,
    files: &Files,
    org: Option<&str>,
    email: &str,
) -> anyhow::Result<Erased> {
    let chats = store.chats_of_email(org, email).await?;
    remove(store, files, &chats).await
}

/// Removes conversations: their files, then their rows.
pub async fn remove(store: &dyn Store, files: &Files, chats: &[ChatRef]) -> anyhow::Result<Erased> {
    let mut removed_files = 0;
    for chat in chats {
        removed_files += files
            .remove_channel_files(&chat.domain_id, &chat.id)
            .await?;
    }
    let ids: Vec<String> = chats.iter().map(|c| c.id.clone()).collect();
    let conversations = store.delete_chats(&ids).await?;
    Ok(Erased {
        conversations,
        files: removed_files as u64,
    })
}

/// Removes every ended conversation past its domain's retention at the store's now. Answers
/// how many went.
pub async fn sweep(store: &dyn Store, files: &Files) -> anyhow::Result<u64> {
    let mut gone = 0;
    loop {
        let chats = store.expired_chats(store.now(), SWEEP_BATCH).await?;
        if chats.is_empty() {
            return Ok(gone);
        }
        gone += remove(store, files, &chats).await?.conversations;
    }
}

/// Runs [`sweep`] every `every` until the server shuts down.
pub fn spawn_sweeper(state: AppState, every: Duration) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut stop = state.shutdown.clone();
        loop {
            match sweep(&*state.store, &state.files).await {
                Ok(0) => {}
                Ok(n) => {
                    tracing::info!(conversations = n, "retention: removed ended conversations")
                }
                Err(e) => tracing::warn!(error = %e, "retention: sweep failed"),
            }
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = stop.changed() => return,
            }
        }
    })
}
