import type { MeasureDef } from "./ir.ts";

/**
 * The labels a measure is reported under: its own, or for an enum's value one a member
 * (`Ended by: the deck`, `Ended by: passes`), each a yes/no row of its own.
 */
export function measureRowLabels(m: Pick<MeasureDef, "label" | "members">): string[] {
  return m.members ? m.members.map((r) => `${m.label}: ${r.label}`) : [m.label];
}
