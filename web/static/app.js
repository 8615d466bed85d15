// The page of `mankala serve`. It draws what the server answers (the engine protocol's
// position with the board's `view`) and sends the moves chosen; every rule is the server's.
"use strict";

const $ = (id) => document.getElementById(id);
const app = {
  session: null,   // the server's session id
  pos: null,       // the last answer holding a position
  newReq: null,    // the last `new` request, to open the game again if the session is lost
  variants: [],
  replay: null,    // {game, ply}: a saved game being stepped through
  openings: null,  // {lines}: an opening table being explored
  frame: null,     // {step, move, from, changes}: the last move being shown, before or after
  sowing: null,    // {trace, k, timer}: the last move's sowing being stepped through
};
window.mankala = app;

function busy(on) { document.body.dataset.busy = on ? "true" : "false"; }
function showError(text) { $("error").textContent = text || ""; }

async function api(path, options) {
  const r = await fetch(path, options);
  let body;
  try { body = await r.json(); } catch (e) { body = { ok: false, error: `${path}: HTTP ${r.status}` }; }
  body.httpStatus = r.status;
  return body;
}

async function openSession() {
  const j = await api("/api/sessions", { method: "POST" });
  if (!j.ok) throw new Error(j.error);
  app.session = j.session;
  // The server frees a game it has not heard of for `idle_seconds`: say that the page is
  // still open three times within it.
  if (!app.pinger) {
    const every = Math.min(60000, Math.max(1000, (j.idle_seconds * 1000) / 3));
    app.pinger = setInterval(() => {
      if (app.session) fetch(`/api/sessions/${app.session}/ping`, { method: "POST" }).catch(() => {});
    }, every);
  }
}

// One protocol request; a lost session (closed, idle too long) is opened again with the
// game as it was.
async function send(req, retry = true) {
  if (!app.session) await openSession();
  const j = await api(`/api/sessions/${app.session}`, { method: "POST", body: JSON.stringify(req) });
  if (j.httpStatus === 404 && retry) {
    await openSession();
    if (app.newReq && req.cmd !== "new") {
      await send(app.newReq, false);
      if (app.pos) await send({ cmd: "position", position: app.pos.start, moves: app.pos.moves }, false);
    }
    return send(req, false);
  }
  if (!j.ok) { showError(j.error); return null; }
  showError("");
  return j;
}

function side() { return $("side").value; }
function humanToMove() {
  const p = app.pos;
  return p && !p.terminal && !app.replay && !(app.frame && app.frame.step !== "after") &&
    (side() === "both" || p.to_move === side());
}

// ---- setup ---------------------------------------------------------------------------

function ruleInputs(variant) {
  const v = app.variants.find((x) => x.name === variant);
  const box = $("rules");
  box.textContent = "";
  if (!v) return;
  $("description").textContent = v.description;
  for (const [key, value] of Object.entries(v.rules)) {
    const label = document.createElement("label");
    label.append(`${key} `);
    const input = document.createElement("input");
    input.dataset.rule = key;
    if (typeof value === "boolean") { input.type = "checkbox"; input.checked = value; input.dataset.kind = "bool"; }
    else if (typeof value === "number") { input.type = "number"; input.value = value; input.size = 4; input.dataset.kind = "number"; }
    else { input.value = value; input.size = 12; input.dataset.kind = "text"; }
    input.id = `rule-${key}`;
    label.append(input);
    box.append(label);
  }
}

function rulesChosen() {
  const rules = {};
  for (const input of $("rules").querySelectorAll("input")) {
    const k = input.dataset.kind;
    rules[input.dataset.rule] = k === "bool" ? input.checked : k === "number" ? Number(input.value) : input.value;
  }
  return rules;
}

async function newGame(event) {
  if (event) event.preventDefault();
  leaveReplay();
  const req = { cmd: "new", variant: $("variant").value, rules: rulesChosen(), agent: $("agent").value.trim() || undefined, seed: Number($("seed").value) || 0 };
  busy(true);
  const j = await send(req);
  busy(false);
  if (!j) return;
  app.newReq = req;
  // Left empty, the opponent is the server's default: the zoo's network where it has one.
  $("agent").placeholder = `default: ${j.agent}`;
  $("analysis").textContent = "";
  render(j);
  await agentTurn();
}

// ---- drawing -------------------------------------------------------------------------

