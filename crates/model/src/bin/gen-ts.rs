//! Writes the TypeScript declarations of the config to web/widget/src/config/types.gen.ts
//! (or to the path given as the only argument).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let target = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            // Resolved from this crate so it works from any working directory.
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(beckon_model::ts::TS_FILE)
        });
    match std::fs::write(&target, beckon_model::ts::typescript()) {
        Ok(()) => {
            println!("wrote {}", target.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen-ts: cannot write {}: {e}", target.display());
            ExitCode::FAILURE
        }
    }
}
