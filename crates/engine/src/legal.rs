//! The legal orders of a position: what an AI or a user interface may offer each unit.
//!
//! The position is read once into bit sets over provinces (where each unit may move and
//! support, which coasts the fleets on the board could carry an army to); each unit's
//! orders are then written straight out, a pair of units that cannot support each other
//! costing one test of two words.

use dip_map::{LocId, Map, PhaseKind, Position, PositionError, PowerId, ProvinceId, UnitKind};
use dip_orders::{Action, CoastSpec, Order, Place, UnitSpec};

/// Every legal order for each unit that needs one, by power: in a movement phase the
/// orders of each unit on the board (hold, moves, supports, convoys, moves by convoy or
/// railroad; canal crossings are among the moves, and a canal keeper's permissions, not
/// being orders of a unit, are left to the caller), in
/// a retreat phase the retreats and disband of each dislodged unit, in an adjustment
/// phase the builds, removals and waives of each power. Each inner list is one unit's (or,
/// for adjustments, one power's) choices.
///
/// A position of another map is an error ([`Position::check`]). To ask about single
/// units, see [`LegalOrders`] and [`legal_orders_at`].
pub fn legal_orders(map: &Map, position: &Position) -> Result<Vec<(PowerId, Vec<Order>)>, PositionError> {
    Ok(LegalOrders::new(map, position)?.all())
}

/// The legal orders of the unit in `province`: in a movement phase the unit on the board
/// there, in a retreat phase the unit dislodged from there, in an adjustment phase the
/// removal of the unit there or the builds there (a waive names no province). Empty when
/// nothing there has orders. The same orders, in the same order, as that unit's list in
/// [`legal_orders`].
pub fn legal_orders_at(map: &Map, position: &Position, province: ProvinceId) -> Result<Vec<Order>, PositionError> {
    Ok(LegalOrders::new(map, position)?.at(province))
}

/// The legal orders of one position, worked out once and then asked for all units
/// ([`LegalOrders::all`]) or unit by unit ([`LegalOrders::at`]).
///
/// ```
/// let map = dip::variant("standard")?;
/// let position = dip::Position::opening(&map);
/// let legal = dip::LegalOrders::new(&map, &position)?;
/// let paris = map.province_by_name("Paris").unwrap();
/// let orders = legal.at(paris);
/// assert!(orders.iter().any(|o| o.display(&map).to_string() == "A Paris - Burgundy"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct LegalOrders<'a> {
    map: &'a Map,
    position: &'a Position,
    /// Words of a bit set over provinces, and of one over units.
    words: usize,
    unit_words: usize,
    /// The tables of a movement phase, in one allocation (read by
    /// [`LegalOrders::province_rows`], [`LegalOrders::support_reach`] and
    /// [`LegalOrders::moves_to_all`]): a row per province ([`LegalOrders::row_len`] words):
    /// the units standing there or moving there (a bit set over units, `unit_words` words:
    /// those a unit reaching the province may support) and a [`Tally`] of it; from
    /// `unit_sets` on, per unit (`words` words each), where it may support into, then
    /// where its moves go (provinces, railroads included).
    board: Vec<u64>,
    unit_sets: usize,
    /// Fleets that may convoy (their provinces); per fleet, the fleets it borders (a bit set
    /// over fleets, `fleet_words` words) and the provinces it reaches where an army may
    /// stand.
    fleets: Vec<ProvinceId>,
    fleet_words: usize,
    fleet_borders: Vec<u64>,
    fleet_reach: Vec<u64>,
    /// Per province, the fleets that reach it where an army may land (a bit set over
    /// fleets, `fleet_words` words): `fleet_reach` turned round, so that whether some fleet
    /// of a set reaches a province is a test of a word or two.
    reaching: Vec<u64>,
    /// The provinces not frozen this season (a bit set): the only ones a support may go
    /// into. Empty on a map without ice.
    thawed: Vec<u64>,
    /// Where an army's moves by convoy are listed.
    convoy_moves: ConvoyMoves,
}

/// Where [`LegalOrders`] lists an army's moves by convoy (`A Trieste - Venice via
/// convoy`). Both are legal orders; a move by convoy into a province the army borders is
/// the same as its move by land except under the rules that use a convoy only when the
/// order says so (DATC §4.A.3), so by default it is not listed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConvoyMoves {
    /// Only into provinces the army cannot walk to.
    #[default]
    WhereItCannotWalk,
    /// Into every province the fleets could carry it to, as MILA's `diplomacy` lists them
    /// (the vocabulary agents trained on MILA's games choose from).
    Everywhere,
}

impl<'a> LegalOrders<'a> {
    /// Reads the position. A position of another map is an error ([`Position::check`]).
    pub fn new(map: &'a Map, position: &'a Position) -> Result<Self, PositionError> {
        position.check(map)?;
        let words = map.province_count().div_ceil(64);
        let mut legal = LegalOrders {
            map,
            position,
            words,
            unit_words: 0,
            board: Vec::new(),
            unit_sets: 0,
            fleets: Vec::new(),
            fleet_words: 0,
            fleet_borders: Vec::new(),
            fleet_reach: Vec::new(),
            reaching: Vec::new(),
            thawed: Vec::new(),
            convoy_moves: ConvoyMoves::default(),
        };
        if position.phase.kind == PhaseKind::Movement {
            legal.read_board();
        }
        Ok(legal)
    }

    /// Lists an army's moves by convoy where `convoy_moves` says.
    pub fn convoy_moves(mut self, convoy_moves: ConvoyMoves) -> Self {
        self.convoy_moves = convoy_moves;
        self
    }

    /// Every unit's (in an adjustment phase, every power's) legal orders: [`legal_orders`].
    pub fn all(&self) -> Vec<(PowerId, Vec<Order>)> {
        let map = self.map;
        match self.position.phase.kind {
            PhaseKind::Movement => {
                let mut scratch = self.scratch();
                let mut sets = scratch.sets();
                let reach = self.convoy_reaches(Chains::Every);
                (0..self.position.units.len())
                    .map(|u| (self.position.units[u].power, self.unit_orders(u, &mut sets, &reach)))
                    .collect()
            }
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .map(|d| {
                    let mut orders = Vec::with_capacity(1 + d.retreats.len());
                    self.retreats(d, &mut |o| orders.push(o.to_order(map)));
                    (d.unit.power, orders)
                })
                .collect(),
            PhaseKind::Adjustment => {
                let mut out: Vec<(PowerId, Vec<Order>)> = Vec::new();
                self.adjustments(&mut |o| match out.last_mut() {
                    Some((power, orders)) if *power == o.power => orders.push(o.to_order(map)),
                    _ => out.push((o.power, vec![o.to_order(map)])),
                });
                out
            }
        }
    }

    /// Every legal order of [`LegalOrders::all`], in the same order, as compact
    /// [`LegalOrder`]s handed to `f` one by one. Each unit's orders (for adjustments, each
    /// power's) come together.
    pub fn each(&self, mut f: impl FnMut(LegalOrder)) {
        self.groups(|group| group.iter().for_each(|&o| f(o)));
    }

