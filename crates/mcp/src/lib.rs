//! `dip mcp`: a Model Context Protocol server over standard input and output, so a
//! language-model agent plays Diplomacy through tools: start a game, read the board in words
//! (and as a picture), list each unit's legal orders, submit orders (each read or refused
//! with the reader's error and suggestions), adjudicate, and read each order's result with
//! its reason. The protocol is the official Rust SDK's (`rmcp`); the engine is the facade
//! crate `dip`, the pictures `dip-render`, the files `dip-io`: nothing here adjudicates.
//!
//! Games live in a folder, one JSON file a game written atomically after every change, so a
//! server started again on the folder goes on where it was. See `docs/agents.md`.

mod games;
mod server;

pub use games::{
    BoardArgs, ExplainArgs, GameArgs, Games, LegalArgs, MAX_GAMES, MAX_ORDER_BYTES, MAX_ORDERS_PER_CALL, NewGameArgs,
    ReadyArgs, Reply, ResultsArgs, SubmitArgs, ToolError,
};
pub use server::DipServer;

use std::path::PathBuf;

use rmcp::ServiceExt as _;

/// How `dip mcp` was started.
#[derive(Debug, Clone)]
pub struct Config {
    /// The folder of games (made if missing).
    pub games: PathBuf,
    /// The only power the tools act for, if set.
    pub power: Option<String>,
}

/// Serves the tools on standard input and output until the client closes its end.
pub fn serve_stdio(config: Config) -> Result<(), String> {
    let games = Games::open(&config.games, config.power)?;
    let server = DipServer::new(games);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async move {
        let service = server
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| format!("the client did not start the session: {e}"))?;
        service.waiting().await.map_err(|e| format!("the server stopped: {e}"))?;
        Ok(())
    })
}
