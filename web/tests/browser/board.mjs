// The board of `mankala serve` in a real Chromium, driven by playwright-core.
// Run by web/tests/browser.rs: `node board.mjs CASES.json`, where CASES.json holds the
// server's URL, the output folder for screenshots and the positions the engine expects.
import { readFileSync, mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
mkdirSync(cases.out, { recursive: true });

let checks = 0;
function expect(what, actual, expected) {
  checks++;
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}`);
  }
}

const browser = await chromium.launch({
  executablePath: cases.chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
page.on("pageerror", (e) => { console.error(`page error: ${e}`); process.exitCode = 1; });

async function idle() {
  await page.waitForFunction(() => document.body.dataset.ready === "true" && document.body.dataset.busy === "false");
}
async function open(variant, side = "south") {
  await page.goto(`${cases.url}/?variant=${variant}&agent=random`);
  await idle();
  if (side !== "south") {
    await page.selectOption("#side", side);
    await idle();
    await page.click("#new");
    await idle();
  }
}
const position = () => page.inputValue("#position-text");
const status = () => page.textContent("#status");
const errorText = () => page.textContent("#error");

// Every variant's start position: the holes, their counts, the stores or hands.
for (const v of cases.variants) {
  await open(v.name);
  expect(`${v.name}: error`, await errorText(), "");
  expect(`${v.name}: variant drawn`, await page.getAttribute("#board", "data-variant"), v.name);
  expect(`${v.name}: holes`, await page.locator(".hole").count(), v.pits.length);
  const counts = await page.$$eval(".hole", (els) => els.map((e) => [Number(e.dataset.hole), Number(e.querySelector(".count").textContent), e.dataset.label]));
  const shown = [];
  for (const [i, n] of counts) shown[i] = n;
  expect(`${v.name}: counts`, shown, v.pits);
  const labels = [];
  for (const [i, , l] of counts) labels[i] = l;
  expect(`${v.name}: labels of the first and last hole`, [labels[0], labels[labels.length - 1]], v.ends);
  if (v.stores) {
    expect(`${v.name}: stores`, [Number(await page.textContent("#store-south .count")), Number(await page.textContent("#store-north .count"))], v.stores);
  } else {
    expect(`${v.name}: hands`, [Number(await page.textContent("#hand-south .count")), Number(await page.textContent("#hand-north .count"))], v.in_hand);
  }
  expect(`${v.name}: legal holes`, (await page.locator(".hole.legal").count()) > 0, true);
  expect(`${v.name}: houses`, await page.locator(".hole.house").count(), v.houses);
  expect(`${v.name}: status`, (await status()).startsWith("Ply 0: South to move"), true);
  await page.screenshot({ path: `${cases.out}/${v.name}.png` });
}

// Plays `move` (in notation) by clicks: its decision's button, or its hole and, where the
// page asks, its direction.
async function clickMove(move) {
  const decision = page.locator(`#decisions button[data-move="${move}"]`);
  if (await decision.count()) {
    await decision.click();
  } else {
    const hole = move.replace(/[<>]$/, "");
    await page.click(`.hole.legal[data-label="${hole}"]`);
    if (await page.isVisible("#choice")) await page.click(`#choice button[data-move="${move}"]`);
  }
  await idle();
}

// The counts the page shows, and the changes of the last move shown: holes, stores, hands.
const changesShown = () => page.$$eval(".hole, .store, .hand", (els) => els.map((e) => Number(e.dataset.change || 0)));
const countsShown = () => page.$$eval(".hole, .store, .hand", (els) => els.map((e) => Number(e.dataset.count)));
// The seeds the page shows: in the holes, the stores and the hands.
const seedsShown = () => page.evaluate(() => [...document.querySelectorAll(".hole, .store, .hand")]
  .reduce((sum, e) => sum + Number(e.dataset.count), 0));