    /// The lists of [`LegalOrders::all`], in the same order, as slices of compact
    /// [`LegalOrder`]s handed to `f`: one a unit (for adjustments, one a power). The slice
    /// is reused from one list to the next.
    pub fn groups(&self, mut f: impl FnMut(&[LegalOrder])) {
        let mut group = Vec::new();
        match self.position.phase.kind {
            PhaseKind::Movement => {
                let mut scratch = self.scratch();
                let mut sets = scratch.sets();
                let reach = self.convoy_reaches(Chains::Every);
                for (u, unit) in self.position.units.iter().enumerate() {
                    let (power, me) = (unit.power, Some((unit.kind, unit.loc)));
                    group.clear();
                    self.unit_actions(
                        u,
                        &mut sets,
                        &reach,
                        &mut Each(|action| {
                            group.push(LegalOrder { power, unit: me, action });
                        }),
                    );
                    f(&group);
                }
            }
            PhaseKind::Retreat => {
                for d in &self.position.dislodged {
                    group.clear();
                    self.retreats(d, &mut |o| group.push(o));
                    f(&group);
                }
            }
            PhaseKind::Adjustment => {
                self.adjustments(&mut |o| {
                    if group.last().is_some_and(|last: &LegalOrder| last.power != o.power) {
                        f(&group);
                        group.clear();
                    }
                    group.push(o);
                });
                if !group.is_empty() {
                    f(&group);
                }
            }
        }
    }

    /// The lists of [`LegalOrders::groups`] of a movement or retreat phase, handed to
    /// `sink` order by order as they are worked out, with no list gathered: a caller
    /// that turns each order into something of its own (an id, a text) does it in the
    /// same pass. An adjustment phase's lists are a power's, not a unit's: it hands
    /// nothing (see [`LegalOrders::groups`]).
    pub fn unit_actions_into(&self, sink: &mut impl UnitActionSink) {
        match self.position.phase.kind {
            PhaseKind::Movement => {
                let mut scratch = self.scratch();
                let mut sets = scratch.sets();
                let reach = self.convoy_reaches(Chains::Every);
                for (u, unit) in self.position.units.iter().enumerate() {
                    sink.unit(unit.power, unit.kind, unit.loc);
                    self.unit_actions(u, &mut sets, &reach, sink);
                }
            }
            PhaseKind::Retreat => {
                for d in &self.position.dislodged {
                    sink.unit(d.unit.power, d.unit.kind, d.unit.loc);
                    self.retreats(d, &mut |o| sink.action(o.action));
                }
            }
            PhaseKind::Adjustment => {}
        }
    }

    /// The legal orders of the unit in `province`: [`legal_orders_at`].
    pub fn at(&self, province: ProvinceId) -> Vec<Order> {
        let map = self.map;
        let here = |loc: LocId| map.province_of(loc) == province;
        match self.position.phase.kind {
            PhaseKind::Movement => match self.position.units.iter().position(|u| here(u.loc)) {
                Some(u) => {
                    // Every army's reach (any unit may support a move by convoy); a fleet's
                    // convoys only for the armies whose chain reaches it.
                    let chains = match self.convoying_fleet(&self.position.units[u]) {
                        Some(f) => Chains::Through(f),
                        None => Chains::Nothing,
                    };
                    let reach = self.convoy_reaches(chains);
                    self.unit_orders(u, &mut self.scratch().sets(), &reach)
                }
                None => Vec::new(),
            },
            PhaseKind::Retreat => {
                let mut orders = Vec::new();
                if let Some(d) = self.position.dislodged.iter().find(|d| here(d.unit.loc)) {
                    self.retreats(d, &mut |o| orders.push(o.to_order(map)));
                }
                orders
            }
            PhaseKind::Adjustment => {
                let mut orders = Vec::new();
                self.adjustments(&mut |o| {
                    if o.unit.is_some_and(|(_, loc)| here(loc)) {
                        orders.push(o.to_order(map));
                    }
                });
                orders
            }
        }
    }

    /// Buffers for listing units one by one, made at their full size at once (growing
    /// them a step at a time cost more than filling them).
    fn scratch(&self) -> Scratch {
        let (words, unit_words) = (self.words, self.unit_words);
        Scratch { sets: vec![0; 2 * unit_words + 2 * words], words, unit_words, round_fleets: Vec::new() }
    }

    /// Leaves in `set` (a bit set over provinces) only the provinces an order may go into
    /// this season: none frozen, nor `but` (the ordered unit's own province).
    #[inline]
    fn open_only(&self, set: &mut [u64], but: Option<ProvinceId>) {
        for (s, &t) in set.iter_mut().zip(&self.thawed) {
            *s &= t;
        }
        if let Some(p) = but {
            set[p.index() / 64] &= !(1 << (p.index() % 64));
        }
    }

    fn frozen(&self, p: ProvinceId) -> bool {
        self.map.is_frozen(p, self.position.phase.season)
    }

    fn has(&self, set: &[u64], p: ProvinceId) -> bool {
        set[p.index() / 64] >> (p.index() % 64) & 1 == 1
    }

    /// Where unit `u` may support into (a bit set over provinces; movement phase).
    #[inline]
    fn support_reach<const W: usize>(&self, u: usize) -> &[u64] {
        let w = self.words_of::<W>();
        &self.board[self.unit_sets + u * w..][..w]
    }

    /// Words of a bit set over provinces: `W`, or (`W` 0) the map's (`words`). The listing
    /// of a unit is compiled for maps of up to 64 and of up to 128 provinces, where every
    /// bit set is then a word or two of known length, and for any map.
    #[inline(always)]
    fn words_of<const W: usize>(&self) -> usize {
        if W == 0 { self.words } else { W }
    }

    /// Every unit's moves (where they go, `words` words a unit; movement phase).
    #[inline]
    fn moves_to_all<const W: usize>(&self) -> &[u64] {
        let n = self.position.units.len() * self.words_of::<W>();
        &self.board[self.unit_sets + n..][..n]
    }

    /// The rows of the provinces, [`LegalOrders::row_len`] words each (see `board`;
    /// movement phase).
    #[inline]
    fn province_rows(&self) -> &[u64] {
        &self.board[..self.unit_sets]
    }

    /// Words of a province's row of `board`: who stands or moves there, and its tally.
    #[inline]
    fn row_len(&self) -> usize {
        self.unit_words + 1
    }

    /// The bit sets of a movement phase.
    fn read_board(&mut self) {
        let (map, position, w) = (self.map, self.position, self.words);
        let (n, provinces) = (position.units.len(), map.province_count());
        let uw = n.div_ceil(64);
        self.unit_words = uw;
        let row_len = self.row_len();
        self.unit_sets = provinces * row_len;
        // Zeroed in two runs: a run of over 2 KB is cleared by `rep stosb`, which callgrind
        // counts a byte at a time.
        let mut board = Vec::with_capacity(self.unit_sets + 2 * n * w);
        board.resize(self.unit_sets, 0);
        board.resize(self.unit_sets + 2 * n * w, 0);
        self.board = board;
        if map.has_ice() {
            let mut thawed = vec![0; w];
            for p in map.provinces().filter(|&p| !map.is_frozen(p, position.phase.season)) {
                thawed[p.index() / 64] |= 1 << (p.index() % 64);
            }
            self.thawed = thawed;
        }
        match w {
            1 => self.read_units::<1>(),
            2 => self.read_units::<2>(),
            _ => self.read_units::<0>(),
        }
        // The fleets that may convoy: where each stands, reaches, and which it borders
        // (borders may go one way).
        let season = position.phase.season;
        self.fleets = position
            .units
            .iter()
            .map(|u| (u.kind, map.province_of(u.loc)))
            .filter(|&(kind, p)| kind == UnitKind::Fleet && map.can_convoy(p) && !map.is_frozen(p, season))
            .map(|(_, p)| p)
            .collect();
        let f = self.fleets.len();
        if f == 0 {
            return;
        }
        let fw = f.div_ceil(64);
        self.fleet_words = fw;
        self.fleet_borders = vec![0; f * fw];
        self.fleet_reach = vec![0; f * w];
        self.reaching = vec![0; map.province_count() * fw];
        for (i, &p) in self.fleets.iter().enumerate() {
            let a = map.main_loc(p);
            for (j, &q) in self.fleets.iter().enumerate() {
                if map.fleet_adjacent(a, map.main_loc(q)) {
                    self.fleet_borders[i * fw + j / 64] |= 1 << (j % 64);
                }
            }
            for &to in map.fleet_neighbours(a) {
                let q = map.province_of(to);
                // Only where an army may land.
                if map.can_hold(UnitKind::Army, q) {
                    self.fleet_reach[i * w + q.index() / 64] |= 1 << (q.index() % 64);
                    self.reaching[q.index() * fw + i / 64] |= 1 << (i % 64);
                }
            }
        }
    }

