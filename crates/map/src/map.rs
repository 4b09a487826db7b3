//! The compiled map: dense ids, flat tables and adjacency bit sets.

use crate::schema::{BuildRule, CalendarDef, LeadDef, PowerRole, Terrain};
use crate::{LocId, PowerId, ProvinceId, Season, UnitKind};

/// A great power of the variant.
#[derive(Clone, Debug)]
pub struct Power {
    pub name: String,
    pub adjective: String,
    pub short: String,
    /// Home supply centres.
    pub homes: Vec<ProvinceId>,
    /// A player's power, or a neutral one.
    pub role: PowerRole,
}

impl Power {
    /// Whether nobody plays the power: its units only hold and it never wins.
    pub fn is_neutral(&self) -> bool {
        matches!(self.role, PowerRole::Neutral { .. })
    }
}

/// A province of the compiled map.
#[derive(Clone, Debug)]
pub struct Province {
    pub abbr: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub terrain: Terrain,
    pub centre: bool,
    /// The coast locations of a multi-coast province; empty otherwise.
    pub coasts: Vec<LocId>,
    /// A coastal province whose fleet may convoy.
    pub convoyable: bool,
    /// Seasons in which no unit may enter the province.
    pub frozen_in: Vec<Season>,
    /// The power this is a home centre of, if any.
    pub home_of: Option<PowerId>,
}

/// A location: a province, or one coast of a multi-coast province.
#[derive(Clone, Debug)]
pub struct Location {
    pub province: ProvinceId,
    /// Coast abbreviation (`sc`) for a coast location.
    pub coast: Option<String>,
    /// Coast full name (`South Coast`) for a coast location.
    pub coast_name: Option<String>,
}

/// A railroad of the compiled map.
#[derive(Clone, Debug)]
pub struct Railroad {
    pub name: String,
    pub short: String,
    pub power: PowerId,
    pub stations: Vec<ProvinceId>,
}

/// A canal of the compiled map.
#[derive(Clone, Debug)]
pub struct Canal {
    pub name: String,
    pub short: String,
    pub between: (ProvinceId, ProvinceId),
    pub keeper: ProvinceId,
}

/// A border crossed with reduced strength.
#[derive(Clone, Copy, Debug)]
pub struct DifficultBorder {
    pub between: (ProvinceId, ProvinceId),
    pub strength_cost: u8,
}

/// A supply centre with special meaning for one power.
#[derive(Clone, Copy, Debug)]
pub struct CentreRestriction {
    pub centre: ProvinceId,
    pub power: PowerId,
    pub may_build: bool,
    pub counts: bool,
}

/// A unit of the opening position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartUnit {
    pub power: PowerId,
    pub kind: UnitKind,
    pub loc: LocId,
}

/// Which pairs of `rows × cols` border, in one of two layouts chosen by size.
///
/// A bit matrix (a lookup is one load) while it stays small: every real variant, up to
/// [`Adjacency::MAX_DENSE_BITS`]. Beyond that a matrix grows with the square of the map
/// (1.35 GB for 60,000 provinces) while the borders grow with the map, so a huge map keeps
/// each row's columns sorted instead (memory in proportion to its borders, a lookup a
/// binary search of one short row).
///
/// The sorted rows are reached only where the matrix has no word (it is empty when they
/// are used), a branch the matrix lookup takes anyway for its bounds: the small maps'
/// lookups cost what they cost before huge maps were possible.
#[derive(Clone, Debug, Default)]
pub(crate) struct Adjacency {
    /// The matrix row by row, `words` words a row; empty for a huge map.
    words: usize,
    bits: Vec<u64>,
    /// For a huge map, row `r`'s columns are `cols[starts[r]..starts[r + 1]]`, ascending.
    starts: Vec<u32>,
    cols: Vec<u32>,
}

impl Adjacency {
    /// The largest matrix kept as bits: 2 MiB, a map of about 4,000 provinces.
    pub(crate) const MAX_DENSE_BITS: usize = 1 << 24;

    /// The borders of `rows` rows over `cols` columns, row `r` bordering each column of
    /// `lists(r)` (columns below `cols`; repeats allowed).
    pub(crate) fn from_rows<I>(rows: usize, cols: usize, lists: impl FnMut(usize) -> I) -> Self
    where
        I: IntoIterator<Item = usize>,
    {
        Self::from_rows_within(rows, cols, Self::MAX_DENSE_BITS, lists)
    }

