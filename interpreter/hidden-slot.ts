/**
 * A value kept on a plain-data object where nothing else sees it: not JSON, not `Object.keys`,
 * not deep equality (`toEqual`), not `structuredClone` (a copy comes without it). The engine
 * marks a board record two states share this way (`state.ts`): the state stays plain data, and
 * a search, which shares every board with every copy, pays little for the mark.
 *
 * Built on a class's private field written onto an object the class did not make: a base class
 * whose constructor returns its argument lets a subclass add its private field to any object.
 * Adding the field costs about what adding a property does (36 ns measured on this machine,
 * against 450 ns for `Object.defineProperty` of a non-enumerable property). Reading one is a
 * little slower than reading a property, so an index read on every rule (the occupancy index,
 * `pieces.ts`) is a symbol-keyed property instead, which deep equality of the raw state does see.
 */
export interface HiddenSlot<T> {
  /** The value kept on `o`, or undefined if it has none. */
  get(o: object): T | undefined;
  /** Keeps `v` on `o`. */
  set(o: object, v: T | undefined): void;
}

/** An object's constructor returning its argument: what lets a subclass stamp fields onto it. */
class Adopt {
  constructor(o: object) {
    return o;
  }
}

/** A new slot: each has its own private field, so slots never see each other's values. */
export function hiddenSlot<T>(): HiddenSlot<T> {
  class Slot extends Adopt {
    #value: T | undefined;
    static get(o: object): T | undefined {
      return #value in o ? (o as Slot).#value : undefined;
    }
    static set(o: object, v: T | undefined): void {
      if (!(#value in o)) new Slot(o);
      (o as Slot).#value = v;
    }
  }
  return Slot;
}
