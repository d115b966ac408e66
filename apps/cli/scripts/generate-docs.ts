/** Writes the generated files of docs/ (see reference.ts): `pnpm docs:reference` at the repository root. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderCliReference, renderCodes, renderLanguages } from './reference.js';

const docs = fileURLToPath(new URL('../../../docs/', import.meta.url));
writeFileSync(`${docs}cli.md`, await renderCliReference());
writeFileSync(`${docs}codes.md`, await renderCodes());
writeFileSync(`${docs}languages.md`, renderLanguages());
console.log(`wrote ${docs}cli.md, codes.md, languages.md`);
