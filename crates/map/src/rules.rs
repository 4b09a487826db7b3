//! Choices of the DATC's disputable issues (chapter 4) that the engine implements.
//! Each field cites its section; the default is the DATC v3.1 preference.

use serde::{Deserialize, Serialize};

/// Declares the enum of one issue's choices with the traits every such enum has: parsed
/// from a choice name (strum), listed in DATC order, serialised, defaulted.
macro_rules! choice_enum {
    ($(#[$meta:meta])* pub enum $name:ident { $($body:tt)* }) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize,
            strum::EnumString, strum::Display, strum::EnumIter, strum::EnumMessage,
        )]
        pub enum $name { $($body)* }
    };
}

/// The rule interpretation in force for a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Rules {
    /// §4.A.1 Multi-route convoy disruption.
    pub multi_route_disruption: MultiRouteDisruption,
    /// §4.A.2 Convoy disruption paradoxes.
    pub paradox_rule: ParadoxRule,
    /// §4.A.3 Convoying to an adjacent province.
    pub adjacent_convoy: AdjacentConvoy,
    /// §4.A.6 Convoy path specification.
    pub convoy_path: ConvoyPath,
    /// §4.A.4 Support cut on attack on itself via convoy.
    pub convoyed_attack_on_supporter: ConvoyedAttackOnSupporter,
    /// §4.A.5 Retreat when dislodged by convoy.
    pub retreat_to_convoy_origin: RetreatToConvoyOrigin,
    /// §4.A.7 Avoiding a head-to-head battle to bounce a unit.
    pub dislodged_unit_bounce: DislodgedUnitBounce,
    /// §4.B.2 Omitted coast in a move when only one coast is possible.
    pub omitted_single_coast: OmittedSingleCoast,
    /// §4.B.3 Move order to an impossible coast.
    pub impossible_coast: ImpossibleCoast,
    /// §4.B.5 Wrong coast of the ordered unit.
    pub wrong_coast_of_unit: IgnoreOrFail,
    /// §4.B.6 Unknown or irrelevant coasts.
    pub unknown_coast: IgnoreOrFail,
    /// §4.C.1 Missing unit designation.
    pub missing_unit_type: Designation,
    /// §4.B.1 Omitted coast when two coasts are possible.
    pub omitted_coast: OmittedCoast,
    /// §4.B.4 Coast specification in a support order.
    pub support_coast: SupportCoast,
    /// §4.B.7 Coast specification in a build order.
    pub build_coast: BuildCoast,
    /// §4.D.1 Multiple order sets with defined order (see `dip::merge_order_sets`).
    pub order_sets_defined: OrderSetsDefined,
    /// §4.D.2 Multiple order sets with undefined order.
    pub order_sets_undefined: OrderSetsUndefined,
    /// §4.E.1 Illegal orders.
    pub illegal_orders: IllegalOrders,
    /// §4.E.2 Poorly written orders.
    pub poorly_written: PoorlyWritten,
    /// §4.E.4 Perpetual orders (the caller's part).
    pub perpetual_orders: PerpetualOrders,
    /// §4.E.5 Proxy orders.
    pub proxy_orders: ProxyOrders,
    /// §4.E.6 Flying Dutchman.
    pub flying_dutchman: FlyingDutchman,
    /// §4.C.2 Wrong unit designation.
    pub wrong_unit_type: WrongUnitType,
    /// §4.C.5 Missing nationality in a support or convoy order.
    pub missing_nationality: Designation,
    /// §4.C.6 Wrong nationality in a support or convoy order.
    pub wrong_nationality: Designation,
    /// §4.D.3 Multiple orders to the same unit.
    pub multiple_orders: MultipleOrders,
    /// §4.D.9 Receiving hold support in civil disorder.
    pub civil_disorder_hold_support: CivilDisorderHoldSupport,
    /// §4.E.3 Implicit orders.
    pub implicit_orders: ImplicitOrders,
    /// §4.C.3 Missing unit designation in build order.
    pub missing_build_unit_type: MissingBuildUnitType,
    /// §4.C.4 Building a fleet in a land area.
    pub fleet_build_in_land: FleetBuildInLand,
    /// §4.D.4 Too many build orders.
    pub too_many_builds: TooManyBuilds,
    /// §4.D.5 Multiple build orders for one province.
    pub builds_in_one_province: BuildsInOneProvince,
    /// §4.D.6 Too many disband orders.
    pub too_many_removals: TooManyRemovals,
    /// §4.D.7 Waiving builds.
    pub waiving_builds: WaivingBuilds,
    /// §4.D.8 Removing a unit in civil disorder.
    pub civil_disorder_removal: CivilDisorderRemoval,
}

