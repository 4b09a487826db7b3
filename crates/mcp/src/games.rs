//! The games the server holds and what each tool does to them, without the protocol: every
//! tool is a function from its arguments to a [`Reply`] or a [`ToolError`], so the crate's
//! tests call them directly and the server in `server.rs` only translates.
//!
//! A game is a [`dip::Game`] plus what its current phase has gathered: each power's orders
//! as submitted, and which powers said they are ready. After every change the game is
//! written to `<folder>/<id>.json` with dip-io's atomic writer (a temporary file, fsync,
//! rename), so a server started again on the folder goes on where it was.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use dip::formats::saved::SavedGame;
use dip::formats::{Names, PhaseResults, PlayedPhase};
use dip::{LegalOrders, Map, Notation, Order, OrderLine, ParseOptions, PhaseKind, Position, PowerId, ProvinceId};

/// The most orders one `submit_orders` call reads: far more than any power has units on
/// any map dip ships, and few enough that a flood is refused before it is read.
pub const MAX_ORDERS_PER_CALL: usize = 500;
/// The longest order text read, in bytes.
pub const MAX_ORDER_BYTES: usize = 1000;
/// The most games one folder holds.
pub const MAX_GAMES: usize = 10_000;
/// The largest game file read back, in bytes.
const MAX_GAME_FILE_BYTES: u64 = 64 << 20;

/// The schema named in each game file.
const GAME_SCHEMA: &str = "dip-mcp-game";
const GAME_VERSION: u32 = 1;

/// A tool's answer: words for a model to read, the same facts as JSON for a program, and a
/// picture when one was asked for.
#[derive(Debug, Default)]
pub struct Reply {
    pub words: Option<String>,
    pub json: Value,
    pub png: Option<Vec<u8>>,
}

impl Reply {
    fn json(json: Value) -> Self {
        Reply { words: None, json, png: None }
    }
}

/// Why a tool call was refused, in words the model can act on; the server answers it as a
/// tool error (`isError`), never as a protocol error, and goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    pub message: String,
    /// Anything the model may want besides the message (the per-order report of a
    /// submission with rejected orders).
    pub detail: Option<Value>,
}

impl ToolError {
    pub fn new(message: impl Into<String>) -> Self {
        ToolError { message: message.into(), detail: None }
    }
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToolError {}

type Result<T> = std::result::Result<T, ToolError>;

/// One game and what its current phase has gathered.
#[derive(Debug)]
struct Entry {
    game: dip::Game,
    /// The rule items it was made with (preset names, `ISSUE=CHOICE`), for `board`.
    rules: Vec<String>,
    /// Each power's orders this phase, in the order given; a later order for the same unit
    /// replaces the earlier.
    pending: BTreeMap<PowerId, Vec<Order>>,
    /// Powers that said they are done with this phase.
    ready: Vec<PowerId>,
}

/// The game file: the saved game (MILA's JSON, which dip plays back) and the phase under way.
#[derive(Debug, Serialize, Deserialize)]
struct GameFile {
    schema: String,
    version: u32,
    rules: Vec<String>,
    /// Orders submitted this phase, by power name, in DATC notation.
    pending: BTreeMap<String, Vec<String>>,
    ready: Vec<String>,
    saved_game: SavedGame,
}

/// Every game of one folder.
#[derive(Debug)]
pub struct Games {
    folder: PathBuf,
    games: BTreeMap<String, Entry>,
    /// When set, the only power the tools act for (`dip mcp --power FRANCE`).
    power: Option<String>,
    /// `DIR/.dip-mcp.lock`, locked for as long as the games are open: two servers on one
    /// folder would overwrite each other's orders, so the second is refused at start.
    /// The kernel drops the lock when the process ends, however it ends.
    _lock: std::fs::File,
}

/// The file a server locks in its games folder; not a game's file (no `.json`).
const LOCK_FILE: &str = ".dip-mcp.lock";

/// The arguments of `new_game`.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGameArgs {
    /// The variant: `standard` (the default) or another of dip's embedded variants.
    #[serde(default)]
    pub variant: Option<String>,
    /// Rule presets (`datc`, `1971`, `1982`, `2000`, `2023`, `dptg`, `webdiplomacy`,
    /// `mila`, `dipcc`) and `ISSUE=CHOICE` overrides, applied in order over the variant's
    /// own rules. Empty: the variant's rules.
    #[serde(default)]
    pub rules: Vec<String>,
    /// The game's id: letters, digits, `-` and `_`, at most 64. Default: `game-N`.
    #[serde(default)]
    pub id: Option<String>,
}

/// The arguments of tools that read one game.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameArgs {
    /// The game's id, as `new_game` or `games` gave it.
    pub game: String,
}

/// The arguments of `board`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardArgs {
    /// The game's id.
    pub game: String,
    /// Only this power's part (`France`); default every power.
    #[serde(default)]
    pub power: Option<String>,
    /// Add a PNG picture of the board.
    #[serde(default)]
    pub image: bool,
    /// How units and provinces are named: `datc` (`A Paris`, the default), `judge`
    /// (`A par`) or `mila` (`A PAR`).
    #[serde(default)]
    pub notation: Option<String>,
}