    /// [`Adjacency::from_rows`], a matrix only up to `max_dense_bits`.
    fn from_rows_within<I>(rows: usize, cols: usize, max_dense_bits: usize, mut lists: impl FnMut(usize) -> I) -> Self
    where
        I: IntoIterator<Item = usize>,
    {
        let words = cols.div_ceil(64).max(1);
        if rows.saturating_mul(words).saturating_mul(64) <= max_dense_bits {
            let mut bits = vec![0u64; rows * words];
            for r in 0..rows {
                for c in lists(r) {
                    bits[r * words + c / 64] |= 1 << (c % 64);
                }
            }
            return Adjacency { words, bits, ..Adjacency::default() };
        }
        let mut starts = Vec::with_capacity(rows + 1);
        let mut all: Vec<u32> = Vec::new();
        starts.push(0);
        for r in 0..rows {
            let from = all.len();
            all.extend(lists(r).into_iter().map(|c| c as u32));
            all[from..].sort_unstable();
            let mut kept = from;
            for k in from..all.len() {
                if kept == from || all[k] != all[kept - 1] {
                    all[kept] = all[k];
                    kept += 1;
                }
            }
            all.truncate(kept);
            starts.push(all.len() as u32);
        }
        Adjacency { words, bits: Vec::new(), starts, cols: all }
    }

    /// Always inline: every border question of the resolver is one, and a call here cost
    /// more than the lookup.
    #[inline(always)]
    pub(crate) fn get(&self, row: usize, col: usize) -> bool {
        match self.bits.get(row * self.words + col / 64) {
            Some(word) => word >> (col % 64) & 1 == 1,
            None => self.sorted_get(row, col),
        }
    }

    #[cold]
    fn sorted_get(&self, row: usize, col: usize) -> bool {
        self.sorted_row(row).binary_search(&(col as u32)).is_ok()
    }

    fn sorted_row(&self, row: usize) -> &[u32] {
        match (self.starts.get(row), self.starts.get(row + 1)) {
            (Some(&from), Some(&to)) => &self.cols[from as usize..to as usize],
            _ => &[],
        }
    }

    /// Row `row` as a bit set over the columns, the matrix's words a row; `None` for a huge
    /// map (kept as sorted lists) or a row it does not have.
    #[inline(always)]
    pub(crate) fn row_bits(&self, row: usize) -> Option<&[u64]> {
        self.bits.get(row * self.words..(row + 1) * self.words)
    }

    /// Row `row` as a bit set over the columns, written over `out` (the matrix's words a
    /// row; a shorter `out` takes the first columns only).
    #[inline]
    pub(crate) fn row_into(&self, row: usize, out: &mut [u64]) {
        match self.bits.get(row * self.words..(row + 1) * self.words) {
            Some(bits) => {
                for (o, &b) in out.iter_mut().zip(bits) {
                    *o = b;
                }
            }
            None => self.sorted_row_into(row, out),
        }
    }

    #[cold]
    #[inline(never)]
    fn sorted_row_into(&self, row: usize, out: &mut [u64]) {
        out.fill(0);
        for &c in self.sorted_row(row) {
            if let Some(word) = out.get_mut(c as usize / 64) {
                *word |= 1 << (c % 64);
            }
        }
    }

    /// Bytes held, for the size tests.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.bits.len() * 8 + (self.starts.len() + self.cols.len()) * 4
    }
}

