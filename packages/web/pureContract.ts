import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, parseAst } from 'vite';

// The contract's modules only declare (issue 18 point 19): constants, rules and Zod schemas side
// by side. The bundler keeps a top-level statement it cannot prove pure, and a schema built with
// the module's own helpers (`textRule(...).transform(...)`, `listFields({...})`) is such a
// statement, so any page that imports a constant of that module would pull its schemas and zod
// with it. In the browser build every top-level `const` of a contract module whose value is
// computed is therefore marked pure: an unused one is dropped, a used one stays with what it
// needs, and zod reaches the browser only with a page that really validates.

const CONTRACT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contract/src');

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression']);
const CALLS = new Set(['CallExpression', 'NewExpression', 'TaggedTemplateExpression']);

/** Whether evaluating `node` calls something (a function's body runs later, so it does not count). */
function computes(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(computes);
  if (!isNode(node) || FUNCTIONS.has(node.type)) return false;
  if (CALLS.has(node.type)) return true;
  return Object.entries(node).some(([k, v]) => k !== 'type' && typeof v === 'object' && computes(v));
}

/** The module's code with each computed top-level const wrapped in a pure arrow call. */
export function markPure(code: string): string {
  const edits: { at: number; text: string }[] = [];
  for (const statement of parseAst(code).body as unknown as Node[]) {
    const decl =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (decl?.type !== 'VariableDeclaration' || decl.kind !== 'const') continue;
    for (const d of decl.declarations as Node[]) {
      const init = d.init as Node | null;
      if (!init || !computes(init)) continue;
      edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
    }
  }
  let out = code;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.at);
  return out;
}

export function pureContract(): Plugin {
  return {
    name: 'lifeboat-pure-contract',
    apply: 'build',
    // After TypeScript is stripped, so the parser reads plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(`${CONTRACT_DIR}${path.sep}`) || /\.test\.ts$/.test(file)) return null;
      const out = markPure(code);
      return out === code ? null : { code: out, map: null };
    },
  };
}
