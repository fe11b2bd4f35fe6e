// Selling Knives on the page. The player to move (from the scorer's replay) draws with one click on the
// card drawn (card:Q); a claim is roads picked on the map (click a road, or drag or click from centre to
// centre) and cards picked from that player's hand (hand:Q, a tap a card of that rank) or from the ranks, then Claim (or Enter).
// With no draws written the record is claims only: pick the player, the roads and any cards. The sum
// check of a claim being picked comes from the server (the answer "claim"), and every rule from the
// scorer: this module only turns pointing and keys into lines of the record.
// Keys: a j q k (and digits then Space: 2 ... 10) pick a rank; 3-4 then Space picks a road; arrows move
// a cursor over the ranks and the hand, Space picks the card under it; Enter claims (or picks); Escape
// cancels; p passes (when allowed); Backspace takes back the last pick or turn; Delete removes the log
// row picked.
// The picks are the page's own: they act at once, offline too. A turn written (a draw, a claim, a pass)
// waits for the newest answer, for whose turn it is is the scorer's (ctx.later): kept in order while the
// server does not answer, each the next seat's in the order the last answer gave; meanwhile the hand shown
// holds the cards drawn and not the cards spent in those turns, and a claim can spend them.
import { post } from "/static/api.js";
import { centreOf, clearSketch, placeAt, sketchLine, toSheet, track } from "/static/input.js";
import { CSS } from "/static/game/look.js";
import { besideDisc, discOf, roadUnder, roadsNear } from "/static/game/reach.js";

let roads = [];      // the claim being picked: roads "3-4" (smaller centre first) ...
let cards = [];      // ... and cards [{rank, ref}] in the order picked
let claimant = null; // claims only: who claims
let anchor = null;   // a centre clicked: the first end of a road
let row = null;      // the log row picked (turn number)
let typed = "";
let cursor = null;   // the card under the keyboard cursor (arrows move it over the ranks and the hand)
let asked = 0;       // the newest sum check asked for
let panel = null;

export function start(ctx) {
  document.head.append(Object.assign(document.createElement("style"), { textContent: CSS }));
  panel = buildPanel(ctx);
  const root = ctx.board.root;
  ctx.track(root, {
    atOnce: true,  // the picks are the page's own; a turn written waits for whose turn it is (replay)
    pick: (x, y, type) => target(ctx, x, y, type),
    down: (place) => ({ ref: place.ref, el: place.el, alts: place.alts }),
    moved: (stroke, at) => move(ctx, stroke, at),
    up: (stroke, place, moved) => up(ctx, stroke, place, moved),
    cancel: () => clearSketch(root),
  });
  ctx.board.onShow(() => { paint(ctx); showPanel(ctx); });
}

export function checked(ctx) { tell(ctx); }

// the claim half picked, kept over a reload (and given back to resume)
export function held() { return roads.length || cards.length ? { roads, cards, claimant } : null; }
export function resume(ctx, kept) {
  if (!kept) return;
  roads = kept.roads || []; cards = kept.cards || []; claimant = kept.claimant || null;
  changed(ctx);
}

// ---------------------------------------------------------------- the record

// place: a turn written for the player to move, which the server gives the next turn's player when
// another phone's turn came first
function append(ctx, line, place = false) {
  ctx.edit((doc) => {
    if (!Array.isArray(doc.turns)) doc.turns = [];
    doc.turns.push(line);
  }, place ? { place: line } : {});
}

function mover(ctx) {
  const inf = ctx.info();
  if (inf.mode === "claims" || (inf.mode === "open" && (roads.length || cards.length))) return claimant || toMove(ctx) || inf.players[0];
  return toMove(ctx);
}

