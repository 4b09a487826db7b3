//! The `dip` program driven as a user drives it: `dip serve --stdio` kept running and fed
//! one request a case, and `dip run` on a saved game, each under an address-space limit
//! (`prlimit --as`), so that an input that makes the program allocate without bound ends
//! it, and the case that did is reported.
//!
//! The program is the `dip` built beside `dip-fuzz` (`cargo xtask fuzz` builds both in
//! one profile), the one `DIP_FUZZ_DIP` names, or the one given to
//! [`crate::Fuzzer::with_program`].

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

/// The address space the program may take: the limit `dip serve` is documented to run
/// under (docs/json.md), and far more than any input needs.
pub const MEMORY_LIMIT: u64 = 512 << 20;

/// How long an answer may take before the program is taken to hang.
const ANSWER_WAIT: Duration = Duration::from_secs(20);

/// The `dip` program to drive, or why there is none.
pub fn dip_program() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("DIP_FUZZ_DIP") {
        return Ok(PathBuf::from(path));
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find dip-fuzz itself: {e}"))?;
    // dip-fuzz is target/PROFILE/dip-fuzz (or, in tests, target/PROFILE/deps/NAME).
    let folders = exe.ancestors().skip(1).take(2);
    for folder in folders {
        let dip = folder.join(if cfg!(windows) { "dip.exe" } else { "dip" });
        if dip.is_file() {
            return Ok(dip);
        }
    }
    Err(format!(
        "no `dip` program beside {} (build it in the same profile: cargo xtask fuzz does, or set DIP_FUZZ_DIP)",
        exe.display()
    ))
}

/// A command running `dip` with `args` under the memory limit.
fn limited(dip: &Path, args: &[&str]) -> Command {
    let mut command = Command::new("prlimit");
    command.arg(format!("--as={MEMORY_LIMIT}")).arg("--").arg(dip).args(args);
    command
}

/// One `dip serve --stdio`, its answers read by a thread of their own.
struct Server {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<String>,
    /// Requests sent (the line number of the last one).
    lines: u64,
}

impl Server {
    fn start(dip: &Path) -> Result<Server, String> {
        let mut child = limited(dip, &["serve", "--stdio"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `prlimit ... {} serve --stdio`: {e}", dip.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("dip serve started without its pipes".into());
        };
        let (sender, answers) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        if sender.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(Server { child, stdin, answers, lines: 0 })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server the stream target feeds, started when first needed and again after it died.
#[derive(Default)]
pub struct Stream {
    server: Mutex<Option<Server>>,
}

impl std::fmt::Debug for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Stream")
    }
}

impl Stream {
    /// Sends one request line (no line break in it) and returns the answer line; `Err`
    /// says how the server failed: it died (an abort, a panic, the memory limit) or did not
    /// answer in time.
    pub fn ask(&self, dip: &Path, request: &str) -> Result<(u64, String), String> {
        let mut slot = self.server.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if slot.is_none() {
            *slot = Some(Server::start(dip)?);
        }
        let Some(server) = slot.as_mut() else { return Err("no server".into()) };
        server.lines += 1;
        let line = server.lines;
        let sent = server.stdin.write_all(request.as_bytes()).and_then(|()| server.stdin.write_all(b"\n"));
        let answer = match sent.and_then(|()| server.stdin.flush()) {
            Ok(()) => server.answers.recv_timeout(ANSWER_WAIT).map_err(|e| match e {
                RecvTimeoutError::Timeout => format!("no answer in {ANSWER_WAIT:?}"),
                RecvTimeoutError::Disconnected => "the server ended".to_string(),
            }),
            Err(e) => Err(format!("cannot write to the server: {e}")),
        };
        match answer {
            Ok(answer) => Ok((line, answer)),
            Err(why) => {
                // Started afresh for the next case; the exit status says how it ended.
                let mut server = slot.take();
                let status = server.as_mut().and_then(|s| {
                    let _ = s.child.kill();
                    s.child.wait().ok()
                });
                Err(format!("dip serve failed on request line {line}: {why} (exit: {status:?})"))
            }
        }
    }
}

/// What `dip run` did with a game file: its exit code (`None`: ended by a signal), and
/// what it wrote on standard error.
#[derive(Debug)]
pub struct RunOutcome {
    pub code: Option<i32>,
    pub stderr: String,
}

/// Runs `dip` with `args` (paths in a folder of the case's) under the memory limit.
pub fn run_dip(dip: &Path, args: &[&str]) -> Result<RunOutcome, String> {
    let output = limited(dip, args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run dip: {e}"))?;
    Ok(RunOutcome { code: output.status.code(), stderr: String::from_utf8_lossy(&output.stderr).into_owned() })
}