/// The arguments of `legal_orders`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegalArgs {
    /// The game's id.
    pub game: String,
    /// The power whose orders to list (`France`).
    #[serde(default)]
    pub power: Option<String>,
    /// Only the unit in this province (`Paris`, `par`, `PAR`); in an adjustment phase, the
    /// builds or removal there.
    #[serde(default)]
    pub unit: Option<String>,
    /// `datc` (default), `judge` or `mila`.
    #[serde(default)]
    pub notation: Option<String>,
}

/// The arguments of `submit_orders`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SubmitArgs {
    /// The game's id.
    pub game: String,
    /// The power giving the orders (`France`).
    pub power: String,
    /// Orders in any notation dip reads: `A Paris - Burgundy`, `A par - bur`, `A PAR - BUR`,
    /// `F Brest Supports A Paris - Picardy`, `A Munich R Bohemia`, `Build A Paris`,
    /// `Waive`. An order for a unit already ordered this phase replaces its order.
    pub orders: Vec<String>,
}

/// The arguments of `ready`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadyArgs {
    /// The game's id.
    pub game: String,
    /// The power that is done ordering this phase.
    pub power: String,
}

/// The arguments of `results`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsArgs {
    /// The game's id.
    pub game: String,
    /// A phase played (`Spring 1901 Movement` or `S1901M`); default the last one.
    #[serde(default)]
    pub phase: Option<String>,
    /// `datc` (default), `judge` or `mila`.
    #[serde(default)]
    pub notation: Option<String>,
}

/// The arguments of `explain`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExplainArgs {
    /// The game's id.
    pub game: String,
    /// The order to explain: the province of its unit (`Paris`, `par`), or the order as
    /// `results` shows it (`A Paris - Burgundy`).
    pub order: String,
    /// A movement phase played (`Spring 1901 Movement` or `S1901M`); default the last one.
    #[serde(default)]
    pub phase: Option<String>,
    /// How units and provinces are named: `datc` (default), `judge` or `mila`.
    #[serde(default)]
    pub notation: Option<String>,
}