function holeElement(p, layout, i, movesAt) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "hole";
  const owner = layout.owners[i];
  if (owner === 1) b.classList.add("north");
  const label = layout.labels[i];
  const count = p.pits[i];
  b.dataset.hole = i;
  b.dataset.label = label;
  b.dataset.count = count;
  b.setAttribute("aria-label", `${label}: ${count}`);
  const l = document.createElement("span"); l.className = "label"; l.textContent = label; b.append(l);
  const c = document.createElement("span"); c.className = "count"; c.textContent = count; b.append(c);
  if (count > 0 && count <= 12) {
    const dots = document.createElement("span"); dots.className = "dots";
    for (let k = 0; k < count; k++) { const d = document.createElement("span"); d.className = "dot"; dots.append(d); }
    b.append(dots);
  }
  const house = layout.houses.find((h) => h.hole === i);
  let tag = null;
  if (house) {
    b.classList.add("house");
    const houses = (p.state && p.state.houses) || "";
    const ownerName = house.owner === 0 ? "south" : "north";
    if (String(houses).split(",").includes(ownerName)) b.classList.add("owned");
    tag = house.name;
  }
  if (layout.kichwa.includes(i)) { b.classList.add("kichwa"); tag = tag || "kichwa"; }
  if (p.owners && p.owners[i] >= 0) { b.classList.add("bull"); tag = `bull (${p.owners[i] === 0 ? "S" : "N"})`; }
  // Inside a move, the hole where a capture is on offer (the engine's `capture=`).
  const capture = p.in_move && p.state && p.state.capture ? String(p.state.capture).replace(/[<>]$/, "") : null;
  if (capture === label) { b.classList.add("capturing"); tag = tag ? `${tag}, capture` : "capture"; }
  if (tag) { const t = document.createElement("span"); t.className = "tag"; t.textContent = tag; b.append(t); }
  if (p.view.last === i) b.classList.add("last");
  markFrame(b, `pit${i}`, i);
  const here = movesAt.get(i);
  if (here && humanToMove()) {
    b.classList.add("legal");
    b.addEventListener("click", () => chooseAt(here));
  }
  return b;
}

function box(kind, label, count, extra, key) {
  const d = document.createElement("div");
  d.className = kind;
  if (extra) d.classList.add(extra);
  d.dataset.count = count;
  const l = document.createElement("span"); l.className = "label"; l.textContent = label;
  const c = document.createElement("span"); c.className = "count"; c.textContent = count;
  d.append(l, c);
  markFrame(d, key, null);
  return d;
}

// While the last move is shown: its hole marked before it, each place's change after it.
function markFrame(el, key, hole) {
  const f = app.frame;
  if (!f) return;
  if (f.step === "before" && hole !== null && f.from === hole) el.classList.add("from");
  if (f.step === "sowing" && key in f.changes) el.classList.add("stepped");
  const change = f.step === "after" || f.step === "sowing" ? f.changes[key] || 0 : 0;
  if (change) {
    el.dataset.change = change;
    const t = document.createElement("span");
    t.className = `change ${change > 0 ? "gain" : "loss"}`;
    t.textContent = change > 0 ? `+${change}` : `\u2212${-change}`;
    el.append(t);
  }
}