// the turns entered that the last answer does not hold yet: written (the log's lines past the turns it
// counted) and kept (ctx.later); each the next seat's in the order the answer gave: [{who, draw?, spent?}]
function ahead(ctx) {
  const inf = ctx.info();
  if (inf.mode !== "replay" && inf.mode !== "open") return [];
  const order = inf.order || [];
  const turns = [];
  for (const line of (ctx.doc().turns || []).slice(inf.turns || 0)) {
    const m = /^(.+?)\s+(draws?|claims?|pass(?:es)?)(?:\s+(.*))?$/i.exec(String(line).trim());  // (record.py's TURN)
    const verb = m ? m[2].toLowerCase().slice(0, 4) : null;
    if (m) turns.push(verb === "draw" ? { draw: m[3] } : verb === "clai" ? { spent: (m[3] || "").split(/\s+with\s+/i)[1]?.split(/\s+/) || [] } : {});
  }
  for (const what of ctx.kept()) {
    if (what.draw) turns.push({ draw: what.draw });
    else if (what.claim) turns.push({ spent: what.claim.cards });
    else if (what.pass) turns.push({});
  }
  return order.length ? turns.map((t, k) => ({ ...t, who: order[k % order.length] })) : [];
}

// the player to move once the turns ahead are in (the last answer's when there are none)
function toMove(ctx) {
  const inf = ctx.info(), order = inf.order || [];
  return order.length ? order[ahead(ctx).length % order.length] : inf.to_move;
}

// the cards `who` holds once the turns ahead are in, and those of them drawn in those turns
function handOf(ctx, who) {
  const inf = ctx.info();
  const held = [...((inf.hands || {})[who] || (who === inf.to_move ? inf.hand || [] : []))];
  const drawn = [];
  for (const t of ahead(ctx)) {
    if (t.who !== who) continue;
    if (t.draw) { held.push(t.draw); drawn.push(t.draw); }
    for (const r of t.spent || []) {
      const i = held.indexOf(r);
      if (i >= 0) held.splice(i, 1);
      const j = drawn.indexOf(r);
      if (j >= 0) drawn.splice(j, 1);
    }
  }
  return { held, drawn };
}

// a turn written: now, or kept until the server answers (then written as the next seat's turn)
function turn(ctx, what, marks) {
  const who = toMove(ctx);
  const now = ctx.later(what, marks.map((ref) => ({ ref, who })));
  paint(ctx); showPanel(ctx);
  if (!now) tell(ctx);  // (written now: what the edit said stands, and the answer tells the rest)
}

export function replay(ctx, what) {  // a turn kept, written on the newest answer
  if (what.draw) draw(ctx, what.draw);
  else if (what.claim) writeClaim(ctx, what.claim);
  else if (what.pass) pass(ctx);
  else if ("kcount" in what) ctx.edit((doc) => { doc.kcount = what.kcount; });
}

function draw(ctx, rank) {
  const inf = ctx.info();
  if (inf.over) { ctx.say("The game is over: every road is claimed."); return; }
  const who = inf.to_move;
  if (!who) return;
  append(ctx, `${who} draws ${rank}`, true);
}

function claim(ctx) {
  if (!roads.length || !cards.length) { ctx.say(roads.length ? "Pick the cards spent too." : "Pick the roads claimed first."); return; }
  if (!mover(ctx)) { ctx.say("The game is over: every road is claimed."); return; }
  // who claims: the one picked when there is no turn order, else the player to move when it is written
  const what = { claim: { roads: [...roads], cards: cards.map((c) => c.rank), who: ctx.info().mode === "replay" ? null : mover(ctx) } };
  const marks = [...roads.map((r) => `road:${r}`), ...new Set(cards.map((c) => c.ref))];
  clear();
  turn(ctx, what, marks);
}

function writeClaim(ctx, c) {
  const who = c.who || ctx.info().to_move;
  if (!who) { ctx.say("The game is over: every road is claimed."); return; }
  append(ctx, `${who} claims ${c.roads.join(" ")} with ${c.cards.join(" ")}`, !c.who);
}

