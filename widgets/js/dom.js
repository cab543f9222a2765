// cardkit tables: building the page's elements. h() makes an HTML element and s() an SVG one
// from a tag, attributes (`on…` functions become event listeners, `text` the text content,
// `style` an object of styles) and children (strings become text nodes). Everything from the
// model goes in as text or attributes, never as HTML.

const SVGNS = "http://www.w3.org/2000/svg";

/** An HTML element: h("button", {class: "x", onclick: f, "aria-label": "…"}, "text", child…) */
export function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === undefined || k === false) continue;
    e.appendChild(typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k);
  }
  return e;
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  setAttrs(e, attrs);
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === undefined || k === false) continue;
    e.appendChild(typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k);
  }
  return e;
}

function setAttrs(e, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = String(v);
    else if (k === "style" && typeof v === "object") Object.assign(e.style, v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
}
