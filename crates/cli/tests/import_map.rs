//! `dip import-map`: a DPjudge map file becomes a variant file, with its report.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn dip(args: &[&str], dir: &Path) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_dip")).args(args).current_dir(dir).output().expect("run dip");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-import-map-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn test_map(name: &str) -> String {
    root().join("crates/import/tests/maps").join(name).display().to_string()
}

#[test]
fn imports_the_standard_map_and_finds_it_equal() {
    let dir = temp_dir("standard");
    let (code, out, err) = dip(&["import-map", &test_map("dpjudge/standard.map"), "--compare", "standard"], &dir);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("7 powers, 75 provinces, 34 supply centres → standard.ron"), "{out}");
    assert!(out.contains("Import report (1 note):"), "{out}");
    assert!(out.contains("standard.geography:180: `SWI` is impassable"), "{out}");
    assert!(out.contains("Compared with standard: the same geometry, powers and opening."), "{out}");
    assert!(out.contains("Picture: `dip render` draws it with the geometry of `standard`"), "{out}");
    let written = std::fs::read_to_string(dir.join("standard.ron")).expect("written");
    assert!(written.starts_with("// Standard: imported from `standard.map` by `dip import-map`."));
    // The file is a variant dip shows; no temporary file is left beside it.
    let (code, shown, err) = dip(&["show", "standard.ron"], &dir);
    assert_eq!(code, Some(0), "{err}");
    assert!(shown.contains("Adriatic Sea"), "{shown}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir).expect("dir").filter_map(Result::ok).collect();
    assert_eq!(leftovers.len(), 1, "{leftovers:?}");
}

#[test]
fn differences_fail_the_comparison() {
    let dir = temp_dir("compare");
    let (code, out, _) =
        dip(&["import-map", &test_map("own/france_austria.map"), "-o", "fa.ron", "--compare", "standard"], &dir);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("powers: only in the first"), "{out}");
    assert!(dir.join("fa.ron").is_file());
    // France vs Austria has Standard's provinces and borders: Standard's picture.
    assert!(out.contains("Picture: `dip render` draws it with the geometry of `standard`"), "{out}");
}

#[test]
fn a_map_no_geometry_draws_is_reported_as_schematic() {
    let dir = temp_dir("schematic");
    // A small map of our own: no embedded geometry has its provinces.
    let map = "BEGIN SPRING 1901 MOVEMENT\nNORTH (NORTHERN) NOR\nA NOR\nSOUTH (SOUTHERN) SOU\nA SOU\n\
        North = nor\nSouth = sou\nMiddle = mid\n\
        LAND NOR ABUTS SOU MID\nLAND SOU ABUTS NOR MID\nLAND MID ABUTS NOR SOU\n";
    std::fs::write(dir.join("small.map"), map).expect("write the map");
    let (code, out, err) = dip(&["import-map", "small.map", "-o", "small.ron"], &dir);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("Picture: no geometry draws its provinces and borders, so `dip render` draws it as a schematic"),
        "{out}"
    );
}

#[test]
fn prints_the_variant_with_a_dash() {
    let dir = temp_dir("stdout");
    let (code, out, err) = dip(&["import-map", &test_map("dpjudge/chaos.map"), "-o", "-"], &dir);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("// Chaos: imported"), "{out}");
    assert!(err.contains("Import report"), "{err}");
    assert!(std::fs::read_dir(&dir).expect("dir").next().is_none(), "nothing written");
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let dir = temp_dir("missing");
    let (code, _, err) = dip(&["import-map", "nowhere.map"], &dir);
    assert_eq!(code, Some(1));
    assert!(err.contains("nowhere.map"), "{err}");
}