impl Games {
    /// Opens a folder of games, making it if it does not exist, and reads every game in
    /// it. A game file that cannot be read is an error naming it: a server must not start
    /// over a game it would then overwrite.
    pub fn open(folder: &Path, power: Option<String>) -> std::result::Result<Games, String> {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        if let Some(name) = &power {
            // A power of some variant: each game's own map is checked when it is played.
            let known = dip::EMBEDDED_VARIANTS
                .iter()
                .filter_map(|(n, _)| dip::variant(n).ok())
                .any(|map| map.power_by_name(name).is_some());
            if !known {
                return Err(format!("--power {name}: no variant has a power of that name"));
            }
        }
        let lock_path = folder.join(LOCK_FILE);
        // Only a regular file is opened: a FIFO there would block the open, a link lead
        // elsewhere.
        if let Ok(meta) = std::fs::symlink_metadata(&lock_path)
            && !meta.file_type().is_file()
        {
            return Err(format!("{}: not a regular file; remove it", lock_path.display()));
        }
        // Opened without truncating: the file holds nothing, only its lock matters.
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| format!("{}: {e}", lock_path.display()))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(format!(
                    "{}: another dip mcp serves this games folder (it holds {LOCK_FILE}); one server a folder",
                    folder.display()
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(format!("{}: {e}", lock_path.display())),
        }
        let mut games = Games { folder: folder.to_path_buf(), games: BTreeMap::new(), power, _lock: lock };
        let listing = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let mut paths: Vec<PathBuf> = listing
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let Some(id) = path.file_stem().and_then(|s| s.to_str()).filter(|s| valid_id(s)) else {
                return Err(format!(
                    "{}: not a game's file (a game's is ID.json, the id of letters, digits, `-` and `_`); move it out of the games folder",
                    path.display()
                ));
            };
            let entry = read_game(&path)?;
            games.games.insert(id.to_string(), entry);
        }
        Ok(games)
    }

    /// The power this server is restricted to, if any.
    pub fn restricted_to(&self) -> Option<&str> {
        self.power.as_deref()
    }

    fn entry(&self, id: &str) -> Result<&Entry> {
        self.games.get(id).ok_or_else(|| unknown_game(id, self.games.keys()))
    }

    fn entry_mut(&mut self, id: &str) -> Result<&mut Entry> {
        let ids: Vec<String> = self.games.keys().cloned().collect();
        self.games.get_mut(id).ok_or_else(|| unknown_game(id, ids.iter()))
    }

    fn save(&self, id: &str) -> Result<()> {
        let entry = self.entry(id)?;
        let map = entry.game.map();
        let name = |p: PowerId| map.power(p).name.clone();
        let file = GameFile {
            schema: GAME_SCHEMA.into(),
            version: GAME_VERSION,
            rules: entry.rules.clone(),
            pending: entry
                .pending
                .iter()
                .map(|(&p, orders)| (name(p), orders.iter().map(|o| o.display(map).to_string()).collect()))
                .collect(),
            ready: entry.ready.iter().map(|&p| name(p)).collect(),
            saved_game: entry.game.to_saved_game(id),
        };
        let text = serde_json::to_string(&file).map_err(|e| ToolError::new(format!("game `{id}`: {e}")))?;
        let path = self.folder.join(format!("{id}.json"));
        dip::atomic_write(&path, text).map_err(|e| ToolError::new(format!("game `{id}` not saved: {e}")))
    }

    /// The power named, to read about: any power of the map.
    fn power_named(&self, map: &Map, name: &str) -> Result<PowerId> {
        map.power_by_name(name).ok_or_else(|| {
            let names: Vec<String> = map.players().map(|p| map.power(p).name.clone()).collect();
            let shown: String = name.chars().take(80).collect();
            ToolError::new(format!("no power named `{shown}` in {}: the powers are {}", map.name(), names.join(", ")))
        })
    }

    /// The power named, to act for: checked against the restriction of the server.
    fn power_of(&self, map: &Map, name: &str) -> Result<PowerId> {
        let power = self.power_named(map, name)?;
        if let Some(only) = &self.power
            && map.power_by_name(only) != Some(power)
        {
            return Err(ToolError::new(format!("this server acts for {only} only; `{name}` is another power's name")));
        }
        Ok(power)
    }

    /// An optional power argument to read about (the board is public: any power may be
    /// named); a restricted server's own power when none is given.
    fn optional_power(&self, map: &Map, name: Option<&str>) -> Result<Option<PowerId>> {
        match (name, &self.power) {
            (Some(name), _) => self.power_named(map, name).map(Some),
            (None, Some(only)) => self.power_named(map, only).map(Some),
            (None, None) => Ok(None),
        }
    }

    /// `games`: every game of the folder, with its phase.
    pub fn list(&self) -> Reply {
        let games: Vec<Value> = self
            .games
            .iter()
            .map(|(id, e)| {
                json!({
                    "game": id,
                    "variant": e.game.map().name(),
                    "phase": e.game.phase().to_string(),
                    "winner": e.game.winner().map(|p| e.game.map().power(p).name.clone()),
                })
            })
            .collect();
        Reply::json(json!({ "games": games }))
    }

    /// `new_game`.
    pub fn new_game(&mut self, args: NewGameArgs) -> Result<Reply> {
        if self.games.len() >= MAX_GAMES {
            return Err(ToolError::new(format!("the folder holds {MAX_GAMES} games, the most it may")));
        }
        let variant = args.variant.as_deref().unwrap_or("standard");
        let map = dip::variant(variant).map_err(|_| {
            let names: Vec<&str> = dip::EMBEDDED_VARIANTS.iter().map(|(n, _)| *n).collect();
            ToolError::new(format!("no variant named `{variant}`: the variants are {}", names.join(", ")))
        })?;
        if let Some(only) = &self.power {
            self.power_of(&map, only)?;
        }
        let mut rules = dip::Rules::of_variant(&map).map_err(|e| ToolError::new(e.to_string()))?;
        for item in &args.rules {
            if item.contains('=') {
                dip::apply_override(&mut rules, item).map_err(|e| ToolError::new(e.to_string()))?;
            } else {
                let preset = dip::preset(item).map_err(|e| ToolError::new(e.to_string()))?;
                dip::apply_preset(&mut rules, &format!("rules/{}.toml", preset.name), &preset)
                    .map_err(|e| ToolError::new(e.to_string()))?;
            }
        }
        let id = match args.id {
            Some(id) if !valid_id(&id) => {
                return Err(ToolError::new(format!(
                    "game id `{}`: use 1 to 64 letters, digits, `-` and `_`",
                    id.chars().take(80).collect::<String>()
                )));
            }
            Some(id) if self.games.contains_key(&id) => {
                return Err(ToolError::new(format!("a game `{id}` exists already; choose another id")));
            }
            Some(id) => id,
            None => (1..).map(|n| format!("game-{n}")).find(|id| !self.games.contains_key(id)).expect("a free id"),
        };
        let game = dip::Game::new(map, rules);
        let entry = Entry { game, rules: args.rules, pending: BTreeMap::new(), ready: Vec::new() };
        self.games.insert(id.clone(), entry);
        if let Err(e) = self.save(&id) {
            self.games.remove(&id);
            return Err(e);
        }
        let entry = self.entry(&id)?;
        let map = entry.game.map();
        Ok(Reply::json(json!({
            "game": id,
            "variant": map.name(),
            "phase": entry.game.phase().to_string(),
            "powers": map.players().map(|p| map.power(p).name.clone()).collect::<Vec<_>>(),
        })))
    }

    /// `board`: the position in words and JSON, power by power.
    pub fn board(&self, args: BoardArgs) -> Result<Reply> {
        let entry = self.entry(&args.game)?;
        let notation = notation(args.notation.as_deref())?;
        let game = &entry.game;
        let map = game.map();
        let position = game.position();
        // The whole board is public, so a server for one power shows every power unless
        // one is named.
        let only = match args.power.as_deref() {
            Some(name) => Some(self.power_named(map, name)?),
            None => None,
        };
        let names = Names::new(map, notation);
        let mut words = String::new();
        let winner = game.winner().map(|p| map.power(p).name.clone());
        words.push_str(&format!("{} ({}), {}.", args.game, map.title(), position.phase));
        if let Some(w) = &winner {
            words.push_str(&format!(" {w} has won; the game is over."));
        }
        words.push('\n');
        let mut powers = Vec::new();
        for power in map.players() {
            if only.is_some_and(|o| o != power) {
                continue;
            }
            let part = power_view(map, position, power, &names, entry, game.rules());
            words.push_str(&part.1);
            powers.push(part.0);
        }
        let mut reply = Reply {
            words: Some(words),
            json: json!({
                "game": args.game,
                "variant": map.name(),
                "phase": position.phase.to_string(),
                "rules": entry.rules,
                "winner": winner,
                "powers": powers,
            }),
            png: None,
        };
        if args.image {
            let board = dip_render::Board::new(map);
            let title = format!("{} {}", map.title(), position.phase);
            let svg = board.svg(&dip_render::Scene::new(position).title(&title));
            let png = dip_render::png(&svg, 1.0).map_err(|e| ToolError::new(format!("no picture: {e}")))?;
            reply.png = Some(png);
        }
        Ok(reply)
    }

    /// `legal_orders`.
    pub fn legal_orders(&self, args: LegalArgs) -> Result<Reply> {
        let entry = self.entry(&args.game)?;
        let notation = notation(args.notation.as_deref())?;
        let map = entry.game.map();
        let position = entry.game.position();
        let power = self.optional_power(map, args.power.as_deref())?;
        let legal = LegalOrders::new(map, position)
            .map_err(|e| ToolError::new(e.to_string()))?
            .convoy_moves(dip::ConvoyMoves::Everywhere);
        let names = Names::new(map, notation);
        let show = |orders: &[Order]| -> Vec<String> {
            orders.iter().map(|o| o.display_as(map, notation).to_string()).collect()
        };
        let mut units = Vec::new();
        match &args.unit {
            Some(text) => {
                let province = province(map, text)?;
                let orders = legal.at(province);
                let owner = orders.first().map(|o| o.power);
                if let (Some(p), Some(owner)) = (power, owner)
                    && p != owner
                {
                    return Err(ToolError::new(format!(
                        "the orders in {} are {}'s, not {}'s",
                        names.province(province),
                        map.power(owner).name,
                        map.power(p).name
                    )));
                }
                units.push(json!({
                    "unit": names.unit_in(position, province),
                    "power": owner.map(|o| map.power(o).name.clone()),
                    "orders": show(&orders),
                }));
            }
            None => {
                for (owner, orders) in legal.all() {
                    if power.is_some_and(|p| p != owner) {
                        continue;
                    }
                    let unit = match orders.first() {
                        Some(o) if position.phase.kind != PhaseKind::Adjustment => {
                            names.unit_in(position, o.unit.place.province)
                        }
                        _ => format!("{}'s adjustments", map.power(owner).name),
                    };
                    units.push(json!({ "unit": unit, "power": map.power(owner).name, "orders": show(&orders) }));
                }
            }
        }
        Ok(Reply::json(json!({
            "game": args.game,
            "phase": position.phase.to_string(),
            "notation": notation_name(notation),
            "units": units,
        })))
    }

    /// `submit_orders`: reads each order, keeps those that are the power's, reports each.
    pub fn submit_orders(&mut self, args: SubmitArgs) -> Result<Reply> {
        let entry = self.entry(&args.game)?;
        let map = entry.game.map();
        let power = self.power_of(map, &args.power)?;
        if let Some(w) = entry.game.winner() {
            return Err(ToolError::new(format!("the game is over: {} has won", map.power(w).name)));
        }
        if args.orders.len() > MAX_ORDERS_PER_CALL {
            return Err(ToolError::new(format!(
                "{} orders in one call; at most {MAX_ORDERS_PER_CALL} are read (a power orders each of its units once)",
                args.orders.len()
            )));
        }
        let position = entry.game.position();
        let kind = position.phase.kind;
        let legal = LegalOrders::new(map, position)
            .map_err(|e| ToolError::new(e.to_string()))?
            .convoy_moves(dip::ConvoyMoves::Everywhere);
        let mut report = Vec::with_capacity(args.orders.len());
        let mut accepted = Vec::new();
        let mut rejected = 0;
        for text in &args.orders {
            let shown: String = text.chars().take(120).collect();
            if text.len() > MAX_ORDER_BYTES {
                rejected += 1;
                report.push(json!({"text": shown, "read": false, "error": format!("an order of {} bytes; at most {MAX_ORDER_BYTES} are read", text.len())}));
                continue;
            }
            let options = ParseOptions::new(kind).power(power);
            let order = match dip::parse_order(map, options, text) {
                Ok(order) => order,
                Err(e) => {
                    rejected += 1;
                    report.push(json!({
                        "text": shown,
                        "read": false,
                        "error": e.to_string(),
                        "suggestions": e.suggestions,
                    }));
                    continue;
                }
            };
            if order.power != power {
                rejected += 1;
                report.push(json!({
                    "text": shown,
                    "read": false,
                    "error": format!("an order of {} given as {}'s; each power submits its own", map.power(order.power).name, map.power(power).name),
                }));
                continue;
            }
            let choices = if matches!(order.action, dip::Action::Waive) {
                Vec::new()
            } else {
                legal.at(order.unit.place.province)
            };
            let owner = choices.first().map(|o| o.power);
            let waive = matches!(order.action, dip::Action::Waive);
            if !waive && owner != Some(power) {
                rejected += 1;
                let whose = match owner {
                    Some(o) => format!("the orders there are {}'s", map.power(o).name),
                    None => "nothing there has orders this phase".into(),
                };
                report.push(json!({
                    "text": shown,
                    "read": true,
                    "order": order.display(map).to_string(),
                    "error": format!("{} has no unit to order in {}: {whose}", map.power(power).name, map.province(order.unit.place.province).name),
                }));
                continue;
            }
            let written = order.display(map).to_string();
            let legal_here = waive || choices.iter().any(|o| o.display(map).to_string() == written);
            let mut row = json!({ "text": shown, "read": true, "order": written, "legal": legal_here });
            if !legal_here {
                row["note"] = json!(
                    "not among this unit's legal orders (legal_orders lists them); kept, and adjudicated as illegal: the unit holds"
                );
            }
            report.push(row);
            accepted.push(order);
        }
        let id = args.game.clone();
        let entry = self.entry_mut(&id)?;
        let list = entry.pending.entry(power).or_default();
        for order in accepted {
            let replaces = |o: &Order| {
                !matches!(o.action, dip::Action::Waive)
                    && !matches!(order.action, dip::Action::Waive)
                    && o.unit.place.province == order.unit.place.province
            };
            match list.iter().position(replaces) {
                Some(i) => list[i] = order,
                None => list.push(order),
            }
        }
        let map = entry.game.map();
        let kept: Vec<String> = list.iter().map(|o| o.display(map).to_string()).collect();
        self.save(&id)?;
        let json = json!({
            "game": id,
            "power": self.entry(&id)?.game.map().power(power).name,
            "orders": report,
            "orders_this_phase": kept,
        });
        if rejected > 0 {
            return Err(ToolError {
                message: format!(
                    "{rejected} of {} orders not accepted (the others are kept): see `orders` for each one's error",
                    args.orders.len()
                ),
                detail: Some(json),
            });
        }
        Ok(Reply::json(json))
    }

    /// `ready`: the power is done; once every power that orders this phase is, the phase is
    /// adjudicated.
    pub fn ready(&mut self, args: ReadyArgs) -> Result<Reply> {
        let entry = self.entry(&args.game)?;
        let power = self.power_of(entry.game.map(), &args.power)?;
        if let Some(w) = entry.game.winner() {
            return Err(ToolError::new(format!("the game is over: {} has won", entry.game.map().power(w).name)));
        }
        let entry = self.entry_mut(&args.game)?;
        if !entry.ready.contains(&power) {
            entry.ready.push(power);
        }
        let waiting = waiting_for(entry);
        if waiting.is_empty() {
            return self.advance(GameArgs { game: args.game });
        }
        self.save(&args.game)?;
        let entry = self.entry(&args.game)?;
        let map = entry.game.map();
        Ok(Reply::json(json!({
            "game": args.game,
            "phase": entry.game.phase().to_string(),
            "adjudicated": false,
            "waiting_for": waiting.iter().map(|&p| map.power(p).name.clone()).collect::<Vec<_>>(),
        })))
    }

    /// `advance`: adjudicates the phase now; units without orders hold (or, in an
    /// adjustment phase, the civil-disorder rules apply).
    pub fn advance(&mut self, args: GameArgs) -> Result<Reply> {
        let entry = self.entry_mut(&args.game)?;
        let map = entry.game.map();
        if let Some(w) = entry.game.winner() {
            return Err(ToolError::new(format!("the game is over: {} has won", map.power(w).name)));
        }
        let orders: Vec<Order> = entry.pending.values().flatten().cloned().collect();
        let phase = entry.game.phase().to_string();
        entry.game.play(orders).map_err(|e| ToolError::new(format!("{phase}: {e}")))?;
        entry.pending.clear();
        entry.ready.clear();
        self.save(&args.game)?;
        let entry = self.entry(&args.game)?;
        let map = entry.game.map();
        let results = phase_results(entry, entry.game.history().len() - 1, Notation::Datc)?;
        Ok(Reply {
            words: Some(results_words(&results)),
            json: json!({
                "game": args.game,
                "adjudicated": phase,
                "phase": entry.game.phase().to_string(),
                "winner": entry.game.winner().map(|p| map.power(p).name.clone()),
                "results": results,
            }),
            png: None,
        })
    }

    /// `results`: what a played phase decided, each order with its result and reason.
    pub fn results(&self, args: ResultsArgs) -> Result<Reply> {
        let entry = self.entry(&args.game)?;
        let notation = notation(args.notation.as_deref())?;
        let history = entry.game.history();
        if history.is_empty() {
            return Err(ToolError::new(format!("game `{}`: no phase has been played yet", args.game)));
        }
        let index = match &args.phase {
            None => history.len() - 1,
            Some(name) => history
                .iter()
                .position(|r| phase_matches(&r.position.phase, name))
                .ok_or_else(|| ToolError::new(format!("game `{}`: no phase `{name}` has been played", args.game)))?,
        };
        let results = phase_results(entry, index, notation)?;
        Ok(Reply {
            words: Some(results_words(&results)),
            json: serde_json::to_value(&results).unwrap_or_default(),
            png: None,
        })
    }

    /// `explain`: how one order of a movement phase was decided, step by step, in the
    /// library's words ([`dip::explain`]).
    pub fn explain(&self, args: ExplainArgs) -> Result<Reply> {
        let entry = self.entry(&args.game)?;
        let notation = notation(args.notation.as_deref())?;
        let history = entry.game.history();
        let index = match &args.phase {
            None => history.iter().rposition(|r| r.position.phase.kind == PhaseKind::Movement).ok_or_else(|| {
                ToolError::new(format!("game `{}`: no movement phase has been played yet", args.game))
            })?,
            Some(name) => history
                .iter()
                .position(|r| phase_matches(&r.position.phase, name))
                .ok_or_else(|| ToolError::new(format!("game `{}`: no phase `{name}` has been played", args.game)))?,
        };
        let record = &history[index];
        let map = entry.game.map();
        let phase = record.position.phase.to_string();
        if record.position.phase.kind != PhaseKind::Movement {
            return Err(ToolError::new(format!(
                "{phase} is not a movement phase: explain traces movement phases; `results` gives each retreat's and adjustment's result and reason"
            )));
        }
        let wanted = args.order.trim();
        let by_text = record
            .orders
            .iter()
            .position(|o| Notation::ALL.iter().any(|&n| o.display_as(map, n).to_string().eq_ignore_ascii_case(wanted)));
        let which = match by_text {
            Some(i) => i,
            None => {
                let province = province(map, wanted)?;
                record.orders.iter().position(|o| o.unit.place.province == province).ok_or_else(|| {
                    ToolError::new(format!(
                        "no order was given in {phase} for a unit in {}; `results` lists the orders given",
                        map.province(province).name
                    ))
                })?
            }
        };
        let explanation = dip::explain(map, &record.position, &record.orders, entry.game.rules())
            .map_err(|e| ToolError::new(format!("{phase}: {e}")))?;
        let order =
            explanation.orders.iter().find(|o| o.index == which).ok_or_else(|| {
                ToolError::new(format!("{phase}: the explanation has no entry for order {}", which + 1))
            })?;
        let written = record.orders[which].display_as(map, notation).to_string();
        // The row `dip adjudicate --explain --json` writes: the library's lines, and the
        // strengths, route and statuses with stable codes, names in the notation asked.
        let row = dip::formats::ExplanationRow::new(&Names::new(map, notation), order);
        let steps = row.lines.clone();
        let mut words = format!("{phase}: {written}\n");
        for step in &steps {
            words.push_str(&format!("  {step}\n"));
        }
        Ok(Reply {
            words: Some(words),
            json: json!({
                "game": args.game,
                "phase": phase,
                "order": written,
                "power": map.power(record.orders[which].power).name,
                "index": which,
                "explanation": row,
            }),
            png: None,
        })
    }

    /// `history`: every phase played, with its orders and their results (MILA's codes).
    pub fn history(&self, args: GameArgs) -> Result<Reply> {
        let entry = self.entry(&args.game)?;
        let mut saved = entry.game.to_saved_game(&args.game);
        saved.phases.pop();
        let phases = serde_json::to_value(&saved.phases).map_err(|e| ToolError::new(e.to_string()))?;
        Ok(Reply::json(json!({ "game": args.game, "phases": phases })))
    }

    /// `saved_game`: the whole game as saved-game JSON (MILA's format).
    pub fn saved_game(&self, args: GameArgs) -> Result<Reply> {
        let entry = self.entry(&args.game)?;
        let saved = entry.game.to_saved_game(&args.game);
        Ok(Reply::json(serde_json::to_value(&saved).map_err(|e| ToolError::new(e.to_string()))?))
    }
}

