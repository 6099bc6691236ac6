import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localOriginalsStore } from '#shared/documents/originals/local-originals-store.ts';

/**
 * `npm run --silent originals -- check|put|delete <key> [<file>]`: the local store of originals
 * (`<DATA_DIR>/documents`) as `npm start` keeps it, asked directly, to see its promises hold
 * (docs/documents.md). `check` verifies the stored bytes against their SHA-256; `put` tries to store a file
 * under a key and `delete` to remove it: both are refused for a stored original (no overwrite, no delete
 * before `retainUntil`). Exit code 0 when done, 1 when the store refused, 2 for a usage error.
 */

const usage = `Usage: npm run --silent originals -- check|put|delete <key> [<file>]

  key   contracts/<contract id>/signed_original.pdf (as GET /api/contracts/{id}/documents lists the kind)
  file  for put: the PDF to store under the key

The store is <DATA_DIR>/documents (DATA_DIR defaults to .data).`;

const [command, key, file] = process.argv.slice(2);
if (!key || !['check', 'put', 'delete'].includes(command ?? '') || (command === 'put' && !file)) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
const store = localOriginalsStore({ folder: join(process.env.DATA_DIR ?? '.data', 'documents') });

try {
  if (command === 'check') {
    const { document } = await store.get(key);
    console.log(
      `${key}: intact, sha256 ${document.sha256}, ${document.size} bytes, kept until ${document.retainUntil}`,
    );
  } else if (command === 'put') {
    const { outcome, document } = await store.putIfAbsent(key, readFileSync(file as string), new Date());
    if (outcome === 'created') console.log(`${key}: stored, sha256 ${document.sha256}`);
    else {
      console.log(`${key}: refused, never overwritten: it keeps sha256 ${document.sha256} (${outcome})`);
      process.exit(1);
    }
  } else {
    const [version] = (await store.listVersions(key.slice(0, key.lastIndexOf('/') + 1))).filter((v) => v.key === key);
    if (!version) throw new Error(`No document is stored under ${key}`);
    await store.deleteVersion(version);
    console.log(`${key}: deleted`);
  }
} catch (error) {
  console.log(`${key}: refused: ${(error as Error).message}`);
  process.exit(1);
}
