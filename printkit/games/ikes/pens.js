// The Long Way's pen bar: what a tap on a square writes (Squares), what a tap on a side does (Sides), the
// turn log's builder (Dice, Add); the chosen pen and Add turn are in the phone's bar too (phone.js).

import { forHands } from "/static/words.js";
import * as turnline from "/static/game/turnline.js";
import { focusSheet, st, tell } from "/static/game/state.js";
import { at } from "/static/record.js";
import { changeable, changeTurn, commitTurn, pickRow, removeTurn, startTurn, turnKey } from "/static/game/turns.js";

const PENS = [".", "o", "1", "2", "3", "4", "5", "6", "C1", "C2"];
const EDGE_PENS = { wall: "Wall", door: "Doorway (d)", entrance: "Entrance (i)", exit: "Exit (x)" };

export const STYLE = `line.hit.edge:hover { stroke: var(--focus); stroke-opacity: .3; }
    /* the store with its key and log below it is tall: on a wide screen it is not drawn wider than squares of ~70 px need */
    body:not(.zoomed) #sheets .sheet { max-width: 34rem; }
    /* a phone on its side: the store about as tall as the screen, its spaces still 44 px (phone.js's fit) */
    @media (orientation: landscape) and (max-height: 500px) { body.zoomed #sheets .sheet { max-width: 23rem; } }
    rect.hit.square:hover { fill: var(--focus); fill-opacity: .07; }
    /* a side keeps its whole band (page.py's BAND deep) to point at when marked or picked: no dashes, no gaps */
    line.hit.edge.marked { stroke-width: 3.92px; }
    body.hide-mistakes line.hit.edge.marked { stroke-opacity: 0; } line.hit.edge.selected { stroke-width: 3.92px; stroke-opacity: .35; }
    g.sketch line.erase { stroke: var(--mistake); stroke-dasharray: 1 .7; } g.sketch line.wall { stroke-width: 1.1; }
    g.sketch rect { fill: var(--focus); fill-opacity: .15; stroke: var(--focus); stroke-width: .5; pointer-events: none; }
    .pens { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; margin: .15rem 0; }
    .pens .label { color: var(--soft); font-size: .9rem; min-width: 4.2rem; } .ikes-help { color: var(--soft); font-size: .85rem; margin: .3rem 0 0; }
    .pens button { min-width: 2.4rem; padding: .25rem .55rem; display: inline-flex; gap: .35rem; align-items: center; }
    .pens button svg { width: 1.5rem; height: 1.5rem; border: 1px solid #999; }
    .pens button[aria-pressed="true"] { background: #0072b2; color: #fff; border-color: #0072b2; }
    /* its words are cut short, never widening the page (contain: its own width is not its content's) */
    .pens.row-picked { flex-wrap: nowrap; min-height: 44px; contain: inline-size; overflow: hidden; } .pens.row-picked .said { flex: 1 1 0; min-width: 0; overflow: hidden;
      white-space: nowrap; text-overflow: ellipsis; color: var(--soft); font-size: .9rem; }
    .pens.row-picked button { flex: none; }
    .pens .turnline { font: 15px ui-monospace, monospace; background: #f1f5f9; padding: .2rem .5rem; border-radius: 4px; min-width: 14rem; }`;

function button(text, title, pressed, onclick) {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: forHands(text), title });
  if (pressed !== null) b.setAttribute("aria-pressed", String(pressed));
  b.onclick = onclick;
  return b;
}

