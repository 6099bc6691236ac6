/** A maintenance script run against one table (`npm run --silent <script>`), in AWS or against a DynamoDB Local. */
export interface TableScript {
  /** Printed to stderr with exit code 2 when `table` is missing or `argumentsValid` is false. */
  usage: string;
  table: string | undefined;
  argumentsValid: boolean;
  /** What the script does, for its one line when it fails (exit code 1): "Keying the declarations". */
  doing: string;
  /** The work, importing the data layer itself: the client reads `DYNAMODB_ENDPOINT` when it is loaded. */
  run(): Promise<void>;
}

/** Checks the usage, points the data layer at `DYNAMODB_ENDPOINT` when it is set, and runs the script. */
export const runTableScript = async (script: TableScript): Promise<void> => {
  if (!script.table || !script.argumentsValid) {
    process.stderr.write(`${script.usage}\n`);
    process.exit(2);
  }
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (endpoint) {
    const { connectHandlers } = await import('./local-database.ts');
    await connectHandlers(endpoint, script.table);
  }
  try {
    await script.run();
  } catch (error) {
    console.error(`${script.doing} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
};
