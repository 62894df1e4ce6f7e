import ts from 'typescript';
import { isTenantTable } from './tenancy';

// The tenancy check (run by tenancy-lint.test.ts over areas/**): a tenant table named in a query
// builder call (selectFrom, updateTable, deleteFrom, insertInto, a join) must be reached through
// scoped(db, actor) or unscoped(db, 'why'). A call is accepted when its own chain starts at one of
// them, at a variable or local function that does, at a parameter of type Scoped, or at the
// parameter of a `$call`/`$if` callback on such a chain (the same query). Sitting inside a scoped
// query is not enough: scoped() conditions the tables it names in FROM, never a subquery built
// from a callback's expression builder (`eb.selectFrom('jobs')`), so a subquery starts from
// scoped() itself (a correlated one with `.within(correlatedTo(...))`). Test-only: it parses with
// the TypeScript compiler, which the server does not load at run time.

const METHODS = new Set([
  'selectFrom',
  'updateTable',
  'deleteFrom',
  'insertInto',
  'replaceInto',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);
const ENTRY_POINTS = new Set(['scoped', 'unscoped']);
/** Methods whose callback is given the query itself: its parameter is the query's chain. */
const SAME_QUERY_CALLBACKS = new Set(['$call', '$if']);
const SCOPED_TYPES = /\bScoped\b/;

export interface Violation {
  file: string;
  line: number;
  text: string;
}

/** The expression a call chain starts from: `a` in `a.b(...).c(...)`. */
function rootOf(expr: ts.Expression): ts.Expression {
  let e = expr;
  for (;;) {
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e) && !ts.isIdentifier(e.expression)) e = e.expression;
    else if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAwaitExpression(e))
      e = e.expression;
    else if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
    else return e;
  }
}

function containerOf(node: ts.Node): ts.Node {
  let n = node.parent;
  while (n && !ts.isBlock(n) && !ts.isSourceFile(n) && !ts.isFunctionLike(n) && !ts.isForStatement(n))
    n = n.parent;
  return n ?? node.getSourceFile();
}

const contains = (outer: ts.Node, inner: ts.Node) => outer.pos <= inner.pos && inner.end <= outer.end;

type Declaration = ts.VariableDeclaration | ts.ParameterDeclaration | ts.FunctionDeclaration;

export function checkSource(file: string, text: string): Violation[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const declarations: Declaration[] = [];
  const visitDecl = (n: ts.Node) => {
    if (
      (ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isFunctionDeclaration(n)) &&
      n.name &&
      ts.isIdentifier(n.name)
    )
      declarations.push(n);
    ts.forEachChild(n, visitDecl);
  };
  visitDecl(source);

  const resolve = (id: ts.Identifier): Declaration | undefined => {
    let best: Declaration | undefined;
    let bestSize = Number.POSITIVE_INFINITY;
    for (const d of declarations) {
      if ((d.name as ts.Identifier).text !== id.text) continue;
      const scope = ts.isFunctionDeclaration(d) ? d.parent : containerOf(d);
      const size = scope.end - scope.pos;
      if (contains(scope, id) && size < bestSize) {
        best = d;
        bestSize = size;
      }
    }
    return best;
  };

  const seen = new Set<ts.Node>();
  const okRoot = (root: ts.Expression): boolean => {
    if (seen.has(root)) return false;
    seen.add(root);
    try {
      if (ts.isCallExpression(root) && ts.isIdentifier(root.expression)) {
        if (ENTRY_POINTS.has(root.expression.text)) return true;
        const fn = resolve(root.expression);
        if (!fn || !ts.isFunctionDeclaration(fn) || !fn.body) return false;
        const returns: ts.Expression[] = [];
        const visit = (n: ts.Node) => {
          if (ts.isReturnStatement(n) && n.expression) returns.push(n.expression);
          if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
        };
        ts.forEachChild(fn.body, visit);
        return returns.length > 0 && returns.every((r) => okRoot(rootOf(r)));
      }
      if (ts.isIdentifier(root)) {
        const d = resolve(root);
        if (!d) return false;
        if (ts.isParameter(d))
          return (d.type !== undefined && SCOPED_TYPES.test(d.type.getText(source))) || sameQueryParameter(d);
        if (ts.isVariableDeclaration(d)) {
          if (d.type && SCOPED_TYPES.test(d.type.getText(source))) return true;
          return d.initializer !== undefined && okRoot(rootOf(d.initializer));
        }
      }
      return false;
    } finally {
      seen.delete(root);
    }
  };

  /** `qb` in `<accepted chain>.$call((qb) => ...)`: the callback is handed that same query. */
  const sameQueryParameter = (d: ts.ParameterDeclaration): boolean => {
    const fn = d.parent;
    const call = fn.parent;
    return (
      (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
      ts.isCallExpression(call) &&
      call.arguments.some((a) => a === fn) &&
      ts.isPropertyAccessExpression(call.expression) &&
      SAME_QUERY_CALLBACKS.has(call.expression.name.text) &&
      okRoot(rootOf(call.expression.expression))
    );
  };

  const violations: Violation[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const method = n.expression.name.text;
      const arg = n.arguments[0];
      if (METHODS.has(method) && arg && ts.isStringLiteralLike(arg)) {
        const table = arg.text.trim().split(/\s+as\s+/i)[0] ?? '';
        if (isTenantTable(table) && !okRoot(rootOf(n.expression.expression))) {
          const pos = n.expression.name.getStart(source);
          const line = source.getLineAndCharacterOfPosition(pos).line + 1;
          violations.push({ file, line, text: `.${method}('${arg.text}')` });
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return violations;
}