    /// Each unit's reach and moves, and the rows of the provinces it stands in and moves
    /// to ([`LegalOrders::read_board`]), with bit sets over provinces of `W` words
    /// ([`LegalOrders::words_of`]).
    fn read_units<const W: usize>(&mut self) {
        let (map, position, w) = (self.map, self.position, self.words_of::<W>());
        let (n, uw, row_len) = (position.units.len(), self.unit_words, self.row_len());
        let set = |bits: &mut [u64], p: ProvinceId| bits[p.index() / 64] |= 1 << (p.index() % 64);
        let difficult = !map.difficult_borders().is_empty();
        let railroads = !map.railroads().is_empty();
        let (rows, rest) = self.board.split_at_mut(self.unit_sets);
        let (reaches, moves_to) = rest.split_at_mut(n * w);
        for (u, ((unit, reach), moves)) in
            position.units.iter().zip(reaches.chunks_exact_mut(w)).zip(moves_to.chunks_exact_mut(w)).enumerate()
        {
            let (reach, moves) = (&mut reach[..w], &mut moves[..w]);
            let here = map.province_of(unit.loc);
            // The map's bit set of the provinces it borders, copied a word at a time.
            map.move_provinces_into(unit.kind, unit.loc, moves);
            reach.copy_from_slice(moves);
            // No support across a difficult border.
            if difficult {
                for p in ones(moves).filter(|&p| map.border_cost(here, p) != 0) {
                    reach[p.index() / 64] &= !(1 << (p.index() % 64));
                }
            }
            if railroads {
                for_each_station(map, unit.power, unit.kind, here, |_, p| set(moves, p));
            }
            let (word, bit) = (u / 64, 1 << (u % 64));
            let at = here.index() * row_len;
            rows[at + word] |= bit;
            rows[at + uw] += Tally::STAND;
            for (j, &provinces) in moves.iter().enumerate() {
                let mut provinces = provinces;
                while provinces != 0 {
                    let at = (j * 64 + provinces.trailing_zeros() as usize) * row_len;
                    provinces &= provinces - 1;
                    rows[at + word] |= bit;
                    rows[at + uw] += Tally::MOVE;
                }
            }
        }
    }

    /// For each army, the coastal provinces the fleets on the board could carry it to (a
    /// bit set over provinces per unit), and where the fleets `chains` asks for may convoy
    /// it ([`LegalOrders::chains_from`]); the routes of an army whose chain does not reach
    /// such a fleet are not walked.
    fn convoy_reaches(&self, chains: Chains) -> ConvoyReach {
        let (map, position, w, fw) = (self.map, self.position, self.words, self.fleet_words);
        // No fleet may convoy: every table empty (read as empty sets).
        let mut reach =
            ConvoyReach { provinces: Vec::new(), chains: Vec::new(), touching: Vec::new(), seeds: Vec::new() };
        if self.fleets.is_empty() {
            return reach;
        }
        reach.provinces = vec![0; position.units.len() * w];
        let nf = self.fleets.len();
        reach.chains = vec![0; position.units.len() * nf * w];
        reach.seeds = vec![0; position.units.len() * fw];
        let mut reached = vec![0u64; fw];
        let mut search = ChainSearch::default();
        for (u, unit) in position.units.iter().enumerate() {
            if unit.kind == UnitKind::Army {
                let from = map.province_of(unit.loc);
                self.seeds(from, &mut reach.seeds[u * fw..][..fw]);
                let seeds = &reach.seeds[u * fw..][..fw];
                self.reach_by_convoy(from, seeds, &mut reach.provinces[u * w..][..w], &mut reached);
                let walk = match chains {
                    Chains::Every => true,
                    Chains::Through(f) => reached[f / 64] >> (f % 64) & 1 == 1,
                    Chains::Nothing => false,
                };
                if walk {
                    self.chains_from(from, seeds, &reached, &mut reach.chains[u * nf * w..][..nf * w], &mut search);
                }
            }
        }
        let uw = self.unit_words;
        reach.touching = vec![0; map.province_count() * uw];
        for u in 0..position.units.len() {
            for p in ones(&reach.provinces[u * w..][..w]) {
                reach.touching[p.index() * uw + u / 64] |= 1 << (u % 64);
            }
        }
        reach
    }

    /// For an army in `from`, the destinations each fleet may convoy it to (`out`: a bit
    /// set over provinces per fleet), as order intake reads a convoy order: on a route of
    /// fleets without a shortcut (DATC 6.G.19: no fleet of it borders another but its
    /// neighbours, only its first fleet is at `from`'s coast and only its last at the
    /// destination's) that passes through the fleet. Every such route is walked once; on a
    /// web of fleets with more routes than [`ROUTE_BUDGET`] allows, every fleet a chain
    /// reaches (`reached`) may convoy to every coast the chain reaches, as the resolver
    /// also calls a convoy possible when its search runs out.
    fn chains_from(
        &self,
        from: ProvinceId,
        starts: &[u64],
        reached: &[u64],
        out: &mut [u64],
        search: &mut ChainSearch,
    ) {
        let w = self.words;
        let nf = self.fleets.len();
        // Fleets at `from`'s coast (`starts`, [`LegalOrders::seeds`]) start a route and
        // are never later on one.
        let mut budget = ROUTE_BUDGET;
        for s in ones(starts).map(|s| s.index()) {
            search.path.clear();
            search.path.push(s);
            // Depth 0: blocked are the start and the fleets at `from`'s coast; nothing of
            // the route reaches a destination before its last fleet.
            search.blocked.clear();
            search.blocked.extend_from_slice(starts);
            search.blocked[s / 64] |= 1 << (s % 64);
            search.before.clear();
            search.before.resize(w, 0);
            if !self.walk(from, out, search, &mut budget) {
                // Out of budget: every reached fleet to every coast the chain reaches.
                let mut all = vec![0u64; w];
                for i in ones(reached).map(|i| i.index()) {
                    for (a, &r) in all.iter_mut().zip(&self.fleet_reach[i * w..][..w]) {
                        *a |= r;
                    }
                }
                all[from.index() / 64] &= !(1 << (from.index() % 64));
                for f in ones(reached).map(|f| f.index()).filter(|&f| f < nf) {
                    for (o, &a) in out[f * w..][..w].iter_mut().zip(&all) {
                        *o |= a;
                    }
                }
                return;
            }
        }
    }

