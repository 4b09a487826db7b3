//! `dip serve --stdio`: one JSON request a line on standard input, one JSON answer a line on
//! standard output, in order, until the end of the input. The protocol is in docs/json.md.

use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use dip::formats::saved::{self, PhaseName, SavedGame, SavedState};
use dip::formats::{PhaseResults, PlayedPhase};
use dip::{Map, Notation, OrderLine, PositionFile, Rules};

use crate::commands::Output;
use crate::load::{self, Errors};

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

/// Maps and their rules, loaded once for the whole stream (a handful: a list is fastest),
/// and the movement adjudicator whose tables every request reuses.
#[derive(Default)]
struct Variants {
    loaded: Vec<(Map, Rules)>,
    adjudicator: dip::Adjudicator,
}

impl Variants {
    fn get(&mut self, name: &str) -> Result<(&(Map, Rules), &mut dip::Adjudicator), String> {
        let found = self.loaded.iter().position(|(map, _)| map.name().eq_ignore_ascii_case(name));
        let index = match found {
            Some(index) => index,
            None => {
                let variant = load::variant_for(name, Path::new("."), None).map_err(|e| e.join("; "))?;
                let rules = variant.rules().map_err(|e| e.join("; "))?;
                self.loaded.push((variant.map, rules));
                self.loaded.len() - 1
            }
        };
        Ok((&self.loaded[index], &mut self.adjudicator))
    }
}

/// `dip serve --stdio`.
pub fn stdio() -> Result<Output, Errors> {
    let stdin = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let stdout = std::io::stdout();
    let served = serve(stdin, std::io::BufWriter::with_capacity(1 << 16, stdout.lock()));
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
fn serve(mut input: std::io::BufReader<impl Read>, mut output: impl Write) -> std::io::Result<()> {
    let limits = load::limits();
    let mut variants = Variants::default();
    let mut buf = Vec::with_capacity(4096);
    let mut text = Vec::with_capacity(4096);
    let mut line = 0usize;
    loop {
        if input.buffer().is_empty() {
            // The next read may wait for input: send what is answered first.
            output.flush()?;
        }
        buf.clear();
        line += 1;
        let cap = limits.max_input_bytes.saturating_add(1);
        let read = (&mut input).take(cap).read_until(b'\n', &mut buf)?;
        if read == 0 {
            return output.flush();
        }
        if buf.len() as u64 > limits.max_input_bytes && buf.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            let error = format!("line {line}: longer than {} bytes (--max-input-bytes)", limits.max_input_bytes);
            write_answer(&mut output, &mut text, &failure(None, line, error))?;
            continue;
        }
        let request = match std::str::from_utf8(&buf) {
            Ok(request) if request.trim().is_empty() => {
                let error = format!("line {line}: an empty line is not a request");
                write_answer(&mut output, &mut text, &failure(None, line, error))?;
                continue;
            }
            Ok(request) => request,
            Err(_) => {
                write_answer(&mut output, &mut text, &failure(None, line, format!("line {line}: not UTF-8 text")))?;
                continue;
            }
        };
        let answer = match serde_json::from_str::<Request>(request) {
            Ok(request) => {
                let mut answer = answer(&mut variants, &request, line, &limits);
                // The id is echoed even when the request fails.
                let id = request.id.as_ref();
                answer.id = id;
                write_answer(&mut output, &mut text, &answer)?;
                continue;
            }
            Err(e) => failure(None, line, format!("line {line}, column {}: {}", e.column(), json_message(&e))),
        };
        write_answer(&mut output, &mut text, &answer)?;
    }
}

/// A JSON error's message without serde's ` at line L column C`.
fn json_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    full.strip_suffix(&suffix).unwrap_or(&full).to_string()
}

fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(());
        }
        if let Some(i) = available.iter().position(|&b| b == b'\n') {
            input.consume(i + 1);
            return Ok(());
        }
        let n = available.len();
        input.consume(n);
    }
}

fn failure<'a>(id: Option<&'a Value>, line: usize, error: String) -> Answer<'a> {
    Answer { id, line, ok: false, error: Some(error), results: None, phase: None, state: None }
}

