// A tinypool worker process: worker threads cannot load TypeScript under tsx on Node 20,
// so each worker is a child process that registers tsx itself.
import { register } from "tsx/esm/api";

register();
const { runBatch } = await import("./simulate-batch.ts");

export default function run(task) {
  return runBatch(task);
}