function pass(ctx) {
  const inf = ctx.info();
  if (!inf.can_pass) { ctx.say("A pass is allowed only when there is no card left to draw."); return; }
  append(ctx, `${inf.to_move} passes`, true);
}

function clear() {
  roads = []; cards = []; anchor = null; asked++;
  if (panel) { panel.sum.textContent = ""; panel.sum.className = "sum"; }
}

function removeTurn(ctx, n) {
  const list = ctx.doc().turns || [];
  if (n < 1 || n > list.length) return;
  const line = list[n - 1];
  ctx.edit((doc) => { doc.turns.splice(n - 1, 1); });
  row = null;
  ctx.say(`Removed turn ${n}: ${line}.`);
}

// ---------------------------------------------------------------- picking

function toggleRoad(ctx, a, b) {
  const [x, y] = [Math.min(a, b), Math.max(a, b)];
  const road = `${x}-${y}`;
  const i = roads.indexOf(road);
  if (i >= 0) roads.splice(i, 1); else roads.push(road);
  const owner = (ctx.info().owners || {})[road];
  if (i < 0 && owner) ctx.say(`Road ${road} was claimed by ${owner}: picked anyway, the check will say.`);
  changed(ctx);
}

function pickRank(ctx, rank) {
  const inf = ctx.info();
  if (inf.mode === "setup") {
    const found = inf.setup.find(([r]) => r === rank);
    if (found) ctx.later({ kcount: found[1] }, [`card:${rank}`]);
    return;
  }
  if (inf.mode === "claims" || roads.length || cards.length) {
    cards.push({ rank, ref: `card:${rank}` });
    changed(ctx);
    return;
  }
  if (inf.over) { ctx.say("The game is over: every road is claimed."); return; }
  turn(ctx, { draw: rank }, [`card:${rank}`]);
}

// a card of the hand stands for every card of its rank held: each tap spends one more, and a tap when all
// are picked puts them all back (K x3: K, K K, K K K, none)
function toggleHand(ctx, ref) {
  const rank = ref.split(":")[1];
  const held = handOf(ctx, mover(ctx)).held.filter((r) => r === rank).length;
  const picked = cards.filter((c) => c.ref === ref).length;
  if (picked < held) cards.push({ rank, ref }); else cards = cards.filter((c) => c.ref !== ref);
  changed(ctx);
}

// several roads where the tap was (they cross there, or run under one finger): which one was meant? Asked
// in a sheet over the foot of the screen, nearest first (nothing moves; nothing picked until told)
function askRoad(ctx, refs) {
  const names = refs.map((r) => r.slice(5));
  const list = names.length > 2 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join(" and ");
  const box = panel.ask;
  const none = Object.assign(document.createElement("button"), { type: "button", textContent: "None of these" });
  none.onclick = () => { box.hidden = true; paint(ctx); tell(ctx); };
  box.replaceChildren(Object.assign(document.createElement("span"), { textContent: `Roads ${list} are there: which one?` }),
    ...names.map((road) => {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: `Road ${road}` });
      b.dataset.road = road;
      b.onclick = () => { box.hidden = true; const [a, c] = road.split("-").map(Number); toggleRoad(ctx, a, c); };
      return b;
    }), none);
  box.hidden = false;
  for (const ref of refs) for (const el of ctx.board.all(ref)) el.classList.add("selected");
  ctx.say(`Roads ${list} are where you tapped: pick the one you meant.`);
}

function changed(ctx) { panel.ask.hidden = true; paint(ctx); showPanel(ctx); sumCheck(ctx); tell(ctx); }

