//! The routes: the page and its two files, and the JSON API (`docs/web.md`).
//!
//! | route | what |
//! | --- | --- |
//! | `GET /`, `/app.js`, `/style.css` | the page |
//! | `GET /api/variants` | every variant with its rule options and caps at their defaults |
//! | `GET /api/files` | the run directories' models, game records, reports and opening tables |
//! | `POST /api/sessions` | opens a session: `{"ok": true, "session": ID}` |
//! | `GET /api/sessions` | how many are open: `{"ok": true, "open": N, "max_sessions": M}` |
//! | `POST /api/sessions/ID` | one engine-protocol request; its answer, with the board's `view` |
//! | `POST /api/sessions/ID/ping` | keeps the session: the page is still open |
//! | `GET /api/sessions/ID/sowing` | the last move's sowing, step by step, with the board after each |
//! | `DELETE /api/sessions/ID`, `POST /api/sessions/ID/close` | frees the session |
//! | `GET /api/record?run=R&path=P` | the games of a record file |
//! | `GET /runs/R/PATH` | a file of run directory `R` (a report, a plot, `openings.json`) |

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use mankala_config::AgentSpec;
use mankala_engine::{AnyGame, Game, VARIANTS, with_game};
use mankala_protocol::{LiveGame, ProtocolError, Reply, Request, SearchLimit};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::files::RunDirs;
use crate::layout::Layout;
use crate::sessions::{Sessions, WebSession};

/// Largest request body read: a request is a small JSON object.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Most milliseconds a `search` or `go` from the page may ask for.
pub const MAX_PAGE_MILLIS: u64 = 60_000;

/// Most simulations a `search` or `go` from the page may ask for.
pub const MAX_PAGE_SIMULATIONS: u32 = 1_000_000;

/// The agents the page offers besides the run directories' networks.
pub const AGENTS: &[&str] = &[
    "zoo",
    "random",
    "greedy",
    "alphabeta:depth=4",
    "alphabeta:ms=500",
    "mcts:sims=200",
    "mcts:sims=1000",
    "mcts:sims=5000",
];

const INDEX_HTML: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE_CSS: &str = include_str!("../static/style.css");

/// What every handler shares.
#[derive(Debug)]
pub struct AppState {
    /// The games in progress.
    pub sessions: Sessions,
    /// The run directories.
    pub runs: RunDirs,
}

