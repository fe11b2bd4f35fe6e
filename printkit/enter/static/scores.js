// The check of the record as the players see it while they enter: the scores, the mistakes as they are
// now, and what is still to enter. A part nobody has entered yet (Ben's curve not drawn, Cat's copy not
// filled, an untouched store) is "still to enter", never a mistake and never a disqualification, until the
// players press Check (the game is over: what is missing then counts). The server says which violations
// those are (enter/progress.py); the rules stay in the scorer.
const $ = (id) => document.getElementById(id);

// a violation in one sentence: its place, then what is wrong, the place never said twice
export function words(v) {
  const where = String(v.where || "");
  const msg = String(v.message || "");
  return !where || msg.toLowerCase().startsWith(where.toLowerCase()) ? msg : `${where}: ${msg}`;
}

// "1 mistake", "3 mistakes": a count as the players say it
const howMany = (n) => `${n} mistake${n === 1 ? "" : "s"}`;

// the report as shown: `final` (Check pressed) shows every violation as a mistake
export function view(rep, final) {
  const w = rep.waiting || { violations: [], disqualified: [], winners: rep.winners };
  const idle = new Set(final ? [] : w.violations);
  const index = rep.violations.map((_, i) => i).filter((i) => !idle.has(i));
  const waiting = final ? [] : w.disqualified;
  return {
    ...rep,
    violations: index.map((i) => rep.violations[i]),
    index,  // each shown mistake's place in the report (its places on the sheet)
    still: rep.violations.filter((_, i) => idle.has(i)),
    parts: final ? [] : [...new Set(w.parts || [])],  // what is still to enter, as the players name it
    players: rep.players.map((p) => (waiting.includes(p.name) ? { ...p, disqualified: false, waiting: true } : p)),
    winners: final ? rep.winners : w.winners,
  };
}

export function render(v, setup) {
  const blank = v.violations.length === 1 && v.violations[0].rule === "empty";  // a fresh sheet: no mistake
  const broken = blank ? 0 : v.violations.length;
  const status = document.querySelector("[data-status]");
  status.textContent = blank ? "nothing entered yet" : broken ? howMany(broken) : "valid";
  status.className = "status " + (blank ? "blank" : broken ? "broken" : "valid");
  let still = document.querySelector("[data-still]");  // beside the state: how much is still to enter
  if (!still) { still = Object.assign(document.createElement("span"), { className: "still" }); still.dataset.still = ""; status.after(still); }
  still.textContent = v.parts.length && !blank ? ` ${v.parts.length} still to enter` : "";
  const rows = v.players.map((p) => {
    const who = setup.players.find((s) => s.name === p.name) || {};
    const tr = document.createElement("tr");
    if (p.disqualified) tr.className = "out";
    const sw = document.createElement("td");
    sw.innerHTML = `<span class="swatch" style="background:${who.color || "#000"}"></span>`;
    const name = document.createElement("th");
    name.textContent = p.name;
    name.title = who.cue || "";
    const score = document.createElement("td");
    score.dataset.score = p.name;
    score.textContent = String(p.score);
    const flag = document.createElement("td");
    flag.textContent = p.disqualified ? "disqualified" : p.waiting ? "still to enter" : (v.winners.includes(p.name) ? "winner" : "");
    tr.append(sw, name, score, flag);
    return tr;
  });
  $("scores").tBodies[0].replaceChildren(...rows);
  $("winners").textContent = v.parts.length ? "Winner: when everything is entered"
    : v.winners.length ? (v.winners.length === 1 ? "Winner: " : "Winners: ") + v.winners.join(", ") : "Winner: none";
  const mistakes = (blank ? [] : v.violations).map((x, k) => {
    const li = document.createElement("li");
    li.dataset.violation = x.rule;
    li.dataset.index = String(v.index[k]);  // a tap goes to its place on the sheet
    li.textContent = words(x);
    if (x.player) li.title = `${x.player} (${x.rule})`;
    return li;
  });
  $("violations").replaceChildren(...mistakes);
  let box = $("still");  // what is still to enter: its own list, never among the mistakes
  if (!box) {
    const wrap = Object.assign(document.createElement("div"), { id: "still-box" });
    wrap.append(Object.assign(document.createElement("h3"), { textContent: "Still to enter" }),
      box = Object.assign(document.createElement("ul"), { id: "still" }));
    box.style.cssText = "padding-left: 1.1rem; margin: 0; color: #555;";
    $("mistakes").after(wrap);
  }
  box.replaceChildren(...(blank ? [] : v.parts).map((name) => {
    const li = Object.assign(document.createElement("li"), { textContent: name });
    li.dataset.waiting = "";
    return li;
  }));
  box.parentElement.hidden = blank || !v.parts.length;
  $("notes").replaceChildren(...v.notes.map((n) => Object.assign(document.createElement("li"), { textContent: n })));
  $("remarks").hidden = v.notes.length === 0;
  return blank;
}

// the bar's line under the state: the newest mistake while it is one, else what was last written
export class News {
  constructor() { this.seen = null; }

  show(v, blank, done) {
    const now = blank ? [] : v.violations.map(words);
    const fresh = this.seen ? now.filter((t) => !this.seen.includes(t)) : [];
    const last = $("dock-last");
    const was = last.dataset.mistake;
    if (fresh.length) { last.textContent = `\u2717 ${fresh[0]}`; last.dataset.mistake = fresh[0]; last.className = "broken"; }
    else if (was && now.includes(was)) { /* the mistake on the line is still one: it stays */ }
    else { last.textContent = done || ""; delete last.dataset.mistake; last.className = ""; }
    this.seen = now;
  }
}
