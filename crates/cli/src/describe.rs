//! Results and reasons in plain English, with the map's province names.

use dip::{Failure, Illegal, LocId, Map, OrderResult, ParseError, Position, ProvinceId, Terrain, Unit};

/// `A Norway`, `F St Petersburg(sc)`.
pub fn unit(map: &Map, unit: &Unit) -> String {
    format!("{} {}", unit.kind, map.loc_name(unit.loc))
}

/// The unit that stood in a province at the start of the phase (`F Norwegian Sea`), or the
/// province's name when it was empty.
pub fn unit_in(map: &Map, position: &Position, province: ProvinceId) -> String {
    match position.unit_in(map, province) {
        Some(u) => unit(map, u),
        None => map.province(province).name.clone(),
    }
}

/// `a`, `a and b`, `a, b and c` (with `and` or `or`).
pub fn list(items: &[String], conjunction: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

/// Location names, `Finland, St Petersburg(nc)`.
pub fn locations(map: &Map, locs: &[LocId]) -> Vec<String> {
    locs.iter().map(|&l| map.loc_name(l)).collect()
}

/// The word for a result: `succeeds`, `fails` or `illegal`.
pub fn verdict(result: &OrderResult) -> &'static str {
    match result {
        OrderResult::Succeeds => "succeeds",
        OrderResult::Fails(_) => "fails",
        OrderResult::Illegal(_) => "illegal",
    }
}

/// Why the order has its result (empty for a success). `position` is the board the orders
/// were given on.
pub fn reason(map: &Map, position: &Position, result: &OrderResult) -> String {
    match result {
        OrderResult::Succeeds => String::new(),
        OrderResult::Fails(failure) => self::failure(map, position, failure),
        OrderResult::Illegal(why) => format!("{}; the unit holds", illegal(*why)),
    }
}

/// Why a legal order failed.
pub fn failure(map: &Map, position: &Position, failure: &Failure) -> String {
    let at = |p: ProvinceId| unit_in(map, position, p);
    match failure {
        Failure::Bounced { by } if by.is_empty() => "bounced".into(),
        Failure::Bounced { by } => {
            format!("bounced by {}", list(&by.iter().map(|&p| at(p)).collect::<Vec<_>>(), "and"))
        }
        Failure::NoConvoyPath => "no chain of convoying fleets carried the army".into(),
        Failure::Impossible => "the move can never be made".into(),
        Failure::SupportCut { by } => format!("support cut by {}", at(*by)),
        Failure::SupportDislodged { by } => format!("the supporting unit was dislodged by {}", at(*by)),
        Failure::SupportVoid => "the supported unit did not do what the support says".into(),
        Failure::ConvoyDislodged { by } => format!("the convoying fleet was dislodged by {}", at(*by)),
        Failure::ConvoyVoid => "no army moved along this convoy".into(),
        Failure::ConvoyParadox => "the convoy is part of a paradox and fails by the Szykman rule".into(),
        Failure::Dislodged { by } => format!("dislodged by {}", at(*by)),
        Failure::CanalClosed => "the canal was closed to it (no permission, or no unit kept it)".into(),
        Failure::CanalParadox => "the canal crossing is part of a paradox and fails by the canal's paradox rule".into(),
        Failure::RailStopped { at } => format!("the railroad move stopped in {}", map.province(*at).name),
        _ => "the order failed".into(),
    }
}

/// Why an order can never be carried out.
pub fn illegal(why: Illegal) -> String {
    why.to_string()
}

/// `expected X, found Y (did you mean A, B?)`.
pub fn parse_error(error: &ParseError) -> String {
    let mut text = format!("expected {}, found {}", error.expected, error.found);
    if !error.suggestions.is_empty() {
        text.push_str(&format!(" (did you mean {}?)", error.suggestions.join(", ")));
    }
    text
}

/// `land`, `sea`, `coast`.
pub fn terrain(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Land => "land",
        Terrain::Sea => "sea",
        Terrain::Coast => "coast",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(list(&s(&[]), "and"), "");
        assert_eq!(list(&s(&["a"]), "and"), "a");
        assert_eq!(list(&s(&["a", "b"]), "or"), "a or b");
        assert_eq!(list(&s(&["a", "b", "c"]), "and"), "a, b and c");
    }

    #[test]
    fn parse_errors_read_as_english() {
        let error = ParseError {
            column: 3,
            expected: "a province".into(),
            found: "`Lodnon`".into(),
            suggestions: vec!["London".into(), "Livonia".into()],
        };
        assert_eq!(parse_error(&error), "expected a province, found `Lodnon` (did you mean London, Livonia?)");
    }
}
