// The null game on the page: a tap on a player's square writes a tally mark there, each tap one more
// (1, 2, ... 9, then 0); keys: arrows move a cursor over the squares, a digit writes it, Enter or Space is a
// tap, Backspace or Delete erases. The squares and who writes where are the server's (ctx.info()); the rule
// is the scorer's: whatever is written goes into the record and comes back checked. (The page part every
// game fills in is written down in /static/gamepage.js.)
// A tap here is read from the newest answer (whose square is next), so its handlers do not say `atOnce`:
// while that answer is not back (offline, or the last change still on its way) the page keeps each tap
// and plays it once it is. A game whose taps are read from the page's own state (a pen, the cards picked)
// says `atOnce: true` in the handlers it gives ctx.track: they run at once, offline too; a write of
// theirs that needs whose turn it is goes through ctx.later(what, marks) as the game's own record of it
// (JSON), and the page hands it back to the game's `export function replay(ctx, what)` on the newest
// answer, now or, kept in order, once it comes (ctx.kept(): those still waiting). Selling Knives does.
import { Cursor, Grid, keyOf, square } from "/static/input.js";

let cursor = null;  // a Cursor over the tally grid, once a square was tapped or a key pressed

export function start(ctx) {
  const root = ctx.board.root;
  ctx.track(root, {
    pick(x, y) {
      const grid = Grid.at(root, x, y, 0);
      const cell = grid && grid.cell(x, y);
      return cell && { key: square(cell.r, cell.c), ...cell };
    },
    down(place, e) { e.target.closest(".sheet")?.focus({ preventScroll: true }); return place; },
    up(stroke, place) {
      if (!place || place.key !== stroke.key) return;  // let go elsewhere: nothing written
      cursor = new Cursor(ctx.info().rows, ctx.info().cols, place.r, place.c);
      write(ctx, place.r, place.c, null);
    },
  });
  ctx.board.onShow(() => paint(ctx));
}

export function checked(ctx) { tell(ctx); }

export function key(ctx, e) {
  const inf = ctx.info();
  if (!inf.rows) return;
  const k = keyOf(e);
  const onSheet = document.activeElement?.closest?.(".sheet");
  if (!k || (!onSheet && !cursor)) return;  // keys are the sheet's once it has the focus or a cursor
  if (!cursor) { const t = turn(inf); cursor = new Cursor(inf.rows + 1, inf.cols, inf.next[t], t); }
  if (["up", "down", "left", "right"].includes(k)) { e.preventDefault(); cursor.move(k); paint(ctx); tell(ctx); }
  else if (/^[0-9]$/.test(k)) {  // typed: the cursor goes on to the next player's square
    e.preventDefault();
    if (write(ctx, cursor.r, cursor.c, k) === "new") {
      const next = [...inf.next];
      next[cursor.c] += 1;
      const t = ((inf.cells || []).length + 1) % inf.cols;
      cursor = new Cursor(inf.rows + 1, inf.cols, next[t], t);
      paint(ctx);
    }
  }
  else if (k === "enter" || k === "space") { e.preventDefault(); write(ctx, cursor.r, cursor.c, null); }
  else if (k === "back" || k === "erase") { e.preventDefault(); erase(ctx, cursor.r, cursor.c); }
}

// whose turn it is (a column), and the tally line written in square (r, c), or -1
function turn(inf) { return (inf.cells || []).length % inf.cols; }
function lineAt(inf, r, c) { return (inf.cells || []).findIndex(([lr, lc]) => lr === r && lc === c); }

function readable(ctx) {
  const lines = ctx.doc().tally || [];
  if (ctx.unread().length || lines.length !== (ctx.info().cells || []).length) {
    ctx.say("The tally does not read yet: put it right in its text box first.");
    return false;
  }
  return true;
}

// a digit (or, for a tap, the next tally count) in square (r, c): the player's line there, or a new line
// at the end of the tally when it is the player's next free square ("new"); null if nothing was written
function write(ctx, r, c, digit) {
  if (!readable(ctx)) return null;
  const inf = ctx.info();
  const who = inf.players[c];
  const i = lineAt(inf, r, c);
  if (i < 0 && r !== inf.next[c]) { ctx.say(`${who} writes in row ${square(inf.next[c], c).replace(/\d+$/, "")} next.`); return null; }
  ctx.edit((doc) => {
    if (!Array.isArray(doc.tally)) doc.tally = [];
    if (i < 0) { doc.tally.push(`${who} ${digit ?? "1"}`); return; }
    const line = String(doc.tally[i]);
    const cut = line.lastIndexOf(" ");
    const was = line.slice(cut + 1);
    doc.tally[i] = `${line.slice(0, cut)} ${digit ?? (/^[0-9]$/.test(was) ? String((Number(was) + 1) % 10) : "1")}`;
  });
  cursor = new Cursor(inf.rows + 1, inf.cols, r, c);
  return i < 0 ? "new" : "changed";
}

function erase(ctx, r, c) {
  if (!readable(ctx)) return;
  const i = lineAt(ctx.info(), r, c);
  if (i < 0) { ctx.say(`Nothing is written in ${square(r, c)}.`); return; }
  ctx.edit((doc) => { doc.tally.splice(i, 1); });
  ctx.say(`Erased ${square(r, c)}.`);
}

function tell(ctx) {
  const inf = ctx.info();
  if (!inf.players) return;
  const t = turn(inf);
  const row = square(inf.next[t], t).replace(/\d+$/, "");
  ctx.say(`${inf.players[t]} writes next, in column ${t + 1}, row ${row}: tap the square, or type the digit.`);
}

function paint(ctx) {
  for (const el of ctx.board.root.querySelectorAll(".cursor")) el.classList.remove("cursor");
  if (cursor) for (const el of ctx.board.all(square(cursor.r, cursor.c))) el.classList.add("cursor");
}
