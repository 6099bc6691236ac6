import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { isMessageKey } from '#shared/messages/index.ts';

const root = join(import.meta.dirname, '..', '..');

/** Where a response's text could be written: the runtime tree, but not the catalogues themselves. */
const sourceFiles = (): string[] => {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.push(path);
    }
  };
  walk(join(root, 'shared'));
  walk(join(root, 'functions'));
  return files.filter((file) => !relative(root, file).startsWith(join('shared', 'messages')));
};

const unwrap = (node: ts.Expression): ts.Expression => {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner)) {
    inner = inner.expression;
  }
  return inner;
};

/** Text written in place: a string or template literal that is not one of the catalogues' keys. */
const isLiteralText = (node: ts.Expression): boolean => {
  const inner = unwrap(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return !isMessageKey(inner.text);
  if (ts.isTemplateExpression(inner)) return true;
  if (ts.isConditionalExpression(inner)) return isLiteralText(inner.whenTrue) || isLiteralText(inner.whenFalse);
  return false;
};

/** A message function written in place: `(issue) => 'Höchstens …'`. */
const isLiteralMessageFunction = (node: ts.Expression): boolean => {
  const inner = unwrap(node);
  if (!ts.isArrowFunction(inner) && !ts.isFunctionExpression(inner)) return false;
  if (!ts.isBlock(inner.body)) return isLiteralText(inner.body);
  let found = false;
  const visit = (child: ts.Node) => {
    if (ts.isReturnStatement(child) && child.expression && isLiteralText(child.expression)) found = true;
    else if (!ts.isFunctionLike(child)) child.forEachChild(visit);
  };
  inner.body.forEachChild(visit);
  return found;
};

// Parameters that carry a response's text: valibot names every message parameter `message`, the
// problem's is `detail`, and helpers that build either pass their own `message` or `detail` on.
const textParameters = new Set(['message', 'detail']);

/** Only calls of valibot and of our own code: `new Error(message)` and log lines are no response text. */
const isResponseTextCallee = (declaration: ts.Declaration | undefined): boolean => {
  const file = declaration?.getSourceFile().fileName ?? '';
  if (file.includes('/node_modules/')) return file.includes('/node_modules/valibot/');
  return !file.endsWith('shared/http/logger.ts') && !/\/typescript\/lib\//.test(file);
};

/**
 * The names the callee's own declarations give the parameter at `index` (the last one for a rest parameter), read
 * without inferring the call: resolving the signature of a generic call (`route('…', { … })`) infers its whole
 * argument, seconds for a route's options. Undefined when a declaration does not say (a typed variable, a class):
 * then the call's resolved signature decides.
 */
const declaredParameterNames = (
  checker: ts.TypeChecker,
  call: ts.CallExpression | ts.NewExpression,
  index: number,
): string[] | undefined => {
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (!symbol?.declarations?.length) return undefined;
  const names: string[] = [];
  for (const declaration of symbol.declarations) {
    const untyped = ts.isVariableDeclaration(declaration) && !declaration.type && declaration.initializer;
    const declared = untyped ? unwrap(untyped) : declaration;
    if (!ts.isFunctionLike(declared)) return undefined;
    const parameter = declared.parameters[Math.min(index, declared.parameters.length - 1)];
    if (!parameter || !ts.isIdentifier(parameter.name)) return undefined;
    names.push(parameter.name.text);
  }
  return names;
};

const textParameterOf = (checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression, index: number) => {
  const declared = declaredParameterNames(checker, call, index);
  if (declared && !declared.some((name) => textParameters.has(name))) return undefined;
  const signature = checker.getResolvedSignature(call);
  const declaration = signature?.getDeclaration();
  if (!signature || !isResponseTextCallee(declaration)) return undefined;
  const parameters = signature.getParameters();
  const parameter = parameters[Math.min(index, parameters.length - 1)];
  return parameter && textParameters.has(parameter.name) ? parameter.name : undefined;
};

const hasProperty = (node: ts.ObjectLiteralExpression, name: string) =>
  node.properties.some((property) => property.name && ts.isIdentifier(property.name) && property.name.text === name);

export interface ResponseLiteral {
  where: string;
  text: string;
}

/**
 * Every response text written as a literal in the runtime tree: a literal
 * detail or field message of a problem, a literal valibot message, a literal
 * passed on as some helper's `message` or `detail`. Catalogue keys are fine.
 */
export const findResponseLiterals = (): ResponseLiteral[] => {
  const program = ts.createProgram(sourceFiles(), {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const found: ResponseLiteral[] = [];
  const report = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    found.push({ where: `${relative(root, file.fileName)}:${line + 1}`, text: node.getText().slice(0, 120) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      (node.arguments ?? []).forEach((argument, index) => {
        if (!isLiteralText(argument) && !isLiteralMessageFunction(argument)) return;
        if (textParameterOf(checker, node, index)) report(argument);
      });
    }
    // `errors: [{ path, message: '…' }]`
    if (ts.isObjectLiteralExpression(node) && hasProperty(node, 'path')) {
      for (const property of node.properties) {
        if (
          ts.isPropertyAssignment(property) &&
          ts.isIdentifier(property.name) &&
          property.name.text === 'message' &&
          isLiteralText(property.initializer)
        ) {
          report(property.initializer);
        }
      }
    }
    node.forEachChild(visit);
  };
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName.includes('/node_modules/')) continue;
    if (!file.fileName.startsWith(join(root, 'shared')) && !file.fileName.startsWith(join(root, 'functions'))) continue;
    if (file.fileName.startsWith(join(root, 'shared', 'messages'))) continue;
    visit(file);
  }
  return found;
};
