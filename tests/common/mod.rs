//! What the tests that run the `sudoku64` command share: running it, and reading its
//! output.
#![allow(dead_code)] // each test file uses its own part

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Runs the command with these arguments, feeding `stdin`.
pub fn run(args: &[&str], stdin: &str) -> Output {
    run_bytes(args, stdin.as_bytes())
}

/// Starts the command with these arguments, its standard streams piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sudoku64"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku64 binary runs")
}

/// Runs the command with these arguments, feeding bytes that need not be UTF-8.
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    // A command that fails early may exit before it reads: a broken pipe is fine then.
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 on stdout")
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 on stderr")
}
