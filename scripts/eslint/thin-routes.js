// An ESLint rule: a route checks, calls one service function, answers (issue 52). In a route
// handler, the work it waits for is one call: an await, a call of ours given the database and
// an awaited value, an await in a loop (twice), a `.then` and each element of a Promise.all
// count. A route file
// queries no database, and awaits outside its handlers only to register a plugin or, on
// closing, to wait for what the app started. So the work and its order live in the services.

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head']);
const DB_CALLS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'execute',
  'transaction',
  'query',
]);
/** The request's own reading: its multipart parts. */
const REQUEST_READS = new Set(['file', 'files', 'parts', 'saveRequestFiles']);
/** The hooks that may wait: for the app to be ready, or for its work to end on closing. */
const WAITING_HOOKS = new Set(['onReady', 'onClose']);
const LOOPS = new Set([
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
]);

const isFunction = (node) =>
  node.type === 'ArrowFunctionExpression' ||
  node.type === 'FunctionExpression' ||
  node.type === 'FunctionDeclaration';

const methodName = (call) =>
  call?.type === 'CallExpression' &&
  call.callee.type === 'MemberExpression' &&
  call.callee.property.type === 'Identifier'
    ? call.callee.property.name
    : undefined;

const isRouteCall = (node) =>
  node.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'Identifier' &&
  node.callee.object.name === 'app' &&
  ROUTE_METHODS.has(methodName(node));

/** The route handler the node sits in: the function given last to app.get/post/…, if any. */
function handlerOf(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (isFunction(at) && at.parent && isRouteCall(at.parent) && at.parent.arguments.at(-1) === at)
      return at;
  }
  return undefined;
}

/** The object a chain of members starts from: `request` of `request.server.deps.db`. */
function rootOf(node) {
  let at = node;
  while (at.type === 'MemberExpression' || at.type === 'CallExpression')
    at = at.type === 'MemberExpression' ? at.object : at.callee;
  return at;
}

/** Reading the request's parts, or writing the answer, is the route's own work. */
function isOwnWork(argument) {
  if (argument?.type !== 'CallExpression' || argument.callee.type !== 'MemberExpression')
    return false;
  const root = rootOf(argument.callee);
  if (root.type !== 'Identifier') return false;
  if (root.name === 'reply') return true;
  return (
    root.name === 'request' &&
    argument.callee.object.type === 'Identifier' &&
    REQUEST_READS.has(methodName(argument))
  );
}

const isPromiseCombinator = (node) =>
  node.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'Identifier' &&
  node.callee.object.name === 'Promise';

/** Whether the node is inside a waiting hook: app.addHook('onClose', async () => …). */
function inWaitingHook(node) {
  for (let at = node.parent; at; at = at.parent)
    if (
      methodName(at) === 'addHook' &&
      at.arguments[0]?.type === 'Literal' &&
      WAITING_HOOKS.has(at.arguments[0].value)
    )
      return true;
  return false;
}

/** Whether the node repeats within its handler: in a loop, or in a function given to a call. */
function repeats(node, handler) {
  for (let at = node.parent; at && at !== handler; at = at.parent) {
    if (LOOPS.has(at.type)) return true;
    if (isFunction(at) && at.parent?.type === 'CallExpression') return true;
  }
  return false;
}

export default {
  meta: {
    type: 'suggestion',
    messages: {
      many: "This route waits for {{count}} calls; a route checks, calls one service function and answers. Compose the calls in the feature's service.",
      outside:
        'A route file awaits only in its handlers, to register a plugin, or in an onReady or onClose hook: put this work in a service.',
      db: 'A route file does not query the database: call a service function.',
    },
    schema: [],
  },
  create(context) {
    const ours = new Set();
    const calls = new Map();
    const count = (handler, by) => calls.set(handler, (calls.get(handler) ?? 0) + by);
    return {
      ImportDeclaration(node) {
        if (!String(node.source.value).startsWith('.')) return;
        for (const spec of node.specifiers) ours.add(spec.local.name);
      },
      AwaitExpression(node) {
        const handler = handlerOf(node);
        if (!handler) {
          if (methodName(node.argument) !== 'register' && !inWaitingHook(node))
            context.report({ node, messageId: 'outside' });
          return;
        }
        if (isOwnWork(node.argument) || isPromiseCombinator(node.argument)) return;
        count(handler, repeats(node, handler) ? 2 : 1);
      },
      CallExpression(node) {
        const handler = handlerOf(node);
        if (!handler) return;
        if (isPromiseCombinator(node)) {
          const [items] = node.arguments;
          if (items?.type === 'ArrayExpression')
            count(handler, items.elements.filter((e) => !isOwnWork(e)).length);
          // A list made as it runs (ids.map(load)) is any number of calls.
          else count(handler, 2);
        } else if (methodName(node) === 'then') count(handler, 1);
        else if (
          node.callee.type === 'Identifier' &&
          ours.has(node.callee.name) &&
          node.parent?.type !== 'AwaitExpression' &&
          node.arguments.some((a) => a.type === 'Identifier' && a.name === 'db') &&
          node.arguments.some((a) => a.type === 'AwaitExpression')
        )
          // f(db, await g()): g's call is counted at its await, f's (given the database) here.
          count(handler, 1);
      },
      MemberExpression(node) {
        if (node.property.type !== 'Identifier' || !DB_CALLS.has(node.property.name)) return;
        const object = node.object;
        const named =
          object.type === 'Identifier'
            ? object.name
            : object.type === 'MemberExpression' && object.property.type === 'Identifier'
              ? object.property.name
              : undefined;
        if (named === 'db' || named === 'tx') context.report({ node, messageId: 'db' });
      },
      'Program:exit'() {
        for (const [handler, n] of calls)
          if (n > 1)
            context.report({ node: handler, messageId: 'many', data: { count: String(n) } });
      },
    };
  },
};
