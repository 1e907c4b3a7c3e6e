import { describe, expect, it } from "vitest";
import { DocumentStore, MemoryStorage } from "../../editor/src/docs/document-store.ts";
import { readShareHash, shareHash } from "../../editor/src/docs/share-link.ts";

describe("autosave store", () => {
  it("keeps a draft per document, and drops it when the text equals the file again", () => {
    const store = new DocumentStore(new MemoryStorage());
    expect(store.draft("maya.stela")).toBeUndefined();
    store.saveDraft("maya.stela", "edited", "original", 5);
    store.saveDraft("cacao.stela", "other", "x", 6);
    expect(store.draft("maya.stela")).toEqual({ text: "edited", base: "original", savedAt: 5 });
    expect(store.drafts()).toEqual(["cacao.stela", "maya.stela"]);
    store.saveDraft("maya.stela", "original", "original");
    expect(store.draft("maya.stela")).toBeUndefined();
    expect(store.drafts()).toEqual(["cacao.stela"]);
  });

  it("remembers where the draft started, across later edits", () => {
    const store = new DocumentStore(new MemoryStorage());
    store.saveDraft("a", "v1", "file", 1);
    store.saveDraft("a", "v2", "file changed meanwhile", 2);
    expect(store.draft("a")?.base).toBe("file");
  });

  it("keeps the playtest and the last document", () => {
    const store = new DocumentStore(new MemoryStorage());
    const p = { settings: { players: 3, seed: 9 }, log: [{ player: 0, option: "x", label: "X" }], persons: [0, 2] };
    store.savePlaytest("a", p);
    store.setLastDoc("a");
    expect(store.playtest("a")).toEqual(p);
    expect(store.lastDoc()).toBe("a");
  });

  it("says so when the browser refuses to store, instead of failing", () => {
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const store = new DocumentStore(full);
    expect(store.saveDraft("a", "text", "file")).toBe(false);
    expect(store.lastError).toMatch(/Quota/);
  });

  it("ignores a stored value it cannot read", () => {
    const s = new MemoryStorage();
    s.setItem("stela:draft:a", "{not json");
    expect(new DocumentStore(s).draft("a")).toBeUndefined();
  });
});

describe("share links", () => {
  it("carry the rules in the hash and back, unicode and all", () => {
    const text = 'game "Ünïcode — ★" {\n  players 2..4\n}\n// a + b & c = d?\n'.repeat(20);
    const hash = shareHash({ file: "maya.stela", text });
    expect(hash.length).toBeLessThan(text.length);
    expect(readShareHash(hash)).toEqual({ file: "maya.stela", text });
  });

  it("survive a browser that turned `+` into a space", () => {
    const text = "a".repeat(300) + "++--";
    const hash = shareHash({ file: "x.stela", text });
    expect(readShareHash(hash.replace(/\+/g, " "))).toEqual({ file: "x.stela", text });
  });

  it("carry the playtest position: settings, decisions and seats (labels come back from the rules)", () => {
    const playtest = { settings: { players: 3, seed: 42, variant: "Short" }, log: [{ player: 0, option: "b2", label: "b2 (long label)" }, { player: 1, option: "c3", label: "c3" }], persons: [0, 2] };
    const back = readShareHash(shareHash({ file: "x.stela", text: "t", playtest }));
    expect(back && "playtest" in back ? back.playtest : undefined).toEqual({ ...playtest, log: [{ player: 0, option: "b2", label: "b2" }, { player: 1, option: "c3", label: "c3" }] });
    // A mangled position is dropped; the rules still open.
    const bad = shareHash({ file: "x.stela", text: "t" }) + "&play=@@@";
    expect(readShareHash(bad)).toEqual({ file: "x.stela", text: "t" });
  });

  it("give nothing for an unrelated or damaged hash, and a safe file name", () => {
    expect(readShareHash("#section-2")).toBeUndefined();
    expect(readShareHash("#share=x.stela&rules=@@@")).toBeUndefined();
    expect(readShareHash(shareHash({ file: "../../etc/x.stela", text: "t" }))).toEqual({ file: ".._.._etc_x.stela", text: "t" });
  });
});
