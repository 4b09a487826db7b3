//! `dip serve --stdio`: one JSON request a line on standard input, one JSON answer a line on
//! standard output, in order, until the end of the input. The protocol is in docs/json.md.
//!
//! The stream is meant to face input nobody checked: every request is bounded (its line,
//! its JSON values and strings, its `id`, units and orders, and its answer), a key given
//! twice anywhere is refused rather than half-read, a variant is only ever named (the
//! embedded ones and those of the folders the operator lists), and maps are loaded once
//! and kept in a bounded cache, so that memory stays flat over any number of requests.

mod check;

use std::fmt;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use dip::formats::saved::{self, PhaseName, SavedGame, SavedState};
use dip::formats::{PhaseResults, PlayedPhase};
use dip::{Map, Notation, OrderLine, PositionFile, Rules};

use crate::commands::Output;
use crate::load::{self, Errors};

/// `dip serve`'s options: where variants come from and the caps on each request.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// Read requests from standard input and answer on standard output.
    #[arg(long, required = true)]
    pub stdio: bool,
    /// A folder of `*.ron` variant files whose variants requests may name (by the file's
    /// name without `.ron`), besides the embedded ones; may be repeated. The folders are
    /// listed once, when the server starts. A request never names a file.
    #[arg(long = "variants", value_name = "DIR")]
    pub variants: Vec<PathBuf>,
    /// Most variants of the `--variants` folders kept loaded at once; the one used least
    /// recently is dropped first (and loaded again when a request names it).
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..))]
    pub max_cached_variants: u16,
    /// Longest request line, in bytes. A longer line is read past without being kept and
    /// answered with an error.
    #[arg(long, value_name = "BYTES", default_value_t = 8 << 20)]
    pub max_request_bytes: usize,
    /// Most JSON values in one request (every number, string, list, object, ...).
    #[arg(long, value_name = "N", default_value_t = 250_000)]
    pub max_request_values: usize,
    /// Longest string in a request, a key or a value, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 64 << 10)]
    pub max_string_bytes: usize,
    /// Longest `id`, written as compact JSON, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 1024)]
    pub max_id_bytes: usize,
    /// Most entries of a request's board: a position's units, dislodged units, supply
    /// centres and contested provinces; a saved game's last phase's units, centres, homes,
    /// retreats and builds.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_units: usize,
    /// Most orders in one request (a position's, or the request's `orders`); the smaller
    /// of this and `--max-orders` applies.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_request_orders: usize,
    /// Longest answer line, in bytes: a longer answer is replaced by an error answer.
    #[arg(long, value_name = "BYTES", default_value_t = 16 << 20)]
    pub max_answer_bytes: usize,
}

/// An error answer lists at most this many problems of a position, then how many more
/// there were: a client learns what is wrong, and a request of many bad entries does not
/// make a long answer.
const MAX_PROBLEMS_SHOWN: usize = 20;

/// A buffer that grew past this many bytes for one request is given back afterwards.
const KEEP_BUFFER_BYTES: usize = 1 << 20;

/// Longest piece of a request quoted in a message, in characters.
const MAX_QUOTED_CHARS: usize = 80;

/// A piece of a request in a message: at most [`MAX_QUOTED_CHARS`] characters of it.
pub(crate) struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(MAX_QUOTED_CHARS) {
            None => f.write_str(self.0),
            Some((end, _)) => write!(f, "{}... ({} bytes)", &self.0[..end], self.0.len()),
        }
    }
}

/// One request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// Echoed in the answer, to match answers to requests.
    #[serde(default)]
    id: Option<Value>,
    /// A position with its orders (a position file's JSON form).
    #[serde(default)]
    position: Option<PositionFile>,
    /// A saved game (MILA's JSON): its last phase is the board the orders are for.
    #[serde(default)]
    game: Option<SavedGame>,
    /// The orders, by power: for a saved game, or over a position's own.
    #[serde(default)]
    orders: Option<IndexMap<String, Vec<String>>>,
    /// `datc` (default), `judge` or `mila`: how orders, units and provinces are written
    /// in the answer.
    #[serde(default)]
    notation: Option<String>,
    /// A rule preset by name (`webdiplomacy`).
    #[serde(default)]
    rules: Option<String>,
    /// Single rule choices, `4.A.2=all-hold`.
    #[serde(default)]
    options: Vec<String>,
}

