import { assignable, T, type Type } from "../types.ts";
import { accepts, catalogued, param, type BuiltinConstant, type ParamSpec } from "./builtin.ts";

/**
 * What `majority` and `minority` rank: players (`per player number`), or the members of an enum
 * (`per Artist number`: the artists by paintings sold), each then given its prize the same way.
 */
const RANKED: Pick<ParamSpec, "accepts" | "expects"> = {
  accepts: (t) => assignable(t, T.map(T.number)) || (t.t === "emap" && assignable(t.of, T.number)),
  expects: "a per player number (or a number per member of an enum)",
};

/** The prizes come back keyed as the values were: per player, or per member of the same enum. */
const keyedAsValues = (args: Type[]): Type => (args[0]?.t === "emap" ? T.emap(args[0].enum, args[0].members, T.number) : T.map(T.number));

/** Majority awards and their tie policies. */
export const SCORING_BUILTINS = catalogued([
  {
    name: "majority",
    category: "scoring",
    signature: "majority(values: per player number | per Enum number, prizes: list of number, ties: policy, minimum: number, unit: number, alone: bool): per player number | per Enum number",
    description:
      "Ranks the players by `values` (highest first; players below `minimum`, default 1, take part in nothing) and gives the prizes by rank: the first prize to the first place, and so on. `ties` says what tied players get (see the tie policies); the default is `pool_round_up`. `unit` rounds a tied player's share to a multiple of it, in the policy's direction (`unit: 100`: \"split evenly, rounded up to the nearest $100\"; default 1, whole numbers). `alone: true` gives a player alone in the ranking every prize, not only the first (a sole stockholder takes both bonuses). Returns each player's prize (0 for none). Values per member of an enum (`per Artist number`) rank the members instead (ties shared by the same policy), and the prizes come back per member: `majority(sold, [30, 20, 10])` pays the artists who sold most.",
    example: "let won = majority(crops, [12, 6], ties: pool_round_up)",
    params: [
      param("values", RANKED),
      param("prizes", accepts.type(T.list(T.number), "a list of numbers")),
      param("ties", accepts.type(T.policy, "a tie policy"), { named: true, optional: true }),
      param("minimum", accepts.type(T.number), { named: true, optional: true }),
      param("unit", accepts.type(T.number), { named: true, optional: true }),
      param("alone", accepts.type(T.bool), { named: true, optional: true }),
    ],
    returns: keyedAsValues,
  },
  {
    name: "minority",
    category: "scoring",
    signature: "minority(values: per player number | per Enum number, prizes: list of number, ties: policy, maximum: number, unit: number, alone: bool): per player number | per Enum number",
    description:
      "Ranks the players by `values` as `majority` does, but lowest first (players above `maximum`, when given, take part in nothing): the first prize to the fewest, and so on. A penalty is a negative prize: \"whoever has the fewest loses 6\" is `minority(counts, [-6])`. `ties` as for `majority`, the default `pool_round_up`: a penalty split among tied players rounds toward 0 (-6 among 4: -1 each), where `split_round_down` rounds it down (-2 each). `unit` and `alone` as for `majority`, and values per member of an enum alike. Returns each player's prize (0 for none).",
    example: "let lost = minority(per player p: size(p.kept), [-6])",
    params: [
      param("values", RANKED),
      param("prizes", accepts.type(T.list(T.number), "a list of numbers")),
      param("ties", accepts.type(T.policy, "a tie policy"), { named: true, optional: true }),
      param("maximum", accepts.type(T.number), { named: true, optional: true }),
      param("unit", accepts.type(T.number), { named: true, optional: true }),
      param("alone", accepts.type(T.bool), { named: true, optional: true }),
    ],
    returns: keyedAsValues,
  },
]);

/** The tie policies `majority` understands. Each is one sentence a rulebook might print. */
export const TIE_POLICIES: BuiltinConstant[] = [
  {
    name: "pool_round_up",
    category: "scoring",
    type: T.policy,
    description:
      "Tied players add up the prizes of the places they share and split them evenly, rounded up; the next player takes the place after them. (Two tied for first with prizes 12 and 6: 9 each, no second.)",
    example: "majority(crops, [12, 6], ties: pool_round_up)",
  },
  {
    name: "pool_round_down",
    category: "scoring",
    type: T.policy,
    description: "As `pool_round_up`, rounded down.",
    example: "majority(v, [6, 3], ties: pool_round_down)",
  },
  {
    name: "split_round_down",
    category: "scoring",
    type: T.policy,
    description:
      "Tied players split the prize of the place they tie for, rounded down; the places they also fill are not awarded. (Two tied for first with prizes 6 and 3: 3 each, no second.)",
    example: "majority(workers, [6, 3], ties: split_round_down)",
  },
  {
    name: "half_each",
    category: "scoring",
    type: T.policy,
    description: "Each tied player gets half the prize of the place they tie for (rounded down), however many are tied; the places they also fill are not awarded.",
    example: "majority(steps, [4], ties: half_each)",
  },
  {
    name: "full_each",
    category: "scoring",
    type: T.policy,
    description: "Each tied player gets the whole prize of the place they tie for; the places they also fill are not awarded.",
    example: "majority(largest, [5], ties: full_each)",
  },
  {
    name: "next_place_each",
    category: "scoring",
    type: T.policy,
    description:
      "Each tied player gets the prize of the place after the one they tie for, however many are tied; the next player takes the place after all of them. (Two or three tied for first with prizes 8, 5 and 2: 5 each; two tied for first, then the next player: 2; tied for the last prize: nothing.)",
    example: "majority(cubes, [8, 5, 2], ties: next_place_each)",
  },
];

