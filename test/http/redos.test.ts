import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { check } from 'recheck';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '#infra/local/handler-loader.ts';
import { Problem } from '#shared/http/problem.ts';
import { parseSignatureImage } from '#shared/signatures/parse-signature-image.ts';
import { dataUrl, onePixelPng, pngChunk, pngHeaderChunk, pngSignature, svgDataUrl } from '../support/images.ts';

// recheck's Scala.js build, in this process: no JVM, no native binary, no network.
process.env.RECHECK_BACKEND = 'pure';

const budgetMs = 50;
const svgRoot = '<svg xmlns="http://www.w3.org/2000/svg">';

/**
 * The fastest of three answers: a catastrophic input is slow every time, a pause of the
 * shared test machine is not. Also asserts the answer is an image or a 400 problem.
 */
const answerTime = (value: string): number => {
  const times = [1, 2, 3].map(() => {
    const start = performance.now();
    try {
      parseSignatureImage(value);
    } catch (error) {
      if (!(error instanceof Problem) || error.status !== 400) throw error;
    }
    return performance.now() - start;
  });
  return Math.min(...times);
};

const refusedInTime = (value: string) => {
  expect(() => parseSignatureImage(value)).toThrow(Problem);
  return answerTime(value);
};

const manyTextChunks = (count: number) =>
  Array.from({ length: count }, (_, index) => pngChunk('tEXt', Buffer.from(`k\0${index % 10}`)));

// Inputs that are catastrophic for a backtracking matcher, or for a parser that is quadratic somewhere.
const catastrophicInputs: [string, string][] = [
  ['28 empty comments and an x (the reported 12-second input)', svgDataUrl(`${'<!---->'.repeat(28)}x`)],
  ['14,000 empty comments and an x', svgDataUrl(`${'<!---->'.repeat(14_000)}x`)],
  ['an unterminated comment of 90,000 dashes', svgDataUrl(`<!--${'-'.repeat(90_000)}`)],
  ['20,000 comment openings', svgDataUrl('<!--'.repeat(20_000))],
  ['30,000 " on" before an equals sign that never comes', svgDataUrl(`<svg${' on'.repeat(30_000)}`)],
  [
    '10,000 distinct attributes in an unclosed tag',
    svgDataUrl(`<svg${Array.from({ length: 10_000 }, (_, index) => ` a${index}=""`).join('')}`),
  ],
  ['5,000 allowed paths, then a script', svgDataUrl(`${svgRoot}${'<path d="M0 0"/>'.repeat(5_000)}<script/></svg>`)],
  ['30,000 nested groups', svgDataUrl(`${svgRoot}${'<g>'.repeat(30_000)}`)],
  [
    '15,000 character references, then an entity',
    svgDataUrl(`${svgRoot}<title>${'&#x41;'.repeat(15_000)}&bogus;</title></svg>`),
  ],
  ['20,000 functions in path data', svgDataUrl(`${svgRoot}<path d="M0 0${'rgb('.repeat(20_000)}url(x)"/>`)],
  ['a 90,000-letter word before a parenthesis', svgDataUrl(`${svgRoot}<path d="${'a'.repeat(90_000)}("/></svg>`)],
  ['90,000 carriage returns', svgDataUrl(`${svgRoot}${'\r'.repeat(90_000)}<x/>`)],
  ['40,000 "]]" in a title', svgDataUrl(`${svgRoot}<title>${']]'.repeat(40_000)}]]></title></svg>`)],
  [
    'a PNG of 6,000 chunks with a broken CRC at the end',
    dataUrl(
      'image/png',
      Buffer.concat([
        pngSignature,
        pngHeaderChunk({ width: 1, height: 1 }),
        ...manyTextChunks(6_000),
        Buffer.from([0, 0, 0, 0]),
        Buffer.from('tEXt'),
        Buffer.alloc(4),
      ]),
    ),
  ],
  [
    'a PNG with one 100,000-byte chunk and a broken CRC',
    dataUrl(
      'image/png',
      Buffer.concat([
        onePixelPng.subarray(0, 33),
        ((chunk) => chunk.fill(0, chunk.length - 4))(pngChunk('tEXt', Buffer.alloc(100_000, 0x41))),
      ]),
    ),
  ],
  ['136,000 base64 characters and a stray "!"', `data:image/png;base64,${'A'.repeat(136_000)}!`],
  ['a data URL far beyond the size limit', `data:image/png;base64,${'A'.repeat(2_000_000)}`],
];

