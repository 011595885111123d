//! The deployment files (`Dockerfile`, `deploy/compose.yaml`, `deploy/nginx.conf`,
//! `deploy/Caddyfile`) parse, and agree with each other and with the binary: every variable
//! they set is one `beckon serve` reads (from clap's own description of its flags) and its value
//! parses as the flag would; the ports, the proxies' addresses and upstreams match.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use beckon_server::cli::Cli;
use clap::{ArgAction, CommandFactory as _, Parser as _};
use yaml_rust2::{Yaml, YamlLoader};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repo().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Variables read outside clap (`cli.rs`, `lib.rs`).
const ENV_ONLY: &[&str] = &["BECKON_SECRET", "RUST_LOG"];

/// `beckon serve`'s variables: name → (long flag, is a bare switch).
fn serve_env() -> BTreeMap<String, (String, bool)> {
    let cmd = Cli::command();
    let serve = cmd
        .get_subcommands()
        .find(|c| c.get_name() == "serve")
        .expect("a serve command");
    serve
        .get_arguments()
        .filter_map(|a| {
            let env = a.get_env()?.to_str()?.to_owned();
            let switch = matches!(a.get_action(), ArgAction::SetTrue);
            Some((env, (a.get_long()?.to_owned(), switch)))
        })
        .collect()
}

/// Compose's `${NAME:-default}` becomes the default, `${NAME:?message}` and `${NAME}` a sample.
fn interpolate(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(i) = rest.find("${") {
        out.push_str(&rest[..i]);
        let end = rest[i..].find('}').expect("a closed ${…}") + i;
        let inner = &rest[i + 2..end];
        match inner.split_once(":-") {
            Some((_, default)) => out.push_str(default),
            None => out.push_str("sample"),
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Checks every variable against the binary, then parses them all as `beckon serve` would.
fn check_serve_env(what: &str, env: &BTreeMap<String, String>) {
    let known = serve_env();
    let mut argv = vec!["beckon".to_owned(), "serve".to_owned()];
    for (name, value) in env {
        if ENV_ONLY.contains(&name.as_str()) {
            continue;
        }
        let Some((long, switch)) = known.get(name) else {
            panic!(
                "{what} sets {name}, which `beckon serve` does not read; it reads {:?} and {ENV_ONLY:?}",
                known.keys()
            );
        };
        let value = interpolate(value);
        if *switch {
            match value.as_str() {
                "true" => argv.push(format!("--{long}")),
                "false" => {}
                v => panic!("{what}: {name}={v:?}: a switch takes true or false"),
            }
        } else {
            argv.push(format!("--{long}={value}"));
        }
    }
    if let Err(e) = Cli::try_parse_from(&argv) {
        panic!("{what}: `{}` is refused: {e}", argv.join(" "));
    }
}

fn port_of(listen: &str) -> u16 {
    listen
        .parse::<std::net::SocketAddr>()
        .unwrap_or_else(|e| panic!("{listen:?}: {e}"))
        .port()
}

// ---------- Dockerfile ----------

/// `(instruction, arguments)`, continuation lines joined, comments dropped.
fn dockerfile() -> Vec<(String, String)> {
    let text = read("Dockerfile");
    let mut joined = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || (line.is_empty() && joined.is_empty()) {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(part) => {
                joined.push_str(part);
                joined.push(' ');
            }
            None => {
                joined.push_str(line);
                let (op, args) = joined.trim().split_once(' ').unwrap_or((joined.trim(), ""));
                out.push((op.to_uppercase(), args.trim().to_owned()));
                joined.clear();
            }
        }
    }
    out
}

/// `A=1 B=2` (the form the Dockerfile uses).
fn env_pairs(args: &str) -> Vec<(String, String)> {
    args.split_whitespace()
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("ENV NAME=value");
            (k.to_owned(), v.to_owned())
        })
        .collect()
}