    /// Walks every route that extends `search.path` (its masks at level `path.len() - 1`),
    /// marking for each of its fleets the destinations its last fleet is the first to
    /// reach. False when the budget ran out.
    fn walk(&self, from: ProvinceId, out: &mut [u64], search: &mut ChainSearch, budget: &mut u32) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let (w, fw) = (self.words, self.fleet_words);
        let d = search.path.len() - 1;
        let last = search.path[d];
        let first = self.fleets[search.path[0]];
        let reach = &self.fleet_reach[last * w..][..w];
        // The destinations this route ends at: reached by its last fleet and by no fleet
        // before it, neither `from` nor the first fleet's province.
        let (from_bit, first_bit) = (from.index(), first.index());
        for k in 0..w {
            let mut ends = reach[k] & !search.before[d * w + k];
            if k == from_bit / 64 {
                ends &= !(1 << (from_bit % 64));
            }
            if k == first_bit / 64 {
                ends &= !(1 << (first_bit % 64));
            }
            if ends != 0 {
                for &fleet in &search.path {
                    out[fleet * w + k] |= ends;
                }
            }
        }
        // The next level's masks: what the route reaches before its new last fleet, and
        // the fleets it may not take (on the route, bordering a fleet of it before the
        // last, or at `from`'s coast).
        search.before.resize((d + 2) * w, 0);
        let (this, next) = search.before.split_at_mut((d + 1) * w);
        for ((n, &b), &r) in next.iter_mut().zip(&this[d * w..]).zip(reach) {
            *n = b | r;
        }
        search.blocked.resize((d + 2) * fw, 0);
        for k in 0..fw {
            let mut next = self.fleet_borders[last * fw + k] & !search.blocked[d * fw + k];
            while next != 0 {
                let g = k * 64 + next.trailing_zeros() as usize;
                next &= next - 1;
                // Deeper levels write only below level d + 1, which is set anew for `g`.
                for j in 0..fw {
                    search.blocked[(d + 1) * fw + j] = search.blocked[d * fw + j] | self.fleet_borders[last * fw + j];
                }
                search.blocked[(d + 1) * fw + g / 64] |= 1 << (g % 64);
                search.path.push(g);
                let done = self.walk(from, out, search, budget);
                search.path.pop();
                if !done {
                    return false;
                }
            }
        }
        true
    }

    /// Coastal provinces an army in `from` could reach through the fleets on the board
    /// (a chain of them from `from`'s coast, leaving out any fleet in `from` itself), into
    /// `out`, a bit set over provinces; the fleets of the chain into `reached`.
    fn reach_by_convoy(&self, from: ProvinceId, seeds: &[u64], out: &mut [u64], reached: &mut [u64]) {
        self.spread(seeds, None, reached);
        self.coasts(reached, out);
        // A fleet's own province is reached only by a chain without it, as the resolver
        // reads a move there (a fleet on a convoyable coast may be attacked by convoy).
        let mut without = Vec::new();
        for i in ones(reached).map(|i| i.index()) {
            let p = self.fleets[i];
            let open = self.map.can_hold(UnitKind::Army, p) && {
                without.resize(self.fleet_words, 0);
                self.spread(seeds, Some(i), &mut without);
                self.some_reach(&without, p)
            };
            out[p.index() / 64] &= !(1 << (p.index() % 64));
            out[p.index() / 64] |= u64::from(open) << (p.index() % 64);
        }
        out[from.index() / 64] &= !(1 << (from.index() % 64));
    }

    /// The fleets at `from`'s coast that may start a convoy chain (a bit set over fleets):
    /// never the fleet in `from` itself, which carries nothing.
    fn seeds(&self, from: ProvinceId, seeds: &mut [u64]) {
        let map = self.map;
        seeds.fill(0);
        for (i, &f) in self.fleets.iter().enumerate() {
            if f != from && map.fleet_reaches(map.main_loc(f), from) {
                seeds[i / 64] |= 1 << (i % 64);
            }
        }
    }

    /// The fleets a chain from the fleets of `seeds` (those at an army's coast: see
    /// [`LegalOrders::seeds`]) reaches, into `reached` (a bit set over fleets), never
    /// entering `without`.
    fn spread(&self, seeds: &[u64], without: Option<usize>, reached: &mut [u64]) {
        let fw = self.fleet_words;
        if let ([seeds], [reached]) = (seeds, &mut *reached) {
            // Up to 64 fleets (most boards): the same walk in registers.
            let left_out = without.map_or(0, |i| 1u64.checked_shl(i as u32).unwrap_or(0));
            let (mut done, mut pending) = (*seeds | left_out, *seeds & !left_out);
            while pending != 0 {
                let i = pending.trailing_zeros() as usize;
                pending &= pending - 1;
                let new = self.fleet_borders.get(i).copied().unwrap_or(0) & !done;
                done |= new;
                pending |= new;
            }
            *reached = done & !left_out;
            return;
        }
        // The fleets reached whose borders are still to follow, as a bit set (on the
        // stack for up to 128 fleets).
        let (mut small, mut large) = ([0u64; 2], Vec::new());
        let pending: &mut [u64] = if fw <= small.len() {
            &mut small[..fw]
        } else {
            large.resize(fw, 0);
            &mut large
        };
        // The fleet left out is marked reached while the chain spreads, so it is never
        // entered, and unmarked at the end.
        let left_out = without.map(|i| (i / 64, 1u64 << (i % 64)));
        for ((r, p), &s) in reached.iter_mut().zip(pending.iter_mut()).zip(seeds) {
            *r = s;
            *p = s;
        }
        if let Some((k, bit)) = left_out {
            reached[k] |= bit;
            pending[k] &= !bit;
        }
        while let Some(k) = pending.iter().position(|&word| word != 0) {
            let i = k * 64 + pending[k].trailing_zeros() as usize;
            pending[k] &= pending[k] - 1;
            for ((r, p), &b) in reached.iter_mut().zip(pending.iter_mut()).zip(&self.fleet_borders[i * fw..][..fw]) {
                let new = b & !*r;
                *r |= new;
                *p |= new;
            }
        }
        if let Some((k, bit)) = left_out {
            reached[k] &= !bit;
        }
    }

    /// The provinces where an army may land that the fleets of `fleets` (a bit set over
    /// fleets) border, added to `out`.
    fn coasts(&self, fleets: &[u64], out: &mut [u64]) {
        let w = self.words;
        for i in ones(fleets).map(|i| i.index()) {
            for (o, &r) in out.iter_mut().zip(&self.fleet_reach[i * w..][..w]) {
                *o |= r;
            }
        }
    }

    /// Whether a fleet of `fleets` (a bit set over fleets) reaches province `p` where an
    /// army may land.
    #[inline]
    fn some_reach(&self, fleets: &[u64], p: ProvinceId) -> bool {
        let fw = self.fleet_words;
        fleets.iter().zip(&self.reaching[p.index() * fw..][..fw]).any(|(&f, &r)| f & r != 0)
    }

    /// The fleet that may convoy among `unit`'s orders (its index in `fleets`): a fleet at
    /// sea or on a convoyable coast, not on ice.
    fn convoying_fleet(&self, unit: &dip_map::Unit) -> Option<usize> {
        let here = self.map.province_of(unit.loc);
        self.fleets.iter().position(|&f| f == here).filter(|_| unit.kind == UnitKind::Fleet)
    }

    /// The orders of unit `u` in a movement phase, in the order [`legal_orders`] gives,
    /// into a list allocated once (at its length, or a bound on it: see
    /// [`LegalOrders::order_count`]).
    fn unit_orders(&self, u: usize, sets: &mut ScratchSets<'_>, convoy: &ConvoyReach) -> Vec<Order> {
        match self.words {
            1 => self.unit_orders_in::<1>(u, sets, convoy),
            2 => self.unit_orders_in::<2>(u, sets, convoy),
            _ => self.unit_orders_in::<0>(u, sets, convoy),
        }
    }

    /// [`LegalOrders::unit_orders`] with bit sets over provinces of `W` words
    /// ([`LegalOrders::words_of`]).
    fn unit_orders_in<const W: usize>(&self, u: usize, sets: &mut ScratchSets<'_>, convoy: &ConvoyReach) -> Vec<Order> {
        let map = self.map;
        let unit = &self.position.units[u];
        let here = map.province_of(unit.loc);
        let (power, unit_spec) = (unit.power, named(unit.kind, here, coast_of(map, unit.loc)));
        if self.only_holds(unit, here) {
            return vec![Order::new(power, unit_spec, Action::Hold)];
        }
        let me = Ordered { u, unit, here };
        let land_supports = self.supported_units::<W>(me, sets, convoy);
        let orders = Vec::with_capacity(self.order_count::<W>(me, sets, land_supports, convoy));
        let mut sink = OrderSink { map, orders, power, unit: unit_spec };
        self.actions_of::<W>(me, sets, convoy, &mut sink);
        sink.orders
    }

    /// Whether `unit` (in `here`) may only hold: on ice, or of a neutral power.
    fn only_holds(&self, unit: &dip_map::Unit, here: ProvinceId) -> bool {
        self.frozen(here) || self.map.is_neutral(unit.power)
    }

    /// How many orders a unit has, its supported units found (and how many moves by land
    /// it may support, `land_supports`): its list is allocated once, at that length. Its
    /// orders into frozen provinces and those that use fleets to convoy are counted by a
    /// bound.
    fn order_count<const W: usize>(
        &self,
        me: Ordered<'_>,
        sets: &ScratchSets<'_>,
        land_supports: usize,
        convoy: &ConvoyReach,
    ) -> usize {
        let (map, w, unit) = (self.map, self.words_of::<W>(), me.unit);
        let ScratchSets { carried, open_reach, .. } = sets;
        let both = |a: &[u64], b: &[u64]| a.iter().zip(b).map(|(&x, &y)| few_ones(x & y)).sum::<usize>();
        let mut count = 1 + match unit.kind {
            UnitKind::Army => map.army_neighbours(me.here).len(),
            UnitKind::Fleet => map.fleet_neighbours(unit.loc).len(),
        };
        if !map.railroads().is_empty() {
            for_each_station(map, unit.power, unit.kind, me.here, |_, _| count += 1);
        }
        // Supports of holds and of moves by land.
        count += land_supports;
        if self.fleets.is_empty() {
            return count;
        }
        let reach = |u: usize| convoy.provinces.get(u * w..(u + 1) * w).unwrap_or_default();
        count += both(reach(me.u), reach(me.u));
        // Supports of moves by convoy: only of the armies the fleets could carry to a
        // province it reaches (`carried`); of any other unit there are none to count.
        for o in ones(carried).map(|o| o.index()).filter(|&o| o != me.u) {
            count += both(reach(o), open_reach);
        }
        if let Some(f) = self.convoying_fleet(unit) {
            // Each army's chains are `fleets` bit sets of `w` words; this fleet's is the f-th.
            let nf = self.fleets.len();
            for chains in convoy.chains.chunks_exact(nf * w) {
                count += chains[f * w..(f + 1) * w].iter().map(|x| x.count_ones() as usize).sum::<usize>();
            }
        }
        count
    }

    /// What unit `u` may do in a movement phase, handed to `sink` in the order
    /// [`legal_orders`] gives.
    fn unit_actions(&self, u: usize, sets: &mut ScratchSets<'_>, convoy: &ConvoyReach, sink: &mut impl UnitActionSink) {
        match self.words {
            1 => self.unit_actions_in::<1>(u, sets, convoy, sink),
            2 => self.unit_actions_in::<2>(u, sets, convoy, sink),
            _ => self.unit_actions_in::<0>(u, sets, convoy, sink),
        }
    }

    /// [`LegalOrders::unit_actions`] with bit sets over provinces of `W` words
    /// ([`LegalOrders::words_of`]).
    fn unit_actions_in<const W: usize>(
        &self,
        u: usize,
        sets: &mut ScratchSets<'_>,
        convoy: &ConvoyReach,
        sink: &mut impl UnitActionSink,
    ) {
        let unit = &self.position.units[u];
        let here = self.map.province_of(unit.loc);
        // Ice holds a unit, and a neutral power's units only hold.
        if self.only_holds(unit, here) {
            sink.action(LegalAction::Hold);
            return;
        }
        let me = Ordered { u, unit, here };
        self.supported_units::<W>(me, sets, convoy);
        self.actions_of::<W>(me, sets, convoy, sink);
    }

    /// [`LegalOrders::unit_actions`] of a unit that may do more than hold, its supported
    /// units found ([`LegalOrders::supported_units`]).
    fn actions_of<const W: usize>(
        &self,
        me: Ordered<'_>,
        sets: &mut ScratchSets<'_>,
        convoy: &ConvoyReach,
        sink: &mut impl UnitActionSink,
    ) {
        let reach = &convoy.provinces[..];
        let (map, position, w) = (self.map, self.position, self.words_of::<W>());
        let (unit, here) = (me.unit, me.here);
        let (kind, power) = (unit.kind, unit.power);
        let ScratchSets { candidates, carried, seen, open_reach, round_fleets } = sets;
        let my_reach = self.support_reach::<W>(me.u);
        let (seen, open_reach) = (&mut seen[..w], &open_reach[..w]);
        let convoy_reach = |u: usize| reach.get(u * w..(u + 1) * w).unwrap_or_default();
        let fleet = self.convoying_fleet(unit);
        let chain = |a: usize, f: usize| {
            let nf = self.fleets.len();
            convoy.chains.get((a * nf + f) * w..(a * nf + f + 1) * w).unwrap_or_default()
        };
        // On a map without ice nothing is frozen: the hold and every move, as one.
        if !(self.thawed.is_empty() && sink.hold_and_moves(map, kind, unit.loc)) {
            sink.action(LegalAction::Hold);
            for to in destinations(map, kind, unit.loc) {
                if !self.frozen(map.province_of(to)) {
                    sink.action(LegalAction::Move { to });
                }
            }
        }
        if !map.railroads().is_empty() {
            for_each_station(map, power, kind, here, |railroad, p| {
                if !self.frozen(p) {
                    sink.action(LegalAction::Rail { railroad, to: p });
                }
            });
        }
        if kind == UnitKind::Army && !convoy_reach(me.u).is_empty() {
            // Where the fleets could carry it and (by default) it cannot walk, none frozen.
            // `seen` first holds where it walks.
            map.move_provinces_into(UnitKind::Army, unit.loc, seen);
            let everywhere = self.convoy_moves == ConvoyMoves::Everywhere;
            for (s, &r) in seen.iter_mut().zip(convoy_reach(me.u)) {
                *s = if everywhere { r } else { r & !*s };
            }
            self.open_only(seen, None);
            if !sink.moves_by_convoy(seen) {
                for p in ones(seen) {
                    sink.action(LegalAction::MoveByConvoy { to: p });
                }
            }
        }
        // Supports: of any other unit holding in, or moving to, a province this unit reaches.
        let moves_to = self.moves_to_all::<W>();
        let by_convoy = !self.fleets.is_empty();
        // (Word by word, the bits of each in a register: cheaper than `ones` here.)
        for (k, &word) in candidates.iter().enumerate() {
            let mut others = word;
            while others != 0 {
                let o = k * 64 + others.trailing_zeros() as usize;
                others &= others - 1;
                let other = &position.units[o];
                let (target, at) = (other.kind, other.loc);
                // The provinces this unit may support the other's move into, in province
                // order (each once: a fleet's moves to two coasts of one province are one
                // support), none frozen.
                let moves = &moves_to[o * w..][..w];
                and_into(seen, open_reach, moves);
                // (Every unit standing where it reaches: a fuzzed position may have two in
                // a province.)
                let hold = self.has(my_reach, map.province_of(at));
                if !sink.supports(target, at, hold, seen) {
                    if hold {
                        sink.action(LegalAction::SupportHold { target, at });
                    }
                    for p in ones(seen) {
                        sink.action(LegalAction::SupportMove { target, at, to: p });
                    }
                }
                // Moves by convoy only: where the fleets could carry the army and it cannot
                // walk.
                if by_convoy && carried[k] >> (o % 64) & 1 == 1 {
                    self.supports_by_convoy(
                        (o, target, at, moves),
                        fleet,
                        open_reach,
                        seen,
                        round_fleets,
                        convoy,
                        sink,
                    );
                }
            }
        }
        // Convoys: a fleet at sea may carry an army to each coast a route through it
        // reaches, as the resolver reads the order (see `chains_from`).
        if let Some(f) = fleet {
            for (a, army) in position.units.iter().enumerate().filter(|(_, a)| a.kind == UnitKind::Army) {
                // Where the routes through it end, but its own province, none frozen.
                let ends = chain(a, f);
                if ends.iter().all(|&e| e == 0) {
                    continue;
                }
                for (s, &e) in seen.iter_mut().zip(ends) {
                    *s = e;
                }
                self.open_only(seen, Some(here));
                if !sink.convoys(army.loc, seen) {
                    for p in ones(seen) {
                        sink.action(LegalAction::Convoy { army: army.loc, to: p });
                    }
                }
            }
        }
    }

    /// A fleet's (`fleet`) or other unit's supports of the moves by convoy of the army
    /// at `at` (unit `o`, one the fleets could carry to a province the supporting unit
    /// reaches) where it cannot walk (`moves`): where the fleets could carry it, into
    /// `open_reach`. `seen` is scratch.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn supports_by_convoy(
        &self,
        (o, target, at, moves): (usize, UnitKind, LocId, &[u64]),
        fleet: Option<usize>,
        open_reach: &[u64],
        seen: &mut [u64],
        round_fleets: &mut Vec<u64>,
        convoy: &ConvoyReach,
        sink: &mut impl UnitActionSink,
    ) {
        let w = self.words;
        let convoy_reach = convoy.provinces.get(o * w..(o + 1) * w).unwrap_or_default();
        let chain = |a: usize, f: usize| {
            let nf = self.fleets.len();
            convoy.chains.get((a * nf + f) * w..(a * nf + f + 1) * w).unwrap_or_default()
        };
        // (A carried army has its reach: `convoy_reach` is `w` words.)
        for (((s, &c), &r), &m) in seen.iter_mut().zip(convoy_reach).zip(open_reach).zip(moves) {
            *s = c & r & !m;
        }
        // Where the fleets but this one could carry the army, worked out once.
        let mut round_made = false;
        for p in ones(seen) {
            // A fleet cannot both support the move and carry the army: when a route
            // there goes through it, another must go round it.
            let carrier = fleet.is_some_and(|f| {
                self.has(chain(o, f), p) && {
                    if !round_made {
                        let fw = self.fleet_words;
                        round_fleets.clear();
                        round_fleets.resize(fw, 0);
                        let seeds = convoy.seeds.get(o * fw..(o + 1) * fw).unwrap_or_default();
                        self.spread(seeds, Some(f), round_fleets);
                        round_made = true;
                    }
                    !self.some_reach(round_fleets, p)
                }
            });
            if !carrier {
                sink.action(LegalAction::SupportMove { target, at, to: p });
            }
        }
    }

    /// The units a unit may support, as bit sets over units into `sets`: those standing
    /// in or moving to a province it reaches (`candidates`) and the armies among them the
    /// fleets could carry to one (`carried`); and where its supports may go
    /// (`open_reach`). Returns how many holds and moves by land it may support there (its
    /// supports into frozen provinces among them).
    #[inline]
    fn supported_units<const W: usize>(
        &self,
        me: Ordered<'_>,
        sets: &mut ScratchSets<'_>,
        convoy: &ConvoyReach,
    ) -> usize {
        let (uw, row_len) = (self.unit_words, self.row_len());
        let ScratchSets { candidates, carried, open_reach, .. } = sets;
        let my_reach = self.support_reach::<W>(me.u);
        let rows = self.province_rows();
        let by_convoy = !self.fleets.is_empty();
        // The units standing in or moving to a province it reaches and the armies the
        // fleets could carry to one (`convoy.touching`); the supports, from the tallies
        // (its own move there is one of the moves).
        let mut supports = 0;
        if let ([c], [d]) = (&mut **candidates, &mut **carried) {
            // Up to 64 units (most positions): gathered in registers.
            let (mut there, mut carried_there) = (0, 0);
            for (j, &word) in my_reach.iter().enumerate() {
                let mut provinces = word;
                while provinces != 0 {
                    let p = j * 64 + provinces.trailing_zeros() as usize;
                    provinces &= provinces - 1;
                    let (touching, tally) = (rows[p * row_len], rows[p * row_len + 1]);
                    there |= touching;
                    if by_convoy {
                        carried_there |= convoy.touching[p];
                    }
                    supports += Tally::supports(tally);
                }
            }
            (*c, *d) = (there | carried_there, carried_there);
        } else {
            candidates.fill(0);
            carried.fill(0);
            for (j, &word) in my_reach.iter().enumerate() {
                let mut provinces = word;
                while provinces != 0 {
                    let p = j * 64 + provinces.trailing_zeros() as usize;
                    provinces &= provinces - 1;
                    let (touching, tally) = rows[p * row_len..][..row_len].split_at(uw);
                    or_into(candidates, touching);
                    if by_convoy {
                        or_into(carried, &convoy.touching[p * uw..][..uw]);
                    }
                    supports += Tally::supports(tally[0]);
                }
            }
            or_into(candidates, carried);
        }
        // Not the unit itself.
        candidates[me.u / 64] &= !(1 << (me.u % 64));
        // Where its supports may go: where it reaches, none frozen, not its own province.
        // (Word by word: a call to copy a word or two costs more.)
        let open_reach = &mut open_reach[..my_reach.len()];
        for (o, &r) in open_reach.iter_mut().zip(my_reach) {
            *o = r;
        }
        self.open_only(open_reach, Some(me.here));
        supports
    }

    /// The retreats and disband of a dislodged unit.
    fn retreats(&self, d: &dip_map::Dislodged, f: &mut impl FnMut(LegalOrder)) {
        let map = self.map;
        let (power, unit) = (d.unit.power, Some((d.unit.kind, d.unit.loc)));
        f(LegalOrder { power, unit, action: LegalAction::Disband });
        // A neutral unit has no retreats; the movement phase gave it none.
        for &to in d.retreats.iter().filter(|_| !map.is_neutral(power)) {
            f(LegalOrder { power, unit, action: LegalAction::Retreat { to } });
        }
    }

    /// The builds, removals and waives of each power, power by power.
    fn adjustments(&self, f: &mut impl FnMut(LegalOrder)) {
        let (map, position) = (self.map, self.position);
        // Neutral powers give no orders: their builds are made for them.
        for power in map.players() {
            let centres = i32::from(dip_adjust::counted_centres(map, position, power));
            let units = position.units.iter().filter(|u| u.power == power);
            let change = centres - units.clone().count() as i32;
            if change < 0 {
                for u in units {
                    f(LegalOrder { power, unit: Some((u.kind, u.loc)), action: LegalAction::Remove });
                }
            } else if change > 0 {
                f(LegalOrder { power, unit: None, action: LegalAction::Waive });
                for c in dip_adjust::build_sites(map, position, power) {
                    for kind in [UnitKind::Army, UnitKind::Fleet] {
                        let mut build =
                            |loc| f(LegalOrder { power, unit: Some((kind, loc)), action: LegalAction::Build });
                        match kind {
                            UnitKind::Fleet if map.is_multi_coast(c) => {
                                map.province(c).coasts.iter().for_each(|&l| build(l))
                            }
                            _ => map.unit_loc(kind, c, None).into_iter().for_each(build),
                        }
                    }
                }
            }
        }
    }
}

