// The entry page: one results document, edited by the sheets (the game's own module) and by text
// boxes in the file's line syntax, checked by the server after every change and saved by itself.
import { get, post } from "/static/api.js";
import { History } from "/static/history.js";
import { Editors } from "/static/editors.js";
import { Board } from "/static/board.js";
import { Saver } from "/static/saving.js";
import { Table } from "/static/table.js";
import { showDropped } from "/static/dropped.js";
import { Phone } from "/static/phone.js";
import { Intents } from "/static/intents.js";
import { TapStore } from "/static/taps.js";
import { News, render, view } from "/static/scores.js";
import { forHands } from "/static/words.js";
import { track } from "/static/input.js";
import { align, clone, diff } from "/static/parts.js";
import * as game from "/static/game.js";

const $ = (id) => document.getElementById(id);

const page = {
  doc: null, version: null, setup: null, info: {},
  seq: 0,            // the number of the newest state; answers for older states are dropped
  shownSeq: -1,      // the state whose check is on screen
  answered: -1,      // the newest state the server answered for (checked and drawn): taps act on it
  offline: false,    // the last state sent got no answer: the server is not answering
  final: false,      // Check pressed: what is not entered yet counts as missing (until the next edit)
  revealSeq: -1,     // with live marks off: the state whose mistakes Check revealed
  synced: null,      // the document as the server last confirmed it (this page's changes not saved yet aside)
  lines: null,       // the identities of the lines of doc, and of synced (parts.js): a change names lines by them
  syncedLines: null,
  rev: 0,            // the newest change of any device this page holds
  report: null,
  client: Math.random().toString(36).slice(2, 10),  // this page, to the server: its own sequence of states
  placing: new Set(),  // lines written for the turn to come (a draw): the server places them (saving.js)
  file: "",
};
const history = new History();
const news = new News();
let editors, board, phone, intents;
const saver = new Saver(page, { show: showSaved });
const table = new Table(page, { history, redraw: () => changed(), tell, saver });
saver.onReload = (sent, maybe) => table.reload(sent, maybe);
saver.held = () => Boolean(editors?.typing);  // a line half typed in a text box: kept here, written once finished
// the record without the line half typed (the undo step before it), and that line: what the browser keeps is the
// record to write, and the half line to put back in its box, never written as it stands (a reload, a second tab)
saver.half = () => {
  const before = editors?.typing && editors.typingPath ? history.peek() : null;
  if (!before) return null;
  const [doc, lines] = JSON.parse(before);
  return { doc, lines, path: editors.typingPath, value: editors.valueOf(editors.typingPath) };
};

// how the save stands, in the header; a failed save is said whole over the page's foot as well (a tap goes
// through it to the page, but for its Hide; a tap on the red line in the header shows it again)
let noticeHidden = false;
function showSaved(text, kind) {
  $("saved").textContent = $("saved").title = text;
  $("saved").className = kind;
  if (kind === "ok") { noticeHidden = false; $("save-notice").hidden = true; return; }  // landed: a next failure is told
  if (kind !== "bad") return;  // trying again: the failure stays told until a save lands
  $("save-notice").querySelector("span").textContent = text;
  $("save-notice").hidden = noticeHidden;
  placeNotice();
}
function placeNotice() {  // just above the bar, whatever its height (Selling Knives' bar has its hand too)
  const dock = $("dock"), n = $("save-notice");
  n.style.bottom = !n.hidden && getComputedStyle(dock).display !== "none" ? `${Math.ceil(innerHeight - dock.getBoundingClientRect().top + 8)}px` : "";
}
addEventListener("resize", placeNotice);
$("save-notice-hide").onclick = () => { noticeHidden = true; $("save-notice").hidden = true; };
$("saved").onclick = () => { if (noticeHidden) { noticeHidden = false; $("save-notice").hidden = false; placeNotice(); } };