describe('signature images are answered in time linear in their size', () => {
  // Timed once the checks are compiled, as on a warm function: the first run of cold code is
  // slower by a constant factor on this shared machine, which is not what the budget is about.
  beforeAll(() => {
    for (const [, value] of catastrophicInputs) answerTime(value);
  });

  it.each(catastrophicInputs)(`refuses %s within ${budgetMs} ms`, (_case, value) => {
    expect(refusedInTime(value)).toBeLessThan(budgetMs);
  });

  it(`answers any soup of comments, tags, attributes and references within ${budgetMs} ms`, () => {
    const fragment = fc.constantFrom(
      '<!--',
      '-->',
      '<!---->',
      '-',
      '--',
      svgRoot,
      '<svg',
      '<g>',
      '</g>',
      '<path',
      ' d="',
      ' a="',
      ' on',
      '"',
      '=',
      '&#x',
      '&amp;',
      ';',
      '<',
      '>',
      '/>',
      ' ',
      '\r\n',
      'x',
      '(',
      'url(',
      '<![CDATA[',
      ']]>',
      '<?',
      '?>',
      '<!DOCTYPE',
    );
    const soup = fc
      .array(fc.tuple(fragment, fc.integer({ min: 1, max: 3_000 })), { minLength: 1, maxLength: 30 })
      .map((parts) =>
        parts
          .map(([text, times]) => text.repeat(times))
          .join('')
          .slice(0, 100 * 1024),
      );
    fc.assert(
      fc.property(soup, (svg) => {
        expect(answerTime(svgDataUrl(svg))).toBeLessThan(budgetMs);
      }),
      { numRuns: 150 },
    );
  });
});

const typeScriptFilesIn = (folder: string): string[] =>
  readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(repositoryRoot, folder, name));

const scannedFolders = ['shared', 'functions'];
const scannedFiles = scannedFolders.flatMap(typeScriptFilesIn);

interface FoundExpression {
  /** `file:line`, relative to the repository. */
  location: string;
  source: string;
  flags: string;
}

/** The value of a string built only from literals and the file's top-level `const` strings, if it is one. */
const foldString = (expression: ts.Expression, constants: Map<string, ts.Expression>): string | undefined => {
  if (ts.isStringLiteralLike(expression)) return expression.text;
  if (ts.isParenthesizedExpression(expression)) return foldString(expression.expression, constants);
  if (ts.isIdentifier(expression)) {
    const initializer = constants.get(expression.text);
    return initializer && foldString(initializer, new Map([...constants].filter(([name]) => name !== expression.text)));
  }
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const [left, right] = [foldString(expression.left, constants), foldString(expression.right, constants)];
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (ts.isTemplateExpression(expression)) {
    let text = expression.head.text;
    for (const span of expression.templateSpans) {
      const value = foldString(span.expression, constants);
      if (value === undefined) return undefined;
      text += value + span.literal.text;
    }
    return text;
  }
  return undefined;
};

/**
 * Every regular expression literal in a file, and every `RegExp(…)` call whose text the
 * TypeScript parser can fold from literals and constants; the other calls are returned
 * by location, to be caught when they run.
 */