async function sumCheck(ctx) {
  const n = ++asked;
  const out = panel.sum;
  if (!roads.length || !cards.length) { out.textContent = ""; out.className = "sum"; return; }
  const who = mover(ctx);
  const trial = JSON.parse(JSON.stringify(ctx.doc()));
  trial.turns = [...(trial.turns || []), `${who} claims ${roads.join(" ")} with ${cards.map((c) => c.rank).join(" ")}`];
  // a trial, never the newest document: sequence -1 keeps the server from saving it on Ctrl-C
  let answer;
  try { answer = await post("/api/answer/claim", trial, { "X-Printkit-Seq": "-1" }); } catch (_) { answer = null; }
  if (n !== asked) return;
  if (!answer || ahead(ctx).length) { out.textContent = ""; out.className = "sum"; return; }  // checked once written
  const { status, body } = answer;
  if (status !== 200 || body.error) { out.textContent = body.error || "cannot check this claim"; out.className = "sum bad"; return; }
  const m = roads.length;
  out.textContent = body.ok ? `\u2713 ${body.sum}: ${m} road${m === 1 ? "" : "s"}` : `\u2717 ${body.problems.join("; ")}`;
  out.className = body.ok ? "sum ok" : "sum bad";
}

// ---------------------------------------------------------------- pointer

function target(ctx, x, y, type) {
  let place = placeAt(ctx.board.root, x, y);
  if (place && place.ref.startsWith("centre:") && besideDisc(ctx.board.root, place, x, y)) {  // (reach.js)
    place = placeAt(ctx.board.root, x, y, (ref) => ref.startsWith("road:")) || (type === "touch" ? null : place);
  }
  if (type === "touch" && (!place || place.ref.startsWith("road:"))) {  // a finger: every road under it (reach.js)
    const near = roadsNear(ctx.board.root, x, y);
    if (near.length) return { key: "roads", ref: near[0].ref, el: near[0].el, alts: near.map((r) => r.ref), soft: true };
  }
  const found = place && place.ref.startsWith("road:") ? roadUnder(ctx.board.root, x, y) || place : place;
  return found && { ...found, soft: !found.ref.startsWith("centre:") };  // only a centre starts a drag
}

function move(ctx, drag, at) {  // the centre-to-centre gesture: a line from the centre to the pointer
  if (!drag.ref.startsWith("centre:")) return;
  drag.moved = true;
  const svg = drag.el.ownerSVGElement;
  const over = placeAt(ctx.board.root, at.x, at.y, (ref) => ref.startsWith("centre:"));
  sketchLine(svg, centreOf(drag.el), over ? centreOf(over.el) : toSheet(svg, at.x, at.y));
}

function up(ctx, d, place, moved) {
  clearSketch(ctx.board.root);
  const [kind, ...rest] = d.ref.split(":");
  const what = rest.join(":");
  if (kind === "centre") {
    const to = place && place.ref.startsWith("centre:") ? Number(place.ref.slice(7)) : null;
    const from = Number(what);
    if (moved) { if (to && to !== from) { anchor = null; toggleRoad(ctx, from, to); } return; }
    if (anchor && anchor !== from) { const a = anchor; anchor = null; toggleRoad(ctx, a, from); return; }
    anchor = anchor === from ? null : from;
    paint(ctx);
    tell(ctx);
    return;
  }
  if (kind === "road") {
    const alts = place && place.alts && place.alts.includes(d.ref) ? place.alts : d.alts || [d.ref];
    if (alts.length > 1) { askRoad(ctx, alts); return; }
    const [a, b] = what.split("-").map(Number);
    toggleRoad(ctx, a, b);
    return;
  }
  if (kind === "card") { pickRank(ctx, what); return; }
  if (kind === "hand") { toggleHand(ctx, d.ref); return; }
  if (kind === "turn") {
    row = row === Number(what) ? null : Number(what);
    paint(ctx);
    if (row) ctx.say(`Turn ${row}: ${(ctx.doc().turns || [])[row - 1]} (Delete removes it).`);
  }
}

// ---------------------------------------------------------------- keys

