// Front end of konane.BoardWidget (an anywidget ES module).
//
// Python computes everything and keeps it in the model's traits (picture, files,
// region_grid, region_values, legal_moves, winning_moves, value_text, outcome,
// outcome_text, thermograph_svg, status, error, can_undo, last_move, mode,
// keep_parity); this module only draws them and sends the user's requests back
// as custom messages:
//   {event: "cycle", square: "c3"}     edit mode: a click on a cell
//   {event: "move", move: "c3-a3"}     play mode: a stone, then its landing cell (or a drag)
//   {event: "undo"}
// The two options (mode, keep_parity) are traits the front end sets itself.

const CELL = 44;          // side of a cell, in pixels
const MARGIN = 22;        // room for the file letters and rank numbers
const SVGNS = "http://www.w3.org/2000/svg";
const BOARD_FILL = "#d8b57a";
const REGION_FILLS = ["#9ecae1", "#fdae6b", "#a1d99b", "#f4a3b4", "#c6b3e6",
                      "#f7d26a", "#8fd3c8", "#d9b38c", "#b7c7f0", "#e7a98f"];

function svgEl(name, attrs) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  return node;
}

function htmlEl(name, className, text) {
  const node = document.createElement(name);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// "c3-a3" -> ["c3", "a3"]
function ends(move) {
  const parts = String(move).split("-");
  return [parts[0], parts[parts.length - 1]];
}

function render({ model, el }) {
  let selected = null;      // square of the stone picked up in play mode
  let pressed = null;       // square under the pointer when it went down

  const root = htmlEl("div", "konane-widget");
  const bar = htmlEl("div", "kw-toolbar");
  const playBtn = htmlEl("button", "kw-mode kw-play", "Play");
  const editBtn = htmlEl("button", "kw-mode kw-edit", "Edit");
  const undoBtn = htmlEl("button", "kw-undo", "Undo");
  const parityLabel = htmlEl("label", "kw-parity");
  const parityBox = htmlEl("input");
  parityBox.type = "checkbox";
  parityLabel.append(parityBox, document.createTextNode(" keep parity"));
  for (const b of [playBtn, editBtn, undoBtn]) b.type = "button";
  bar.append(playBtn, editBtn, undoBtn, parityLabel);

  const main = htmlEl("div", "kw-main");
  const boardBox = htmlEl("div", "kw-board");
  const side = htmlEl("div", "kw-side");
  const valueLine = htmlEl("div", "kw-value");
  const statusLine = htmlEl("div", "kw-status");
  const errorBox = htmlEl("pre", "kw-error");
  const regionList = htmlEl("ul", "kw-regions");
  const winsBox = htmlEl("div", "kw-wins");
  const thermoBox = htmlEl("div", "kw-thermograph");
  const hint = htmlEl("div", "kw-hint");
  side.append(valueLine, statusLine, winsBox, regionList, thermoBox);
  main.append(boardBox, side);
  root.append(bar, main, hint, errorBox);
  el.appendChild(root);

  function grid() {
    const picture = model.get("picture") || "";
    return picture.length ? picture.split("/") : [];
  }

  function rankName(r, rows) {
    const ranks = model.get("ranks") || [];
    return ranks[r] || String(rows - r);
  }

  function squareName(r, c, rows) {
    const files = model.get("files") || [];
    return (files[c] || "?") + rankName(r, rows);
  }

  function contentOf(square) {
    const rows = grid();
    for (let r = 0; r < rows.length; r++) {
      for (let c = 0; c < rows[r].length; c++) {
        if (squareName(r, c, rows.length) === square) return rows[r][c];
      }
    }
    return "#";
  }

  function movesFrom(square, table) {
    const all = [...(table.x || []), ...(table.o || [])];
    return all.filter((m) => ends(m)[0] === square);
  }

  function drawBoard() {
    const rows = grid();
    const nrows = rows.length;
    const ncols = nrows ? rows[0].length : 0;
    const regions = model.get("region_grid") || [];
    const legal = model.get("legal_moves") || {};
    const wins = model.get("winning_moves") || {};
    const winning = new Set([...(wins.x || []), ...(wins.o || [])]);
    const winSources = new Set([...winning].map((m) => ends(m)[0]));
    const targets = new Map();          // landing squares of the selected stone -> winning?
    if (selected) {
      for (const m of movesFrom(selected, legal)) targets.set(ends(m)[1], winning.has(m));
    }
    const last = model.get("last_move") ? ends(model.get("last_move")) : [];
    const width = MARGIN + ncols * CELL + 4;
    const height = nrows * CELL + MARGIN + 4;
    const svg = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "kw-svg" });
    for (let r = 0; r < nrows; r++) {
      for (let c = 0; c < ncols; c++) {
        const ch = rows[r][c];
        if (ch === "#" || ch === " ") continue;
        const name = squareName(r, c, nrows);
        const x = MARGIN + c * CELL, y = 2 + r * CELL;
        const region = regions[r] ? regions[r][c] : -1;
        const g = svgEl("g", { class: "kw-cell", "data-square": name, "data-content": ch });
        const fill = region >= 0 ? REGION_FILLS[region % REGION_FILLS.length] : BOARD_FILL;
        const rect = svgEl("rect", { x, y, width: CELL, height: CELL, fill, stroke: "#7a5a2c",
                                     "stroke-width": 1, class: "kw-square" });
        g.appendChild(rect);
        if (last.includes(name)) {
          g.appendChild(svgEl("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, fill: "none",
                                        stroke: "#c0392b", "stroke-width": 2, "stroke-dasharray": "4 3",
                                        class: "kw-last" }));
        }
        const cx = x + CELL / 2, cy = y + CELL / 2;
        if (ch === "x" || ch === "o") {
          if (winSources.has(name)) {
            g.appendChild(svgEl("circle", { cx, cy, r: CELL * 0.46, fill: "none", stroke: "#1a9641",
                                            "stroke-width": 3, class: "kw-win-source" }));
          }
          g.appendChild(svgEl("circle", { cx, cy, r: CELL * 0.38, fill: ch === "x" ? "#1e1e1e" : "#f7f4ec",
                                          stroke: name === selected ? "#e6550d" : "#1e1e1e",
                                          "stroke-width": name === selected ? 4 : 1,
                                          class: `kw-stone ${ch === "x" ? "black" : "white"}` }));
        } else {
          g.appendChild(svgEl("circle", { cx, cy, r: CELL * 0.08, fill: "#a9844a", class: "kw-pit" }));
        }
        if (targets.has(name)) {
          g.appendChild(svgEl("circle", { cx, cy, r: CELL * 0.2, fill: targets.get(name) ? "#1a9641" : "#777",
                                          opacity: 0.8, class: targets.get(name) ? "kw-target kw-win"
                                                                                  : "kw-target" }));
        }
        svg.appendChild(g);
      }
    }
    const files = model.get("files") || [];
    for (let c = 0; c < ncols; c++) {
      const t = svgEl("text", { x: MARGIN + c * CELL + CELL / 2, y: nrows * CELL + 18, "text-anchor": "middle",
                                class: "kw-coord" });
      t.textContent = files[c] || "";
      svg.appendChild(t);
    }
    for (let r = 0; r < nrows; r++) {
      const t = svgEl("text", { x: MARGIN / 2, y: 2 + r * CELL + CELL / 2 + 5, "text-anchor": "middle",
                                class: "kw-coord" });
      t.textContent = rankName(r, nrows);
      svg.appendChild(t);
    }
    svg.addEventListener("pointerdown", onDown);
    svg.addEventListener("pointerup", onUp);
    boardBox.replaceChildren(svg);
  }

  function drawSide() {
    const mode = model.get("mode");
    playBtn.setAttribute("aria-pressed", String(mode === "play"));
    editBtn.setAttribute("aria-pressed", String(mode === "edit"));
    undoBtn.disabled = !model.get("can_undo");
    parityBox.checked = !!model.get("keep_parity");
    parityLabel.style.display = mode === "edit" ? "" : "none";
    hint.textContent = mode === "edit"
      ? "Click a cell: empty → Black → White → empty."
      : "Click a stone, then where it lands (or drag it). Either player may move.";

    const value = model.get("value_text");
    valueLine.replaceChildren();
    if (value) {
      valueLine.append(htmlEl("b", "", "value "), htmlEl("span", "kw-value-text", value),
                       htmlEl("span", "kw-sep", " · "), htmlEl("b", "", "outcome "),
                       htmlEl("span", "kw-outcome", `${model.get("outcome")} (${model.get("outcome_text")})`));
    }
    statusLine.textContent = model.get("status") || "";
    const error = model.get("error") || "";
    errorBox.textContent = error;
    errorBox.style.display = error ? "" : "none";

    const wins = model.get("winning_moves") || {};
    winsBox.replaceChildren();
    if (value) {
      for (const [key, who] of [["x", "Black"], ["o", "White"]]) {
        const line = htmlEl("div", `kw-win-line kw-win-${key}`);
        const list = wins[key] || [];
        if (list.length) {
          line.append(htmlEl("b", "", `${who} wins moving first by `), document.createTextNode(list.join(", ")));
        } else {
          line.append(htmlEl("b", "", `${who} has no winning move`));
        }
        winsBox.appendChild(line);
      }
    }
    const values = model.get("region_values") || [];
    regionList.replaceChildren();
    values.forEach((v, i) => {
      const item = htmlEl("li", "kw-region");
      const swatch = htmlEl("span", "kw-swatch");
      swatch.style.background = REGION_FILLS[i % REGION_FILLS.length];
      item.append(swatch, document.createTextNode(`region ${i + 1}` + (v ? `: ${v}` : "")));
      regionList.appendChild(item);
    });
    thermoBox.innerHTML = model.get("thermograph_svg") || "";   // SVG made by the Python side
  }

  function redraw() {
    drawBoard();
    drawSide();
  }

  function squareAt(event) {
    const hit = document.elementFromPoint(event.clientX, event.clientY) || event.target;
    const cell = hit && hit.closest ? hit.closest("[data-square]") : null;
    return cell ? cell.getAttribute("data-square") : null;
  }

  function onDown(event) {
    pressed = squareAt(event);
  }

  function onUp(event) {
    const square = squareAt(event);
    const from = pressed;
    pressed = null;
    if (!square) return;
    if (model.get("mode") === "edit") {
      if (from === square) model.send({ event: "cycle", square });
      return;
    }
    if (from && from !== square && "xo".includes(contentOf(from))) {      // a drag
      selected = null;
      model.send({ event: "move", move: `${from}-${square}` });
      drawBoard();
      return;
    }
    clickInPlay(square);
  }

  function clickInPlay(square) {
    const content = contentOf(square);
    if (selected === square) {
      selected = null;
    } else if (content === "x" || content === "o") {
      selected = square;
    } else if (selected) {
      const move = `${selected}-${square}`;
      selected = null;
      model.send({ event: "move", move });
    }
    drawBoard();
  }

  function setMode(mode) {
    selected = null;
    model.set("mode", mode);
    model.save_changes();
    redraw();
  }

  playBtn.addEventListener("click", () => setMode("play"));
  editBtn.addEventListener("click", () => setMode("edit"));
  undoBtn.addEventListener("click", () => {
    selected = null;
    model.send({ event: "undo" });
  });
  parityBox.addEventListener("change", () => {
    model.set("keep_parity", parityBox.checked);
    model.save_changes();
  });

  const traits = ["picture", "files", "ranks", "region_grid", "region_values", "legal_moves", "winning_moves",
                  "value_text", "outcome", "outcome_text", "thermograph_svg", "status", "error",
                  "can_undo", "last_move", "mode", "keep_parity"];
  const onChange = () => {
    if (selected && !"xo".includes(contentOf(selected))) selected = null;
    redraw();
  };
  for (const name of traits) model.on(`change:${name}`, onChange);
  redraw();
  // The static picture of this widget (the output before this one, for HTML exports and pages
  // without a widget front end) is hidden now that the live view is drawn.
  const hideStatic = () => {
    const id = model.get("static_id");
    if (!id || typeof document === "undefined") return;
    for (const node of document.querySelectorAll(`[data-konane-static="${id}"]`)) {
      const output = node.closest(".jp-OutputArea-child, .output_area") || node;
      output.style.display = "none";
    }
  };
  hideStatic();
  setTimeout(hideStatic, 500);    // in case the front end adds the outputs one after the other
  return () => {
    for (const name of traits) model.off(`change:${name}`, onChange);
  };
}

export default { render };
