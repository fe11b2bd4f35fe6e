// Saving by itself: after every change, the parts of the record it touched are sent to the server, which
// applies them to the newest document (another device's changes to other parts stay) and writes the file.
// Nothing the player entered is ever lost: each change is first kept in this browser (localStorage, per
// file), a save that fails (a full disk, a file made read-only, its folder gone, the server stopped, the
// phone out of the Wi-Fi) says so at once and is tried again until it lands, the changes kept come back
// when the page is opened again, and closing the tab with a change not yet saved asks first.
// Every save has an identity: this page's id and its number here (kept with the changes in the browser). A
// save whose answer did not come is sent again as it was, with its identity, and the server writes it once;
// the next changes (an Undo, a Redo, a line typed again) are a new save with a number of its own. A change
// to a list names its lines by identity (parts.js); one the server finds stale (a line it names is gone) is
// not written: the page takes the newest file, its own changes on top, and saves again.
import { post } from "/static/api.js";
import { apply, clone, diff, renamed, renames, same } from "/static/parts.js";

const RETRY = [1000, 2000, 4000, 8000, 15000, 30000];  // ms between tries, then every 30 s
const BEHIND = 1500;  // ms a save's answer waits for the events of the changes before it

// A server started again names the file's lines anew: the identities a page held (`synced`, its lines), as
// the server names them now (`now`, its lines) where the lines stand alike. The lines a save not answered
// (`batch`) adds may be in the file already (written before the answer was lost, or by Ctrl-C): each is
// paired with the file's line standing alike with it, so that it is never added a second time; a line it
// takes away is named as the file names it, and taken away.
export function carried(synced, syncedLines, batch, now, nowLines) {
  const map = renames(synced, syncedLines, now, nowLines);
  if (!batch) return map;
  const had = new Set(), walk = (v) => {
    if (!v || typeof v !== "object") return;
    if (Array.isArray(v.ids)) { v.ids.forEach((id) => had.add(id)); v.of.forEach(walk); } else Object.values(v).forEach(walk);
  };
  walk(syncedLines);
  const after = clone(synced);
  let lines = clone(syncedLines);
  for (const ch of batch.changes) lines = apply(after, lines, ch);
  for (const [from, to] of renames(after, lines, now, nowLines)) if (!had.has(from)) map.set(from, to);
  return map;
}

export class Saver {
  // page: {doc, synced, rev, version, client, file}; show(text, kind): the save's status
  constructor(page, { show }) {
    // since: the newest change of any device this page had when its unsaved changes began (the server tells
    // the device whose value they replace, if it wrote it after that)
    // batch: the save sent and not answered yet ({device, seq, changes}), sent again as it is; applied: the
    // saves put into `synced` by their answer (their own event then brings nothing new)
    Object.assign(this, { page, show, saving: false, again: false, failures: 0, timer: null, since: null,
                          batch: null, count: 0, applied: new Set() });
  }

  key() { return `printkit:pending:${location.host}:${this.page.where}`; }

  unsaved() {  // a change of this page's the file does not hold: a value, or a line (by its identity)
    const { doc, synced, lines, syncedLines } = this.page;
    return doc !== null && synced !== null && (!same(doc, synced) || diff(synced, syncedLines, doc, lines).length > 0);
  }

  // a change the server has not answered for: one not sent yet, or a save sent again until its answer comes
  waiting() { return this.unsaved() || this.batch !== null; }

  keep() {  // the change, in this browser, before anything is sent
    const { synced, version, syncedLines, run } = this.page;
    let { doc, lines } = this.page;
    const half = this.half?.();  // a line half typed: kept apart, the record kept without it
    if (half) ({ doc, lines } = half);
    if (this.since === null) this.since = this.page.rev;
    const kept = { doc, synced, version, lines, syncedLines, run, since: this.since, batch: this.batch,
                   half: half ? { path: half.path, value: half.value } : null };
    try { localStorage.setItem(this.key(), JSON.stringify(kept)); } catch (_) { /* the page holds it */ }
  }

  pending() {  // the changes this browser kept and the server has not confirmed: {doc, synced, version} or null
    try { return JSON.parse(localStorage.getItem(this.key()) || "null"); } catch (_) { return null; }
  }

  drop() { try { localStorage.removeItem(this.key()); } catch (_) { /* nothing kept */ } }

  // changes this browser kept and the server never confirmed (a save that failed, a tab closed): put back on
  // top of the file as it is now (another device's changes to other parts stay); whether there were any. A
  // save sent whose answer never came may be in the file already (the page went as it was sent): it is put
  // back as it was, then the changes made after it, on top of it (a line typed on after its first letter was
  // sent: the whole line replaces that letter, as it did on the page, not a second line after it). Lines are
  // named by their identities; a server started again names the file's lines anew, and the kept ones with them.
  restore() {
    const page = this.page, kept = this.pending();
    this.restoredHalf = kept?.half || null;  // a line half typed: back in its box, to finish (app.js)
    if (!kept || !kept.synced || !kept.syncedLines) { this.drop(); return false; }
    let { syncedLines, lines, batch } = kept;
    if (kept.run !== page.run) {  // the kept lines named as the server names them now, where they stand alike
      // (every line the page added may be in the file: sent before the stop, or written by its Ctrl-C)
      const sentDoc = clone(kept.synced);
      let sentLines = clone(syncedLines);
      for (const ch of batch ? batch.changes : []) sentLines = apply(sentDoc, sentLines, ch);
      const pending = [...(batch ? batch.changes : []), ...diff(sentDoc, sentLines, kept.doc, lines)];
      const map = carried(kept.synced, syncedLines, { changes: pending }, page.synced, page.syncedLines);
      [syncedLines, lines] = [renamed(syncedLines, map), renamed(lines, map)];
      if (batch) batch = this.renamed(map, batch);
    }
    const sent = batch ? batch.changes : [];
    const after = clone(kept.synced);
    for (const ch of sent) syncedLines = apply(after, syncedLines, ch);
    const mine = diff(after, syncedLines, kept.doc, lines);
    if (!mine.length && !batch) { this.drop(); return false; }
    this.batch = batch || null;  // sent again first, as it was, with its identity: written once
    for (const ch of [...sent, ...mine]) page.lines = apply(page.doc, page.lines, ch);
    this.since = kept.since ?? null;
    return true;
  }

