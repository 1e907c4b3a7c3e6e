import { T } from "../types.ts";
import { accepts, catalogued, elementOf, param } from "./builtin.ts";

const list = param("list", accepts.iterable("a list or zone"));

/** Lists, zones and numbers in bulk. */
export const LIST_BUILTINS = catalogued([
  {
    name: "size",
    category: "lists",
    signature: "size(x: list | zone): number",
    description: "How many items a list has, or how many pieces a zone holds.",
    example: "size(p.rack) < 7",
    params: [list],
    returns: () => T.number,
  },
  {
    name: "top",
    category: "lists",
    signature: "top(z: zone | list): piece",
    description: "The piece on top of a zone (the next one `deal` takes), or the first item of a list; `none` when empty.",
    example: "place top(p.workers) at s",
    params: [list],
    returns: (args) => elementOf(args[0]),
  },
  {
    name: "max",
    category: "numbers",
    signature: "max(a: number, b: number): number — or max(numbers: list of number)",
    description: "The larger of two numbers, or the largest of a list (0 when empty).",
    example: "max(0, p.corn - 3)",
    params: [
      param("a", accepts.oneOf("a number or a list of numbers", T.number, T.list(T.number))),
      param("b", accepts.type(T.number), { optional: true }),
    ],
    returns: () => T.number,
  },
  {
    name: "min",
    category: "numbers",
    signature: "min(a: number, b: number): number — or min(numbers: list of number)",
    description: "The smaller of two numbers, or the smallest of a list (0 when empty).",
    example: "min(3 * player_count, size(deck))",
    params: [
      param("a", accepts.oneOf("a number or a list of numbers", T.number, T.list(T.number))),
      param("b", accepts.type(T.number), { optional: true }),
    ],
    returns: () => T.number,
  },
  {
    name: "reverse",
    category: "lists",
    signature: "reverse(list): list",
    description: "The list in the opposite order.",
    example: "reverse(sort p in players by p.score)",
    params: [list],
    returns: (args) => T.list(elementOf(args[0])),
  },
  {
    name: "distinct",
    category: "lists",
    signature: "distinct(list): list",
    description: "The list without repeated items, keeping the first of each.",
    example: "size(distinct([c.colour for c in visible]))",
    params: [list],
    returns: (args) => T.list(elementOf(args[0])),
  },
  {
    name: "flatten",
    category: "lists",
    signature: "flatten(lists: list of list): list",
    description: "The items of every inner list, in order.",
    example: "flatten([cells(q) for q in group])",
    params: [param("lists", accepts.iterable("a list of lists"))],
    returns: (args) => {
      const inner = elementOf(args[0]);
      return inner.t === "list" ? inner : T.list(T.any);
    },
  },
  {
    name: "index_of",
    category: "lists",
    signature: "index_of(list, item): number",
    description: "The position (from 0) of the first item equal to `item`, or -1.",
    example: "index_of(order, p)",
    params: [list, param("item", accepts.anything())],
    returns: () => T.number,
  },
]);