// Every variant playable by clicks, both sides' holes: each click on a highlighted hole (a
// direction chosen where the page asks for one) or on a decision's button plays one move,
// and every seed stays on the board.
for (const v of cases.variants) {
  await open(v.name, "both");
  expect(`${v.name}: seeds at the start`, await seedsShown(), v.seeds);
  const clicked = new Set();
  for (let k = 0; k < 8 && !(await status()).startsWith("Game over"); k++) {
    const ply = Number(await page.getAttribute("#board", "data-ply"));
    const decisions = page.locator("#decisions button");
    const d = await decisions.count();
    if (d > 0) {
      await decisions.nth(k % d).click();
      clicked.add("decision");
    } else {
      const legal = page.locator(".hole.legal");
      const n = await legal.count();
      if (n === 0) throw new Error(`${v.name}: no hole to click at ${await status()} ${await errorText()}`);
      const hole = legal.nth((k * 5) % n);
      clicked.add(await hole.evaluate((e) => (e.classList.contains("north") ? "north" : "south")));
      await hole.click();
      if (await page.isVisible("#choice")) {
        const choices = page.locator("#choice button[data-move]");
        await choices.nth(k % (await choices.count())).click();
        clicked.add("direction");
      }
    }
    await idle();
    expect(`${v.name}: click ${k + 1} without error`, await errorText(), "");
    expect(`${v.name}: click ${k + 1} played one move`, Number(await page.getAttribute("#board", "data-ply")), ply + 1);
    expect(`${v.name}: seeds after click ${k + 1}`, await seedsShown(), v.seeds);
  }
  expect(`${v.name}: holes of both sides clicked`, clicked.has("south") && clicked.has("north"), true);
  console.log(`${v.name}: ${await status()} (clicked: ${[...clicked].join(", ")})`);
}

// A whole game of Kalah by clicks against `random`, with the agent's view and an undo.
{
  await open("kalah");
  await page.fill("#agent", "mcts:sims=200");
  await page.click("#new");
  await idle();
  await page.click("#analyse");
  await idle();
  expect("kalah: the agent's view lists every legal move", await page.locator("#analysis tr[data-move]").count(), 6);
  expect("kalah: the agent's view gives its search", (await page.textContent("#analysis p")).includes("200 simulations"), true);
  expect("kalah: the best move is outlined", await page.locator(".hole.best").count(), 1);
  await page.click("#hint-line");
  await idle();
  expect("kalah: the expected line", /^Expected line: \S+/.test(await page.textContent("#line")), true);
  expect("kalah: the line is taken back", await page.getAttribute("#board", "data-ply"), "0");
  await page.screenshot({ path: `${cases.out}/kalah-agent-view.png` });
  // North: the agent opens as South, then it is your turn.
  await page.fill("#agent", "random");
  await page.selectOption("#side", "north");
  await idle();
  await page.click("#new");
  await idle();
  expect("kalah as North: the agent has opened", Number(await page.getAttribute("#board", "data-ply")) > 0, true);
  expect("kalah as North: your turn", (await status()).includes("North to move (you)"), true);
  expect("kalah as North: North's holes to click", (await page.locator(".hole.legal.north").count()) > 0, true);
  await page.selectOption("#side", "south");
  await idle();
  await page.click("#new");
  await idle();
  await page.locator(".hole.legal").nth(0).click();
  await idle();
  const ply = Number(await page.getAttribute("#board", "data-ply"));
  await page.click("#undo");
  await idle();
  const back = Number(await page.getAttribute("#board", "data-ply"));
  expect("kalah: undo takes the own move back", back < ply && (await status()).includes("South to move (you)"), true);
  let clicks = 0;
  while (!(await status()).startsWith("Game over")) {
    const legal = page.locator(".hole.legal");
    const n = await legal.count();
    if (n === 0) throw new Error(`kalah: no legal hole to click at: ${await status()} ${await errorText()}`);
    await legal.nth((clicks * 7) % n).click();
    await idle();
    if (++clicks > 400) throw new Error("kalah: no end after 400 clicks");
  }
  const pits = await page.$$eval(".hole", (els) => els.map((e) => Number(e.dataset.count)));
  const stores = [Number(await page.textContent("#store-south .count")), Number(await page.textContent("#store-north .count"))];
  expect("kalah: seeds at the end", pits.reduce((a, b) => a + b, 0) + stores[0] + stores[1], 48);
  expect("kalah: no legal hole after the end", await page.locator(".hole.legal").count(), 0);
  console.log(`kalah: ${clicks} clicks, ${await status()}`);
  await page.screenshot({ path: `${cases.out}/kalah-end.png` });
}

