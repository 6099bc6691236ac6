/**
 * `npm run --silent reapply-erasures -- --from <table>`: after a point-in-time restore, erases again in the
 * restored table (`TABLE_NAME`) every person the erasure log of `<table>` (the one that kept running) names
 * (README, "Personal data"). Against AWS with the credentials of the environment and `ORIGINALS_BUCKET`; against
 * a DynamoDB Local with `DYNAMODB_ENDPOINT` (the documents then in `<DATA_DIR>/documents`). Safe to run again.
 * Exit code 0 when done, 1 when it failed, 2 for a usage error.
 */
import { runTableScript } from './table-script.ts';

const argv = process.argv.slice(2);
const fromIndex = argv.indexOf('--from');
const target = process.env.TABLE_NAME;
const from = fromIndex >= 0 ? argv[fromIndex + 1] : target;
await runTableScript({
  usage: `Usage: TABLE_NAME=<restored table> npm run --silent reapply-erasures -- --from <table with the erasure log>

  TABLE_NAME          the restored table, where the erasures are applied again
  --from              the table whose erasure log (partition ERASURES) names the people to erase; defaults to
                      TABLE_NAME (a log copied into the restored table beforehand)
  DYNAMODB_ENDPOINT   a DynamoDB Local instead of AWS (e.g. the one \`npm start\` prints)
  ORIGINALS_BUCKET    in AWS: the documents bucket (stored documents left of the people are deleted)`,
  table: target,
  argumentsValid: from !== undefined && argv.length === (fromIndex >= 0 ? 2 : 0),
  doing: 'Re-applying the erasure log',
  async run() {
    const { reapplyErasures } = await import('#shared/privacy/reapply-erasures.ts');
    const { erasedAgain, alreadyGone } = await reapplyErasures(from as string);
    console.log(
      `${erasedAgain.length} erased again in ${target}, ${alreadyGone} already gone (erasure log of ${from})`,
    );
    for (const contactId of erasedAgain) console.log(`erased again: ${contactId}`);
  },
});