/// A game id: 1 to 64 letters, digits, `-` and `_` (it names a file).
fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn unknown_game<'a>(id: &str, ids: impl Iterator<Item = &'a String>) -> ToolError {
    let shown: String = id.chars().take(80).collect();
    let ids: Vec<&str> = ids.take(20).map(String::as_str).collect();
    if ids.is_empty() {
        ToolError::new(format!("no game `{shown}`: there are no games yet; start one with new_game"))
    } else {
        ToolError::new(format!("no game `{shown}`: the games are {} (the tool `games` lists them all)", ids.join(", ")))
    }
}

fn notation(name: Option<&str>) -> Result<Notation> {
    match name {
        None => Ok(Notation::Datc),
        Some(n) => Notation::from_name(n)
            .ok_or_else(|| ToolError::new(format!("unknown notation `{n}`: expected datc, judge or mila"))),
    }
}

fn notation_name(notation: Notation) -> &'static str {
    match notation {
        Notation::Judge => "judge",
        Notation::Mila => "mila",
        _ => "datc",
    }
}

fn province(map: &Map, text: &str) -> Result<ProvinceId> {
    let name = text.trim();
    let name = name.split_once(['/', '(']).map_or(name, |(p, _)| p).trim();
    map.province_by_name(name).ok_or_else(|| {
        let suggestions = dip::orders::suggestions(map, name, 3);
        if suggestions.is_empty() {
            ToolError::new(format!("no province `{}` on {}", name.chars().take(80).collect::<String>(), map.name()))
        } else {
            ToolError::new(format!("no province `{name}` on {} (did you mean {}?)", map.name(), suggestions.join(", ")))
        }
    })
}