// Draws answer `j`; with `frame`, one step of the last move shown (`showLastMove`), where
// the position drawn before it is not the game's.
function render(j, frame = null) {
  if (!frame || frame.step !== "sowing") stopSowing();
  app.frame = frame;
  if (!frame || frame.step === "after") app.pos = j;
  const p = j, layout = p.view.layout;
  const movesAt = new Map();
  const decisions = [];
  for (const m of p.view.moves) {
    if (m.hole === null) decisions.push(m);
    else { if (!movesAt.has(m.hole)) movesAt.set(m.hole, []); movesAt.get(m.hole).push(m); }
  }
  const board = $("board");
  board.textContent = "";
  board.dataset.variant = p.variant;
  board.dataset.ply = p.ply;
  board.dataset.frame = frame ? frame.step : "";
  const rows = document.createElement("div");
  rows.className = "rows";
  layout.rows.forEach((row, r) => {
    const div = document.createElement("div");
    div.className = "row";
    if (layout.rows.length === 4 && r === 2) div.classList.add("gap");
    for (const i of row) div.append(holeElement(p, layout, i, movesAt));
    rows.append(div);
  });
  const mover = p.to_move === "south" ? 0 : p.to_move === "north" ? 1 : -1;
  if (layout.stores) {
    board.append(box("store", "North's store", p.stores[1], mover === 1 ? "to-move" : null, "store1"));
    board.append(rows);
    board.append(box("store", "South's store", p.stores[0], mover === 0 ? "to-move" : null, "store0"));
    board.lastChild.id = "store-south";
    board.firstChild.id = "store-north";
  } else {
    board.append(rows);
    const hands = document.createElement("div");
    hands.className = "hands";
    const n = box("hand", "North in hand", p.in_hand[1], mover === 1 ? "to-move" : null, "hand1"); n.id = "hand-north";
    const s = box("hand", "South in hand", p.in_hand[0], mover === 0 ? "to-move" : null, "hand0"); s.id = "hand-south";
    hands.append(n, s);
    board.append(hands);
  }
  // The decisions inside a move, and nothing left to choose at a hole.
  $("choice").hidden = true;
  const dec = $("decisions");
  dec.textContent = "";
  if (humanToMove()) {
    for (const m of decisions) {
      const line = document.createElement("div");
      line.className = "decision";
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = m.move;
      b.textContent = m.move;
      b.title = m.words;
      b.addEventListener("click", () => play(m.move));
      line.append(b, ` ${m.words}`);
      dec.append(line);
    }
  }
  if ($("sowing-hand")) $("sowing-hand").remove();
  if (frame && frame.step === "sowing") {
    // The seeds lifted and not yet sown, beside the board.
    const hand = document.createElement("div");
    hand.id = "sowing-hand";
    hand.dataset.count = frame.sowing;
    hand.textContent = `Being sown: ${frame.sowing}`;
    if (frame.changes.sowing) hand.classList.add("stepped");
    board.after(hand);
  }
  $("status").textContent = frame ? frameText(frame, p) : statusText(p);
  $("last-move").disabled = !app.pos.last_move;
  $("show-sowing").disabled = !app.pos.last_move;
  $("last-move").textContent = frame && frame.step === "before" ? "Show after" : "Last move";
  $("position-text").value = p.position;
  $("moves-list").textContent = p.moves && p.moves.length ? `moves: ${p.moves.join(" ")}` : "moves: none yet";
  showOpenings();
}

function frameText(frame, p) {
  if (frame.step !== "sowing") return `${frame.step === "before" ? "Before" : "After"} ${frame.move}: ${statusText(p)}`;
  const who = frame.mover === "south" ? "South" : "North";
  const what = frame.k === 0 ? "the board before it" : `step ${frame.k} of ${frame.n}, ${frame.label}`;
  return `Sowing of ${who}'s ${frame.move}: ${what}`;
}

function statusText(p) {
  const who = (s) => (s === "south" ? "South" : "North");
  if (p.terminal) {
    const o = p.outcome;
    const scores = `${o.scores[0]} - ${o.scores[1]}`;
    const r = o.result === "draw" ? "a draw" : o.result.startsWith("capped") ? `${o.result} (a draw)` : `${who(o.result)} wins`;
    return `Game over after ${p.ply} plies: ${r}, ${scores}`;
  }
  let you = "";
  if (app.replay) you = " (replay)";
  else if (side() === "both") you = "";
  else you = p.to_move === side() ? " (you)" : " (agent)";
  const inMove = p.in_move ? ", in the middle of a move" : "";
  const last = p.last_move ? `; last move ${p.last_move.move}` : "";
  return `Ply ${p.ply}: ${who(p.to_move)} to move${you}${inMove}${last}`;
}

// A hole with one move plays it; with more (a direction, a kichwa) the page asks.
function chooseAt(moves) {
  if (moves.length === 1) { play(moves[0].move); return; }
  const box = $("choice");
  box.textContent = "";
  box.append(`${moves[0].move.replace(/[<>]$/, "")}: choose `);
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.move = m.move;
    const dir = m.dir === ">" ? "clockwise" : m.dir === "<" ? "anticlockwise" : "";
    b.textContent = `${m.move} ${dir}`.trim();
    b.title = m.words;
    b.addEventListener("click", () => play(m.move));
    box.append(b);
    const w = document.createElement("small"); w.textContent = ` ${m.words} `; box.append(w);
  }
  const cancel = document.createElement("button");
  cancel.type = "button"; cancel.textContent = "cancel";
  cancel.addEventListener("click", () => { box.hidden = true; });
  box.append(cancel);
  box.hidden = false;
}

