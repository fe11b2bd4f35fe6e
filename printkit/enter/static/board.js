// The sheets on screen: SVG drawn by the server from the same drawing model as the print. This module
// only shows them and finds the elements of a place by its data-ref; the pointer and keys are input.js's.
const SHOWN = new WeakMap();  // each sheet's box: the SVG text it shows

export class Board {
  constructor(root) {
    this.root = root;
    this.hooks = [];
    this.waiting = null;  // sheets that came while a finger was held on the board: shown when it lifts
    root.addEventListener("strokeend", () => { const s = this.waiting; this.waiting = null; if (s) this.show(s); });
  }

  show(sheets) {
    if (this.root.holding?.()) { this.waiting = sheets; return; }  // never drawn anew under a finger
    this.waiting = null;
    const boxes = [...this.root.children];
    sheets.forEach((svg, i) => {
      let box = boxes[i];
      if (!box) {
        box = document.createElement("div");
        box.className = "sheet";
        box.tabIndex = 0;
        this.root.append(box);
      }
      if (SHOWN.get(box) !== svg) {  // redrawn at the width it had (phone.js's fit): nothing moves under a finger
        const width = box.querySelector("svg")?.style.width || "";
        box.innerHTML = svg;
        SHOWN.set(box, svg);
        if (width && box.querySelector("svg")) box.querySelector("svg").style.width = width;
      }
    });
    for (const extra of boxes.slice(sheets.length)) extra.remove();
    for (const hook of this.hooks) hook();
  }

  onShow(hook) { this.hooks.push(hook); }

  // the element named `ref` (CSS.escape: refs hold spaces and colons)
  el(ref) { return this.root.querySelector(`[data-ref="${CSS.escape(ref)}"]`); }
  all(ref) { return this.root.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`); }
}
