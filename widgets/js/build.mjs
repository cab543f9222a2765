// Builds the tables' front end: each widget's module (ecarte.js, switch.js, war.js, quiz.js, which
// import what they share from table.js, cards.js, dom.js, motion.js and connection.js) bundled by
// esbuild into one ES module, widgets/static/<name>.bundle.js — the files anywidget loads
// (cardtable.py's bundle()).
//
//   npm ci && npm run build          rewrite widgets/static/*.bundle.js (commit them)
//   node widgets/js/build.mjs DIR    write the bundles into DIR instead (the test compares them)
//
// Not minified (a reviewer reads the bundles); the same esbuild (package-lock.json) writes the
// same bytes, which tests/tables/test_frontend_bundle.py checks.
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import path from "node:path";

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