async function play(move) {
  busy(true);
  $("analysis").textContent = "";
  const j = await send({ cmd: "play", moves: [move] });
  busy(false);
  if (!j) return;
  render(j);
  await agentTurn();
}

// The agent moves while it is its turn (a decision inside its move included).
async function agentTurn() {
  while (app.pos && !app.pos.terminal && !app.replay && side() !== "both" && app.pos.to_move !== side()) {
    busy(true);
    const j = await send({ cmd: "go" });
    busy(false);
    if (!j) return;
    render(j);
    if (j.search) showAnalysis(j.search, `The agent played ${j.last_move.move}`);
  }
}

async function undo() {
  if (!app.pos || app.replay) return;
  busy(true);
  do {
    if (!app.pos.moves.length) break;
    const j = await send({ cmd: "undo", count: 1 });
    if (!j) break;
    render(j);
  } while (side() !== "both" && app.pos.to_move !== side());
  busy(false);
  await agentTurn();
}

// ---- the last move, before and after -------------------------------------------------

// On request: the board before the last move with its hole marked, then (asked again) the
// board after it with each hole's, store's and hand's change. Both boards are the server's:
// it takes the move back and plays it again. The engine plays a move as a whole, so the
// page shows what the move changed, not each seed's path.
async function showLastMove() {
  const p = app.pos;
  if (!p || !p.last_move) return;
  const f = app.frame;
  if (f && f.step === "before") { render(p, { ...f, step: "after" }); return; }
  busy(true);
  const before = await send({ cmd: "undo", count: 1 });
  const again = before && await send({ cmd: "play", moves: [p.last_move.action] });
  busy(false);
  if (!before || !again) return;
  if (again.position !== p.position) { showError(`the last move played again gave ${again.position}, not ${p.position}`); return; }
  const changes = {};
  p.pits.forEach((n, i) => { changes[`pit${i}`] = n - before.pits[i]; });
  const at0 = (a, k) => (a ? a[k] : 0);
  for (const k of [0, 1]) {
    changes[`store${k}`] = at0(p.stores, k) - at0(before.stores, k);
    changes[`hand${k}`] = at0(p.in_hand, k) - at0(before.in_hand, k);
  }
  const at = before.view.moves.find((m) => m.move === p.last_move.move);
  render(before, { step: "before", move: p.last_move.move, from: at ? at.hole : null, changes });
}

// ---- the last move's sowing, step by step --------------------------------------------

// On request: the server plays the last move again with every step recorded (each seed
// lifted, sown, captured or stored, with the whole board after it); the page draws the
// boards it sends, one at a time, marking what each step changed, then the position again.
async function showSowing() {
  const p = app.pos;
  if (!p || !p.last_move || !app.session) return;
  busy(true);
  let j = await api(`/api/sessions/${app.session}/sowing`);
  // A lost session (closed, idle too long) is opened again with the game as it was.
  if (j.httpStatus === 404 && await send({ cmd: "legal" })) j = await api(`/api/sessions/${app.session}/sowing`);
  busy(false);
  if (!j.ok) { showError(j.error); return; }
  showError(j.truncated ? `the move has more than ${j.steps.length} steps: only the first are shown` : "");
  app.sowing = { trace: j, k: 0, timer: null };
  $("sowing-controls").hidden = false;
  sowingStep(0);
}

// The board after step `k` (0: before the move).
function sowingBoard(k) {
  const t = app.sowing.trace;
  return k === 0 ? t.before : t.steps[k - 1].board;
}