/// `Spring 1901 Movement` or `S1901M`.
fn phase_matches(phase: &dip::Phase, name: &str) -> bool {
    let long = phase.to_string();
    if long.eq_ignore_ascii_case(name.trim()) {
        return true;
    }
    let short: String = long
        .split_whitespace()
        .map(|w| if w.chars().all(|c| c.is_ascii_digit()) { w.to_string() } else { w.chars().take(1).collect() })
        .collect();
    short.eq_ignore_ascii_case(name.trim())
}

/// The powers that order this phase and have not said they are ready.
fn waiting_for(entry: &Entry) -> Vec<PowerId> {
    let map = entry.game.map();
    let position = entry.game.position();
    map.players().filter(|&p| has_orders_to_give(map, position, p) && !entry.ready.contains(&p)).collect()
}

/// Whether a power has anything to order in this phase.
fn has_orders_to_give(map: &Map, position: &Position, power: PowerId) -> bool {
    match position.phase.kind {
        PhaseKind::Movement => position.units.iter().any(|u| u.power == power),
        PhaseKind::Retreat => position.dislodged.iter().any(|d| d.unit.power == power),
        PhaseKind::Adjustment => adjustment_of(map, position, power) != 0,
    }
}

/// Builds (positive) or removals (negative) a power has this adjustment phase: its centres
/// less its units, builds limited by its free home centres.
fn adjustment_of(map: &Map, position: &Position, power: PowerId) -> i32 {
    let centres = i32::from(dip::adjust::counted_centres(map, position, power));
    let units = position.units.iter().filter(|u| u.power == power).count() as i32;
    let delta = centres - units;
    if delta > 0 { delta.min(dip::adjust::build_sites(map, position, power).len() as i32) } else { delta }
}

