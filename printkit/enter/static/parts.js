// The parts of a results document: what changed between two versions of it, as the parts of the record
// it touches (a grid, a sheet, a round, one line of a log), and a change applied to a document. The
// server applies the same changes (enter/sync.py); a part is named as the file names it: fills.Ann.Ben,
// rounds[2], moves[14].

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

export function partName(path) {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${p}` : p)).join("");
}

// the changes that make `a` into `b`: [{path, value} | {path, drop: true} | {path, length}]
export function diff(a, b, path = [], out = []) {
  if (same(a, b)) return out;
  if (isMap(a) && isMap(b)) {
    for (const k of Object.keys(a)) if (!(k in b)) out.push({ path: [...path, k], drop: true });
    for (const k of Object.keys(b)) {
      if (!(k in a)) out.push({ path: [...path, k], value: clone(b[k]) });
      else diff(a[k], b[k], [...path, k], out);
    }
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b) && path.length) {  // a log or a list of rounds: item by item
    for (let i = 0; i < b.length; i++) {
      if (i >= a.length || !same(a[i], b[i])) out.push({ path: [...path, i], value: clone(b[i]) });
    }
    if (b.length < a.length) out.push({ path, length: b.length });
    return out;
  }
  out.push({ path, value: clone(b) });
  return out;
}

// one change applied to `doc` in place (containers on the way made as needed); as sync.apply does
export function apply(doc, change) {
  const { path } = change;
  let here = doc;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    const wantList = typeof path[i + 1] === "number";
    let next = here[key];
    if (wantList ? !Array.isArray(next) : !isMap(next)) {
      next = wantList ? [] : {};
      put(here, key, next);
    }
    here = next;
  }
  const last = path[path.length - 1];
  if (change.drop) {
    if (Array.isArray(here)) { if (last < here.length) here.splice(last, 1); } else delete here[last];
  } else if ("length" in change) {
    if (Array.isArray(here[last])) here[last].length = Math.min(here[last].length, change.length);
  } else {
    put(here, last, clone(change.value));
  }
  return doc;
}

function put(here, key, value) {
  if (Array.isArray(here) && key >= here.length) here.push(value);
  else here[key] = value;
}

// whether two parts overlap (one is the other, or holds it)
export function overlaps(p, q) {
  const n = Math.min(p.length, q.length);
  for (let i = 0; i < n; i++) if (p[i] !== q[i]) return false;
  return true;
}
