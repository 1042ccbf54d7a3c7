//! The `shashki` command: play in the terminal, or answer other tools' questions.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("shashki: {error}");
            ExitCode::FAILURE
        }
    }
}
