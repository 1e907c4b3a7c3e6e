import type { Twin } from "../random-policy.ts";
import { mayanCity } from "./mayan-city.ts";
import { connectFour } from "./connect-four.ts";
import { hex } from "./hex.ts";
import { reversi } from "./reversi.ts";
import { ticTacToe } from "./tic-tac-toe.ts";

/** Every hand-written twin, in the bench's order. */
export const TWINS: Twin[] = [ticTacToe, connectFour, reversi, hex, mayanCity];
