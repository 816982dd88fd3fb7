// An ESLint rule: a sentence written for people is marked `/*i18n*/`, so that Lingui's extract
// puts it in the catalogs (decision 046). An unmarked one would be English in every language.
// Where a sentence stands: the first argument of an error helper or of sentence(), the field
// errors after it, a `message:` or `error:` of an object, and a string given to a zod check.

const ERROR_HELPERS = new Set([
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'payloadTooLarge',
  'unsupportedMediaType',
  'unprocessable',
  'tooManyRequests',
  'sentence',
]);
const ZOD_CHECKS = new Set(
  'min max length gt gte lt lte positive negative nonnegative nonpositive int multipleOf regex email url uuid date datetime time refine nonempty custom'.split(
    ' ',
  ),
);

const calleeName = (call) =>
  call.callee.type === 'Identifier'
    ? call.callee.name
    : call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier'
      ? call.callee.property.name
      : undefined;

/** What stands in the literal's place: through `a ? b : c`, `a ?? b`, `(…)` and `as`. */
function placeOf(node) {
  let at = node;
  for (;;) {
    const parent = at.parent;
    const through =
      (parent.type === 'ConditionalExpression' && parent.test !== at) ||
      parent.type === 'LogicalExpression' ||
      parent.type === 'TSAsExpression' ||
      parent.type === 'TSSatisfiesExpression';
    if (!through) return at;
    at = parent;
  }
}

/** Whether a string literal stands where a sentence does. */
function isSentencePlace(literal) {
  const node = placeOf(literal);
  const parent = node.parent;
  if (parent.type === 'CallExpression' && parent.arguments.includes(node)) {
    const name = calleeName(parent);
    if (ERROR_HELPERS.has(name) && parent.callee.type === 'Identifier')
      return parent.arguments[0] === node;
    return parent.callee.type === 'MemberExpression' && ZOD_CHECKS.has(name);
  }
  if (parent.type === 'NewExpression' && parent.callee.name === 'AppError')
    return parent.arguments[2] === node;
  if (parent.type === 'Property' && parent.value === node && !parent.computed) {
    const key = parent.key.type === 'Identifier' ? parent.key.name : parent.key.value;
    return key === 'message' || key === 'error';
  }
  // A field's errors: unprocessable('…', { field: ['…'] }).
  if (parent.type === 'ArrayExpression' && parent.parent.type === 'Property') {
    const errors = parent.parent.parent;
    const call = errors.parent;
    return (
      call?.type === 'CallExpression' &&
      ERROR_HELPERS.has(calleeName(call)) &&
      call.arguments[1] === errors
    );
  }
  return false;
}

export default {
  meta: {
    type: 'problem',
    messages: {
      unmarked:
        "Mark this sentence /*i18n*/ so that Lingui's extract finds it, then run npm run texts:extract and translate it (decision 046).",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      if (node.type === 'Literal' && typeof node.value !== 'string') return;
      if (!isSentencePlace(node)) return;
      // Extract reads a marked string in quotes, never a template.
      const marked =
        node.type === 'Literal' &&
        context.sourceCode
          .getCommentsBefore(node)
          .some((comment) => comment.value.trim() === 'i18n');
      if (!marked) context.report({ node, messageId: 'unmarked' });
    };
    return { Literal: check, TemplateLiteral: check };
  },
};