// The last move's sowing as the server traced it, and what the page draws at step `k`:
// every hole's count, the holes marked as changed, the stores or hands, the seeds being sown.
const sowingTrace = () => page.evaluate(async () => (await fetch(`/api/sessions/${window.mankala.session}/sowing`)).json());
const holesShown = () => page.$$eval(".hole", (els) => {
  const v = [];
  for (const e of els) v[Number(e.dataset.hole)] = Number(e.dataset.count);
  return v;
});
async function checkSowingStep(what, trace, k) {
  const step = trace.steps[k - 1];
  const byNumber = (a, b) => a - b;
  expect(`${what}: step ${k} drawn`, await page.getAttribute("#board", "data-sow-step"), String(k));
  expect(`${what}: step ${k}'s holes`, await holesShown(), step.board.pits);
  expect(`${what}: step ${k}'s changed holes marked`,
    (await page.$$eval(".hole.stepped", (els) => els.map((e) => Number(e.dataset.hole)))).sort(byNumber),
    [...step.changed].sort(byNumber));
  expect(`${what}: step ${k}, one count of the seeds being sown`, await page.locator("#sowing-hand").count(), 1);
  expect(`${what}: step ${k}'s seeds being sown`, Number(await page.getAttribute("#sowing-hand", "data-count")), step.board.sowing);
  expect(`${what}: step ${k}'s label`, (await page.textContent("#sow-step")).endsWith(`: ${step.label}`), true);
  if (await page.locator("#store-south").count()) {
    expect(`${what}: step ${k}'s stores`, [Number(await page.getAttribute("#store-south", "data-count")), Number(await page.getAttribute("#store-north", "data-count"))], step.board.stores);
  } else {
    expect(`${what}: step ${k}'s hands`, [Number(await page.getAttribute("#hand-south", "data-count")), Number(await page.getAttribute("#hand-north", "data-count"))], step.board.in_hand);
  }
  expect(`${what}: step ${k}, no hole to click`, await page.locator(".hole.legal").count(), 0);
}

// Bao: namua moves with their direction, captures with the kichwa chosen, and the decision
// at the nyumba.
{
  await open("bao", "both");
  expect("bao: nyumba marked", await page.locator(".hole.house .tag").first().textContent(), "nyumba");
  let kichwaAsked = 0;
  for (const [k, move] of cases.bao.moves.entries()) {
    const hole = move.replace(/[<>]$/, "");
    if (hole !== move) {
      await page.click(`.hole[data-label="${hole}"]`);
      await idle();
      // A hole with both directions legal asks which; with one, the click plays it.
      if (await page.isVisible("#choice")) {
        const kichwa = cases.bao.kichwa[k];
        if (kichwa) {
          const words = await page.getAttribute(`#choice button[data-move="${move}"]`, "title");
          expect(`bao: ${move} names its kichwa`, words.endsWith(`kichwa ${kichwa}`), true);
          kichwaAsked++;
        }
        await page.click(`#choice button[data-move="${move}"]`);
      } else {
        expect(`bao: ${hole} had one legal move`, cases.bao.single.includes(move), true);
      }
    } else {
      await page.click(`#decisions button[data-move="${move}"]`);
    }
    await idle();
    expect(`bao: after ${move}`, await position(), cases.bao.positions[k]);
    // The decision at the nyumba on offer: the picture of docs/web-board.png.
    if (move === "a7<") {
      const b = await page.locator("#play").boundingBox();
      const clip = { x: b.x - 12, y: b.y - 12, width: b.width + 24, height: b.height + 24 };
      await page.screenshot({ path: `${cases.out}/bao-decision.png`, clip });
      // Its sowing, lap by lap up to the decision: two captures sown from their kichwa and
      // a relay; the holes and hands drawn at the steps checked are the trace's.
      await page.click("#show-sowing");
      await idle();
      const trace = await sowingTrace();
      const laps = trace.steps.filter((s) => ["capture", "kichwa", "relay"].includes(s.label)).map((s) => s.label);
      expect("bao sowing: the move", trace.move, "a7<");
      expect("bao sowing: its laps", laps, ["capture", "kichwa", "capture", "kichwa", "relay"]);
      const middle = Math.ceil(trace.steps.length / 2);
      for (let k = 1; k <= trace.steps.length; k++) {
        await page.click("#sow-fwd");
        await checkSowingStep("bao sowing", trace, k);
        if (k === middle) await page.screenshot({ path: `${cases.out}/bao-sowing-middle.png` });
      }
      await page.click("#sow-done");
      await idle();
      expect("bao sowing: done, the position again", await position(), cases.bao.positions[k]);
      expect("bao sowing: done, the decision offered again", await page.locator("#decisions button").count(), 2);
    }
  }
  expect("bao: a capture's kichwa was chosen", kichwaAsked > 0, true);
  // `safari` shown: from the nyumba's decision to the seeds sown on, none lost.
  await page.click("#last-move");
  await idle();
  expect("bao: before safari", await position(), cases.bao.positions[3]);
  await page.click("#last-move");
  await idle();
  expect("bao: after safari", await position(), cases.bao.positions[4]);
  const changes = await changesShown();
  expect("bao: safari changed holes", changes.some((c) => c !== 0), true);
  expect("bao: safari's changes sum to nothing", changes.reduce((a, b) => a + b, 0), 0);
  await page.screenshot({ path: `${cases.out}/bao-safari-changes.png` });
  await page.screenshot({ path: `${cases.out}/bao-after-safari.png` });
}

