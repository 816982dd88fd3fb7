import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { isI18n, textReader, Unreadable, unwrap } from './read-texts.ts';

// The sentences the server and the shared schemas write for people to read, found in the code
// with the TypeScript compiler, as gettext's xgettext finds them: each is a key of
// packages/contracts/src/locales/<language>.json. A sentence is an expression in one of these
// places (and nowhere else: a memo, a log line or an OpenAPI description is not one):
// 1. an argument for a parameter typed `Say` (the AppError helpers, translate()), a parameter
//    typed `Say` by its default value, a value returned by a function whose return type names
//    `Say`; and the arrays of an object literal passed for a parameter typed `FieldErrors`;
// 2. the first argument of sentence();
// 3. the value of a `message:` or `error:` property of an object literal (a reply, a zod issue
//    or zod's options);
// 4. a string argument of a check of a zod schema (`.min(1, 'Enter ...')`, `z.iso.date('...')`);
// 5. a sentence literal in plugins/error-handler.ts, which speaks for the framework.
// Each is read to the texts it can have (read-texts.ts); a template built from values known only
// at run time cannot be a key and is reported. What else it holds (a variable, a call) is a
// text made elsewhere, where it is found itself.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['apps/server/src', 'packages/contracts/src', 'apps/web/src'];

/** Files that are not read for sentences, each with why. */
const EXCLUDED: { pattern: RegExp; why: string }[] = [
  { pattern: /\.test\.tsx?$/, why: 'tests are not shipped' },
  { pattern: /^apps\/web\/src\/(testing|sw)\//, why: "test helpers; the worker's log lines" },
  { pattern: /\/(fixtures|test-[^/]*\.ts$)/, why: 'test helpers and fixtures are not shipped' },
  {
    pattern: /^apps\/server\/src\/cli\//,
    why: "the CLI writes to the operator's terminal, in English",
  },
  {
    pattern: /^apps\/server\/src\/config\.ts$/,
    why: "checks the operator's environment at start, in English",
  },
  {
    pattern: /^apps\/server\/src\/lib\/i18n\.ts$/,
    why: 'the machinery: it passes sentences on, it writes none',
  },
];

/** Checks of zod schemas whose string arguments are the sentences of their issues. */
const ZOD_CHECKS = new Set([
  ...'min max length gt gte lt lte positive negative nonnegative nonpositive int'.split(' '),
  ...'multipleOf regex email url uuid date datetime time refine nonempty custom'.split(' '),
  ...'string number boolean'.split(' '),
]);

const ERROR_HANDLER = 'apps/server/src/plugins/error-handler.ts';
const SENTENCE_LITERAL = /^[A-Z].* .*[.?!]$/s;

export interface Collected {
  /** Each sentence and where it is written (file:line). */
  sentences: Map<string, string[]>;
  /** Places where a sentence is built from values at run time, with why it cannot be read. */
  unreadable: string[];
}

export function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(file) && !EXCLUDED.some((e) => e.pattern.test(file)))
        files.push(file);
    }
  };
  for (const dir of SOURCES) walk(dir);
  return files;
}

