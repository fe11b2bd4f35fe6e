// The evening: every game of the kit with its state and winner, and the night's standings, asked of the
// server (which scores each game as `printkit score` does).  On the evening's page (evening.html) the
// list of games to pick from; on a game's page, the games one tap away and the standings, in the
// phone's bar too.  Nothing here edits a game: each game's page is the one it has alone.
const $ = (id) => document.getElementById(id);
const meta = (name) => document.querySelector(`meta[name="${name}"]`);
const onGame = meta("printkit-evening");
const token = (onGame || meta("printkit-token")).content;  // the evening's token
const current = onGame ? Number(meta("printkit-play").content) : -1;

const STATE_CLASS = (s) => s.replace(/ /g, "-");
const SHORT = { "valid": "\u2713", "mistakes": "\u2717", "unreadable": "\u2717", "in progress": "\u270E",
                "not started": "\u25CB" };

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...kids);
  return e;
}

async function evening() {
  const r = await fetch("/api/evening", { headers: { "X-Printkit-Token": token }, cache: "no-store" });
  if (r.status !== 200) throw new Error(`the server answered ${r.status}`);
  return r.json();
}

function scoresText(game) {
  if (!game.result || game.state === "not started") return "";
  return " \u2014 " + game.result.players.map((p) => `${p.name} ${p.score}`).join(" \u00b7 ");
}

function winnerText(game) {
  if (game.state === "valid" && !game.counted) return "played alone: not won";
  if (game.state === "valid") {
    const w = game.winners;
    return w.length > 1 ? `Winners: ${w.join(", ")} (tie)` : `Winner: ${w[0] || "none"}`;
  }
  if (game.state === "unreadable") return game.problem || "cannot be read";
  if (game.state === "mistakes") {  // (the state beside it says "mistakes": the line says how many)
    const n = game.result.violations.length;
    return `${n} mistake${n === 1 ? "" : "s"} to put right before it counts`;
  }
  if (game.state === "in progress") return "not counted until it is over";
  return "";  // "not started", said once, by the state beside it
}

function nightText(night) {
  const w = night.winners;
  return w.length ? `${w.length > 1 ? "Winners" : "Winner"} of the evening: ${w.join(", ")}`
                  : "Winner of the evening: none yet";
}

function standingsLine(night) {
  return "Night: " + night.standings.map((r) => `${r.name} ${r.won_text}`).join(" \u00b7 ");
}

// ---------------------------------------------------------------- the evening's page

function showList(night) {
  $("file").textContent = `${night.games_total} games`;
  const list = $("game-list");
  list.replaceChildren(...night.games.map((g) => el("li", {},
    el(g.url ? "a" : "div",
      { ...(g.url ? { href: g.url } : {}), className: "game", dataset: { game: String(g.number), gameState: g.state } },
      el("span", { className: "num" }, String(g.number)),
      el("span", { className: "label" }, g.label),
      el("span", { className: `state ${STATE_CLASS(g.state)}`, dataset: { state: g.state } }, g.state),
      el("span", { className: "who", dataset: { gameWinners: String(g.number) } }, winnerText(g) + scoresText(g)),
      ...(g.remarks || []).map((r) => el("span", { className: "who remark", dataset: { gameRemark: String(g.number) } },
        r))))));
  showTable(night);
  if (night.join && $("join").hidden) {
    $("join").hidden = false;
    $("join-qr").src = night.join.qr;
    $("join-url").textContent = night.join.url;
  }
}

function showTable(night) {
  const best = night.winners;
  $("night-table").tBodies[0].replaceChildren(...night.standings.map((r) =>
    el("tr", { className: best.includes(r.name) ? "top" : "" },
      el("td", {}, r.name),
      el("td", { className: "n", dataset: { won: r.name } }, r.won_text),
      el("td", { className: "n", dataset: { played: r.name } }, String(r.played)))));
  $("night-winners").textContent = nightText(night);
  const left = night.games.filter((g) => !g.counted)
    .map((g) => `${g.number} (${g.state === "valid" ? "played alone" : g.state})`);
  const gone = night.left_over || [];  // files of this evening's names that no game reads now: never counted, said
  $("night-left").textContent = `${night.counted} of ${night.games_total} games counted` +
    (left.length ? `; not counted: game ${left.join(", ")}` : "") +
    (gone.length ? `. Not read: ${gone.join(", ")} (no game of this evening is played in ${gone.length === 1 ? "it" : "them"} now)` : "");
}

// ---------------------------------------------------------------- on a game's page

function chips(night, id) {
  return night.games.filter((g) => g.url).map((g) => el("a", {
    href: g.url, title: `${g.label}: ${g.state}`, "aria-label": `Game ${g.number}, ${g.label}: ${g.state}`,
    ...(g.number - 1 === current ? { "aria-current": "page" } : {}),
    dataset: { game: String(g.number), gameState: g.state },
  }, `${g.number} ${SHORT[g.state] || ""}`));
}

function showBar(night) {
  let bar = $("evening-bar");
  if (!bar) {
    bar = el("nav", { id: "evening-bar", "aria-label": "The games of the evening" });
    $("top").after(bar);
  }
  const all = el("a", { className: "all", href: `/?token=${encodeURIComponent(token)}` }, `\u2190 ${night.evening}`);
  bar.replaceChildren(all, ...chips(night, "bar"), el("span", { className: "night", dataset: { nightLine: "" } },
    `${standingsLine(night)} \u2014 ${nightText(night)}`));
  const dock = $("dock");
  if (dock) {
    let games = $("dock-games");
    if (!games) {
      games = el("span", { id: "dock-games", "aria-label": "Games" });
      dock.prepend(games);
      dock.append(el("span", { id: "dock-night" }));
    }
    games.replaceChildren(...chips(night, "dock"));
    $("dock-night").textContent = standingsLine(night);
  }
  if (!shown) {  // the first time: this game's button in view in each strip (they scroll sideways)
    for (const strip of [bar, $("dock-games")]) centre(strip);
    shown = true;
  }
}

let shown = false;
function centre(strip) {
  const cur = strip && strip.querySelector('[aria-current="page"]');
  if (cur) strip.scrollLeft = cur.offsetLeft - strip.offsetLeft - (strip.clientWidth - cur.offsetWidth) / 2;
}

// ---------------------------------------------------------------- every few seconds

let wait = 2000;
let last = "";
async function tick() {
  try {
    const night = await evening();
    wait = (night.poll || 2) * 1000;
    const now = JSON.stringify(night);
    if (now !== last) {  // drawn again only when something changed, and the focus stays where it was
      last = now;
      const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.game;
      const where = focused && document.activeElement.parentElement && document.activeElement.parentElement.id;
      if (onGame) showBar(night);
      else {
        showList(night);
        document.dispatchEvent(new CustomEvent("printkit-evening", { detail: night }));  // season.js
      }
      if (focused) {
        const again = document.querySelector(`${where ? `#${where} ` : ""}a[data-game="${focused}"]`);
        if (again) again.focus({ preventScroll: true });
      }
    }
    if (!onGame) $("saved").textContent = "";
  } catch (e) {
    if (!onGame) $("saved").textContent = `Cannot reach the server (${e.message}); trying again`;
  }
  setTimeout(tick, wait);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tick);
else tick();