// The last move shown on request: the board before it with its hole marked, then the board
// after it with each place's change; the game itself is left as it was.
{
  await open("kalah", "both");
  expect("last move: none at the start", await page.isDisabled("#last-move"), true);
  const start = await countsShown();
  await page.click('.hole[data-label="C"]');
  await idle();
  const after = await position();
  const end = await countsShown();
  await page.click("#last-move");
  await idle();
  expect("last move: the board before it", await page.getAttribute("#board", "data-frame"), "before");
  expect("last move: the counts before it", await countsShown(), start);
  expect("last move: its hole marked", await page.$$eval(".hole.from", (els) => els.map((e) => e.dataset.label)), ["C"]);
  expect("last move: no hole to click before it", await page.locator(".hole.legal").count(), 0);
  expect("last move: named", (await status()).startsWith("Before C: Ply 0"), true);
  await page.screenshot({ path: `${cases.out}/kalah-before-move.png` });
  await page.click("#last-move");
  await idle();
  expect("last move: the board after it", await page.getAttribute("#board", "data-frame"), "after");
  expect("last move: each change", await changesShown(), end.map((n, k) => n - start[k]));
  expect("last move: C's change", await page.getAttribute('.hole[data-label="C"]', "data-change"), "-4");
  expect("last move: the game as it was", await position(), after);
  await page.screenshot({ path: `${cases.out}/kalah-after-move.png` });
  expect("last move: holes to click after it", (await page.locator(".hole.legal").count()) > 0, true);
}

// The last move's sowing on request: each step's board as the server traced it, stepped
// forward, back and by the play button; Done returns to the game as it was.
{
  await open("oware", "both");
  expect("sowing: nothing to show at the start", await page.isDisabled("#show-sowing"), true);
  await page.click('.hole[data-label="C"]');
  await idle();
  const after = await position();
  const afterCounts = await countsShown();
  await page.click("#show-sowing");
  await idle();
  const trace = await sowingTrace();
  expect("sowing: the move", [trace.move, trace.mover], ["C", "south"]);
  expect("sowing: the steps", trace.steps.map((s) => s.label), ["lift", "sow", "sow", "sow", "sow"]);
  expect("sowing: drawn", await page.getAttribute("#board", "data-frame"), "sowing");
  expect("sowing: the board before the move", await holesShown(), trace.before.pits);
  expect("sowing: named", (await status()).startsWith("Sowing of South's C: the board before it"), true);
  expect("sowing: no hole to click", await page.locator(".hole.legal").count(), 0);
  for (let k = 1; k <= trace.steps.length; k++) {
    await page.click("#sow-fwd");
    await checkSowingStep("sowing", trace, k);
    if (k === 3) await page.screenshot({ path: `${cases.out}/oware-sowing-step.png` });
  }
  expect("sowing: the last step is the position", await countsShown(), afterCounts);
  expect("sowing: no step past the last", await page.isDisabled("#sow-fwd"), true);
  await page.click("#sow-back");
  await checkSowingStep("sowing, one back", trace, trace.steps.length - 1);
  await page.click("#sow-play");
  await page.waitForFunction((n) => document.querySelector("#board").dataset.sowStep === String(n), trace.steps.length);
  expect("sowing: played to the end", await page.textContent("#sow-play"), "Play");
  await page.click("#sow-done");
  await idle();
  expect("sowing: done", await page.getAttribute("#board", "data-frame"), "");
  expect("sowing: done, no seeds being sown drawn", await page.locator("#sowing-hand").count(), 0);
  expect("sowing: the controls hidden", await page.isVisible("#sowing-controls"), false);
  expect("sowing: the game as it was", await position(), after);
  expect("sowing: holes to click again", (await page.locator(".hole.legal").count()) > 0, true);
  // A lost session (closed, or idle too long) is opened again with the game as it was.
  await page.evaluate(async () => fetch(`/api/sessions/${window.mankala.session}`, { method: "DELETE" }));
  await page.click("#show-sowing");
  await idle();
  expect("sowing after a lost session: drawn", [await page.getAttribute("#board", "data-frame"), await errorText()], ["sowing", ""]);
  expect("sowing after a lost session: the same move", (await sowingTrace()).steps, trace.steps);
  await page.click("#sow-done");
  await idle();
  expect("sowing after a lost session: the game as it was", await position(), after);
}