/// A variant's board, compiled for fast queries. Knows nothing of orders.
///
/// Built by [`crate::load`] or [`crate::VariantBuilder`]; immutable afterwards.
#[derive(Clone, Debug)]
pub struct Map {
    pub(crate) name: String,
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) powers: Vec<Power>,
    pub(crate) provinces: Vec<Province>,
    /// Per province, the seasons it is frozen in ([`season_bit`]); empty when no province
    /// ever is.
    pub(crate) frozen: Vec<u8>,
    /// The supply centres, in province order.
    pub(crate) centres: Vec<ProvinceId>,
    pub(crate) locations: Vec<Location>,
    /// Per province, `ARMIES`, `FLEETS` and `CONVOYS` ([`Map::can_hold`], [`Map::can_convoy`]):
    /// a byte each, where a `Province` with its names is a few cache lines.
    pub(crate) province_flags: Vec<u8>,
    /// Per power, whether it is neutral ([`Map::is_neutral`]).
    pub(crate) neutral: Vec<bool>,
    /// Each location's province, two bytes a location: [`Map::province_of`] is asked in
    /// every inner loop, and a `Location` with its coast names is 56 bytes.
    pub(crate) loc_province: Vec<ProvinceId>,
    /// Army borders, province × province.
    pub(crate) army_adj: Adjacency,
    /// Fleet borders, location × location.
    pub(crate) fleet_adj: Adjacency,
    /// Fleet at a location × province it can enter at some coast.
    pub(crate) fleet_to_province: Adjacency,
    /// Read the other way, per province: the locations a fleet can enter it from, province
    /// `p`'s at `fleet_entries[fleet_entry_starts[p]..fleet_entry_starts[p + 1]]` (borders
    /// may go one way, so these are not the borders of its own coasts).
    pub(crate) fleet_entry_starts: Vec<u32>,
    pub(crate) fleet_entries: Vec<LocId>,
    /// The same as a bit matrix, province × location (empty rows on a huge map).
    pub(crate) fleet_entry_bits: Adjacency,
    /// Neighbour lists, for iteration: army by province, fleet by location.
    pub(crate) army_neighbours: Vec<Vec<ProvinceId>>,
    pub(crate) fleet_neighbours: Vec<Vec<LocId>>,
    /// Normalised names (abbreviations, names, aliases) sorted for binary search.
    pub(crate) names: Vec<(String, ProvinceId)>,
    /// Open-addressing table over `names`: (hash, index + 1), 0 for an empty slot.
    pub(crate) name_table: Vec<(u32, u32)>,
    /// Most words in any name.
    pub(crate) max_name_words: usize,
    /// Hashes of the first words of names of several words, sorted.
    pub(crate) long_name_starts: Vec<u32>,
    /// The first two words of names of several words, as a set of bits indexed by their
    /// hash (a power of two of 64-bit words): see [`Map::starts_name_of_several_words`].
    pub(crate) two_word_starts: Vec<u64>,
    /// Names of three ASCII letters, indexed by the letters (base 26): the province + 1,
    /// with [`LONGER`] set when the word also starts a longer name; 0 for no name.
    pub(crate) three_letter_names: Vec<u32>,
    /// No railroads, no canals, no power named `A` or `F`: see [`Map::plain_order_words`].
    pub(crate) plain_order_words: bool,
    pub(crate) start_season: Season,
    pub(crate) start_year: u16,
    pub(crate) start_units: Vec<StartUnit>,
    pub(crate) start_owners: Vec<Option<PowerId>>,
    pub(crate) victory_centres: u16,
    pub(crate) victory_lead: Option<LeadDef>,
    pub(crate) calendar: CalendarDef,
    pub(crate) build_rule: BuildRule,
    pub(crate) rules: Vec<(String, String)>,
    pub(crate) railroads: Vec<Railroad>,
    pub(crate) canals: Vec<Canal>,
    pub(crate) difficult_borders: Vec<DifficultBorder>,
    pub(crate) centre_restrictions: Vec<CentreRestriction>,
}

impl Map {
    /// Short name (`standard`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Human title.
    pub fn title(&self) -> &str {
        &self.title
    }
    pub fn description(&self) -> &str {
        &self.description
    }

    pub fn power_count(&self) -> usize {
        self.powers.len()
    }
    pub fn province_count(&self) -> usize {
        self.provinces.len()
    }
    pub fn location_count(&self) -> usize {
        self.locations.len()
    }