choice_enum! {
    /// §4.A.1: when is a convoy with several routes disrupted?
    pub enum MultiRouteDisruption {
        /// a (1971): when any route is disrupted.
        #[strum(serialize = "1971", serialize = "a")]
        AnyRoute,
        /// b (1982 and later): only when every route is disrupted.
        #[default]
        #[strum(serialize = "all-routes", serialize = "b")]
        AllRoutes,
    }
}

choice_enum! {
    /// §4.A.2: how convoy paradoxes are settled.
    pub enum ParadoxRule {
        /// 1971: a convoyed army does not cut the support of a fleet supporting a fleet's
        /// attack on one of its convoying fleets. Paradoxes it leaves are settled as Szykman.
        #[strum(serialize = "1971")]
        Rulebook1971,
        /// 1982: a convoyed army does not cut a support of an action in a body of water that
        /// holds a convoying fleet. Paradoxes it leaves are settled as Szykman.
        #[strum(serialize = "1982")]
        Rulebook1982,
        /// 2000/2023: a convoyed army does not cut the support of an attack on a fleet it needs.
        /// Paradoxes it leaves are settled as Szykman.
        #[strum(serialize = "2000", serialize = "2023")]
        Rulebook2000,
        /// All Hold: every move in the paradox fails.
        #[strum(serialize = "all-hold")]
        AllHold,
        /// Szykman: the convoys of the paradox fail (the DATC preference).
        #[default]
        #[strum(serialize = "szykman")]
        Szykman,
        /// DPTG: of two resolutions, the one in which every convoy of the paradox is
        /// disrupted; otherwise All Hold.
        #[strum(serialize = "dptg")]
        Dptg,
    }
}

choice_enum! {
    /// §4.A.3: when an army that could go by land goes by convoy.
    pub enum AdjacentConvoy {
        /// a (1971): the convoy is used only when the unit at the destination moves the other
        /// way and the convoy is not disrupted; otherwise the land route.
        #[strum(serialize = "1971", serialize = "a")]
        Rulebook1971,
        /// b (1982): the convoy is used when a fleet of the army's own power convoys it.
        #[strum(serialize = "1982", serialize = "b")]
        Rulebook1982,
        /// c (2000/2023, DATC v2 preference): "via convoy" or an own convoying fleet; the land
        /// route is the fallback when the convoy fails.
        #[strum(serialize = "2000-fallback", serialize = "c")]
        Rulebook2000Fallback,
        /// d (2000/2023, the DATC v3 preference): "via convoy" or an own convoying fleet; no
        /// fallback.
        #[default]
        #[strum(serialize = "2000", serialize = "2023", serialize = "d")]
        Rulebook2000,
        /// e (DPTG): the convoy is used only when the order says "via convoy".
        #[strum(serialize = "dptg", serialize = "e")]
        Dptg,
        /// MILA's `diplomacy` 1.1.2 (the 1982/2000 rule as DATC v2.5 reads it, its choice d):
        /// the convoy is meant when the order says "via convoy" or a fleet of the army's power
        /// orders the convoy and some route of the fleets on the board needs that fleet; it is
        /// used only when convoy orders for the move link origin and destination, otherwise the
        /// army goes by land whatever it says (DATC 6.G.8). A move written "via convoy" fails
        /// with its convoy; one meant by an own fleet alone takes the land route when its convoy
        /// fails, unless the unit in the destination, or the chain of supports and convoys it
        /// starts, supports a move into the province of one of its convoying fleets (the land
        /// route would cut the support of the attack on the convoy: DATC 6.G.11).
        #[strum(serialize = "intent-or-land", serialize = "mila")]
        IntentOrLand,
        /// webDiplomacy: the convoy is meant only when the order says "via convoy" (as e), and
        /// used only when convoy orders for the move link origin and destination; otherwise the
        /// army goes by land. A convoy that fails fails the move.
        #[strum(serialize = "via-or-land", serialize = "webdiplomacy")]
        ViaOrLand,
        /// dipcc (Meta's engine, the one Cicero was trained and played on): the convoy is meant
        /// only when the order says "via convoy", and used only when convoy orders for the
        /// move link origin and destination, otherwise the army goes by land (as via-or-land).
        /// A move with such a chain waits on its convoy as any convoyed move does (so a cycle
        /// through the convoy is a paradox for the paradox rule); once its convoy has failed
        /// for good (a fleet dislodged, or the paradox rule disabling it) the army goes by land
        /// instead. A move written "via convoy" meets no unit head to head, even over land, and
        /// over land it never swaps with the unit coming the other way: each side beats the
        /// other only as a unit that stays, and when both could, both fail.
        #[strum(serialize = "via-or-land-fallback", serialize = "dipcc")]
        ViaOrLandFallback,
    }
}