function sowingStep(k) {
  const s = app.sowing;
  if (!s) return;
  const n = s.trace.steps.length;
  k = Math.max(0, Math.min(k, n));
  s.k = k;
  const b = sowingBoard(k);
  const changes = {};
  if (k > 0) {
    const prev = sowingBoard(k - 1);
    for (const h of s.trace.steps[k - 1].changed) changes[`pit${h}`] = b.pits[h] - prev.pits[h];
    for (const i of [0, 1]) {
      if (b.stores[i] !== prev.stores[i]) changes[`store${i}`] = b.stores[i] - prev.stores[i];
      if (b.in_hand[i] !== prev.in_hand[i]) changes[`hand${i}`] = b.in_hand[i] - prev.in_hand[i];
    }
    if (b.sowing !== prev.sowing) changes.sowing = b.sowing - prev.sowing;
    // A bull changes a hole's owner, not its count: mark the hole all the same.
    for (const h of s.trace.steps[k - 1].changed) if (!changes[`pit${h}`]) changes[`pit${h}`] = 0;
  }
  const shown = { ...app.pos, to_move: s.trace.mover, pits: b.pits, stores: b.stores, in_hand: b.in_hand, owners: b.owners, in_move: false, view: { ...app.pos.view, last: null } };
  render(shown, { step: "sowing", move: s.trace.move, mover: s.trace.mover, k, n, label: k ? s.trace.steps[k - 1].label : "before", sowing: b.sowing, changes });
  const steps = s.trace.steps;
  $("board").dataset.sowStep = k;
  $("sow-step").textContent = k ? `step ${k} of ${n}: ${steps[k - 1].label}` : `before ${s.trace.move} (${n} steps)`;
  $("sow-back").disabled = k === 0;
  $("sow-start").disabled = k === 0;
  $("sow-fwd").disabled = k === n;
}

// Steps on by themselves, one every 700 ms, to the end of the move.
function playSowing() {
  const s = app.sowing;
  if (!s) return;
  if (s.timer) { clearInterval(s.timer); s.timer = null; $("sow-play").textContent = "Play"; return; }
  if (s.k === s.trace.steps.length) sowingStep(0);
  $("sow-play").textContent = "Pause";
  s.timer = setInterval(() => {
    const t = app.sowing;
    if (!t) return;
    sowingStep(t.k + 1);
    if (t.k >= t.trace.steps.length) { clearInterval(t.timer); t.timer = null; $("sow-play").textContent = "Play"; }
  }, 700);
}

// Leaves the sowing view (without drawing: the caller draws).
function stopSowing() {
  const s = app.sowing;
  if (s && s.timer) clearInterval(s.timer);
  app.sowing = null;
  $("sowing-controls").hidden = true;
  $("sow-play").textContent = "Play";
}

// ---- the agent's view ----------------------------------------------------------------

function showAnalysis(s, title) {
  const a = $("analysis");
  a.textContent = "";
  const h = document.createElement("p");
  const value = s.value === null || s.value === undefined ? "no value (this agent does not evaluate)" : `value ${s.value >= 0 ? "+" : ""}${s.value.toFixed(3)} for ${s.to_move}`;
  h.textContent = `${title}: best ${s.best.move}, ${value}, ${s.simulations} simulations, ${s.elapsed_ms} ms`;
  a.append(h);
  const t = document.createElement("table");
  t.innerHTML = "<tr><th>move</th><th>share</th><th>visits</th></tr>";
  for (const e of s.policy) {
    const tr = document.createElement("tr");
    tr.dataset.move = e.move;
    const visits = s.simulations ? Math.round(e.p * s.simulations) : "-";
    for (const text of [e.move, `${(100 * e.p).toFixed(1)}%`, visits]) {
      const td = document.createElement("td"); td.textContent = text; tr.append(td);
    }
    t.append(tr);
  }
  a.append(t);
  for (const el of document.querySelectorAll(".hole.best")) el.classList.remove("best");
  const best = app.pos.view.moves.find((m) => m.move === s.best.move);
  if (best && best.hole !== null) {
    const el = document.querySelector(`.hole[data-hole="${best.hole}"]`);
    if (el) el.classList.add("best");
  }
}

async function analyse() {
  if (!app.pos || app.pos.terminal) return;
  busy(true);
  const j = await send({ cmd: "search" });
  busy(false);
  if (j) showAnalysis(j, "The agent's view");
}

// The line the agent expects: its best move, then its best reply, ..., each searched on the
// server; the moves are taken back afterwards.
async function expectedLine(depth = 4) {
  if (!app.pos || app.pos.terminal) return;
  busy(true);
  const line = [];
  let played = 0;
  try {
    for (let k = 0; k < depth; k++) {
      const s = await send({ cmd: "search" });
      if (!s) break;
      line.push(`${s.best.move}${s.value === null ? "" : ` (${s.value >= 0 ? "+" : ""}${s.value.toFixed(2)})`}`);
      const j = await send({ cmd: "play", moves: [s.best.action] });
      if (!j) break;
      played++;
      if (j.terminal) break;
    }
  } finally {
    const back = played ? await send({ cmd: "undo", count: played }) : null;
    if (back) render(back);
    busy(false);
  }
  const p = document.createElement("p");
  p.id = "line";
  p.textContent = `Expected line: ${line.join(" ")}`;
  $("analysis").append(p);
}