// Omweso: a game of random moves played by clicks up to a capture on offer, then the
// decision to take it, offered as a button.
{
  await open("omweso", "both");
  for (const [k, move] of cases.omweso.moves.entries()) {
    await clickMove(move);
    expect(`omweso: after ${move} (move ${k + 1})`, await position(), cases.omweso.positions[k]);
  }
  expect("omweso: the capture on offer", await position(), cases.omweso.position);
  console.log(`omweso: ${cases.omweso.moves.length} moves by clicks to a capture on offer`);
  expect("omweso: in the middle of a move", (await status()).includes("to move, in the middle of a move"), true);
  expect("omweso: take and relay offered", await page.$$eval("#decisions button", (bs) => bs.map((b) => b.dataset.move).sort()), cases.omweso.decisions);
  expect("omweso: the capturing hole marked", await page.$$eval(".hole.capturing", (els) => els.map((e) => e.dataset.label)), [cases.omweso.capture]);
  await page.screenshot({ path: `${cases.out}/omweso-take.png` });
  await page.click('#decisions button[data-move="take"]');
  await idle();
  expect("omweso: after take", await position(), cases.omweso.after);
  const next = cases.omweso.after_capture ? [cases.omweso.after_capture.replace(/[<>]$/, "")] : [];
  expect("omweso: the capture on offer after take, if any", await page.$$eval(".hole.capturing", (els) => els.map((e) => e.dataset.label)), next);
}

// A saved game replayed step by step.
{
  await open("kalah", "both");
  await page.selectOption("#record-file", cases.record.file);
  await page.waitForFunction(() => document.querySelectorAll("#record-game option").length > 0);
  await page.click("#load-game");
  await idle();
  const positions = cases.record.positions;
  expect("replay: the start", await position(), positions[0]);
  for (let k = 1; k < Math.min(positions.length, 8); k++) {
    await page.click("#step-fwd");
    await idle();
    expect(`replay: move ${k}`, await position(), positions[k]);
    expect(`replay: move ${k} shown`, (await page.textContent("#step-ply")).startsWith(`move ${k} of ${positions.length - 1}`), true);
  }
  await page.click("#step-end");
  await idle();
  expect("replay: the end", await position(), positions[positions.length - 1]);
  expect("replay: the result", (await status()).startsWith("Game over"), true);
  await page.click("#step-back");
  await idle();
  expect("replay: one move back", await position(), positions[positions.length - 2]);
  expect("replay: no hole to click", await page.locator(".hole.legal").count(), 0);
}

// The opening explorer: the lines going on from the moves played, a click plays one.
{
  await open("oware");
  await page.selectOption("#openings-file", cases.files.openings);
  await page.click("#load-openings");
  await idle();
  expect("openings: the table's variant", await page.getAttribute("#board", "data-variant"), "kalah");
  const firsts = await page.$$eval("#openings-table tr.line td:first-child", (tds) => tds.map((td) => td.textContent));
  expect("openings: first moves", firsts, ["C", "D"]);
  await page.click("#openings-table tr.line >> nth=0");
  await idle();
  expect("openings: the move played", await page.textContent("#moves-list"), "moves: C");
  const seconds = await page.$$eval("#openings-table tr.line td:first-child", (tds) => tds.map((td) => td.textContent));
  expect("openings: the replies after C", seconds, ["F"]);
  await page.screenshot({ path: `${cases.out}/openings.png` });
}