choice_enum! {
    /// §4.A.4: is a support cut by a convoyed attack from the province it supports into?
    pub enum ConvoyedAttackOnSupporter {
        /// a: not cut; the army attacks from its starting province.
        #[default]
        #[strum(serialize = "a", serialize = "not-cut")]
        NotCut,
        /// b: cut; the attack comes from the water.
        #[strum(serialize = "b", serialize = "cut")]
        Cut,
    }
}

choice_enum! {
    /// §4.A.5: may a unit dislodged by a convoyed army retreat to the army's origin?
    pub enum RetreatToConvoyOrigin {
        /// a: never to the attacker's origin.
        #[strum(serialize = "a", serialize = "no-retreat")]
        Forbidden,
        /// b (2023 rulebook): allowed when the attack came by convoy.
        #[default]
        #[strum(serialize = "b", serialize = "may-retreat")]
        AllowedAfterConvoy,
    }
}

choice_enum! {
    /// §4.A.7: may a dislodged unit still bounce a unit in its attacker's province?
    pub enum DislodgedUnitBounce {
        /// a: a dislodged unit never has effect on the province its attacker came from.
        #[strum(serialize = "a", serialize = "never")]
        Never,
        /// b: only not when the two were in a head-to-head battle.
        #[default]
        #[strum(serialize = "b", serialize = "head-to-head-only")]
        UnlessHeadToHead,
    }
}

choice_enum! {
    /// §4.B.2: a move to a multi-coast province without a coast, where one coast is reachable.
    pub enum OmittedSingleCoast {
        /// a: the move goes to the only reachable coast.
        #[default]
        #[strum(serialize = "a", serialize = "use-only-coast")]
        UseOnlyCoast,
        /// b: the move fails.
        #[strum(serialize = "b", serialize = "fail")]
        Fail,
    }
}

choice_enum! {
    /// §4.B.3: a move to a coast the fleet cannot reach.
    pub enum ImpossibleCoast {
        /// a: the coast is ignored and the reachable coast used.
        #[strum(serialize = "a", serialize = "ignore")]
        UsePossibleCoast,
        /// b: the order is illegal.
        #[default]
        #[strum(serialize = "b", serialize = "illegal")]
        Illegal,
    }
}

choice_enum! {
    /// §4.B.5 and §4.B.6: a coast that does not fit.
    pub enum IgnoreOrFail {
        /// a: the order fails.
        #[strum(serialize = "a", serialize = "fail")]
        Fail,
        /// b: the coast is ignored.
        #[default]
        #[strum(serialize = "b", serialize = "ignore")]
        Ignore,
    }
}

choice_enum! {
    /// §4.C.2: the order names the wrong unit type.
    pub enum WrongUnitType {
        /// a: the order is invalid; the unit holds.
        #[strum(serialize = "a", serialize = "invalid")]
        Invalid,
        /// b: the type is ignored.
        #[default]
        #[strum(serialize = "b", serialize = "ignore")]
        Ignore,
        /// c: valid unless another order for the unit names the type rightly; then that one.
        #[strum(serialize = "c", serialize = "unless-corrected")]
        UnlessCorrected,
    }
}

choice_enum! {
    /// §4.C.1, §4.C.5, §4.C.6: an order that leaves out, or gets wrong, a designation that
    /// the rest of the order makes clear (unit type; nationality of a supported or convoyed
    /// foreign unit).
    pub enum Designation {
        /// a: the order is invalid (the unit holds and may receive hold support).
        #[strum(serialize = "a", serialize = "invalid")]
        Invalid,
        /// b: the order is valid.
        #[default]
        #[strum(serialize = "b", serialize = "valid")]
        Valid,
        /// c: valid unless another order for the same unit has the designation right; then
        /// that order counts.
        #[strum(serialize = "c", serialize = "unless-corrected")]
        UnlessCorrected,
    }
}

choice_enum! {
    /// §4.B.1: a move to a multi-coast province without a coast, where both are reachable.
    pub enum OmittedCoast {
        /// a: the move fails.
        #[default]
        #[strum(serialize = "a", serialize = "fail")]
        Fail,
        /// b: the move goes to a default coast (the first reachable coast the variant lists).
        #[strum(serialize = "b", serialize = "default-coast")]
        DefaultCoast,
    }
}

choice_enum! {
    /// §4.B.4: the coast in a support of a fleet's move to a multi-coast province.
    pub enum SupportCoast {
        /// a: mandatory and must match; without it the support fails.
        #[strum(serialize = "a", serialize = "mandatory")]
        Mandatory,
        /// b: mandatory and must match; without it a default coast (the first the variant
        /// lists) is meant.
        #[strum(serialize = "b", serialize = "default-coast")]
        DefaultCoast,
        /// c: mandatory and must match; without it the order is poorly written, and stands
        /// when the moving fleet is of the supporter's power.
        #[strum(serialize = "c", serialize = "own-fleet")]
        OwnFleet,
        /// d: optional; if given it must match, if not the support is to either coast.
        #[default]
        #[strum(serialize = "d", serialize = "optional")]
        Optional,
        /// e: not part of a support: a coast written there is ignored.
        #[strum(serialize = "e", serialize = "ignored")]
        Ignored,
    }
}

