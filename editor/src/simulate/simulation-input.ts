/** What a balance run needs from the editor: the rules now, the saved rules, the variant and players in play. */
export interface SimulationInput {
  file: string;
  source: string;
  saved?: string;
  /** Other rule files by path, as edited, for `extends`. */
  files: Record<string, string>;
  variant?: string;
  /** The rules' variants, for comparing the variant in play with another, or with the base rules. */
  variants?: string[];
  players: number;
  /**
   * For a file of variants of another (`variant "…" extends "cacao.stela"`): that file, as edited.
   * Its own text has no base game (with no variant named it plays its first), so "the base rules"
   * a variant is compared with are these.
   */
  base?: { file: string; source: string };
  /** `file` and the others' paths as a command typed in a terminal names them (`Documents.onDisk`). */
  onDisk?: (path: string) => string;
}
