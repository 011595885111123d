//! `beckon` sub-commands (clap): `serve`, `check-config`, `user add`, `seed-demo`.

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
    /// Run the server (boxed: its flags outweigh the other commands).
    Serve(Box<ServeArgs>),
    /// Validate a widget config file (JSON, spec §3.1); exit 0 when valid, 1 when not, 2 when
    /// the file cannot be read.
    CheckConfig {
        /// The config file.
        file: PathBuf,
    },
    /// Manage owner and agent accounts.
    #[command(subcommand)]
    User(UserCommand),
    /// Create (idempotently) the demo organisation, its owner and agent (password `demo`,
    /// demo only) and the demo domain `localhost` with the demo config, published.
    SeedDemo {
        #[command(flatten)]
        db: DbArgs,
        /// Where the server is reached, for the printed links.
        #[arg(
            long,
            env = "BECKON_PUBLIC_URL",
            default_value = "http://127.0.0.1:8080"
        )]
        public_url: String,
    },
    /// Print, as JSON, everything kept about the visitors who gave this e-mail address in a
    /// chat, on every domain: their conversations, messages and files (GDPR art. 15 and 20).
    Export {
        #[arg(long)]
        email: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Erase the conversations, messages and files of the visitors who gave this e-mail
    /// address in a chat, on every domain.
    Erase {
        #[arg(long)]
        email: String,
        #[command(flatten)]
        db: DbArgs,
        /// Where chat files are kept, as `serve --attachments-url` (default: {data-dir}/attachments).
        #[arg(long, env = "BECKON_ATTACHMENTS_URL")]
        attachments_url: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Add an account. The first owner creates the organisation (named by --org, or after
    /// the owner); an agent joins the organisation --org names (id or name), or the only one.
    Add {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        #[arg(long, value_parser = ["owner", "agent"])]
        role: String,
        /// Organisation id or name.
        #[arg(long)]
        org: Option<String>,
        /// Read the password from the first line of standard input (required).
        #[arg(long)]
        password_stdin: bool,
        #[command(flatten)]
        db: DbArgs,
    },
}

/// Which database an admin command works on (as `serve` would).
#[derive(Debug, Args)]
pub struct DbArgs {
    /// Directory for the SQLite database.
    #[arg(long, env = "BECKON_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// sqlite:PATH or postgres://…; default: the SQLite file {data-dir}/beckon.db.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
}

impl DbArgs {
    async fn open(&self) -> anyhow::Result<std::sync::Arc<dyn beckon_store::Store>> {
        let mut c = ServeConfig::new(self.data_dir.clone());
        c.database_url = self.database_url.clone();
        open_store(&c).await
    }
}

async fn open_store(c: &ServeConfig) -> anyhow::Result<std::sync::Arc<dyn beckon_store::Store>> {
    use anyhow::Context as _;
    if c.database_url
        .as_deref()
        .is_none_or(|u| u.starts_with("sqlite:") || u.trim().is_empty())
    {
        std::fs::create_dir_all(&c.data_dir).with_context(|| {
            format!("cannot create the data directory {}", c.data_dir.display())
        })?;
    }
    beckon_store::connect(
        &c.database_url(),
        std::sync::Arc::new(beckon_store::SystemClock),
    )
    .await
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
    /// Directory of the built console, served under /console/ [default: web/console/dist].
    #[arg(long, env = "BECKON_CONSOLE_DIR")]
    pub console_dir: Option<PathBuf>,
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
    /// Seconds browsers and CDNs may reuse a hosted embed (/d/{id}.js) before asking again. 0
    /// (the default): every page view revalidates it (a cheap 304 while nothing changed), so a
    /// publication shows on the next page view; above 0, it may take that long.
    #[arg(long, env = "BECKON_EMBED_MAX_AGE", default_value_t = 0)]
    pub embed_max_age: u32,
    /// Let anyone create an account and an organisation at /console/ (sign-up). Off by
    /// default: accounts come from `beckon user add` and owners' Agents screen.
    #[arg(long, env = "BECKON_ALLOW_SIGNUP")]
    pub allow_signup: bool,
    /// Open connections one client address may hold (IPv6: per /64); trusted proxies are
    /// exempt. More are answered 429 and closed.
    #[arg(long, env = "BECKON_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = crate::infra::listener::ConnLimits::default().per_address)]
    pub max_connections_per_address: usize,
    /// redis://… (or rediss://…): run as one of several instances behind a load balancer,
    /// sharing realtime events and agent presence through Redis or Valkey. Needs PostgreSQL
    /// and BECKON_SECRET (the same on every instance).
    #[arg(long, env = "REDIS_URL", hide_env_values = true)]
    pub redis_url: Option<String>,
    /// Where chat files are kept: s3://bucket/prefix (credentials, region and endpoint from the
    /// usual AWS_* variables; AWS_ENDPOINT_URL and AWS_ALLOW_HTTP=true for an S3-compatible
    /// store on plain http). Default: {data-dir}/attachments. Several instances need a shared
    /// store (docs/attachments.md).
    #[arg(long, env = "BECKON_ATTACHMENTS_URL")]
    pub attachments_url: Option<String>,
    /// Prefix of Beckon's Redis keys and channels (to share one Redis between deployments).
    #[arg(long, env = "BECKON_REDIS_PREFIX", default_value = "beckon:")]
    pub redis_prefix: String,
    /// Seconds an agent's presence lease lasts without renewal (sockets renew it every third
    /// of it): how soon the agents of an instance that died show as away.
    #[arg(long, env = "BECKON_AGENT_LEASE_SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(3..=3600))]
    pub agent_lease_seconds: u64,
    /// Record Prometheus metrics and answer GET /metrics with them (keep /metrics off the public
    /// internet: see docs/deploy.md).
    #[arg(long, env = "BECKON_METRICS")]
    pub metrics: bool,
    /// Outgoing e-mail, for the notifications: smtp://[user:pass@]host[:port] (STARTTLS when
    /// the server offers it) or smtps://… (TLS). Without it nothing is mailed.
    #[arg(long, env = "BECKON_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of Beckon's mail: "Name <address>" or an address (needed with --smtp-url).
    #[arg(long, env = "BECKON_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// Where a visitor's reply to one of Beckon's mails goes, when a person reads it there
    /// ("Name <address>" or an address). Unset, the mails to visitors carry no Reply-To and say
    /// that replies are not read: the link in the mail continues the conversation.
    #[arg(long, env = "BECKON_MAIL_REPLY_TO")]
    pub mail_reply_to: Option<String>,
    /// Seconds a visitor's message may wait unread before the agents who are not online are
    /// mailed about it (at most one mail per conversation in that time); 0 mails at once.
    #[arg(long, env = "BECKON_NOTIFY_DELAY_SECONDS", default_value_t = 120)]
    pub notify_delay_seconds: u64,
    /// Let outbound requests (Web Push, webhooks) use http and reach loopback and private
    /// addresses. Off by default: a push endpoint or webhook URL is someone else's choice and
    /// could be aimed at this server's own network.
    #[arg(long, env = "BECKON_ALLOW_PRIVATE_OUTBOUND")]
    pub allow_private_outbound: bool,
    /// Before serving, create the demo organisation, accounts and domain (see `seed-demo`).
    #[arg(long)]
    pub seed_demo: bool,
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
        if let Some(d) = self.console_dir {
            c.console_dir = d;
        }
        if let Some(d) = self.audio_dir {
            c.audio_dir = d;
        }
        c.geoip_db = self.geoip_db;
        c.trusted_proxies = self.trusted_proxies;
        c.embed_max_age = std::time::Duration::from_secs(self.embed_max_age.into());
        c.allow_signup = self.allow_signup;
        c.connections.per_address = self.max_connections_per_address;
        c.redis_url = self
            .redis_url
            .map(|u| u.trim().to_owned())
            .filter(|u| !u.is_empty());
        c.redis_prefix = self.redis_prefix;
        c.attachments_url = self
            .attachments_url
            .map(|u| u.trim().to_owned())
            .filter(|u| !u.is_empty());
        c.realtime.lease_ttl = std::time::Duration::from_secs(self.agent_lease_seconds);
        c.realtime.heartbeat = c.realtime.heartbeat.min(c.realtime.lease_ttl / 3);
        c.metrics = self.metrics;
        let given = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        c.smtp_url = given(self.smtp_url);
        c.mail_from = given(self.mail_from);
        c.mail_reply_to = given(self.mail_reply_to);
        c.notify_delay = std::time::Duration::from_secs(self.notify_delay_seconds);
        c.allow_private_outbound = self.allow_private_outbound;
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
            let seed = args.seed_demo;
            let config = args.into_config();
            if seed {
                let origin = config
                    .public_url
                    .clone()
                    .unwrap_or_else(|| format!("http://{}", config.listen));
                if let Err(e) = seed_demo(open_store(&config).await, &origin).await {
                    eprintln!("beckon: {e:#}");
                    return ExitCode::FAILURE;
                }
            }
            match crate::serve(config).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    tracing::error!("{e:#}");
                    eprintln!("beckon: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::CheckConfig { file } => check_config(&file),
        Command::SeedDemo { db, public_url } => {
            match seed_demo(db.open().await, public_url.trim_end_matches('/')).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("beckon: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Export { email, db } => printed(export(db, &email).await),
        Command::Erase {
            email,
            db,
            attachments_url,
        } => printed(erase(db, attachments_url, &email).await),
        Command::User(UserCommand::Add {
            email,
            name,
            role,
            org,
            password_stdin,
            db,
        }) => {
            if !password_stdin {
                eprintln!("beckon: give the password on standard input with --password-stdin");
                return ExitCode::from(2);
            }
            let mut password = String::new();
            if let Err(e) = std::io::stdin().read_line(&mut password) {
                eprintln!("beckon: cannot read the password from standard input: {e}");
                return ExitCode::from(2);
            }
            let password = password.trim_end_matches(['\r', '\n']).to_owned();
            let role: beckon_store::Role = role.parse().expect("clap checked the role");
            printed(user_add(db, email, name, role, org, password).await)
        }
    }
}

/// A command's outcome: its output printed (exit 0), or its error (exit 1).
fn printed(outcome: anyhow::Result<String>) -> ExitCode {
    match outcome {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("beckon: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn seed_demo(
    store: anyhow::Result<std::sync::Arc<dyn beckon_store::Store>>,
    origin: &str,
) -> anyhow::Result<()> {
    let store = store?;
    let seed = crate::service::accounts::demo::seed_demo(store.as_ref()).await?;
    print!("{}", crate::service::accounts::demo::banner(&seed, origin));
    Ok(())
}

/// The address a visitor gave, or why it is not one.
fn visitor_email(email: &str) -> anyhow::Result<&str> {
    let email = email.trim();
    anyhow::ensure!(
        beckon_model::is_email(email),
        "--email: give the e-mail address the visitor entered in the chat, such as ann@example.com"
    );
    Ok(email)
}

/// `beckon export`: the visitor's data as JSON.
async fn export(db: DbArgs, email: &str) -> anyhow::Result<String> {
    let email = visitor_email(email)?;
    let store = db.open().await?;
    let export = crate::service::chat::erasure::export(&*store, None, email).await?;
    Ok(serde_json::to_string_pretty(&export)?)
}

/// `beckon erase`: a line saying what went.
async fn erase(db: DbArgs, files_url: Option<String>, email: &str) -> anyhow::Result<String> {
    let email = visitor_email(email)?;
    let store = db.open().await?;
    let files = crate::infra::attachments::Files::open(&db.data_dir, files_url.as_deref())?;
    let erased = crate::service::chat::erasure::erase(&*store, &files, None, email).await?;
    Ok(format!(
        "erased {} conversation(s) and {} file(s) of {email}",
        erased.conversations, erased.files
    ))
}

/// `beckon user add`: the line to print on success.
async fn user_add(
    db: DbArgs,
    email: String,
    name: String,
    role: beckon_store::Role,
    org: Option<String>,
    password: String,
) -> anyhow::Result<String> {
    use crate::service::accounts::users::{account_problems, create_account, NewAccount};
    use beckon_store::Role;
    let problems = account_problems(&email, &name, Some(&password));
    if !problems.is_empty() {
        let list: Vec<String> = problems
            .iter()
            .map(|p| format!("{}: {}", p.path, p.message))
            .collect();
        anyhow::bail!("invalid account: {}", list.join("; "));
    }
    let store = db.open().await?;
    let normalised = crate::service::accounts::users::normalise_email(&email);
    if store.get_user_by_email(&normalised).await.is_ok() {
        anyhow::bail!("a user with the e-mail {normalised} exists");
    }
    let orgs = store.list_organisations().await?;
    let wanted = org.as_deref().map(str::trim).filter(|o| !o.is_empty());
    let found = match wanted {
        Some(o) => orgs.iter().find(|x| x.id == o).or_else(|| {
            let mut by_name = orgs.iter().filter(|x| x.name.eq_ignore_ascii_case(o));
            match (by_name.next(), by_name.next()) {
                (Some(x), None) => Some(x),
                _ => None,
            }
        }),
        None if role == Role::Agent && orgs.len() == 1 => orgs.first(),
        None => None,
    };
    let organisation = match (found, role) {
        (Some(o), _) => o.clone(),
        (None, Role::Owner) => {
            let org_name =
                wanted.map_or_else(|| format!("{}'s organisation", name.trim()), str::to_owned);
            store.create_organisation(&org_name).await?
        }
        (None, Role::Agent) => match wanted {
            Some(o) => anyhow::bail!("no organisation with the id or name {o:?}"),
            None if orgs.is_empty() => {
                anyhow::bail!("there is no organisation yet: add an owner first")
            }
            None => anyhow::bail!(
                "there are {} organisations: name one with --org (id or name)",
                orgs.len()
            ),
        },
    };
    let user = create_account(
        store.as_ref(),
        NewAccount {
            org_id: organisation.id.clone(),
            email,
            name,
            role,
            password,
        },
    )
    .await
    .map_err(|e| anyhow::anyhow!("{}", e.message))?;
    Ok(format!(
        "added {} {} (user {}) to the organisation {:?} (id {})",
        user.role.as_ref(),
        user.email,
        user.id,
        organisation.name,
        organisation.id
    ))
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
