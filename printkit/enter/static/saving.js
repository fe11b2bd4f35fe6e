// Saving by itself: the newest document is written after every change. Nothing the player entered is ever
// lost: each change is first kept in this browser (localStorage, per file), a save that fails (a full disk,
// a file made read-only, its folder gone, the server stopped) says so at once and is tried again until it
// lands, the changes kept come back when the page is opened again, and closing the tab with a change not
// yet saved asks first.
import { post } from "/static/api.js";

const RETRY = [1000, 2000, 4000, 8000, 15000, 30000];  // ms between tries, then every 30 s

export class Saver {
  // page: {doc, version, savedJson, seq, client, file, conflict}; show(text, kind): the save's status;
  // conflict(error): the file changed on disk
  constructor(page, { show, conflict }) {
    Object.assign(this, { page, show, conflict, saving: false, again: false, failures: 0, timer: null });
  }

  key() { return `printkit:pending:${location.host}:${this.page.file}`; }

  unsaved() { return this.page.doc !== null && JSON.stringify(this.page.doc) !== this.page.savedJson; }

  keep() {  // the change, in this browser, before anything is sent
    try {
      localStorage.setItem(this.key(), JSON.stringify({ doc: this.page.doc, version: this.page.version }));
    } catch (_) { /* a full or closed store: the page itself still holds the change */ }
  }

  pending() {  // the changes this browser kept and the server has not confirmed: {doc, version} or null
    try { return JSON.parse(localStorage.getItem(this.key()) || "null"); } catch (_) { return null; }
  }

  drop() { try { localStorage.removeItem(this.key()); } catch (_) { /* nothing kept */ } }

  async save({ force = false, keepalive = false } = {}) {
    const page = this.page;
    const json = JSON.stringify(page.doc);
    if ((json === page.savedJson && !force) || page.conflict) return;
    this.keep();
    if (this.saving) { this.again = true; return; }  // one save at a time; the newest follows this one
    this.saving = true;
    this.show("Saving...", "");
    try {
      const headers = { "X-Printkit-Seq": String(page.seq), "X-Printkit-Client": page.client };
      if (page.version) headers["X-Printkit-Version"] = page.version;
      const { status, body } = await post("/api/save", page.doc, headers, { keepalive });
      if (status === 200) {
        page.version = body.version;
        page.savedJson = json;
        this.failures = 0;
        clearTimeout(this.timer);
        this.show(`Saved to ${body.saved}`, "ok");
        if (JSON.stringify(page.doc) === json) this.drop();
      } else if (status === 409) {
        page.conflict = true;
        this.conflict(body.error);
      } else {
        this.failed(body.error || `the server answered ${status}`);
      }
    } catch (_) {
      this.failed("the printkit server is not answering");
    } finally {
      this.saving = false;
    }
    if (this.again) { this.again = false; this.save(); }
  }

  failed(why) {
    this.failures += 1;
    const wait = RETRY[Math.min(this.failures - 1, RETRY.length - 1)];
    this.show(`Not saved: ${why}. Every change is kept on this page and in this browser, and saved as soon as ` +
              `the file can be written (trying again in ${Math.round(wait / 1000)} s).`, "bad");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.save({ force: true }), wait);
  }
}
