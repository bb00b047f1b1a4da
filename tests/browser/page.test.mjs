// End-to-end test of `exactcover ... --html` in a real browser (Debian's
// Chromium, driven by playwright-core). For Knuth's toy problem, 4 queens
// and a 4x4 Sudoku it writes the page and the recording (--steps), opens
// the page from file://, steps forward to the first solution checking at
// every step the level, the lengths and the covered items the page shows
// against its own replay of the recording, steps back to the start
// checking that every frame is the one Next showed, tries Play, "Next
// solution", the keys and the links view, and checks that the page made no
// network request and logged no error. Screenshots go to target/browser/.
//
// Run from the repository root: node tests/browser/page.test.mjs
// (EXACTCOVER names the binary; CHROMIUM the browser).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const root = process.cwd();
const bin = process.env.EXACTCOVER || path.join(root, "target/debug/exactcover");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const out = path.join(root, "target/browser");
fs.mkdirSync(out, { recursive: true });

// Four queens as Knuth writes them: rows and columns primary, diagonals
// secondary.
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
fs.writeFileSync(path.join(out, "queens4.dlx"), queensDlx(4));
// Names that would break a page that embeds them carelessly: "<!--<script>"
// puts the HTML parser into its "script data escaped" states, where
// "</script>" no longer ends the recording's element and the page's own
// script is swallowed.
fs.writeFileSync(
  path.join(out, "hostile.dlx"),
  "<!--<script> </script> a&b\n<!--<script> </script>\na&b\n<!--<script>\n",
);

const cases = [
  { name: "toy", args: ["cover", "data/knuth-toy.dlx"], solutions: 1 },
  { name: "queens4", args: ["cover", path.join(out, "queens4.dlx")], solutions: 2 },
  { name: "sudoku4", args: ["solve"], input: "1.3..4..2......1\n", solutions: 1, board: true },
  { name: "xcc", args: ["cover", "data/xcc-toy.dlx"], solutions: 1, colours: true },
  { name: "hostile", args: ["cover", path.join(out, "hostile.dlx")], solutions: 1, names: ["<!--<script>", "</script>", "a&b"] },
];

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures += 1;
    console.error("FAIL: " + what);
  }
}

// The test's own replay of a recording: what the page must show at frame k
// (after k steps). Written from the recording's documented format, not from
// the page's script.
function expectedFrames(rec) {
  const N = rec.items.length;
  const recordItem = new Map(rec.items.map((it, i) => [it.record, i]));
  const columns = rec.items.map(() => []);
  rec.nodes.forEach(([top], x) => {
    if (x > N + 1 && top > 0) columns[recordItem.get(top)].push(x);
  });
  const primaries = rec.items
    .map((it, i) => ({ i, record: it.record, primary: it.primary }))
    .filter((it) => it.primary)
    .sort((p, q) => p.record - q.record)
    .map((it) => it.i);
  const hidden = new Set();
  const covered = new Set();
  let level = 0;
  const frames = [];
  const snapshot = () => {
    const lens = primaries
      .filter((i) => !covered.has(i))
      .map((i) => [i, columns[i].filter((x) => !hidden.has(x)).length]);
    return {
      level,
      covered: [...covered].sort((p, q) => p - q).join(" "),
      lengths: lens.map(([i, l]) => `${i}:${l}`).join(" "),
      lens,
      allLens: columns.map((c) => c.filter((x) => !hidden.has(x)).length),
    };
  };
  frames.push(snapshot());
  for (const st of rec.steps) {
    for (const x of st.hidden || []) hidden.add(x);
    for (const x of st.unhidden || []) hidden.delete(x);
    if (st.step === "select") {
      for (const x of rec.options[st.option].nodes) {
        if (rec.nodes[x][3] === 0) covered.add(recordItem.get(rec.nodes[x][0]));
      }
    }
    if (st.step === "cover") covered.add(st.item);
    if (st.step === "uncover") covered.delete(st.item);
    if (st.level !== undefined) level = st.level;
    if (st.step === "solution") level = st.options.length;
    const frame = snapshot();
    if (st.step === "choose") {
      // The lengths the page computes are the recording's own.
      check(
        JSON.stringify(frame.lens) === JSON.stringify(st.lengths),
        `replay: at a choice the lengths ${JSON.stringify(frame.lens)} differ from the recording's ${JSON.stringify(st.lengths)}`,
      );
    }
    frames.push(frame);
  }
  return frames;
}