function storeKey() { return `printkit:${location.host}:${$("file").textContent}`; }

async function load() {
  const { status, body } = await get("/api/state");
  if (status !== 200) { showProblem(body.error || "cannot read the results file"); return false; }
  page.doc = body.results;
  page.synced = clone(body.results);
  page.lines = body.lines;
  page.syncedLines = clone(body.lines);
  page.run = body.run;
  page.rev = body.rev;
  page.version = body.version;
  page.setup = body.setup;
  page.file = body.file;
  page.where = `${body.file}:${body.where}`;  // this file, of all those of its name (what the browser keeps is by it)
  page.join = body.join;
  $("title").textContent = body.setup.title;
  $("file").textContent = body.file;
  if (saver.restore()) tell("Changes this browser kept, not saved before, are back; they are being saved now.", "");
  document.title = `${body.setup.title}: ${body.file}`;
  const prefs = JSON.parse(localStorage.getItem(storeKey()) || "{}");
  if (prefs.live === false) $("live").checked = false;
  editors.build(body.editors, page.doc);
  return true;
}

// ---------------------------------------------------------------- changes

// marks: the places a tap's write goes to, marked until its answer (an at-once game's: intents.js); place:
// a line it adds for the turn to come, which the server gives the next turn's player
export function edit(change, { coalesce = null, from = null, marks = null, place = null } = {}) {
  const before = snapshot();
  const trial = clone(page.doc);
  change(trial);
  const lines = align(page.doc, page.lines, trial);  // a line that stands as it stood keeps its identity
  const made = diff(page.doc, page.lines, trial, lines);
  const other = from === null && othersPart(made);
  if (other) { say(`This phone enters ${$("whose").value}'s sheets: ${other}'s are entered on their own phone (or pick "everything" above).`); return; }
  history.record(before, coalesce);
  page.final = false;  // Check shows every mistake of the record it was pressed on, until the next edit
  page.doc = trial;
  page.lines = lines;
  page.done = written(made);
  changed(from);
  if (place) page.placing.add(place);
  if (from === null) intents.written(marks);
}

// "This device enters Ann's sheets": a tap that would write another player's own part (their curve, their
// sheet; Ann's copy of Ben's curve is Ann's) is not written; the player it belongs to, or null
function othersPart(changes) {
  const mine = $("whose").value;
  if (!mine) return null;
  const names = page.setup.players.map((p) => p.name.toLowerCase());
  for (const c of changes) {
    // the part's path names its owner (sheets.Ann), or a log's line does, by its first word ("Ann draws 6",
    // "Ann add 3"): a line for Ann written on the phone of Ben's sheets is a guess of whose turn it is
    const line = typeof c.append === "string" ? c.append : typeof c.value === "string" && typeof c.path.at(-1) === "number" ? c.value : "";
    const owner = c.path.find((k) => typeof k === "string" && names.includes(k.toLowerCase()))
      || [line.trim().split(/\s+/)[0]].find((w) => w && names.includes(w.toLowerCase()));
    if (owner && owner.toLowerCase() !== mine.toLowerCase()) return page.setup.players.find((p) => p.name.toLowerCase() === owner.toLowerCase()).name;
  }
  return null;
}

// what an edit did, as the players would say it: the line it wrote to a log ("Ben draws Q"), or nothing
function written(changes) {
  const lines = changes.flatMap((c) => (typeof c.append === "string" ? [c.append]
    : typeof c.path.at(-1) === "number" && typeof c.value === "string" ? [c.value] : []));
  return lines.length ? `Written: ${lines.at(-1)}` : "";
}

function changed(from = null) {
  $("undo").disabled = !history.canUndo();
  $("redo").disabled = !history.canRedo();
  editors.show(page.doc, from);
  if (!saver.failures && saver.waiting()) showSaved("Not saved yet", "");
  refresh();
}