export function collectSentences(): Collected {
  const files = sourceFiles();
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(path.join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config,
    ts.sys,
    ROOT,
  );
  const program = ts.createProgram(
    files.map((f) => path.join(ROOT, f)),
    config.options,
  );
  const checker = program.getTypeChecker();
  const sources = files.map((f) => program.getSourceFile(path.join(ROOT, f))!);
  const sentences = new Map<string, string[]>();
  const unreadable = new Set<string>();
  const { symbolOf, declarationCalled, callsNamed, constantInitializer, readAll } = textReader(
    checker,
    sources,
  );
  const namesSay = (type: ts.TypeNode | undefined) => !!type && /\bSay\b/.test(type.getText());
  const namesFieldErrors = (type: ts.TypeNode | undefined) =>
    !!type && /\bFieldErrors\b/.test(type.getText());

  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(ROOT, file.fileName)}:${line + 1}`;
  };

  function add(expr: ts.Expression | undefined) {
    if (!expr) return;
    try {
      for (const text of readAll(expr) ?? []) {
        sentences.set(text, [...(sentences.get(text) ?? []), where(expr)]);
      }
    } catch (error) {
      if (error instanceof Unreadable) unreadable.add(`${where(error.node)}: ${error.why}`);
      else throw error;
    }
  }

  function addFieldErrors(expr: ts.Expression | undefined) {
    const errors = expr && unwrap(expr);
    if (!errors || !ts.isObjectLiteralExpression(errors)) return;
    for (const property of errors.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const list = unwrap(property.initializer);
      if (ts.isArrayLiteralExpression(list)) list.elements.forEach((e) => add(e));
    }
  }

  function addReturns(fn: ts.SignatureDeclaration) {
    if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return add(fn.body);
    const visit = (node: ts.Node) => {
      if (ts.isReturnStatement(node) && node.expression) add(node.expression);
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    if ('body' in fn && fn.body) ts.forEachChild(fn.body, visit);
  }

  const isZodChain = (expr: ts.Expression, depth = 0): boolean => {
    if (depth > 12) return false;
    expr = unwrap(expr);
    if (ts.isCallExpression(expr) || ts.isPropertyAccessExpression(expr))
      return isZodChain(expr.expression, depth + 1);
    if (!ts.isIdentifier(expr)) return false;
    const symbol = checker.getSymbolAtLocation(expr);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
      const imported = symbol.declarations?.[0];
      const from = imported && ts.findAncestor(imported, ts.isImportDeclaration);
      if (from && /^['"]zod(\/.*)?['"]$/.test(from.moduleSpecifier.getText())) return true;
    }
    const init = constantInitializer(symbolOf(expr));
    if (!init) return false;
    const body = ts.isArrowFunction(init) && !ts.isBlock(init.body) ? init.body : init;
    return isZodChain(body, depth + 1);
  };

  const isStringLike = (expr: ts.Expression) => {
    const type = checker.getTypeAtLocation(expr);
    const types = type.isUnion() ? type.types : [type];
    return types.every((t) => t.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Undefined));
  };

  for (const source of sources) {
    const isErrorHandler = path.relative(ROOT, source.fileName) === ERROR_HANDLER;
    const visit = (node: ts.Node) => {
      // 1. Parameters typed Say or FieldErrors, and what functions typed Say return.
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const declaration = declarationCalled(node);
        if (declaration && !isI18n(declaration)) {
          declaration.parameters.forEach((parameter, i) => {
            const argument = node.arguments?.[i];
            const type = parameter.type;
            if (namesSay(type)) {
              // A callback typed to return a Say: what it returns.
              if (type && ts.isFunctionTypeNode(type) && argument && ts.isFunctionLike(argument))
                addReturns(argument);
              else add(argument);
            } else if (namesFieldErrors(type)) addFieldErrors(argument);
          });
        }
        // 2. sentence('...', values); translate(language, say).
        if (ts.isCallExpression(node) && callsNamed(node, 'sentence')) add(node.arguments[0]);
        if (ts.isCallExpression(node) && callsNamed(node, 'translate')) add(node.arguments[1]);
        // 4. The checks of a zod schema.
        const callee = node.expression;
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(callee) &&
          ZOD_CHECKS.has(callee.name.text) &&
          isZodChain(callee.expression)
        ) {
          for (const argument of node.arguments) {
            const arg = unwrap(argument);
            if (ts.isObjectLiteralExpression(arg) || ts.isFunctionLike(arg)) continue;
            if (ts.isRegularExpressionLiteral(arg) || ts.isNumericLiteral(arg)) continue;
            if (isStringLike(arg)) add(arg);
          }
        }
      }
      if (ts.isParameter(node) && namesSay(node.type) && node.initializer) add(node.initializer);
      if (ts.isFunctionLike(node) && namesSay(node.type)) addReturns(node);
      // 3. message: and error: in object literals.
      if (
        (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
        ts.isObjectLiteralExpression(node.parent) &&
        ['message', 'error'].includes(node.name.getText())
      ) {
        add(ts.isPropertyAssignment(node) ? node.initializer : node.name);
      }
      // 5. The error handler's own sentences.
      if (
        isErrorHandler &&
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        SENTENCE_LITERAL.test(node.text)
      ) {
        add(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { sentences, unreadable: [...unreadable].sort() };
}
