// Add/Residue on the page: a tap or click on an open number of a player's pile is that player's move
// (move:Ben:add K, move:Ben:mod K): what is tapped is what is written, also for taps kept while the server
// does not answer (Ben's pile tapped then is Ben's move, never the move of whoever the page showed to move);
// a move out of turn is the scorer's to name. The move goes into the log and the scorer answers. The m the
// players wrote after a move goes with it: typed in the box under the piles (or "=" then the number, then
// Enter), or picked as the m the rules give; the scorer then checks it. Keys (for the player to move):
// arrows walk their open numbers, Enter or Space plays one; or type the number and then a (add) or m (mod);
// Backspace takes back the last move. "How did we play?" asks for the review of perfect play.
import { placeAt, track } from "/static/input.js";

// "move:Ben:add 6" -> {who: "Ben", move: "add 6", pile: "add", k: 6}
function parseMove(ref) {
  const body = ref.slice(5), i = body.lastIndexOf(":");
  const move = body.slice(i + 1), [pile, k] = move.split(" ");
  return { who: body.slice(0, i), move, pile, k: Number(k) };
}

let cursor = null;  // the data-ref under the keyboard cursor
let typed = "";
let written = null; // "=" typed: the m written after the last move, being typed
let mBox = null;

export function start(ctx) {
  ctx.track(ctx.board.root, {  // a tap or click on an open number plays it
    pick: (x, y) => { const p = placeAt(ctx.board.root, x, y, (ref) => ref.startsWith("move:")); return p && { ...p, soft: true }; },
    down: (place) => ({ ref: place.ref }),
    up(stroke, place) {
      if (!place || place.ref !== stroke.ref) return;
      const { who, move } = parseMove(stroke.ref);
      if (who === ctx.info().to_move) cursor = stroke.ref;
      play(ctx, who, move);
    },
  });
  ctx.controls.append(mControls(ctx));
  const ask = Object.assign(document.createElement("button"), { type: "button", textContent: "How did we play?" });
  ask.title = "Each move's cost against perfect play (two players)";
  ask.onclick = () => review(ctx, ask);
  ctx.controls.append(ask);
  ctx.board.onShow(() => paint(ctx));
}

export function checked(ctx) { tell(ctx); }

function tell(ctx) {
  const inf = ctx.info();
  if (inf.to_move === undefined) return;
  showM(ctx);
  if (written !== null) { ctx.say(`m written after the last move: ${written || "..."} (Enter writes it, Escape drops it)`); return; }
  if (!inf.to_move) { ctx.say(`All ${inf.of} moves are in: the game is over.`); return; }
  ctx.say(`Move ${inf.moves + 1} of ${inf.of}: ${inf.to_move} to move, m is ${inf.m}.` + (typed ? ` Typed: ${typed} (a: add, m: mod)` : ""));
}

function play(ctx, who, move) {
  if (!ctx.info().to_move) { ctx.say("The log is full: every move has been played."); return; }
  ctx.edit((doc) => {
    if (!Array.isArray(doc.moves)) doc.moves = [];
    doc.moves.push(`${who} ${move}`);
  });
}

// ---------------------------------------------------------------- the m written after a move

const MOVE = /^(.*?\b(?:add|mod)\s+[+-]?\d+)\s*(?:=\s*(\S+))?\s*$/i;

function lastMove(ctx) {  // [the line without its m, the m written or null], or null with no move yet
  const moves = ctx.doc().moves || [];
  const m = moves.length ? MOVE.exec(String(moves[moves.length - 1])) : null;
  return m ? [m[1], m[2] ?? null] : null;
}

function writeM(ctx, value) {  // the m the players wrote after the last move; "" takes it away
  const last = lastMove(ctx);
  if (!last) { ctx.say("No move yet: the m written goes with a move."); return; }
  const v = String(value).trim();
  if (v && !/^\d+$/.test(v)) { ctx.say(`'${v}' is not a number: m is a whole number.`); return; }
  ctx.edit((doc) => { doc.moves[doc.moves.length - 1] = v ? `${last[0]} = ${v}` : last[0]; });
  ctx.say(v ? `m after move ${(ctx.doc().moves || []).length}: ${v}.` : "The m written is taken away.");
}

function mControls(ctx) {
  const box = Object.assign(document.createElement("div"), { className: "moves" });
  const label = Object.assign(document.createElement("label"), { textContent: "m written after the last move:" });
  const input = Object.assign(document.createElement("input"), { type: "text", inputMode: "numeric", size: 4, placeholder: "m" });
  input.setAttribute("aria-label", "m written after the last move");
  input.dataset.m = "";
  const write = Object.assign(document.createElement("button"), { type: "button", textContent: "Write" });
  write.onclick = () => writeM(ctx, input.value);
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); writeM(ctx, input.value); } });
  const rules = Object.assign(document.createElement("button"), { type: "button" });
  rules.dataset.pickM = "";
  rules.title = "The m the rules give after the last move (as the players should have written it)";
  rules.onclick = () => writeM(ctx, String(ctx.info().m));
  rules.textContent = "= ? (the rules)";
  rules.disabled = true;
  box.append(label, input, write, rules);
  mBox = { box, input, rules };
  return box;
}

