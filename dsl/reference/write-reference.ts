// `npm run docs`: writes the built-in catalogue into dsl/README.md.
import { readFileSync, writeFileSync } from "node:fs";
import { withCatalogue } from "./catalogue-markdown.ts";

const path = new URL("../README.md", import.meta.url);
const before = readFileSync(path, "utf8");
const after = withCatalogue(before);
writeFileSync(path, after);
console.log(before === after ? "dsl/README.md is up to date" : "dsl/README.md: catalogue rewritten");
