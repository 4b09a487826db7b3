//! The game viewer: one self-contained HTML file (no network) that steps through a game's
//! phases with buttons and the arrow keys, showing the board, the orders with their
//! results, and the centre counts.
//!
//! The map's static part is written once; each phase carries only what changes: the
//! provinces' fills, the orders' lines and the overlay (units, results, legend), made by the same
//! code as [`crate::Board::svg`]. The page's own elements have ids the SVG never uses.

use dip::{Map, Order, PhaseOutcome, Position};
use serde::Serialize;

use crate::{Board, Scene};

/// One phase of a game as the viewer shows it: the position, the orders given in it and
/// what they did (none for the position waiting for orders).
#[derive(Clone, Copy, Debug)]
pub struct Frame<'a> {
    pub position: &'a Position,
    pub orders: &'a [Order],
    pub outcome: Option<&'a PhaseOutcome>,
}

/// An order as the page lists it: (text, result code, succeeded).
type OrderLine = (String, String, bool);

/// One phase in the page's data.
#[derive(Serialize)]
struct FrameData {
    title: String,
    /// Fill of each province, as an index into the page's colour table.
    fills: Vec<u16>,
    /// The SVG of the orders' lines, under the labels.
    lines: String,
    /// The SVG of units, results and legend, over the labels.
    overlay: String,
    /// Orders by power: (power, [(order, result code, succeeded)]).
    orders: Vec<(String, Vec<OrderLine>)>,
    /// (power, colour, centres, units) for every power.
    counts: Vec<(String, String, usize, usize)>,
}

/// The result of order `i` of a phase, as a code (`succeeds`, `bounced`, …), and whether
/// it succeeded; `None` when the phase was not played.
fn result_of(outcome: Option<&PhaseOutcome>, i: usize) -> Option<(&'static str, bool)> {
    match outcome? {
        PhaseOutcome::Movement(o) => o.results.get(i).map(|r| (r.code(), r.succeeded())),
        PhaseOutcome::Retreat(o) => o.results.get(i).map(|r| (r.code(), r.succeeded())),
        PhaseOutcome::Adjustment(o) => o.results.get(i).map(|r| (r.code(), r.succeeded())),
    }
}

fn frame_data(board: &Board<'_>, colours: &mut Vec<String>, frame: &Frame<'_>) -> FrameData {
    let map: &Map = board.map();
    let mut scene = Scene::new(frame.position).orders(frame.orders);
    if let Some(outcome) = frame.outcome {
        scene = scene.outcome(outcome);
    }
    let fills = map
        .provinces()
        .map(|p| {
            let fill = board.palette.province_fill(map, frame.position, p);
            let index = colours.iter().position(|c| c == fill).unwrap_or_else(|| {
                colours.push(fill.to_string());
                colours.len() - 1
            });
            index as u16
        })
        .collect();
    let mut lines = String::new();
    let marks = crate::draw::order_lines(&mut lines, board, &scene);
    let mut overlay = String::new();
    crate::draw::overlay(&mut overlay, board, &scene, &marks);

    let mut orders: Vec<(String, Vec<OrderLine>)> = Vec::new();
    for (i, order) in frame.orders.iter().enumerate() {
        let power =
            map.powers().find(|&p| p == order.power).map_or_else(|| "?".to_string(), |p| map.power(p).name.clone());
        let (code, ok) = result_of(frame.outcome, i).unwrap_or(("", true));
        let line = (order.display(map).to_string(), code.replace('_', " "), ok);
        match orders.iter_mut().find(|(p, _)| *p == power) {
            Some((_, lines)) => lines.push(line),
            None => orders.push((power, vec![line])),
        }
    }
    let mut centres = vec![0usize; map.power_count()];
    for owner in frame.position.owners.iter().flatten() {
        if let Some(n) = centres.get_mut(owner.index()) {
            *n += 1;
        }
    }
    let mut units = vec![0usize; map.power_count()];
    for u in &frame.position.units {
        if let Some(n) = units.get_mut(u.power.index()) {
            *n += 1;
        }
    }
    let counts = map
        .powers()
        .map(|p| (map.power(p).name.clone(), board.palette.strong(p).to_string(), centres[p.index()], units[p.index()]))
        .collect();
    FrameData { title: frame.position.phase.to_string(), fills, lines, overlay, orders, counts }
}