async function state(page) {
  return page.evaluate(() => {
    const app = document.getElementById("app");
    const badges = {};
    document.querySelectorAll("#matrix .len").forEach((b) => { badges[b.dataset.item] = b.textContent; });
    return {
      step: Number(app.dataset.step),
      steps: Number(app.dataset.steps),
      level: Number(app.dataset.level),
      solutions: Number(app.dataset.solutions),
      covered: app.dataset.covered,
      lengths: app.dataset.lengths,
      badges,
      dom: ["status", "matrix", "stack", "tree", "board"]
        .map((id) => (document.getElementById(id) || { innerHTML: "" }).innerHTML)
        .join("\n--\n"),
    };
  });
}

const browser = await chromium.launch({
  executablePath: browserPath,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

for (const c of cases) {
  const html = path.join(out, c.name + ".html");
  const json = path.join(out, c.name + ".json");
  execFileSync(bin, [...c.args, "--html", html, "--steps", json], {
    input: c.input || "",
    stdio: ["pipe", "ignore", "inherit"],
  });
  const rec = JSON.parse(fs.readFileSync(json, "utf8"));
  check(rec.solutions === c.solutions, `${c.name}: the recording has ${rec.solutions} solutions, not ${c.solutions}`);
  const frames = expectedFrames(rec);
  const firstSolution = rec.steps.findIndex((s) => s.step === "solution") + 1;
  check(firstSolution > 0, `${c.name}: the recording has a solution step`);

  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => requests.push(r.url()));
  const url = pathToFileURL(html).href;
  await page.goto(url);

  const next = page.getByRole("button", { name: "Next", exact: true });
  const back = page.getByRole("button", { name: "Back", exact: true });
  const seen = [];
  for (let k = 0; k <= firstSolution; k++) {
    const s = await state(page);
    const e = frames[k];
    check(s.step === k, `${c.name}: step ${s.step}, expected ${k}`);
    check(s.steps === rec.steps.length, `${c.name}: data-steps ${s.steps}`);
    check(s.level === e.level, `${c.name} step ${k}: level ${s.level}, expected ${e.level}`);
    check(s.covered === e.covered, `${c.name} step ${k}: covered "${s.covered}", expected "${e.covered}"`);
    check(s.lengths === e.lengths, `${c.name} step ${k}: lengths "${s.lengths}", expected "${e.lengths}"`);
    for (const [item, text] of Object.entries(s.badges)) {
      check(Number(text) === e.allLens[Number(item)], `${c.name} step ${k}: LEN badge of item ${item} shows ${text}, expected ${e.allLens[Number(item)]}`);
    }
    check(Object.keys(s.badges).length > 0, `${c.name} step ${k}: the matrix shows LEN badges`);
    seen.push(s);
    if (k < firstSolution) await next.click();
  }
  const atSolution = await state(page);
  check(atSolution.solutions === 1, `${c.name}: one solution shown at the first solution, not ${atSolution.solutions}`);
  await page.screenshot({ path: path.join(out, c.name + ".png"), fullPage: true });

  // Back to the start: every frame is the one Next showed.
  for (let k = firstSolution - 1; k >= 0; k--) {
    await back.click();
    const s = await state(page);
    check(s.step === k, `${c.name}: Back reached step ${s.step}, expected ${k}`);
    check(s.dom === seen[k].dom, `${c.name}: frame ${k} reached by Back differs from frame ${k} reached by Next`);
  }
  check(await back.isDisabled(), `${c.name}: Back is disabled at the start`);

  // The keys, "Next solution", Play and the links view.
  await page.keyboard.press("ArrowRight");
  check((await state(page)).step === 1, `${c.name}: the right arrow steps on`);
  await page.keyboard.press("Home");
  await page.getByRole("button", { name: "Next solution" }).click();
  check((await state(page)).step === firstSolution, `${c.name}: Next solution stops at the first solution`);
  await page.keyboard.press("Home");
  await page.locator("#speed").fill("50");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => Number(document.getElementById("app").dataset.step) >= 3);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  const paused = (await state(page)).step;
  await page.waitForTimeout(200);
  check((await state(page)).step === paused, `${c.name}: Pause stops the replay`);
  await page.getByLabel("Show the links").check();
  const circles = await page.locator("#matrix svg circle").count();
  check(circles > rec.items.length, `${c.name}: the links view draws the nodes (${circles} circles)`);
  await page.getByLabel("Show the links").uncheck();
  if (c.board) {
    const cells = await page.locator("#board .cell").count();
    check(cells === 16, `${c.name}: the board has ${cells} cells`);
    await page.keyboard.press("Home");
    await page.getByRole("button", { name: "Next choice" }).click();
    const note = await page.locator("#board-note").textContent();
    check(/naked single|hidden single/.test(note), `${c.name}: the board names the single: "${note}"`);
    check(!/r\d\d\b/.test(await page.locator("#status").textContent()), `${c.name}: one vocabulary (r1c3, never r13)`);
  }

  if (c.colours) {
    // Colours by their names (x:A), in the cells and in the purify steps.
    await page.keyboard.press("Home");
    const cells = await page.locator("#matrix td.one").allTextContents();
    check(cells.includes("1:A") && cells.includes("1:B"), `${c.name}: coloured cells show their colour's name: ${cells.join(" ")}`);
    const purify = rec.steps.findIndex((st) => st.step === "purify");
    check(purify >= 0, `${c.name}: the recording purifies`);
    for (let k = 0; k <= purify; k++) await next.click();
    const status = await page.locator("#status").textContent();
    check(/with colour [AB]:/.test(status), `${c.name}: the purify step names its colour: "${status}"`);
  }
  if (c.board) {
    // During the pre-selection every option shows (each LEN counts rows
    // on the page); once it is done, what it removed is hidden.
    await page.keyboard.press("Home");
    const rowsAtStart = await page.locator("#matrix tbody tr").count();
    check(rowsAtStart === rec.options.length, `${c.name}: ${rowsAtStart} rows at the start, not all ${rec.options.length}`);
    const firstChoice = rec.steps.findIndex((st) => st.step === "choose");
    await page.getByRole("button", { name: "Next choice" }).click();
    const rowsAfter = await page.locator("#matrix tbody tr").count();
    check(rowsAfter < rowsAtStart, `${c.name}: the pre-selection's rows hidden after it (${rowsAfter} rows)`);
    // The status line lists at most 16 items, as the trace does.
    const status = await page.locator("#status").textContent();
    const listed = rec.steps[firstChoice].lengths.length;
    check(listed <= 16 || status.includes("and " + (listed - 16) + " more"), `${c.name}: the status line is capped: "${status}"`);
    check(listed > 16, `${c.name}: the first choice lists ${listed} items (the cap is tested on more than 16)`);
  }
  if (c.names) {
    // The names arrive as text, not markup: shown in the matrix's headers.
    const shown = await page.locator("#matrix").textContent();
    for (const n of c.names) check(shown.includes(n), `${c.name}: the matrix shows the name ${JSON.stringify(n)}`);
  }

  check(errors.length === 0, `${c.name}: console errors: ${errors.join(" | ")}`);
  const foreign = requests.filter((r) => r !== url);
  check(foreign.length === 0, `${c.name}: network requests: ${foreign.join(" ")}`);
  console.log(`${c.name}: ${rec.steps.length} steps, first solution at step ${firstSolution}, checked forward and back`);
  await context.close();
}

