/**
 * The parts of a checked IR node (`dsl/ir.ts`) that may hold expressions: every field but its
 * source span and its types. What the engine's scans over a rule's expressions walk into (which
 * calls may draw on the generator, `memo.ts`; how a callee reads its parameters, `memo-keys.ts`).
 */
export function irChildren(node: object): unknown[] {
  const out: unknown[] = [];
  for (const [k, v] of Object.entries(node)) if (k !== "span" && k !== "ty" && k !== "type") out.push(v);
  return out;
}