/// Takes the legal orders of a movement or retreat phase unit by unit, from
/// [`LegalOrders::unit_actions_into`].
///
/// Some orders come in runs a caller with tables may take at once; the provided methods
/// hand each order of a run to [`UnitActionSink::action`].
pub trait UnitActionSink {
    /// The next unit's list begins: the unit's power, type and location.
    fn unit(&mut self, power: PowerId, kind: UnitKind, loc: LocId);

    /// One legal order of the unit whose list began last.
    fn action(&mut self, action: LegalAction);

    /// Takes the unit's hold, then its move to every place a unit of its type at `loc`
    /// borders, in the order of the map's borders ([`Map::army_neighbours`] of its
    /// province, each at the province's main location, or [`Map::fleet_neighbours`] of
    /// `loc`), all at once, and returns true; or returns false (as the provided method
    /// does) to be handed them one by one. Asked only on a map without ice, where no move
    /// is left out.
    #[inline]
    fn hold_and_moves(&mut self, map: &Map, kind: UnitKind, loc: LocId) -> bool {
        let _ = (map, kind, loc);
        false
    }

    /// Takes the army's moves by convoy into each province of `into` (a bit set over
    /// provinces), in province order, all at once, and returns true; or returns false (as
    /// the provided method does) to be handed them one by one.
    #[inline]
    fn moves_by_convoy(&mut self, into: &[u64]) -> bool {
        let _ = into;
        false
    }