choice_enum! {
    /// §4.B.7: a fleet build in a multi-coast province without a coast.
    pub enum BuildCoast {
        /// a: the build fails.
        #[default]
        #[strum(serialize = "a", serialize = "fail")]
        Fail,
        /// b: the fleet is built on a default coast (the first the variant lists).
        #[strum(serialize = "b", serialize = "default-coast")]
        DefaultCoast,
    }
}

choice_enum! {
    /// §4.E.1: which written orders count as orders (legal) rather than being ignored.
    pub enum IllegalOrders {
        /// a: every order in the right format, whatever it names; an impossible move simply
        /// fails (and its unit cannot be supported to hold).
        #[strum(serialize = "a", serialize = "format")]
        Format,
        /// b: every order in the right format naming places of the map. (Orders naming no
        /// place of the map cannot be read at all here, so a and b act alike.)
        #[strum(serialize = "b", serialize = "places")]
        Places,
        /// c: orders that could be valid in some game situation: the map's geography counts,
        /// not the units on the board (an army may be ordered across water without fleets).
        #[strum(serialize = "c", serialize = "geography")]
        Geography,
        /// d: orders that could be valid in the current situation (the DATC preference).
        #[default]
        #[strum(serialize = "d", serialize = "situation")]
        Situation,
    }
}

choice_enum! {
    /// §4.E.2: poorly written orders.
    pub enum PoorlyWritten {
        /// a: every order is judged on its own (a misspelt name with one meaning is followed;
        /// see `dip_orders::NameMatching`).
        #[default]
        #[strum(serialize = "a", serialize = "individually")]
        Individually,
        /// b: a player's orders are judged as a set: a support without coast is read by the
        /// supporter's own fleet's move (as §4.B.4 c).
        #[strum(serialize = "b", serialize = "as-set")]
        AsSet,
    }
}

choice_enum! {
    /// §4.E.4: perpetual orders. The engine adjudicates the orders it is given; repeating a
    /// player's orders each turn is the caller's (the game server's) part.
    pub enum PerpetualOrders {
        /// a: allowed.
        #[strum(serialize = "a", serialize = "allowed")]
        Allowed,
        /// b: not allowed.
        #[default]
        #[strum(serialize = "b", serialize = "not-allowed")]
        NotAllowed,
    }
}

choice_enum! {
    /// §4.E.5: proxy orders (orders by one power for another power's unit).
    pub enum ProxyOrders {
        /// a: allowed when notified before: the caller records the notice and passes the
        /// proxied orders under the unit's own power; in an order set they stay refused.
        #[strum(serialize = "a", serialize = "notified")]
        Notified,
        /// b: allowed as part of the normal order set: an order for another power's unit
        /// counts as that unit's order.
        #[strum(serialize = "b", serialize = "in-order-set")]
        InOrderSet,
        /// c: not allowed.
        #[default]
        #[strum(serialize = "c", serialize = "not-allowed")]
        NotAllowed,
    }
}

choice_enum! {
    /// §4.D.1: several order sets of one power, in a known order.
    pub enum OrderSetsDefined {
        /// a: all sets are combined.
        #[strum(serialize = "a", serialize = "combine")]
        Combine,
        /// b: combined, unless the latest says it replaces the earlier ones.
        #[strum(serialize = "b", serialize = "combine-unless-replaced")]
        CombineUnlessReplaced,
        /// c: only the latest, unless it says earlier sets still count.
        #[default]
        #[strum(serialize = "c", serialize = "latest-unless-kept")]
        LatestUnlessKept,
        /// d: only the latest.
        #[strum(serialize = "d", serialize = "latest")]
        Latest,
    }
}

choice_enum! {
    /// §4.D.2: several order sets of one power, in no known order.
    pub enum OrderSetsUndefined {
        /// a: all units hold.
        #[strum(serialize = "a", serialize = "all-hold")]
        AllHold,
        /// b: all sets are combined.
        #[default]
        #[strum(serialize = "b", serialize = "combine")]
        Combine,
    }
}

choice_enum! {
    /// §4.E.6: a unit on the board that should not be there (a Flying Dutchman).
    pub enum FlyingDutchman {
        /// The DATC's way: remove it at once; a unit that cannot be told apart from the others
        /// that could be it is chosen by the civil-disorder rules (see `dip::remove_flying_dutchmen`).
        #[default]
        #[strum(serialize = "a", serialize = "remove-now")]
        RemoveNow,
        /// Play on until the next adjustment phase, which removes it as a unit too many.
        #[strum(serialize = "b", serialize = "until-adjustment")]
        UntilAdjustment,
    }
}