/// One answer.
#[derive(Debug, Serialize)]
struct Answer<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    /// The request's line, from 1.
    line: usize,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    results: Option<PhaseResults>,
    /// For a saved game: the next phase's name (`F1901M`) and board in the saved-game form.
    #[serde(skip_serializing_if = "Option::is_none")]
    phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<SavedState>,
}

/// The caps on one request, from the command line.
#[derive(Debug, Clone, Copy)]
struct Caps {
    request_bytes: usize,
    check: check::Caps,
    id_bytes: usize,
    units: usize,
    answer_bytes: usize,
    /// Order length, and orders: the caps every command reads input under, with
    /// `max_orders` the smaller of `--max-orders` and `--max-request-orders`.
    input: dip::Limits,
}

impl Caps {
    fn new(args: &ServeArgs, input: dip::Limits) -> Caps {
        Caps {
            request_bytes: args.max_request_bytes,
            check: check::Caps { max_values: args.max_request_values, max_string_bytes: args.max_string_bytes },
            id_bytes: args.max_id_bytes,
            units: args.max_units,
            answer_bytes: args.max_answer_bytes,
            input: dip::Limits { max_orders: input.max_orders.min(args.max_request_orders), ..input },
        }
    }
}

/// A variant loaded with its rules.
struct Loaded {
    /// The name requests use, in lower case.
    key: String,
    map: Map,
    rules: Rules,
}

/// The variants requests may name: the embedded ones, each loaded on first use and kept
/// (there are a few dozen, each loaded at most once); and those of the operator's
/// `--variants` folders, listed at start-up and kept loaded up to a count, the one used
/// least recently dropped first. Also the movement adjudicator whose tables every request
/// reuses.
struct Variants {
    embedded: Vec<Loaded>,
    /// Files of the operator's folders by variant name (lower case).
    files: IndexMap<String, PathBuf>,
    /// Variants of the folders, the one used most recently last.
    cached: Vec<Loaded>,
    max_cached: usize,
    adjudicator: dip::Adjudicator,
}

impl fmt::Debug for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Variants").field("files", &self.files).field("cached", &self.cached.len()).finish()
    }
}