const docked = (b, label) => { b.dataset.dock = label; return b; };  // in the phone's bar too (phone.js)
export function drawBar(ctx) {
  const names = ctx.info().displays || {};
  const pictures = ctx.info().pens || {};
  const rowEl = (label, ...items) => {
    const d = document.createElement("div");
    d.className = "pens";
    d.append(Object.assign(document.createElement("span"), { className: "label", textContent: label }), ...items);
    return d;
  };
  const act = (fn) => () => { const said = fn(); drawBar(ctx); focusSheet(ctx); if (said !== true) tell(ctx); };  // (true: its own words stand)
  // the log's picked row and what can be done to it (in the phone's bar too): a line of the bar all the
  // time, so that nothing below it moves when a row is picked
  // the phone's bar names the turn where it has the room (on its side; upright its line below says it)
  const named = st.row && matchMedia("(min-width: 600px)").matches ? ` turn ${st.row.i}` : "";
  const said = (text) => Object.assign(document.createElement("span"), { className: "said", textContent: forHands(text) });
  const row = rowEl(st.row ? `Turn ${st.row.i}` : "Turn log", ...(!st.row ? [said("Click a turn's row to remove or change it.")] : [
    said((at(ctx.doc(), ["sheets", st.row.player, "turns"]) || [])[st.row.i - 1] || ""),
    docked(button("Remove", `Take turn ${st.row.i} out of the log (Delete)`, null, act(() => removeTurn(ctx, st.row.player, st.row.i))), `Remove${named}`),
    ...(changeable(ctx) ? [docked(button("Change", `Turn ${st.row.i} in the turn builder, to be written back in its place`, null,
      act(() => changeTurn(ctx))), `Change${named}`)] : []),
    button("Keep", "Pick no turn", null, act(() => pickRow(ctx, st.row.player, st.row.i)))]));
  row.classList.add("row-picked");
  if (st.turn) {
    const line = Object.assign(document.createElement("span"), { className: "turnline", textContent: turnline.text(st.turn) || "\u00a0" });
    line.dataset.turnline = "";
    const n = st.turn.replace || (ctx.info().turns || {})[st.turn.player] + 1 || "";
    const add = st.turn.replace ? `Change turn ${n}` : "Add turn";
    st.bar.replaceChildren(row,
      rowEl(`Turn ${n}`, line,
        ((b) => (st.row ? b : docked(b, add)))(button(`${add} (Enter)`, st.turn.replace ? "Write this line back in its place" :
          "Add this line to the turn log", null, act(() => commitTurn(ctx))))),  // (a picked row's actions in the phone's bar instead)
      rowEl("Dice", ...["1", "2", "3", "4", "5", "6"].map((d) => button(d, "A die's number (the display's number once its space is picked)", null,
        act(() => turnKey(ctx, d)))), button("\u232b", "Take back the last part of the line (Backspace)", null, act(() => turnKey(ctx, "Backspace")))),
      rowEl("Add", button("+coins (c)", "The bonus: 2 coins", st.turn.bonus === "+coins", act(() => turnKey(ctx, "c"))),
        button("+wall (w)", "The bonus: a wall; then click in a space near its side", st.turn.pick === "wall", act(() => turnKey(ctx, "w"))),
        button("+door (d)", "The bonus: a doorway; then click in a space near the wall", st.turn.pick === "door", act(() => turnKey(ctx, "d"))),
        button("cafeteria (f)", "This turn drew a cafeteria: click its two spaces", st.turn.kind === "cafe", act(() => turnKey(ctx, "f"))),
        button("stop (s)", "Stopped playing", st.turn.kind === "stop", act(() => turnKey(ctx, "s"))),
        button("Done (Esc)", "Back to drawing the store", null, act(() => { st.turn = null; }))),
      Object.assign(document.createElement("p"), { className: "ikes-help", textContent: forHands(
        "Tap or type the dice (light, dark; more pairs for rerolls), click the tile's A1 space, then the display's space " +
        "(its number is read from the sheet, or type it). Enter adds the line; Backspace takes back the last part.") }));
    return;
  }
  const pens = PENS.map((m) => {
    const b = button(m === "." ? ". empty" : m === "o" ? "o tile" : m, `A click on a square writes ${m}` +
      (names[m] ? ` (${names[m]})` : ""), st.mode === "square" && st.pen === m, act(() => { st.pen = m; st.mode = "square"; }));
    b.dataset.pen = m;
    if (st.mode === "square" && st.pen === m && !st.row) b.dataset.dock = "pen";  // (a picked row's actions instead)  // the chosen pen, named in the phone's bar
    if (pictures[m]) b.insertAdjacentHTML("afterbegin", pictures[m]);
    return b;
  });
  const sides = Object.entries(EDGE_PENS).map(([k, label]) => {  // a side's pen: a tap in a square takes its nearest side
    const on = st.mode === "side" && st.edgePen === k;
    const b = button(label, k === "wall" ? "A click near a side draws or removes its wall" :
      `The next click near a side: ${k === "door" ? "a doorway through its wall" : `the ${k}`}`, on, act(() => { st.edgePen = k; st.mode = "side"; st.pending = null; }));
    if (on && !st.row) b.dataset.dock = "pen";
    return b;
  });
  st.bar.replaceChildren(row, rowEl("Squares", ...pens), rowEl("Sides", ...sides,
    button("Turn log (t)", "Add the turns, line by line", null, act(() => startTurn(ctx)))),
  Object.assign(document.createElement("p"), { className: "ikes-help", textContent: forHands(
    "Walls: pick Wall, then click anywhere in a space near the side you mean, or drag along the sides (a wall belongs to the " +
    "space you are in); a click on a wall removes it. With a square's pen, the thin band inside a side is its wall. " +
    "A doorway: Doorway, then a wall (again: a plain wall). Keys: arrows, o . 1-6 c1 c2 type the grid, " +
    "n e s w or Shift+arrow a wall, d i x then a side: doorway, entrance, exit.") }));
}