choice_enum! {
    /// §4.D.3: several different orders to one unit.
    pub enum MultipleOrders {
        /// a: the first order is used.
        #[strum(serialize = "a", serialize = "first")]
        First,
        /// b: the last order is used.
        #[strum(serialize = "b", serialize = "last")]
        Last,
        /// c: the orders are illegal; the unit holds and may receive hold support.
        #[default]
        #[strum(serialize = "c", serialize = "hold")]
        Hold,
    }
}

choice_enum! {
    /// §4.D.9: hold support for a unit of a power in civil disorder (a power that gave no
    /// orders in the phase).
    pub enum CivilDisorderHoldSupport {
        /// a: the support fails.
        #[strum(serialize = "a", serialize = "fails")]
        Fails,
        /// b: the support succeeds, as for any unit not ordered to move.
        #[default]
        #[strum(serialize = "b", serialize = "succeeds")]
        Succeeds,
    }
}

choice_enum! {
    /// §4.E.3: orders deduced from a power's own supports and convoys.
    pub enum ImplicitOrders {
        /// a: allowed: an own unit without order that an own support (or convoy) has moving,
        /// makes that move. An explicit order always wins.
        #[strum(serialize = "a", serialize = "allowed")]
        Allowed,
        /// b: not allowed.
        #[default]
        #[strum(serialize = "b", serialize = "not-allowed")]
        NotAllowed,
    }
}

choice_enum! {
    /// §4.A.6: convoy path specification (`A Yorkshire - North Sea - Belgium`).
    pub enum ConvoyPath {
        /// a: a written path is ignored.
        #[default]
        #[strum(serialize = "a", serialize = "ignored")]
        Ignored,
        /// b: a written path is allowed: only the fleets it names carry the army.
        #[strum(serialize = "b", serialize = "allowed")]
        Allowed,
        /// c: required: a convoyed move without a path fails; with one, only its fleets count.
        #[strum(serialize = "c", serialize = "required")]
        Required,
    }
}

choice_enum! {
    /// §4.C.3: a build order without a unit type (`Build Kiel`).
    pub enum MissingBuildUnitType {
        /// a: the build always fails.
        #[strum(serialize = "a", serialize = "fail")]
        Fail,
        /// b: an army is built in a land area; the build fails in a coastal area.
        #[strum(serialize = "b", serialize = "army-in-land")]
        ArmyInLand,
        /// c: an army in a land area, a fleet in a coastal area when a coast is given; the
        /// build fails in a coastal area without a coast.
        #[default]
        #[strum(serialize = "c", serialize = "best-effort")]
        BestEffort,
    }
}

choice_enum! {
    /// §4.C.4: a build of a fleet in a province no fleet can stand in.
    pub enum FleetBuildInLand {
        /// a: the build fails.
        #[default]
        #[strum(serialize = "a", serialize = "fail")]
        Fail,
        /// b: an army is built instead.
        #[strum(serialize = "b", serialize = "build-army")]
        BuildArmy,
    }
}

choice_enum! {
    /// §4.D.4: a power orders more builds than it may make.
    pub enum TooManyBuilds {
        /// a: all build orders are invalid.
        #[strum(serialize = "a", serialize = "all-invalid")]
        AllInvalid,
        /// b: the first legal build orders are used.
        #[default]
        #[strum(serialize = "b", serialize = "first")]
        First,
        /// c: the last legal build orders are used.
        #[strum(serialize = "c", serialize = "last")]
        Last,
    }
}

choice_enum! {
    /// §4.D.5: two or more build orders for one province.
    pub enum BuildsInOneProvince {
        /// a: all those build orders fail.
        #[strum(serialize = "a", serialize = "all-fail")]
        AllFail,
        /// b: the first build order is used.
        #[default]
        #[strum(serialize = "b", serialize = "first")]
        First,
        /// c: the last build order is used.
        #[strum(serialize = "c", serialize = "last")]
        Last,
    }
}

choice_enum! {
    /// §4.D.6: a power orders more disbands (removals) than it must make.
    pub enum TooManyRemovals {
        /// a: all removal orders are ignored; the civil-disorder rules choose the units.
        #[strum(serialize = "a", serialize = "civil-disorder")]
        CivilDisorder,
        /// b: the first legal removal orders are used.
        #[default]
        #[strum(serialize = "b", serialize = "first")]
        First,
        /// c: the last legal removal orders are used.
        #[strum(serialize = "c", serialize = "last")]
        Last,
    }
}

