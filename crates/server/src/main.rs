use clap::Parser as _;

fn main() -> std::process::ExitCode {
    // Before the runtime's threads exist (see infra/alloc.rs).
    beckon_server::infra::alloc::return_large_blocks();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("the tokio runtime starts")
        .block_on(beckon_server::cli::run(beckon_server::cli::Cli::parse()))
}