/// Whether `name` is a variant's name as requests give it: letters, digits, `_` and `-`,
/// 1 to 64 of them; nothing that could be read as a path.
fn is_plain_name(name: &str) -> bool {
    (1..=64).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

impl Variants {
    /// Lists the operator's folders. A file named like an embedded variant is left out
    /// (the embedded one is served; a warning says so); two files of one name are an error.
    fn new(folders: &[PathBuf], max_cached: usize) -> Result<Variants, Errors> {
        let mut files: IndexMap<String, PathBuf> = IndexMap::new();
        let mut errors = Vec::new();
        for folder in folders {
            for path in load::variant_files(folder)
                .map_err(|e| e.iter().map(|l| format!("--variants {l}")).collect::<Vec<_>>())?
            {
                let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
                let key = stem.to_ascii_lowercase();
                if !is_plain_name(stem) {
                    eprintln!(
                        "dip serve: {}: left out: a variant's file name is letters, digits, `_` and `-`",
                        path.display()
                    );
                } else if is_embedded(&key) {
                    eprintln!(
                        "dip serve: {}: left out: `{key}` is an embedded variant, which is served",
                        path.display()
                    );
                } else if let Some(first) = files.get(&key) {
                    errors.push(format!(
                        "--variants: the variant `{key}` is in two files, {} and {}: keep one",
                        first.display(),
                        path.display()
                    ));
                } else {
                    files.insert(key, path);
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        files.sort_keys();
        Ok(Variants {
            embedded: Vec::new(),
            files,
            cached: Vec::new(),
            max_cached,
            adjudicator: dip::Adjudicator::default(),
        })
    }

    /// The variant a request names, loading it if it is not loaded.
    fn get(&mut self, name: &str) -> Result<(&Map, &Rules, &mut dip::Adjudicator), String> {
        if !is_plain_name(name) {
            return Err(format!(
                "variant `{}`: a request names a variant by its name (letters, digits, `_` and `-`), never by a file or path",
                Shown(name)
            ));
        }
        let key = name.to_ascii_lowercase();
        let loaded = if is_embedded(&key) {
            let index = match self.embedded.iter().position(|v| v.key == key) {
                Some(index) => index,
                None => {
                    let variant = load::embedded(&key).map_err(|e| e.join("; "))?;
                    let rules = variant.rules().map_err(|e| e.join("; "))?;
                    self.embedded.push(Loaded { key, map: variant.map, rules });
                    self.embedded.len() - 1
                }
            };
            &self.embedded[index]
        } else if let Some(path) = self.files.get(&key) {
            match self.cached.iter().position(|v| v.key == key) {
                Some(index) => {
                    let used = self.cached.remove(index);
                    self.cached.push(used);
                }
                None => {
                    // Messages name the file without its folder: the operator's folders
                    // are none of a client's business.
                    let (full, file) = (path.display().to_string(), format!("{key}.ron"));
                    let named = |lines: Errors| lines.join("; ").replace(&full, &file);
                    let variant = load::variant_file(path).map_err(named)?;
                    if !variant.map.name().eq_ignore_ascii_case(&key) {
                        return Err(format!("{file}: the file is the variant `{}`, not `{key}`", variant.map.name()));
                    }
                    let rules = variant.rules().map_err(named)?;
                    if self.cached.len() >= self.max_cached {
                        self.cached.remove(0);
                    }
                    self.cached.push(Loaded { key, map: variant.map, rules });
                }
            }
            self.cached.last().ok_or("no variant cached")?
        } else {
            let folders = if self.files.is_empty() {
                String::from("none given: dip serve --stdio --variants DIR")
            } else {
                self.files.keys().map(String::as_str).collect::<Vec<_>>().join(", ")
            };
            return Err(format!(
                "unknown variant `{name}`: not embedded ({}) nor in the --variants folders ({folders})",
                embedded_names()
            ));
        };
        Ok((&loaded.map, &loaded.rules, &mut self.adjudicator))
    }
}

fn is_embedded(key: &str) -> bool {
    dip::EMBEDDED_VARIANTS.iter().any(|(n, _)| n.eq_ignore_ascii_case(key))
}

fn embedded_names() -> String {
    dip::EMBEDDED_VARIANTS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// `dip serve --stdio`.
pub fn stdio(args: &ServeArgs) -> Result<Output, Errors> {
    let mut variants = Variants::new(&args.variants, usize::from(args.max_cached_variants))?;
    let caps = Caps::new(args, load::limits());
    let stdin = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let stdout = std::io::stdout();
    let served = serve(stdin, std::io::BufWriter::with_capacity(1 << 16, stdout.lock()), &mut variants, &caps);
    match served {
        Ok(()) => Ok(Output::new(String::new(), ExitCode::SUCCESS)),
        // The reader went away: nothing more to answer.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Output::new(String::new(), ExitCode::SUCCESS)),
        Err(e) => Err(vec![format!("dip serve: {e}")]),
    }
}

/// Answers every line of `input` on `output`, in order. Answers are flushed whenever no
/// more input is waiting, so a client that sends one request at a time gets its answer at
/// once, and a client that sends many gets them in large writes.
fn serve(
    mut input: std::io::BufReader<impl Read>,
    mut output: impl Write,
    variants: &mut Variants,
    caps: &Caps,
) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(4096);
    let mut text = Vec::with_capacity(4096);
    let mut line = 0usize;
    loop {
        if input.buffer().is_empty() {
            // The next read may wait for input: send what is answered first.
            output.flush()?;
        }
        // A request that needed a large buffer gives it back, so that one long line does
        // not keep its memory for the rest of the stream.
        for buffer in [&mut buf, &mut text] {
            buffer.clear();
            if buffer.capacity() > KEEP_BUFFER_BYTES {
                *buffer = Vec::with_capacity(4096);
            }
        }
        line += 1;
        // At most one byte more than the cap is kept; the rest of a longer line is read
        // past a buffer at a time.
        let cap = caps.request_bytes.saturating_add(1);
        let read = read_line(&mut input, &mut buf, cap)?;
        if read == 0 {
            return output.flush();
        }
        if buf.len() > caps.request_bytes && buf.last() != Some(&b'\n') {
            let length = buf.len() as u64 + skip_line(&mut input)?;
            let error = format!(
                "line {line}: {length} bytes or more: longer than {} (--max-request-bytes); the line is ignored",
                caps.request_bytes
            );
            write_answer(&mut output, &mut text, &failure(None, line, error), caps)?;
            continue;
        }
        let answer = match std::str::from_utf8(&buf) {
            Ok(request) if request.trim().is_empty() => {
                failure(None, line, format!("line {line}: an empty line is not a request"))
            }
            Ok(request) => match read_request(request, caps) {
                Ok(request) => {
                    let mut answer = answer(variants, &request, line, caps);
                    // The id is echoed even when the request fails.
                    answer.id = request.id.as_ref();
                    write_answer(&mut output, &mut text, &answer, caps)?;
                    continue;
                }
                Err(error) => failure(None, line, format!("line {line}{error}")),
            },
            Err(_) => failure(None, line, format!("line {line}: not UTF-8 text")),
        };
        write_answer(&mut output, &mut text, &answer, caps)?;
    }
}

/// Reads a request line: checked first (no key twice, bounded strings and values), then
/// read into a request. The error follows `line N`: `, column C: ...` or `: ...`.
fn read_request(text: &str, caps: &Caps) -> Result<Request, String> {
    let located = |e: serde_json::Error| format!(", column {}: {}", e.column(), json_message(&e));
    check::check(text, caps.check).map_err(located)?;
    let request = serde_json::from_str::<Request>(text).map_err(located)?;
    if let Some(id) = &request.id {
        let mut length = Counter::default();
        // Writing to a counter cannot fail.
        let _ = serde_json::to_writer(&mut length, id);
        if length.0 > caps.id_bytes {
            return Err(format!(": an `id` of {} bytes: longer than {} (--max-id-bytes)", length.0, caps.id_bytes));
        }
    }
    Ok(request)
}

/// Counts the bytes written to it.
#[derive(Debug, Default)]
struct Counter(usize);

impl Write for Counter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A JSON error's message without serde's ` at line L column C`.
fn json_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    full.strip_suffix(&suffix).unwrap_or(&full).to_string()
}

/// Reads a line into `buf`, its newline included, keeping at most `cap` bytes of it (the
/// rest is left unread): the number of bytes read, 0 at the end of the input. Like
/// `take(cap).read_until(b'\n')`, but a line past [`KEEP_BUFFER_BYTES`] gets a buffer of
/// `cap` bytes at once instead of doubling up to it: the allocator keeps what it was given
/// back for later requests, and a chain of doublings left it three times the cap.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, cap: usize) -> std::io::Result<usize> {
    let start = buf.len();
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(buf.len() - start);
        }
        let (piece, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = cap.saturating_sub(buf.len() - start);
        let taken = piece.len().min(room);
        if buf.len() + taken > buf.capacity() && buf.len() + taken > KEEP_BUFFER_BYTES {
            buf.reserve_exact(cap - (buf.len() - start));
        }
        buf.extend_from_slice(&piece[..taken]);
        let whole = ends && taken == piece.len();
        input.consume(taken);
        if whole || buf.len() - start >= cap {
            return Ok(buf.len() - start);
        }
    }
}

/// Reads past the rest of a line, a buffer at a time, keeping none of it: the number of
/// bytes read past.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<u64> {
    let mut skipped = 0u64;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(skipped);
        }
        if let Some(i) = available.iter().position(|&b| b == b'\n') {
            input.consume(i + 1);
            return Ok(skipped + i as u64);
        }
        let n = available.len();
        skipped += n as u64;
        input.consume(n);
    }
}

