//! Real `beckon serve` processes sharing one PostgreSQL schema and one Redis key prefix (so
//! tests running side by side never meet), on port 0.

#![allow(dead_code)]

use std::io::BufRead as _;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use beckon_store::{PgStore, Store, SystemClock};

use super::realtime::Endpoint;

const BIN: &str = env!("CARGO_BIN_EXE_beckon");
pub const SECRET: &str = "cluster-test-secret";
/// Agents' leases in these tests (sockets renew them every second).
pub const LEASE: Duration = Duration::from_secs(3);

/// Where the instances keep their state: a fresh PostgreSQL schema and Redis key prefix.
pub struct Cluster {
    pub db_url: String,
    pub schema: String,
    pub store: PgStore,
    pub redis_url: String,
    pub prefix: String,
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

impl Cluster {
    pub async fn new() -> Cluster {
        Self::with_redis(env("REDIS_URL_TEST").unwrap_or_default()).await
    }

    /// With a Redis of the test's own (restart tests). The tests that call it are ignored
    /// without `DATABASE_URL_TEST` and `REDIS_URL_TEST` (build.rs).
    pub async fn with_redis(redis_url: String) -> Cluster {
        let db = env("DATABASE_URL_TEST").expect("DATABASE_URL_TEST (PostgreSQL)");
        let id = uuid::Uuid::new_v4().simple().to_string();
        let schema = format!("beckon_cluster_{id}");
        let store = PgStore::connect_in_schema(&db, &schema, Arc::new(SystemClock))
            .await
            .unwrap_or_else(|e| panic!("PostgreSQL at DATABASE_URL_TEST: {e}"));
        let sep = if db.contains('?') { '&' } else { '?' };
        Cluster {
            db_url: format!("{db}{sep}options%5Bsearch_path%5D={schema}"),
            schema,
            store,
            redis_url,
            prefix: format!("beckon-test-{id}:"),
        }
    }

    pub fn store(&self) -> &dyn Store {
        &self.store
    }

    /// Starts one more instance.
    pub fn node(&self, name: &str) -> Node {
        self.node_with(name, &[])
    }

    /// Starts one more instance with more environment (flags as `BECKON_…` variables).
    pub fn node_with(&self, name: &str, env: &[(&str, &str)]) -> Node {
        let dir = tempfile::tempdir().unwrap();
        let static_dir = dir.path().join("static");
        std::fs::create_dir_all(&static_dir).unwrap();
        std::fs::write(static_dir.join("beckon.js"), "/*loader*/\n").unwrap();
        let mut child = Command::new(BIN)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .arg("--data-dir")
            .arg(dir.path().join("data"))
            .arg("--static-dir")
            .arg(&static_dir)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DATABASE_URL", &self.db_url)
            .env("REDIS_URL", &self.redis_url)
            .env("BECKON_REDIS_PREFIX", &self.prefix)
            .env("BECKON_SECRET", SECRET)
            .env("BECKON_AGENT_LEASE_SECONDS", LEASE.as_secs().to_string())
            .env("RUST_LOG", "info,sqlx=warn")
            .env("BECKON_METRICS", "true")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("beckon serve starts");
        // The address comes in the log; the rest of the log is kept for failures.
        let log = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        let (keep, label) = (log.clone(), name.to_owned());
        std::thread::spawn(move || {
            let mut tx = Some(tx);
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if let Some(rest) = line.split("listening on ").nth(1) {
                    if let Some(tx) = tx.take() {
                        let url = rest.split_whitespace().next().unwrap_or("").to_owned();
                        let _ = tx.send(url);
                    }
                }
                keep.lock().unwrap().push(format!("[{label}] {line}"));
            }
        });
        let url = match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(u) => u,
            Err(_) => {
                let _ = child.kill();
                panic!("{name} did not start:\n{}", log.lock().unwrap().join("\n"));
            }
        };
        Node {
            name: name.to_owned(),
            child,
            url,
            http: reqwest::Client::new(),
            log,
            _dir: dir,
        }
    }

    /// Drops the schema (a failed test leaves it behind for a look).
    pub async fn finish(self) {
        self.store.drop_schema(&self.schema).await.unwrap();
    }
}

/// One `beckon serve` process.
pub struct Node {
    pub name: String,
    child: Child,
    pub url: String,
    http: reqwest::Client,
    log: Arc<Mutex<Vec<String>>>,
    _dir: tempfile::TempDir,
}

impl Node {
    /// SIGKILL: no drain, no goodbye to anyone.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn log(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("{}", self.log());
        }
        self.kill();
    }
}

impl Endpoint for Node {
    fn base_url(&self) -> String {
        self.url.clone()
    }
    fn client(&self) -> &reqwest::Client {
        &self.http
    }
}
