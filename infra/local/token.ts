import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Role, roleNames } from '#shared/routes.ts';
import { issueLocalToken } from './local-tokens.ts';
import { runningServerOn } from './running-server.ts';
import { loadSigningKey, localKeyDirectory } from './signing-key.ts';

/**
 * `npm run --silent token -- --role owner|staff [--sub <id>] [--email <address>]`:
 * prints a bearer token, and nothing else, that `npm start` with the same
 * DATA_DIR accepts. Errors, usage and the warning that no server runs on that DATA_DIR go to stderr.
 */

const usage = `Usage: npm run --silent token -- --role ${roleNames.join('|')} [--sub <id>] [--email <address>]

Prints a token of the local user with that role (a Cognito-like ID token,
valid for 12 hours) that \`npm start\` with the same DATA_DIR (default .data) accepts:

  curl -H "Authorization: Bearer $(npm run --silent token -- --role staff)" http://127.0.0.1:3000/api/contacts`;

const fail = (message: string): never => {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
};

let values: { role?: string; sub?: string; email?: string; help?: boolean } = {};
try {
  ({ values } = parseArgs({
    options: {
      role: { type: 'string', default: 'owner' },
      sub: { type: 'string' },
      email: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const role = values.role as Role;
if (!roleNames.includes(role)) fail(`Unknown role: ${values.role}`);

const dataDir = process.env.DATA_DIR ?? '.data';
const keyDirectory = localKeyDirectory(dataDir);
const keysExisted = existsSync(keyDirectory);
const key = await loadSigningKey(keyDirectory);
// A token is only good for the server whose DATA_DIR holds its key: without one running there, the token would be
// refused with a bare 401, so say why now (stderr: stdout stays the token a script reads).
if (!runningServerOn(dataDir)) {
  process.stderr.write(
    `npm run token: no running npm start uses DATA_DIR=${resolve(dataDir)}${keysExisted ? '' : ' (its keys were created just now)'}; a server on another DATA_DIR refuses this token with 401 Unauthorized: run this with the server's DATA_DIR (DATA_DIR=<its folder> npm run --silent token), or start npm start with this one\n`,
  );
}
const token = await issueLocalToken(key, { groups: [role], sub: values.sub, email: values.email });
process.stdout.write(`${token}\n`);