choice_enum! {
    /// §4.D.7: may a power decline a build it is entitled to?
    pub enum WaivingBuilds {
        /// a (2000 and 2023 rulebooks): waiving builds is allowed.
        #[default]
        #[strum(serialize = "a", serialize = "allowed")]
        Allowed,
        /// b: waiving builds is not allowed (a waive order is illegal).
        #[strum(serialize = "b", serialize = "not-allowed")]
        NotAllowed,
    }
}

choice_enum! {
    /// §4.D.8: which units are removed when a power orders too few removals.
    pub enum CivilDisorderRemoval {
        /// a (1971 and 1982 rulebooks): farthest from the nearest home supply centre first (fleets
        /// move as fleets, armies may also cross water as a fleet would), fleets before armies,
        /// then alphabetically by province.
        #[strum(serialize = "a", serialize = "1982", serialize = "1971")]
        Rulebook1971,
        /// b (2000 rulebook): farthest from the country first, fleets before armies, then
        /// alphabetically; the country is read as the home supply centres, so this counts as a.
        #[strum(serialize = "b", serialize = "2000")]
        Rulebook2000,
        /// c (2023 rulebook): units on supply centres last; farthest from an owned supply centre
        /// first, counting every adjacent province whatever the unit type; fleets before armies,
        /// then alphabetically by English province name.
        #[default]
        #[strum(serialize = "c", serialize = "2023")]
        Rulebook2023,
        /// godip (diplicity's adjudicator), not a DATC choice: farthest from the nearest of the
        /// power's home centres (owned or not, whatever the build rule) first, counting steps
        /// over every border whatever the unit type; fleets before armies; then by province
        /// abbreviation. A unit that cannot reach a home centre counts as on one (distance 0).
        #[strum(serialize = "godip")]
        Godip,
        /// MILA's `diplomacy` 1.1.2, not a DATC choice: farthest from the nearest of the power's
        /// home centres (owned or not, whatever the build rule) first, fleets moving as fleets
        /// and armies over every border (as a); fleets before armies; then by province
        /// abbreviation, not English name. A unit that cannot reach a home centre counts as the
        /// farthest.
        #[strum(serialize = "mila")]
        Mila,
    }
}

/// An unknown issue or choice.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleError {
    UnknownIssue(String),
    UnknownChoice { issue: String, choice: String },
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleError::UnknownIssue(i) => write!(
                f,
                "unknown DATC issue `{i}`: the issues are {} to {} (`dip rules` lists them)",
                ISSUES[0],
                ISSUES[ISSUES.len() - 1]
            ),
            RuleError::UnknownChoice { issue, choice } => {
                let names: Vec<String> = Rules::choice_names(issue).iter().map(ChoiceNames::to_string).collect();
                write!(f, "issue {issue} has no choice `{choice}`: choose one of {}", names.join(", "))
            }
        }
    }
}

/// The names of one choice of an issue: the name the compliance matrix (`cargo xtask
/// datc`) and `dip rules` print, and every other name `Rules::set` reads for it (the
/// DATC's letter, a rulebook's year or a short name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceNames {
    /// `Szykman`, `AllHold`, `Rulebook1982`: the enum variant's name.
    pub name: String,
    /// `szykman`, `a`, `1982`, as far as they can be listed.
    pub aliases: Vec<String>,
    /// The DATC's preference.
    pub preferred: bool,
}

impl std::fmt::Display for ChoiceNames {
    /// `AllHold (all-hold)`, `Szykman (szykman)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)?;
        if !self.aliases.is_empty() {
            write!(f, " ({})", self.aliases.join(", "))?;
        }
        Ok(())
    }
}

/// `AllHold`, `all-hold` and `all_hold` compare equal: letters and digits, any case.
fn same_name(a: &str, b: &str) -> bool {
    let key =
        |s: &str| s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect::<String>();
    key(a) == key(b)
}

