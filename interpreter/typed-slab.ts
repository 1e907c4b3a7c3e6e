/**
 * Zeroed `Int32Array`s cut from shared slabs, for working arrays made many times a decision and
 * held only briefly. A typed array longer than 64 bytes gets an `ArrayBuffer` of its own, outside
 * V8's heap, and making one cost 0.4–1 µs (measured, 100–1,700 bytes: Yaxha's group index, two
 * arrays of 1.7 KB and 0.5 KB, took 5% of a greedy bot's time); a view on a slab, about 0.1 µs.
 *
 * The price: a view keeps its whole slab alive. So only arrays with few holders at a time come
 * from here (a group index: the few a runtime keeps, and the memo's answers of the moment), never
 * arrays kept with a match's state, which a search may hold by the thousand.
 */
const SLAB_BYTES = 1 << 16;

/** Larger requests get a buffer of their own: a slab serves at least four. */
const LARGEST_BYTES = SLAB_BYTES >> 2;

let slab = new ArrayBuffer(SLAB_BYTES);
let used = 0;

/** A zeroed `Int32Array` of `length`, as `new Int32Array(length)` gives. */
export function slabInt32(length: number): Int32Array {
  const bytes = length * 4;
  if (bytes > LARGEST_BYTES) return new Int32Array(length);
  if (used + bytes > SLAB_BYTES) {
    // A fresh buffer is zeroed, and each part of it is handed out once.
    slab = new ArrayBuffer(SLAB_BYTES);
    used = 0;
  }
  const view = new Int32Array(slab, used, length);
  used += bytes;
  return view;
}