export function key(ctx, e) {
  const inf = ctx.info();
  const k = e.key;
  if (/^[ajqkAJQK]$/.test(k)) { e.preventDefault(); typed = ""; pickRank(ctx, k.toUpperCase()); return; }
  if (/^[0-9-]$/.test(k)) { e.preventDefault(); typed = (typed + k).slice(-6); tell(ctx); return; }
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 }[k];
  if (step) {
    const all = [...ctx.board.root.querySelectorAll('[data-ref^="card:"], [data-ref^="hand:"]')].map((el) => el.dataset.ref);
    if (!all.length) return;
    e.preventDefault();
    const i = all.indexOf(cursor);
    cursor = all[i < 0 ? 0 : Math.max(0, Math.min(all.length - 1, i + step))];
    paint(ctx);
    return;
  }
  if (k === " " || k === "Enter") {
    e.preventDefault();
    const road = /^(\d{1,2})-(\d{1,2})$/.exec(typed);
    const rank = /^(10|[2-9])$/.test(typed) ? typed : null;
    const was = typed;
    typed = "";
    if (road) { toggleRoad(ctx, Number(road[1]), Number(road[2])); return; }
    if (rank) { pickRank(ctx, rank); return; }
    if (was) { ctx.say(`'${was}' is neither a card (2 to 10) nor a road (3-4).`); return; }
    if (k === "Enter" && roads.length && cards.length) { claim(ctx); return; }
    if (cursor && ctx.board.el(cursor)) {
      if (cursor.startsWith("hand:")) toggleHand(ctx, cursor); else pickRank(ctx, cursor.slice(5));
      return;
    }
    if (k === "Enter" && (roads.length || cards.length)) claim(ctx);
    return;
  }
  if (k === "Escape") { typed = ""; clear(); row = null; changed(ctx); return; }
  if ((k === "p" || k === "P") && inf.can_pass) { e.preventDefault(); turn(ctx, { pass: true }, []); return; }
  if (k === "Backspace") {
    e.preventDefault();
    if (typed) { typed = typed.slice(0, -1); tell(ctx); return; }
    if (cards.length) { cards.pop(); changed(ctx); return; }
    if (roads.length) { roads.pop(); changed(ctx); return; }
    removeTurn(ctx, (ctx.doc().turns || []).length);
    return;
  }
  if (k === "Delete" && row) { e.preventDefault(); removeTurn(ctx, row); }
}

// ---------------------------------------------------------------- what the page shows

function tell(ctx) {
  const inf = ctx.info();
  if (!inf.mode) return;
  let text;
  if (inf.mode === "setup") text = "Set-up: click the card that gave kcount (the first card above 7).";
  else if (inf.over) text = `The game is over: all ${inf.roads} roads are claimed.`;
  else if (inf.mode === "claims") text = `Claims only: ${claimant || inf.players[0]} claims. Pick roads and cards, then Claim.`;
  else text = `Turn ${inf.turns + ahead(ctx).length + 1}: ${toMove(ctx)} to move. Click the card drawn, or roads and cards to claim.`;
  if (roads.length || cards.length) text += ` Claim: ${roads.join(" ") || "(no roads)"} with ${cards.map((c) => c.rank).join(" ") || "(no cards)"}.`;
  if (anchor) text += ` From centre ${anchor}: click the other end.`;
  if (typed) text += ` Typed: ${typed}`;
  ctx.say(text);
}