/// One line of title for each issue, as the DATC names it.
const TITLES: &[(&str, &str)] = &[
    ("4.A.1", "Multi-route convoy disruption"),
    ("4.A.2", "Convoy disruption paradoxes"),
    ("4.A.3", "Convoying to an adjacent province"),
    ("4.A.4", "Support cut on attack on itself via convoy"),
    ("4.A.5", "Retreat when dislodged by convoy"),
    ("4.A.6", "Convoy path specification"),
    ("4.A.7", "Avoiding a head-to-head battle to bounce a unit"),
    ("4.B.1", "Omitted coast when two coasts are possible"),
    ("4.B.2", "Omitted coast in a move when only one coast is possible"),
    ("4.B.3", "Move order to an impossible coast"),
    ("4.B.4", "Coast specification in a support order"),
    ("4.B.5", "Wrong coast of the ordered unit"),
    ("4.B.6", "Unknown or irrelevant coasts"),
    ("4.B.7", "Coast specification in a build order"),
    ("4.C.1", "Missing unit designation"),
    ("4.C.2", "Wrong unit designation"),
    ("4.C.3", "Missing unit designation in build order"),
    ("4.C.4", "Building a fleet in a land area"),
    ("4.C.5", "Missing nationality in a support or convoy order"),
    ("4.C.6", "Wrong nationality in a support or convoy order"),
    ("4.D.1", "Multiple order sets with defined order"),
    ("4.D.2", "Multiple order sets with undefined order"),
    ("4.D.3", "Multiple orders to the same unit"),
    ("4.D.4", "Too many build orders"),
    ("4.D.5", "Multiple build orders for one province"),
    ("4.D.6", "Too many disband orders"),
    ("4.D.7", "Waiving builds"),
    ("4.D.8", "Removing a unit in civil disorder"),
    ("4.D.9", "Receiving hold support in civil disorder"),
    ("4.E.1", "Illegal orders"),
    ("4.E.2", "Poorly written orders"),
    ("4.E.3", "Implicit orders"),
    ("4.E.4", "Perpetual orders"),
    ("4.E.5", "Proxy orders"),
    ("4.E.6", "Flying Dutchman"),
];

impl std::error::Error for RuleError {}

impl Rules {
    /// The DATC defaults with a variant's own choices on top.
    pub fn of_variant(map: &crate::Map) -> Result<Rules, RuleError> {
        let mut rules = Rules::default();
        for (issue, choice) in map.default_rules() {
            rules.set(issue, choice)?;
        }
        Ok(rules)
    }

    /// Sets one issue by its DATC number and choice name (`"4.A.1"`, `"1971"`): a name the
    /// issue's enum reads (letter, year, short name) or the matrix's name (`AllHold`), in
    /// any case. An unknown issue or choice is an error listing what there is.
    pub fn set(&mut self, issue: &str, choice: &str) -> Result<(), RuleError> {
        /// A choice by its DATC letter or alias, or by the name [`Rules::choice`] gives.
        fn parse<T: std::str::FromStr + strum::IntoEnumIterator + std::fmt::Debug>(
            issue: &str,
            choice: &str,
        ) -> Result<T, RuleError> {
            let wanted = choice.trim();
            wanted
                .to_ascii_lowercase()
                .parse()
                .ok()
                .or_else(|| T::iter().find(|c| same_name(&format!("{c:?}"), wanted)))
                .ok_or_else(|| RuleError::UnknownChoice { issue: issue.trim().into(), choice: choice.into() })
        }
        macro_rules! set {
            ($($issue:literal => $field:ident: $ty:ty,)*) => {
                match issue.trim() {
                    $($issue => self.$field = parse(issue, choice)?,)*
                    _ => return Err(RuleError::UnknownIssue(issue.into())),
                }
            };
        }
        for_each_issue!(set);
        Ok(())
    }

    /// The choice in force for an issue, by its variant name (`Szykman`).
    pub fn choice(&self, issue: &str) -> Option<String> {
        macro_rules! get {
            ($($issue:literal => $field:ident: $ty:ty,)*) => {
                match issue.trim() {
                    $($issue => Some(format!("{:?}", self.$field)),)*
                    _ => None,
                }
            };
        }
        for_each_issue!(get)
    }

    /// The DATC's title of an issue (`Convoy disruption paradoxes`).
    pub fn title(issue: &str) -> Option<&'static str> {
        TITLES.iter().find(|(i, _)| *i == issue.trim()).map(|(_, t)| *t)
    }

    /// Every choice of an issue with all its names, in the DATC's order.
    pub fn choice_names(issue: &str) -> Vec<ChoiceNames> {
        use strum::IntoEnumIterator;
        fn names<
            T: IntoEnumIterator
                + std::fmt::Debug
                + std::fmt::Display
                + std::str::FromStr
                + Default
                + PartialEq
                + strum::EnumMessage,
        >() -> Vec<ChoiceNames> {
            T::iter()
                .map(|c| {
                    let mut aliases = vec![c.to_string()];
                    // The DATC's letter and the rulebook's year, where the choice is read by one.
                    for letter in ["a", "b", "c", "d", "e", "f", "g", "h", "1971", "1982", "2000", "2023"] {
                        if letter.parse::<T>().is_ok_and(|l| l == c) && !aliases.iter().any(|a| a == letter) {
                            aliases.push(letter.to_string());
                        }
                    }
                    // Then any other name it is read by (`mila`, `webdiplomacy`).
                    for name in c.get_serializations() {
                        if !aliases.iter().any(|a| a == name) {
                            aliases.push((*name).to_string());
                        }
                    }
                    let name = format!("{c:?}");
                    aliases.retain(|a| !same_name(a, &name));
                    ChoiceNames { name, aliases, preferred: c == T::default() }
                })
                .collect()
        }
        macro_rules! all {
            ($($issue:literal => $field:ident: $ty:ty,)*) => {
                match issue.trim() {
                    $($issue => names::<$ty>(),)*
                    _ => Vec::new(),
                }
            };
        }
        for_each_issue!(all)
    }

    /// Every choice of an issue, by variant name, in the DATC's order.
    pub fn choices(issue: &str) -> Vec<String> {
        use strum::IntoEnumIterator;
        macro_rules! all {
            ($($issue:literal => $field:ident: $ty:ty,)*) => {
                match issue.trim() {
                    $($issue => <$ty>::iter().map(|c| format!("{c:?}")).collect(),)*
                    _ => Vec::new(),
                }
            };
        }
        for_each_issue!(all)
    }
}

