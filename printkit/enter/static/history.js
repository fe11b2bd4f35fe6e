// Undo and redo: snapshots of the document; edits to one text box in a row count as one step, until the line
// typed is finished (Enter, a pause, the box left): one Undo takes back that line, not every line since.
export class History {
  constructor(limit = 500) { this.limit = limit; this.clear(); }
  clear() { this.past = []; this.future = []; this.last = null; }
  record(snapshot, coalesce = null) {
    if (coalesce !== null && coalesce === this.last && this.past.length) { this.future = []; return; }
    this.past.push(snapshot);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    this.last = coalesce;
  }
  seal() { this.last = null; }  // the step being typed ends (a line finished): the next key starts another
  peek() { return this.last !== null && this.past.length ? this.past[this.past.length - 1] : null; }  // before the step being typed
  map(fn) {  // another device's change, put into every step (undo takes back this page's own changes only)
    const each = (s) => JSON.stringify(fn(JSON.parse(s)));
    this.past = this.past.map(each);
    this.future = this.future.map(each);
  }
  canUndo() { return this.past.length > 0; }
  canRedo() { return this.future.length > 0; }
  undo(current) {
    if (!this.past.length) return null;
    this.future.push(current);
    this.last = null;
    return this.past.pop();
  }
  redo(current) {
    if (!this.future.length) return null;
    this.past.push(current);
    this.last = null;
    return this.future.pop();
  }
}
