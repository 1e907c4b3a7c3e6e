/** A short message under the top bar: a save, a refused decision, a share link. */
export interface Notice {
  text: string;
  kind: "info" | "error";
}

/** The editor's one-line messages; an error stays longer than news. */
export class Notices {
  notice = $state<Notice | undefined>(undefined);
  private timer: ReturnType<typeof setTimeout> | undefined;

  say(text: string, kind: Notice["kind"] = "info"): void {
    this.notice = { text, kind };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.notice = undefined), kind === "error" ? 8000 : 4000);
  }
}
