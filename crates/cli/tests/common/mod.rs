//! Helpers shared by the tests that turn DATC case files into position files.

use std::collections::BTreeMap;

/// `Power: unit or order` lines grouped by power.
pub fn group(lines: &[String]) -> BTreeMap<String, Vec<String>> {
    let mut by_power: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in lines {
        let (power, rest) = line.split_once(':').expect("power prefix");
        by_power.entry(power.trim().to_string()).or_default().push(rest.trim().to_string());
    }
    by_power
}

/// A map of lists in RON.
pub fn ron_map(map: &BTreeMap<String, Vec<String>>) -> String {
    let entries: Vec<String> = map
        .iter()
        .map(|(k, v)| format!("{k:?}: [{}]", v.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(", ")))
        .collect();
    format!("{{{}}}", entries.join(", "))
}