fn failure<'a>(id: Option<&'a Value>, line: usize, error: String) -> Answer<'a> {
    Answer { id, line, ok: false, error: Some(error), results: None, phase: None, state: None }
}

/// A writer into a buffer that refuses to grow it past a cap.
struct Capped<'a> {
    buffer: &'a mut Vec<u8>,
    cap: usize,
}

// serde_json writes an answer in many small pieces: `write_all` is the one it calls, and
// inlined it costs what writing into the buffer costs (the default `write_all`, a loop
// over `write`, made a Standard opening's answer half as slow again to write).
impl Write for Capped<'_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.write_all(bytes).map(|()| bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        if self.buffer.len() + bytes.len() > self.cap {
            return Err(too_long());
        }
        self.buffer.extend_from_slice(bytes);
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The error of a [`Capped`] writer, out of its inlined path.
#[cold]
#[inline(never)]
fn too_long() -> std::io::Error {
    std::io::Error::other("too long")
}

/// Writes one answer as one line, reusing `text` between answers. An answer longer than
/// the cap is not written: an error answer says so instead.
fn write_answer(output: &mut impl Write, text: &mut Vec<u8>, answer: &Answer<'_>, caps: &Caps) -> std::io::Result<()> {
    text.clear();
    let written = serde_json::to_writer(Capped { buffer: &mut *text, cap: caps.answer_bytes }, answer);
    if let Err(e) = written {
        text.clear();
        let line = answer.line;
        let error = if e.is_io() {
            format!("line {line}: the answer is longer than {} bytes (--max-answer-bytes)", caps.answer_bytes)
        } else {
            format!("line {line}: cannot write the answer: {e}")
        };
        serde_json::to_writer(&mut *text, &failure(answer.id, line, error)).map_err(std::io::Error::other)?;
    }
    text.push(b'\n');
    output.write_all(text)
}