/// One power's part of the board, as JSON and in words.
fn power_view(
    map: &Map,
    position: &Position,
    power: PowerId,
    names: &Names<'_>,
    entry: &Entry,
    _rules: &dip::Rules,
) -> (Value, String) {
    let name = &map.power(power).name;
    let units: Vec<&dip::Unit> = position.units.iter().filter(|u| u.power == power).collect();
    let centres: Vec<String> = map
        .centres()
        .filter(|&c| position.owners.get(c.index()).copied().flatten() == Some(power))
        .map(|c| names.province(c))
        .collect();
    let counted = dip::adjust::counted_centres(map, position, power);
    let mut words = format!(
        "{name}: {} unit{}, {counted} supply centre{}.\n",
        units.len(),
        if units.len() == 1 { "" } else { "s" },
        if counted == 1 { "" } else { "s" }
    );
    if !units.is_empty() {
        words.push_str(&format!("  Units: {}.\n", units.iter().map(|u| names.unit(u)).collect::<Vec<_>>().join(", ")));
    }
    if !centres.is_empty() {
        words.push_str(&format!("  Centres: {}.\n", centres.join(", ")));
    }
    let to_order: Value;
    match position.phase.kind {
        PhaseKind::Movement => {
            let list: Vec<String> = units.iter().map(|u| names.unit(u)).collect();
            if !list.is_empty() {
                words.push_str(&format!("  To order: each unit ({}); a unit without an order holds.\n", list.len()));
            }
            to_order = json!({ "units": list });
        }
        PhaseKind::Retreat => {
            let mut rows = Vec::new();
            for d in position.dislodged.iter().filter(|d| d.unit.power == power) {
                let to: Vec<String> = d.retreats.iter().map(|&l| names.loc(l)).collect();
                words.push_str(&format!(
                    "  To order: {} was dislodged (from {}); it may retreat to {} or disband.\n",
                    names.unit(&d.unit),
                    names.province(d.attacker_from),
                    if to.is_empty() { "nowhere".to_string() } else { to.join(", ") }
                ));
                rows.push(json!({ "unit": names.unit(&d.unit), "retreats": to }));
            }
            to_order = json!({ "dislodged": rows });
        }
        PhaseKind::Adjustment => {
            let delta = adjustment_of(map, position, power);
            let sites: Vec<String> =
                dip::adjust::build_sites(map, position, power).iter().map(|&p| names.province(p)).collect();
            if delta > 0 {
                words.push_str(&format!(
                    "  To order: {delta} build{} (in {}), or waive.\n",
                    if delta == 1 { "" } else { "s" },
                    sites.join(", ")
                ));
                to_order = json!({ "builds": delta, "build_sites": sites });
            } else if delta < 0 {
                words.push_str(&format!("  To order: {} removal{}.\n", -delta, if delta == -1 { "" } else { "s" }));
                to_order = json!({ "removals": -delta });
            } else {
                to_order = json!({});
            }
        }
    }
    // Threats: each enemy unit that could move into a province this power holds with a unit
    // or owns as a centre.
    let mut threats = Vec::new();
    if position.phase.kind == PhaseKind::Movement {
        let mut provinces: Vec<ProvinceId> = units.iter().map(|u| map.province_of(u.loc)).collect();
        for c in map.centres() {
            if position.owners.get(c.index()).copied().flatten() == Some(power) && !provinces.contains(&c) {
                provinces.push(c);
            }
        }
        for &p in &provinces {
            let by: Vec<String> = position
                .units
                .iter()
                .filter(|e| e.power != power && map.reaches(e.kind, e.loc, p))
                .map(|e| format!("{} {}", map.power(e.power).adjective, names.unit(e)))
                .collect();
            if !by.is_empty() {
                words.push_str(&format!(
                    "  Threat: {} can be attacked by {}.\n",
                    names.unit_in(position, p),
                    by.join(", ")
                ));
                threats.push(json!({ "at": names.unit_in(position, p), "by": by }));
            }
        }
    }
    let ordered: Vec<String> = entry
        .pending
        .get(&power)
        .map(|l| l.iter().map(|o| o.display_as(map, names.notation).to_string()).collect())
        .unwrap_or_default();
    (
        json!({
            "power": name,
            "units": units.iter().map(|u| names.unit(u)).collect::<Vec<_>>(),
            "centres": centres,
            "centre_count": counted,
            "to_order": to_order,
            "threats": threats,
            "orders_submitted": ordered.len(),
            "ready": entry.ready.contains(&power),
        }),
        words,
    )
}