/// The DATC issues the engine implements, in DATC order.
pub const ISSUES: &[&str] = &[
    "4.A.1", "4.A.2", "4.A.3", "4.A.4", "4.A.5", "4.A.6", "4.A.7", "4.B.1", "4.B.2", "4.B.3", "4.B.4", "4.B.5",
    "4.B.6", "4.B.7", "4.C.1", "4.C.2", "4.C.3", "4.C.4", "4.C.5", "4.C.6", "4.D.1", "4.D.2", "4.D.3", "4.D.4",
    "4.D.5", "4.D.6", "4.D.7", "4.D.8", "4.D.9", "4.E.1", "4.E.2", "4.E.3", "4.E.4", "4.E.5", "4.E.6",
];

/// Calls `$m!` with the table of implemented issues: DATC number, field, enum.
macro_rules! for_each_issue {
    ($m:ident) => {
        $m! {
            "4.A.1" => multi_route_disruption: MultiRouteDisruption,
            "4.A.2" => paradox_rule: ParadoxRule,
            "4.A.3" => adjacent_convoy: AdjacentConvoy,
            "4.A.4" => convoyed_attack_on_supporter: ConvoyedAttackOnSupporter,
            "4.A.5" => retreat_to_convoy_origin: RetreatToConvoyOrigin,
            "4.A.6" => convoy_path: ConvoyPath,
            "4.A.7" => dislodged_unit_bounce: DislodgedUnitBounce,
            "4.B.2" => omitted_single_coast: OmittedSingleCoast,
            "4.B.3" => impossible_coast: ImpossibleCoast,
            "4.B.5" => wrong_coast_of_unit: IgnoreOrFail,
            "4.B.6" => unknown_coast: IgnoreOrFail,
            "4.C.1" => missing_unit_type: Designation,
            "4.C.2" => wrong_unit_type: WrongUnitType,
            "4.C.3" => missing_build_unit_type: MissingBuildUnitType,
            "4.C.4" => fleet_build_in_land: FleetBuildInLand,
            "4.C.5" => missing_nationality: Designation,
            "4.C.6" => wrong_nationality: Designation,
            "4.D.3" => multiple_orders: MultipleOrders,
            "4.D.4" => too_many_builds: TooManyBuilds,
            "4.D.5" => builds_in_one_province: BuildsInOneProvince,
            "4.D.6" => too_many_removals: TooManyRemovals,
            "4.D.7" => waiving_builds: WaivingBuilds,
            "4.D.8" => civil_disorder_removal: CivilDisorderRemoval,
            "4.D.9" => civil_disorder_hold_support: CivilDisorderHoldSupport,
            "4.E.3" => implicit_orders: ImplicitOrders,
            "4.B.1" => omitted_coast: OmittedCoast,
            "4.B.4" => support_coast: SupportCoast,
            "4.B.7" => build_coast: BuildCoast,
            "4.D.1" => order_sets_defined: OrderSetsDefined,
            "4.D.2" => order_sets_undefined: OrderSetsUndefined,
            "4.E.1" => illegal_orders: IllegalOrders,
            "4.E.2" => poorly_written: PoorlyWritten,
            "4.E.4" => perpetual_orders: PerpetualOrders,
            "4.E.5" => proxy_orders: ProxyOrders,
            "4.E.6" => flying_dutchman: FlyingDutchman,
        }
    };
}
use for_each_issue;

#[cfg(test)]
mod tests {
    use super::*;

    /// What `choice` names, `set` reads back, for every choice of every issue.
    #[test]
    fn every_choice_name_sets_the_same_choice() {
        for issue in ISSUES {
            for name in Rules::choices(issue) {
                let mut rules = Rules::default();
                rules.set(issue, &name).unwrap_or_else(|e| panic!("{issue} {name}: {e}"));
                assert_eq!(rules.choice(issue).as_deref(), Some(name.as_str()), "{issue}");
            }
        }
    }
}
