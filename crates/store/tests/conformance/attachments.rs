//! Attachments: files sent in chats, limits per domain.

use super::*;

conformance!(attachments_are_kept_with_their_chat_and_limits_per_domain);

/// A chat's files: kept stamped now, read by id, gone with their domain (and chat); a file
/// for a chat that is not there is refused. Limits: none until set, then the latest.
pub async fn attachments_are_kept_with_their_chat_and_limits_per_domain(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    let (c, _) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let row = AttachmentRow {
        id: new_id(),
        channel_id: c.id.clone(),
        domain_id: domain.id.clone(),
        name: "a.png".into(),
        content_type: "image/png".into(),
        size: 10,
        url: "http://x/files/a".into(),
        uploader: "visitor".into(),
        created_at: 0,
    };
    let kept = s.insert_attachment(&row).await.unwrap();
    assert_eq!(
        kept,
        AttachmentRow {
            created_at: s.now(),
            ..row.clone()
        }
    );
    assert_eq!(s.get_attachment(&row.id).await.unwrap(), kept);
    assert!(matches!(
        s.get_attachment("nope").await,
        Err(StoreError::NotFound)
    ));
    let orphan = AttachmentRow {
        id: new_id(),
        channel_id: "nope".into(),
        ..row.clone()
    };
    assert!(matches!(
        s.insert_attachment(&orphan).await,
        Err(StoreError::NotFound)
    ));

    assert_eq!(s.attachment_limits(&domain.id).await.unwrap(), None);
    for max in [5, 7] {
        let l = AttachmentLimitsRow {
            max_bytes: max,
            types: vec!["image/png".into()],
        };
        s.set_attachment_limits(&domain.id, &l).await.unwrap();
        assert_eq!(s.attachment_limits(&domain.id).await.unwrap(), Some(l));
    }
    let l = AttachmentLimitsRow {
        max_bytes: 1,
        types: vec![],
    };
    assert!(matches!(
        s.set_attachment_limits("nope", &l).await,
        Err(StoreError::NotFound)
    ));

    s.delete_domain(&domain.id).await.unwrap();
    assert!(matches!(
        s.get_attachment(&row.id).await,
        Err(StoreError::NotFound)
    ));
    assert_eq!(s.attachment_limits(&domain.id).await.unwrap(), None);
}
