//! Retention and erasure: ended conversations older than their domain's retention are removed by
//! a sweep every instance runs (removing twice is harmless), and one visitor's data can be
//! exported or erased by the e-mail address they gave (the owner API and `beckon export` /
//! `beckon erase`). Removing a conversation removes its files, then its rows
//! (`store::Retention::delete_chats`): files first, so that a failure leaves the conversation
//! whole, to be removed again, rather than rows gone and files left.

use std::time::Duration;

use tokio::task::JoinHandle;

use crate::infra::attachments::Files;
use crate::state::AppState;
use crate::wire::chat::Attachment;
use crate::wire::iso_time;
use crate::wire::privacy::{
    Erased, ExportedConversation, ExportedDelivery, ExportedFile, ExportedMessage, ExportedNote,
    ExportedPage, ExportedRating, ExportedRead, ExportedVisit, ExportedVisitor, VisitorExport,
};
use beckon_store::{ChatRef, PersonaType, Store, StoreResult};

/// Conversations removed per transaction by the sweep.
const SWEEP_BATCH: i64 = 100;

/// Everything kept about the visitors who gave `email`, on the organisation's domains (`None`:
/// every domain, for the CLI). `chat::kept` lists every column of the database and where it is
/// in here (or why it is not about a visitor); a test holds the two together.
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
        let is_visitor = |id: &str| id == channel.visitor_persona_id;
        let mut messages = Vec::new();
        let mut after = 0;
        loop {
            let page = store.messages_after(&channel.id, after, 500).await?;
            let Some(last) = page.last() else { break };
            after = last.seq;
            for m in page {
                let sender = personas.iter().find(|p| p.id == m.sender_persona_id);
                let message = crate::wire::chat::Message::of(&m, sender);
                messages.push(ExportedMessage {
                    seq: m.seq,
                    from: who(is_visitor(&m.sender_persona_id)),
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
        let context = store
            .visitor_context(&channel.id)
            .await?
            .unwrap_or_default();
        let pages = store.visitor_pages(&channel.id).await?;
        let kept = store.kept_about(&channel.id, &visitor.id).await?;
        files.extend(kept.files.into_iter().map(|f| ExportedFile {
            conversation_id: channel.id.clone(),
            file: Attachment {
                kind: f.content_type,
                url: f.url,
                name: f.name,
                size: Some(f.size),
            },
            uploader: f.uploader,
            created_at: iso_time(f.created_at),
        }));
        conversations.push(ExportedConversation {
            id: channel.id.clone(),
            site,
            status: channel.status,
            created_at: iso_time(channel.created_at),
            ended_at: channel.ended_at.map(iso_time),
            ended_by: channel.ended_by.as_deref().map(|p| who(is_visitor(p))),
            last_activity_at: iso_time(channel.last_activity_at),
            visitor: ExportedVisitor {
                name: visitor.name,
                email: visitor.email,
                ip: visitor.ip,
                url: visitor.url,
                consent_at: (visitor.legal_notice_accepted > 0)
                    .then(|| iso_time(visitor.legal_notice_accepted)),
                created_at: iso_time(visitor.created_at),
            },
            visit: ExportedVisit {
                user_agent: context.user_agent,
                country: context.country,
                referrer: context.referrer,
                time_zone: context.time_zone,
                left_at: context.left_at.map(iso_time),
                language: context.language,
                pages: pages
                    .into_iter()
                    .map(|p| ExportedPage {
                        url: p.url,
                        title: p.title,
                        seen_at: iso_time(p.seen_at),
                    })
                    .collect(),
            },
            read: kept.read.map(|(seq, at)| ExportedRead {
                seq,
                at: iso_time(at),
            }),
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
                created_at: iso_time(r.created_at),
            }),
            mails_sent_at: kept.mails_sent_at.into_iter().map(iso_time).collect(),
            webhook_deliveries: kept
                .webhook_deliveries
                .into_iter()
                .map(|d| ExportedDelivery {
                    event: d.event_type,
                    body: d.body,
                    status: d.status,
                    created_at: iso_time(d.created_at),
                })
                .collect(),
        });
    }
    Ok(VisitorExport {
        email: email.trim().to_owned(),
        exported_at: iso_time(store.now()),
        conversations,
        files,
    })
}

/// Who wrote (or ended): `visitor` or `agent`.
fn who(visitor: bool) -> String {
    if visitor { "visitor" } else { "agent" }.into()
}

/// Erases the conversations of the visitors who gave `email` (organisation as in [`export`]).
/// The store keeps the hashes of their ids (`store::Retention::erase_chats`): a browser that
/// still holds them is refused, so nothing about the visitor comes back from its storage.
pub async fn erase(
    store: &dyn Store,
    files: &Files,
    org: Option<&str>,
    email: &str,
) -> anyhow::Result<Erased> {
    let chats = store.chats_of_email(org, email).await?;
    let files = remove_files(files, &chats).await?;
    let ids: Vec<String> = chats.iter().map(|c| c.id.clone()).collect();
    Ok(Erased {
        conversations: store.erase_chats(&ids).await?,
        files,
    })
}

/// Removes conversations past their retention: their files, then their rows.
pub async fn remove(store: &dyn Store, files: &Files, chats: &[ChatRef]) -> anyhow::Result<Erased> {
    let files = remove_files(files, chats).await?;
    let ids: Vec<String> = chats.iter().map(|c| c.id.clone()).collect();
    Ok(Erased {
        conversations: store.delete_chats(&ids).await?,
        files,
    })
}

/// Removes the conversations' files (first: a failure leaves the rows, to be removed again);
/// answers how many went.
async fn remove_files(files: &Files, chats: &[ChatRef]) -> anyhow::Result<u64> {
    let mut removed = 0;
    for chat in chats {
        removed += files
            .remove_channel_files(&chat.domain_id, &chat.id)
            .await?;
    }
    Ok(removed as u64)
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
