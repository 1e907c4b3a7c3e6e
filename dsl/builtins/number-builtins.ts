import { T } from "../types.ts";
import { accepts, catalogued, elementOf, param } from "./builtin.ts";

const num = (name: string) => param(name, accepts.type(T.number, "a number"));

/** Arithmetic beyond the operators, and chance. */
export const NUMBER_BUILTINS = catalogued([
  {
    name: "floor",
    category: "numbers",
    signature: "floor(x: number): number",
    description: "`x` rounded down to a whole number.",
    example: "floor(p.corn / 4)",
    params: [num("x")],
    returns: () => T.number,
  },
  {
    name: "ceil",
    category: "numbers",
    signature: "ceil(x: number): number",
    description: "`x` rounded up to a whole number.",
    example: "ceil(points / 2)",
    params: [num("x")],
    returns: () => T.number,
  },
  {
    name: "round",
    category: "numbers",
    signature: "round(x: number): number",
    description: "`x` rounded to the nearest whole number (halves round up).",
    example: "round(average)",
    params: [num("x")],
    returns: () => T.number,
  },
  {
    name: "abs",
    category: "numbers",
    signature: "abs(x: number): number",
    description: "`x` without its sign.",
    example: "abs(a.x - b.x)",
    params: [num("x")],
    returns: () => T.number,
  },
  {
    name: "clamp",
    category: "numbers",
    signature: "clamp(x: number, low: number, high: number): number",
    description: "`x` kept between `low` and `high`.",
    example: "clamp(p.water + 1, 0, 8)",
    params: [num("x"), num("low"), num("high")],
    returns: () => T.number,
  },
  {
    name: "random",
    category: "chance",
    signature: "random(list): item",
    description: "One item of the list at random, drawn from the match's seeded generator (`none` when empty).",
    example: "first_picker = random(players)",
    params: [param("list", accepts.iterable("a list or zone"))],
    returns: (args) => elementOf(args[0]),
  },
  {
    name: "shuffled",
    category: "chance",
    signature: "shuffled(list): list",
    description:
      "The items of a list (or zone) in a random order, drawn from the match's seeded generator: territories dealt out at random, a turn order drawn. The list itself is left as it is; `shuffle z` shuffles a zone in place.",
    example: "let order = shuffled(spaces(world))",
    params: [param("list", accepts.iterable("a list or zone"))],
    returns: (args) => T.list(elementOf(args[0])),
  },
]);
