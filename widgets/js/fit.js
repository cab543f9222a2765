// cardkit tables: a row of cards that fits its width. A hand (or a battle's cards) is drawn side by
// side while it fits; when it does not, its cards overlap, each still showing a strip of at least
// `minStep` px (44 px for cards a person taps: WCAG 2.5.5's target size, and room for the corner
// index, rank over suit); when even that does not fit, the cards go on two or more rows, each row
// showing at least `minStep` px of the row behind it. A tap on the part of a card that shows is a
// tap on that card (later cards are drawn over earlier ones, later rows over earlier rows).
// The row is laid out again when the table's width changes (a phone turned, a window resized).

const fitted = new WeakMap();      // row element -> its options, for a refit on resize

/**
 * Lay out the cards of `row` (its element children, all one size) in its content width.
 * Options: `minStep` (px of each card left showing beside the next, default 44), `wrap` (more
 * rows when one row cannot show `minStep` of each card; default true; false squeezes one row),
 * `rowStep` (the fraction of a card's height each row shows of the row behind it, at least
 * `minStep` px; default 0.6). Side by side when they fit (the stylesheet's layout, untouched);
 * otherwise the row gets class `ck-fan` (and `ck-tight`), an explicit height, and each card an
 * absolute `left`/`top`. Does nothing while the row is not laid out (width 0).
 */
export function fitRow(row, opts = {}) {
  const { minStep = 44, wrap = true, rowStep = 0.6 } = opts;
  fitted.set(row, opts);
  row.dataset.fit = "1";
  const cards = [...row.children];
  row.classList.remove("ck-fan", "ck-tight");
  row.style.height = "";
  for (const c of cards) { c.style.left = ""; c.style.top = ""; }
  if (cards.length < 2) return;
  const cs = getComputedStyle(row);
  const padL = parseFloat(cs.paddingLeft) || 0, padR = parseFloat(cs.paddingRight) || 0;
  const padT = parseFloat(cs.paddingTop) || 0, padB = parseFloat(cs.paddingBottom) || 0;
  const width = row.clientWidth - padL - padR;
  // the card's own size, fractional (a card is 1.4 times as high as wide: a rounded height would
  // change the row's, and move what is below it, by a pixel), whatever moves it just now
  const size = getComputedStyle(cards[0]);
  const cw = parseFloat(size.width) || 0, ch = parseFloat(size.height) || 0;
  if (width <= 0 || !cw) return;
  // drawn as the stylesheet says (gaps, or a war's tucked-under cards): does it fit?
  const left = Math.min(...cards.map((c) => c.offsetLeft));
  const right = Math.max(...cards.map((c) => c.offsetLeft + c.offsetWidth));
  if (right - left <= width + 0.5) return;
  const n = cards.length;
  const gap = parseFloat(cs.columnGap) || 0;
  const perRow = Math.max(1, Math.floor((width - cw) / minStep) + 1);
  const rows = wrap ? Math.ceil(n / perRow) : 1;
  const m = Math.ceil(n / rows);                       // cards in each row (the last: the rest)
  const step = m > 1 ? Math.min(cw + gap, (width - cw) / (m - 1)) : 0;
  const dy = Math.max(minStep, Math.round(ch * rowStep));
  const centre = cs.justifyContent === "center";
  // the room the stylesheet gives the row (a min-height kept for a second row, so that nothing
  // below moves when the hand wraps); the cards sit at its bottom, as a one-row hand does
  const room = row.getBoundingClientRect().height;
  const need = padT + ch + (rows - 1) * dy + padB;
  const y0 = cs.alignItems === "flex-end" ? Math.max(0, room - need) : 0;
  row.classList.add("ck-fan", "ck-tight");
  row.style.height = `${Math.max(need, room)}px`;
  cards.forEach((c, i) => {
    const r = Math.floor(i / m), j = i % m;
    const inRow = Math.min(m, n - r * m);
    const x0 = centre ? (width - (cw + (inRow - 1) * step)) / 2 : 0;
    c.style.left = `${Math.round(padL + x0 + j * step)}px`;
    c.style.top = `${padT + y0 + r * dy}px`;
  });
}

/** Lay out again every fitted row in `felt` whenever its width changes (one observer per table). */
export function watchFit(felt) {
  let last = -1;
  const ro = new ResizeObserver(() => {
    const w = felt.clientWidth;
    if (w === last) return;
    last = w;
    for (const row of felt.querySelectorAll("[data-fit]")) fitRow(row, fitted.get(row) || {});
  });
  ro.observe(felt);
  return () => ro.disconnect();
}
