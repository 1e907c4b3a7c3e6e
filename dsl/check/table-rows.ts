import type { TableDef, Value } from "../ir.ts";

/** A table's rows by key, for `tableRow`: its rows of one key, and its ranges (`from..to`, `from..` open). */
interface TableKeys {
  single: Map<Value, Value>;
  ranges: [number, number, Value][];
}

/** Made once per table: a file may look the same table up thousands of times. */
const tableKeys = new WeakMap<TableDef, TableKeys>();

/**
 * What `table[key]` gives, known before the game: its row's value, else its `else` row's, or
 * undefined when no row has the key (looking it up would stop the match). The checker asks it of
 * a constant key, and a component's field worked out from a table reads it.
 */
export function tableRow(table: TableDef, key: Value): { value: Value } | undefined {
  let keys = tableKeys.get(table);
  if (!keys) {
    keys = { single: new Map(), ranges: [] };
    for (const r of table.rows) {
      if (typeof r.from === "number" && r.to !== r.from) keys.ranges.push([r.from, r.to === null ? Infinity : (r.to as number), r.value]);
      else keys.single.set(r.from, r.value);
    }
    tableKeys.set(table, keys);
  }
  if (keys.single.has(key)) return { value: keys.single.get(key)! };
  if (typeof key === "number") for (const [from, to, value] of keys.ranges) if (key >= from && key <= to) return { value };
  return table.else;
}