/// The viewer page for the phases of a game, in order. `title` heads the page.
pub fn viewer_html(board: &Board<'_>, title: &str, frames: &[Frame<'_>]) -> String {
    let mut colours: Vec<String> = Vec::new();
    let data: Vec<FrameData> = frames.iter().map(|f| frame_data(board, &mut colours, f)).collect();
    // `</` may not appear inside a script element: JSON lets it be written `<\/`.
    let json = serde_json::to_string(&serde_json::json!({ "colours": colours, "frames": data }))
        .unwrap_or_else(|_| "{\"colours\":[],\"frames\":[]}".into())
        .replace("</", "<\\/");

    let mut map_svg = String::new();
    board.base.open(&mut map_svg, &board.layout);
    let first = frames.first().map(|f| f.position);
    board.base.provinces(&mut map_svg, |p| match first {
        Some(position) => board.palette.province_fill(board.map(), position, p),
        None => crate::style::LAND,
    });
    map_svg.push_str(board.base.centres());
    map_svg.push_str("<g id=\"lines\"></g>");
    map_svg.push_str(board.base.labels());
    map_svg.push_str("<g id=\"overlay\"></g></svg>");

    let mut page = String::with_capacity(json.len() + map_svg.len() + 8 * 1024);
    page.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
    crate::svg::text(&mut page, title);
    page.push_str("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>\n");
    page.push_str(CSS);
    page.push_str("</style>\n</head>\n<body>\n<header><h1>");
    crate::svg::text(&mut page, title);
    page.push_str(
        "</h1><nav>\
<button id=\"first\" title=\"First phase (Home)\">&laquo;</button>\
<button id=\"prev\" title=\"Previous phase (Left arrow)\">&#x25C0;</button>\
<select id=\"phase\" aria-label=\"Phase\"></select>\
<button id=\"next\" title=\"Next phase (Right arrow)\">&#x25B6;</button>\
<button id=\"last\" title=\"Last phase (End)\">&raquo;</button>\
<span id=\"counter\"></span></nav></header>\n<main>\n<div id=\"board\">",
    );
    page.push_str(&map_svg);
    page.push_str("</div>\n<aside><h2 id=\"phase-title\"></h2><table id=\"centre-table\"></table><div id=\"order-list\"></div></aside>\n</main>\n<script type=\"application/json\" id=\"game\">");
    page.push_str(&json);
    page.push_str("</script>\n<script>\n");
    page.push_str(SCRIPT);
    page.push_str("</script>\n</body>\n</html>\n");
    page
}

