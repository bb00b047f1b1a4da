//! `exactcover completions SHELL` and `exactcover man`: what a package
//! installs beside the binary, written from the same clap definition as
//! `--help`, so that neither can fall behind the options.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, Command};
use clap_complete::Shell;

use crate::output;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell the script is for.
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

/// Writes the completion script of `shell` for the command `cli`.
pub fn completions(args: &CompletionsArgs, mut cli: Command) -> io::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "exactcover", &mut script);
    write_out(&script)
}

/// Writes the man page of `cli`: the page of the command as a whole, then
/// a section for each subcommand with its synopsis, what it does and its
/// options.
pub fn man(cli: Command) -> io::Result<ExitCode> {
    let mut cli = cli.disable_help_subcommand(true);
    cli.build();
    let mut top = Vec::new();
    clap_mangen::Man::new(cli.clone()).render(&mut top)?;
    let mut top = String::from_utf8_lossy(&top).into_owned();
    let mut sections = String::new();
    for sub in cli.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        let name = format!("exactcover {}", sub.get_name());
        // The list of subcommands points to their sections of this page,
        // not to pages of their own.
        top = top.replace(
            &format!("exactcover\\-{}(1)\n", sub.get_name()),
            &format!("\\fBexactcover {}\\fR\n", sub.get_name()),
        );
        let man = clap_mangen::Man::new(sub.clone().bin_name(&name).display_name(&name));
        // The subcommand's own SYNOPSIS, DESCRIPTION and OPTIONS become one
        // section named after it, with two subsections; the preamble that
        // each part repeats is said once, at the top.
        let mut section = Vec::new();
        man.render_synopsis_section(&mut section)?;
        man.render_description_section(&mut section)?;
        man.render_options_section(&mut section)?;
        let section = String::from_utf8_lossy(&section)
            .replace(
                ".SH SYNOPSIS\n",
                &format!(".SH \"{}\"\n", name.to_uppercase()),
            )
            .replace(".SH DESCRIPTION\n", ".SS Description\n")
            .replace(".SH OPTIONS\n", ".SS Options\n")
            .replace(PREAMBLE, "");
        sections.push_str(&section);
    }
    write_out((top + &sections).as_bytes())
}

/// What clap_mangen writes before each part it renders: the definition of
/// the apostrophe string.
const PREAMBLE: &str = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n";

fn write_out(bytes: &[u8]) -> io::Result<ExitCode> {
    let mut out = io::stdout().lock();
    out.write_all(bytes).map_err(output::named)?;
    out.flush().map_err(output::named)?;
    Ok(ExitCode::SUCCESS)
}