// ---- replay, openings, reports -------------------------------------------------------

async function loadFiles() {
  const j = await api("/api/files");
  if (!j.ok) return;
  const agents = $("agents");
  for (const a of j.agents) { const o = document.createElement("option"); o.value = a; agents.append(o); }
  const fill = (select, found, empty) => {
    select.textContent = "";
    if (!found.length) { const o = document.createElement("option"); o.textContent = empty; o.value = ""; select.append(o); return; }
    for (const f of found) { const o = document.createElement("option"); o.value = `${f.run}:${f.path}`; o.textContent = f.full; select.append(o); }
  };
  const none = j.files.runs.length ? "none found" : "none (start with --runs DIR)";
  fill($("record-file"), j.files.records, none);
  fill($("openings-file"), j.files.openings, none);
  fill($("report-file"), j.files.reports, none);
  if (j.files.records.length) await loadRecord();
}

function splitFile(value) {
  const i = value.indexOf(":");
  return { run: value.slice(0, i), path: value.slice(i + 1) };
}

async function loadRecord() {
  const v = $("record-file").value;
  if (!v) return;
  const { run, path } = splitFile(v);
  const j = await api(`/api/record?run=${run}&path=${encodeURIComponent(path)}`);
  const select = $("record-game");
  select.textContent = "";
  if (!j.ok) { showError(j.error); return; }
  app.records = j.games;
  j.games.forEach((g, k) => {
    const o = document.createElement("option");
    o.value = k;
    o.textContent = `game ${g.index}: ${g.south} - ${g.north}, ${g.result}, ${g.actions.length} moves`;
    select.append(o);
  });
}

async function replayGame() {
  const g = app.records && app.records[Number($("record-game").value)];
  if (!g) return;
  const req = { cmd: "new", variant: g.variant, rules: g.rules || {}, limits: g.limits || {}, agent: "random" };
  busy(true);
  const j = await send(req);
  busy(false);
  if (!j) return;
  app.newReq = req;
  app.replay = { game: g, ply: 0 };
  $("replay-controls").hidden = false;
  $("analysis").textContent = "";
  await stepTo(0);
}

async function stepTo(ply) {
  const r = app.replay;
  if (!r) return;
  ply = Math.max(0, Math.min(ply, r.game.actions.length));
  const req = { cmd: "position", moves: r.game.actions.slice(0, ply) };
  if (r.game.start) req.position = r.game.start;
  busy(true);
  const j = await send(req);
  busy(false);
  if (!j) return;
  r.ply = ply;
  render(j);
  const move = ply ? ` (${r.game.moves ? r.game.moves[ply - 1] : j.last_move.move})` : "";
  $("step-ply").textContent = `move ${ply} of ${r.game.actions.length}${move}`;
}

function leaveReplay() {
  app.replay = null;
  $("replay-controls").hidden = true;
  $("step-ply").textContent = "";
}

async function loadOpenings() {
  const v = $("openings-file").value;
  if (!v) return;
  const { run, path } = splitFile(v);
  busy(true);
  const r = await fetch(`/runs/${run}/${path}`);
  if (!r.ok) { showError((await r.json()).error); busy(false); return; }
  let table;
  try { table = await r.json(); } catch (e) { showError(`${path}: not JSON (${e})`); busy(false); return; }
  if (!table.variant || !Array.isArray(table.lines)) { showError(`${path}: expected an openings.json of mankala openings`); busy(false); return; }
  $("variant").value = table.variant;
  ruleInputs(table.variant);
  for (const [k, val] of Object.entries(table.rules || {})) {
    const input = document.getElementById(`rule-${k}`);
    if (!input) continue;
    if (input.type === "checkbox") input.checked = val; else input.value = val;
  }
  $("side").value = "both";
  app.openings = table;
  await newGame();
}

