//! A real S3-compatible server on 127.0.0.1 for the tests: `s3s` (the S3 protocol, SigV4
//! signatures checked) over `s3s-fs` (objects as files in a temp dir), served by hyper in this
//! process.

#![allow(dead_code)]

use std::path::PathBuf;

use hyper_util::rt::TokioIo;
use s3s::auth::SimpleAuth;
use s3s::service::S3ServiceBuilder;

pub const ACCESS_KEY: &str = "beckon-test-key";
pub const SECRET_KEY: &str = "beckon-test-secret-key";

pub struct S3Server {
    /// `http://127.0.0.1:PORT`
    pub endpoint: String,
    /// Where the objects are: `{root}/{bucket}/{key}`.
    pub root: PathBuf,
    _dir: tempfile::TempDir,
    task: tokio::task::JoinHandle<()>,
}

impl S3Server {
    /// A server holding one empty bucket, `bucket`.
    pub async fn start(bucket: &str) -> S3Server {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        std::fs::create_dir_all(root.join(bucket)).unwrap();
        let fs = s3s_fs::FileSystem::new(&root).expect("s3s-fs root");
        let mut b = S3ServiceBuilder::new(fs);
        b.set_auth(SimpleAuth::from_single(ACCESS_KEY, SECRET_KEY));
        let service = b.build().into_shared();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        let task = tokio::spawn(async move {
            loop {
                let Ok((socket, _)) = listener.accept().await else {
                    continue;
                };
                let service = service.clone();
                tokio::spawn(async move {
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(socket), service)
                        .await;
                });
            }
        });
        S3Server {
            endpoint,
            root,
            _dir: dir,
            task,
        }
    }

    /// The environment a `beckon serve` needs to keep its files here, under `s3://{bucket}/{prefix}`.
    pub fn env(&self, bucket: &str, prefix: &str) -> Vec<(&'static str, String)> {
        vec![
            ("BECKON_ATTACHMENTS_URL", format!("s3://{bucket}/{prefix}")),
            ("AWS_ACCESS_KEY_ID", ACCESS_KEY.into()),
            ("AWS_SECRET_ACCESS_KEY", SECRET_KEY.into()),
            ("AWS_REGION", "us-east-1".into()),
            ("AWS_ENDPOINT_URL", self.endpoint.clone()),
            ("AWS_ALLOW_HTTP", "true".into()),
        ]
    }

    /// Every object's path under the root.
    pub fn objects(&self) -> Vec<PathBuf> {
        fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else {
                    out.push(p);
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.root, &mut out);
        // s3s-fs keeps its own bookkeeping (uploads in progress, checksums) in dot files.
        out.retain(|p| {
            !p.strip_prefix(&self.root)
                .unwrap_or(p)
                .components()
                .any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
        });
        out
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}
