//! `beckon-loadgen`: opens N visitor and M agent connections to the Beckon realtime hub,
//! holds them, drives conversations, and reports connections held, errors, the server's
//! memory per idle connection, visitor → agent delivery latency and message rates; then does
//! the same against a bare axum WebSocket broadcast server (the ceiling) in the same run.
//!
//! ```text
//! beckon-loadgen run --visitors 1000 --agents 4 [--beckon-bin target/release/beckon]
//! beckon-loadgen run --url http://127.0.0.1:8080 --server-pid 1234 …   (a running server)
//! beckon-loadgen run --instances 2 --database-url postgres://… --redis-url redis://… --no-baseline
//!     (several instances: visitors on all but the last, agents on the last, so every delivery
//!     crosses instances; Redis's cost is read with redis-cli)
//! beckon-loadgen bare-server --listen 127.0.0.1:0
//! beckon-loadgen report --out bench/results.md --command "…" run-1000.json run-15000.json
//! ```
//!
//! The files: `cli` (the command line), `run` (a run's legs: Beckon, then the bare baseline),
//! `servers` and `target` (the servers under test and Beckon's HTTP set-up), `load` (what every
//! leg puts on its servers), `client` (the visitor and agent connections), `bare` (the baseline
//! server), `stats`, `figures` and `report` (the numbers, their JSON and bench/results.md),
//! `redis_cost` (what a run costs Redis).

use anyhow::Context as _;
use clap::Parser;

mod bare;
mod cli;
mod client;
mod figures;
mod load;
mod outbound;
mod redis_cost;
mod report;
mod run;
mod servers;
mod stats;
mod target;

use cli::{Cli, Cmd};
use figures::RunFile;

/// Raises the soft open-files limit to the hard one (15 000 sockets need it); 0 when unknown.
fn raise_nofile() -> u64 {
    let nofile = || rlimit::getrlimit(rlimit::Resource::NOFILE);
    let Ok((_, hard)) = nofile() else {
        return 0;
    };
    rlimit::increase_nofile_limit(hard)
        .or_else(|_| nofile().map(|(soft, _)| soft))
        .unwrap_or(0)
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _ = stats::now_ns();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    match cli.command {
        Cmd::BareServer { listen } => {
            raise_nofile();
            rt.block_on(bare::serve(listen))
        }
        Cmd::Report {
            out,
            section: name,
            title,
            build,
            command,
            note,
            runs,
        } => {
            let mut files = Vec::new();
            for p in &runs {
                let text = std::fs::read_to_string(p)
                    .with_context(|| format!("cannot read {}", p.display()))?;
                files.push(serde_json::from_str::<RunFile>(&text)?);
            }
            let section = report::section(&name, &title, &build, &command, &files, &note);
            let old = std::fs::read_to_string(&out).unwrap_or_default();
            std::fs::write(&out, report::splice(&name, &old, &section))?;
            println!("{section}");
            Ok(())
        }
        Cmd::Run(args) => {
            let limit = raise_nofile();
            eprintln!("loadgen: open files limit {limit}");
            rt.block_on(run::run(args))
        }
    }
}