// an undo step: the document and its lines' identities (an Undo takes back this page's own lines by
// identity, wherever other devices' lines stand)
function snapshot() { return JSON.stringify([page.doc, page.lines]); }

function undo() {
  if (intents.size) { intents.takeBack(); say("Took back the last change, not written yet."); return; }
  const back = history.undo(snapshot());
  if (back !== null) { page.final = false; [page.doc, page.lines] = JSON.parse(back); changed(); say("Undone."); }
}

function redo() {
  const fwd = history.redo(snapshot());
  if (fwd !== null) { page.final = false; [page.doc, page.lines] = JSON.parse(fwd); changed(); say("Redone."); }
}

// ---------------------------------------------------------------- checking: always the newest state

let inflight = null;
let retry = null;  // the server did not answer: the newest state is sent again in a while

async function refresh() {
  const seq = ++page.seq;
  clearTimeout(retry);
  if (inflight) inflight.abort();
  const ctl = new AbortController();
  inflight = ctl;
  document.body.classList.add("busy");
  const doc = page.doc;
  const headers = { "X-Printkit-Seq": String(seq), "X-Printkit-Client": page.client };
  if (page.version) headers["X-Printkit-Version"] = page.version;  // the file this state was made from
  if (editors.typing) headers["X-Printkit-Typing"] = "1";  // a line half typed: never written at Ctrl-C
  try {
    const [check, drawn] = await Promise.all([
      post("/api/check", doc, headers, { signal: ctl.signal }),
      post("/api/board", doc, headers, { signal: ctl.signal }),
    ]);
    if (seq !== page.seq) return;  // a newer state is on its way: this answer is already old
    page.answered = seq;
    page.offline = false;
    if (drawn.status === 200) { page.info = drawn.body.info || {}; page.unread = drawn.body.unread || []; board.show(drawn.body.sheets); }
    if (check.status === 200) {
      showReport(check.body, seq);
      applyMarks();
      if (arrive) { const at = arrive; arrive = null; backToPlace(at); }
    } else {  // the record does not read: the sheets of the parts that do, each part that does not named
      showProblem(check.body.error || `the server answered ${check.status}`, drawn.status === 200 ? drawn.body.unread : []);
    }
  } catch (e) {
    if (e.name !== "AbortError" && seq === page.seq) {
      page.offline = true;
      showOffline();
      kept();
      retry = setTimeout(refresh, 1500);  // until it answers; the taps meanwhile are kept in order
    }
  } finally {
    if (seq === page.seq) {
      if (page.answered === seq) intents.run();  // the taps kept meanwhile, each on the state before it
      if (seq === page.seq && !intents.size) document.body.classList.remove("busy");
      if (seq === page.seq) save();  // the newest state, checked: written to the file at once (a save per change, a few ms)
    }
  }
}

// the server does not answer (the phone out of the Wi-Fi, the server stopped): the last check stays on
// screen; each tap is kept and written once it answers
function showOffline() {
  const status = document.querySelector("[data-status]");
  status.textContent = "waiting for the computer";
  status.className = "status blank";
  $("problem").textContent = "The computer that keeps the results is not answering. Every change is kept on this page, " +
    "marked as not written yet, and written in order as soon as it answers again.";
  $("problem").hidden = false;
  $("dock-state").textContent = "waiting for the computer";
  $("dock-state").className = "blank";
}

function kept() {  // the taps and strokes not written while the server does not answer, said (the one written before it was seen, too)
  const n = intents.unwritten;
  if (n && page.offline) say(`${intents.made(n)} kept, not written yet: written in order when the computer answers.`);
}

function showReport(rep, seq) {
  page.report = rep;
  page.shownSeq = seq;
  $("problem").hidden = true;
  $("mistakes").hidden = false;
  for (const el of document.querySelectorAll(".unread")) el.classList.remove("unread");
  showScores();
  game.checked?.(ctx, rep);
}