#[test]
fn the_dockerfile_builds_in_stages_runs_as_a_user_and_sets_real_variables() {
    let ins = dockerfile();
    let froms: Vec<&String> = ins
        .iter()
        .filter(|(op, _)| op == "FROM")
        .map(|(_, a)| a)
        .collect();
    assert!(
        froms.len() >= 3,
        "web, server and runtime stages: {froms:?}"
    );
    let runtime = ins.iter().rposition(|(op, _)| op == "FROM").unwrap();
    let last = &ins[runtime..];
    // The runtime stage copies from the build stages and holds no toolchain of its own.
    assert!(!froms.last().unwrap().contains("rust") && !froms.last().unwrap().contains("node"));
    let user = last
        .iter()
        .find(|(op, _)| op == "USER")
        .map(|(_, a)| a.as_str())
        .expect("the runtime stage sets USER");
    assert!(!matches!(user, "root" | "0" | "0:0"), "USER {user}");

    let env: BTreeMap<String, String> = last
        .iter()
        .filter(|(op, _)| op == "ENV")
        .flat_map(|(_, a)| env_pairs(a))
        .collect();
    check_serve_env("Dockerfile", &env);
    let listen = env.get("BECKON_LISTEN").expect("ENV BECKON_LISTEN");
    assert!(
        listen.starts_with("0.0.0.0:"),
        "listen on every interface in a container"
    );
    let expose: u16 = last
        .iter()
        .find(|(op, _)| op == "EXPOSE")
        .map(|(_, a)| a.parse().unwrap())
        .expect("EXPOSE");
    assert_eq!(expose, port_of(listen), "EXPOSE matches BECKON_LISTEN");
    // The directories it points at are the ones the build copies in.
    for key in [
        "BECKON_STATIC_DIR",
        "BECKON_CONSOLE_DIR",
        "BECKON_AUDIO_DIR",
    ] {
        let dir = &env[key];
        assert!(
            last.iter()
                .any(|(op, a)| op == "COPY" && a.ends_with(&format!(" {dir}"))),
            "{key}={dir} is copied into the runtime stage"
        );
    }
    let cmd = last.iter().find(|(op, _)| op == "CMD").expect("CMD");
    assert_eq!(cmd.1, r#"["serve"]"#);
}

// ---------- compose ----------

fn compose() -> Yaml {
    let text = read("deploy/compose.yaml");
    let mut docs = YamlLoader::load_from_str(&text).expect("compose.yaml is YAML");
    docs.remove(0)
}

fn s(y: &Yaml) -> String {
    match y {
        Yaml::String(s) | Yaml::Real(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        other => panic!("a scalar expected, got {other:?}"),
    }
}

fn environment(service: &Yaml) -> BTreeMap<String, String> {
    service["environment"]
        .as_hash()
        .expect("environment as a map")
        .iter()
        .map(|(k, v)| (s(k), s(v)))
        .collect()
}

fn beckon_services(doc: &Yaml) -> Vec<(String, Yaml)> {
    doc["services"]
        .as_hash()
        .unwrap()
        .iter()
        .filter(|(_, svc)| svc["image"].as_str() == Some("beckon:local"))
        .map(|(k, v)| (s(k), v.clone()))
        .collect()
}

/// The image (without tag) of each service.
fn images(doc: &Yaml) -> BTreeMap<String, String> {
    doc["services"]
        .as_hash()
        .unwrap()
        .iter()
        .map(|(k, v)| {
            let image = v["image"].as_str().unwrap_or("").split(':').next().unwrap();
            (s(k), image.to_owned())
        })
        .collect()
}

/// Each proxy service's fixed address.
fn proxy_addresses(doc: &Yaml) -> BTreeMap<String, String> {
    doc["services"]
        .as_hash()
        .unwrap()
        .iter()
        .filter(|(_, v)| matches!(v["image"].as_str(), Some(i) if i.starts_with("nginx") || i.starts_with("caddy")))
        .map(|(k, v)| (s(k), s(&v["networks"]["beckon"]["ipv4_address"])))
        .collect()
}

#[test]
fn compose_runs_two_instances_on_postgres_and_redis_with_variables_the_binary_reads() {
    let doc = compose();
    let images = images(&doc);
    for image in ["postgres", "redis", "nginx"] {
        assert!(
            images.values().any(|i| i == image),
            "a {image} service: {images:?}"
        );
    }
    let instances = beckon_services(&doc);
    assert_eq!(instances.len(), 2, "two Beckon instances");
    let proxies = proxy_addresses(&doc);
    let subnet: ipnet::IpNet = s(&doc["networks"]["beckon"]["ipam"]["config"][0]["subnet"])
        .parse()
        .unwrap();
    for (name, svc) in &instances {
        let env = environment(svc);
        check_serve_env(&format!("compose service {name}"), &env);
        for key in [
            "DATABASE_URL",
            "REDIS_URL",
            "BECKON_SECRET",
            "BECKON_LISTEN",
        ] {
            assert!(env.contains_key(key), "{name} sets {key}");
        }
        // The URLs name the compose services that run them, on their default ports.
        let db = url::Url::parse(&interpolate(&env["DATABASE_URL"])).unwrap();
        assert_eq!(db.scheme(), "postgres");
        assert_eq!(images[db.host_str().unwrap()], "postgres");
        assert_eq!(db.port(), Some(5432));
        let redis = url::Url::parse(&env["REDIS_URL"]).unwrap();
        assert_eq!(images[redis.host_str().unwrap()], "redis");
        assert_eq!(redis.port(), Some(6379));
        // Every proxy's X-Forwarded-For is believed, and nothing else.
        let trusted: BTreeSet<&str> = env["BECKON_TRUSTED_PROXIES"].split(',').collect();
        let addresses: BTreeSet<&str> = proxies.values().map(String::as_str).collect();
        assert_eq!(trusted, addresses);
        for a in &addresses {
            assert!(subnet.contains(&a.parse::<std::net::IpAddr>().unwrap()));
        }
        for dep in ["postgres", "redis"] {
            assert_eq!(
                svc["depends_on"][dep]["condition"].as_str(),
                Some("service_healthy"),
                "{name} waits for {dep}"
            );
        }
        assert_eq!(svc["build"]["dockerfile"].as_str(), Some("Dockerfile"));
    }
}

// ---------- nginx ----------

#[derive(Debug)]
struct Directive {
    name: String,
    args: Vec<String>,
    block: Vec<Directive>,
}

fn nginx_tokens(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap();
        let mut word = String::new();
        let mut quoted = false;
        for c in line.chars() {
            match c {
                '\'' => {
                    if quoted {
                        tokens.push(std::mem::take(&mut word));
                    }
                    quoted = !quoted;
                }
                _ if quoted => word.push(c),
                '{' | '}' | ';' => {
                    if !word.is_empty() {
                        tokens.push(std::mem::take(&mut word));
                    }
                    tokens.push(c.to_string());
                }
                c if c.is_whitespace() => {
                    if !word.is_empty() {
                        tokens.push(std::mem::take(&mut word));
                    }
                }
                c => word.push(c),
            }
        }
        assert!(!quoted, "an unclosed quote in {line:?}");
        if !word.is_empty() {
            tokens.push(word);
        }
    }
    tokens
}

fn nginx_block(tokens: &mut std::iter::Peekable<std::vec::IntoIter<String>>) -> Vec<Directive> {
    let mut out = Vec::new();
    while let Some(t) = tokens.next() {
        if t == "}" {
            return out;
        }
        let mut args = Vec::new();
        loop {
            let next = tokens.next().expect("a directive ends with ; or a block");
            match next.as_str() {
                ";" => {
                    out.push(Directive {
                        name: t,
                        args,
                        block: Vec::new(),
                    });
                    break;
                }
                "{" => {
                    let block = nginx_block(tokens);
                    out.push(Directive {
                        name: t,
                        args,
                        block,
                    });
                    break;
                }
                _ => args.push(next),
            }
        }
    }
    out
}

fn find<'a>(ds: &'a [Directive], name: &str, args: &[&str]) -> &'a Directive {
    ds.iter()
        .find(|d| d.name == name && d.args.iter().map(String::as_str).eq(args.iter().copied()))
        .unwrap_or_else(|| panic!("nginx.conf: no `{name} {}`", args.join(" ")))
}

