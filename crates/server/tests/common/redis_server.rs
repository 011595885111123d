//! A `redis-server` of a test's own, on a free port, without persistence: for tests that
//! restart Redis (the shared one at REDIS_URL_TEST must not be restarted under other tests).

#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct RedisServer {
    port: u16,
    child: Child,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn spawn(port: u16) -> Child {
    let mut child = Command::new("redis-server")
        .args([
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("redis-server on the PATH");
    // Up when it answers PING.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !answers_ping(port) {
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("redis-server did not start on {port}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

fn answers_ping(port: u16) -> bool {
    redis::Client::open(format!("redis://127.0.0.1:{port}"))
        .and_then(|c| c.get_connection())
        .is_ok_and(|mut c| redis::cmd("PING").query::<String>(&mut c).is_ok())
}

impl RedisServer {
    pub fn start() -> Self {
        let port = free_port();
        RedisServer {
            port,
            child: spawn(port),
        }
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Killed (-9, nothing saved) and started again on the same port.
    pub fn restart(&mut self) {
        self.stop();
        self.child = spawn(self.port);
    }

    /// Killed; [`Self::restart`] brings it back.
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
    }
}