// the scores and mistakes of the state on screen: what is not entered yet is still to enter, until Check
function showScores() {
  const v = view(page.report, page.final || page.revealSeq === page.shownSeq);
  const blank = render(v, page.setup);
  phone.checked(v, blank);
  if (!blank && !v.violations.length && v.parts.length) $("dock-state").textContent = `\u2713 so far, ${v.parts.length} to enter`;
  news.show(v, blank, page.done);
  page.done = "";
}

function showProblem(text, unread = []) {
  const status = document.querySelector("[data-status]");
  status.textContent = "cannot read";
  status.className = "status broken";
  $("violations").replaceChildren();  // not "no mistakes": the record is checked once it reads
  $("mistakes").hidden = true;
  $("problem").textContent = text;
  $("problem").hidden = false;
  phone.unreadable();
  for (const el of document.querySelectorAll(".unread")) el.classList.remove("unread");
  editors.flag(text);
  for (const part of unread) {  // each part that does not read: under its text box and on its sheet
    editors.flag(`${part.key}: ${part.message}`);
    if (part.ref) for (const el of board.all(part.ref)) el.classList.add("unread");
  }
}

function applyMarks() {
  const hide = !$("live").checked && page.revealSeq !== page.shownSeq;
  document.body.classList.toggle("hide-mistakes", hide);
  for (const el of document.querySelectorAll(".marked")) el.classList.remove("marked");
  if (!page.report) return;
  const checked = page.final || page.revealSeq === page.shownSeq;  // Check pressed: every mistake's place
  const refs = [...(page.report.marks || []), ...(checked && page.report.waiting ? page.report.waiting.marks || [] : [])];
  for (const ref of refs) for (const el of board.all(ref)) el.classList.add("marked");
}

// ---------------------------------------------------------------- saving by itself

function save(options) { return saver.save(options); }

function tell(text, kind) {
  const t = $("told");
  t.textContent = t.title = text;
  t.className = kind;
}

// ---------------------------------------------------------------- a reload comes back to the same place

let arrive = null;  // the place kept when the page went: gone back to once the sheets are drawn

function placeKey() { return `printkit:place:${location.host}:${page.where}`; }

// where the player was (the page's scroll, each sheet's own) and any line half built (the game's `held`)
function keepPlace() {
  const at = { y: window.scrollY, x: [...board.root.children].map((b) => b.scrollLeft), held: game.held?.() ?? null };
  try { localStorage.setItem(placeKey(), JSON.stringify(at)); } catch (_) { /* the page goes without it */ }
}

function backToPlace(at) {
  if (at.held) game.resume?.(ctx, at.held);
  [...board.root.children].forEach((b, i) => { if (at.x && at.x[i]) b.scrollLeft = at.x[i]; });
  requestAnimationFrame(() => window.scrollTo(0, at.y || 0));
}

// ---------------------------------------------------------------- what a game's module gets

export function say(text) { $("say").textContent = forHands(text); }  // taps on a touch screen, no keys

const ctx = {
  doc: () => page.doc,
  edit,
  say,
  info: () => page.info,
  unread: () => page.unread || [],  // the parts of the record that do not read: the page leaves them alone
  report: () => page.report,
  get setup() { return page.setup; },
  controls: $("controls"),
  ask: async (name, params = {}) => {
    const q = new URLSearchParams(params).toString();
    const { status, body } = await post(`/api/answer/${name}` + (q ? `?${q}` : ""), page.doc);
    return status === 200 ? body : { error: body.error };
  },
  show: (node) => $("answer").replaceChildren(node),
  // an at-once game's write that needs the newest answer (whose turn it is): played now, or kept in order
  // (`what`: the game's record of it, played by its replay()); the writes kept, in order
  later: (what, marks) => intents.later(what, marks),
  kept: () => intents.kept(),
};

