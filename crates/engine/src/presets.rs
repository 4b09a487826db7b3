//! Rule presets: TOML files in `rules/` that set the DATC disputable issues as a rulebook
//! decides them (`rules/1982.toml`), and single overrides (`4.A.2=all-hold`).

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use dip_map::Rules;

/// The presets compiled into the library: (name, TOML text).
pub const RULE_PRESETS: &[(&str, &str)] = &[
    ("datc", include_str!("../../../rules/datc.toml")),
    ("1971", include_str!("../../../rules/1971.toml")),
    ("1982", include_str!("../../../rules/1982.toml")),
    ("2000", include_str!("../../../rules/2000.toml")),
    ("2023", include_str!("../../../rules/2023.toml")),
    ("dptg", include_str!("../../../rules/dptg.toml")),
    ("webdiplomacy", include_str!("../../../rules/webdiplomacy.toml")),
    ("mila", include_str!("../../../rules/mila.toml")),
    ("dipcc", include_str!("../../../rules/dipcc.toml")),
];

/// A preset file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Issue (`"4.A.2"`) → choice (`"1982"`).
    pub choices: BTreeMap<String, String>,
}

/// A preset or override that could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PresetError {
    /// No embedded preset by that name.
    UnknownPreset(String),
    /// The TOML text is not a preset.
    Syntax { source: String, message: String },
    /// A choice the engine does not know.
    Choice { source: String, message: String },
    /// An override not of the form `4.X.N=choice`.
    Override(String),
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PresetError::UnknownPreset(name) => {
                let names: Vec<&str> = RULE_PRESETS.iter().map(|(n, _)| *n).collect();
                write!(f, "no rule preset `{name}` (presets: {})", names.join(", "))
            }
            PresetError::Syntax { source, message } => write!(f, "{source}: {message}"),
            PresetError::Choice { source, message } => write!(f, "{source}: {message}"),
            PresetError::Override(text) => write!(f, "`{text}`: expected ISSUE=CHOICE, e.g. 4.A.2=szykman"),
        }
    }
}

impl std::error::Error for PresetError {}

/// Reads a preset from TOML text; `source` names it in errors.
pub fn parse_preset(source: &str, text: &str) -> Result<Preset, PresetError> {
    toml::from_str(text).map_err(|e| PresetError::Syntax { source: source.into(), message: e.to_string() })
}

/// Applies every choice of a preset on top of `rules`.
pub fn apply_preset(rules: &mut Rules, source: &str, preset: &Preset) -> Result<(), PresetError> {
    for (issue, choice) in &preset.choices {
        rules.set(issue, choice).map_err(|e| PresetError::Choice { source: source.into(), message: e.to_string() })?;
    }
    Ok(())
}

/// The rules of an embedded preset (`datc`, `1971`, `1982`, `2000`, `2023`, `dptg`, `webdiplomacy`,
/// `mila`, `dipcc`), starting from the DATC defaults.
pub fn rules_preset(name: &str) -> Result<Rules, PresetError> {
    let preset = preset(name)?;
    let mut rules = Rules::default();
    apply_preset(&mut rules, &format!("rules/{}.toml", preset.name), &preset)?;
    Ok(rules)
}

/// An embedded preset by name.
pub fn preset(name: &str) -> Result<Preset, PresetError> {
    let (name, text) = RULE_PRESETS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .ok_or_else(|| PresetError::UnknownPreset(name.into()))?;
    parse_preset(&format!("rules/{name}.toml"), text)
}

/// Applies one `ISSUE=CHOICE` override (`4.A.2=all-hold`).
pub fn apply_override(rules: &mut Rules, text: &str) -> Result<(), PresetError> {
    let (issue, choice) = text.split_once('=').ok_or_else(|| PresetError::Override(text.into()))?;
    rules
        .set(issue.trim(), choice.trim())
        .map_err(|e| PresetError::Choice { source: text.into(), message: e.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dip_map::rules::{AdjacentConvoy, MultipleOrders, ParadoxRule, SupportCoast};

    #[test]
    fn every_embedded_preset_reads_and_applies() {
        for (name, _) in RULE_PRESETS {
            rules_preset(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    #[test]
    fn the_datc_preset_is_the_default() {
        assert_eq!(rules_preset("datc"), Ok(Rules::default()));
    }

    #[test]
    fn presets_set_what_their_rulebook_decides() {
        let r = rules_preset("1982").expect("1982");
        assert_eq!(r.paradox_rule, ParadoxRule::Rulebook1982);
        assert_eq!(r.adjacent_convoy, AdjacentConvoy::Rulebook1982);
        let r = rules_preset("dptg").expect("dptg");
        assert_eq!(r.adjacent_convoy, AdjacentConvoy::Dptg);
        let r = rules_preset("mila").expect("mila");
        assert_eq!(r.support_coast, SupportCoast::Ignored);
        assert_eq!(r.multiple_orders, MultipleOrders::Last);
        assert_eq!(r.choice("4.A.3").as_deref(), Some("IntentOrLand"));
        assert_eq!(r.choice("4.D.8").as_deref(), Some("Mila"));
        let r = rules_preset("dipcc").expect("dipcc");
        assert_eq!(r.adjacent_convoy, AdjacentConvoy::ViaOrLandFallback);
        assert_eq!(r.support_coast, SupportCoast::Optional);
        assert_eq!(r.multiple_orders, MultipleOrders::Last);
        assert_eq!(r.choice("4.D.8").as_deref(), Some("Mila"));
    }

    #[test]
    fn overrides_name_their_fault() {
        let mut rules = Rules::default();
        apply_override(&mut rules, "4.A.2=all-hold").expect("valid");
        assert_eq!(rules.paradox_rule, ParadoxRule::AllHold);
        assert!(matches!(apply_override(&mut rules, "4.A.2"), Err(PresetError::Override(_))));
        assert!(matches!(apply_override(&mut rules, "4.A.2=nonsense"), Err(PresetError::Choice { .. })));
        assert!(matches!(rules_preset("1999"), Err(PresetError::UnknownPreset(_))));
    }
}
