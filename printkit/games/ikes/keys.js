// The Long Way's keys (a sheet focused): arrows move the cursor; o . 1-6 and c1/c2 write the square and move
// on; Space or Enter writes the pen's mark; Backspace empties and moves back, Delete empties; n e s w or
// Shift+arrow toggle that side's wall; d, i or x and then a side: doorway, entrance, exit; t: turns; and in
// the turn log: the dice, c w d f s, Space for the square, Enter adds the line, Esc leaves.

import { Cursor } from "/static/input.js";
import { sq } from "/static/game/store.js";
import { gridOf, setSquares, sideAction } from "/static/game/edits.js";
import { drawBar } from "/static/game/pens.js";
import { paint, playerOfBox, st, tell } from "/static/game/state.js";
import { commitTurn, removeTurn, startTurn, turnKey, turnPick } from "/static/game/turns.js";

const ARROWS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };

export function key(ctx, e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const box = document.activeElement && document.activeElement.closest && document.activeElement.closest(".sheet");
  if (!st.cursor) {
    const p = box ? playerOfBox(ctx, box) : null;
    if (!p) return;
    st.cursor = { player: p, at: new Cursor(7, 7) };
  }
  let k = e.key;
  if (st.pending === "c" && !/^[1-9]$/.test(k)) st.pending = null;
  const side = (ARROWS[k] && (e.shiftKey || (st.pending && st.pending !== "c")) && ARROWS[k]) ||
    (/^[nesw]$/i.test(k) && (!st.turn || st.turn.pick) && k.toUpperCase()) || null;
  if (st.turn) {
    if (k === "Escape") { st.turn = null; drawBar(ctx); tell(ctx); return; }
    if (side && st.turn.pick) { e.preventDefault(); turnPick(ctx, { kind: "edge", player: st.cursor.player, r: st.cursor.at.r, c: st.cursor.at.c, side }); return; }
    if (ARROWS[k]) { e.preventDefault(); step(ctx, ARROWS[k]); return; }
    if (k === " ") { e.preventDefault(); turnPick(ctx, { kind: "square", player: st.cursor.player, r: st.cursor.at.r, c: st.cursor.at.c }); return; }
    if (k === "Enter") { e.preventDefault(); commitTurn(ctx); return; }
    if (k === "Backspace" || k === "Delete" || /^[1-6cwdfs]$/.test(k)) { e.preventDefault(); turnKey(ctx, k); drawBar(ctx); tell(ctx); }
    return;
  }
  if (st.pending === "c" && /^[1-9]$/.test(k)) { st.pending = null; e.preventDefault(); typeMark(ctx, `C${k}`); return; }
  if (st.pending && st.pending !== "c" && side) {
    e.preventDefault();
    const what = { d: "door", i: "entrance", x: "exit" }[st.pending];
    st.pending = null;
    sideAction(ctx, st.cursor.player, st.cursor.at.r, st.cursor.at.c, side, what);
    return;
  }
  if (k === "Escape") { st.pending = null; st.edgePen = "wall"; st.row = null; drawBar(ctx); paint(ctx); tell(ctx); return; }
  if (side) { e.preventDefault(); sideAction(ctx, st.cursor.player, st.cursor.at.r, st.cursor.at.c, side, "wall"); return; }
  if (ARROWS[k]) { e.preventDefault(); step(ctx, ARROWS[k]); return; }
  if (k === "O") k = "o";
  if (/^[o.1-6]$/.test(k)) { e.preventDefault(); typeMark(ctx, k); return; }
  if (/^[cdixCDIX]$/.test(k)) {
    st.pending = k.toLowerCase();
    ctx.say(st.pending === "c" ? "Cafeteria: type its number, 1 or 2." : `${{ d: "Doorway", i: "Entrance", x: "Exit" }[st.pending]}: which side of ${sq(st.cursor.at.r, st.cursor.at.c)}? n, e, s, w or an arrow.`);
    return;
  }
  if (k === " " || k === "Enter") {
    e.preventDefault();
    const here = gridOf(ctx, st.cursor.player)[st.cursor.at.r][st.cursor.at.c];
    setSquares(ctx, st.cursor.player, [[st.cursor.at.r, st.cursor.at.c]], here === st.pen ? "." : st.pen);
  } else if (k === "Backspace" || k === "Delete") {
    e.preventDefault();
    if (st.row) { removeTurn(ctx, st.row.player, st.row.i); st.row = null; return; }
    const at = [st.cursor.at.r, st.cursor.at.c];
    if (k === "Backspace") back();
    setSquares(ctx, st.cursor.player, [at], ".");
  } else if (k === "t" || k === "T") {
    startTurn(ctx);
    drawBar(ctx);
    tell(ctx);
  }
}

function step(ctx, side) {
  st.cursor.at.move({ N: "up", E: "right", S: "down", W: "left" }[side]);
  paint(ctx);
  tell(ctx);
}

function back() { if (st.cursor.at.r > 0 || st.cursor.at.c > 0) st.cursor.at.next(-1); }

function typeMark(ctx, mark) {  // as typing the grid: write, then on to the next square in reading order
  const at = [st.cursor.at.r, st.cursor.at.c];
  if (st.cursor.at.r < 6 || st.cursor.at.c < 6) st.cursor.at.next(1);
  setSquares(ctx, st.cursor.player, [at], mark, mark === "." ? "emptied" : `now ${mark}`);
}
