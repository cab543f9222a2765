// Builds the tables' front end: each widget's module (ecarte.js, switch.js, war.js, quiz.js, which
// import what they share from table.js, cards.js, dom.js, motion.js and connection.js) bundled by
// esbuild into one ES module, widgets/static/<name>.bundle.js — the files anywidget loads
// (cardtable.py's bundle()) — and copies the Gurmukhi and Kannada fonts (regular and bold woff2,
// SIL OFL, with their licences) from the pinned @fontsource packages into widgets/static/fonts/
// (cardkit_tables.fonts: the tables) and serving/templates/cardkit/static/fonts/ (the page
// template's lesson text). Two copies, not a symlink: Voilà serves a template's static files with
// Tornado's StaticFileHandler, which (since Tornado 6.6) answers 403 for a symlink that leaves the
// template's static folder, as a dev install's linked template would.
//
//   npm ci && npm run build          rewrite widgets/static/*.bundle.js and both fonts/ folders
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
const fontdirs = process.argv[2] ? [path.join(outdir, "fonts")]
  : [path.join(outdir, "fonts"), path.join(root, "serving", "templates", "cardkit", "static", "fonts")];
for (const fontdir of fontdirs) {
  fs.mkdirSync(fontdir, { recursive: true });
  for (const [pkg, script, licence] of FONTS) {
    const from = path.join(root, "node_modules", "@fontsource", pkg);
    for (const weight of [400, 700]) {
      const name = `${pkg}-${script}-${weight}-normal.woff2`;
      fs.copyFileSync(path.join(from, "files", name), path.join(fontdir, name));
    }
    fs.copyFileSync(path.join(from, "LICENSE"), path.join(fontdir, licence));
  }
}
