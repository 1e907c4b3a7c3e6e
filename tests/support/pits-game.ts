/**
 * A small game on a ring of pits, two of them stores, each showing `label` (a `show` expression
 * with `this` the space): the seeds in it (a reading of the play), or a symbol worked out from its
 * attributes. Player 1 empties one pit, and the game ends.
 */
export function pitsGame(label: string): string {
  return `
game "Pits" { players 2 }
define keep(s: space): bool = s.store
board pits: ring(6) {
  space side: number = 0
  space store: bool = false
  space state seeds: number = 0
  map { | a a A b b B }
  legend {
    a: side = 0
    A: side = 0, store
    b: side = 1
    B: side = 1, store
  }
  show { label: ${label} }
}
setup { for s in spaces(pits) where not s.store { s.seeds = 4 } }
flow {
  turn players[0] {
    let s = choose s from spaces(pits) where not s.store prompt "Empty a pit"
    s.seeds = 0
  }
}
scoring p { points 0 }
`;
}
