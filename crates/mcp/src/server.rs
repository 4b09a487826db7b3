//! The Model Context Protocol side: the tool list with each tool's JSON schema and
//! description, and each call translated to [`Games`]. Arguments are read here, not by the
//! SDK, so malformed arguments are a tool error the model can read and correct, not a
//! protocol error.

use std::borrow::Cow;
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use rmcp::handler::server::common::schema_for_type;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock as Content, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::games::{
    BoardArgs, ExplainArgs, GameArgs, Games, LegalArgs, NewGameArgs, ReadyArgs, Reply, ResultsArgs, SubmitArgs,
    ToolError,
};

/// The arguments of `games`: none.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

/// The tools, each with its name, description, the type of its arguments, and whether a
/// server restricted to one power offers it.
struct ToolSpec {
    name: &'static str,
    description: &'static str,
    schema: fn() -> Arc<rmcp::model::JsonObject>,
    /// Offered by a server restricted to one power (`--power`).
    for_one_power: bool,
}

const TOOLS: &[ToolSpec] = &[
    ToolSpec {
        name: "games",
        description: "List the games this server holds: id, variant, the phase waiting for orders, the winner if any.",
        schema: schema_for_type::<NoArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "new_game",
        description: "Start a game of Diplomacy from the variant's opening position. Returns its id (pass it as `game` to the other tools), the first phase and the powers. Rules: presets such as `datc` or `1971` and `ISSUE=CHOICE` overrides, over the variant's own rules.",
        schema: schema_for_type::<NewGameArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "board",
        description: "The position in words (and JSON), power by power: units, supply centres, what the power must order this phase (every unit in a movement phase; dislodged units and where they may retreat; the number of builds and where, or of removals), and threats: the enemy units that could move into each province the power holds. With `image: true`, a PNG picture of the board too.",
        schema: schema_for_type::<BoardArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "legal_orders",
        description: "Every legal order of a power's units this phase (or of the unit in one province), in the notation asked (`datc`: `A Paris - Burgundy`, `judge`: `A par - bur`, `mila`: `A PAR - BUR`). Any of these may be passed to submit_orders as written.",
        schema: schema_for_type::<LegalArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "submit_orders",
        description: "Give a power's orders for this phase. Each order is reported: read or not; if not, the reader's error and suggested names; if read, the order as understood and whether it is legal. Orders accepted are kept (an order for a unit already ordered replaces the earlier one); if any order is refused (unreadable, or for a unit not the power's), the call is an error listing each order's fate. Units left without orders hold. Call `ready` when the power is done.",
        schema: schema_for_type::<SubmitArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "ready",
        description: "Say a power has finished ordering this phase. When every power that has something to order is ready, the phase is adjudicated and the results returned; otherwise the powers still awaited are listed.",
        schema: schema_for_type::<ReadyArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "advance",
        description: "Adjudicate the phase now, whoever is ready: units without orders hold, retreats not ordered disband, and missing adjustments follow the civil-disorder rules. Returns each order's result with its reason and the next phase.",
        schema: schema_for_type::<GameArgs>,
        for_one_power: false,
    },
    ToolSpec {
        name: "results",
        description: "What a played phase decided (by default the last): each order with its result code (`succeeds`, `bounced`, `cut`, `dislodged`, `illegal`, ...) and the reason in words, naming the units that caused it; dislodged units and where they may retreat; builds and removals.",
        schema: schema_for_type::<ResultsArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "explain",
        description: "How one order of a movement phase (by default the last played) was decided, step by step: for a move its attack strength and the supports counted, each opposing hold, defend and prevent strength with its supports, each support counted or cut (and by whom), the convoy route used or why none; for a support or convoy whether it was cut or disrupted and by what; where a backup rule decided. Name the order by its unit's province or as `results` writes it.",
        schema: schema_for_type::<ExplainArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "history",
        description: "Every phase played: its board, the orders given (MILA notation) and their results.",
        schema: schema_for_type::<GameArgs>,
        for_one_power: true,
    },
    ToolSpec {
        name: "saved_game",
        description: "The whole game as saved-game JSON (the format of MILA's diplomacy package and dipcc), which `dip replay`, `dip run` and dip.Game.from_saved_game read.",
        schema: schema_for_type::<GameArgs>,
        for_one_power: true,
    },
];

/// The MCP server: the games behind a lock (calls may arrive concurrently).
#[derive(Debug, Clone)]
pub struct DipServer {
    games: Arc<Mutex<Games>>,
}

impl DipServer {
    pub fn new(games: Games) -> Self {
        DipServer { games: Arc::new(Mutex::new(games)) }
    }

