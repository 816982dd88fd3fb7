import ts from 'typescript';

// Reads an expression of the sources to the texts it can have, as the sentence check needs
// (collect-sentences.ts): literals, conditionals, `??`, `+`, constants, a constant record's
// entries, `.join` of a constant list, sentence() and translate(), and a parameter of the
// enclosing function by the arguments at each of its calls. A template that reads a value
// known only at run time throws Unreadable; anything else not made here reads as null.

/** A parameter bound to its possible values at one call; `[]` when the call leaves it out. */
type Env = Map<ts.Symbol, string[]>;

class NeedsCallSites {
  constructor(readonly fn: ts.SignatureDeclaration) {}
}

export class Unreadable {
  constructor(
    readonly node: ts.Node,
    readonly why: string,
  ) {}
}

export const unwrap = (expr: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(expr) ||
  ts.isAsExpression(expr) ||
  ts.isSatisfiesExpression(expr) ||
  ts.isNonNullExpression(expr)
    ? unwrap(expr.expression)
    : expr;

const calleeOf = (call: ts.CallExpression | ts.NewExpression) =>
  ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;

const cross = (parts: string[][]): string[] =>
  parts.reduce<string[]>((acc, part) => acc.flatMap((a) => part.map((p) => a + p)), ['']);

export const isI18n = (node: ts.Node) =>
  node.getSourceFile().fileName.endsWith('/apps/server/src/lib/i18n.ts');

export function textReader(checker: ts.TypeChecker, sources: readonly ts.SourceFile[]) {
  const symbolOf = (node: ts.Node): ts.Symbol | undefined => {
    const symbol = ts.isShorthandPropertyAssignment(node.parent)
      ? checker.getShorthandAssignmentValueSymbol(node.parent)
      : checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias
      ? checker.getAliasedSymbol(symbol)
      : symbol;
  };

  /** The function (or class) a call calls, by its declaration. */
  const declarationCalled = (call: ts.CallExpression | ts.NewExpression) => {
    const declaration = symbolOf(calleeOf(call))?.valueDeclaration;
    if (!declaration) return undefined;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const init = declaration.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
    if (ts.isClassDeclaration(declaration))
      return declaration.members.find(ts.isConstructorDeclaration);
    if (ts.isFunctionLike(declaration)) return declaration;
    return undefined;
  };

  const callsNamed = (call: ts.CallExpression, name: string) => {
    const declaration = declarationCalled(call);
    return !!declaration && isI18n(declaration) && calleeOf(call).getText() === name;
  };

  // Every call and `new` of the sources, by the name it calls, for finding call sites.
  const callsByName = new Map<string, (ts.CallExpression | ts.NewExpression)[]>();
  for (const source of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const name = calleeOf(node).getText();
        callsByName.set(name, [...(callsByName.get(name) ?? []), node]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const callSitesOf = (fn: ts.SignatureDeclaration) => {
    const name =
      fn.name?.getText() ??
      (ts.isVariableDeclaration(fn.parent) ? fn.parent.name.getText() : undefined);
    if (!name) return [];
    return (callsByName.get(name) ?? []).filter((call) => declarationCalled(call) === fn);
  };

  const constantInitializer = (symbol: ts.Symbol | undefined) => {
    const declaration = symbol?.valueDeclaration;
    if (
      declaration &&
      ts.isVariableDeclaration(declaration) &&
      declaration.initializer &&
      ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const
    )
      return declaration.initializer;
    return undefined;
  };

  /** The strings of a constant array (for `.join`), or null. */
  function listOf(expr: ts.Expression, env: Env): string[] | null {
    expr = unwrap(expr);
    if (ts.isIdentifier(expr)) {
      const init = constantInitializer(symbolOf(expr));
      return init ? listOf(init, env) : null;
    }
    if (!ts.isArrayLiteralExpression(expr)) return null;
    const out: string[] = [];
    for (const element of expr.elements) {
      if (ts.isSpreadElement(element)) {
        const inner = listOf(element.expression, env);
        if (!inner) return null;
        out.push(...inner);
      } else {
        const one = valuesOf(element, env);
        if (one?.length !== 1) return null;
        out.push(one[0]!);
      }
    }
    return out;
  }

  /** The possible texts of an expression; null when it is not made here (opaque). */
  function valuesOf(expr: ts.Expression, env: Env, depth = 0): string[] | null {
    if (depth > 20) return null;
    expr = unwrap(expr);
    const next = (e: ts.Expression) => valuesOf(e, env, depth + 1);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
    if (ts.isNumericLiteral(expr)) return [String(Number(expr.text))];
    if (ts.isTemplateExpression(expr)) {
      const parts: string[][] = [[expr.head.text]];
      for (const span of expr.templateSpans) {
        const value = next(span.expression);
        if (!value?.length)
          throw new Unreadable(
            span.expression,
            `\`${span.expression.getText()}\` is a value at run time`,
          );
        parts.push(value, [span.literal.text]);
      }
      return cross(parts);
    }
    if (ts.isConditionalExpression(expr)) {
      const a = next(expr.whenTrue);
      const b = next(expr.whenFalse);
      return a || b ? [...(a ?? []), ...(b ?? [])] : null;
    }
    if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
        const left = next(expr.left);
        return left?.length ? left : next(expr.right);
      }
      if (op === ts.SyntaxKind.PlusToken) {
        const left = next(expr.left);
        const right = next(expr.right);
        if (!left || !right)
          throw new Unreadable(expr, 'a sentence joined from values at run time');
        return cross([left, right]);
      }
      return null;
    }
    if (ts.isIdentifier(expr)) {
      if (expr.text === 'undefined') return [];
      const symbol = symbolOf(expr);
      const declaration = symbol?.valueDeclaration;
      if (!symbol || !declaration) return null;
      if (ts.isParameter(declaration)) {
        const bound = env.get(symbol);
        if (bound) return bound;
        throw new NeedsCallSites(declaration.parent);
      }
      const init = constantInitializer(symbol);
      return init ? next(init) : null;
    }
    if (ts.isCallExpression(expr)) {
      if (callsNamed(expr, 'sentence') && expr.arguments[0]) return next(expr.arguments[0]);
      if (callsNamed(expr, 'translate') && expr.arguments[1]) return next(expr.arguments[1]);
      const callee = expr.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'join') {
        const list = listOf(callee.expression, env);
        const separator = expr.arguments[0] ? next(expr.arguments[0]) : [','];
        if (list && separator?.length === 1) return [list.join(separator[0])];
      }
      return null;
    }
    if (ts.isElementAccessExpression(expr) || ts.isPropertyAccessExpression(expr)) {
      // A constant record's entry: each of its values (a sentence chosen by a key).
      const init = constantInitializer(symbolOf(expr.expression));
      const record = init && unwrap(init);
      if (!record || !ts.isObjectLiteralExpression(record)) return null;
      const name = ts.isPropertyAccessExpression(expr) ? expr.name.text : undefined;
      const out: string[] = [];
      for (const property of record.properties) {
        if (!ts.isPropertyAssignment(property)) return null;
        if (name !== undefined && property.name.getText() !== name) continue;
        const value = next(property.initializer);
        if (!value) return null;
        out.push(...value);
      }
      return out;
    }
    return null;
  }

  /** The texts of an expression, through the calls of the functions whose parameters it reads. */
  function readAll(expr: ts.Expression, env: Env = new Map(), depth = 0): string[] | null {
    try {
      return valuesOf(expr, env);
    } catch (error) {
      if (!(error instanceof NeedsCallSites) || depth > 5) throw error;
      const out: string[] = [];
      const calls = callSitesOf(error.fn);
      // A parameter passed on as it is (translate(language, say)): its callers' texts are found there.
      if (!calls.length && ts.isIdentifier(unwrap(expr))) return null;
      if (!calls.length)
        throw new Unreadable(
          expr,
          'it is built from a parameter of a function that nothing here calls',
        );
      for (const call of calls) {
        const bound = new Map(env);
        error.fn.parameters.forEach((parameter, i) => {
          const symbol = symbolOf(parameter.name);
          const argument = call.arguments?.[i] ?? parameter.initializer;
          if (symbol)
            bound.set(symbol, argument ? (readAll(argument, new Map(), depth + 1) ?? []) : []);
        });
        out.push(...(readAll(expr, bound, depth + 1) ?? []));
      }
      return out;
    }
  }

  return { symbolOf, declarationCalled, callsNamed, constantInitializer, readAll };
}
