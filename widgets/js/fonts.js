// cardkit tables: the font of a table's language. A page may have no Gurmukhi or Kannada font
// (Debian's chromium has none) and no internet: a table in Punjabi or Kannada asks its kernel for
// its font once per page ({do: "fonts"}), gets the woff2 files as binary buffers (never in the
// widget's state) and adds them to document.fonts. A page whose template already declares the
// family (the cardkit Voilà template does, by URL) asks nothing.

const FAMILY = { pa: "Noto Sans Gurmukhi", kn: "Noto Sans Kannada" };
const asked = new Set();

/** Ask for the font of `lang` unless the page has (or has asked for) its family. */
export function needFont(model, lang) {
  const family = FAMILY[lang];
  if (!family || asked.has(family)) return;
  asked.add(family);
  const have = [...document.fonts].some((f) => f.family.replace(/["']/g, "") === family);
  if (!have) model.send({ do: "fonts" });
}

/** A kernel's answer {fonts: [{family, weight, range}]} with one buffer per font: added to the
 *  page's fonts (only the two families the kit ships). True if the message was one. */
export function takeFonts(content, buffers) {
  if (!content || !Array.isArray(content.fonts)) return false;
  content.fonts.forEach((f, i) => {
    const data = buffers && buffers[i];
    if (!data || !Object.values(FAMILY).includes(f.family)) return;
    const face = new FontFace(f.family, data, { weight: String(Number(f.weight) || 400),
                                                unicodeRange: String(f.range || "") });
    document.fonts.add(face);
    face.load().catch(() => {});
  });
  return true;
}