    /// Takes the fleet's convoys of the army at `army` to each province of `into` (a bit
    /// set over provinces), in province order, all at once, and returns true; or returns
    /// false (as the provided method does) to be handed them one by one.
    #[inline]
    fn convoys(&mut self, army: LocId, into: &[u64]) -> bool {
        let _ = (army, into);
        false
    }

    /// Takes the unit's support of the hold of the `target` at `at` (when `hold`), then
    /// of its moves into each province of `into` (a bit set over provinces), in province
    /// order, all at once, and returns true; or returns false (as the provided method
    /// does) to be handed them one by one.
    #[inline]
    fn supports(&mut self, target: UnitKind, at: LocId, hold: bool, into: &[u64]) -> bool {
        let _ = (target, at, hold, into);
        false
    }
}

/// The orders of one unit written out as [`Order`]s, runs of them in tight loops: each
/// order built from copies straight into the list, with no [`LegalAction`] between.
struct OrderSink<'m> {
    map: &'m Map,
    orders: Vec<Order>,
    power: PowerId,
    /// The unit ordered, as its orders name it.
    unit: UnitSpec,
}

impl OrderSink<'_> {
    #[inline(always)]
    fn push(&mut self, action: Action) {
        self.orders.push(Order::new(self.power, self.unit, action));
    }
}

