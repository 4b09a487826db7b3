//! Units, locations and provinces written in one [`Notation`], and reasons in words.

use dip_map::{LocId, Map, Position, ProvinceId, Unit};
use dip_movement::Failure;
use dip_orders::Notation;

/// Writes names of one map in one notation: `St Petersburg(sc)` (DATC), `stp/sc` (judge),
/// `STP/SC` (MILA).
#[derive(Clone, Copy, Debug)]
pub struct Names<'a> {
    pub map: &'a Map,
    pub notation: Notation,
}

impl<'a> Names<'a> {
    pub fn new(map: &'a Map, notation: Notation) -> Self {
        Names { map, notation }
    }

    /// A province: `North Sea`, `nth`, `NTH`.
    pub fn province(&self, province: ProvinceId) -> String {
        let p = self.map.province(province);
        match self.notation {
            Notation::Judge => p.abbr.clone(),
            Notation::Mila => p.abbr.to_ascii_uppercase(),
            _ => p.name.clone(),
        }
    }

    /// A location: `St Petersburg(sc)`, `stp/sc`, `STP/SC`.
    pub fn loc(&self, loc: LocId) -> String {
        match self.notation {
            Notation::Judge => self.map.loc_abbr(loc),
            Notation::Mila => self.map.loc_abbr(loc).to_ascii_uppercase(),
            _ => self.map.loc_name(loc),
        }
    }

    /// A unit: `F St Petersburg(sc)`, `F stp/sc`, `F STP/SC`.
    pub fn unit(&self, unit: &Unit) -> String {
        format!("{} {}", unit.kind, self.loc(unit.loc))
    }

    /// The unit that stood in a province at the start of the phase, or the province when
    /// it was empty.
    pub fn unit_in(&self, position: &Position, province: ProvinceId) -> String {
        match position.unit_in(self.map, province) {
            Some(u) => self.unit(u),
            None => self.province(province),
        }
    }

    /// Why a legal order failed, in words (`bounced by A Munich and A Burgundy`).
    pub fn failure(&self, position: &Position, failure: &Failure) -> String {
        let at = |p: ProvinceId| self.unit_in(position, p);
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
            Failure::CanalParadox => {
                "the canal crossing is part of a paradox and fails by the canal's paradox rule".into()
            }
            Failure::RailStopped { at } => format!("the railroad move stopped in {}", self.province(*at)),
            _ => "the order failed".into(),
        }
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
}