    pub fn powers(&self) -> impl ExactSizeIterator<Item = PowerId> + '_ {
        (0..self.powers.len()).map(|i| PowerId(i as u8))
    }
    pub fn provinces(&self) -> impl ExactSizeIterator<Item = ProvinceId> + '_ {
        (0..self.provinces.len()).map(|i| ProvinceId(i as u16))
    }
    pub fn locations(&self) -> impl ExactSizeIterator<Item = LocId> + '_ {
        (0..self.locations.len()).map(|i| LocId(i as u16))
    }
    /// The supply centres, in province order.
    pub fn centres(&self) -> impl ExactSizeIterator<Item = ProvinceId> + '_ {
        self.centres.iter().copied()
    }

    pub fn power(&self, id: PowerId) -> &Power {
        &self.powers[id.index()]
    }
    pub fn province(&self, id: ProvinceId) -> &Province {
        &self.provinces[id.index()]
    }
    pub fn location(&self, id: LocId) -> &Location {
        &self.locations[id.index()]
    }

    /// The province a location belongs to, `None` for a location the map does not have.
    #[inline]
    pub fn province_of_checked(&self, loc: LocId) -> Option<ProvinceId> {
        self.loc_province.get(loc.index()).copied()
    }

    /// The province a location belongs to.
    #[inline]
    pub fn province_of(&self, loc: LocId) -> ProvinceId {
        self.loc_province[loc.index()]
    }

    /// The location of the province itself (for armies, and fleets of single-coast
    /// provinces).
    #[inline]
    pub fn main_loc(&self, province: ProvinceId) -> LocId {
        LocId(province.0)
    }

    /// Whether the province has separate coasts.
    pub fn is_multi_coast(&self, province: ProvinceId) -> bool {
        !self.provinces[province.index()].coasts.is_empty()
    }

    /// The location where a unit of `kind` may stand in `province` with the given coast,
    /// or `None` if it cannot stand there.
    pub fn unit_loc(&self, kind: UnitKind, province: ProvinceId, coast: Option<LocId>) -> Option<LocId> {
        let prov = &self.provinces[province.index()];
        match kind {
            UnitKind::Army => (prov.terrain != Terrain::Sea).then_some(self.main_loc(province)),
            UnitKind::Fleet => {
                if prov.terrain == Terrain::Land {
                    None
                } else if prov.coasts.is_empty() {
                    Some(self.main_loc(province))
                } else {
                    coast.filter(|c| prov.coasts.contains(c))
                }
            }
        }
    }

    /// Whether a unit of `kind` may stand somewhere in the province.
    pub fn can_hold(&self, kind: UnitKind, province: ProvinceId) -> bool {
        let flag = match kind {
            UnitKind::Army => ARMIES,
            UnitKind::Fleet => FLEETS,
        };
        self.province_flags[province.index()] & flag != 0
    }

    /// Army border between two provinces.
    #[inline]
    pub fn army_adjacent(&self, from: ProvinceId, to: ProvinceId) -> bool {
        self.army_adj.get(from.index(), to.index())
    }

    /// Fleet border between two locations.
    #[inline]
    pub fn fleet_adjacent(&self, from: LocId, to: LocId) -> bool {
        self.fleet_adj.get(from.index(), to.index())
    }

    /// Whether a fleet at `from` can enter `to` at some coast.
    #[inline]
    pub fn fleet_reaches(&self, from: LocId, to: ProvinceId) -> bool {
        self.fleet_to_province.get(from.index(), to.index())
    }

    /// Whether a unit of `kind` at `from` can move to some location of province `to`.
    #[inline]
    pub fn reaches(&self, kind: UnitKind, from: LocId, to: ProvinceId) -> bool {
        match kind {
            UnitKind::Army => self.army_adjacent(self.province_of(from), to),
            UnitKind::Fleet => self.fleet_reaches(from, to),
        }
    }

    /// Whether a fleet in the province may convoy (seas, and convoyable coasts).
    #[inline]
    pub fn can_convoy(&self, province: ProvinceId) -> bool {
        self.province_flags[province.index()] & CONVOYS != 0
    }

    /// Provinces an army in `province` may move to.
    pub fn army_neighbours(&self, province: ProvinceId) -> &[ProvinceId] {
        &self.army_neighbours[province.index()]
    }

    /// Locations a fleet at `loc` may move to.
    pub fn fleet_neighbours(&self, loc: LocId) -> &[LocId] {
        &self.fleet_neighbours[loc.index()]
    }

    /// The provinces a unit of `kind` at `loc` borders (those of [`Map::army_neighbours`]
    /// of its province, or of [`Map::fleet_neighbours`] of `loc`), written over `out` as a
    /// bit set over provinces: bit `p % 64` of word `p / 64`, for `province_count().div_ceil(64)`
    /// words (a shorter `out` takes the first provinces only). On every real variant this
    /// copies words of a precomputed table.
    #[inline]
    pub fn move_provinces_into(&self, kind: UnitKind, loc: LocId, out: &mut [u64]) {
        match kind {
            UnitKind::Army => self.army_adj.row_into(self.province_of(loc).index(), out),
            UnitKind::Fleet => self.fleet_to_province.row_into(loc.index(), out),
        }
    }

    /// The locations from which a fleet can enter `province` at some coast, ascending:
    /// [`Map::fleet_reaches`] read the other way.
    #[inline]
    pub fn fleet_entries(&self, province: ProvinceId) -> &[LocId] {
        let i = province.index();
        match (self.fleet_entry_starts.get(i), self.fleet_entry_starts.get(i + 1)) {
            (Some(&from), Some(&to)) => &self.fleet_entries[from as usize..to as usize],
            _ => &[],
        }
    }

    /// [`Map::fleet_entries`] of `province` as a bit set over locations (bit `l % 64` of
    /// word `l / 64`, `location_count().div_ceil(64)` words); `None` on a map too large to
    /// keep its borders as bit matrices (about 4,000 provinces), or for a province it does
    /// not have. Convoy questions read a route of one or two fleets from these words.
    #[inline]
    pub fn fleet_entry_bits(&self, province: ProvinceId) -> Option<&[u64]> {
        self.fleet_entry_bits.row_bits(province.index())
    }

    /// The locations a fleet at `loc` borders ([`Map::fleet_adjacent`]'s row) as a bit set
    /// over locations, as [`Map::fleet_entry_bits`] gives them, with the same `None`.
    #[inline]
    pub fn fleet_adjacent_bits(&self, loc: LocId) -> Option<&[u64]> {
        self.fleet_adj.row_bits(loc.index())
    }

    /// Bytes the border tables hold: a bit matrix for maps up to about 4,000 provinces, and
    /// in proportion to the borders beyond.
    pub fn border_table_bytes(&self) -> usize {
        self.army_adj.heap_bytes()
            + self.fleet_adj.heap_bytes()
            + self.fleet_to_province.heap_bytes()
            + self.fleet_entry_bits.heap_bytes()
            + (self.fleet_entry_starts.len() + self.fleet_entries.len()) * 4
    }

    /// Whether any province is ever frozen (most maps have no ice).
    pub fn has_ice(&self) -> bool {
        !self.frozen.is_empty()
    }

    /// Whether the province is frozen in the season (no entry, no support into it).
    #[inline]
    pub fn is_frozen(&self, province: ProvinceId, season: Season) -> bool {
        self.frozen.get(province.index()).is_some_and(|&seasons| seasons & season_bit(season) != 0)
    }

    /// Looks up a province by abbreviation, full name or alias, in any case.
    pub fn province_by_name(&self, name: &str) -> Option<ProvinceId> {
        self.province_by_normalised(&normalise_name(name))
    }

    /// Looks up a name already in [`normalise_name`] form, without allocating.
    pub fn province_by_normalised(&self, name: &str) -> Option<ProvinceId> {
        self.province_by_normalised_bytes(name.as_bytes())
    }

    /// [`Map::province_by_normalised`] on the bytes of the name.
    pub fn province_by_normalised_bytes(&self, name: &[u8]) -> Option<ProvinceId> {
        let mask = self.name_table.len().checked_sub(1)?;
        let hash = name_hash(name);
        let mut slot = hash as usize & mask;
        loop {
            let (h, index) = self.name_table[slot];
            if index == 0 {
                return None;
            }
            if h == hash {
                let (n, id) = self.names.get(index as usize - 1)?;
                if n.as_bytes() == name {
                    return Some(*id);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Whether some name of several words starts with this (normalised) word; if not, a
    /// reader need not try longer spans. May answer yes wrongly, never no wrongly.
    pub fn starts_longer_name(&self, first_word: &[u8]) -> bool {
        self.long_name_starts.binary_search(&name_hash(first_word)).is_ok()
    }

    /// Whether some name of several words starts with these two words (of ASCII letters
    /// and digits, any case); if not, no span of text that starts with them is a name. May
    /// answer yes wrongly, never no wrongly.
    ///
    /// One bit a hash, no search: a reader asks this for orders it reads fast, where a
    /// binary search's unpredictable branches cost more than the hashing.
    #[inline]
    pub fn starts_name_of_several_words(&self, first: &[u8], second: &[u8]) -> bool {
        // The hash of the normalised `first second`, without writing it out.
        let lower = |h: u32, b: &u8| (h ^ u32::from(b.to_ascii_lowercase())).wrapping_mul(FNV_PRIME);
        let hash =
            second.iter().fold((first.iter().fold(FNV_OFFSET, lower) ^ u32::from(b' ')).wrapping_mul(FNV_PRIME), lower);
        let bits = self.two_word_starts.len() * 64;
        let bit = hash as usize & (bits - 1);
        self.two_word_starts.get(bit / 64).is_some_and(|word| word >> (bit % 64) & 1 != 0)
    }

    /// For fast order reading: the province named by a word of three ASCII letters (any
    /// case), and whether the word also starts a longer name (a reader must then try the
    /// longer spans, as [`Map::starts_longer_name`] says). `None` when no name is those
    /// three letters. One table lookup.
    #[inline(always)]
    pub fn three_letter_name(&self, word: &[u8]) -> Option<(ProvinceId, bool)> {
        let &[a, b, c] = word else { return None };
        // The table has an entry for every index and the sum for text that is not three
        // letters is past them all: the table's bounds are the letter test.
        let entry = *self.three_letter_names.get(three_letter_sum(a, b, c) as usize)?;
        (entry != 0).then(|| (ProvinceId(((entry & !LONGER) - 1) as u16), entry & LONGER != 0))
    }

    /// Whether a reader may take the words of a movement order at face value: the map has
    /// no railroads or canals (whose short names would be read first) and no power named
    /// `A` or `F` (which would read as a nationality or a power prefix).
    pub fn plain_order_words(&self) -> bool {
        self.plain_order_words
    }

    /// Most words in any province name of the map: longer spans of text need no lookup.
    pub fn max_name_words(&self) -> usize {
        self.max_name_words
    }

    /// The coast location of a multi-coast province named by its abbreviation (`nc`) or
    /// full name (`north coast`).
    pub fn coast_by_name(&self, province: ProvinceId, coast: &str) -> Option<LocId> {
        let wanted = normalise_name(coast);
        let compact: String = wanted.chars().filter(|c| !c.is_whitespace()).collect();
        self.provinces[province.index()].coasts.iter().copied().find(|&loc| {
            let location = &self.locations[loc.index()];
            let abbr = location.coast.as_deref().unwrap_or_default();
            let full = normalise_name(location.coast_name.as_deref().unwrap_or_default());
            abbr.eq_ignore_ascii_case(&compact) || full == wanted
        })
    }

    /// All normalised names that resolve to a province, for "did you mean" suggestions.
    pub fn all_names(&self) -> impl Iterator<Item = (&str, ProvinceId)> + '_ {
        self.names.iter().map(|(name, id)| (name.as_str(), *id))
    }

    /// Looks up a power by name, adjective or short name, in any case.
    pub fn power_by_name(&self, name: &str) -> Option<PowerId> {
        let name = name.trim();
        self.powers
            .iter()
            .position(|p| {
                p.name.eq_ignore_ascii_case(name)
                    || p.adjective.eq_ignore_ascii_case(name)
                    || p.short.eq_ignore_ascii_case(name)
            })
            .map(|i| PowerId(i as u8))
    }

    /// `stp/sc` style short name of a location.
    pub fn loc_abbr(&self, loc: LocId) -> String {
        let location = &self.locations[loc.index()];
        let abbr = &self.provinces[location.province.index()].abbr;
        match &location.coast {
            Some(coast) => format!("{abbr}/{coast}"),
            None => abbr.clone(),
        }
    }

    /// `St Petersburg(sc)` style name of a location, as the DATC writes it.
    pub fn loc_name(&self, loc: LocId) -> String {
        let location = &self.locations[loc.index()];
        let name = &self.provinces[location.province.index()].name;
        match &location.coast {
            Some(coast) => format!("{name}({coast})"),
            None => name.clone(),
        }
    }

    pub fn start_season(&self) -> Season {
        self.start_season
    }
    pub fn start_year(&self) -> u16 {
        self.start_year
    }
    pub fn start_units(&self) -> &[StartUnit] {
        &self.start_units
    }
    /// Supply-centre owners at the start, by province.
    pub fn start_owners(&self) -> &[Option<PowerId>] {
        &self.start_owners
    }
    /// Centres needed to win.
    pub fn victory_centres(&self) -> u16 {
        self.victory_centres
    }
    /// The lead over the second power that also wins, if the variant has one.
    pub fn victory_lead(&self) -> Option<&LeadDef> {
        self.victory_lead.as_ref()
    }
    /// The lead over the second power needed to win after the fall of `year`, if the
    /// variant wins by lead.
    pub fn lead_needed(&self, year: u16) -> Option<u16> {
        let lead = self.victory_lead.as_ref()?;
        let years = u32::from(year.saturating_sub(lead.year));
        let less = years.saturating_mul(u32::from(lead.less_each_year));
        let needed = u32::from(lead.centres).saturating_sub(less).max(u32::from(lead.at_least));
        Some(u16::try_from(needed).unwrap_or(u16::MAX))
    }
    /// How the years go by from season to season.
    pub fn calendar(&self) -> CalendarDef {
        self.calendar
    }
    /// The year of the fall that follows the spring of `spring_year`, if it is a year dip
    /// counts.
    pub fn fall_year(&self, spring_year: u16) -> Option<u16> {
        spring_year.checked_add(self.calendar.years_to_fall)
    }
    /// The year of the spring that follows the fall of `fall_year`, if it is a year dip
    /// counts.
    pub fn next_spring_year(&self, fall_year: u16) -> Option<u16> {
        fall_year.checked_add(self.calendar.years_to_spring)
    }
    /// Whether the power is neutral (played by nobody); false for an unknown power.
    #[inline]
    pub fn is_neutral(&self, power: PowerId) -> bool {
        self.neutral.get(power.index()).copied().unwrap_or(false)
    }
    /// The players' powers: every power but the neutral ones.
    pub fn players(&self) -> impl Iterator<Item = PowerId> + '_ {
        self.powers().filter(|&p| !self.powers[p.index()].is_neutral())
    }
    pub fn build_rule(&self) -> BuildRule {
        self.build_rule
    }
    /// The variant's default rule choices as written in its file (`("4.A.2", "szykman")`).
    pub fn default_rules(&self) -> &[(String, String)] {
        &self.rules
    }
    pub fn railroads(&self) -> &[Railroad] {
        &self.railroads
    }
    pub fn canals(&self) -> &[Canal] {
        &self.canals
    }
    /// A railroad of `power` with stations at both `from` and `to`.
    pub fn railroad_between(&self, power: PowerId, from: ProvinceId, to: ProvinceId) -> Option<usize> {
        self.railroads.iter().position(|r| r.power == power && r.stations.contains(&from) && r.stations.contains(&to))
    }
    /// The railroad whose short name is `word` (any case).
    pub fn railroad_by_word(&self, word: &str) -> Option<usize> {
        self.railroads.iter().position(|r| r.short.eq_ignore_ascii_case(word))
    }
    /// The canal whose short name is `word` (any case).
    pub fn canal_by_word(&self, word: &str) -> Option<usize> {
        self.canals.iter().position(|c| c.short.eq_ignore_ascii_case(word))
    }
    pub fn difficult_borders(&self) -> &[DifficultBorder] {
        &self.difficult_borders
    }
    pub fn centre_restrictions(&self) -> &[CentreRestriction] {
        &self.centre_restrictions
    }

    /// The strength a move across this border loses (0 for an ordinary border).
    #[inline]
    pub fn border_cost(&self, from: ProvinceId, to: ProvinceId) -> u8 {
        if self.difficult_borders.is_empty() {
            return 0;
        }
        self.difficult_borders
            .iter()
            .find(|b| b.between == (from, to) || b.between == (to, from))
            .map_or(0, |b| b.strength_cost)
    }
}

/// `Map::province_flags`: armies may stand there (not sea).
pub(crate) const ARMIES: u8 = 1;
/// Fleets may stand there (not land).
pub(crate) const FLEETS: u8 = 2;
/// A fleet there may convoy (sea, or a convoyable coast).
pub(crate) const CONVOYS: u8 = 4;

/// A province's `Map::province_flags`.
pub(crate) fn province_flags(province: &Province) -> u8 {
    let mut flags = 0;
    if province.terrain != Terrain::Sea {
        flags |= ARMIES;
    }
    if province.terrain != Terrain::Land {
        flags |= FLEETS;
    }
    if province.terrain == Terrain::Sea || province.convoyable {
        flags |= CONVOYS;
    }
    flags
}

/// A season as one bit of a set of seasons.
pub(crate) fn season_bit(season: Season) -> u8 {
    match season {
        Season::Spring => 1,
        Season::Fall => 2,
    }
}

/// FNV-1a over the bytes of a normalised name.
pub(crate) fn name_hash(name: &[u8]) -> u32 {
    name.iter().fold(FNV_OFFSET, |h, b| (h ^ u32::from(*b)).wrapping_mul(FNV_PRIME))
}

const FNV_OFFSET: u32 = 0x811c_9dc5;
const FNV_PRIME: u32 = 0x0100_0193;

/// The flag of a [`Map::three_letter_name`] entry: the word starts a longer name too.
const LONGER: u32 = 1 << 31;

/// The base-26 index of three ASCII letters, any case.
fn three_letter_index(a: u8, b: u8, c: u8) -> Option<usize> {
    let sum = three_letter_sum(a, b, c);
    (sum < THREE_LETTER_INDICES).then_some(sum as usize)
}

/// [`three_letter_index`] of three letters; for any other bytes, a number past every
/// index. One table lookup a byte, each giving its letter's share of the index, and two
/// additions: a byte that is no letter gives [`NOT_A_LETTER`], so one comparison with
/// [`THREE_LETTER_INDICES`] checks all three.
#[inline(always)]
fn three_letter_sum(a: u8, b: u8, c: u8) -> u32 {
    LETTER_SHARES[0][usize::from(a)] + LETTER_SHARES[1][usize::from(b)] + LETTER_SHARES[2][usize::from(c)]
}

/// How many three-letter words there are: the size of [`Map::three_letter_name`]'s table.
const THREE_LETTER_INDICES: u32 = 26 * 26 * 26;

/// [`LETTER_SHARES`] of a byte that is no ASCII letter: more than any index, and three of
/// them added together still fit.
const NOT_A_LETTER: u32 = 1 << 20;

/// Each byte's share of a three-letter index as the first, second and third letter: its
/// letter's place in the alphabet (`a`/`A` 0 … `z`/`Z` 25) times 26², 26 and 1, or
/// [`NOT_A_LETTER`].
const LETTER_SHARES: [[u32; 256]; 3] = {
    let mut table = [[NOT_A_LETTER; 256]; 3];
    let mut place = 0;
    let mut weight = 26 * 26;
    while place < 3 {
        let mut i = 0;
        while i < 26 {
            table[place][b'a' as usize + i] = i as u32 * weight;
            table[place][b'A' as usize + i] = i as u32 * weight;
            i += 1;
        }
        place += 1;
        weight /= 26;
    }
    table
};

/// Builds the table of [`Map::three_letter_name`] from the normalised names.
pub(crate) fn three_letter_table(names: &[(String, ProvinceId)]) -> Vec<u32> {
    let mut table = vec![0u32; THREE_LETTER_INDICES as usize];
    let mut longer_starts: Vec<&str> = names.iter().filter_map(|(n, _)| n.split_once(' ').map(|(w, _)| w)).collect();
    longer_starts.sort_unstable();
    for (name, id) in names {
        if let &[a, b, c] = name.as_bytes()
            && let Some(i) = three_letter_index(a, b, c)
        {
            let longer = if longer_starts.binary_search(&name.as_str()).is_ok() { LONGER } else { 0 };
            table[i] = (u32::from(id.0) + 1) | longer;
        }
    }
    table
}

/// Builds the set of [`Map::starts_name_of_several_words`]: about one bit in sixteen set,
/// so a span that starts no name rarely hits one.
pub(crate) fn two_word_starts<'a>(names: impl Iterator<Item = &'a str>) -> Vec<u64> {
    let starts: Vec<u32> = names
        .filter_map(|n| {
            let mut words = n.splitn(3, ' ');
            let (first, second) = (words.next()?, words.next()?);
            Some(name_hash(&n.as_bytes()[..first.len() + 1 + second.len()]))
        })
        .collect();
    let words = (starts.len() * 16).div_ceil(64).next_power_of_two();
    let mut set = vec![0u64; words];
    for hash in starts {
        let bit = hash as usize & (words * 64 - 1);
        set[bit / 64] |= 1 << (bit % 64);
    }
    set
}

