// The Long Way on the page, what the player has picked and is building (the pens, the keyboard's square, a
// key waiting for its second, the turn line, a picked row), and what the page shows of it: the line said
// to the player and the squares and sides marked on the sheet.

import { sq } from "/static/game/store.js";
import { gridOf } from "/static/game/edits.js";
import * as turnline from "/static/game/turnline.js";

export const st = {
  pen: "o",          // what a click on a square writes
  edgePen: "wall",   // what the next click on a side does (door, entrance, exit: once, then wall again)
  mode: "square",    // the pen picked last: "square" (a click in a square writes the pen) or "side" (it takes a side)
  cursor: null,      // {player, at: Cursor}: the keyboard's square
  pending: null,     // a key waiting for its second key: "c" (a cafeteria number), "d" / "i" / "x" (a side)
  turn: null,        // the turn line being built (turn mode), or null
  row: null,         // {player, i}: a turn row picked by a click (Delete removes it)
  bar: null,         // the pen bar's element
};

export function players(ctx) { return ctx.info().players || Object.keys(ctx.doc().sheets || {}); }
export function playerOfBox(ctx, box) { const i = [...ctx.board.root.children].indexOf(box); return i >= 0 ? players(ctx)[i] : null; }
export function focusSheet(ctx) {
  const i = st.cursor ? players(ctx).indexOf(st.cursor.player) : 0;
  const box = ctx.board.root.children[Math.max(0, i)];
  if (box) box.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- what the page shows of the input

export function tell(ctx) {
  if (st.turn) {
    const missing = turnline.missing(st.turn);
    const n = st.turn.replace || ((ctx.info().turns || {})[st.turn.player] || 0) + 1;
    ctx.say(`${st.turn.player}, turn ${n}: ${turnline.text(st.turn) || "\u2026"}  (${missing ? `next: ${missing}` : st.turn.replace ? "Enter writes it back" : "Enter adds it"})`);
    const line = st.bar.querySelector("[data-turnline]");
    if (line) line.textContent = turnline.text(st.turn) || "\u00a0";
    return;
  }
  const lacking = Object.entries(ctx.info().missing || {}).filter(([, what]) => what.length)
    .map(([p, what]) => `${p}'s ${what.join(" and ")}`);
  const still = lacking.length ? ` Still to draw: ${lacking.join("; ")} (Entrance and Exit buttons, then a side on the store's edge).` : "";
  if (!st.cursor) { ctx.say(`Pick what a square gets (Squares) or a side (Sides), then click squares and sides; or click a sheet and type.${still}`); return; }
  const mark = gridOf(ctx, st.cursor.player)[st.cursor.at.r][st.cursor.at.c];
  ctx.say(`${st.cursor.player}, ${sq(st.cursor.at.r, st.cursor.at.c)}: ${mark}. ${st.mode === "side" ? `A click in a space takes its nearest side: ${st.edgePen === "wall" ? "a wall" : `the ${st.edgePen}`}` : `A click on a square writes ${st.pen}${st.edgePen !== "wall" ? `; next side: ${st.edgePen}` : ""}`}.${still}`);
}

export function paint(ctx) {
  for (const el of ctx.board.root.querySelectorAll(".cursor, .selected")) el.classList.remove("cursor", "selected");
  if (st.cursor) for (const el of ctx.board.all(`${st.cursor.player}:${sq(st.cursor.at.r, st.cursor.at.c)}`)) el.classList.add("cursor");
  if (st.row) for (const el of ctx.board.all(`turn:${st.row.player}:${st.row.i}`)) el.classList.add("selected");
  if (st.turn) {
    const { spaces, side } = turnline.picked(st.turn);
    for (const s of spaces) for (const el of ctx.board.all(`${st.turn.player}:${s}`)) el.classList.add("selected");
    if (side) for (const el of ctx.board.all(`${st.turn.player}:${side}`)) el.classList.add("selected");
  }
}