/// A played phase's results (`dip-results`, the schema of `dip adjudicate --json`).
fn phase_results(entry: &Entry, index: usize, notation: Notation) -> Result<PhaseResults> {
    let history = entry.game.history();
    let record = &history[index];
    let next = history.get(index + 1).map_or(entry.game.position(), |r| &r.position);
    let map = entry.game.map();
    let lines: Vec<OrderLine> = record
        .orders
        .iter()
        .map(|o| OrderLine { power: o.power, text: o.display(map).to_string(), line: None, parsed: Ok(o.clone()) })
        .collect();
    let played = PlayedPhase { start: &record.position, lines: &lines, outcome: (&record.outcome).into(), next };
    PhaseResults::new(map, played, notation).map_err(|e| ToolError::new(e.to_string()))
}

/// The results in words: one line an order.
fn results_words(results: &PhaseResults) -> String {
    let mut out = format!("{} results:\n", results.phase);
    for row in &results.orders {
        let order = row.order.as_deref().unwrap_or(&row.text);
        if row.reason.is_empty() {
            out.push_str(&format!("  {}: {order}: {}\n", row.power, row.code));
        } else {
            out.push_str(&format!("  {}: {order}: {} ({})\n", row.power, row.code, row.reason));
        }
    }
    for row in &results.dislodged {
        out.push_str(&format!("  {}'s {} dislodged (attacked from {}).\n", row.power, row.unit, row.attacker_from));
    }
    out
}

