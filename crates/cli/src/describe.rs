//! Results and reasons in plain English, with the map's province names.

use dip::formats::Names;
use dip::{Failure, Illegal, LocId, Map, Notation, OrderResult, ParseError, Position, ProvinceId, Terrain, Unit};

fn names(map: &Map) -> Names<'_> {
    Names::new(map, Notation::Datc)
}

/// `A Norway`, `F St Petersburg(sc)`.
pub fn unit(map: &Map, unit: &Unit) -> String {
    names(map).unit(unit)
}

/// The unit that stood in a province at the start of the phase (`F Norwegian Sea`), or the
/// province's name when it was empty.
pub fn unit_in(map: &Map, position: &Position, province: ProvinceId) -> String {
    names(map).unit_in(position, province)
}

/// `a`, `a and b`, `a, b and c` (with `and` or `or`).
pub fn list(items: &[String], conjunction: &str) -> String {
    dip::formats::list(items, conjunction)
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

/// A movement result in words: `succeeds`, or the verdict and its reason
/// (`fails, bounced by A Kiel`).
pub fn movement_result(map: &Map, position: &Position, result: &OrderResult) -> String {
    let (word, reason) = (verdict(result), reason(map, position, result));
    if reason.is_empty() { word.to_string() } else { format!("{word}, {reason}") }
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
    names(map).failure(position, failure)
}

/// Why an order can never be carried out.
pub fn illegal(why: Illegal) -> String {
    why.to_string()
}

/// `expected X, found Y (did you mean A, B?)`.
pub fn parse_error(error: &ParseError) -> String {
    dip::formats::read_error_words(error)
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
