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
// Those turns and the hand they leave are hand.js's; the claim panel beside the map is panel.js's.
import { centreOf, clearSketch, placeAt, sketchLine, toSheet, track } from "/static/input.js";
import { ahead, handOf, keptHand, toMove } from "/static/game/hand.js";
import { CSS } from "/static/game/look.js";
import { askRoad, buildPanel, checkSum, clearSum, fillPanel } from "/static/game/panel.js";
import { besideDisc, discOf, roadUnder, roadsNear } from "/static/game/reach.js";

let roads = [];      // the claim being picked: roads "3-4" (smaller centre first) ...
let cards = [];      // ... and cards [{rank, ref}] in the order picked
let claimant = null; // claims only: who claims
let anchor = null;   // a centre clicked: the first end of a road
let row = null;      // the log row picked (turn number)
let typed = "";
let cursor = null;   // the card under the keyboard cursor (arrows move it over the ranks and the hand)
let panel = null;

export function start(ctx) {
  document.head.append(Object.assign(document.createElement("style"), { textContent: CSS }));
  panel = buildPanel(ctx, {
    claim: () => claim(ctx),
    cancel: () => { clear(); changed(ctx); },
    pass: () => { if (!ctx.info().can_pass) pass(ctx); else turn(ctx, { pass: true }, []); },
  });
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
  roads = []; cards = []; anchor = null;
  if (panel) clearSum(panel);
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

function changed(ctx) { panel.ask.hidden = true; paint(ctx); showPanel(ctx); sumCheck(ctx); tell(ctx); }

function sumCheck(ctx) {  // (panel.js)
  checkSum(ctx, panel, mover(ctx), [...roads], cards.map((c) => c.rank));
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
    if (alts.length > 1) {  // (panel.js)
      askRoad(ctx, panel, alts, (road) => { const [x, y] = road.split("-").map(Number); toggleRoad(ctx, x, y); },
              () => { paint(ctx); tell(ctx); });
      return;
    }
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

function showPanel(ctx) {  // (panel.js)
  const inf = ctx.info();
  if (!claimant || !inf.players.includes(claimant)) claimant = inf.to_move || inf.players[0];
  fillPanel(ctx, panel, { claimant, toMove: toMove(ctx), mover: mover(ctx), roads, cards,
                          choose: (name) => { claimant = name; showPanel(ctx); sumCheck(ctx); tell(ctx); } });
}

function paint(ctx) {
  keptHand(ctx, mover(ctx));  // (hand.js)
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
