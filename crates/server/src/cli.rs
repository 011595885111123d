//! `beckon` sub-commands (clap): `serve`, `check-config`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use ipnet::IpNet;

use crate::config::ServeConfig;

#[derive(Debug, Parser)]
#[command(
    name = "beckon",
    version,
    about = "Beckon: call-to-action buttons and live chat"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the server.
    Serve(ServeArgs),
    /// Validate a widget config file (JSON, spec §3.1); exit 0 when valid, 1 when not, 2 when
    /// the file cannot be read.
    CheckConfig {
        /// The config file.
        file: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "BECKON_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Directory for the SQLite database and the server secret.
    #[arg(long, env = "BECKON_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// sqlite:PATH or postgres://…; default: the SQLite file {data-dir}/beckon.db.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Public origin of this server, e.g. https://chat.example.com; used in hosted embeds.
    #[arg(long, env = "BECKON_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Directory of the built widget, served under /static/ [default: web/widget/dist].
    #[arg(long, env = "BECKON_STATIC_DIR")]
    pub static_dir: Option<PathBuf>,
    /// Directory of the chat sounds, served under /static/audio/ [default: web/widget/audio].
    #[arg(long, env = "BECKON_AUDIO_DIR")]
    pub audio_dir: Option<PathBuf>,
    /// MaxMind-format database (.mmdb) for the geo lookup.
    #[arg(long, env = "BECKON_GEOIP_DB")]
    pub geoip_db: Option<PathBuf>,
    /// Proxy address or CIDR whose X-Forwarded-For is trusted (repeatable, or comma-separated
    /// in the environment).
    #[arg(long = "trusted-proxy", env = "BECKON_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_net)]
    pub trusted_proxies: Vec<IpNet>,
}

/// `10.0.0.0/8`, or a bare address meaning just that host.
fn parse_net(s: &str) -> Result<IpNet, String> {
    let s = s.trim();
    if let Ok(n) = s.parse::<IpNet>() {
        return Ok(n);
    }
    s.parse::<std::net::IpAddr>()
        .map(IpNet::from)
        .map_err(|_| format!("{s:?} is not an IP address or CIDR block"))
}

impl ServeArgs {
    pub fn into_config(self) -> ServeConfig {
        let mut c = ServeConfig::new(self.data_dir);
        c.listen = self.listen;
        c.database_url = self.database_url;
        c.public_url = self
            .public_url
            .map(|u| u.trim().trim_end_matches('/').to_owned())
            .filter(|u| !u.is_empty());
        if let Some(d) = self.static_dir {
            c.static_dir = d;
        }
        if let Some(d) = self.audio_dir {
            c.audio_dir = d;
        }
        c.geoip_db = self.geoip_db;
        c.trusted_proxies = self.trusted_proxies;
        c.secret = std::env::var("BECKON_SECRET")
            .ok()
            .filter(|s| !s.is_empty());
        c
    }
}

/// Runs a parsed command line; the process exit code.
pub async fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Serve(args) => {
            crate::init_tracing();
            match crate::serve(args.into_config()).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    tracing::error!("{e:#}");
                    eprintln!("beckon: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::CheckConfig { file } => check_config(&file),
    }
}

/// `beckon check-config FILE`.
pub fn check_config(file: &std::path::Path) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("beckon: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    match beckon_model::validate(&text) {
        Ok(config) => {
            println!("{}: {}", file.display(), beckon_model::summary(&config));
            ExitCode::SUCCESS
        }
        Err(problems) => {
            eprintln!("{}: {} problem(s)", file.display(), problems.len());
            for p in &problems {
                eprintln!("  {p}");
            }
            ExitCode::from(1)
        }
    }
}