function showM(ctx) {  // the box keeps its place from the start (nothing moves when the first move is in)
  if (!mBox) return;
  const last = lastMove(ctx);
  const m = ctx.info().m, known = m !== undefined && m !== null;  // (not known for a move not answered yet)
  if (last && document.activeElement !== mBox.input) mBox.input.value = last[1] ?? "";
  mBox.input.placeholder = known ? `${m}?` : "m";  // the m to write, as the rules give it
  mBox.rules.textContent = `= ${known ? m : "?"} (the rules)`;  // never an empty button
  mBox.rules.disabled = !known || !last;
}

function buttons(ctx) {  // the open numbers of the player to move, the keys' moves
  const mine = `move:${ctx.info().to_move}:`;
  return [...ctx.board.root.querySelectorAll('[data-ref^="move:"]')].map((el) => el.dataset.ref).filter((r) => r.startsWith(mine));
}

export function key(ctx, e) {
  const open = buttons(ctx);
  if (written !== null) {  // "=" then the m written after the last move, then Enter
    if (/^[0-9]$/.test(e.key)) { e.preventDefault(); written = (written + e.key).slice(0, 4); tell(ctx); return; }
    if (e.key === "Backspace") { e.preventDefault(); written = written.slice(0, -1); tell(ctx); return; }
    if (e.key === "Enter") { e.preventDefault(); const v = written; written = null; writeM(ctx, v); return; }
    if (e.key === "Escape") { written = null; tell(ctx); return; }
  }
  if (e.key === "=") { e.preventDefault(); written = ""; typed = ""; tell(ctx); return; }
  if (/^[0-9]$/.test(e.key)) { typed = (typed + e.key).slice(-2); tell(ctx); e.preventDefault(); return; }
  if ((e.key === "a" || e.key === "m") && typed) {
    e.preventDefault();
    const move = `${e.key === "a" ? "add" : "mod"} ${Number(typed)}`;
    typed = "";
    const who = ctx.info().to_move;
    if (open.includes(`move:${who}:${move}`)) play(ctx, who, move);
    else ctx.say(`${move} is not open to ${ctx.info().to_move || "anyone"}: pick a number not yet crossed off.`);
    return;
  }
  if (e.key === "Escape") { typed = ""; tell(ctx); return; }
  if (e.key === "Backspace" || e.key === "Delete") {
    e.preventDefault();
    if (typed) { typed = typed.slice(0, -1); tell(ctx); return; }
    const moves = ctx.doc().moves || [];
    if (moves.length) { const last = moves[moves.length - 1]; ctx.edit((doc) => { doc.moves.pop(); }); ctx.say(`Took back: ${last}.`); }
    return;
  }
  if (!open.length) return;
  const i = Math.max(0, open.indexOf(cursor));
  const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
  if (step) { e.preventDefault(); cursor = open[(i + step + open.length) % open.length]; paint(ctx); return; }
  if (e.key === "ArrowUp" || e.key === "ArrowDown") {  // the same number on the other pile, or the nearest
    e.preventDefault();
    const { pile, k } = parseMove(cursor || open[0]);
    const other = pile === "add" ? "mod" : "add";
    const same = open.filter((r) => parseMove(r).pile === other);
    if (same.length) cursor = same.reduce((best, r) => Math.abs(parseMove(r).k - k) < Math.abs(parseMove(best).k - k) ? r : best);
    paint(ctx);
    return;
  }
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    const target = open.includes(cursor) ? cursor : open[0];
    cursor = target;
    const { who, move } = parseMove(target);
    play(ctx, who, move);
  }
}

function paint(ctx) {
  for (const el of ctx.board.root.querySelectorAll(".cursor")) el.classList.remove("cursor");
  const open = buttons(ctx);
  if (cursor && !open.includes(cursor)) cursor = open.find((r) => parseMove(r).pile === parseMove(cursor).pile) || open[0] || null;
  if (cursor) for (const el of ctx.board.all(cursor)) el.classList.add("cursor");
}

async function review(ctx, button) {
  button.disabled = true;
  ctx.show(Object.assign(document.createElement("p"), { textContent: "Searching perfect play..." }));
  const answer = await ctx.ask("review");
  button.disabled = false;
  const box = document.createElement("div");
  box.className = "answer";
  const h = Object.assign(document.createElement("h3"), { textContent: "How did we play?" });
  box.append(h);
  if (answer.error) { box.append(Object.assign(document.createElement("p"), { textContent: answer.error })); ctx.show(box); return; }
  const costly = answer.moves.filter((m) => m.loss);
  const p = document.createElement("p");
  p.textContent = answer.value === null ? "The log is too early to search exactly yet."
    : costly.length ? `${costly.length} move(s) gave points away against perfect play:` : "No move gave anything away: both played perfectly.";
  box.append(p);
  const table = document.createElement("table");
  table.innerHTML = "<thead><tr><th>row</th><th>player</th><th>move</th><th>cost</th><th>best</th></tr></thead>";
  const body = document.createElement("tbody");
  for (const m of answer.moves) {
    const tr = document.createElement("tr");
    for (const v of [m.index, m.player, m.move, m.loss === null ? "not searched" : m.loss, (m.best || []).join(", ")]) {
      tr.append(Object.assign(document.createElement("td"), { textContent: String(v) }));
    }
    if (m.loss) tr.className = "costly";
    body.append(tr);
  }
  table.append(body);
  box.append(table);
  ctx.show(box);
}
