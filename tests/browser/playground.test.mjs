// End-to-end test of the playground (playground/, docs/playground.md) in a
// real browser: Debian's Chromium driven by playwright-core, the page built
// by `bash playground/build.sh` into target/playground/ and served here
// from localhost (any other request is refused and fails the test). It
// checks: 8 queens counts 92 (OEIS A000170); a 17-clue puzzle of
// ../shared/data/puzzles/puzzles2_17_clue (all unique, counted by tdoku:
// see its SOURCES.md) solves to a grid that keeps its givens and obeys the
// rules, checked here, so to its one solution, and counts 1; Arto Inkala's
// puzzle solves to its published solution; a malformed problem shows the
// line and column of its error; Stop ends a long count (14 queens) and the
// page then answers the next question; the dance steps 50 frames forward
// and back showing, frame by frame, the items covered that the command
// line's recording (`exactcover cover --steps`) says. Screenshots go to
// target/browser/playground-*.png.
//
// Run from the repository root, after the build:
//   node tests/browser/playground.test.mjs
// (EXACTCOVER names the binary; CHROMIUM the browser; SHARED ../shared.)

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";

const root = process.cwd();
const bin = process.env.EXACTCOVER || path.join(root, "target/debug/exactcover");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const shared = process.env.SHARED || path.join(root, "../shared");
const site = path.join(root, "target/playground");
const out = path.join(root, "target/browser");
fs.mkdirSync(out, { recursive: true });

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures += 1;
    console.error("FAIL: " + what);
  } else {
    console.log("ok: " + what);
  }
}

for (const f of ["index.html", "worker.js", "playground.js", "exactcover.wasm"]) {
  if (!fs.existsSync(path.join(site, f))) {
    console.error(`FAIL: ${site}/${f} is missing: run bash playground/build.sh first`);
    process.exit(1);
  }
}

function queensDlx(n) {
  const rows = [...Array(n).keys()].map((i) => "r" + i);
  const cols = [...Array(n).keys()].map((j) => "c" + j);
  const a = [...Array(2 * n - 1).keys()].map((k) => "a" + k);
  const b = [...Array(2 * n - 1).keys()].map((k) => "b" + k);
  let text = [...rows, ...cols, "|", ...a, ...b].join(" ") + "\n";
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) text += `r${i} c${j} a${i + j} b${i - j + n - 1}\n`;
  }
  return text;
}

