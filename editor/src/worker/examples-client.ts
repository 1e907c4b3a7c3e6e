import type { ExamplesRequest, ExamplesResult } from "./examples-worker.ts";
import ExamplesWorker from "./examples-worker.ts?worker";

/**
 * The page's side of the examples worker. Only the newest text matters: a
 * request made while one runs replaces any other waiting, and results for
 * older text are dropped by the caller (it compares `source`).
 */
export class ExamplesClient {
  private worker: Worker | undefined;
  private running = false;
  private waiting: Omit<ExamplesRequest, "id"> | undefined;
  private next = 1;

  constructor(private readonly onresult: (r: ExamplesResult) => void) {}

  run(request: Omit<ExamplesRequest, "id">): void {
    this.waiting = request;
    this.pump();
  }

  private pump(): void {
    if (this.running || !this.waiting) return;
    if (!this.worker) {
      this.worker = new ExamplesWorker();
      this.worker.onmessage = (e: MessageEvent<ExamplesResult>) => {
        this.running = false;
        this.onresult(e.data);
        this.pump();
      };
    }
    const body: ExamplesRequest = { id: this.next++, ...this.waiting };
    this.waiting = undefined;
    this.running = true;
    this.worker.postMessage(body);
  }
}
