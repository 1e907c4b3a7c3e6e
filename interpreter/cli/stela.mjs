#!/usr/bin/env node
// The `stela` command. The CLI is TypeScript run through tsx, so a fresh clone needs no build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv.slice(2));
