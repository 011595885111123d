use clap::Parser as _;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    beckon_server::cli::run(beckon_server::cli::Cli::parse()).await
}