function buildPanel(ctx) {
  const box = Object.assign(document.createElement("div"), { className: "knives-panel" });
  const who = Object.assign(document.createElement("div"), { className: "line who" });
  const pick = Object.assign(document.createElement("div"), { className: "line pick" });
  const what = document.createElement("span");
  const go = Object.assign(document.createElement("button"), { type: "button", textContent: "Claim", title: "Write the claim (Enter)" });
  const cancel = Object.assign(document.createElement("button"), { type: "button", textContent: "Cancel", title: "Drop the roads and cards picked (Escape)" });
  const passBtn = Object.assign(document.createElement("button"), { type: "button", textContent: "Pass", title: "Only when there is no card left to draw (p)" });
  const sum = Object.assign(document.createElement("div"), { className: "sum" });
  sum.dataset.sum = "";
  go.dataset.action = "claim"; cancel.dataset.action = "cancel"; passBtn.dataset.action = "pass";
  go.dataset.dock = "Claim";  // in the phone's bar too, beside the cards just picked
  go.onclick = () => claim(ctx);
  cancel.onclick = () => { clear(); changed(ctx); };
  passBtn.onclick = () => { if (!ctx.info().can_pass) pass(ctx); else turn(ctx, { pass: true }, []); };
  const counts = Object.assign(document.createElement("div"), { className: "counts" });
  // during the set-up draw: what this room will hold (the rest keeps its room, unseen)
  const wait = Object.assign(document.createElement("p"), { className: "wait",
    textContent: "Once kcount is picked, claims are made here: who claims, the roads and cards picked, then Claim." });
  const ask = Object.assign(document.createElement("div"), { className: "line ask", hidden: true });
  pick.append(what, go, cancel, passBtn);
  box.append(who, ask, pick, sum, counts, wait);
  ctx.controls.append(box);
  return { box, who, ask, pick, what, go, cancel, pass: passBtn, sum, counts, wait };
}

function showPanel(ctx) {
  const inf = ctx.info();
  const p = panel;
  const setup = !inf.mode || inf.mode === "setup";
  // during the set-up draw the claim panel keeps its room, unseen, so the map comes in where the set-up card was
  p.box.style.visibility = setup ? "hidden" : "";
  p.box.inert = setup;
  p.wait.hidden = !setup;
  // and on a narrow screen the sheets keep two screens' room below the set-up card: what is below them (the
  // scores and the mistakes) is out of view from the start, not pushed away by the map when kcount is picked
  ctx.board.root.style.minHeight = setup && matchMedia("(max-width: 900px)").matches ? "200vh" : "";
  const first = ctx.board.root.children[0];
  if (first) first.style.maxWidth = setup ? "36rem" : "";  // the set-up card alone: not the whole width
  if (first) first.classList.toggle("knives-map", !setup);  // (look.js: on a phone on its side, as tall as the screen)
  const log = ctx.board.root.children[2];  // the log, drawn narrow for a phone's finger: no wider on a big screen
  if (log) log.style.maxWidth = "32rem";
  // who claims: chosen while no draw is written; once the replay knows, the player to move shown (the line
  // keeps its room all game: nothing below it moves when the first card is drawn)
  const choose = setup || inf.mode === "claims" || inf.mode === "open";
  if (!claimant || !inf.players.includes(claimant)) claimant = inf.to_move || inf.players[0];
  const label = document.createElement("span");
  label.textContent = choose ? "Who claims?" : "To move:";
  p.who.replaceChildren(label, ...inf.players.map((name) => {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: name });
    b.dataset.player = name;
    if (name === (choose ? claimant : toMove(ctx))) b.className = "active";
    b.disabled = !choose;
    b.onclick = () => { claimant = name; showPanel(ctx); sumCheck(ctx); tell(ctx); };
    return b;
  }));
  const picking = roads.length || cards.length;
  p.what.textContent = inf.over ? "The game is over: every road is claimed."
    : picking ? `${mover(ctx)} claims ${roads.join(" ") || "..."} with ${cards.map((c) => c.rank).join(" ") || "..."}`
      : "Pick roads on the map and cards to claim.";
  p.go.disabled = !(roads.length && cards.length);
  p.cancel.disabled = !picking;
  p.pass.hidden = !inf.can_pass;
  p.counts.textContent = setup ? "\u00a0" : inf.mode === "replay"
    ? `${inf.left} of ${inf.roads} roads free \u00b7 draw pile ${inf.pile_size} \u00b7 discard pile ${inf.discard} \u00b7 reshuffled ${inf.reshuffles} time${inf.reshuffles === 1 ? "" : "s"}`
    : `${inf.left} of ${inf.roads} roads free`;
}