/// Builds the lookup table for [`Map::province_by_normalised`].
pub(crate) fn name_table(names: &[(String, ProvinceId)]) -> Vec<(u32, u32)> {
    let size = (names.len() * 4).next_power_of_two().max(16);
    let mut table = vec![(0u32, 0u32); size];
    for (i, (name, _)) in names.iter().enumerate() {
        let hash = name_hash(name.as_bytes());
        let mut slot = hash as usize & (size - 1);
        while table[slot].1 != 0 {
            slot = (slot + 1) & (size - 1);
        }
        table[slot] = (hash, u32::try_from(i + 1).unwrap_or(u32::MAX));
    }
    table
}

/// The form names are compared in: lower case, dots dropped, dashes and runs of white space
/// as one space.
pub fn normalise_name(name: &str) -> String {
    if name.is_ascii() {
        return normalise_ascii(name.as_bytes());
    }
    let mut out = String::with_capacity(name.len());
    for word in name.split(|c: char| c.is_whitespace() || c == '-' || c == '_').filter(|w| !w.is_empty()) {
        let word: String = word.chars().filter(|&c| c != '.').flat_map(char::to_lowercase).collect();
        if word.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&word);
    }
    out
}

/// [`normalise_name`] of ASCII text, byte by byte.
fn normalise_ascii(name: &[u8]) -> String {
    let mut out: Vec<u8> = Vec::with_capacity(name.len());
    // A separator seen since the last letter kept: a space goes in before the next one.
    let mut gap = false;
    for &b in name {
        match b {
            b'.' => {}
            b'-' | b'_' => gap = true,
            b if char::from(b).is_whitespace() => gap = true,
            b => {
                if gap && !out.is_empty() {
                    out.push(b' ');
                }
                gap = false;
                out.push(b.to_ascii_lowercase());
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::normalise_name;

    /// The general form of [`normalise_name`], for any text.
    fn general(name: &str) -> String {
        let words: Vec<String> = name
            .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
            .map(|w| w.chars().filter(|&c| c != '.').flat_map(char::to_lowercase).collect::<String>())
            .filter(|w| !w.is_empty())
            .collect();
        words.join(" ")
    }

    #[test]
    fn the_ascii_form_agrees_with_the_general_one() {
        let pieces =
            ["St.", " ", "Petersburg", "-", "_", ".", "\t", "\u{b}", "\u{c}", "Mid", "ATLANTIC", "x", "..", "\n"];
        let mut state = 7u64;
        for _ in 0..5000 {
            let mut name = String::new();
            for _ in 0..(state % 7) {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                name.push_str(pieces[(state >> 33) as usize % pieces.len()]);
            }
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            assert_eq!(normalise_name(&name), general(&name), "{name:?}");
        }
    }
}

#[cfg(test)]
mod adjacency_tests {
    use super::Adjacency;

    /// Both layouts answer every lookup and row alike, on rows with repeats, empty rows
    /// and columns across several words.
    #[test]
    fn sorted_rows_answer_as_the_matrix() {
        let (rows, cols) = (70, 200);
        // A fixed scatter of borders: row r lists (r * 7 + k * 13) % cols for k < r % 9,
        // each twice.
        let list = |r: usize| (0..(r % 9) * 2).map(move |k| (r * 7 + (k / 2) * 13) % cols);
        let dense = Adjacency::from_rows_within(rows, cols, usize::MAX, list);
        let sorted = Adjacency::from_rows_within(rows, cols, 0, list);
        assert!(dense.starts.is_empty() && !dense.bits.is_empty());
        assert!(sorted.bits.is_empty() && !sorted.cols.is_empty());
        for r in 0..rows {
            let listed: Vec<usize> = list(r).collect();
            for c in 0..cols {
                assert_eq!(dense.get(r, c), listed.contains(&c), "matrix {r} {c}");
                assert_eq!(sorted.get(r, c), listed.contains(&c), "sorted {r} {c}");
            }
            let (mut a, mut b) = (vec![u64::MAX; 4], vec![u64::MAX; 4]);
            dense.row_into(r, &mut a);
            sorted.row_into(r, &mut b);
            assert_eq!(a, b, "row {r}");
        }
        // Out of range: no border, no panic.
        assert!(!dense.get(rows, 0) && !sorted.get(rows, 0) && !sorted.get(0, cols * 2));
        // Each border once.
        assert_eq!(sorted.cols.len(), (0..rows).map(|r| r % 9).sum::<usize>());
    }
}