/// Writes one answer as one line, reusing `text` between answers.
fn write_answer(output: &mut impl Write, text: &mut Vec<u8>, answer: &Answer<'_>) -> std::io::Result<()> {
    text.clear();
    if let Err(e) = serde_json::to_writer(&mut *text, answer) {
        text.clear();
        let fallback = failure(answer.id, answer.line, format!("line {}: cannot write the answer: {e}", answer.line));
        serde_json::to_writer(&mut *text, &fallback).map_err(std::io::Error::other)?;
    }
    text.push(b'\n');
    output.write_all(text)
}

/// The answer to one request read as JSON.
fn answer<'a>(variants: &mut Variants, request: &Request, line: usize, limits: &dip::Limits) -> Answer<'a> {
    match adjudicate(variants, request, limits) {
        Ok((results, next)) => {
            let (phase, state) = next.map_or((None, None), |(p, s)| (Some(p), Some(s)));
            Answer { id: None, line, ok: true, error: None, results: Some(results), phase, state }
        }
        Err(error) => failure(None, line, format!("line {line}: {error}")),
    }
}

type Next = Option<(String, SavedState)>;

/// Adjudicates a request: its results, and for a saved game the next board.
fn adjudicate(
    variants: &mut Variants,
    request: &Request,
    limits: &dip::Limits,
) -> Result<(PhaseResults, Next), String> {
    let notation = match &request.notation {
        None => Notation::Datc,
        Some(name) => load::notation(name)?,
    };
    let rule_args =
        load::RuleArgs { preset: request.rules.clone(), options: request.options.clone(), ..load::RuleArgs::default() };
    match (&request.position, &request.game) {
        (Some(file), None) => {
            let ((map, base), adjudicator) = variants.get(&file.variant)?;
            let mut rules = *base;
            for (issue, choice) in &file.rules {
                rules.set(issue, choice).map_err(|e| format!("position: rule {issue}: {e}"))?;
            }
            rule_args.apply(&mut rules).map_err(|e| e.join("; "))?;
            let (position, mut lines) = file
                .read_with(map, None, &rules, limits)
                .map_err(|problems| problems.iter().map(|p| p.message.clone()).collect::<Vec<_>>().join("; "))?;
            if let Some(orders) = &request.orders {
                lines = read_orders(map, orders, position.phase.kind, limits)?;
            }
            let (results, _) = play(adjudicator, map, &rules, &position, &lines, notation)?;
            Ok((results, None))
        }
        (None, Some(game)) => {
            let ((map, _), adjudicator) = variants.get(saved::variant_name(&game.map))?;
            let mut rules = saved::saved_rules(map, game).map_err(|e| e.to_string())?;
            rule_args.apply(&mut rules).map_err(|e| e.join("; "))?;
            let Some(last) = game.phases.last() else { return Err("the game has no phases".into()) };
            let Ok(PhaseName::Phase(phase)) = saved::parse_phase_name(&last.name) else {
                return Err(format!("the game's last phase `{}` is not one to play", last.name));
            };
            let state = last.state.as_ref().ok_or("the game's last phase has no `state`")?;
            let attackers = match game.phases.len().checked_sub(2).map(|i| &game.phases[i]) {
                Some(previous) => saved::attackers(map, previous, state),
                None => Vec::new(),
            };
            let position = saved::state_to_position(map, state, phase, &attackers)
                .map_err(|errors| errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))?;
            let orders = request.orders.as_ref().map_or_else(|| last.orders.clone(), Clone::clone);
            let lines = read_orders(map, &orders, phase.kind, limits)?;
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

/// Reads orders by power, within the limits.
fn read_orders(
    map: &Map,
    orders: &IndexMap<String, Vec<String>>,
    kind: dip::PhaseKind,
    limits: &dip::Limits,
) -> Result<Vec<OrderLine>, String> {
    let total: usize = orders.values().map(Vec::len).sum();
    if total > limits.max_orders {
        return Err(format!("{total} orders: more than the limit of {} (--max-orders)", limits.max_orders));
    }
    let mut lines = Vec::with_capacity(total);
    for (name, list) in orders {
        let power = map.power_by_name(name).ok_or_else(|| format!("`orders`: unknown power `{name}`"))?;
        for text in list {
            if text.len() > limits.max_line_bytes {
                return Err(format!(
                    "{name}: an order of {} bytes: longer than {} (--max-line-length)",
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
        let mut out = Vec::new();
        serve(std::io::BufReader::new(input.as_bytes()), &mut out).expect("serve");
        String::from_utf8(out).expect("UTF-8").lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
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
