import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { type LocalServer, npmStart } from './npm-start.ts';

/*
 * A reader following a document's shell blocks (docs/walkthrough.md, the README's journeys): every ```sh block
 * sourced in order in one bash session against a real `npm start`, the server restarted where a ```text block says
 * "Ctrl-C, then: … npm start". Call useNpmStart() in the test file.
 */

/**
 * How long one block may take: its waits for the stream (`until … do sleep 1; done`) end when what they wait for
 * arrives, and a block still running after this fails naming itself rather than the whole test timing out.
 */
const blockLimitMs = 120_000;
const restartLine = /^Ctrl-C, then: ((?:[A-Z_]+=\S+ )*)npm start$/;

interface Step {
  kind: 'sh' | 'restart';
  text: string;
  /** Line of its opening fence in the document. */
  line: number;
}

/** The document's ```sh blocks, in order, and the restarts its ```text blocks ask for ("Ctrl-C, then: … npm start"). */
const stepsOf = (markdown: string): Step[] =>
  [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].flatMap((match): Step[] => {
    const [, language, text = ''] = match;
    const line = markdown.slice(0, match.index).split('\n').length;
    if (language === 'sh') return [{ kind: 'sh', text, line }];
    if (language === 'text' && restartLine.test(text.trim())) return [{ kind: 'restart', text: text.trim(), line }];
    return [];
  });

/**
 * One bash session, as a reader's terminal: the blocks are sourced one after the other, so the variables of one
 * are there for the next. The first command that fails ends the session with its status (`set -e` as an ERR trap,
 * which also reaches into the sourced block, naming the command), so a broken block cannot pass unnoticed.
 */
const bashSession = (cwd: string, env: Record<string, string>) => {
  const child: ChildProcess = spawn('bash', ['--norc', '--noprofile'], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.on('exit', done));
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  child.stdin?.write(
    'set -o errtrace -o pipefail\ntrap \'failed=$?; echo "exit $failed: $BASH_COMMAND" >&2; exit $failed\' ERR\n',
  );
  let blocks = 0;
  return {
    /** Runs `text` as the next block: its output, or the reason it failed. */
    async run(text: string): Promise<{ ok: boolean; output: string }> {
      const n = ++blocks;
      const file = join(cwd, `.walkthrough-block-${n}.sh`);
      writeFileSync(file, text);
      const start = output.length;
      const marker = `::walkthrough block ${n} done`;
      child.stdin?.write(`source ${file} </dev/null\necho '${marker}'\n`);
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((done) => {
          const check = () => {
            if (output.includes(marker, start)) done(true);
            else child.stdout?.once('data', check);
          };
          check();
        }),
        new Promise<'late'>((done) => {
          timer = setTimeout(() => done('late'), blockLimitMs);
        }),
      ]);
      clearTimeout(timer);
      if (ended === 'late') {
        child.kill('SIGKILL');
        return { ok: false, output: `${output.slice(start)}\n(not done after ${blockLimitMs / 1000} s)` };
      }
      return { ok: ended, output: output.slice(start).replace(`${marker}\n`, '') };
    },
    close() {
      child.stdin?.end();
      return exited;
    },
  };
};

const repository = resolve(import.meta.dirname, '../..');

/** The reader's checkout: the repository's files, without its .data, in a folder of its own for the downloads. */
const checkout = () => {
  const folder = mkdtempSync(join(tmpdir(), 'studio-api-walkthrough-'));
  for (const entry of readdirSync(repository)) {
    if (!['.data', '.git'].includes(entry)) symlinkSync(join(repository, entry), join(folder, entry));
  }
  return folder;
};

export interface ReaderRun {
  /** Every block's output, in order. */
  output: string;
  /** What each restarted server wrote on stderr by the time it listened (its purge runs before), with its clock. */
  startups: { clock: string; stderr: string }[];
}

/**
 * Runs `markdown`'s blocks as a reader would, from a checkout of their own with a fresh data folder, the server
 * first started at `clock`. `dataDir`, when given, is the folder the text names, read as the run's own.
 */
export const runAsReader = async (
  name: string,
  markdown: string,
  options: { clock: string; dataDir?: string },
): Promise<ReaderRun> => {
  const cwd = checkout();
  try {
    return await readAs(name, markdown, options, cwd);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
};

const readAs = async (
  name: string,
  markdown: string,
  options: { clock: string; dataDir?: string },
  cwd: string,
): Promise<ReaderRun> => {
  const dataDir = join(cwd, '.data');
  const text = options.dataDir ? markdown.replaceAll(options.dataDir, dataDir) : markdown;
  let server: LocalServer = await npmStart({ DATA_DIR: dataDir, STUDIO_CLOCK: options.clock, DYNAMODB_ENDPOINT: '' });
  const port = String(server.port);
  const bash = bashSession(cwd, { PORT: port, DATA_DIR: dataDir });
  const outputs: string[] = [];
  const startups: ReaderRun['startups'] = [];
  for (const step of stepsOf(text)) {
    if (step.kind === 'restart') {
      server.child.kill('SIGTERM');
      expect(await server.stopped, `the restart at line ${step.line}`).toBe(0);
      const env = Object.fromEntries(
        (restartLine.exec(step.text)?.[1] ?? '')
          .trim()
          .split(' ')
          .filter(Boolean)
          .map((pair) => pair.split('=', 2)),
      );
      server = await npmStart({
        DATA_DIR: dataDir,
        PORT: port,
        DYNAMODB_ENDPOINT: '',
        STUDIO_CLOCK: options.clock,
        ...env,
      });
      startups.push({ clock: env.STUDIO_CLOCK ?? options.clock, stderr: server.stderr() });
      continue;
    }
    const { ok, output } = await bash.run(step.text);
    expect(
      ok,
      `the block at ${name}:${step.line} failed:\n${output}\n--- npm start:\n${server.stderr().slice(-2000)}`,
    ).toBe(true);
    outputs.push(output);
  }
  await bash.close();
  server.child.kill('SIGTERM');
  await server.stopped;
  return { output: outputs.join('\n'), startups };
};
