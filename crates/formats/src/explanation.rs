//! A movement phase's explanation ([`dip_movement::Explanation`]) as JSON rows, one per
//! readable order, with names in the chosen notation and the library's wording in `lines`
//! (`docs/json.md`, "Explanations").

use serde::{Deserialize, Serialize};

use dip_map::{Map, Unit};
use dip_movement::explanation::{
    BackupRule, ConvoyFleet, ConvoyStatus, OrderExplanation, Route, Strength, SupportRef, SupportStatus, Trace,
};

use crate::names::Names;

/// How one order was decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplanationRow {
    /// `illegal`, `hold`, `move`, `support`, `convoy` or `other`.
    pub kind: String,
    /// The explanation in words, a step a line: the same words the CLI's text shows.
    pub lines: Vec<String>,
    /// A move's attack strength.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<StrengthRow>,
    /// A move's opposing strengths: the defend strength of the unit met head to head or the
    /// destination's hold strength, then every other move's prevent strength.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opposing: Vec<StrengthRow>,
    /// A move's route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<RouteRow>,
    /// A hold's hold strength.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold: Option<StrengthRow>,
    /// A hold: the attack strength of each move against it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<StrengthRow>,
    /// A support: the unit supported and what became of the support.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub support: Option<StatusRow>,
    /// A convoy: the army convoyed and what became of the convoy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convoy: Option<StatusRow>,
    /// The backup rule that settled the order's own decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backup: Option<BackupRow>,
}

/// One strength.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrengthRow {
    /// `attack`, `hold`, `defend`, `prevent`.
    pub kind: String,
    /// The unit whose strength it is; absent for an empty province's hold strength.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<String>,
    pub province: String,
    pub value: u32,
    /// What a difficult border takes off.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub toll: u32,
    /// Why the value is not 1 plus the supports counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Every support ordered for the unit, counted or not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supports: Vec<StatusRow>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A support, convoy or convoying fleet and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusRow {
    /// The unit: the supporter in a strength's `supports`, the fleet in a route's `fleets`,
    /// the unit supported or convoyed in an order's `support` or `convoy`.
    pub unit: String,
    pub power: String,
    /// Supports: `counted`, `own_power_attacked`, `protected`, `cut`, `dislodged`,
    /// `canal_closed`, `backup`, `void`. Convoys: `convoyed`, `dislodged`, `paradox`, `backup`, `void`.
    pub code: String,
    /// The unit that cut it or dislodged the supporter or fleet (for `protected`, whose
    /// attack did not cut it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// For `void`, why: `order_differs`, ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void: Option<String>,
    /// For `backup` and `paradox`, the rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backup: Option<BackupRow>,
    /// For `protected`: the §4.A.2 choice that kept `by`'s convoyed attack from cutting it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The status in words.
    pub reason: String,
}

/// A move's route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouteRow {
    /// `direct`, `convoy`, `land_after_convoy`, `no_convoy`, `path_not_written`,
    /// `canal_closed`, `impossible`.
    pub code: String,
    /// `convoy`: the fleets of the route (each `convoyed`); `land_after_convoy` and
    /// `no_convoy`: the fleets ordered to convoy the army and what became of each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fleets: Vec<StatusRow>,
    /// The route in words.
    pub reason: String,
}