/// The server's routes over `state`.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route("/api/variants", get(variants))
        .route("/api/files", get(files))
        .route("/api/sessions", post(open).get(count))
        .route("/api/sessions/{id}", post(request).delete(close))
        .route("/api/sessions/{id}/close", post(close))
        .route("/api/sessions/{id}/ping", post(ping))
        .route("/api/sessions/{id}/sowing", get(sowing))
        .route("/api/record", get(record))
        .route("/runs/{run}/{*path}", get(run_file))
        .fallback(|| async { ApiError::not_found("no such page or API route; see docs/web.md") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this route does not take that method; see docs/web.md",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

/// One of the page's own files.
fn page(text: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        text,
    )
        .into_response()
}

/// `GET /api/variants`.
async fn variants() -> Result<Json<Value>, ApiError> {
    let mut out = Vec::with_capacity(VARIANTS.len());
    for v in VARIANTS {
        let game = AnyGame::by_name(v.name)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        out.push(json!({
            "name": v.name,
            "description": v.description,
            "source": v.source,
            "rules": game.rules_table(),
            "limits": game.limits_table(),
        }));
    }
    Ok(Json(json!({"ok": true, "variants": out})))
}

/// `GET /api/files`.
async fn files(State(state): State<Arc<AppState>>) -> Json<Value> {
    let listing = state.runs.list();
    let mut agents: Vec<String> = AGENTS.iter().map(ToString::to_string).collect();
    agents.extend(
        listing
            .models
            .iter()
            .map(|m| format!("nn:model={},sims=200", m.full)),
    );
    Json(json!({"ok": true, "agents": agents, "files": listing}))
}

/// `POST /api/sessions`.
async fn open(State(state): State<Arc<AppState>>) -> Result<Json<Value>, ApiError> {
    let id = state.sessions.open()?;
    Ok(Json(json!({
        "ok": true,
        "session": id,
        "max_sessions": state.sessions.max(),
        "idle_seconds": state.sessions.idle().as_secs_f64(),
    })))
}

/// `GET /api/sessions`: how many games are open, and the most.
async fn count(State(state): State<Arc<AppState>>) -> Json<Value> {
    state.sessions.sweep();
    Json(json!({"ok": true, "open": state.sessions.len(), "max_sessions": state.sessions.max()}))
}

/// `POST /api/sessions/ID/ping`: the page is still open (it says so a few times within the
/// idle time, so that only a closed page's game is freed).
async fn ping(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    state.sessions.get(&id)?;
    Ok(Json(json!({"ok": true})))
}

/// `DELETE /api/sessions/ID` and `POST /api/sessions/ID/close`.
async fn close(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Json<Value> {
    let closed = state.sessions.close(&id);
    Json(json!({"ok": true, "closed": closed}))
}

/// `POST /api/sessions/ID`: one protocol request.
async fn request(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body = body.map_err(|r| {
        ApiError::new(
            r.status(),
            format!(
                "request body: {} (at most {MAX_BODY_BYTES} bytes of JSON)",
                r.body_text()
            ),
        )
    })?;
    let fields = match serde_json::from_slice::<Value>(&body) {
        Ok(Value::Object(fields)) => fields,
        Ok(_) => {
            return Err(ApiError::bad_request(
                "expected a JSON object such as {\"cmd\": \"show\"}",
            ));
        }
        Err(e) => {
            return Err(ApiError::bad_request(format!(
                "not JSON ({e}); expected an object such as {{\"cmd\": \"show\"}}"
            )));
        }
    };
    let session = state.sessions.get(&id)?;
    let id_field = fields.get("id").cloned().unwrap_or(Value::Null);
    let req = match Request::from_object(&fields) {
        Ok(r) => r,
        Err(e) => return Ok(protocol_error(id_field, e)),
    };
    allowed(&req, &state.runs)?;
    if matches!(req, Request::Quit) {
        state.sessions.close(&id);
    }
    let mut guard = session.lock_owned().await;
    let json = tokio::task::spawn_blocking(move || answer(&mut guard, req, id_field))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal error while answering this request; the position is unchanged",
            )
        })?;
    let status = if json["ok"] == true {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    Ok((status, Json(json)).into_response())
}

/// `GET /api/sessions/ID/sowing`: the last move of the session's game played again with
/// every step recorded (`sowing::last_move`).
async fn sowing(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let session = state.sessions.get(&id)?;
    let guard = session.lock_owned().await;
    let internal = || {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error while tracing the last move; the position is unchanged",
        )
    };
    tokio::task::spawn_blocking(move || {
        std::panic::catch_unwind(AssertUnwindSafe(|| {
            crate::sowing::last_move(guard.protocol.game())
        }))
    })
    .await
    .map_err(|_| internal())?
    .map_err(|_| internal())?
    .map(Json)
}

/// A request the protocol could not read, answered as the protocol answers it.
fn protocol_error(id: Value, e: ProtocolError) -> Response {
    (StatusCode::BAD_REQUEST, Json(Reply::new(id, &Err(e)).json)).into_response()
}

/// What the page may not ask: a config file, a model or table outside the run directories,
/// a search longer than a minute.
fn allowed(req: &Request, runs: &RunDirs) -> Result<(), ApiError> {
    match req {
        Request::New(new) => {
            if new.config.is_some() {
                return Err(ApiError::forbidden(
                    "new: \"config\": `mankala serve` reads no config files; give \"variant\" and \"rules\"",
                ));
            }
            if let Some(spec) = &new.agent {
                check_agent(spec, runs)?;
            }
            Ok(())
        }
        Request::Search(limit) | Request::Go(limit) => check_limit(req.name(), *limit),
        _ => Ok(()),
    }
}

/// An agent spec names files only inside the run directories (`model=`, `tb=`).
fn check_agent(spec: &AgentSpec, runs: &RunDirs) -> Result<(), ApiError> {
    let file = match spec {
        AgentSpec::Network { model, .. } => Some(("model", model)),
        AgentSpec::AlphaBeta {
            tablebase: Some(tb),
            ..
        }
        | AgentSpec::Perfect {
            tablebase: Some(tb),
        } => Some(("tb", tb)),
        _ => None,
    };
    match file {
        Some((key, path)) if !runs.contains(&path.to_string_lossy()) => {
            Err(ApiError::forbidden(format!(
                "new: agent `{spec}`: {key} `{}` is not a file inside a run directory given with --runs",
                path.display()
            )))
        }
        _ => Ok(()),
    }
}

