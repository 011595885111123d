//! Writes the files generated from the wire types (`beckon_server::wire`): the widget's
//! `src/app/chat/core/wire.gen.ts` and the OpenAPI document `docs/openapi.json` (from which the
//! console's `src/api/schema.gen.ts` is generated, `npm run gen:api -w console`). Tests fail when a checked-in copy is stale (`tests/ts_export.rs`,
//! `tests/openapi.rs`).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Resolved from this crate so it works from any working directory.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let openapi = (
        beckon_server::api::http::openapi::CHECKED_IN,
        beckon_server::api::http::openapi::document().to_owned(),
    );
    let ts = beckon_server::wire::ts::files()
        .into_iter()
        .map(|f| (f.path, f.text));
    for (path, text) in ts.chain([openapi]) {
        let target = root.join(path);
        if let Err(e) = std::fs::write(&target, text) {
            eprintln!("gen-wire: cannot write {}: {e}", target.display());
            return ExitCode::from(1);
        }
        println!("wrote {path}");
    }
    ExitCode::SUCCESS
}
