//! A variant file's rule choices are checked as it is loaded: every command refuses one
//! with an unknown DATC issue or choice, naming the file and the line, where before only
//! the commands that play refused it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn every_command_refuses_an_unknown_rule_of_a_variant_file() {
    let dir = std::env::temp_dir().join(format!("dip-cli-variant-rules-{}", std::process::id()));
    let variants = dir.join("variants");
    std::fs::create_dir_all(&variants).expect("create temp dir");
    let text = std::fs::read_to_string(root().join("variants/pure.ron")).expect("a variant");
    assert_eq!(text.matches("    rules: {},\n").count(), 1);
    let line = text[..text.find("    rules: {},").expect("rules")].matches('\n').count() + 1;
    let text = text.replace(
        "    rules: {},\n",
        "    rules: {\n        \"4.A.2\": \"nonsense\",\n        \"4.Z.9\": \"a\",\n    },\n",
    );
    let variant = variants.join("pure.ron");
    std::fs::write(&variant, text).expect("write");
    let variant = variant.to_string_lossy().into_owned();
    // A position of the variant, found beside it as `variants/pure.ron`.
    let position = dir.join("position.ron");
    std::fs::write(
        &position,
        "#![enable(implicit_some)]\n(variant: \"pure\", phase: \"Spring 1901 Movement\", units: {\"Austria\": [\"A Vienna\"]}, orders: {})",
    )
    .expect("write");
    let position = position.to_string_lossy().into_owned();
    let commands: [&[&str]; 6] = [
        &["show", &variant],
        &["new", &variant],
        &["new", &variant, "--format", "saved-game"],
        &["rules", &variant],
        &["check-orders", &position, "--variant", &variant],
        &["run", &position, "--variant", &variant],
    ];
    for args in commands {
        let output = Command::new(env!("CARGO_BIN_EXE_dip")).args(args).current_dir(&dir).output().expect("run dip");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("{variant}:{}: rules: issue 4.A.2 has no choice `nonsense`", line + 1)),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains(&format!("{variant}:{}: rules: unknown DATC issue `4.Z.9`", line + 2)),
            "{args:?}: {stderr}"
        );
    }
}
