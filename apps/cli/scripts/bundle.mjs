// Bundles the command line into dist/ after tsc: one start-up file instead of a module graph of a hundred and fifty
// files, which is what a short run spends most of its time loading. The scan commands (read, print, decode) stay
// the compiled modules tsc wrote: their packages find models, fonts and workers beside their own files.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const UNBUNDLED_COMMANDS = /^\.\/commands\/(read|print|decode)\.js$/;

for (const file of readdirSync(dist)) if (file.startsWith('bundled-')) rmSync(join(dist, file));

await build({
  absWorkingDir: root,
  entryPoints: {
    bin: 'src/bin.ts',
    // archive's worker pool starts these beside the module that asks for them, here dist/.
    worker: 'node_modules/@zapis/archive/dist/worker.js',
    'convert-worker': 'node_modules/@zapis/archive/dist/convert-worker.js',
  },
  outdir: dist,
  chunkNames: 'bundled-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Less to parse at every start; names are kept, so a stack trace in a bug report still says where.
  minifyWhitespace: true,
  minifySyntax: true,
  // jsonc-parser's main is a UMD build whose require() calls a bundle cannot follow.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  // Packages with native code or files of their own are loaded from node_modules as they are. chevrotain is too:
  // @zapis/notation requires its one-file build on first use, so a run that never parses never compiles it.
  external: ['chevrotain', '@napi-rs/canvas', 'onnxruntime-node', 'onnxruntime-web', 'pdfjs-dist', 'tesseract.js'],
  plugins: [{
    name: 'scan-commands-unbundled',
    setup(builder) {
      builder.onResolve({ filter: UNBUNDLED_COMMANDS }, (args) => ({ path: args.path, external: true }));
    },
  }, {
    // commander loads child_process (and with it net and dgram) at import, for executable subcommands zapis does
    // not have; the bundle loads it only if one is ever spawned.
    name: 'commander-child-process-on-use',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const eager = "const childProcess = require('node:child_process');";
        if (!source.includes(eager)) throw new Error(`commander changed: ${args.path} no longer has ${eager}`);
        const onUse = "const childProcess = { spawn: (...spawnArgs) => require('node:child_process').spawn(...spawnArgs) };";
        return { contents: source.replace(eager, onUse), loader: 'js' };
      });
    },
  }],
  banner: { js: "import { createRequire as zapisCreateRequire } from 'node:module'; const require = zapisCreateRequire(import.meta.url);" },
});