impl UnitActionSink for OrderSink<'_> {
    fn unit(&mut self, _: PowerId, _: UnitKind, _: LocId) {}

    #[inline]
    fn action(&mut self, action: LegalAction) {
        let action = action.to_action(self.map);
        self.push(action);
    }

    #[inline(always)]
    fn hold_and_moves(&mut self, map: &Map, kind: UnitKind, loc: LocId) -> bool {
        self.push(Action::Hold);
        let (power, unit) = (self.power, self.unit);
        let moving = |to| Order::new(power, unit, Action::Move { to, via_convoy: false });
        match kind {
            // An army moves to a province's main location, which names no coast: its moves
            // in one run (the list's length kept in a register).
            UnitKind::Army => {
                self.orders.extend(map.army_neighbours(map.province_of(loc)).iter().map(|&p| moving(Place::new(p))))
            }
            UnitKind::Fleet => {
                for &to in map.fleet_neighbours(loc) {
                    self.orders.push(moving(place(map, to)));
                }
            }
        }
        true
    }

    #[inline]
    fn moves_by_convoy(&mut self, into: &[u64]) -> bool {
        for p in ones(into) {
            self.push(Action::Move { to: Place::new(p), via_convoy: true });
        }
        true
    }

    #[inline]
    fn convoys(&mut self, army: LocId, into: &[u64]) -> bool {
        let province = self.map.province_of(army);
        for p in ones(into) {
            self.push(Action::Convoy { army: named(UnitKind::Army, province, None), to: Place::new(p) });
        }
        true
    }

    #[inline]
    fn supports(&mut self, target: UnitKind, at: LocId, hold: bool, into: &[u64]) -> bool {
        let province = self.map.province_of(at);
        if hold {
            self.push(Action::SupportHold { target: named(target, province, None) });
        }
        let target = named(target, province, None);
        // (Word by word, the bits of each in a register: cheaper than `ones` here.)
        for (k, &word) in into.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let p = ProvinceId((k * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
                self.push(Action::SupportMove { target, to: Place::new(p) });
            }
        }
        true
    }
}

/// A closure taking each order, as a sink.
struct Each<F>(F);

impl<F: FnMut(LegalAction)> UnitActionSink for Each<F> {
    fn unit(&mut self, _: PowerId, _: UnitKind, _: LocId) {}

    #[inline(always)]
    fn action(&mut self, action: LegalAction) {
        (self.0)(action)
    }
}

/// One legal order, compact: 12 bytes, `Copy`, no allocation (see [`LegalOrders::each`]).
/// [`LegalOrder::to_order`] writes it out as the [`Order`] [`legal_orders`] lists.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LegalOrder {
    pub power: PowerId,
    /// The unit ordered (for a build, the unit built): its type and location; `None` for
    /// a waive, which names no unit.
    pub unit: Option<(UnitKind, LocId)>,
    pub action: LegalAction,
}

/// What a [`LegalOrder`] tells its unit to do. The unit a support or convoy names is given
/// by its location on the board (an order names only its province: a fleet's coast is
/// there for callers whose notation writes it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LegalAction {
    Hold,
    /// A move to a neighbouring location (a coast for a fleet that must name one).
    Move {
        to: LocId,
    },
    /// A move by convoy to a province the army cannot walk to (or, listed with
    /// [`ConvoyMoves::Everywhere`], to any province the fleets could carry it to).
    MoveByConvoy {
        to: ProvinceId,
    },
    /// A move along railroad `railroad` (its index in the map's railroads) to a station.
    Rail {
        railroad: u8,
        to: ProvinceId,
    },
    SupportHold {
        target: UnitKind,
        at: LocId,
    },
    SupportMove {
        target: UnitKind,
        at: LocId,
        to: ProvinceId,
    },
    /// A convoy of the army at `army` to `to`.
    Convoy {
        army: LocId,
        to: ProvinceId,
    },
    Retreat {
        to: LocId,
    },
    Disband,
    Build,
    Remove,
    Waive,
}

impl LegalOrder {
    /// The order as [`legal_orders`] lists it.
    pub fn to_order(&self, map: &Map) -> Order {
        let unit = match self.unit {
            Some((kind, loc)) => unit_spec(map, kind, loc),
            None => UnitSpec::new(None, Place::new(ProvinceId(0))),
        };
        Order::new(self.power, unit, self.action.to_action(map))
    }
}

impl LegalAction {
    /// The action as an [`Order`] writes it.
    #[inline]
    pub fn to_action(&self, map: &Map) -> Action {
        let target = |kind, at: LocId| named(kind, map.province_of(at), None);
        match *self {
            LegalAction::Hold => Action::Hold,
            LegalAction::Move { to } => Action::Move { to: place(map, to), via_convoy: false },
            LegalAction::MoveByConvoy { to } => Action::Move { to: Place::new(to), via_convoy: true },
            LegalAction::Rail { railroad, to } => Action::Rail { railroad, to: Place::new(to) },
            LegalAction::SupportHold { target: kind, at } => Action::SupportHold { target: target(kind, at) },
            LegalAction::SupportMove { target: kind, at, to } => {
                Action::SupportMove { target: target(kind, at), to: Place::new(to) }
            }
            LegalAction::Convoy { army, to } => {
                Action::Convoy { army: target(UnitKind::Army, army), to: Place::new(to) }
            }
            LegalAction::Retreat { to } => Action::Retreat { to: place(map, to) },
            LegalAction::Disband => Action::Disband,
            LegalAction::Build => Action::Build,
            LegalAction::Remove => Action::Remove,
            LegalAction::Waive => Action::Waive,
        }
    }
}

