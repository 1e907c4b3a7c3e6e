/**
 * The text a new rule file starts from: the smallest game that plays (two
 * to four players take points for three rounds), so the playtest runs from
 * the first keystroke and every part a game needs is there to change.
 */
export function newGameText(title: string): string {
  const safe = title.replace(/["\\{}]/g, "");
  return `// ${safe}: a new game. Change anything; the playtest follows as you type.
game "${safe}" {
  players 2..4
}

per player {
  score: number = 0
}

flow {
  repeat 3 {
    for p in players {
      turn p {
        let n = choose n from 1..3 prompt "Take how many points?"
        p.score += n
      }
    }
  }
}

scoring p {
  points p.score
}
`;
}

/** A title as a file name: `My Game` → `my-game.stela`; undefined when nothing usable is left. */
export function fileNameFor(title: string): string | undefined {
  const base = title
    .trim()
    .toLowerCase()
    .replace(/\.stela$/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return base ? `${base}.stela` : undefined;
}
