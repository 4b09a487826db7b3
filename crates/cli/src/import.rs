//! `dip import-map`: a DPjudge-format map as a variant file, with the import report.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::commands::{Output, plural};
use crate::load::{self, Errors};

/// Imports `file`, writes the variant (to `out`, `-` for standard output, or `<name>.ron`
/// here) and prints the report; with `compare`, lists how the import differs from that
/// variant and fails if it does. `name` and `title` replace those made from the file name.
pub fn import_map(
    file: &Path,
    out: Option<&Path>,
    compare: Option<&str>,
    name: Option<&str>,
    title: Option<&str>,
) -> Result<Output, Errors> {
    // The map and its includes within --max-input-bytes, in each file and in all.
    let limits = dip_import::IncludeLimits::with_input(&load::limits());
    let mut import = dip_import::import_file_with(file, &limits)
        .map_err(|e| e.to_string().lines().map(str::to_string).collect::<Errors>())?;
    if let Some(name) = name {
        import.variant.name = name.to_string();
    }
    if let Some(title) = title {
        import.variant.title = title.to_string();
    }
    let map = import.map();
    let ron = import.to_ron();
    let mut text = String::new();
    let target: Option<PathBuf> = match out {
        Some(path) if path.as_os_str() == "-" => None,
        Some(path) => Some(path.to_path_buf()),
        None => Some(PathBuf::from(format!("{}.ron", import.variant.name))),
    };
    match &target {
        Some(path) => {
            dip::atomic_write(path, &ron).map_err(|e| vec![format!("cannot write the variant: {e}")])?;
            outln!(
                text,
                "{}: {}, {}, {} → {}",
                file.display(),
                plural(map.power_count(), "power"),
                plural(map.province_count(), "province"),
                plural(map.centres().count(), "supply centre"),
                path.display()
            );
        }
        None => text.push_str(&ron),
    }
    // With the variant on standard output, the report goes to standard error.
    let mut report = String::new();
    if import.notes.is_empty() {
        outln!(report, "Import report: nothing left out.");
    } else {
        outln!(report, "Import report ({}):", plural(import.notes.len(), "note"));
        for note in &import.notes {
            outln!(report, "  {note}");
        }
    }
    // How `dip render` will draw it: the geometry of an embedded variant with the same
    // provinces and borders, or the schematic layout.
    match dip_render::embedded_geometry_for(map) {
        Some(g) => outln!(
            report,
            "Picture: `dip render` draws it with the geometry of `{}` (the same provinces and borders).",
            g.variant
        ),
        None => outln!(
            report,
            "Picture: no geometry draws its provinces and borders, so `dip render` draws it as a schematic (a disc a province, a line a border); tools/geometry/README.md says how to give it a map of its own."
        ),
    }
    let mut code = ExitCode::SUCCESS;
    if let Some(other) = compare {
        let variant = load::variant_arg(other)?;
        let differences = dip_import::differences(&variant.map, map);
        if differences.is_empty() {
            outln!(report, "Compared with {}: the same geometry, powers and opening.", variant.map.name());
        } else {
            outln!(
                report,
                "Compared with {} (first) and the import (second): {}",
                variant.map.name(),
                plural(differences.len(), "difference")
            );
            for d in &differences {
                outln!(report, "  {d}");
            }
            code = ExitCode::FAILURE;
        }
    }
    if target.is_some() {
        text.push_str(&report);
        Ok(Output::new(text, code))
    } else {
        let mut output = Output::new(text, code);
        output.errors = report.lines().map(str::to_string).collect();
        Ok(output)
    }
}
