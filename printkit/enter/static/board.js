// The sheets on screen: SVG drawn by the server from the same drawing model as the print. This module
// only shows them and finds what the pointer is on; each game's own module turns pointing into edits.
export class Board {
  constructor(root) { this.root = root; this.hooks = []; }

  show(sheets) {
    const boxes = [...this.root.children];
    sheets.forEach((svg, i) => {
      let box = boxes[i];
      if (!box) {
        box = document.createElement("div");
        box.className = "sheet";
        box.tabIndex = 0;
        this.root.append(box);
      }
      if (box.dataset.svg !== svg) { box.innerHTML = svg; box.dataset.svg = svg; }
    });
    for (const extra of boxes.slice(sheets.length)) extra.remove();
    for (const hook of this.hooks) hook();
  }

  onShow(hook) { this.hooks.push(hook); }

  // the element named `ref` (CSS.escape: refs hold spaces and colons)
  el(ref) { return this.root.querySelector(`[data-ref="${CSS.escape(ref)}"]`); }
  all(ref) { return this.root.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`); }

  // what is under a point on the screen: the topmost element with a data-ref, or null
  refAt(x, y) {
    for (const el of document.elementsFromPoint(x, y)) {
      if (el.dataset && el.dataset.ref && this.root.contains(el)) return el;
    }
    return null;
  }

  // the centre of a place, in its sheet's own units (millimetres), and that sheet's <svg>
  centre(el) {
    const svg = el.ownerSVGElement;
    if (el.tagName === "line") {
      const n = (a) => Number(el.getAttribute(a));
      return { svg, x: (n("x1") + n("x2")) / 2, y: (n("y1") + n("y2")) / 2 };
    }
    const b = el.getBBox();
    return { svg, x: b.x + b.width / 2, y: b.y + b.height / 2 };
  }

  // a point on the screen in an svg's units
  toSheet(svg, x, y) {
    const p = svg.createSVGPoint();
    p.x = x; p.y = y;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }

  // a layer on top of a sheet for what the pointer is drawing right now (removed on the next draw)
  sketch(svg) {
    let g = svg.querySelector("g.sketch");
    if (!g) {
      g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.setAttribute("class", "sketch");
      svg.append(g);
    }
    return g;
  }

  clearSketch() { for (const g of this.root.querySelectorAll("g.sketch")) g.replaceChildren(); }
}
