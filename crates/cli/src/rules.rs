//! `dip rules`: every DATC disputable issue with its choices, spelt as the compliance
//! matrix (`cargo xtask datc`) spells them, and the choice in force.

use std::process::ExitCode;

use dip::Rules;
use dip::map::rules::ISSUES;

use crate::commands::Output;
use crate::load::{self, Errors, RuleArgs};

/// Lists the issues under the rules a variant, a preset and single overrides make.
pub fn rules(variant: Option<&str>, args: &RuleArgs) -> Result<Output, Errors> {
    let mut rules = Rules::default();
    let mut sources = vec!["the DATC's preferences".to_string()];
    if let Some(arg) = variant {
        let variant = load::variant_arg(arg)?;
        rules = variant.rules()?;
        sources.push(format!("the variant `{}`", variant.map.name()));
    }
    args.apply(&mut rules)?;
    if let Some(preset) = &args.preset {
        sources.push(format!("the preset `{preset}`"));
    }
    if !args.options.is_empty() {
        sources.push(args.options.join(" "));
    }
    let mut out = String::new();
    outln!(out, "DATC disputable issues (chapter 4), under {}.", sources.join(", then "));
    outln!(out, "Choices are named as in the compliance matrix of `cargo xtask datc`, then the other names");
    outln!(out, "`--option ISSUE=CHOICE` reads (the DATC's letter, a rulebook's year); `*` marks the DATC's");
    outln!(out, "preference.");
    for issue in ISSUES {
        outln!(out);
        let title = Rules::title(issue).unwrap_or_default();
        let in_force = rules.choice(issue).unwrap_or_default();
        outln!(out, "{issue}  {title}: {in_force}");
        for choice in Rules::choice_names(issue) {
            let mark = if choice.preferred { "*" } else { " " };
            outln!(out, "      {mark} {choice}");
        }
    }
    Ok(Output::new(out, ExitCode::SUCCESS))
}