/// A budget the page may ask for.
fn check_limit(cmd: &str, limit: SearchLimit) -> Result<(), ApiError> {
    if limit.millis.is_some_and(|ms| ms > MAX_PAGE_MILLIS) {
        return Err(ApiError::bad_request(format!(
            "{cmd}: \"millis\": expected at most {MAX_PAGE_MILLIS} from the page"
        )));
    }
    if limit.simulations.is_some_and(|n| n > MAX_PAGE_SIMULATIONS) {
        return Err(ApiError::bad_request(format!(
            "{cmd}: \"simulations\": expected at most {MAX_PAGE_SIMULATIONS} from the page"
        )));
    }
    Ok(())
}

/// Answers `req` on `web`, as the protocol does, and adds the board's `view` to an answer
/// holding a position. A panic inside the engine is answered as an internal error.
fn answer(web: &mut WebSession, req: Request, id: Value) -> Value {
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| web.protocol.handle(req)))
        .unwrap_or(Err(ProtocolError::Internal));
    let mut json = Reply::new(id, &result).json;
    if let (Some(live), Value::Object(fields)) = (web.protocol.game(), &mut json)
        && fields.contains_key("pits")
    {
        fields.insert("view".into(), view(live));
    }
    json
}

/// The board's layout and the legal moves of the live position located on it.
fn view(live: &LiveGame) -> Value {
    let game = live.game();
    let s = live.state();
    let holes = s.snapshot().pits.len();
    let moves: Vec<(String, u16)> = s
        .legal_mask()
        .iter()
        .map(|a| (s.action_to_string(a), a))
        .collect();
    let meanings: Vec<String> = with_game!(game, g => g.action_meanings())
        .into_iter()
        .map(|m| m.description)
        .collect();
    let layout = Layout::of(game.name(), holes);
    let moves = layout.moves(game.name(), &moves, &meanings);
    let last = live
        .before_last()
        .and_then(|(before, a)| layout.locate(&before.action_to_string(a)).0);
    json!({"layout": layout, "moves": moves, "last": last})
}

/// The query of `GET /api/record` and the run files.
#[derive(Debug, Deserialize)]
struct FileQuery {
    run: usize,
    path: String,
}

/// `GET /api/record?run=R&path=P`: the games of a record file, each with its variant,
/// rules, start and moves (`docs/arena.md`).
async fn record(
    State(state): State<Arc<AppState>>,
    query: Result<Query<FileQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = query.map_err(|r| {
        ApiError::bad_request(format!(
            "record: {}; expected ?run=N&path=FILE",
            r.body_text()
        ))
    })?;
    let bytes = state.runs.read(q.run, &q.path)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| ApiError::bad_request(format!("record `{}` is not UTF-8 text", q.path)))?;
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let game: Value = serde_json::from_str(line).map_err(|e| {
            ApiError::bad_request(format!(
                "record `{}` line {}: not a game record ({e})",
                q.path,
                n + 1
            ))
        })?;
        let fields = ["variant", "actions"];
        if let Some(missing) = fields.iter().find(|f| game.get(**f).is_none()) {
            return Err(ApiError::bad_request(format!(
                "record `{}` line {}: no \"{missing}\"; expected a game record of an arena's games.jsonl",
                q.path,
                n + 1
            )));
        }
        games.push(game);
    }
    Ok(Json(
        json!({"ok": true, "run": q.run, "path": q.path, "games": games}),
    ))
}

/// `GET /runs/R/PATH`: a file of a run directory.
async fn run_file(
    State(state): State<Arc<AppState>>,
    Path((run, path)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let run: usize = run.parse().map_err(|_| {
        ApiError::not_found(format!("/runs/{run}: expected a run directory's number"))
    })?;
    let bytes = state.runs.read(run, &path)?;
    let kind = match path.rsplit_once('.').map(|(_, e)| e) {
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        Some("csv") => "text/csv; charset=utf-8",
        Some("md" | "txt" | "jsonl" | "toml") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            // A run's file is shown, never run: no scripts of its own (an SVG opened alone).
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("sandbox"),
            ),
        ],
        bytes,
    )
        .into_response())
}