// The lines of the opening table that go on from the moves played so far, one move further.
function showOpenings() {
  const box = $("openings-table");
  box.textContent = "";
  const t = app.openings;
  if (!t || !app.pos || app.pos.variant !== t.variant) return;
  const played = app.pos.moves || [];
  const next = t.lines.filter((l) => l.moves.length === played.length + 1 && played.every((m, k) => l.moves[k] === m));
  const p = document.createElement("p");
  p.textContent = `${t.games} games; after ${played.length ? played.join(" ") : "the start"}: ${next.length} line${next.length === 1 ? "" : "s"}`;
  box.append(p);
  if (!next.length) return;
  const table = document.createElement("table");
  table.innerHTML = "<tr><th>move</th><th>games</th><th>share</th><th>score</th><th>95%</th></tr>";
  for (const l of next) {
    const tr = document.createElement("tr");
    tr.className = "line";
    const move = l.moves[l.moves.length - 1];
    for (const text of [move, l.games, `${(100 * l.share).toFixed(1)}%`, `${(100 * l.score).toFixed(1)}%`, `${(100 * l.score_low).toFixed(0)}-${(100 * l.score_high).toFixed(0)}%`]) {
      const td = document.createElement("td"); td.textContent = text; tr.append(td);
    }
    tr.addEventListener("click", () => play(move));
    table.append(tr);
  }
  box.append(table);
}

async function loadReport() {
  const v = $("report-file").value;
  if (!v) return;
  const { run, path } = splitFile(v);
  const r = await fetch(`/runs/${run}/${path}`);
  const view = $("report-view");
  view.textContent = "";
  if (!r.ok) { showError((await r.json()).error); return; }
  const text = await r.text();
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
  for (const m of text.matchAll(/!\[[^\]]*\]\(([^)\s]+\.svg)\)/g)) {
    const img = document.createElement("img");
    img.src = `/runs/${run}/${dir}${m[1]}`;
    img.alt = m[1];
    view.append(img);
  }
  const pre = document.createElement("pre");
  pre.textContent = text;
  view.append(pre);
  view.hidden = false;
}

// ---- start ---------------------------------------------------------------------------

async function start() {
  const j = await api("/api/variants");
  app.variants = j.variants;
  for (const v of j.variants) {
    const o = document.createElement("option");
    o.value = v.name; o.textContent = v.name;
    $("variant").append(o);
  }
  const params = new URLSearchParams(location.search);
  const wanted = params.get("variant");
  if (params.get("agent") !== null) $("agent").value = params.get("agent");
  $("variant").value = app.variants.some((v) => v.name === wanted) ? wanted : "kalah";
  ruleInputs($("variant").value);
  $("variant").addEventListener("change", () => ruleInputs($("variant").value));
  $("setup").addEventListener("submit", newGame);
  $("undo").addEventListener("click", undo);
  $("analyse").addEventListener("click", analyse);
  $("last-move").addEventListener("click", showLastMove);
  $("show-sowing").addEventListener("click", showSowing);
  $("sow-start").addEventListener("click", () => sowingStep(0));
  $("sow-back").addEventListener("click", () => sowingStep(app.sowing.k - 1));
  $("sow-fwd").addEventListener("click", () => sowingStep(app.sowing.k + 1));
  $("sow-play").addEventListener("click", playSowing);
  $("sow-done").addEventListener("click", () => { if (app.pos) render(app.pos); });
  $("hint-line").addEventListener("click", () => expectedLine());
  $("set-position").addEventListener("click", async () => {
    leaveReplay();
    busy(true);
    const j = await send({ cmd: "position", position: $("position-text").value.trim() });
    busy(false);
    if (j) { render(j); await agentTurn(); }
  });
  $("record-file").addEventListener("change", loadRecord);
  $("load-game").addEventListener("click", replayGame);
  $("step-start").addEventListener("click", () => stepTo(0));
  $("step-back").addEventListener("click", () => stepTo(app.replay.ply - 1));
  $("step-fwd").addEventListener("click", () => stepTo(app.replay.ply + 1));
  $("step-end").addEventListener("click", () => stepTo(Infinity));
  $("leave-replay").addEventListener("click", () => { $("side").value = "both"; leaveReplay(); render(app.pos); });
  $("load-openings").addEventListener("click", loadOpenings);
  $("load-report").addEventListener("click", loadReport);
  $("side").addEventListener("change", async () => { if (app.pos) { render(app.pos); await agentTurn(); } });
  // A closed tab frees its game on the server.
  window.addEventListener("pagehide", () => {
    if (app.session) navigator.sendBeacon(`/api/sessions/${app.session}/close`);
  });
  await loadFiles();
  await newGame();
  document.body.dataset.ready = "true";
}

start().catch((e) => showError(String(e)));