// the colour of the player a place is for: `who`, else the player named in the place's name ("Ben:C3")
function colourOf(ref, who) {
  const names = page.setup ? page.setup.players : [];
  const parts = String(ref).split(/[:\s]/);
  const p = names.find((q) => q.name === who) || names.find((q) => parts.includes(q.name));
  return p ? p.color : null;
}

// ---------------------------------------------------------------- start

async function start() {
  editors = new Editors($("editors"), (path, value, kind) => edit((doc) => editors.put(doc, path, value), { coalesce: kind + path.join("/"), from: path.join("/") }),
    () => { history.seal(); refresh(); save(); });  // a line typed, finished: one undo step, saved as it stands, and checked
  board = new Board($("sheets"));
  board.onShow(applyMarks);  // (sheets that waited for a finger to lift get their marks too)
  phone = new Phone(page, board);
  phone.start();
  ctx.board = board;
  const store = new TapStore(page.client);  // the taps kept, in the browser too: a reload drops none
  intents = new Intents({ fresh: () => page.answered === page.seq, seq: () => page.seq, board, root: $("board"), told: kept,
                          store, press: (ev) => game.key?.(ctx, ev), wrote: () => { if (saver.unsaved()) saver.keep(); },
                          replay: (what) => game.replay?.(ctx, what), colour: colourOf,
                          gone: () => say("A tap kept was left out: what it was on is no longer on the sheet (crossed off by the tap before it).") });
  ctx.track = (root, handlers, options) => track(root, intents.wrap(handlers), options);
  window.addEventListener("online", () => { if (page.offline) refresh(); saver.now?.(); });
  if (!(await load())) return;
  store.open(location.host, page.where);
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("check").onclick = () => { page.revealSeq = page.shownSeq; page.final = true; if (page.report) showScores(); applyMarks(); say(page.report && page.report.violations.length ? "Mistakes shown in red." : "Checked."); };
  $("live").onchange = () => {
    localStorage.setItem(storeKey(), JSON.stringify({ live: $("live").checked }));
    applyMarks();
  };
  document.addEventListener("keydown", (e) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && !e.altKey && (e.key === "z" || e.key === "Z")) { e.preventDefault(); (e.shiftKey ? redo : undo)(); return; }
    if (mod && !e.altKey && (e.key === "y" || e.key === "Y")) { e.preventDefault(); redo(); return; }
    if (e.target.closest && e.target.closest("textarea, input, select")) return;
    if (game.key) intents.key(e, (ev) => game.key(ctx, ev));
  });
  window.addEventListener("pagehide", () => { keepPlace(); save({ keepalive: true }); });
  arrive = JSON.parse(localStorage.getItem(placeKey()) || "null");
  window.addEventListener("beforeunload", (e) => {  // a change not saved yet: ask before the tab goes
    if (saver.unsaved() || intents.size) { saver.keep(); e.preventDefault(); e.returnValue = ""; }
  });
  document.addEventListener("visibilitychange", () => { if (document.hidden) { keepPlace(); save({ keepalive: true }); } });
  game.start?.(ctx);
  const back = await intents.adopt();  // taps kept by this page before a reload (or a tab closed): played in order
  if (back) tell(`${back} change${back === 1 ? "" : "s"} kept from before: written in order now.`, "");
  setInterval(async () => { if (await intents.adopt()) refresh(); }, 5000);  // another tab's, let go or left
  table.start(page.join);
  table.source.addEventListener("dropped", (e) => showDropped(JSON.parse(e.data)));  // a save elsewhere left moves out
  changed();  // checked, drawn, and saved when the page holds changes the file does not (kept ones, back)
  history.clear();
  $("undo").disabled = true;
  // a line half typed when the page went, back in its box to finish (its own undo step: never written as it stands)
  if (saver.restoredHalf) editors.resume(saver.restoredHalf.path, saver.restoredHalf.value);
  if (!saver.waiting()) showSaved(`Saved to ${page.file}`, "ok");
  document.body.dataset.ready = "1";
}

start();
