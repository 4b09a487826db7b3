//! Dense `Copy` identifiers. Every table in the map is a `Vec` indexed by one of these.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident($int:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $int);

        impl $name {
            /// The id as a table index.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A power (great power, nation) of the variant, in the order the variant file lists them.
    PowerId(u8)
);
id_type!(
    /// A province: a space on the board that holds at most one unit.
    ProvinceId(u16)
);
id_type!(
    /// A location a unit can stand on: a province, or one coast of a multi-coast province.
    ///
    /// Location `i < province_count` is province `i` itself; the coasts of multi-coast
    /// provinces follow.
    LocId(u16)
);

/// The two kinds of unit.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
)]
pub enum UnitKind {
    /// Moves over land; crosses water only by convoy.
    #[strum(to_string = "A")]
    Army,
    /// Moves over water and along coasts.
    #[strum(to_string = "F")]
    Fleet,
}

/// The two seasons with a movement phase.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Default,
    Serialize,
    Deserialize,
    strum::Display,
    strum::EnumString,
    strum::EnumIter,
)]
#[strum(ascii_case_insensitive)]
pub enum Season {
    #[default]
    Spring,
    Fall,
}

/// The kind of phase within a season.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    strum::Display,
    strum::EnumString,
    strum::EnumIter,
)]
#[strum(ascii_case_insensitive)]
pub enum PhaseKind {
    #[strum(to_string = "Movement", serialize = "Moves", serialize = "Move")]
    Movement,
    #[strum(to_string = "Retreat", serialize = "Retreats")]
    Retreat,
    /// Builds and removals; it follows the fall (in the winter).
    #[strum(to_string = "Adjustment", serialize = "Adjustments", serialize = "Builds", serialize = "Build")]
    Adjustment,
}
