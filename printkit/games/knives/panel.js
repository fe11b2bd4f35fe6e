// The claim panel of Selling Knives, beside the map (page.js keeps what is picked and says what the panel
// shows): who claims or who is to move, the claim being picked with Claim, Cancel and Pass, the sum check
// of that claim as the scorer answers it, the counts of roads and piles, and the question which road was
// meant when a finger lands on several.
import { post } from "/static/api.js";
import { ahead } from "/static/game/hand.js";

// the panel, built once under the board; on: {claim, cancel, pass}, what its buttons do
export function buildPanel(ctx, on) {
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
  go.onclick = on.claim;
  cancel.onclick = on.cancel;
  passBtn.onclick = on.pass;
  const counts = Object.assign(document.createElement("div"), { className: "counts" });
  // during the set-up draw: what this room will hold (the rest keeps its room, unseen)
  const wait = Object.assign(document.createElement("p"), { className: "wait",
    textContent: "Once kcount is picked, claims are made here: who claims, the roads and cards picked, then Claim." });
  const ask = Object.assign(document.createElement("div"), { className: "line ask", hidden: true });
  pick.append(what, go, cancel, passBtn);
  box.append(who, ask, pick, sum, counts, wait);
  ctx.controls.append(box);
  return { box, who, ask, pick, what, go, cancel, pass: passBtn, sum, counts, wait, asked: 0 };
}

// the panel for the document as last answered; now: {claimant, toMove, mover, roads, cards}, what is
// picked, and choose(name), what a tap on a player's name does while no draw is written
export function fillPanel(ctx, p, now) {
  const inf = ctx.info();
  const { roads, cards } = now;
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
  const label = document.createElement("span");
  label.textContent = choose ? "Who claims?" : "To move:";
  p.who.replaceChildren(label, ...inf.players.map((name) => {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: name });
    b.dataset.player = name;
    if (name === (choose ? now.claimant : now.toMove)) b.className = "active";
    b.disabled = !choose;
    b.onclick = () => now.choose(name);
    return b;
  }));
  const picking = roads.length || cards.length;
  p.what.textContent = inf.over ? "The game is over: every road is claimed."
    : picking ? `${now.mover} claims ${roads.join(" ") || "..."} with ${cards.map((c) => c.rank).join(" ") || "..."}`
      : "Pick roads on the map and cards to claim.";
  p.go.disabled = !(roads.length && cards.length);
  p.cancel.disabled = !picking;
  p.pass.hidden = !inf.can_pass;
  p.counts.textContent = setup ? "\u00a0" : inf.mode === "replay"
    ? `${inf.left} of ${inf.roads} roads free \u00b7 draw pile ${inf.pile_size} \u00b7 discard pile ${inf.discard} \u00b7 reshuffled ${inf.reshuffles} time${inf.reshuffles === 1 ? "" : "s"}`
    : `${inf.left} of ${inf.roads} roads free`;
}

// several roads where the tap was (they cross there, or run under one finger): which one was meant? Asked
// in a sheet over the foot of the screen, nearest first (nothing moves; nothing picked until told):
// pick(road) for the one told, none() for none of them
export function askRoad(ctx, p, refs, pick, none) {
  const names = refs.map((r) => r.slice(5));
  const list = names.length > 2 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join(" and ");
  const box = p.ask;
  const nothing = Object.assign(document.createElement("button"), { type: "button", textContent: "None of these" });
  nothing.onclick = () => { box.hidden = true; none(); };
  box.replaceChildren(Object.assign(document.createElement("span"), { textContent: `Roads ${list} are there: which one?` }),
    ...names.map((road) => {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: `Road ${road}` });
      b.dataset.road = road;
      b.onclick = () => { box.hidden = true; pick(road); };
      return b;
    }), nothing);
  box.hidden = false;
  for (const ref of refs) for (const el of ctx.board.all(ref)) el.classList.add("selected");
  ctx.say(`Roads ${list} are where you tapped: pick the one you meant.`);
}

// the sum check of the claim being picked (`who` claims `roads` with `ranks`), as the scorer answers a
// trial of it; an answer that comes after the claim changed is dropped
export async function checkSum(ctx, p, who, roads, ranks) {
  const n = ++p.asked;
  const out = p.sum;
  if (!roads.length || !ranks.length) { out.textContent = ""; out.className = "sum"; return; }
  const trial = JSON.parse(JSON.stringify(ctx.doc()));
  trial.turns = [...(trial.turns || []), `${who} claims ${roads.join(" ")} with ${ranks.join(" ")}`];
  // a trial, never the newest document: sequence -1 keeps the server from saving it on Ctrl-C
  let answer;
  try { answer = await post("/api/answer/claim", trial, { "X-Printkit-Seq": "-1" }); } catch (_) { answer = null; }
  if (n !== p.asked) return;
  if (!answer || ahead(ctx).length) { out.textContent = ""; out.className = "sum"; return; }  // checked once written
  const { status, body } = answer;
  if (status !== 200 || body.error) { out.textContent = body.error || "cannot check this claim"; out.className = "sum bad"; return; }
  const m = roads.length;
  out.textContent = body.ok ? `\u2713 ${body.sum}: ${m} road${m === 1 ? "" : "s"}` : `\u2717 ${body.problems.join("; ")}`;
  out.className = body.ok ? "sum ok" : "sum bad";
}

// the claim dropped: no sum shown, and an answer still to come for it is dropped
export function clearSum(p) {
  p.asked++;
  p.sum.textContent = ""; p.sum.className = "sum";
}
