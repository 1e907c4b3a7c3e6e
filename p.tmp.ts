import { readFileSync } from "node:fs";
import { compile, runExamples } from "./interpreter/index.ts";
const r = compile(readFileSync(process.argv[2]!, "utf8"), process.argv[2]!);
for (const d of r.diagnostics) console.log(d.severity, d.code, d.span.start.line, d.span.start.column, d.message);
for (const x of runExamples(r.game!)) console.log(x.title, x.passed, JSON.stringify(x.failure));