/// The answer to one request read as JSON.
fn answer<'a>(variants: &mut Variants, request: &Request, line: usize, caps: &Caps) -> Answer<'a> {
    match adjudicate(variants, request, caps) {
        Ok((results, next)) => {
            let (phase, state) = next.map_or((None, None), |(p, s)| (Some(p), Some(s)));
            Answer { id: None, line, ok: true, error: None, results: Some(results), phase, state }
        }
        Err(error) => failure(None, line, format!("line {line}: {error}")),
    }
}

/// Problems joined by `; `, the first [`MAX_PROBLEMS_SHOWN`] of them and how many more.
fn joined(problems: impl ExactSizeIterator<Item = String>) -> String {
    let count = problems.len();
    let mut text = problems.take(MAX_PROBLEMS_SHOWN).collect::<Vec<_>>().join("; ");
    if count > MAX_PROBLEMS_SHOWN {
        use std::fmt::Write as _;
        let _ = write!(text, "; and {} more problems", count - MAX_PROBLEMS_SHOWN);
    }
    text
}

/// Refuses a board of more than `--max-units` entries.
fn check_board(entries: usize, caps: &Caps) -> Result<(), String> {
    if entries > caps.units {
        return Err(format!(
            "{entries} units, centres and other board entries: more than {} (--max-units)",
            caps.units
        ));
    }
    Ok(())
}

/// Refuses more orders than the cap, before any is read.
fn check_orders(count: usize, limits: &dip::Limits) -> Result<(), String> {
    if count > limits.max_orders {
        return Err(format!(
            "{count} orders: more than the limit of {} (--max-request-orders, --max-orders)",
            limits.max_orders
        ));
    }
    Ok(())
}

fn entries<V>(by_power: &IndexMap<String, Vec<V>>) -> usize {
    by_power.values().map(Vec::len).sum()
}

type Next = Option<(String, SavedState)>;