/// The unit whose orders are listed (movement phase): its index in the position, the
/// unit, and its province.
#[derive(Clone, Copy)]
struct Ordered<'p> {
    u: usize,
    unit: &'p dip_map::Unit,
    here: ProvinceId,
}

/// Buffers reused from one unit to the next.
#[derive(Default, Debug)]
struct Scratch {
    /// The bit sets of [`ScratchSets`], in one allocation.
    sets: Vec<u64>,
    words: usize,
    unit_words: usize,
    /// The fleets an army's chains reach without the fleet whose orders are listed (a
    /// support of a move by convoy that it would carry).
    round_fleets: Vec<u64>,
}

/// The bit sets of a [`Scratch`], for the unit whose orders are listed.
struct ScratchSets<'s> {
    /// The units it may support (a bit set over units), and the armies among them the
    /// fleets could carry to a province it reaches.
    candidates: &'s mut [u64],
    carried: &'s mut [u64],
    /// Provinces a support of one unit's move may still be offered into.
    seen: &'s mut [u64],
    /// Where it may support into: its reach, none frozen, not its own province.
    open_reach: &'s mut [u64],
    /// The fleets an army's chains reach without the fleet whose orders are listed (a
    /// support of a move by convoy that it would carry).
    round_fleets: &'s mut Vec<u64>,
}

impl Scratch {
    #[inline]
    fn sets(&mut self) -> ScratchSets<'_> {
        let (uw, w) = (self.unit_words, self.words);
        let (candidates, rest) = self.sets.split_at_mut(uw);
        let (carried, rest) = rest.split_at_mut(uw);
        let (seen, open_reach) = rest.split_at_mut(w);
        ScratchSets { candidates, carried, seen, open_reach, round_fleets: &mut self.round_fleets }
    }
}

/// The scratch of [`LegalOrders::chains_from`]: the route being walked and, per level of
/// it, what its fleets before the last reach and which fleets it may not take next.
#[derive(Default)]
struct ChainSearch {
    path: Vec<usize>,
    before: Vec<u64>,
    blocked: Vec<u64>,
}

/// Steps of the route walk for one army before every reached fleet is taken to carry it
/// everywhere its chain reaches: a web of fleets has too many routes to walk them all.
const ROUTE_BUDGET: u32 = 4000;

/// Whose convoys [`LegalOrders::convoy_reaches`] works out.
#[derive(Clone, Copy)]
enum Chains {
    /// Every fleet's (every unit's orders are listed).
    Every,
    /// The fleet of this index in `fleets` alone (its orders are listed).
    Through(usize),
    /// None (a unit that convoys nothing is listed).
    Nothing,
}

/// The convoy routes of the armies, from [`LegalOrders::convoy_reaches`].
#[derive(Debug)]
struct ConvoyReach {
    /// Per unit, a bit set over provinces: where the fleets could carry the army.
    provinces: Vec<u64>,
    /// Per unit and fleet that may convoy, a bit set over provinces: where that fleet may
    /// convoy the army (see [`LegalOrders::chains_from`]).
    chains: Vec<u64>,
    /// Per province, the armies the fleets could carry there, as a bit set over units
    /// (`unit_words` words); empty when no fleet may convoy.
    touching: Vec<u64>,
    /// Per unit (armies), the fleets at its coast that may start a chain
    /// ([`LegalOrders::seeds`], `fleet_words` words).
    seeds: Vec<u64>,
}

/// A unit as an order names it, built from copies.
fn named(kind: UnitKind, province: ProvinceId, coast: Option<LocId>) -> UnitSpec {
    UnitSpec { power: None, kind: Some(kind), place: Place::with_coast(province, coast.map(CoastSpec::Known)) }
}

/// The unit at `loc`, as an order names it.
fn unit_spec(map: &Map, kind: UnitKind, loc: LocId) -> UnitSpec {
    UnitSpec::new(Some(kind), place(map, loc))
}

fn place(map: &Map, loc: LocId) -> Place {
    Place::with_coast(map.province_of(loc), coast_of(map, loc).map(CoastSpec::Known))
}

/// The location itself when it is a coast: locations past the provinces are (see `LocId`).
fn coast_of(map: &Map, loc: LocId) -> Option<LocId> {
    (loc.index() >= map.province_count()).then_some(loc)
}

/// Where a unit at `loc` may move, as locations.
fn destinations(map: &Map, kind: UnitKind, loc: LocId) -> impl Iterator<Item = LocId> + '_ {
    let (armies, fleets): (&[ProvinceId], &[LocId]) = match kind {
        UnitKind::Army => (map.army_neighbours(map.province_of(loc)), &[]),
        UnitKind::Fleet => (&[], map.fleet_neighbours(loc)),
    };
    armies.iter().map(|&p| map.main_loc(p)).chain(fleets.iter().copied())
}

/// Each station a unit may go to along railroads: (railroad, station).
fn for_each_station(map: &Map, power: PowerId, kind: UnitKind, here: ProvinceId, mut f: impl FnMut(u8, ProvinceId)) {
    if kind != UnitKind::Army {
        return;
    }
    for (r, railroad) in map.railroads().iter().enumerate() {
        if railroad.power == power && railroad.stations.contains(&here) {
            let r = u8::try_from(r).unwrap_or(u8::MAX);
            railroad.stations.iter().filter(|&&s| s != here).for_each(|&s| f(r, s));
        }
    }
}

/// The last word of a province's row of [`LegalOrders`]' `board`: how many units move
/// there (low half) and how many stand there (high half: one on a board as played, more
/// on a position built otherwise).
struct Tally;

impl Tally {
    /// A unit's move there, added.
    const MOVE: u64 = 1;
    /// A unit standing there, added.
    const STAND: u64 = 1 << 32;

    /// How many holds and moves there a unit reaching the province may support: all but
    /// its own move there.
    fn supports(tally: u64) -> usize {
        (((tally & 0xffff_ffff) + (tally >> 32)) as usize).saturating_sub(1)
    }
}

/// `out |= a`, word by word (bit sets of the same length), with no loop for one word.
#[inline(always)]
fn or_into(out: &mut [u64], a: &[u64]) {
    match (&mut *out, a) {
        ([o], [a]) => *o |= a,
        _ => {
            for (o, &a) in out.iter_mut().zip(a) {
                *o |= a;
            }
        }
    }
}

/// `out = a & b`, word by word (bit sets of the same length), with no loop for one or two
/// words (most maps).
#[inline(always)]
fn and_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    match (&mut *out, a, b) {
        ([o], [a], [b]) => *o = a & b,
        ([o0, o1], [a0, a1], [b0, b1]) => (*o0, *o1) = (a0 & b0, a1 & b1),
        _ => {
            for ((o, &a), &b) in out.iter_mut().zip(a).zip(b) {
                *o = a & b;
            }
        }
    }
}

/// How many bits of `bits` are set, for a word with few: a step a bit (cheaper than
/// `count_ones` on a processor without a population count instruction, as the baseline
/// x86-64 target is).
#[inline]
fn few_ones(mut bits: u64) -> usize {
    let mut n = 0;
    while bits != 0 {
        bits &= bits - 1;
        n += 1;
    }
    n
}

/// The provinces (or units) of a bit set, in increasing order.
fn ones(bits: &[u64]) -> Ones<'_> {
    Ones { bits, word: 0, current: bits.first().copied().unwrap_or(0) }
}

struct Ones<'a> {
    bits: &'a [u64],
    word: usize,
    current: u64,
}

impl Iterator for Ones<'_> {
    type Item = ProvinceId;

    #[inline]
    fn next(&mut self) -> Option<ProvinceId> {
        while self.current == 0 {
            self.word += 1;
            self.current = *self.bits.get(self.word)?;
        }
        let bit = self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        Some(ProvinceId((self.word * 64 + bit) as u16))
    }
}
