//! The game viewer in a real browser: headless Chromium (Debian's `chromium`, which
//! `.ci/run` installs) loads a page `dip render --game` wrote, steps forward and back with
//! the arrow keys and the buttons, and takes a screenshot.
//!
//! Without Chromium the test says so and passes, unless `CI` is set: CI must run it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn chromium() -> Option<PathBuf> {
    let candidates = [std::env::var("CHROMIUM").unwrap_or_default(), "/usr/bin/chromium".into()];
    candidates.into_iter().filter(|c| !c.is_empty()).map(PathBuf::from).find(|p| p.exists())
}

/// Runs Chromium headless on `url` with `extra` flags; its standard output.
fn run_chromium(browser: &Path, dir: &Path, extra: &[&str], url: &str) -> String {
    let profile = dir.join(format!("profile-{}", extra.len()));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).expect("profile folder");
    // The flags this machine's closed network and root user need (see the environment notes).
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=1500,1100",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    // Read the output while waiting: a page's DOM is larger than a pipe's buffer.
    let mut stdout = child.stdout.take().expect("chromium's stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut text);
        text
    });
    let started = Instant::now();
    loop {
        if child.try_wait().expect("wait for chromium").is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            panic!("chromium did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().expect("chromium's output")
}

/// Steps through the viewer as a player would and writes what it saw into the page.
const DRIVER: &str = r##"<script>
window.addEventListener("load", function () {
  var log = [];
  function state(step) {
    var units = document.querySelectorAll("#overlay .unit").length;
    var orders = document.querySelectorAll("aside #order-list li").length;
    var failed = document.querySelectorAll("aside #order-list .failed").length;
    var lines = document.querySelectorAll("#lines g#orders path").length;
    log.push(step + "|" + document.getElementById("phase-title").textContent + "|" +
      document.getElementById("counter").textContent + "|" + units + "|" + orders + "|" + failed + "|" + lines);
  }
  function key(name) { document.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })); }
  state("start");
  key("ArrowRight"); state("right");
  document.getElementById("next").click(); state("next");
  key("ArrowLeft"); state("left");
  document.getElementById("prev").click(); state("prev");
  key("End"); state("end");
  document.getElementById("next").click(); state("past-end");
  var pre = document.createElement("pre");
  pre.id = "driver-log";
  pre.textContent = log.join("\n");
  document.body.appendChild(pre);
});
</script>
"##;

#[test]
fn the_viewer_steps_through_a_game_in_chromium() {
    let Some(browser) = chromium() else {
        assert!(std::env::var_os("CI").is_none(), "CI must run the browser test: `bash .ci/run` installs chromium");
        eprintln!("SKIPPED: no chromium (install Debian's `chromium`, as `bash .ci/run` does)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("dip-viewer-browser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let start = dir.join("game.ron");
    let new = Command::new(env!("CARGO_BIN_EXE_dip")).args(["new", "standard"]).output().expect("dip new");
    std::fs::write(&start, &new.stdout).expect("write game");
    let page = dir.join("game.html");
    let render = Command::new(env!("CARGO_BIN_EXE_dip"))
        .current_dir(root())
        .args(["render", "--game"])
        .arg(&start)
        .args(["examples/game/s1901.ron", "examples/game/f1901.ron", "examples/game/w1901.ron", "-o"])
        .arg(&page)
        .output()
        .expect("dip render");
    assert!(render.status.success(), "{}", String::from_utf8_lossy(&render.stderr));

    // The page with the driver added at its end.
    let html = std::fs::read_to_string(&page).expect("read page");
    let driven = dir.join("driven.html");
    std::fs::write(&driven, html.replace("</body>", &format!("{DRIVER}</body>"))).expect("write driven page");
    let dom = run_chromium(
        &browser,
        &dir,
        &["--dump-dom", "--virtual-time-budget=5000"],
        &format!("file://{}", driven.display()),
    );
    let log_start = dom.find("<pre id=\"driver-log\">").expect("the driver ran: its log is in the page") + 21;
    let log_end = log_start + dom[log_start..].find("</pre>").expect("end of log");
    let log: Vec<Vec<&str>> = dom[log_start..log_end].lines().map(|l| l.split('|').collect()).collect();
    let steps: Vec<(&str, &str, &str)> = log.iter().map(|l| (l[0], l[1], l[2])).collect();
    assert_eq!(
        steps,
        [
            ("start", "Spring 1901 Movement", "1 / 4"),
            ("right", "Fall 1901 Movement", "2 / 4"),
            ("next", "Winter 1901 Adjustment", "3 / 4"),
            ("left", "Fall 1901 Movement", "2 / 4"),
            ("prev", "Spring 1901 Movement", "1 / 4"),
            ("end", "Spring 1902 Movement", "4 / 4"),
            ("past-end", "Spring 1902 Movement", "4 / 4"),
        ],
        "{dom}"
    );
    let units = |step: usize| log[step][3].parse::<usize>().expect("unit count");
    let orders = |step: usize| log[step][4].parse::<usize>().expect("order count");
    assert_eq!(units(0), 22, "the opening's units are drawn");
    assert!(units(5) > 22, "the winter's builds are on the board of 1902");
    assert_eq!(orders(0), 22, "every spring order is listed with its result");
    assert_eq!(orders(5), 0, "the last board waits for orders");
    let failed = |step: usize| log[step][5].parse::<usize>().expect("failed count");
    assert!(failed(0) > 0, "the spring's bounces are marked in the list");
    // The map shows the orders too: arrows under the units, none on the last board.
    let lines = |step: usize| log[step][6].parse::<usize>().expect("line count");
    assert!(lines(0) >= 22, "the spring's orders are drawn on the map");
    assert_eq!(lines(5), 0);

    // A screenshot of the third phase: the map is drawn (sea, land, England's colour).
    let shot = dir.join("shot.png");
    run_chromium(
        &browser,
        &dir,
        &[&format!("--screenshot={}", shot.display()), "--virtual-time-budget=5000"],
        &format!("file://{}#3", page.display()),
    );
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&shot).expect("screenshot written"))
        .expect("the screenshot is a PNG");
    assert_eq!((pixmap.width(), pixmap.height()), (1500, 1100));
    let has = |hex: u32| {
        let (r, g, b) = ((hex >> 16) as u8, (hex >> 8) as u8, hex as u8);
        pixmap.pixels().iter().filter(|p| (p.red(), p.green(), p.blue()) == (r, g, b)).count()
    };
    let england = html.find("[\"England\",\"#").map(|i| &html[i + 13..i + 19]).expect("England's colour");
    let england = u32::from_str_radix(england, 16).expect("hex colour");
    assert!(has(0xb9d3e6) > 2_000, "the sea is drawn");
    assert!(has(0xf1ead6) > 2_000, "neutral land is drawn");
    assert!(has(england) > 20, "England's units and swatch are drawn");
    let _ = std::fs::remove_dir_all(&dir);
}
