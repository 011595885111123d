//! A real SMTP server of a test's own (mailin-embedded) on 127.0.0.1, keeping every message it
//! is given, parsed (mail-parser) as a mail client would read it.

use std::io;
use std::net::{IpAddr, TcpListener};
use std::sync::{Arc, Mutex};

use mailin_embedded::response::OK;
use mailin_embedded::{Handler, Response, Server, SslConfig};

/// One message as the server received it.
#[derive(Debug, Clone)]
pub struct Received {
    /// The envelope's sender and recipients (MAIL FROM, RCPT TO).
    pub from: String,
    pub to: Vec<String>,
    /// The message as sent: headers and MIME body.
    pub raw: Vec<u8>,
}

impl Received {
    pub fn parsed(&self) -> mail_parser::Message<'_> {
        mail_parser::MessageParser::default()
            .parse(&self.raw)
            .expect("a parsable message")
    }
    pub fn subject(&self) -> String {
        self.parsed().subject().unwrap_or("").to_owned()
    }
    /// The plain-text part, with the line breaks a reader sees (`\n`).
    pub fn text(&self) -> String {
        let text = self.parsed().body_text(0).unwrap_or_default().into_owned();
        text.replace("\r\n", "\n")
    }
    pub fn html(&self) -> String {
        self.parsed().body_html(0).unwrap_or_default().into_owned()
    }
    /// The raw header lines (before the first empty line).
    pub fn header_lines(&self) -> Vec<String> {
        let text = String::from_utf8_lossy(&self.raw);
        let head = text.split("\r\n\r\n").next().unwrap_or("").to_owned();
        head.split("\r\n").map(str::to_owned).collect()
    }
}

#[derive(Clone)]
struct Keep {
    inbox: Arc<Mutex<Vec<Received>>>,
    current: Option<Received>,
}

impl Handler for Keep {
    fn helo(&mut self, _ip: IpAddr, _domain: &str) -> Response {
        OK
    }
    fn data_start(&mut self, _domain: &str, from: &str, _is8bit: bool, to: &[String]) -> Response {
        self.current = Some(Received {
            from: from.to_owned(),
            to: to.to_vec(),
            raw: Vec::new(),
        });
        OK
    }
    fn data(&mut self, buf: &[u8]) -> io::Result<()> {
        if let Some(m) = &mut self.current {
            m.raw.extend_from_slice(buf);
        }
        Ok(())
    }
    fn data_end(&mut self) -> Response {
        if let Some(m) = self.current.take() {
            self.inbox.lock().unwrap().push(m);
        }
        OK
    }
}

pub struct SmtpServer {
    pub port: u16,
    inbox: Arc<Mutex<Vec<Received>>>,
}

impl SmtpServer {
    /// On a free port.
    pub fn start() -> Self {
        Self::on(TcpListener::bind("127.0.0.1:0").expect("a free port"))
    }

    /// On `port` (one a test reserved, to start the server after Beckon first tried it).
    pub fn start_on(port: u16) -> Self {
        Self::on(TcpListener::bind(("127.0.0.1", port)).expect("the reserved port"))
    }

    fn on(listener: TcpListener) -> Self {
        let port = listener.local_addr().unwrap().port();
        let inbox = Arc::new(Mutex::new(Vec::new()));
        let mut server = Server::new(Keep {
            inbox: inbox.clone(),
            current: None,
        });
        server
            .with_name("smtp.test")
            .with_ssl(SslConfig::None)
            .expect("no TLS")
            .with_tcp_listener(listener);
        // Serves until the test process ends.
        std::thread::spawn(move || {
            let _ = server.serve();
        });
        SmtpServer { port, inbox }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn received(&self) -> Vec<Received> {
        self.inbox.lock().unwrap().clone()
    }
}

/// A port nothing listens on (yet): for an SMTP server that is down.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
