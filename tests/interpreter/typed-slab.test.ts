import { describe, expect, it } from "vitest";
import { slabInt32 } from "../../interpreter/typed-slab.ts";

describe("typed slab", () => {
  it("hands out zeroed arrays of the length asked that never share an element", () => {
    // Enough arrays to fill several slabs: each is written all over before the next is cut.
    const arrays: Int32Array[] = [];
    for (let i = 0; i < 400; i++) {
      const a = slabInt32(50 + (i % 7) * 100);
      expect(a.length).toBe(50 + (i % 7) * 100);
      expect(a.every((v) => v === 0)).toBe(true);
      a.fill(i + 1);
      arrays.push(a);
    }
    arrays.forEach((a, i) => expect(a.every((v) => v === i + 1)).toBe(true));
  });

  it("gives a large array a buffer of its own, and an empty one when asked for none", () => {
    const big = slabInt32(100_000);
    expect(big.length).toBe(100_000);
    expect(big.every((v) => v === 0)).toBe(true);
    expect(big.buffer.byteLength).toBe(400_000);
    expect(slabInt32(0).length).toBe(0);
  });
});
