// How the Selling Knives page looks: picks on the sheets, the claim panel, and the chooser of roads.
export const CSS = `
  rect.hit.card:hover, rect.hit.hand:hover { fill: #0072b2; fill-opacity: .12; }
  rect.hit.card.selected, rect.hit.hand.selected { fill: var(--focus); fill-opacity: .25; stroke: var(--focus); stroke-width: .8; }
  rect.hit.card.cursor, rect.hit.hand.cursor { stroke: #0072b2; stroke-width: .9; stroke-dasharray: 1.2 .6; }
  ellipse.hit.centre:hover { fill: #0072b2; fill-opacity: .12; }
  ellipse.hit.centre.selected { fill: none; stroke: none; }  /* its touch area is bigger: the drawn disc shows it */
  circle.anchor { fill: var(--focus); fill-opacity: .35; stroke: var(--focus); }
  line.hit.road:hover { stroke: #0072b2; stroke-opacity: .25; }
  .knives-panel { display: flex; flex-direction: column; gap: .4rem; }
  .knives-panel { position: relative; contain: inline-size; }  /* its words never widen the page: cut short instead */
  .knives-panel .line { min-width: 0; }
  .knives-panel .line { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
  .knives-panel .line.pick { flex-wrap: nowrap; }
  .knives-panel .pick span, .knives-panel .sum, .knives-panel .counts { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .knives-panel .pick span { flex: 1 1 auto; }
  .knives-panel .pick button { flex: none; }
  .knives-panel .sum, .knives-panel .counts { min-height: 1.3em; }
  .knives-panel .ask { position: fixed; left: 0; right: 0; bottom: 0; z-index: 20; max-height: 45vh; overflow: auto;
    padding: .6rem .8rem; background: #fff; border-top: 2px solid #0072b2; box-shadow: 0 -2px 8px rgba(0, 0, 0, .15); }
  .knives-panel .ask span { flex: 1 1 100%; }
  .knives-panel .wait { position: absolute; inset: 0; margin: 0; visibility: visible; color: #555; }
  .knives-panel .who button.active { background: #0072b2; color: #fff; border-color: #0072b2; }
  .knives-panel .sum.ok { color: #007a4d; font-weight: 600; }
  .knives-panel .sum.bad { color: #d6143d; font-weight: 600; }
  @media (max-height: 500px) {  /* a phone on its side: the whole ring of centres between the screen's top and the bar */
    #sheets > .sheet.knives-map { max-width: calc((100vh - 3.75rem) * 138 / 140); max-width: calc((100dvh - 3.75rem) * 138 / 140); }
  }
  .knives-panel[hidden], .knives-panel [hidden] { display: none; }
  svg.kept-hand-on [data-ref^="hand:"]:not(.kept-card) { pointer-events: none; }`;