// The page's files, from localhost.
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "") || "index.html";
  const file = path.join(site, path.normalize(name));
  if (!file.startsWith(site) || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
  res.end(fs.readFileSync(file));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: browserPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
const elsewhere = [];
await context.route("**/*", (route) => {
  const url = route.request().url();
  if (url.startsWith(base) || url.startsWith("data:") || url.startsWith("blob:") || url === "about:srcdoc") return route.continue();
  elsewhere.push(url);
  return route.abort();
});
const page = await context.newPage();
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
await page.goto(base);
await page.waitForFunction(() => document.getElementById("problem").value.length > 0);

async function run(button, state = "done", timeout = 60000) {
  await page.click("#" + button);
  await page.waitForFunction((s) => {
    const st = document.getElementById("app").dataset.state;
    return st === s || st === "error";
  }, state, { timeout });
  return page.evaluate(() => ({ ...document.getElementById("app").dataset,
    progress: document.getElementById("progress").textContent,
    error: document.getElementById("error").textContent,
    line: document.getElementById("error").dataset.line,
    column: document.getElementById("error").dataset.column,
    solutions: [...document.querySelectorAll("#solutions li")].map((li) => li.textContent) }));
}
async function setProblem(format, text, box = "") {
  await page.selectOption("#format", format);
  await page.fill("#box", box);
  await page.fill("#problem", text);
}

// 8 queens from the gallery: 92.
await page.selectOption("#gallery", "queens8");
await page.waitForFunction(() => document.getElementById("problem").value.includes("8 queens"));
let r = await run("count");
check(r.state === "done" && r.found === "92", `8 queens counts 92 (state ${r.state}, found ${r.found}: ${r.progress} ${r.error})`);
await page.screenshot({ path: path.join(out, "playground-queens8.png"), fullPage: true });
r = await run("all");
check(r.found === "92" && r.solutions.length === 92, `all solutions of 8 queens streamed: ${r.solutions.length}`);

// A 17-clue puzzle: its one solution.
const puzzle = fs.readFileSync(path.join(shared, "data/puzzles/puzzles2_17_clue"), "utf8").split("\n")[0];
await setProblem("sudoku", puzzle);
r = await run("first");
const grid = r.solutions[0] || "";
function isSolution(p, g) {
  if (!/^[1-9]{81}$/.test(g)) return false;
  for (let k = 0; k < 81; k++) if (p[k] !== "." && p[k] !== g[k]) return false;
  const units = [];
  for (let i = 0; i < 9; i++) {
    units.push([...Array(9).keys()].map((j) => 9 * i + j));
    units.push([...Array(9).keys()].map((j) => 9 * j + i));
    units.push([...Array(9).keys()].map((j) => 9 * (3 * Math.floor(i / 3) + Math.floor(j / 3)) + 3 * (i % 3) + (j % 3)));
  }
  return units.every((u) => new Set(u.map((k) => g[k])).size === 9);
}
check(puzzle.replace(/\./g, "").length === 17 && isSolution(puzzle, grid), `17-clue ${puzzle} solves to ${grid}`);
check(await page.locator("#board .grid div").count() === 81, "the solution is drawn as a board");
await page.screenshot({ path: path.join(out, "playground-sudoku17.png"), fullPage: true });
r = await run("count");
check(r.found === "1", `the 17-clue puzzle counts 1 (${r.found})`);
// Arto Inkala's puzzle (2012) and its published solution.
await setProblem("sudoku", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
r = await run("first");
check(r.solutions[0] === "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
  `Inkala's puzzle: its published solution (${r.solutions[0]})`);
// A 6x6 grid with boxes of 2 rows and 3 columns: a grid of the page's
// gallery, checked here against the rules of that shape.
function isSolution6(p, g) {
  if (!/^[1-6]{36}$/.test(g)) return false;
  for (let k = 0; k < 36; k++) if (p[k] !== "." && p[k] !== g[k]) return false;
  const units = [];
  for (let i = 0; i < 6; i++) {
    units.push([...Array(6).keys()].map((j) => 6 * i + j));
    units.push([...Array(6).keys()].map((j) => 6 * j + i));
    units.push([...Array(6).keys()].map((j) => 6 * (2 * Math.floor(i / 2) + Math.floor(j / 3)) + 3 * (i % 2) + (j % 3)));
  }
  return units.every((u) => new Set(u.map((k) => g[k])).size === 6);
}
await page.selectOption("#gallery", "sudoku6");
await page.waitForFunction(() => document.getElementById("box").value === "2x3");
const six = await page.inputValue("#problem");
r = await run("first");
check(r.state === "done" && isSolution6(six, r.solutions[0] || ""), `a 6x6 grid (2x3 boxes) ${six} solves to ${r.solutions[0]}`);
await page.screenshot({ path: path.join(out, "playground-sudoku6.png"), fullPage: true });

// A malformed problem: the line and column of its error.
await setProblem("knuth", "a b\na c\n");
r = await run("first", "error");
check(r.state === "error" && r.line === "2" && r.column === "3" && /line 2, column 3/i.test(r.error),
  `the error shows its line and column: "${r.error}"`);
await page.screenshot({ path: path.join(out, "playground-error.png"), fullPage: true });

// Stop: a long count (14 queens: 365,596 solutions) stops, then the next
// question is answered.
await setProblem("knuth", queensDlx(14));
await page.click("#count");
await page.waitForFunction(() => Number(document.getElementById("app").dataset.nodes || 0) > 1000000, null, { timeout: 60000 });
// The page answers while the engine works.
const t0 = Date.now();
await page.evaluate(() => document.getElementById("steps").value);
check(Date.now() - t0 < 2000, "the page answers during a long count");
await page.click("#stop");
await page.waitForFunction(() => document.getElementById("app").dataset.state === "stopped", null, { timeout: 10000 });
r = await page.evaluate(() => ({ ...document.getElementById("app").dataset, progress: document.getElementById("progress").textContent }));
check(r.state === "stopped" && Number(r.found) < 365596 && /Stopped/.test(r.progress), `Stop ends the count: ${r.progress}`);
await page.screenshot({ path: path.join(out, "playground-stopped.png"), fullPage: true });
await setProblem("knuth", queensDlx(8));
r = await run("count");
check(r.found === "92", `after a Stop, the next count: ${r.found}`);

// The dance: 50 frames forward and back, against the command line's
// recording of the same search.
const q6 = path.join(out, "queens6.dlx");
fs.writeFileSync(q6, queensDlx(6));
const recPath = path.join(out, "queens6-steps.json");
execFileSync(bin, ["cover", q6, "--steps", recPath], { stdio: ["ignore", "ignore", "inherit"] });
const rec = JSON.parse(fs.readFileSync(recPath, "utf8"));
const covered = [new Set()];
for (const st of rec.steps.slice(0, 50)) {
  const s = new Set(covered[covered.length - 1]);
  if (st.step === "cover") s.add(st.item);
  if (st.step === "uncover") s.delete(st.item);
  covered.push(s);
}
const key = (s) => [...s].sort((a, b) => a - b).join(" ");
await setProblem("knuth", queensDlx(6));
r = await run("dance");
check(r.state === "done", `the dance is recorded (${r.progress} ${r.error})`);
const frame = page.frameLocator("#dance-frame");
await frame.locator("#next").waitFor();
const dance = await (await page.$("#dance-frame")).contentFrame();
const shown = async () => dance.evaluate(() => ({ ...document.getElementById("app").dataset }));
let same = true;
const forward = [];
for (let k = 0; k <= 50; k++) {
  const s = await shown();
  forward.push(s);
  if (Number(s.step) !== k || s.covered !== key(covered[k])) {
    same = false;
    console.error(`frame ${k}: the page covers "${s.covered}" at step ${s.step}, the recording "${key(covered[k])}"`);
    break;
  }
  if (k < 50) await frame.locator("#next").click();
}
check(rec.steps.length >= 50 && same, "50 frames forward show the items the command line's recording covers");
await page.screenshot({ path: path.join(out, "playground-dance.png"), fullPage: true });
let back = true;
for (let k = 49; k >= 0; k--) {
  await frame.locator("#back").click();
  const s = await shown();
  if (s.covered !== forward[k].covered || s.lengths !== forward[k].lengths || Number(s.step) !== k) { back = false; break; }
}
check(back, "50 frames back show the same frames");

// A Sudoku's dance opens on its steps of logic (hints, explanations), on
// the board.
await page.selectOption("#gallery", "sudoku");
await page.waitForFunction(() => document.getElementById("format").value === "sudoku");
r = await run("dance");
const sudokuDance = await (await page.$("#dance-frame")).contentFrame();
await sudokuDance.waitForSelector("#board .cell");
const logic = await sudokuDance.evaluate(() => ({ mode: document.getElementById("app").dataset.mode,
  cells: document.querySelectorAll("#board .cell").length }));
await sudokuDance.click("#next");
const said = await sudokuDance.evaluate(() => document.getElementById("status").textContent);
check(logic.mode === "logic" && logic.cells === 81 && /Logic step 1/.test(said), `a Sudoku's dance steps through its logic: ${said.slice(0, 80)}`);
await page.screenshot({ path: path.join(out, "playground-sudoku-logic.png"), fullPage: true });

// A shared link opens the same problem.
await setProblem("knuth", "p q | x\np x:A\nq x:A\n");
await page.click("#share");
const link = await page.inputValue("#link");
const other = await context.newPage();
await other.goto(link);
await other.waitForFunction(() => document.getElementById("problem").value.includes("x:A"));
check((await other.inputValue("#problem")) === "p q | x\np x:A\nq x:A\n", "a shared link holds the problem");
await other.close();

check(elsewhere.length === 0, "no request left localhost: " + elsewhere.join(", "));
check(errors.length === 0, "no error in the console: " + errors.join("; "));
await browser.close();
server.close();
if (failures) {
  console.error(`playground: ${failures} check(s) failed`);
  process.exit(1);
}
console.log("playground: all checks passed");
