/**
 * `npm run --silent backfill-declaration-keys`: once, after the deploy that added gsi4, gives every public declaration
 * stored before it the keys a person's export and erasure find it by (docs/privacy.md). Against AWS with the
 * credentials of the environment and `TABLE_NAME`; against a DynamoDB Local with `DYNAMODB_ENDPOINT`. Safe to run
 * again. Exit code 0 when done, 1 when it failed, 2 for a usage error.
 */
import { runTableScript } from './table-script.ts';

const target = process.env.TABLE_NAME;
await runTableScript({
  usage: `Usage: TABLE_NAME=<table> npm run --silent backfill-declaration-keys

  TABLE_NAME          the table whose declarations get their person keys (gsi2 by email, gsi4 by contract)
  DYNAMODB_ENDPOINT   a DynamoDB Local instead of AWS (e.g. the one \`npm start\` prints)`,
  table: target,
  argumentsValid: process.argv.length <= 2,
  doing: 'Keying the declarations',
  async run() {
    const { backfillDeclarationPersonKeys } = await import('#shared/declarations/backfill-person-keys.ts');
    const { keyed, hadKeys } = await backfillDeclarationPersonKeys();
    console.log(`${keyed} declaration(s) keyed by person in ${target}, ${hadKeys} had their keys`);
  },
});
