// The Long Way's turn log on the page, a line at a time (turnline.js builds the line): start it, a key or a
// tap on the sheet for its parts, add it to the store's turns (or write a changed turn back in its place),
// pick a row of the log, take a turn out.

import { Cursor } from "/static/input.js";
import { at } from "/static/record.js";
import { sheetOf, sq } from "/static/game/store.js";
import { gridOf } from "/static/game/edits.js";
import { drawBar } from "/static/game/pens.js";
import { paint, players, st, tell } from "/static/game/state.js";
import * as turnline from "/static/game/turnline.js";

export function startTurn(ctx) {
  const p = st.cursor ? st.cursor.player : players(ctx)[0];
  if (!st.cursor) st.cursor = { player: p, at: new Cursor(7, 7) };
  st.turn = turnline.blank(p);
  st.row = null;
}

export function turnKey(ctx, k) {
  if (turnline.key(st.turn, k) === "remove last") removeTurn(ctx, st.turn.player, (at(ctx.doc(), ["sheets", st.turn.player, "turns"]) || []).length);
  paint(ctx);
}

export function turnPick(ctx, ref) {
  if (ref.player !== st.turn.player) startTurn(ctx);  // the cursor is on the other store now: its own turn
  turnline.pick(st.turn, ref, sq(ref.r, ref.c), gridOf(ctx, st.turn.player)[ref.r][ref.c]);
  drawBar(ctx);
  paint(ctx);
  tell(ctx);
}

export function commitTurn(ctx) {
  const missing = turnline.missing(st.turn);
  if (missing) { ctx.say(`Not added yet: the turn needs ${missing} first (${turnline.text(st.turn) || "nothing yet"}).`); return true; }
  const text = turnline.text(st.turn);
  const { player: p, replace, back } = st.turn;
  ctx.edit((doc) => {
    const sh = sheetOf(doc, p), list = Array.isArray(sh.turns) ? sh.turns : [];
    sh.turns = replace && replace <= list.length ? list.map((t, k) => (k === replace - 1 ? text : t)) : [...list, text];
  });
  if (replace && !back) st.turn = null;  // changed from the store's pens: back to them
  else startTurn(ctx);
  drawBar(ctx);
  paint(ctx);
  ctx.say(replace ? `${p}: turn ${replace} is now "${text}".` : `${p}: turn "${text}" added. Next turn: type the dice.`);
}

export function removeTurn(ctx, p, i) {
  const list = at(ctx.doc(), ["sheets", p, "turns"]);
  if (!Array.isArray(list) || i < 1 || i > list.length) return;
  const gone = list[i - 1];
  if (st.row && st.row.player === p) st.row = null;
  ctx.edit((doc) => { const sh = sheetOf(doc, p); sh.turns.splice(i - 1, 1); if (!sh.turns.length) delete sh.turns; });
  drawBar(ctx);
  paint(ctx);
  ctx.say(`${p}: turn ${i} (${gone}) removed.`);
}

// a row of the log picked by a tap or a click (again: no longer picked); the bar offers what can be done to it
export function pickRow(ctx, p, i) {
  st.row = st.row && st.row.player === p && st.row.i === i ? null : { player: p, i };
  drawBar(ctx);
  paint(ctx);
  const line = (at(ctx.doc(), ["sheets", p, "turns"]) || [])[i - 1];
  if (st.row) ctx.say(`${p}'s turn ${i} picked: ${line}. Remove it or change it in the bar (Delete removes it).`);
}

// the turn builder a picked row can be changed in: its line read back (null: the builder cannot hold it as
// written, and the turns' text box is the way; or a line being built is not to be dropped)
export function changeable(ctx) {
  if (!st.row || (st.turn && turnline.text(st.turn))) return null;
  const line = (at(ctx.doc(), ["sheets", st.row.player, "turns"]) || [])[st.row.i - 1];
  return typeof line === "string" ? turnline.parse(st.row.player, line) : null;
}

export function changeTurn(ctx) {
  const t = changeable(ctx);
  if (!t) return;
  const back = Boolean(st.turn);
  st.turn = { ...t, replace: st.row.i, back };
  st.cursor = { player: t.player, at: st.cursor && st.cursor.player === t.player ? st.cursor.at : new Cursor(7, 7) };
  st.row = null;
  drawBar(ctx);
  paint(ctx);
  tell(ctx);
}