/// Reads a game file back: its saved game played again from the first phase.
fn read_game(path: &Path) -> std::result::Result<Entry, String> {
    let shown = path.display();
    let text = dip::read_to_string(path, MAX_GAME_FILE_BYTES).map_err(|e| e.to_string())?;
    let file: GameFile = serde_json::from_str(&text).map_err(|e| format!("{shown}: not a dip mcp game: {e}"))?;
    if file.schema != GAME_SCHEMA || file.version != GAME_VERSION {
        return Err(format!(
            "{shown}: schema {} version {}, not {GAME_SCHEMA} {GAME_VERSION}",
            file.schema, file.version
        ));
    }
    let map = dip::variant(&file.saved_game.map).map_err(|e| format!("{shown}: {e}"))?;
    let game = dip::Game::from_saved_game(map, &file.saved_game).map_err(|errors| {
        format!("{shown}: {}", errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
    })?;
    let map = game.map();
    let kind = game.phase().kind;
    let mut pending = BTreeMap::new();
    for (name, orders) in &file.pending {
        let power = map.power_by_name(name).ok_or_else(|| format!("{shown}: no power `{name}`"))?;
        let mut list = Vec::new();
        for text in orders {
            let order = dip::parse_order(map, ParseOptions::new(kind).power(power), text)
                .map_err(|e| format!("{shown}: {name}'s order `{text}`: {e}"))?;
            list.push(order);
        }
        pending.insert(power, list);
    }
    let ready = file
        .ready
        .iter()
        .map(|name| map.power_by_name(name).ok_or_else(|| format!("{shown}: no power `{name}`")))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(Entry { game, rules: file.rules, pending, ready })
}