fn has(ds: &[Directive], name: &str, args: &[&str]) -> bool {
    ds.iter()
        .any(|d| d.name == name && d.args.iter().map(String::as_str).eq(args.iter().copied()))
}

#[test]
fn nginx_spreads_over_every_instance_passes_websocket_upgrades_and_hides_metrics() {
    let conf = nginx_block(
        &mut nginx_tokens(&read("deploy/nginx.conf"))
            .into_iter()
            .peekable(),
    );
    let doc = compose();
    let instances = beckon_services(&doc);
    let port = port_of(&environment(&instances[0].1)["BECKON_LISTEN"]);

    let upstream = find(&conf, "upstream", &["beckon"]);
    let servers: BTreeSet<String> = upstream
        .block
        .iter()
        .filter(|d| d.name == "server")
        .map(|d| d.args[0].clone())
        .collect();
    let expected: BTreeSet<String> = instances
        .iter()
        .map(|(name, _)| format!("{name}:{port}"))
        .collect();
    assert_eq!(
        servers, expected,
        "the upstream lists every instance on its port"
    );

    let server = find(&conf, "server", &[]);
    let listen = find(&server.block, "listen", &["80"]);
    assert_eq!(listen.args, ["80"]);
    let proxy = &doc["services"]["proxy"];
    assert_eq!(s(&proxy["ports"][0]), "8080:80");
    assert!(s(&proxy["volumes"][0]).starts_with("./nginx.conf:"));

    let realtime = find(&server.block, "location", &["=", "/api/v1/realtime"]);
    for header in [
        &["Upgrade", "$http_upgrade"][..],
        &["Connection", "$connection_upgrade"],
        &["Host", "$host"],
        &["X-Forwarded-For", "$proxy_add_x_forwarded_for"],
    ] {
        assert!(
            has(&realtime.block, "proxy_set_header", header),
            "the realtime location sets {header:?} (a location with its own headers inherits none)"
        );
    }
    assert!(has(&realtime.block, "proxy_pass", &["http://beckon"]));
    let read_timeout = find(&realtime.block, "proxy_read_timeout", &["120s"]);
    assert!(read_timeout.args[0] == "120s");
    let map = find(&conf, "map", &["$http_upgrade", "$connection_upgrade"]);
    assert!(has(&map.block, "default", &["upgrade"]));
    assert!(has(&server.block, "proxy_http_version", &["1.1"]));
    let metrics = find(&server.block, "location", &["=", "/metrics"]);
    assert!(has(&metrics.block, "return", &["404"]));
    assert!(has(
        &find(&server.block, "location", &["/"]).block,
        "proxy_pass",
        &["http://beckon"]
    ));
}

// ---------- Caddy ----------

#[test]
fn caddy_spreads_over_every_instance_checks_readiness_and_hides_metrics() {
    let text = read("deploy/Caddyfile");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let opens = text.matches('{').count();
    assert_eq!(opens, text.matches('}').count(), "balanced braces");
    let doc = compose();
    let instances = beckon_services(&doc);
    let port = port_of(&environment(&instances[0].1)["BECKON_LISTEN"]);
    let upstreams: BTreeSet<String> = lines
        .iter()
        .find_map(|l| l.strip_prefix("reverse_proxy "))
        .expect("a reverse_proxy")
        .trim_end_matches('{')
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let expected: BTreeSet<String> = instances
        .iter()
        .map(|(name, _)| format!("{name}:{port}"))
        .collect();
    assert_eq!(upstreams, expected);
    assert!(lines.contains(&"health_uri /readyz"));
    assert!(lines.contains(&"respond /metrics 404"));
    let caddy = &doc["services"]["caddy"];
    assert!(s(&caddy["volumes"][0]).starts_with("./Caddyfile:"));
}
