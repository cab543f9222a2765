// Builds the tables' front end: each widget's module (ecarte.js, switch.js, war.js, quiz.js, which
// import what they share from table.js, cards.js, dom.js, motion.js and connection.js) bundled by
// esbuild into one ES module, widgets/static/<name>.bundle.js — the files anywidget loads
// (cardtable.py's bundle()) — and copies the Gurmukhi and Kannada fonts (regular and bold woff2,
// SIL OFL, with their licences) from the pinned @fontsource packages into widgets/static/fonts/,
// which cardkit_tables.fonts and the page template (serving/templates/cardkit/static/fonts, a
// symlink to that folder) serve.
//
//   npm ci && npm run build          rewrite widgets/static/*.bundle.js and widgets/static/fonts/
//                                    (commit them)
//   node widgets/js/build.mjs DIR    write the bundles into DIR and the fonts into DIR/fonts
//                                    instead (the test compares them)
//
// Not minified (a reviewer reads the bundles); the same esbuild (package-lock.json) writes the
// same bytes, which tests/tables/test_frontend_bundle.py checks.
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const outdir = path.resolve(process.argv[2] ?? path.join(root, "widgets", "static"));

await esbuild.build({
  absWorkingDir: root,                 // paths in the bundles' comments: widgets/js/…, from anywhere
  entryPoints: ["ecarte", "switch", "war", "quiz"].map((name) => `widgets/js/${name}.js`),
  entryNames: "[name].bundle",
  outdir,
  bundle: true,
  format: "esm",                       // anywidget imports the module and takes its default export
  charset: "utf8",                     // ★ ✕ ⚙ … as they are written, not as \u escapes
  banner: { js: "// Built by esbuild from widgets/js/ (npm run build): edit those files, not this one." },
  logLevel: "warning",
});

// The fonts: only the script's own subset (the Latin subsets stay out: the system font draws
// English), regular (400) and bold (700), and each package's licence. cardkit_tables.fonts
// (FONTS) names the same files.
const FONTS = [
  ["noto-sans-gurmukhi", "gurmukhi", "OFL-NotoSansGurmukhi.txt"],
  ["noto-sans-kannada", "kannada", "OFL-NotoSansKannada.txt"],
];
const fontdir = path.join(outdir, "fonts");
fs.mkdirSync(fontdir, { recursive: true });
for (const [pkg, script, licence] of FONTS) {
  const from = path.join(root, "node_modules", "@fontsource", pkg);
  for (const weight of [400, 700]) {
    const name = `${pkg}-${script}-${weight}-normal.woff2`;
    fs.copyFileSync(path.join(from, "files", name), path.join(fontdir, name));
  }
  fs.copyFileSync(path.join(from, "LICENSE"), path.join(fontdir, licence));
}
