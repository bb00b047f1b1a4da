"use strict";
// The playground's page: reads the problem, sends questions to the worker
// (worker.js, where the engine runs), shows its answers as they come, and
// the dance (the library's teaching page, made by the engine in the
// worker) in a frame. The root element carries data-state (idle, running,
// done, stopped, error) and data-found, for people and tests.
(function () {
  const $ = (id) => document.getElementById(id);
  const app = $("app");
  const problemEl = $("problem");
  const formatEl = $("format");
  const boxEl = $("box");
  const progressEl = $("progress");
  const errorEl = $("error");
  const warningsEl = $("warnings");
  const solutionsEl = $("solutions");
  const boardEl = $("board");
  const stopEl = $("stop");
  const buttons = ["first", "all", "count", "memo", "cheapest", "dance"].map($);
  let worker = null;
  let current = 0; // the id of the question under way
  let loaded = null;
  let askedAt = 0; // when the question under way was asked

  function startWorker() {
    worker = new Worker("worker.js");
    worker.onmessage = (e) => receive(e.data);
    worker.onerror = (e) => fail({ message: "the worker failed: " + e.message });
  }
  startWorker();

  const thousands = (n) => Number(n).toLocaleString("en-US");
  const seconds = (ms) => (ms / 1000).toFixed(ms < 10000 ? 3 : 1) + " s";

  function setState(state) {
    // The time from the question to its answer shown, in ms.
    if (state !== "running") app.dataset.answerMs = (performance.now() - askedAt).toFixed(1);
    app.dataset.state = state;
    const busy = state === "running";
    stopEl.disabled = !busy;
  }

  function problem() {
    return { format: formatEl.value, text: problemEl.value, box: boxEl.value };
  }

  function ask(op, extra) {
    current += 1;
    errorEl.hidden = true;
    errorEl.textContent = "";
    delete errorEl.dataset.line;
    delete errorEl.dataset.column;
    warningsEl.hidden = true;
    if (op !== "dance") {
      solutionsEl.replaceChildren();
      boardEl.replaceChildren();
    }
    app.dataset.found = "0";
    askedAt = performance.now();
    progressEl.textContent = op === "dance" ? "Recording the dance..." : "Working...";
    setState("running");
    worker.postMessage({ type: "run", id: current, op, problem: problem(), ...extra });
  }

  function fail(error) {
    setState("error");
    progressEl.textContent = "";
    let text = error.message;
    if (error.line) {
      errorEl.dataset.line = error.line;
      errorEl.dataset.column = error.column || "";
      text = "Line " + error.line + (error.column ? ", column " + error.column : "") + ": " + error.message;
      // Put the cursor there.
      const lines = problemEl.value.split("\n");
      let at = 0;
      for (let l = 0; l < error.line - 1 && l < lines.length; l++) at += lines[l].length + 1;
      at += Math.max(0, (error.column || 1) - 1);
      problemEl.focus();
      problemEl.setSelectionRange(at, Math.min(problemEl.value.length, at + 1));
    }
    errorEl.textContent = text;
    errorEl.hidden = false;
  }

  function showSolution(s) {
    const li = document.createElement("li");
    if (typeof s === "string") {
      li.textContent = s;
      if (solutionsEl.children.length === 0) drawBoard(s);
    } else if (Array.isArray(s)) {
      li.textContent = s.join("; ");
    } else {
      li.textContent = "cost " + s.cost + ": " + (Array.isArray(s.options) ? s.options.join("; ") : s.options);
      if (typeof s.options === "string" && solutionsEl.children.length === 0) drawBoard(s.options);
    }
    solutionsEl.appendChild(li);
  }

  // A Sudoku's solution as a board: the givens bold, the rest placed.
  function drawBoard(grid) {
    if (!loaded || loaded.kind !== "sudoku") return;
    const n = loaded.size;
    const cells = [...grid];
    if (cells.length !== n * n) return;
    const [br, bc] = loaded.box.split("x").map(Number);
    const givens = [...loaded.grid];
    const el = document.createElement("div");
    el.className = "grid";
    el.style.gridTemplateColumns = "repeat(" + n + ", 1.9rem)";
    cells.forEach((ch, k) => {
      const d = document.createElement("div");
      const r = Math.floor(k / n), c = k % n;
      d.className = (givens[k] && givens[k] !== "." ? "given" : "placed") +
        ((c + 1) % bc === 0 && c + 1 < n ? " r-right" : "") + ((r + 1) % br === 0 && r + 1 < n ? " r-bottom" : "");
      d.textContent = ch;
      el.appendChild(d);
    });
    boardEl.replaceChildren(el);
  }

  function receive(m) {
    if (m.type === "gallery") {
      if (m.ok) {
        formatEl.value = m.format;
        boxEl.value = m.format === "sudoku" && m.text.length === 36 ? "2x3" : "";
        problemEl.value = m.text;
        progressEl.textContent = "";
        setState("idle");
      }
      return;
    }
    if (m.id !== current) return; // an answer to an earlier question
    switch (m.type) {
      case "loaded": {
        loaded = m.loaded;
        const l = m.loaded;
        progressEl.textContent = "Read: " + thousands(l.items) + " items (" + thousands(l.primaries) +
          " primary), " + thousands(l.options) + " options.";
        if (l.warnings && l.warnings.length) {
          warningsEl.textContent = l.warnings.map((w) => "Line " + w.line + ": " + w.message).join("\n");
          warningsEl.hidden = false;
        }
        break;
      }
      case "progress":
      case "done":
      case "stopped": {
        if (m.mode === "memo") {
          app.dataset.found = m.solutions;
          progressEl.textContent = "Count with memo: " + m.solutions + " solutions (" + m.end + "; " + m.states + ") in " + seconds(m.ms) + ".";
          setState("done");
          break;
        }
        if (m.mode === "cheapest") {
          m.solutions.forEach(showSolution);
          app.dataset.found = m.solutions.length;
          progressEl.textContent = m.solutions.length ? "The " + m.solutions.length + " cheapest (" + m.end + ") in " + seconds(m.ms) + "." : "No solution.";
          setState("done");
          break;
        }
        if (m.mode === "dance") {
          $("dance-panel").hidden = false;
          $("dance-frame").srcdoc = m.page;
          progressEl.textContent = "The dance: recorded in " + seconds(m.ms) + ".";
          setState("done");
          break;
        }
        (m.solutions || []).forEach(showSolution);
        app.dataset.found = m.found;
        app.dataset.nodes = m.nodes;
        app.dataset.ms = m.ms.toFixed(1);
        const what = m.mode === "count" ? "Counting" : m.mode === "all" ? "All solutions" : "First solution";
        let line = what + ": " + thousands(m.found) + " solution" + (m.found === 1 ? "" : "s") + ", " +
          thousands(m.nodes) + " nodes, " + seconds(m.ms);
        if (m.type === "done") {
          line += m.end === "exhausted" || m.end === null ? (m.mode === "first" && m.found === 0 ? ". No solution." : ". Done.") : " (" + m.end + ").";
          if (m.mode === "first" && m.found > 0) line = "First solution: found after " + thousands(m.nodes) + " nodes, " + seconds(m.ms) + ".";
          if (solutionsEl.children.length < m.found && m.mode === "all") line += " (the first " + solutionsEl.children.length + " are listed)";
          setState("done");
        } else if (m.type === "stopped") {
          line += ". Stopped: at least " + thousands(m.found) + ".";
          setState("stopped");
        }
        progressEl.textContent = line;
        break;
      }
      case "error":
        fail(m.error);
        break;
      default:
        break;
    }
  }

  $("first").onclick = () => ask("first");
  $("all").onclick = () => ask("all");
  $("count").onclick = () => ask("count");
  $("memo").onclick = () => ask("memo");
  $("cheapest").onclick = () => ask("cheapest", { k: 5 });
  $("dance").onclick = () => ask("dance", { steps: Number($("steps").value) || 2000 });
  stopEl.onclick = () => {
    if (app.dataset.state !== "running") return;
    if (["memo", "cheapest", "dance"].includes(lastOp)) {
      // These run as one call of the engine: the worker is ended and a new
      // one started.
      worker.terminate();
      startWorker();
      current += 1;
      progressEl.textContent = "Stopped.";
      setState("stopped");
    } else {
      worker.postMessage({ type: "stop" });
    }
  };
  let lastOp = null;
  buttons.forEach((b) => b.addEventListener("click", () => { lastOp = b.id; }, true));

  $("gallery").onchange = (e) => {
    if (!e.target.value) return;
    worker.postMessage({ type: "run", op: "gallery", name: e.target.value });
  };

  // A link holding the problem, in the fragment: nothing is sent anywhere.
  $("share").onclick = () => {
    const p = problem();
    const hash = "#" + new URLSearchParams({ format: p.format, box: p.box, text: p.text }).toString();
    history.replaceState(null, "", hash);
    const link = $("link");
    link.value = location.href;
    link.hidden = false;
    link.select();
  };
  function fromHash() {
    if (location.hash.length < 2) return false;
    const q = new URLSearchParams(location.hash.slice(1));
    if (!q.has("text")) return false;
    formatEl.value = q.get("format") || "knuth";
    boxEl.value = q.get("box") || "";
    problemEl.value = q.get("text");
    return true;
  }
  window.addEventListener("hashchange", fromHash);
  // The example's name goes once the text is changed.
  problemEl.addEventListener("input", () => { $("gallery").value = ""; });

  // A file dropped on the problem: a JSON file is an f-puzzles puzzle.
  problemEl.addEventListener("dragover", (e) => { e.preventDefault(); problemEl.classList.add("drop"); });
  problemEl.addEventListener("dragleave", () => problemEl.classList.remove("drop"));
  problemEl.addEventListener("drop", async (e) => {
    e.preventDefault();
    problemEl.classList.remove("drop");
    const file = e.dataTransfer.files[0];
    if (!file) return;
    const text = await file.text();
    problemEl.value = text;
    const t = text.trimStart();
    formatEl.value = t.startsWith("{") || /\.json$/i.test(file.name) ? "fpuzzles" : /\.(dlx|txt)$/i.test(file.name) && !/^[0-9.\s]+$/.test(t) ? "knuth" : formatEl.value;
  });

  if (!fromHash()) worker.postMessage({ type: "run", op: "gallery", name: "toy" });
})();
