// Figures for docs/playground.md (not a test: nothing here passes or
// fails): counting n queens in the playground against the native binary,
// in one session. For each n, RUNS counts in the page (the worker's time
// from the start of the search to its end, and the page's from the
// question to the answer shown: reading, a fresh instance, drawing) and RUNS runs of `exactcover cover queensN.dlx
// --count` (wall time of the process); medians.
//
//   bash playground/build.sh && cargo build --release -p exactcover-cli
//   node tests/browser/playground.measure.mjs
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";

const root = process.cwd();
const bin = process.env.EXACTCOVER || path.join(root, "target/release/exactcover");
const site = path.join(root, "target/playground");
const out = path.join(root, "target/browser");
const RUNS = Number(process.env.RUNS || 11);
fs.mkdirSync(out, { recursive: true });
function queensDlx(n) {
  const rows = [...Array(n).keys()].map((i) => "r" + i);
  const cols = [...Array(n).keys()].map((j) => "c" + j);
  const a = [...Array(2 * n - 1).keys()].map((k) => "a" + k);
  const b = [...Array(2 * n - 1).keys()].map((k) => "b" + k);
  let text = [...rows, ...cols, "|", ...a, ...b].join(" ") + "\n";
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) text += `r${i} c${j} a${i + j} b${i - j + n - 1}\n`;
  return text;
}
const median = (xs) => { const s = [...xs].sort((p, q) => p - q); return s[Math.floor(s.length / 2)]; };
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const name = new URL(req.url, "http://x").pathname.replace(/^\/+/, "") || "index.html";
  const file = path.join(site, path.normalize(name));
  if (!file.startsWith(site) || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
  res.end(fs.readFileSync(file));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForFunction(() => document.getElementById("problem").value.length > 0);
for (const n of (process.env.QUEENS || "10,12").split(",").map(Number)) {
  const text = queensDlx(n);
  const file = path.join(out, `queens${n}.dlx`);
  fs.writeFileSync(file, text);
  await page.fill("#problem", text);
  const engine = [], click = [], native = [];
  let found = "";
  for (let k = 0; k < RUNS; k++) {
    await page.click("#count");
    await page.waitForFunction(() => document.getElementById("app").dataset.state === "done", null, { timeout: 600000 });
    const d = await page.evaluate(() => ({ ...document.getElementById("app").dataset }));
    click.push(Number(d.answerMs));
    engine.push(Number(d.ms));
    found = d.found;
    const t1 = process.hrtime.bigint();
    const count = execFileSync(bin, ["cover", file, "--count"]).toString().trim();
    native.push(Number(process.hrtime.bigint() - t1) / 1e6);
    if (count !== found) throw new Error(`queens ${n}: page ${found}, native ${count}`);
  }
  const [e, c, nat] = [median(engine), median(click), median(native)];
  console.log(`queens ${n}: ${found} solutions; page: search ${e.toFixed(1)} ms, question to answer ${c.toFixed(1)} ms; ` +
    `native process ${nat.toFixed(1)} ms; ratio search/native ${(e / nat).toFixed(2)}, answer/native ${(c / nat).toFixed(2)} (medians of ${RUNS})`);
}
await browser.close();
server.close();
