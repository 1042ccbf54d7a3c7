//! The `shashki` command: play in the terminal, or answer other tools' questions.

mod app;
#[cfg(test)]
mod message_ids;

use app::cli;

use std::io::IsTerminal;
use std::process::ExitCode;

use app::console::Lang;

fn main() -> ExitCode {
    let mut args: Vec<_> = std::env::args_os().collect();
    // The language of the help, the refusals, the errors and the console.
    let lang = cli::take_lang(&mut args).unwrap_or_else(|| {
        Lang::from_locale(
            |name| std::env::var(name).ok(),
            app::platform::interface_language,
        )
    });
    let code = run(&args, lang);
    if app::platform::console_of_its_own()
        && std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
    {
        app::console::hold_the_window(lang);
    }
    code
}

/// Parses `args` and runs the command they name, in `lang`.
fn run(args: &[std::ffi::OsString], lang: Lang) -> ExitCode {
    let chosen = match cli::parse(args, lang) {
        Ok(chosen) => chosen,
        Err(refusal) => return refusal.report(),
    };
    match cli::run(chosen, lang) {
        Ok(code) => code,
        // A reader that stops early (`shashki moves | head -1`) is not a failure.
        Err(error) if is_broken_pipe(error.as_ref()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("shashki: {}", cli::describe(error.as_ref(), lang));
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(error: &(dyn std::error::Error + 'static)) -> bool {
    error
        .downcast_ref::<std::io::Error>()
        .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}
