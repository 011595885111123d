//! Writes the TypeScript declarations of the wire types (`beckon_server::wire::ts`): the
//! console's `src/api/wire.gen.ts` and the widget's `src/app/chat/core/wire.gen.ts`.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Resolved from this crate so it works from any working directory.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    for f in beckon_server::wire::ts::files() {
        let target = root.join(f.path);
        if let Err(e) = std::fs::write(&target, f.text) {
            eprintln!("gen-ts: cannot write {}: {e}", target.display());
            return ExitCode::from(1);
        }
        println!("wrote {}", f.path);
    }
    ExitCode::SUCCESS
}
