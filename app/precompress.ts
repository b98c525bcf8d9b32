/**
 * `npm run build`'s second step, after `remix build` (tsx app/precompress.ts):
 * brotli 11 and gzip 9 copies of the client build, served by
 * precompressedAssets (app/utils/static-assets.server.ts). Not part of the
 * server bundle.
 */
import { precompress } from "./utils/static-assets.server";

const directory = process.argv[2] ?? "public/build";
const started = Date.now();
const { files, bytes, br, gzip } = await precompress(directory);
const kb = (value: number) => `${(value / 1024).toFixed(0)} KB`;
console.log(`Precompressed ${files} files in ${directory} (${kb(bytes)}): brotli ${kb(br)}, gzip ${kb(gzip)}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
