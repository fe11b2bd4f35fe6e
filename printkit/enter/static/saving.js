// Saving by itself: after every change, the parts of the record it touched are sent to the server, which
// applies them to the newest document (another device's changes to other parts stay) and writes the file.
// Nothing the player entered is ever lost: each change is first kept in this browser (localStorage, per
// file), a save that fails (a full disk, a file made read-only, its folder gone, the server stopped, the
// phone out of the Wi-Fi) says so at once and is tried again until it lands, the changes kept come back
// when the page is opened again, and closing the tab with a change not yet saved asks first.
import { post } from "/static/api.js";
import { apply, clone, diff, same } from "/static/parts.js";

const RETRY = [1000, 2000, 4000, 8000, 15000, 30000];  // ms between tries, then every 30 s

export class Saver {
  // page: {doc, synced, rev, version, client, file}; show(text, kind): the save's status
  constructor(page, { show }) {
    // since: the newest change of any device this page had when its unsaved changes began (the server tells
    // the device whose value they replace, if it wrote it after that)
    Object.assign(this, { page, show, saving: false, again: false, failures: 0, timer: null, since: null });
  }

  key() { return `printkit:pending:${location.host}:${this.page.file}`; }

  unsaved() { return this.page.doc !== null && this.page.synced !== null && !same(this.page.doc, this.page.synced); }

  keep() {  // the change, in this browser, before anything is sent
    const { doc, synced, version } = this.page;
    if (this.since === null) this.since = this.page.rev;
    try { localStorage.setItem(this.key(), JSON.stringify({ doc, synced, version, since: this.since })); } catch (_) { /* the page holds it */ }
  }

  pending() {  // the changes this browser kept and the server has not confirmed: {doc, synced, version} or null
    try { return JSON.parse(localStorage.getItem(this.key()) || "null"); } catch (_) { return null; }
  }

  drop() { try { localStorage.removeItem(this.key()); } catch (_) { /* nothing kept */ } }

  async save({ keepalive = false } = {}) {
    const page = this.page;
    if (!this.unsaved()) return;
    this.keep();
    if (this.saving) { this.again = true; return; }  // one save at a time; the newest follows this one
    this.saving = true;
    this.show("Saving...", "");
    const sent = clone(page.doc);
    const changes = diff(page.synced, sent);
    try {
      const { status, body } = await post("/api/change", { changes, seen: this.since ?? page.rev },
        { "X-Printkit-Client": page.client }, { keepalive });
      if (status === 200) {
        for (const ch of changes) apply(page.synced, ch);
        page.version = body.version;
        this.failures = 0;
        clearTimeout(this.timer);
        this.show(`Saved to ${page.file}`, "ok");
        if (!this.unsaved()) { this.drop(); this.since = null; }
        if (body.reload) this.onReload?.();
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