    fn offered(&self) -> Vec<&'static ToolSpec> {
        let restricted = self.lock().restricted_to().is_some();
        TOOLS.iter().filter(|t| !restricted || t.for_one_power).collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Games> {
        // A panic in a tool would poison the lock; the games it holds are still whole
        // (every change is made before it is saved), so go on with them.
        self.games.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// One call, by name, with the arguments as the client sent them.
    pub fn call(&self, name: &str, arguments: Option<serde_json::Map<String, Value>>) -> CallToolResult {
        let arguments = Value::Object(arguments.unwrap_or_default());
        let Some(spec) = self.offered().into_iter().find(|t| t.name == name) else {
            let names: Vec<&str> = self.offered().iter().map(|t| t.name).collect();
            let shown: String = name.chars().take(80).collect();
            return error(ToolError::new(format!("no tool `{shown}`: the tools are {}", names.join(", "))));
        };
        let mut games = self.lock();
        let reply = match spec.name {
            "games" => args::<NoArgs>(name, arguments).map(|_| games.list()),
            "new_game" => args(name, arguments).and_then(|a| games.new_game(a)),
            "board" => args(name, arguments).and_then(|a| games.board(a)),
            "legal_orders" => args(name, arguments).and_then(|a| games.legal_orders(a)),
            "submit_orders" => args(name, arguments).and_then(|a| games.submit_orders(a)),
            "ready" => args(name, arguments).and_then(|a| games.ready(a)),
            "advance" => args(name, arguments).and_then(|a| games.advance(a)),
            "results" => args(name, arguments).and_then(|a| games.results(a)),
            "explain" => args(name, arguments).and_then(|a| games.explain(a)),
            "history" => args(name, arguments).and_then(|a| games.history(a)),
            "saved_game" => args(name, arguments).and_then(|a| games.saved_game(a)),
            _ => Err(ToolError::new(format!("tool `{name}` is listed but not served"))),
        };
        match reply {
            Ok(reply) => success(reply),
            Err(e) => error(e),
        }
    }

    /// The tools offered, with their schemas.
    pub fn tools(&self) -> Vec<Tool> {
        self.offered().into_iter().map(|t| Tool::new(t.name, t.description, (t.schema)())).collect()
    }
}

/// Reads a tool's arguments, or says what is wrong with them.
fn args<T: DeserializeOwned>(tool: &str, arguments: Value) -> Result<T, ToolError> {
    serde_json::from_value(arguments).map_err(|e| ToolError::new(format!("{tool}: bad arguments: {e}")))
}

fn success(reply: Reply) -> CallToolResult {
    let mut content = Vec::new();
    if let Some(words) = reply.words {
        content.push(Content::text(words));
    }
    content.push(Content::text(reply.json.to_string()));
    if let Some(png) = reply.png {
        content.push(Content::image(base64::engine::general_purpose::STANDARD.encode(png), "image/png"));
    }
    let mut result = CallToolResult::success(content);
    if reply.json.is_object() {
        result.structured_content = Some(reply.json);
    }
    result
}

fn error(e: ToolError) -> CallToolResult {
    let mut content = vec![Content::text(e.message.clone())];
    if let Some(detail) = &e.detail {
        content.push(Content::text(detail.to_string()));
    }
    let mut result = CallToolResult::error(content);
    if let Some(detail) = e.detail {
        result.structured_content = Some(serde_json::json!({ "error": e.message, "detail": detail }));
    }
    result
}

impl ServerHandler for DipServer {
    fn get_info(&self) -> ServerConfig {
        let only = self.lock().restricted_to().map(str::to_string);
        let mut instructions = String::from(
            "Diplomacy, adjudicated by dip. Start with `games` or `new_game`; read the position with `board` and each unit's choices with `legal_orders`; give orders with `submit_orders` and say `ready`; read what happened with `results`.",
        );
        if let Some(only) = only {
            instructions.push_str(&format!(" This server acts for {only} only: it submits orders and says ready for {only}; the whole board may be read."));
        }
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("dip", env!("CARGO_PKG_VERSION")))
            .with_instructions(instructions)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let server = self.clone();
        let name: Cow<'static, str> = request.name;
        let arguments = request.arguments;
        // Adjudicating and drawing take milliseconds of work: off the runtime's thread.
        let result = tokio::task::spawn_blocking(move || server.call(&name, arguments))
            .await
            .unwrap_or_else(|e| error(ToolError::new(format!("the tool failed: {e}"))));
        Ok(result.into())
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools().into_iter().find(|t| t.name == name)
    }
}
