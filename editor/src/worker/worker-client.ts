import type { CompileReply, Envelope, PlaytestReply, PositionReply, SurveyReply, WorkerReply, WorkerRequest } from "./protocol.ts";
import StelaWorker from "./stela-worker.ts?worker";

type ReplyOf<R extends WorkerRequest> = R extends { type: "compile" } ? CompileReply : R extends { type: "survey" } ? SurveyReply : R extends { type: "position" } ? PositionReply : PlaytestReply;

/** Talks to the Stela worker: one promise per request, answered in order. */
export class WorkerClient {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<number, (r: WorkerReply) => void>();

  constructor() {
    this.worker = new StelaWorker();
    this.worker.onmessage = (e: MessageEvent<Envelope<WorkerReply>>) => {
      const done = this.waiting.get(e.data.id);
      this.waiting.delete(e.data.id);
      done?.(e.data.body);
    };
  }

  request<R extends WorkerRequest>(body: R): Promise<ReplyOf<R>> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, (r) => resolve(r as ReplyOf<R>));
      this.worker.postMessage({ id, body } satisfies Envelope<WorkerRequest>);
    });
  }
}
