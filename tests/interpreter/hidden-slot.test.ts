import { describe, expect, it } from "vitest";
import { hiddenSlot } from "../../interpreter/hidden-slot.ts";

describe("hidden slots", () => {
  it("keep a value that JSON, keys, deep equality and structuredClone do not see", () => {
    const slot = hiddenSlot<number[]>();
    const o = { a: 1 };
    const plain = { a: 1 };
    expect(slot.get(o)).toBeUndefined();
    slot.set(o, [7]);
    expect(slot.get(o)).toEqual([7]);
    expect(JSON.stringify(o)).toBe('{"a":1}');
    expect(Object.keys(o)).toEqual(["a"]);
    expect(Object.getOwnPropertySymbols(o)).toEqual([]);
    expect(o).toStrictEqual(plain);
    const copy = structuredClone(o);
    expect(copy).toEqual(plain);
    expect(slot.get(copy)).toBeUndefined();
  });

  it("work on null-prototype records and can be cleared", () => {
    const slot = hiddenSlot<true>();
    const record = Object.create(null) as Record<string, number[]>;
    record["0,0"] = [1];
    slot.set(record, true);
    expect(slot.get(record)).toBe(true);
    expect(Object.keys(record)).toEqual(["0,0"]);
    slot.set(record, undefined);
    expect(slot.get(record)).toBeUndefined();
  });

  it("never see each other's values", () => {
    const first = hiddenSlot<string>();
    const second = hiddenSlot<string>();
    const o = {};
    first.set(o, "first");
    expect(second.get(o)).toBeUndefined();
    second.set(o, "second");
    expect(first.get(o)).toBe("first");
    expect(second.get(o)).toBe("second");
  });
});