/// Adjudicates a request: its results, and for a saved game the next board.
fn adjudicate(variants: &mut Variants, request: &Request, caps: &Caps) -> Result<(PhaseResults, Next), String> {
    let limits = &caps.input;
    let notation = match &request.notation {
        None => Notation::Datc,
        Some(name) => load::notation(name)?,
    };
    let rule_args =
        load::RuleArgs { preset: request.rules.clone(), options: request.options.clone(), ..load::RuleArgs::default() };
    if let Some(preset) = &request.rules
        && !is_plain_name(preset)
    {
        return Err(format!("rules `{}`: a request names a rule preset by its name, never by a file", Shown(preset)));
    }
    match (&request.position, &request.game) {
        (Some(file), None) => {
            let board = entries(&file.units)
                + entries(&file.dislodged)
                + file.centres.as_ref().map_or(0, entries)
                + file.contested.len();
            check_board(board, caps)?;
            check_orders(entries(&file.orders), limits)?;
            let (map, base, adjudicator) = variants.get(&file.variant)?;
            let mut rules = *base;
            for (issue, choice) in &file.rules {
                rules.set(issue, choice).map_err(|e| format!("position: rule {}: {e}", Shown(issue)))?;
            }
            rule_args.apply(&mut rules).map_err(|e| e.join("; "))?;
            let (position, mut lines) = file
                .read_with(map, None, &rules, limits)
                .map_err(|problems| joined(problems.into_iter().map(|p| p.message)))?;
            if let Some(orders) = &request.orders {
                lines = read_orders(map, orders, position.phase.kind, limits)?;
            }
            let (results, _) = play(adjudicator, map, &rules, &position, &lines, notation)?;
            Ok((results, None))
        }
        (None, Some(game)) => {
            let Some(last) = game.phases.last() else { return Err("the game has no phases".into()) };
            if let Some(state) = &last.state {
                let retreats: usize = state.retreats.values().map(IndexMap::len).sum();
                check_board(
                    entries(&state.units)
                        + entries(&state.centers)
                        + entries(&state.homes)
                        + retreats
                        + state.builds.len(),
                    caps,
                )?;
            }
            let (map, _, adjudicator) = variants.get(saved::variant_name(&game.map))?;
            let mut rules = saved::saved_rules(map, game).map_err(|e| e.to_string())?;
            rule_args.apply(&mut rules).map_err(|e| e.join("; "))?;
            let Ok(PhaseName::Phase(phase)) = saved::parse_phase_name(&last.name) else {
                return Err(format!("the game's last phase `{}` is not one to play", Shown(&last.name)));
            };
            let state = last.state.as_ref().ok_or("the game's last phase has no `state`")?;
            let attackers = match game.phases.len().checked_sub(2).map(|i| &game.phases[i]) {
                Some(previous) => saved::attackers(map, previous, state),
                None => Vec::new(),
            };
            let position = saved::state_to_position(map, state, phase, &attackers)
                .map_err(|errors| joined(errors.iter().map(ToString::to_string)))?;
            let orders = request.orders.as_ref().unwrap_or(&last.orders);
            let lines = read_orders(map, orders, phase.kind, limits)?;
            let (results, next) = play(adjudicator, map, &rules, &position, &lines, notation)?;
            Ok((results, Some((saved::phase_name(next.phase), saved::position_to_state(map, &next)))))
        }
        (Some(_), Some(_)) => Err("a request has a `position` or a `game`, not both".into()),
        (None, None) => Err("a request needs a `position` (with orders) or a `game` and `orders`".into()),
    }
}

fn readable(lines: &[OrderLine]) -> Vec<dip::Order> {
    lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect()
}

/// Reads orders by power, within the limits. A power given twice, under one name or two
/// (`France` and `FRANCE`), is refused: which list was meant cannot be known.
fn read_orders(
    map: &Map,
    orders: &IndexMap<String, Vec<String>>,
    kind: dip::PhaseKind,
    limits: &dip::Limits,
) -> Result<Vec<OrderLine>, String> {
    let total = entries(orders);
    check_orders(total, limits)?;
    let mut seen: Vec<Option<&str>> = vec![None; map.power_count()];
    let mut lines = Vec::with_capacity(total);
    for (name, list) in orders {
        let power = map.power_by_name(name).ok_or_else(|| format!("`orders`: unknown power `{}`", Shown(name)))?;
        if let Some(first) = seen[power.index()].replace(name) {
            return Err(format!(
                "`orders`: `{}` is {} again (as `{}` before): give each power's orders once",
                Shown(name),
                map.power(power).name,
                Shown(first)
            ));
        }
        for text in list {
            if text.len() > limits.max_line_bytes {
                return Err(format!(
                    "{}: an order of {} bytes: longer than {} (--max-line-length)",
                    Shown(name),
                    text.len(),
                    limits.max_line_bytes
                ));
            }
            let parsed = dip::parse_order(map, dip::ParseOptions::new(kind).power(power), text);
            lines.push(OrderLine { power, text: text.clone(), line: None, parsed });
        }
    }
    Ok(lines)
}

