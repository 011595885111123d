//! The file store seam: chat files' bytes behind the `object_store` crate, a directory under the
//! data directory by default, or S3 (or any S3-compatible store) with `--attachments-url`, so
//! that several instances read what any of them wrote. Keys are
//! `{domainId}/{channelId}/{attachmentId}`: a chat's or a domain's files go by prefix.

use std::path::Path as FsPath;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::stream::BoxStream;
use futures_util::{StreamExt as _, TryStreamExt as _};
use object_store::path::Path;
use object_store::{ObjectStore, WriteMultipart};

/// Where chat files are kept.
#[derive(Clone)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
    /// Under this path of the store (the S3 URL's path; empty locally).
    prefix: Path,
    /// The size of each part written: S3 wants at least 5 MiB but for the last; a local file
    /// takes any (and small parts hold less memory per upload).
    part_size: usize,
    /// What `--attachments-url` said, for the logs (`local` by default).
    pub describe: String,
}

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Files({})", self.describe)
    }
}

/// A file being written: parts go out as they fill; [`Writer::abort`] removes what was written.
pub struct Writer {
    inner: WriteMultipart,
}

impl Writer {
    /// Adds bytes, waiting while too many parts are still being sent.
    pub async fn write(&mut self, bytes: &[u8]) -> object_store::Result<()> {
        self.inner.wait_for_capacity(2).await?;
        self.inner.write(bytes);
        Ok(())
    }

    pub async fn finish(self) -> object_store::Result<()> {
        self.inner.finish().await.map(|_| ())
    }

    pub async fn abort(self) {
        if let Err(e) = self.inner.abort().await {
            tracing::warn!(error = %e, "attachments: removing a partial upload failed");
        }
    }
}

impl Files {
    /// Files in `{data_dir}/attachments` (created when missing).
    pub fn local(data_dir: &FsPath) -> anyhow::Result<Self> {
        let dir = data_dir.join("attachments");
        std::fs::create_dir_all(&dir)?;
        let store = object_store::local::LocalFileSystem::new_with_prefix(&dir)?
            .with_automatic_cleanup(true);
        Ok(Files {
            store: Arc::new(store),
            prefix: Path::default(),
            part_size: 256 * 1024,
            describe: format!("local {}", dir.display()),
        })
    }

    /// Files in `s3://bucket/prefix`, with the credentials, region and endpoint of the
    /// `AWS_*` environment variables (`AWS_ENDPOINT_URL`, `AWS_ALLOW_HTTP=true` for a store
    /// on plain http).
    pub fn s3(url: &str) -> anyhow::Result<Self> {
        let parsed = url::Url::parse(url)?;
        anyhow::ensure!(
            parsed.scheme() == "s3",
            "--attachments-url must be s3://bucket/prefix (got {:?})",
            parsed.scheme()
        );
        let store = object_store::aws::AmazonS3Builder::from_env()
            .with_url(url)
            .build()?;
        let prefix = Path::from(parsed.path().trim_matches('/'));
        Ok(Files {
            store: Arc::new(store),
            prefix,
            part_size: 5 * 1024 * 1024,
            describe: format!("s3 {url}"),
        })
    }

    /// Local files, or the store `url` names (`s3://…`).
    pub fn open(data_dir: &FsPath, url: Option<&str>) -> anyhow::Result<Self> {
        match url.filter(|u| !u.trim().is_empty()) {
            Some(u) => Self::s3(u.trim()),
            None => Self::local(data_dir),
        }
    }

    fn path(&self, parts: &[&str]) -> Path {
        let mut p = self.prefix.clone();
        for part in parts {
            p = p.child(*part);
        }
        p
    }

    /// Starts writing the file of `attachment_id`.
    pub async fn writer(
        &self,
        domain_id: &str,
        channel_id: &str,
        attachment_id: &str,
    ) -> object_store::Result<Writer> {
        let path = self.path(&[domain_id, channel_id, attachment_id]);
        let upload = self.store.put_multipart(&path).await?;
        Ok(Writer {
            inner: WriteMultipart::new_with_chunk_size(upload, self.part_size),
        })
    }

    /// The file's bytes as a stream (`NotFound` when it is not there).
    pub async fn read(
        &self,
        domain_id: &str,
        channel_id: &str,
        attachment_id: &str,
    ) -> object_store::Result<BoxStream<'static, object_store::Result<Bytes>>> {
        let path = self.path(&[domain_id, channel_id, attachment_id]);
        Ok(self.store.get(&path).await?.into_stream())
    }

    /// Removes every file of the chat `channel_id` (of `domain_id`): for whatever removes a
    /// chat (retention, erasure). Their rows go with the chat's (the database cascades).
    pub async fn remove_channel_files(
        &self,
        domain_id: &str,
        channel_id: &str,
    ) -> object_store::Result<usize> {
        self.remove_prefix(self.path(&[domain_id, channel_id]))
            .await
    }

    /// Removes every file of the domain `domain_id` (when the domain is removed).
    pub async fn remove_domain_files(&self, domain_id: &str) -> object_store::Result<usize> {
        self.remove_prefix(self.path(&[domain_id])).await
    }

    async fn remove_prefix(&self, prefix: Path) -> object_store::Result<usize> {
        let listed = self
            .store
            .list(Some(&prefix))
            .map_ok(|m| m.location)
            .boxed();
        let removed: Vec<Path> = self.store.delete_stream(listed).try_collect().await?;
        Ok(removed.len())
    }
}
