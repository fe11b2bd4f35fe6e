// Selling Knives while turns wait (page.js): the turns entered that the last answer does not hold yet, whose
// turn it is once they are in, the hand each of them leaves a player, and that hand drawn over the one the
// last answer drew, so that a claim can spend the cards drawn in them. The seat order is the answer's; no
// rule is decided here (a turn's line is read only for what it draws or spends).

// the turns entered that the last answer does not hold yet: written (the log's lines past the turns it
// counted) and kept (ctx.later); each the next seat's in the order the answer gave: [{who, draw?, spent?}]
export function ahead(ctx) {
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
export function toMove(ctx) {
  const inf = ctx.info(), order = inf.order || [];
  return order.length ? order[ahead(ctx).length % order.length] : inf.to_move;
}

// the cards `who` holds once the turns ahead are in, and those of them drawn in those turns
export function handOf(ctx, who) {
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

// the hand of the player to move once the turns ahead are in, drawn over the hand the last answer drew
// (its cards drawn in those turns marked as not written yet): a claim picks from it as from the other
export function keptHand(ctx, who) {
  const svg = ctx.board.root.children[1]?.querySelector("svg");
  if (!svg) return;
  svg.querySelector("g.kept-hand")?.remove();
  const inf = ctx.info(), at = inf.hand_at;
  svg.classList.remove("kept-hand-on");
  if (!at || inf.mode !== "replay" || !ahead(ctx).length) return;
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