/// Plays one phase: its results, and the next position.
fn play(
    adjudicator: &mut dip::Adjudicator,
    map: &Map,
    rules: &Rules,
    position: &dip::Position,
    lines: &[OrderLine],
    notation: Notation,
) -> Result<(PhaseResults, dip::Position), String> {
    let result =
        dip::play_phase_with(adjudicator, map, position, &readable(lines), rules).map_err(|e| e.to_string())?;
    let played = PlayedPhase { start: position, lines, outcome: (&result.outcome).into(), next: &result.next };
    let results = PhaseResults::new(map, played, notation).map_err(|e| e.to_string())?;
    Ok((results, result.next))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve_text(input: &str) -> Vec<serde_json::Value> {
        let args = <ServeArgs as clap::FromArgMatches>::from_arg_matches(
            &<ServeArgs as clap::Args>::augment_args(clap::Command::new("serve"))
                .get_matches_from(["serve", "--stdio"]),
        )
        .expect("the defaults");
        let mut variants = Variants::new(&[], 1).expect("no folders");
        let mut out = Vec::new();
        let caps = Caps::new(&args, dip::Limits::DEFAULT);
        serve(std::io::BufReader::new(input.as_bytes()), &mut out, &mut variants, &caps).expect("serve");
        String::from_utf8(out).expect("UTF-8").lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
    }

    #[test]
    fn a_line_is_read_up_to_its_newline_or_the_cap() {
        let mut input = std::io::BufReader::with_capacity(4, "ab\ncdefgh\n\nxyz".as_bytes());
        let mut buf = Vec::new();
        let mut lines = Vec::new();
        loop {
            buf.clear();
            let read = read_line(&mut input, &mut buf, 5).expect("read");
            if read == 0 {
                break;
            }
            assert_eq!(read, buf.len());
            lines.push(String::from_utf8(buf.clone()).expect("UTF-8"));
        }
        // `cdefgh\n` is cut at the cap; the rest of it is the next read.
        assert_eq!(lines, ["ab\n", "cdefg", "h\n", "\n", "xyz"]);
    }

    #[test]
    fn every_line_gets_an_answer_in_order() {
        let opening = r#"{"id": 1, "position": {"variant": "standard", "units": {"France": ["A Paris"], "Germany": ["A Munich"]}, "orders": {"France": ["A PAR - BUR"], "Germany": ["A MUN - BUR"]}}, "notation": "mila"}"#;
        let input = format!("{opening}\nnot json\n\n{{\"id\": \"x\"}}\n{opening}\n");
        let answers = serve_text(&input);
        assert_eq!(answers.len(), 5);
        assert_eq!(answers[0]["id"], 1);
        assert_eq!(answers[0]["ok"], true);
        assert_eq!(answers[0]["results"]["orders"][0]["code"], "bounced");
        assert_eq!(answers[0]["results"]["orders"][0]["by"], serde_json::json!(["MUN"]));
        assert_eq!(answers[1]["ok"], false);
        assert!(answers[1]["error"].as_str().is_some_and(|e| e.starts_with("line 2, column")), "{}", answers[1]);
        assert_eq!(answers[2]["line"], 3);
        assert_eq!((&answers[3]["id"], &answers[3]["ok"]), (&serde_json::json!("x"), &serde_json::json!(false)));
        assert_eq!(answers[4]["line"], 5);
        assert_eq!(answers[4]["ok"], true);
    }
}