/// A backup rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupRow {
    /// `circular_movement`, `no_swap_over_land`, `convoy_paradox`, `canal_paradox`,
    /// `railroad_paradox`, `cycle_fails`.
    pub code: String,
    /// For `convoy_paradox`: the §4.A.2 choice in force (`szykman`, `all-hold`, `dptg`,
    /// `1971`, `1982`, `2000`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl ExplanationRow {
    /// The row of one order's explanation, units and provinces named in `names`' notation.
    pub fn new(names: &Names<'_>, e: &OrderExplanation) -> Self {
        let map = names.map;
        let mut row = ExplanationRow {
            kind: e.trace.code().into(),
            lines: e.lines(map),
            attack: None,
            opposing: Vec::new(),
            route: None,
            hold: None,
            attacks: Vec::new(),
            support: None,
            convoy: None,
            backup: e.backup.map(backup_row),
        };
        match &e.trace {
            Trace::Move(mv) => {
                row.attack = Some(strength_row(names, &mv.attack));
                row.opposing = mv.opposing.iter().map(|s| strength_row(names, s)).collect();
                row.route = Some(route_row(names, &mv.route));
            }
            Trace::Hold(hold) => {
                row.hold = Some(strength_row(names, &hold.hold));
                row.attacks = hold.attacks.iter().map(|s| strength_row(names, s)).collect();
            }
            Trace::Support(s) => row.support = Some(support_row(names, &s.supported, &s.status)),
            Trace::Convoy(c) => row.convoy = Some(convoy_row(names, &c.army, &c.status)),
            _ => {}
        }
        row
    }
}

fn backup_row(rule: BackupRule) -> BackupRow {
    let paradox = match rule {
        BackupRule::ConvoyParadox(p) => Some(p.to_string()),
        _ => None,
    };
    BackupRow { code: rule.code().into(), rule: paradox }
}

fn power_of(map: &Map, unit: &Unit) -> String {
    map.power(unit.power).name.clone()
}

fn strength_row(names: &Names<'_>, s: &Strength) -> StrengthRow {
    let map = names.map;
    StrengthRow {
        kind: s.kind.code().into(),
        unit: s.unit.as_ref().map(|u| names.unit(u)),
        power: s.unit.as_ref().map(|u| power_of(map, u)),
        province: names.province(s.province),
        value: s.value,
        toll: s.toll,
        note: s.note.map(|n| n.code().into()),
        supports: s.supports.iter().map(|r: &SupportRef| support_row(names, &r.unit, &r.status)).collect(),
    }
}

fn support_row(names: &Names<'_>, unit: &Unit, status: &SupportStatus) -> StatusRow {
    let rule = match status {
        SupportStatus::Protected { rule, .. } => Some(rule.to_string()),
        _ => None,
    };
    let (by, void, backup) = match status {
        SupportStatus::Cut { by } | SupportStatus::Dislodged { by } => (Some(names.unit(by)), None, None),
        SupportStatus::Protected { from, .. } => (Some(names.unit(from)), None, None),
        SupportStatus::Void(why) => (None, Some(why.code().into()), None),
        SupportStatus::Backup(rule) => (None, None, Some(backup_row(*rule))),
        _ => (None, None, None),
    };
    StatusRow {
        unit: names.unit(unit),
        power: power_of(names.map, unit),
        code: status.code().into(),
        by,
        void,
        backup,
        rule,
        reason: status.describe(names.map),
    }
}

fn convoy_row(names: &Names<'_>, unit: &Unit, status: &ConvoyStatus) -> StatusRow {
    let (by, void, backup) = match status {
        ConvoyStatus::Dislodged { by } => (Some(names.unit(by)), None, None),
        ConvoyStatus::Void(why) => (None, Some(why.code().into()), None),
        ConvoyStatus::Paradox(rule) | ConvoyStatus::Backup(rule) => (None, None, Some(backup_row(*rule))),
        _ => (None, None, None),
    };
    StatusRow {
        unit: names.unit(unit),
        power: power_of(names.map, unit),
        code: status.code().into(),
        by,
        void,
        backup,
        rule: None,
        reason: status.describe(names.map),
    }
}

fn route_row(names: &Names<'_>, route: &Route) -> RouteRow {
    let fleets = match route {
        Route::Convoy { fleets } => fleets.iter().map(|f| convoy_row(names, f, &ConvoyStatus::Convoyed)).collect(),
        Route::LandAfterConvoy { fleets } | Route::NoConvoy { fleets } => {
            fleets.iter().map(|c: &ConvoyFleet| convoy_row(names, &c.fleet, &c.status)).collect()
        }
        _ => Vec::new(),
    };
    RouteRow { code: route.code().into(), fleets, reason: route.describe(names.map) }
}
