"use strict";
// The playground's worker: runs exactcover (exactcover.wasm, plain exports,
// see playground/src/lib.rs) off the page's thread. Each question gets a
// fresh instance of the compiled module, so its memory goes when it ends.
// A search runs in slices of nodes (the library's Solutions::next_within);
// between two slices the worker posts the progress and reads its messages,
// so a Stop is seen within one slice (about SLICE_MS of work).
const SLICE_MS = 25;
const enc = new TextEncoder();
const dec = new TextDecoder();
let compiled = null;
let job = null; // the search under way: { id, stop }

async function module() {
  if (!compiled) {
    const bytes = await (await fetch("exactcover.wasm")).arrayBuffer();
    compiled = await WebAssembly.compile(bytes);
  }
  return compiled;
}

function fresh(mod) {
  return new WebAssembly.Instance(mod, {}).exports;
}

function answer(ex, len) {
  const at = ex.output() >>> 0;
  return JSON.parse(dec.decode(new Uint8Array(ex.memory.buffer, at, len >>> 0)));
}

function ask(ex, request) {
  const bytes = enc.encode(JSON.stringify(request));
  const at = ex.input(bytes.length) >>> 0;
  new Uint8Array(ex.memory.buffer, at, bytes.length).set(bytes);
  return answer(ex, ex.run());
}

// Zero-delay yields (setTimeout is clamped to 4 ms when nested).
const channel = new MessageChannel();
let resume = null;
channel.port1.onmessage = () => { const r = resume; resume = null; if (r) r(); };
function yieldNow() { return new Promise((r) => { resume = r; channel.port2.postMessage(null); }); }

async function search(ex, id, mode) {
  const started = performance.now();
  let nodes = 4096;
  let found = 0;
  let total = 0;
  job = { id, stop: false };
  const me = job;
  for (;;) {
    const t0 = performance.now();
    const r = answer(ex, ex.slice(nodes));
    const spent = performance.now() - t0;
    if (!r.ok) { postMessage({ id, type: "error", error: r.error }); break; }
    found = r.found;
    total = r.nodes;
    const elapsed = performance.now() - started;
    if (r.done) {
      postMessage({ id, type: "done", mode, solutions: r.solutions, found, nodes: total, end: r.end, ms: elapsed });
      break;
    }
    postMessage({ id, type: "progress", mode, solutions: r.solutions, found, nodes: total, ms: elapsed });
    // Slices of about SLICE_MS.
    if (spent < SLICE_MS / 2 && nodes < 1 << 30) nodes *= 2;
    else if (spent > SLICE_MS * 2 && nodes > 1024) nodes = Math.floor(nodes / 2);
    await yieldNow();
    if (me.stop) {
      postMessage({ id, type: "stopped", mode, found, nodes: total, ms: performance.now() - started });
      break;
    }
  }
  if (job === me) job = null;
}

onmessage = async (e) => {
  const m = e.data;
  if (m.type === "stop") {
    if (job) job.stop = true;
    return;
  }
  if (m.type !== "run") return;
  if (job) job.stop = true;
  const { id, op, problem } = m;
  try {
    const mod = await module();
    const ex = fresh(mod);
    if (op === "gallery") {
      postMessage({ id, type: "gallery", ...ask(ex, { op: "gallery", name: m.name }) });
      return;
    }
    const loaded = ask(ex, { op: "load", format: problem.format, text: problem.text, box: problem.box || "" });
    if (!loaded.ok) { postMessage({ id, type: "error", error: loaded.error }); return; }
    postMessage({ id, type: "loaded", loaded });
    if (op === "load") return;
    if (op === "first" || op === "all" || op === "count") {
      const started = ask(ex, { op: "search", mode: op });
      if (!started.ok) { postMessage({ id, type: "error", error: started.error }); return; }
      await search(ex, id, op);
      return;
    }
    const t0 = performance.now();
    const r = ask(ex, { op, k: m.k, steps: m.steps });
    if (!r.ok) { postMessage({ id, type: "error", error: r.error }); return; }
    postMessage({ id, type: "done", mode: op, ...r, ms: performance.now() - t0 });
  } catch (err) {
    // A trap (a bug, or memory exhausted): the next question gets a new
    // instance.
    postMessage({ id, type: "error", error: { message: "the engine stopped: " + err } });
  }
};
