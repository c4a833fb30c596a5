import { TABLE_OWNERS } from './table-owners.js';

/**
 * Which server module may write and read which table (ADR 0043). In a `*-repository.ts` file of
 * `apps/server/src/modules/<m>/` (or `providers/<p>/`), every Drizzle table imported from `db/schema`
 * that is passed to `insert`/`update`/`delete` must be owned by that module, and one passed to
 * `from`/`…Join` must be owned by it or list it among its declared readers. A table of keyed counters
 * may name `keyedWriters`: modules that write only rows under their own key prefix.
 */
const WRITES = new Set(['insert', 'update', 'delete']);
const READS = new Set(['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin']);

/** `modules/ops/ops-repository.ts` → `ops`; `providers/outbox/…` → `providers/outbox`. */
export function moduleOf(filename) {
  const match = /[\\/]src[\\/](modules|providers)[\\/]([^\\/]+)[\\/]/.exec(filename);
  if (!match) return undefined;
  return match[1] === 'modules' ? match[2] : `providers/${match[2]}`;
}

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: 'A module writes only the tables it owns and reads only those it declares' },
    schema: [],
    messages: {
      write:
        "Module '{{module}}' writes table '{{table}}', owned by '{{owner}}': call the owner's service (ADR 0043)",
      read: "Module '{{module}}' reads table '{{table}}', owned by '{{owner}}', without declaring it in eslint-rules/table-owners.js (ADR 0043)",
      unowned: "Table '{{table}}' has no owner in eslint-rules/table-owners.js (ADR 0043)",
    },
  },
  create(context) {
    const module = moduleOf(context.filename);
    if (!module) return {};
    /** Local name → table name, for names imported from the schema and `const t = table` aliases. */
    const tables = new Map();
    return {
      ImportDeclaration(node) {
        if (!/\/db\/schema(\/|\.js$|$)/.test(String(node.source.value))) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type' && node.importKind !== 'type') {
            const imported = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
            tables.set(spec.local.name, imported);
          }
        }
      },
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier' && node.init?.type === 'Identifier' && tables.has(node.init.name)) {
          tables.set(node.id.name, tables.get(node.init.name));
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        const isWrite = WRITES.has(method);
        if (!isWrite && !READS.has(method)) return;
        const arg = node.arguments[0];
        if (arg?.type !== 'Identifier' || !tables.has(arg.name)) return;
        const table = tables.get(arg.name);
        const entry = TABLE_OWNERS[table];
        if (!entry) {
          context.report({ node: arg, messageId: 'unowned', data: { table } });
          return;
        }
        if (entry.owner === module || (entry.keyedWriters ?? []).includes(module)) return;
        if (isWrite) {
          context.report({ node: arg, messageId: 'write', data: { module, table, owner: entry.owner } });
        } else if (!(entry.readers ?? []).includes(module)) {
          context.report({ node: arg, messageId: 'read', data: { module, table, owner: entry.owner } });
        }
      },
    };
  },
};

export default { rules: { 'table-ownership': tableOwnership } };