function paint(ctx) {
  keptHand(ctx);
  const root = ctx.board.root;
  // what is picked is the claim of the player to move: drawn in their colour (look.js, page.css: --focus)
  const mine = (ctx.setup.players.find((p) => p.name === mover(ctx)) || {}).color;
  if (mine) root.style.setProperty("--focus", mine); else root.style.removeProperty("--focus");
  for (const el of root.querySelectorAll(".selected, .cursor, .anchor")) el.classList.remove("selected", "cursor", "anchor");
  if (anchor) for (const el of ctx.board.all(`centre:${anchor}`)) discOf(el)?.classList.add("anchor");
  const refs = [...roads.map((r) => `road:${r}`), ...cards.map((c) => c.ref)];
  if (anchor) refs.push(`centre:${anchor}`);
  if (row) refs.push(`turn:${row}`);
  for (const ref of refs) for (const el of ctx.board.all(ref)) el.classList.add("selected");
  if (cursor) for (const el of ctx.board.all(cursor)) el.classList.add("cursor");
}

// the hand of the player to move once the turns ahead are in, drawn over the hand the last answer drew
// (its cards drawn in those turns marked as not written yet): a claim picks from it as from the other
function keptHand(ctx) {
  const svg = ctx.board.root.children[1]?.querySelector("svg");
  if (!svg) return;
  svg.querySelector("g.kept-hand")?.remove();
  const inf = ctx.info(), at = inf.hand_at;
  svg.classList.remove("kept-hand-on");
  if (!at || inf.mode !== "replay" || !ahead(ctx).length) return;
  const who = mover(ctx);
  const { held, drawn } = handOf(ctx, who);
  const colour = (ctx.setup.players.find((p) => p.name === who) || {}).color || "#000";
  const ns = "http://www.w3.org/2000/svg";
  const el = (name, attrs, text) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const box = svg.viewBox.baseVal;
  const g = el("g", { class: "kept-hand" });
  g.append(el("rect", { x: 0, y: at.y - 4 * at.pt * 9 / 3, width: box.width, height: box.height - at.y + 4 * at.pt * 9 / 3, fill: "#fff" }));
  g.append(el("text", { x: at.x, y: at.y, "font-size": 9 * at.pt, "font-weight": "bold", fill: colour },
    `${who}'s hand: pick the cards to spend`));  // (a card drawn and not written yet: dashed, in their colour)
  const ranks = [...new Set(held)].sort((a, b) => RANKS.indexOf(b) - RANKS.indexOf(a));
  ranks.forEach((r, i) => {
    const x = at.x + 0.5 + (i % at.per_row) * at.pitch, y = at.y + 2 + Math.floor(i / at.per_row) * at.row;
    const n = held.filter((c) => c === r).length, fresh = drawn.filter((c) => c === r).length;
    g.append(el("rect", { x, y, width: 9, height: 13, fill: "#fff", stroke: fresh ? colour : "#000", "stroke-width": 0.35,
                          ...(fresh ? { "stroke-dasharray": "0.9 0.6" } : {}) }));
    g.append(el("text", { x: x + 4.5, y: y + 8.3, "font-size": 11 * at.pt, "font-weight": "bold", "text-anchor": "middle" }, r));
    if (n > 1) g.append(el("text", { x: x + 4.5, y: y + 17, "font-size": 7 * at.pt, "text-anchor": "middle", fill: "#4d4d4d" }, `\u00d7${n}`));
    const hit = el("rect", { class: "hit hand kept-card", x: x - 0.75, y, width: at.pitch, height: 13, fill: "transparent", "pointer-events": "all" });
    hit.dataset.ref = `hand:${r}`;
    g.append(hit);
  });
  svg.append(g);
  svg.classList.add("kept-hand-on");  // (look.js: the hand under it takes no finger)
}

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