const regularExpressionsIn = (file: string) => {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const constants = new Map<string, ts.Expression>();
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) {
        constants.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  const found: FoundExpression[] = [];
  const builtAtRunTime: string[] = [];
  const locationOf = (node: ts.Node) =>
    `${relative(repositoryRoot, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const lastSlash = node.text.lastIndexOf('/');
      found.push({
        location: locationOf(node),
        source: node.text.slice(1, lastSlash),
        flags: node.text.slice(lastSlash + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [sourceArgument, flagsArgument] = node.arguments ?? [];
      const source = sourceArgument && foldString(sourceArgument, constants);
      const flags = flagsArgument ? foldString(flagsArgument, constants) : '';
      if (source === undefined || flags === undefined) builtAtRunTime.push(locationOf(node));
      else found.push({ location: locationOf(node), source, flags });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { found, builtAtRunTime };
};

const scanned = scannedFiles.map(regularExpressionsIn);
const foundInSource = scanned.flatMap((file) => file.found);
const builtAtRunTime = scanned.flatMap((file) => file.builtAtRunTime);

const thisFile = fileURLToPath(import.meta.url);

/**
 * The file and line that called `RegExp`, read from the stack (vitest maps it to the
 * source), when that is a file of shared/ or functions/: a dependency's own expressions
 * are not ours to scan.
 */
const callerLocation = (stack: string): string | undefined => {
  for (const line of stack.split('\n').slice(1)) {
    const path = line.includes('(')
      ? line.slice(line.lastIndexOf('(') + 1, line.lastIndexOf(')'))
      : line.trim().slice('at '.length);
    const [file = '', lineNumber] = path.split(':');
    if (file === thisFile) continue;
    const inside = relative(repositoryRoot, file);
    return scannedFolders.some((folder) => inside.startsWith(`${folder}/`)) ? `${inside}:${lineNumber}` : undefined;
  }
  return undefined;
};

/**
 * Imports every module of shared/ and functions/ with `RegExp` wrapped, recording each
 * expression constructed on the way (the schemas build theirs when their module loads).
 */
const expressionsBuiltOnImport = async (): Promise<FoundExpression[]> => {
  const recorded: FoundExpression[] = [];
  const original = globalThis.RegExp;
  const record = (expression: RegExp) => {
    const location = callerLocation(new Error().stack ?? '');
    if (location) recorded.push({ location, source: expression.source, flags: expression.flags });
    return expression;
  };
  globalThis.RegExp = new Proxy(original, {
    construct: (target, args, newTarget) => record(Reflect.construct(target, args, newTarget)),
    apply: (target, self, args) => record(Reflect.apply(target, self, args)),
  });
  try {
    for (const file of scannedFiles) await import(pathToFileURL(file).href);
  } finally {
    globalThis.RegExp = original;
  }
  return recorded;
};

const builtOnImport = await expressionsBuiltOnImport();
const distinctExpressions = [
  ...new Map(
    [...foundInSource, ...builtOnImport].map((expression) => [`/${expression.source}/${expression.flags}`, expression]),
  ).values(),
];

/**
 * recheck's verdict: by automata theory, which proves linearity; where that cannot model
 * the expression (look-ahead), by its fuzzer with a fixed seed. A timeout is `unknown`,
 * which fails the check: an expression nobody can show safe is not.
 */
const verdictOf = async ({ source, flags }: { source: string; flags: string }) => {
  const exact = await check(source, flags, { checker: 'automaton', timeout: 30_000 });
  const diagnostics =
    exact.status === 'unknown' && exact.error.kind === 'unsupported'
      ? await check(source, flags, { checker: 'fuzz', randomSeed: 20_260_101, timeout: 30_000 })
      : exact;
  return {
    status: diagnostics.status,
    checker: diagnostics.checker,
    complexity: diagnostics.status === 'unknown' ? diagnostics.error.kind : diagnostics.complexity.type,
    ...(diagnostics.status === 'vulnerable' ? { attack: diagnostics.attack.pattern } : {}),
  };
};

describe('no regular expression in shared/ or functions/ can backtrack catastrophically (recheck)', () => {
  it('recheck recognises the comment loop that made a 200-byte SVG take 12 seconds', async () => {
    const formerCommentLoop = String.raw`(?:<!--[\s\S]*?-->\s*)*x`;

    expect(await verdictOf({ source: formerCommentLoop, flags: '' })).toMatchObject({
      status: 'vulnerable',
      complexity: 'exponential',
    });
  }, 60_000);

  it('finds the expressions, the data URL check among them', () => {
    expect(foundInSource.length).toBeGreaterThan(5);
    expect(foundInSource.map((expression) => expression.location)).toContainEqual(
      expect.stringMatching(/^shared\/signatures\/parse-signature-image\.ts:/),
    );
  });

  it('sees every expression built from run-time values when its module loads', () => {
    const unseen = builtAtRunTime.filter((location) => !builtOnImport.some((built) => built.location === location));

    expect(unseen).toEqual([]);
  });

  it.each(
    distinctExpressions.map((expression) => [
      `${expression.location} /${expression.source}/${expression.flags}`,
      expression,
    ]),
  )(
    '%s is safe',
    async (_name, expression) => {
      expect(await verdictOf(expression)).toMatchObject({ status: 'safe' });
    },
    60_000,
  );
});