const CSS: &str = r#"body { margin: 0; font-family: "DejaVu Sans", Verdana, Arial, sans-serif; background: #efeae0; color: #222; }
header { display: flex; align-items: center; gap: 1.5em; padding: 0.5em 1em; background: #2f3b4c; color: #fff; }
h1 { font-size: 1.1em; margin: 0; font-weight: 600; }
nav { display: flex; align-items: center; gap: 0.4em; }
nav button { font-size: 1em; min-width: 2.4em; padding: 0.25em 0.5em; cursor: pointer; border-radius: 4px; border: 1px solid #8893a3; background: #f6f6f6; }
nav button:disabled { opacity: 0.4; cursor: default; }
nav select { font-size: 0.95em; padding: 0.2em; }
#counter { font-size: 0.9em; opacity: 0.85; }
main { display: flex; align-items: flex-start; gap: 1em; padding: 1em; }
#board { flex: 1 1 auto; min-width: 0; }
#board svg { width: 100%; height: auto; display: block; box-shadow: 0 1px 4px rgba(0,0,0,0.25); background: #fff; }
aside { flex: 0 0 21em; background: #fbf8f0; border: 1px solid #c9c0ad; padding: 0.8em 1em; max-height: calc(100vh - 6em); overflow-y: auto; font-size: 0.85em; }
aside h2 { font-size: 1.15em; margin: 0 0 0.6em; }
aside h3 { font-size: 1em; margin: 0.9em 0 0.3em; display: flex; align-items: center; gap: 0.4em; }
table { border-collapse: collapse; width: 100%; }
td { padding: 0.1em 0.3em; }
td.n { text-align: right; }
.swatch { display: inline-block; width: 1.4em; height: 0.9em; border: 1px solid #333; border-radius: 2px; vertical-align: middle; }
ul { list-style: none; margin: 0; padding: 0; }
li { padding: 0.12em 0; display: flex; justify-content: space-between; gap: 0.6em; }
.ok { color: #1f7a34; }
.failed { color: #c4001a; font-weight: 600; }
.none { color: #777; font-style: italic; }
"#;

const SCRIPT: &str = r##"(function () {
  "use strict";
  var game = JSON.parse(document.getElementById("game").textContent);
  var frames = game.frames;
  var overlay = document.getElementById("overlay");
  var lines = document.getElementById("lines");
  var select = document.getElementById("phase");
  var current = -1;

  frames.forEach(function (f, i) {
    var option = document.createElement("option");
    option.value = String(i);
    option.textContent = f.title;
    select.appendChild(option);
  });

  function cell(row, text, cls) {
    var td = document.createElement("td");
    td.textContent = text;
    if (cls) td.className = cls;
    row.appendChild(td);
    return td;
  }

  function show(i) {
    if (!frames.length) return;
    i = Math.max(0, Math.min(frames.length - 1, i));
    current = i;
    var f = frames[i];
    f.fills.forEach(function (c, p) {
      var shape = document.getElementById("p" + p);
      if (shape) shape.setAttribute("fill", game.colours[c]);
    });
    lines.innerHTML = f.lines;
    overlay.innerHTML = f.overlay;
    select.value = String(i);
    document.getElementById("phase-title").textContent = f.title;
    document.getElementById("counter").textContent = (i + 1) + " / " + frames.length;
    document.getElementById("first").disabled = document.getElementById("prev").disabled = i === 0;
    document.getElementById("last").disabled = document.getElementById("next").disabled = i === frames.length - 1;

    var counts = document.getElementById("centre-table");
    counts.innerHTML = "";
    var head = counts.insertRow();
    cell(head, "Power"); cell(head, "Centres", "n"); cell(head, "Units", "n");
    f.counts.forEach(function (c) {
      var row = counts.insertRow();
      var name = cell(row, " " + c[0]);
      var swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.style.background = c[1];
      name.insertBefore(swatch, name.firstChild);
      cell(row, String(c[2]), "n");
      cell(row, String(c[3]), "n");
    });

    var orders = document.getElementById("order-list");
    orders.innerHTML = "";
    if (!f.orders.length) {
      var none = document.createElement("p");
      none.className = "none";
      none.textContent = i === frames.length - 1 ? "Waiting for orders." : "No orders.";
      orders.appendChild(none);
    }
    f.orders.forEach(function (group) {
      var h = document.createElement("h3");
      h.textContent = group[0];
      orders.appendChild(h);
      var list = document.createElement("ul");
      group[1].forEach(function (o) {
        var li = document.createElement("li");
        var text = document.createElement("span");
        text.textContent = o[0];
        li.appendChild(text);
        if (o[1]) {
          var result = document.createElement("span");
          result.className = o[2] ? "ok" : "failed";
          result.textContent = o[1];
          li.appendChild(result);
        }
        list.appendChild(li);
      });
      orders.appendChild(list);
    });
    if (history.replaceState) history.replaceState(null, "", "#" + (i + 1));
  }

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(frames.length - 1); });
  select.addEventListener("change", function () { show(Number(select.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight" || e.key === "PageDown") { show(current + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft" || e.key === "PageUp") { show(current - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(frames.length - 1); e.preventDefault(); }
  });
  var start = Number((location.hash || "").replace("#", ""));
  show(start >= 1 ? start - 1 : 0);
})();
"##;
