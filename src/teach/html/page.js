"use strict";
// Replays a recording of exactcover's search. The state of frame k is what
// the first k steps did to the links, computed from the recording alone: a
// frame reached by Back is replayed from the start, so it is the frame
// reached by Next.
(function () {
  const data = JSON.parse(document.getElementById("recording").textContent);
  const app = document.getElementById("app");
  const items = data.items;
  const options = data.options;
  const steps = data.steps;
  const nodes = data.nodes; // [TOP, ULINK, DLINK, COLOR], DLX1's numbering
  const N = items.length;
  // A path of deductions (steps of logic), if the page has one: it opens
  // on it.
  const logic = data.logic || null;
  const logicSteps = logic ? logic.steps : [];
  const logicGivens = new Set(logic ? logic.chosen : []);
  let mode = logic ? "logic" : "search";
  let logicAt = 0;
  // The most items a status line lists at a choice, as the trace does.
  const CHOICE_ITEMS = 16;

  // What each node is.
  const recordItem = new Array(N + 2).fill(-1);
  items.forEach((it, i) => { recordItem[it.record] = i; });
  const nodeItem = new Array(nodes.length).fill(-1);
  const nodeOption = new Array(nodes.length).fill(-1);
  options.forEach((o, k) => o.nodes.forEach((x) => {
    nodeOption[x] = k;
    nodeItem[x] = recordItem[nodes[x][0]];
  }));
  // Every item's nodes, top to bottom, as the links were before the search.
  const column = items.map((it) => {
    const list = [];
    let x = nodes[it.record][2];
    while (x !== it.record && list.length < nodes.length) {
      list.push(x);
      x = nodes[x][2];
    }
    return list;
  });
  const optionItems = options.map((o) => o.nodes.map((x) => nodeItem[x]));
  // The primary items in the order of their list (DLX1's records).
  const primaries = items.map((it, i) => [it.record, i]).filter(([r]) => r <= data.primaries)
    .sort((a, b) => a[0] - b[0]).map(([, i]) => i);

  function initial() {
    return {
      step: 0,
      hidden: new Set(),
      covered: new Set(),
      purified: new Map(),
      level: 0,
      choice: null,
      stack: [],
      tree: [{ parent: -1, depth: 0, option: -1, outcome: "" }],
      path: [0],
      solutions: 0,
      preselected: new Set(),
      text: "The start: nothing covered yet.",
    };
  }

  function itemName(i) { return items[i].name; }
  function optionName(o) { return options[o].name; }
  // A colour by its name (recordings before names were kept: its number).
  function colourName(c) { return (data.colours && data.colours[c]) || String(c); }

  // The effect of one step on the state.
  function apply(s, st) {
    switch (st.step) {
      case "select":
        st.hidden.forEach((x) => s.hidden.add(x));
        s.preselected.add(st.option);
        options[st.option].nodes.forEach((x) => {
          if (nodes[x][3] > 0) s.purified.set(nodeItem[x], nodes[x][3] - 1);
          else s.covered.add(nodeItem[x]);
        });
        s.text = "Selected before the search: " + optionName(st.option);
        break;
      case "exclude":
        st.hidden.forEach((x) => s.hidden.add(x));
        s.text = "Taken out before the search: " + optionName(st.option);
        break;
      case "choose": {
        s.level = st.level;
        s.stack.length = st.level;
        s.choice = st;
        const sep = st.lengths.some(([i]) => itemName(i).includes(" ")) ? ", " : " ";
        // At most CHOICE_ITEMS items, as the trace lists them, so that the
        // status line of a large problem stays a line.
        const shown = st.lengths.slice(0, CHOICE_ITEMS).map(([i, l]) => itemName(i) + "(" + l + ")");
        if (st.lengths.length > CHOICE_ITEMS) shown.push("and " + (st.lengths.length - CHOICE_ITEMS) + " more");
        s.text = "Level " + st.level + ": " + shown.join(sep) +
          " -> " + itemName(st.item) + (st.lengths.find(([i]) => i === st.item)[1] === 0 ? ": dead end" : "");
        break;
      }
      case "cover":
        s.level = st.level;
        st.hidden.forEach((x) => s.hidden.add(x));
        s.covered.add(st.item);
        s.text = "cover " + itemName(st.item) + ": hides " + st.hidden.length + " node" + (st.hidden.length === 1 ? "" : "s");
        break;
      case "uncover":
        s.level = st.level;
        st.unhidden.forEach((x) => s.hidden.delete(x));
        s.covered.delete(st.item);
        s.text = "uncover " + itemName(st.item) + ": puts back " + st.unhidden.length + " node" + (st.unhidden.length === 1 ? "" : "s");
        break;
      case "purify":
        s.level = st.level;
        st.hidden.forEach((x) => s.hidden.add(x));
        s.purified.set(st.item, st.colour);
        s.text = "purify " + itemName(st.item) + " with colour " + colourName(st.colour) + ": hides " +
          st.hidden.length + " node" + (st.hidden.length === 1 ? "" : "s");
        break;
      case "unpurify":
        s.level = st.level;
        st.unhidden.forEach((x) => s.hidden.delete(x));
        s.purified.delete(st.item);
        s.text = "unpurify " + itemName(st.item) + ": puts back " + st.unhidden.length + " node" +
          (st.unhidden.length === 1 ? "" : "s");
        break;
      case "try": {
        s.level = st.level;
        s.stack.length = st.level;
        s.stack.push({ option: st.option, k: st.k, n: st.n });
        s.path.length = st.level + 1;
        const id = s.tree.length;
        s.tree.push({ parent: s.path[st.level], depth: st.level + 1, option: st.option, outcome: "" });
        s.path.push(id);
        s.text = "try " + optionName(st.option) + " (" + st.k + " of " + st.n + ")";
        break;
      }
      case "backtrack": {
        if (s.choice && s.choice.level === st.level &&
            s.choice.lengths.find(([i]) => i === s.choice.item)[1] === 0) {
          const leaf = s.tree[s.path[st.level]];
          if (leaf && leaf.outcome === "") leaf.outcome = "dead";
        }
        s.level = st.level;
        s.stack.length = st.level;
        s.path.length = st.level + 1;
        s.choice = null;
        s.text = "backtrack: every option at level " + st.level + " has been tried";
        break;
      }
      case "solution": {
        s.solutions += 1;
        s.choice = null;
        s.level = st.options.length;
        s.stack.length = st.options.length;
        const leaf = s.tree[s.path[st.options.length]];
        if (leaf) leaf.outcome = "solution";
        s.text = "solution " + s.solutions + ": " + st.options.map(optionName).join("; ");
        break;
      }
      default:
        break;
    }
    s.step += 1;
  }

  function replay(k) {
    const s = initial();
    for (let j = 0; j < k; j++) apply(s, steps[j]);
    return s;
  }

  // LEN of every item: its nodes not hidden.
  function lengths(s) {
    return column.map((list) => list.reduce((n, x) => n + (s.hidden.has(x) ? 0 : 1), 0));
  }

  function isAlive(s, o) {
    if (s.preselected.has(o)) return false;
    for (const x of options[o].nodes) if (s.hidden.has(x)) return false;
    for (const i of optionItems[o]) if (s.covered.has(i)) return false;
    return true;
  }

  // ----- What is drawn -----
  const matrixEl = document.getElementById("matrix");
  const stackEl = document.getElementById("stack");
  const treeEl = document.getElementById("tree");
  const statusEl = document.getElementById("status");
  const linksBox = document.getElementById("links-view");
  const hideSelBox = document.getElementById("hide-selection");
  document.getElementById("title").textContent = data.title || "A search";

  // The items and options the pre-selection removed (hidden on request).
  const pre = replay(steps.findIndex((st) => st.step !== "select" && st.step !== "exclude") < 0
    ? steps.length
    : steps.findIndex((st) => st.step !== "select" && st.step !== "exclude"));
  const hasSelection = pre.step > 0;
  if (hasSelection) document.getElementById("hide-selection-label").hidden = false;
  // What the pre-selection removed is hidden once it is done: during its
  // own steps every row and column shows, so that each LEN counts rows on
  // the page.
  function hidingSelection(s) { return hasSelection && hideSelBox.checked && s.step >= pre.step; }
  function shownItems(s) {
    return items.map((_, i) => i).filter((i) => !(hidingSelection(s) && pre.covered.has(i)));
  }
  function shownOptions(s) {
    return options.map((_, o) => o).filter((o) => !(hidingSelection(s) && !isAlive(pre, o)));
  }

  let table = null;
  function buildTable(s) {
    const its = shownItems(s);
    const ops = shownOptions(s);
    const t = document.createElement("table");
    t.className = "matrix";
    const head = t.createTHead().insertRow();
    const corner = document.createElement("th");
    corner.textContent = "option \\ item";
    head.appendChild(corner);
    its.forEach((i) => {
      const th = document.createElement("th");
      th.className = "item" + (items[i].primary ? "" : " secondary");
      th.dataset.item = i;
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = itemName(i);
      const len = document.createElement("span");
      len.className = "len";
      len.dataset.item = i;
      th.append(name, len);
      head.appendChild(th);
    });
    const heads = [...head.querySelectorAll("th.item")].map((th) => ({
      th, len: th.querySelector(".len"), i: Number(th.dataset.item),
    }));
    const rows = [];
    const body = t.createTBody();
    ops.forEach((o) => {
      const tr = body.insertRow();
      const row = { tr, th: null, o, cells: [] };
      rows.push(row);
      tr.dataset.option = o;
      const th = document.createElement("th");
      th.className = "option";
      th.textContent = optionName(o);
      tr.appendChild(th);
      row.th = th;
      its.forEach((i) => {
        const td = tr.insertCell();
        const x = options[o].nodes.find((y) => nodeItem[y] === i);
        td.dataset.item = i;
        row.cells.push({ td, i, node: x === undefined ? -1 : x });
        if (x !== undefined) {
          td.className = "one";
          td.dataset.node = x;
          td.textContent = nodes[x][3] > 0 ? "1:" + colourName(nodes[x][3] - 1) : "1";
        } else {
          td.className = "zero";
          td.textContent = "0";
        }
      });
    });
    table = { el: t, items: its, options: ops, heads, rows, hiding: hidingSelection(s) };
    matrixEl.replaceChildren(t);
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svgEl(name, attrs) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }

  function drawLinks(s) {
    const its = shownItems(s);
    const ops = shownOptions(s);
    const dx = 34, dy = 22, left = 40, top = 30;
    const w = left + its.length * dx + 20, h = top + (ops.length + 1) * dy + 10;
    const svg = svgEl("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, role: "img" });
    svg.appendChild(svgEl("title", {})).textContent = "The dancing links";
    const colX = new Map(its.map((i, k) => [i, left + k * dx]));
    const rowY = new Map(ops.map((o, k) => [o, top + (k + 1) * dy]));
    // The list of active items, from the root.
    const active = its.filter((i) => !s.covered.has(i) && items[i].primary);
    let px = 12;
    svg.appendChild(svgEl("circle", { cx: 12, cy: top, r: 5, class: "node header" }));
    active.forEach((i) => {
      svg.appendChild(svgEl("line", { x1: px, y1: top, x2: colX.get(i), y2: top, class: "link" }));
      px = colX.get(i);
    });
    // Every item's list: its header and its nodes not hidden.
    its.forEach((i) => {
      const x = colX.get(i);
      const label = svgEl("text", { x: x, y: top - 10, "text-anchor": "middle", "font-size": 10 });
      label.textContent = itemName(i).length > 6 ? itemName(i).slice(0, 6) : itemName(i);
      svg.appendChild(label);
      let prevY = top;
      column[i].forEach((nx) => {
        const o = nodeOption[nx];
        if (!rowY.has(o) || s.hidden.has(nx)) return;
        svg.appendChild(svgEl("line", { x1: x, y1: prevY, x2: x, y2: rowY.get(o), class: "link" }));
        prevY = rowY.get(o);
      });
      svg.appendChild(svgEl("circle", { cx: x, cy: top, r: 5, class: "node header" + (s.covered.has(i) ? " covered" : "") }));
    });
    // The options' nodes, in rows.
    ops.forEach((o) => {
      const y = rowY.get(o);
      const xs = options[o].nodes.filter((nx) => colX.has(nodeItem[nx])).map((nx) => colX.get(nodeItem[nx]));
      if (xs.length > 1) {
        svg.appendChild(svgEl("line", { x1: Math.min(...xs), y1: y, x2: Math.max(...xs), y2: y, class: "hlink" }));
      }
      options[o].nodes.forEach((nx) => {
        if (!colX.has(nodeItem[nx])) return;
        const c = svgEl("circle", { cx: colX.get(nodeItem[nx]), cy: y, r: 4, class: "node" + (s.hidden.has(nx) ? " hidden" : "") });
        c.appendChild(svgEl("title", {})).textContent = "node " + nx + " (" + optionName(o) + ")";
        svg.appendChild(c);
      });
    });
    const div = document.createElement("div");
    div.id = "links";
    div.appendChild(svg);
    matrixEl.replaceChildren(div);
  }

  function drawTree(s) {
    const tree = s.tree;
    const shown = Math.min(tree.length, 600);
    const dx = 16, dy = 26;
    const maxDepth = tree.slice(0, shown).reduce((m, t) => Math.max(m, t.depth), 0);
    const w = 20 + shown * dx, h = 20 + (maxDepth + 1) * dy;
    const svg = svgEl("svg", { width: Math.min(w, 4000), height: h, viewBox: "0 0 " + w + " " + h, role: "img" });
    svg.appendChild(svgEl("title", {})).textContent = "The search tree so far: " + (tree.length - 1) + " nodes";
    const pos = (k) => [10 + k * dx, 10 + tree[k].depth * dy];
    for (let k = 1; k < shown; k++) {
      const [x1, y1] = pos(tree[k].parent);
      const [x2, y2] = pos(k);
      svg.appendChild(svgEl("line", { x1, y1, x2, y2, class: "tree-edge" }));
    }
    const current = s.path[s.path.length - 1];
    for (let k = 0; k < shown; k++) {
      const [cx, cy] = pos(k);
      const c = svgEl("circle", { cx, cy, r: 6, class: "tree-node " + tree[k].outcome + (k === current ? " current" : "") });
      c.appendChild(svgEl("title", {})).textContent = k === 0 ? "the root" : optionName(tree[k].option);
      svg.appendChild(c);
    }
    treeEl.replaceChildren(svg);
  }

  // The board, if there is one.
  const board = data.board;
  const cellEls = [];
  if (board) {
    document.getElementById("board-panel").hidden = false;
    const el = document.getElementById("board");
    el.style.gridTemplateColumns = "repeat(" + board.columns + ", 2.4rem)";
    for (let c = 0; c < board.rows * board.columns; c++) {
      const d = document.createElement("div");
      d.className = "cell";
      d.dataset.cell = c;
      const col = c % board.columns;
      if (col + 1 < board.columns && board.regions[c] !== board.regions[c + 1]) d.classList.add("r-right");
      if (c + board.columns < board.rows * board.columns && board.regions[c] !== board.regions[c + board.columns]) d.classList.add("r-bottom");
      d.dataset.base = d.className;
      el.appendChild(d);
      cellEls.push(d);
    }
  }

  function drawBoard(s) {
    const placed = new Map();
    const chosenOptions = new Set(s.stack.map((e) => e.option));
    s.preselected.forEach((o) => chosenOptions.add(o));
    chosenOptions.forEach((o) => {
      const p = board.placements[o];
      if (p) placed.set(p[0], [p[1], s.preselected.has(o)]);
    });
    const candidates = cellEls.map(() => []);
    options.forEach((_, o) => {
      const p = board.placements[o];
      if (p && isAlive(s, o)) candidates[p[0]].push(p[1]);
    });
    const focus = new Set();
    const note = document.getElementById("board-note");
    note.textContent = "";
    if (s.choice) {
      const cells = board.itemCells[s.choice.item];
      cells.forEach((c) => focus.add(c));
      const len = s.choice.lengths.find(([i]) => i === s.choice.item)[1];
      const what = cells.length === 1 ? "the cell " + itemName(s.choice.item) : itemName(s.choice.item);
      const single = len === 1 ? (cells.length === 1 ? " (a naked single)" : " (a hidden single)") : "";
      note.textContent = "Level " + s.choice.level + " branches on " + what + ": " + len + " option" + (len === 1 ? "" : "s") + single + ".";
    }
    cellEls.forEach((d, c) => {
      d.className = d.dataset.base + (focus.has(c) ? " focus" : "");
      const given = board.givens[c];
      let html;
      if (given !== null) {
        html = document.createElement("span");
        html.className = "given";
        html.textContent = given;
      } else if (placed.has(c)) {
        html = document.createElement("span");
        html.className = placed.get(c)[1] ? "given" : "placed";
        html.textContent = placed.get(c)[0];
      } else {
        html = document.createElement("span");
        html.className = "candidates";
        html.textContent = candidates[c].join(" ");
      }
      d.replaceChildren(html);
    });
  }

  // ----- The frame -----
  let state = initial();
  function render() {
    if (mode === "logic") renderLogic();
    else renderSearch();
  }
  function renderSearch() {
    const s = state;
    const lens = lengths(s);
    const activePrimaries = primaries.filter((i) => !s.covered.has(i));
    showMode();
    app.dataset.step = s.step;
    app.dataset.steps = steps.length;
    app.dataset.level = s.level;
    app.dataset.solutions = s.solutions;
    app.dataset.covered = [...s.covered].sort((a, b) => a - b).join(" ");
    app.dataset.lengths = activePrimaries.map((i) => i + ":" + lens[i]).join(" ");
    statusEl.textContent = "Step " + s.step + " of " + steps.length + ". " + s.text +
      "  [level " + s.level + ", " + s.solutions + " solution" + (s.solutions === 1 ? "" : "s") + " so far]";
    const choice = s.choice;
    let ties = new Set();
    if (choice) {
      const min = Math.min(...choice.lengths.map(([, l]) => l));
      ties = new Set(choice.lengths.filter(([, l]) => l === min).map(([i]) => i));
    }
    if (linksBox.checked) {
      drawLinks(s);
    } else {
      if (!table || !matrixEl.contains(table.el) || table.hiding !== hidingSelection(s)) buildTable(s);
      const stackOptions = new Set(s.stack.map((e) => e.option));
      // Classes are set whole, never toggled, so that a frame looks the
      // same however it was reached.
      const cls = (...names) => names.filter(Boolean).join(" ");
      // Only what changed is written: a large matrix stays quick to step.
      // An empty class is no attribute at all, however the frame was reached.
      const set = (el, name) => {
        if ((el.getAttribute("class") || "") === name) return;
        if (name) el.setAttribute("class", name);
        else el.removeAttribute("class");
      };
      for (const { th, len, i } of table.heads) {
        const text = String(lens[i]);
        if (len.textContent !== text) len.textContent = text;
        set(th, cls("item", !items[i].primary && "secondary", s.covered.has(i) && "covered",
          !!choice && choice.item === i && "chosen", ties.has(i) && "tie"));
      }
      for (const row of table.rows) {
        set(row.tr, cls((stackOptions.has(row.o) || s.preselected.has(row.o)) && "on-stack"));
        let anyHidden = false;
        for (const { td, i, node } of row.cells) {
          const hidden = node >= 0 && s.hidden.has(node);
          anyHidden = anyHidden || hidden;
          set(td, cls(node >= 0 ? "one" : "zero", hidden && "hidden", s.covered.has(i) && "covered",
            !!choice && choice.item === i && "chosen"));
        }
        set(row.th, cls("option", anyHidden && "hidden"));
      }
    }
    stackEl.replaceChildren(...s.stack.map((e, l) => {
      const li = document.createElement("li");
      li.textContent = "Level " + l + ": " + optionName(e.option) + " (" + e.k + " of " + e.n + ")";
      return li;
    }));
    drawTree(s);
    if (board) drawBoard(s);
    document.getElementById("back").disabled = s.step === 0;
    document.getElementById("start").disabled = s.step === 0;
    document.getElementById("next").disabled = s.step >= steps.length;
    document.getElementById("end").disabled = s.step >= steps.length;
  }

  // ----- The logic mode: a path of deductions -----
  // Frame k shows the first k deductions done, the k-th highlighted: its
  // base items' cells and headers in one style, its cover items' in
  // another, the candidates it removes struck through, the digits it
  // places marked. Frame k is computed from the path alone.
  function logicState(k) {
    const chosen = new Set(logic.chosen);
    const gone = new Set(logic.gone);
    for (let j = 0; j < k; j++) {
      logicSteps[j].forced.forEach((o) => chosen.add(o));
      logicSteps[j].gone.forEach((o) => gone.add(o));
    }
    const covered = new Set();
    chosen.forEach((o) => optionItems[o].forEach((i) => covered.add(i)));
    return { k, chosen, gone, covered, step: k > 0 ? logicSteps[k - 1] : null };
  }

  function showMode() {
    const logicMode = mode === "logic";
    app.dataset.mode = mode;
    document.getElementById("search-panels").hidden = logicMode;
    document.getElementById("next-choice").disabled = logicMode;
    document.getElementById("next-solution").disabled = logicMode;
    document.getElementById("links-view").disabled = logicMode;
    document.getElementById("logic-legend").hidden = !logicMode;
    const modeButton = document.getElementById("mode");
    modeButton.textContent = logicMode ? "Show the search" : "Show the logic";
  }

  function renderLogic() {
    showMode();
    const ls = logicState(logicAt);
    const n = logicSteps.length;
    const st = ls.step;
    app.dataset.logicStep = ls.k;
    app.dataset.logicSteps = n;
    app.dataset.covered = [...ls.covered].sort((a, b) => a - b).join(" ");
    let text;
    if (!st) {
      text = "Logic: the start, " + ls.chosen.size + " option" + (ls.chosen.size === 1 ? "" : "s") +
        " chosen before the first step." + (n ? " Next: the first deduction." : " No deduction follows.");
    } else {
      text = "Logic step " + ls.k + " of " + n + " (" + st.rule + "): " + st.text;
    }
    if (ls.k === n) text += (st ? "\n" : " ") + "End: " + logic.end + ".";
    statusEl.textContent = text;
    const base = new Set(st ? st.base : []);
    const cover = new Set(st ? st.cover : []);
    const removed = new Set(st ? st.removed : []);
    const forced = new Set(st ? st.forced : []);
    if (!table || !matrixEl.contains(table.el) || table.hiding !== hidingSelection(pre)) buildTable(pre);
    const cls = (...names) => names.filter(Boolean).join(" ");
    const set = (el, name) => {
      if ((el.getAttribute("class") || "") === name) return;
      if (name) el.setAttribute("class", name);
      else el.removeAttribute("class");
    };
    for (const { th, len, i } of table.heads) {
      const left = column[i].reduce((m, x) => {
        const o = nodeOption[x];
        return m + (ls.gone.has(o) || ls.chosen.has(o) ? 0 : 1);
      }, 0);
      const textLen = String(left);
      if (len.textContent !== textLen) len.textContent = textLen;
      set(th, cls("item", !items[i].primary && "secondary", ls.covered.has(i) && "covered",
        base.has(i) && "base", cover.has(i) && "cover"));
    }
    for (const row of table.rows) {
      const o = row.o;
      const goneNow = ls.gone.has(o) && !removed.has(o);
      set(row.tr, cls(ls.chosen.has(o) && "on-stack", removed.has(o) && "removed", forced.has(o) && "forced"));
      for (const { td, i, node } of row.cells) {
        set(td, cls(node >= 0 ? "one" : "zero", node >= 0 && goneNow && "hidden", ls.covered.has(i) && "covered",
          base.has(i) && "base", cover.has(i) && "cover"));
      }
      set(row.th, cls("option", goneNow && "hidden"));
    }
    if (board) drawBoardLogic(ls, base, cover, removed, forced);
    document.getElementById("back").disabled = ls.k === 0;
    document.getElementById("start").disabled = ls.k === 0;
    document.getElementById("next").disabled = ls.k >= n;
    document.getElementById("end").disabled = ls.k >= n;
  }

  function drawBoardLogic(ls, base, cover, removed, forced) {
    const baseCells = new Set();
    const coverCells = new Set();
    base.forEach((i) => board.itemCells[i].forEach((c) => baseCells.add(c)));
    cover.forEach((i) => board.itemCells[i].forEach((c) => coverCells.add(c)));
    const placed = new Map();
    ls.chosen.forEach((o) => {
      const p = board.placements[o];
      if (p) placed.set(p[0], [p[1], logicGivens.has(o), forced.has(o)]);
    });
    // Candidates: the options still possible, and those the step removes.
    const candidates = cellEls.map(() => []);
    options.forEach((_, o) => {
      const p = board.placements[o];
      if (!p || ls.chosen.has(o)) return;
      if (removed.has(o)) candidates[p[0]].push([p[1], true]);
      else if (!ls.gone.has(o)) candidates[p[0]].push([p[1], false]);
    });
    const note = document.getElementById("board-note");
    const names = (set) => [...set].map(itemName).join(", ");
    note.textContent = ls.step
      ? (base.size ? "Base: " + names(base) + "." : "") + (cover.size ? " Cover: " + names(cover) + "." : "")
      : "";
    cellEls.forEach((d, c) => {
      d.className = d.dataset.base + (baseCells.has(c) ? " base" : "") + (coverCells.has(c) ? " cover" : "");
      const given = board.givens[c];
      let html;
      if (given !== null) {
        html = document.createElement("span");
        html.className = "given";
        html.textContent = given;
      } else if (placed.has(c)) {
        const [symbol, isGiven, isForced] = placed.get(c);
        html = document.createElement("span");
        html.className = isGiven ? "given" : "placed" + (isForced ? " forced" : "");
        html.textContent = symbol;
      } else {
        html = document.createElement("span");
        html.className = "candidates";
        candidates[c].forEach(([symbol, gone], j) => {
          if (j > 0) html.append(" ");
          const e = document.createElement("span");
          e.className = "cand" + (gone ? " removed" : "");
          e.textContent = symbol;
          html.append(e);
        });
      }
      d.replaceChildren(html);
    });
  }

  function next() {
    if (mode === "logic") {
      if (logicAt < logicSteps.length) logicAt += 1;
    } else if (state.step < steps.length) apply(state, steps[state.step]);
  }
  function goTo(k) {
    if (mode === "logic") logicAt = Math.max(0, Math.min(k, logicSteps.length));
    else state = replay(Math.max(0, Math.min(k, steps.length)));
    render();
  }
  // The frame's number and the last, in the mode shown.
  function at() { return mode === "logic" ? logicAt : state.step; }
  function last() { return mode === "logic" ? logicSteps.length : steps.length; }
  function advanceUntil(kind) {
    if (mode === "logic" || state.step >= steps.length) return;
    do { next(); } while (state.step < steps.length && steps[state.step - 1].step !== kind);
    render();
  }

  let timer = null;
  const playButton = document.getElementById("play");
  const speed = document.getElementById("speed");
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = "Play";
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (at() >= last()) return;
    playButton.textContent = "Pause";
    timer = setInterval(() => {
      next();
      render();
      if (at() >= last()) stop();
    }, 1000 / Number(speed.value));
  }
  speed.addEventListener("input", () => {
    document.getElementById("speed-value").textContent = speed.value;
    if (timer !== null) { stop(); play(); }
  });

  document.getElementById("next").addEventListener("click", () => { next(); render(); });
  document.getElementById("back").addEventListener("click", () => goTo(at() - 1));
  document.getElementById("start").addEventListener("click", () => goTo(0));
  document.getElementById("end").addEventListener("click", () => goTo(last()));
  if (logic) {
    const modeButton = document.getElementById("mode");
    modeButton.hidden = false;
    modeButton.addEventListener("click", () => {
      stop();
      mode = mode === "logic" ? "search" : "logic";
      table = null;
      render();
    });
  }
  playButton.addEventListener("click", play);
  document.getElementById("next-choice").addEventListener("click", () => advanceUntil("choose"));
  document.getElementById("next-solution").addEventListener("click", () => advanceUntil("solution"));
  linksBox.addEventListener("change", () => { table = null; render(); });
  hideSelBox.addEventListener("change", () => { table = null; render(); });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type === "range") return;
    const k = e.key;
    if (k === "ArrowRight" || k === "n") { next(); render(); }
    else if (k === "ArrowLeft" || k === "b") goTo(at() - 1);
    else if (k === " ") { e.preventDefault(); play(); }
    else if (k === "c") advanceUntil("choose");
    else if (k === "s") advanceUntil("solution");
    else if (k === "Home") goTo(0);
    else if (k === "End") goTo(last());
  });

  render();
})();
