// cardkit tables: the fonts of the kit's scripts. A page may have no Gurmukhi or Kannada font
// (Debian's chromium has none) and no internet, and every table's language menu names ਪੰਜਾਬੀ and
// ಕನ್ನಡ in their own letters: the first table asks its kernel for the fonts once per page
// ({do: "fonts"}; a quiz for its language's), gets the woff2 files as binary buffers (never in the
// widget's state) and adds them to document.fonts. A page whose template already declares the
// families (the cardkit Voilà template does, by URL) asks nothing.
//
// Chromium keeps drawing missing-glyph boxes for text whose font description (family list, size,
// weight …) it first looked up while the font was still loading, even once the font is there. So
// a table in Punjabi or Kannada draws its first view only once its script's fonts are loaded
// (fontsReady; at most 3 s), and each time the page's fonts finish loading every table changes
// its font description in a way that draws the same (watchFonts).

const FAMILY = { pa: "Noto Sans Gurmukhi", kn: "Noto Sans Kannada" };
const LETTER = { pa: "\u0A05", kn: "\u0C85" };
const asked = new Set();
let arrived = null;                 // resolves when the kernel's fonts are in document.fonts
let arrive = () => {};

function declared(family) {
  return [...document.fonts].some((f) => f.family.replace(/["']/g, "") === family);
}

/** Ask for the fonts of `langs` (a table: both scripts) unless the page has (or has asked for)
 *  their families. */
export function needFont(model, ...langs) {
  const families = langs.map((l) => FAMILY[l]).filter((f) => f && !asked.has(f));
  if (!families.length) return;
  families.forEach((f) => asked.add(f));
  if (families.some((f) => !declared(f))) {
    if (!arrived) arrived = new Promise((ok) => { arrive = ok; });
    model.send({ do: "fonts" });
  }
}

/** Resolves once the regular and bold faces of `lang`'s script are loaded (at once for English;
 *  after at most 3 s whatever happens): call needFont first. */
export function fontsReady(lang) {
  const family = FAMILY[lang];
  if (!family || !document.fonts) return Promise.resolve();
  const load = () => Promise.all(["400", "700"].map((w) =>
    document.fonts.load(`${w} 16px "${family}"`, LETTER[lang]).catch(() => [])));
  const waited = declared(family) ? load() : (arrived || Promise.resolve()).then(load);
  return Promise.race([waited, new Promise((ok) => setTimeout(ok, 3000))]);
}

/** A kernel's answer {fonts: [{family, weight, range}]} with one buffer per font: added to the
 *  page's fonts (only the two families the kit ships). True if the message was one. */
export function takeFonts(content, buffers) {
  if (!content || !Array.isArray(content.fonts)) return false;
  const loads = [];
  content.fonts.forEach((f, i) => {
    const data = buffers && buffers[i];
    if (!data || !Object.values(FAMILY).includes(f.family)) return;
    const weight = /^\d{3}( \d{3})?$/.test(String(f.weight)) ? String(f.weight) : "400";
    const face = new FontFace(f.family, data, { weight, unicodeRange: String(f.range || "") });
    document.fonts.add(face);
    loads.push(face.load().catch(() => {}));
  });
  // a face made from a buffer may load without the page's fonts ever firing "loadingdone": text
  // drawn before it came (a kernel slower than fontsReady's 3 s) is looked up again here
  Promise.all(loads).then(() => { arrive(); lookFontsUpAgain(); });
  return true;
}

let flip = false;
/** Every table's text looks its fonts up again: the tables switch between two font descriptions
 *  no text had while the fonts were loading (table.css: `ck-kern-a`, `ck-kern-b`, font-kerning
 *  none or normal, which draw alike), which is what makes chromium drop the missing-glyph boxes it
 *  kept (a new text node or the same style do not). */
function lookFontsUpAgain() {
  flip = !flip;
  for (const root of document.querySelectorAll(".ck-root")) {
    root.classList.toggle("ck-kern-a", flip);
    root.classList.toggle("ck-kern-b", !flip);
  }
}

/** Each time the page's fonts finish loading, once they are all in, every table's text looks its
 *  fonts up again (lookFontsUpAgain). Once per page. */
let watching = false;
export function watchFonts() {
  if (watching || !document.fonts || !document.fonts.addEventListener) return;
  watching = true;
  document.fonts.addEventListener("loadingdone", () => document.fonts.ready.then(lookFontsUpAgain));
}
