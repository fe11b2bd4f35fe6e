// The page part of a game, written down once (as printkit/game.py writes down the Python part): what a
// game's page.js exports, what the page (app.js) gives it, and the names on the board the page keeps for
// itself. tests/enter/test_game_pages.py runs every game's page.js, and the null game's, through the same
// checks: it starts, a stroke and a key become record edits, a mistake is shown at its place.
//
// A game's page.js is served as /static/game.js; its other modules as /static/game/NAME.js. It uses the
// one input model (/static/input.js: Grid, Cursor, keyOf, square, parseSquare, placeAt, the sketches;
// strokes through ctx.track) and never keeps pointer, drag or cursor code of its own; it never checks a
// rule: whatever it writes goes into the record and comes back checked by the server (page.py's board,
// board_info, marks).
//
// What page.js exports (nothing else):
//   start(ctx)           once, when the document is loaded, before its first check: hook the board's
//                        pointer (input.js's track on ctx.board.root), add buttons to ctx.controls
//   checked(ctx, report) optional: after every check shown (report: /api/check's JSON: players, violations,
//                        marks, notes); say what comes next
//   key(ctx, event)      optional: a keydown outside the text boxes (Ctrl+Z and Ctrl+Y are the page's
//                        undo and redo); call event.preventDefault() for a key it uses
//   held()               optional: a line half built (JSON), kept when the page goes (a reload) ...
//   resume(ctx, kept)    ... and given back when it comes again
//   replay(ctx, what)    optional: a write the game handed to ctx.later (`what`: its own record of it, JSON)
//                        written now, on the newest answer: whose turn it is read from ctx.info() then
//
// What ctx gives it:
//   doc()                the results document being edited, keys and names as typed (read it; change it
//                        only through edit)
//   edit(change, {coalesce, from})  change(doc) changes the document in place: one undo step, then checked,
//                        drawn and saved
//   say(text)            one line to the player: what was done, what comes next
//   info()               the game's page.py board_info for the document as last drawn (who moves next,
//                        where each part of the record is on the sheets: what the rules say, from the server)
//   unread()             the parts of the record that do not read: [{key, message, ref}]; leave them alone
//   report()             the last check (as given to checked)
//   setup                the players ({name, color, cue}), the title
//   controls             an element for the game's own buttons
//   ask(name, params)    a question to the game's page.py ANSWERS[name] about the document: its JSON answer
//   show(node)           shows an answer (a node) in the page's answer panel
//   track(root, handlers, options)  input.js's track (pick, down, over, moved, up, cancel: a stroke over
//                        places), its strokes kept as intents while the newest state is not checked yet
//                        and played once it is (intents.js); handlers that say `atOnce: true` (what a tap
//                        writes is read from the page's own state: a pen, the cards picked, a turn half
//                        built) are run at once, offline too, and only their writes wait
//   later(what, marks)   an at-once game's write that needs the newest answer (whose turn it is): played
//                        by the game's replay(ctx, what) now, or kept in order (over a reload too) and
//                        played when the answer comes; marks: the places it writes, each a ref or
//                        {ref, text, who}; true when it was played now
//   kept()               the writes kept by later, not played yet, in order (each `what`)
//   board                the sheets on screen: root (their element), el(ref), all(ref) (the elements of a
//                        place, by its data-ref), onShow(hook) (after every redraw)
//
// The board's names (data-ref, from page.py's draw.Hit): every place to point at is named by the game
// (2:C1-C3, curve:Ann:C3, B2); the page keeps for itself the names beginning "grid:" (draw.hit_grid: a
// grid read by input.js's Grid, never a place) and the classes "marked" (a mistake, from the check's
// marks), "unread" (a part that does not read) and "sketch" (a stroke being drawn); a game marks its own
// state with "cursor" and "selected".

export const EXPORTS = { start: 1, checked: 2, key: 2, held: 0, resume: 2, replay: 2 };  // name -> the most arguments it takes
export const REQUIRED = ["start"];
export const CTX = ["doc", "edit", "say", "info", "unread", "report", "setup", "controls", "ask", "show", "board", "track", "later", "kept"];
export const BOARD = ["root", "el", "all", "onShow"];
export const RESERVED = "grid:";

// what a game's page module (its namespace object) and the ctx it was given break of the above
export function problems(module, ctx = null) {
  const out = [];
  for (const name of REQUIRED) if (typeof module[name] !== "function") out.push(`page.js exports no ${name}()`);
  for (const [name, value] of Object.entries(module)) {
    if (!(name in EXPORTS)) out.push(`page.js exports ${name}, which the page never calls`);
    else if (typeof value !== "function") out.push(`page.js's ${name} is not a function`);
    else if (value.length > EXPORTS[name]) out.push(`page.js's ${name} takes ${value.length} arguments; the page gives ${EXPORTS[name]}`);
  }
  if (ctx) {
    const have = Object.keys(ctx).sort().join(" ");
    if (have !== [...CTX].sort().join(" ")) out.push(`ctx holds ${have}; written down: ${[...CTX].sort().join(" ")}`);
    for (const name of BOARD) if (!ctx.board || !(name in ctx.board)) out.push(`ctx.board has no ${name}`);
  }
  return out;
}