// The logic mode (`explain --html`): top95's first puzzle, solved by
// singles and pointing. What each frame must show comes from `explain`
// (its sentences), `explain --json` (the digits placed and removed) and
// `explain --trace` (the base and cover items by name, mapped here to the
// cells of a 9x9 grid), not from the page's own data.
{
  const puzzle = fs.readFileSync("data/top95.txt", "utf8").split("\n")[0] + "\n";
  const html = path.join(out, "logic.html");
  const run = (args) => execFileSync(bin, args, { input: puzzle, stdio: ["pipe", "pipe", "inherit"] }).toString();
  run(["explain", "--html", html]);
  const sentences = run(["explain"]).trim().split("\n");
  // One object for the puzzle: its steps, then its end.
  const jsonSteps = JSON.parse(run(["explain", "--json"]).trim()).steps;
  const end = sentences.pop();
  // Each step's base and cover names, from the trace's blocks.
  const blocks = run(["explain", "--trace"]).split(/^step \d+: /m).slice(1);
  const named = blocks.map((b) => {
    const list = (what) => {
      const m = b.match(new RegExp("^  " + what + ": (.*)$", "m"));
      return m ? m[1].split(", ") : [];
    };
    return { base: list("base"), cover: list("cover") };
  });
  check(named.length === sentences.length && jsonSteps.length === sentences.length,
    `logic: ${sentences.length} sentences, ${jsonSteps.length} JSON steps, ${named.length} trace steps`);
  // The cells (0 to 80) an item of the classic rules is about.
  const cellsOf = (name) => {
    let m;
    const all = [...Array(81).keys()];
    if ((m = name.match(/^r(\d)c(\d)$/))) return [(m[1] - 1) * 9 + (m[2] - 1)];
    if ((m = name.match(/^row (\d) has/))) return all.filter((c) => Math.floor(c / 9) === m[1] - 1);
    if ((m = name.match(/^column (\d) has/))) return all.filter((c) => c % 9 === m[1] - 1);
    if ((m = name.match(/^box (\d) has/))) {
      const b = m[1] - 1;
      return all.filter((c) => Math.floor(Math.floor(c / 9) / 3) === Math.floor(b / 3) && Math.floor((c % 9) / 3) === b % 3);
    }
    throw new Error("an item of the classic rules: " + name);
  };
  const sorted = (xs) => [...new Set(xs)].sort((a, b) => a - b).join(" ");
  const places = (list) => list.map(([r, c, d]) => `${(r - 1) * 9 + (c - 1)}=${d}`).sort().join(" ");
  check(sentences.some((t) => t.includes("(pointing:")), "logic: the path has a pointing step");

  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(html).href);
  const frame = () => page.evaluate(() => {
    const app = document.getElementById("app");
    const cells = (sel) => [...document.querySelectorAll(sel)].map((e) => Number(e.closest(".cell").dataset.cell));
    const marks = (sel) => [...document.querySelectorAll(sel)]
      .map((e) => e.closest(".cell").dataset.cell + "=" + e.textContent).sort().join(" ");
    return {
      mode: app.dataset.mode,
      k: Number(app.dataset.logicStep),
      n: Number(app.dataset.logicSteps),
      status: document.getElementById("status").textContent,
      base: cells("#board .cell.base").sort((a, b) => a - b).join(" "),
      cover: cells("#board .cell.cover").sort((a, b) => a - b).join(" "),
      removed: marks("#board .cand.removed"),
      forced: marks("#board .placed.forced"),
      baseHeads: document.querySelectorAll("#matrix th.item.base").length,
      coverHeads: document.querySelectorAll("#matrix th.item.cover").length,
      dom: document.getElementById("board").innerHTML + "\n--\n" + document.getElementById("status").textContent,
    };
  });
  const first = await frame();
  check(first.mode === "logic", `logic: the page opens in the logic mode, not ${first.mode}`);
  check(first.n === sentences.length, `logic: ${first.n} steps on the page, ${sentences.length} from explain`);
  check(first.k === 0 && first.base === "" && first.removed === "", "logic: the start highlights nothing");
  const next = page.getByRole("button", { name: "Next", exact: true });
  const back = page.getByRole("button", { name: "Back", exact: true });
  const seen = [first];
  for (let k = 1; k <= sentences.length; k++) {
    await next.click();
    const f = await frame();
    const i = k - 1;
    check(f.k === k, `logic: frame ${f.k}, expected ${k}`);
    check(f.status.includes(sentences[i]), `logic step ${k}: the status "${f.status}" says "${sentences[i]}"`);
    check(f.base === sorted(named[i].base.flatMap(cellsOf)), `logic step ${k}: base cells ${f.base}`);
    check(f.cover === sorted(named[i].cover.flatMap(cellsOf)), `logic step ${k}: cover cells ${f.cover}`);
    check(f.removed === places(jsonSteps[i].eliminate), `logic step ${k}: struck candidates "${f.removed}", explain removes "${places(jsonSteps[i].eliminate)}"`);
    check(f.forced === places(jsonSteps[i].place), `logic step ${k}: placed "${f.forced}", explain places "${places(jsonSteps[i].place)}"`);
    check(f.baseHeads === named[i].base.length && f.coverHeads === named[i].cover.length,
      `logic step ${k}: ${f.baseHeads} base and ${f.coverHeads} cover headers in the matrix`);
    if (k === sentences.length) check(f.status.includes("End: " + end), `logic: the last frame says the end: "${f.status}"`);
    seen.push(f);
    if (/\(pointing:/.test(sentences[i]) && !fs.existsSync(path.join(out, "logic.png"))) {
      check(f.base !== "" && f.cover !== "" && f.removed !== "", `logic step ${k}: a pointing step highlights its units and removals`);
      await page.screenshot({ path: path.join(out, "logic.png"), fullPage: true });
    }
  }
  check(await next.isDisabled(), "logic: Next is disabled at the end");
  for (let k = sentences.length - 1; k >= 0; k--) {
    await back.click();
    const f = await frame();
    check(f.k === k && f.dom === seen[k].dom, `logic: frame ${k} reached by Back differs from the one Next showed`);
  }
  // To the search and back.
  await page.getByRole("button", { name: "Show the search" }).click();
  const search = await state(page);
  check(search.step === 0 && (await frame()).mode === "search", "logic: the button switches to the search");
  await page.keyboard.press("ArrowRight");
  check((await state(page)).step === 1, "logic: the search steps in the search mode");
  await page.getByRole("button", { name: "Show the logic" }).click();
  await page.keyboard.press("End");
  check((await frame()).k === sentences.length, "logic: End goes to the last step of logic");
  check(errors.length === 0, `logic: console errors: ${errors.join(" | ")}`);
  console.log(`logic: ${sentences.length} steps of logic, checked forward and back`);
  await context.close();
}

await browser.close();
if (failures > 0) {
  console.error(`${failures} check(s) failed`);
  process.exit(1);
}
console.log("browser test: all checks passed");
