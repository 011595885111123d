//! `check-config FILE`: validates a Beckon config file (`-` reads standard input).
//! Exit 0 and `ok: N buttons, M actions` when valid; exit 1 and one `path: message` line per
//! problem when not; exit 2 when the file cannot be read.

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file] = &args[..] else {
        eprintln!("usage: check-config FILE   (FILE may be - for standard input)");
        return ExitCode::from(2);
    };
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(file)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("check-config: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    match beckon_model::validate(&text) {
        Ok(config) => {
            println!("{}", beckon_model::summary(&config));
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in &problems {
                println!("{p}");
            }
            ExitCode::from(1)
        }
    }
}
