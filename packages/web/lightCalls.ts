import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

// The browser's call table (issue 18 point 19). A declaration in contract/src/calls carries its
// Zod schemas (params, body, every answer) for the server, the OpenAPI document and the tests;
// the web client needs only its area, method, path, access and whether its answer is a file
// (web/src/api/call.ts; the area and method+path key its answers, web/src/api/useCall.ts): the
// types still come from the real declarations. So the build serves
// each calls/<area>.ts as a generated module of those fields, and zod reaches the browser only
// with a form that validates. `npm run dev` and the unit tests use the real declarations.

const CALLS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contract/src/calls');

interface Declared {
  id: string;
  area: string;
  method: string;
  path: string;
  access?: string;
  answers: Record<number, unknown>;
}

const isCall = (v: unknown): v is Declared =>
  typeof v === 'object' && v !== null && typeof (v as Declared).id === 'string' && 'answers' in v;

function light(c: Declared) {
  const answer = c.answers[200] as { raw?: unknown; description?: unknown };
  const raw = typeof answer?.raw === 'string' ? { raw: answer.raw, description: answer.description } : {};
  // No id: the browser names a call by its method and path (web/src/api/useCall.ts).
  return { area: c.area, method: c.method, path: c.path, access: c.access, answers: { 200: raw } };
}

/** A table of calls (nested tables allowed, as dashboardCalls.owner.client.table.vaults) made light. */
function lightTable(table: unknown, where: string): unknown {
  if (isCall(table)) return light(table);
  if (typeof table !== 'object' || table === null || Object.keys(table).length === 0)
    throw new Error(`${where} is not a table of calls; the web build's call table cannot carry it`);
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, lightTable(v, `${where}.${k}`)]));
}

export function lightCalls(): Plugin {
  return {
    name: 'lifeboat-light-calls',
    apply: 'build',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (
        path.dirname(file) !== CALLS_DIR ||
        !file.endsWith('.ts') ||
        /(^|\/)index\.ts$|\.test\.ts$/.test(file)
      )
        return null;
      const { tsImport } = await import('tsx/esm/api');
      const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
      const out: string[] = [];
      for (const [name, table] of Object.entries(mod))
        out.push(`export const ${name} = ${JSON.stringify(lightTable(table, `${file}: ${name}`))};`);
      return out.join('\n');
    },
  };
}
