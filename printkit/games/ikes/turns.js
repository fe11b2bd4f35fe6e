// The Long Way's turn log on the page, a line at a time (turnline.js builds the line): start it, a key or a
// tap on the sheet for its parts, add it to the store's turns, take a turn back.

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
  if (missing) { ctx.say(`The turn needs ${missing} first: ${turnline.text(st.turn) || "(nothing yet)"}`); return; }
  const text = turnline.text(st.turn);
  const p = st.turn.player;
  ctx.edit((doc) => { const sh = sheetOf(doc, p); sh.turns = [...(Array.isArray(sh.turns) ? sh.turns : []), text]; });
  startTurn(ctx);
  drawBar(ctx);
  ctx.say(`${p}: turn "${text}" added. Next turn: type the dice.`);
}

export function removeTurn(ctx, p, i) {
  const list = at(ctx.doc(), ["sheets", p, "turns"]);
  if (!Array.isArray(list) || i < 1 || i > list.length) return;
  const gone = list[i - 1];
  ctx.edit((doc) => { const sh = sheetOf(doc, p); sh.turns.splice(i - 1, 1); if (!sh.turns.length) delete sh.turns; });
  ctx.say(`${p}: turn ${i} (${gone}) removed.`);
}
