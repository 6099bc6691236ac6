import { parseArgs } from 'node:util';
import { type Role, roleNames } from '#shared/routes.ts';
import { issueLocalToken } from './local-tokens.ts';
import { loadSigningKey, localKeyDirectory } from './signing-key.ts';

/**
 * `npm run --silent token -- --role owner|staff [--sub <id>] [--email <address>]`:
 * prints a bearer token, and nothing else, that `npm start` with the same
 * DATA_DIR accepts. Errors and usage go to stderr.
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

const key = await loadSigningKey(localKeyDirectory(process.env.DATA_DIR ?? '.data'));
const token = await issueLocalToken(key, { groups: [role], sub: values.sub, email: values.email });
process.stdout.write(`${token}\n`);
