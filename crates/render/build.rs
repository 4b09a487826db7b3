//! Embeds every geometry file of the workspace's `variants/geometry/` folder, so that
//! giving a variant a map picture is adding one file.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it is compiled: worktrees sharing one target
    // folder share the compiled script, and each must embed its own files.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("../../variants/geometry");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "ron"));
    files.sort();
    let mut code = String::from("/// The geometry files compiled into the library: (variant name, RON text).\n");
    code.push_str("pub const EMBEDDED_GEOMETRY: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let _ = writeln!(code, "    ({name:?}, include_str!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("geometry.rs");
    std::fs::write(out, code).expect("write the geometry table");
}
