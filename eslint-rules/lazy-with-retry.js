/**
 * Every lazily imported chunk is asked for again before its failure shows (ADR 0044): a dynamic
 * `import()` inside `lazy(...)` (React's, or `React.lazy`) must go through `loadWithRetry`. Reported:
 * `lazy(() => import('./x'))`, `lazy(async () => (await import('./x')))`, `lazy(load)` where
 * `const load = () => import('./x')`. Allowed: `lazy(() => loadWithRetry(() => import('./x')))` and
 * `lazy(() => loadWithRetry(load))`.
 */
const isLazy = (callee) =>
  (callee.type === 'Identifier' && callee.name === 'lazy') ||
  (callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'lazy');

const isRetry = (node) =>
  node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'loadWithRetry';

const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

/** @type {import('eslint').Rule.RuleModule} */
export const lazyWithRetry = {
  meta: {
    type: 'problem',
    docs: { description: 'A lazy component imports its chunk through loadWithRetry (ADR 0044)' },
    schema: [],
    messages: {
      bare: "lazy() imports its chunk without loadWithRetry: write lazy(() => loadWithRetry(() => import('…'))) so a dropped download is asked for again (ADR 0044)",
    },
  },
  create(context) {
    const { sourceCode } = context;
    /** Functions passed to lazy() by name: `const load = () => import(...)`, then `lazy(load)`. */
    const namedLoaders = new Set();
    /** import() calls outside any lazy() or loadWithRetry, with the functions around them. */
    const loose = [];
    return {
      CallExpression(node) {
        const arg = node.arguments[0];
        if (!isLazy(node.callee) || arg?.type !== 'Identifier') return;
        const variable = sourceCode
          .getScope(node)
          .references.find((reference) => reference.identifier === arg)?.resolved;
        for (const def of variable?.defs ?? []) {
          if (def.type === 'Variable' && def.node.init && FUNCTION_TYPES.has(def.node.init.type)) {
            namedLoaders.add(def.node.init);
          } else if (def.type === 'FunctionName') {
            namedLoaders.add(def.node);
          }
        }
      },
      ImportExpression(node) {
        const ancestors = sourceCode.getAncestors(node);
        const functions = [];
        for (let i = ancestors.length - 1; i >= 0; i -= 1) {
          const ancestor = ancestors[i];
          if (isRetry(ancestor)) return;
          if (ancestor.type === 'CallExpression' && isLazy(ancestor.callee)) {
            context.report({ node, messageId: 'bare' });
            return;
          }
          if (FUNCTION_TYPES.has(ancestor.type)) functions.push(ancestor);
        }
        loose.push({ node, functions });
      },
      // At the end: a loader may be declared before the lazy() that names it.
      'Program:exit'() {
        for (const { node, functions } of loose) {
          if (functions.some((fn) => namedLoaders.has(fn))) context.report({ node, messageId: 'bare' });
        }
      },
    };
  },
};

export default { rules: { 'lazy-with-retry': lazyWithRetry } };