  // the save sent and not answered, its lines named as a server started again names them: if that changed
  // what it says, it goes under a number of its own (the last run may know its number with the old words,
  // and refuse it as another change under a number used); a line it adds that the file holds already is
  // named as the file's, so the server finds it there and never adds it twice
  // (`batch`: one kept by a page before this one, not this page's own yet); the batch as renamed
  renamed(map, batch = this.batch) {
    const changes = batch.changes.map((ch) => renamed(ch, map));
    if (JSON.stringify(changes) === JSON.stringify(batch.changes)) return batch;
    const was = batch.was || { device: batch.device, seq: batch.seq };  // (the one on its way)
    const out = { device: this.page.client, seq: this.count++, changes, was };
    if (batch === this.batch) this.batch = out;
    return out;
  }

  async save({ keepalive = false } = {}) {
    const page = this.page;
    if (!this.waiting()) return;
    if (this.held?.() && !this.batch) { this.keep(); return; }  // held (a line half typed): kept, sent later
    this.keep();
    if (this.saving) { this.again = true; return; }  // one save at a time; the newest follows this one
    this.saving = true;
    this.show("Saving...", "");
    if (!this.batch) {
      this.batch = { device: page.client, seq: this.count++,
                     changes: diff(page.synced, page.syncedLines, clone(page.doc), clone(page.lines)) };
    }
    // a line written for the turn to come goes as such: the server gives it the next turn's player
    this.batch.changes = this.batch.changes.map((ch) => (page.placing?.has(ch.append) ? { ...ch, place: true } : ch));
    this.keep();
    const { device, seq, changes } = this.batch;
    try {
      // run: the run of the server whose names its lines carry (a server started since refuses it: stale)
      const { status, body } = await post("/api/change", { changes, seen: this.since ?? page.rev, device, seq, run: page.run },
        { "X-Printkit-Client": page.client }, { keepalive });
      // (its lines renamed meanwhile, if the page took the file from a server started again)
      const ours = (b) => b && ((b.seq === seq && b.device === device) || (b.was?.seq === seq && b.was?.device === device));
      const sent = ours(this.batch) ? this.batch.changes : changes;
      this.batch = null;  // answered: written, or refused (the next save is made anew from what the page holds)
      if (status === 200) {
        for (const ch of sent) if (ch.place) page.placing?.delete(ch.append);
        const id = `${device}:${seq}`;
        if (body.run !== undefined && body.run !== page.run) {  // a server started again, which names the
          await this.onReload?.(sent);  // file's lines anew: the file taken, with this save in it, before any other
        } else if (body.rev > page.rev && !this.applied.has(id)) {  // its own event has not brought it yet
          for (const ch of sent) page.syncedLines = apply(page.synced, page.syncedLines, ch);
          this.applied.add(id);
        }
        // other devices' changes came before it: their events are due; with the event stream lost, the page
        // takes the newest file
        if (body.rev > page.rev + 1 && document.body.dataset.live !== "1") {
          setTimeout(() => { if (page.rev < body.rev) this.onReload?.(); }, BEHIND);
        }
        page.version = body.version;
        this.failures = 0;
        clearTimeout(this.timer);
        // the changes made while it was away (kept, not in it) are the next save, sent at once; "Saved" only
        // when the server has answered for every change the page shows
        if (this.unsaved()) this.again = true;
        else { this.show(`Saved to ${page.file}`, "ok"); this.drop(); this.since = null; }
        if (body.reload) this.onReload?.();
      } else if (status === 409 && body.stale) {  // a line it names is gone, or a server started again named
        // the file's lines anew: the newest file, then again (a save refused by a new run may be in the file
        // already, written by the last run's Ctrl-C: its lines are then the file's, never added twice)
        await this.onReload?.(null, body.run !== undefined && body.run !== page.run ? sent : null);
        this.since = null;  // made anew on the newest file
        if (this.unsaved()) this.again = true;
        else { this.show(`Saved to ${page.file}`, "ok"); this.drop(); }  // (nothing of it left to write)
      } else {
        this.failed(body.error || `the server answered ${status}`);
      }
    } catch (_) {  // no answer: the same save, with its identity, is sent again
      this.failed("the computer that keeps the results is not answering");
    } finally {
      this.saving = false;
    }
    if (this.again) { this.again = false; this.save(); }
  }

  now() {  // the network is back: a save that failed is tried again at once
    if (!this.failures) return;
    clearTimeout(this.timer);
    this.save();
  }

  failed(why) {
    this.failures += 1;
    const wait = RETRY[Math.min(this.failures - 1, RETRY.length - 1)];
    this.show(`Not saved: ${why}. Every change is kept on this page and in this browser, and saved as soon as ` +
              `the file can be written (trying again in ${Math.round(wait / 1000)} s).`, "bad");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.save(), wait);
  }
}
