// An ESLint rule: a route checks, calls one service function, answers (issue 52). Its
// handler awaits at most one call of ours, and a route file neither queries the database nor
// awaits anything outside its handlers, so the work and its order live in the services.

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

const isRouteCall = (node) =>
  node.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'Identifier' &&
  node.callee.object.name === 'app' &&
  node.callee.property.type === 'Identifier' &&
  ROUTE_METHODS.has(node.callee.property.name);

const isFunction = (node) =>
  node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';

/** The route handler the node sits in: the function given last to app.get/post/…, if any. */
function handlerOf(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (isFunction(at) && at.parent && isRouteCall(at.parent) && at.parent.arguments.at(-1) === at)
      return at;
  }
  return undefined;
}

/** Reading the request or writing the answer is the route's own work, not a service call. */
function isOwnWork(argument) {
  let callee = argument.type === 'CallExpression' ? argument.callee : undefined;
  while (callee && callee.type === 'MemberExpression') callee = callee.object;
  return callee?.type === 'Identifier' && (callee.name === 'request' || callee.name === 'reply');
}

const isPromiseAll = (node) =>
  node.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'Identifier' &&
  node.callee.object.name === 'Promise';

const isAppCall = (node, name) =>
  node?.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  node.callee.property.type === 'Identifier' &&
  node.callee.property.name === name;

/** A hook (closing, say) waits for what the app started; it is not a route's work. */
function inHook(node) {
  for (let at = node.parent; at; at = at.parent) if (isAppCall(at, 'addHook')) return true;
  return false;
}

export default {
  meta: {
    type: 'suggestion',
    messages: {
      many: "This route calls {{count}} service functions; a route checks, calls one service function and answers. Compose the calls in the feature's service.",
      outside:
        'A route file awaits only inside its handlers (and app.register): put this work in a service.',
      db: 'A route file does not query the database: call a service function.',
    },
    schema: [],
  },
  create(context) {
    const calls = new Map();
    const count = (handler, by) => calls.set(handler, (calls.get(handler) ?? 0) + by);
    return {
      AwaitExpression(node) {
        const handler = handlerOf(node);
        if (!handler) {
          if (!isAppCall(node.argument, 'register') && !inHook(node))
            context.report({ node, messageId: 'outside' });
          return;
        }
        if (isOwnWork(node.argument) || isPromiseAll(node.argument)) return;
        count(handler, 1);
      },
      CallExpression(node) {
        if (isPromiseAll(node) && node.arguments[0]?.type === 'ArrayExpression') {
          const handler = handlerOf(node);
          if (handler) count(handler, node.arguments[0].elements.length);
        }
      },
      MemberExpression(node) {
        if (
          node.object.type === 'Identifier' &&
          node.object.name === 'db' &&
          node.property.type === 'Identifier' &&
          DB_CALLS.has(node.property.name)
        )
          context.report({ node, messageId: 'db' });
      },
      'Program:exit'() {
        for (const [handler, n] of calls)
          if (n > 1)
            context.report({ node: handler, messageId: 'many', data: { count: String(n) } });
      },
    };
  },
};