// A run's report with its plot.
{
  await page.selectOption("#report-file", cases.files.report);
  await page.click("#load-report");
  await page.waitForSelector("#report-view img");
  expect("report: its text", (await page.textContent("#report-view pre")).startsWith("# Run report"), true);
  await page.waitForFunction(() => document.querySelector("#report-view img").complete);
  expect("report: its plot loaded", await page.$eval("#report-view img", (img) => img.naturalWidth), 40);
  await page.screenshot({ path: `${cases.out}/report.png`, fullPage: true });
}

// A bad position typed in the page: the server's error shown, the board as it was.
{
  await open("kalah");
  const before = await position();
  await page.click("#position-box summary");
  await page.fill("#position-text", "kalah 4,4,4/9 south");
  await page.click("#set-position");
  await idle();
  expect("a bad position: its error shown", (await errorText()).length > 0, true);
  expect("a bad position: the board unchanged", await page.getAttribute("#board", "data-ply"), "0");
  await page.fill("#position-text", before);
  await page.click("#set-position");
  await idle();
  expect("a good position: the error cleared", await errorText(), "");
}

// Bad and oversized requests from the browser get a JSON error with its HTTP status.
{
  const answers = await page.evaluate(async () => {
    const id = (await (await fetch("/api/sessions", { method: "POST" })).json()).session;
    const send = async (path, body) => {
      const r = await fetch(path, body === undefined ? {} : { method: "POST", body });
      let json = null;
      try { json = await r.json(); } catch (e) { json = null; }
      return [r.status, json && json.ok, json && typeof json.error === "string" && json.error.length > 0];
    };
    const out = {
      notJson: await send(`/api/sessions/${id}`, "{not json"),
      notObject: await send(`/api/sessions/${id}`, "[1, 2]"),
      oversized: await send(`/api/sessions/${id}`, JSON.stringify({ cmd: "play", moves: "A ".repeat(100000) })),
      unknownCommand: await send(`/api/sessions/${id}`, JSON.stringify({ cmd: "fly" })),
      unknownSession: await send("/api/sessions/nosuch", JSON.stringify({ cmd: "show" })),
      unknownRoute: await send("/api/nothing"),
      // A browser resolves `..` and `%2e%2e` segments itself; an encoded `/` keeps them.
      traversal: await send("/runs/0/%2e%2e%2f%2e%2e%2fetc%2fpasswd"),
      recordOut: await send("/api/record?run=0&path=..%2F..%2Fetc%2Fpasswd"),
    };
    await fetch(`/api/sessions/${id}`, { method: "DELETE" });
    return out;
  });
  expect("a body that is not JSON", answers.notJson, [400, false, true]);
  expect("a body that is not an object", answers.notObject, [400, false, true]);
  expect("a body over 64 KiB", answers.oversized, [413, false, true]);
  expect("an unknown command", answers.unknownCommand, [400, false, true]);
  expect("an unknown session", answers.unknownSession, [404, false, true]);
  expect("an unknown route", answers.unknownRoute, [404, false, true]);
  expect("a path out of the run directory", answers.traversal, [403, false, true]);
  expect("a record out of the run directory", answers.recordOut, [403, false, true]);
}

// With no opponent given, a Bao game is played against the zoo's Bao network.
{
  await page.goto(`${cases.url}/?variant=bao`);
  await idle();
  expect("bao: the default opponent", await page.getAttribute("#agent", "placeholder"), "default: zoo:sims=200");
  expect("bao: the default opponent is no error", await errorText(), "");
  await page.screenshot({ path: `${cases.out}/bao-zoo-opponent.png` });
}

// A closed tab frees its game on the server.
{
  const open = async () => (await (await fetch(`${cases.url}/api/sessions`)).json()).open;
  const before = await open();
  const tab = await browser.newPage();
  await tab.goto(`${cases.url}/?variant=oware`);
  await tab.waitForFunction(() => document.body.dataset.ready === "true");
  expect("a new tab opens a game", await open(), before + 1);
  await tab.close({ runBeforeUnload: true });
  let now = await open();
  // The tab's beacon frees it at once; if the beacon is lost, its pings stop and the
  // server's idle time (3 s here) frees it.
  for (let k = 0; k < 100 && now !== before; k++) {
    await new Promise((r) => setTimeout(r, 100));
    now = await open();
  }
  expect("the closed tab's game is freed", now, before);
}

await browser.close();
console.log(`board.mjs: all ${checks} checks held`);
