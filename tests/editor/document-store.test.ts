import { describe, expect, it } from "vitest";
import { DocumentStore, losesMost, MemoryStorage, otherTabDraft } from "../../editor/src/docs/document-store.ts";
import { readShareHash, shareHash } from "../../editor/src/docs/share-link.ts";

describe("autosave store", () => {
  it("keeps a draft per document, and drops it when the text equals the file again", () => {
    const store = new DocumentStore(new MemoryStorage(), "tab-1");
    expect(store.draft("maya.stela")).toBeUndefined();
    store.saveDraft("maya.stela", "edited", "original", 5);
    store.saveDraft("cacao.stela", "other", "x", 6);
    expect(store.draft("maya.stela")).toEqual({ text: "edited", base: "original", savedAt: 5, tab: "tab-1" });
    expect(store.drafts()).toEqual(["cacao.stela", "maya.stela"]);
    store.saveDraft("maya.stela", "original", "original");
    expect(store.draft("maya.stela")).toBeUndefined();
    expect(store.drafts()).toEqual(["cacao.stela"]);
  });

  it("keeps a long draft that a much shorter text replaced (all selected and typed over), until dropped", () => {
    const store = new DocumentStore(new MemoryStorage(), "tab-1");
    const long = "rule line\n".repeat(100);
    store.saveDraft("a", long, "file", 1);
    store.saveDraft("a", long + "one more\n", "file", 2);
    expect(store.earlier("a")).toBeUndefined();
    store.saveDraft("a", "x", "file", 3);
    expect(store.earlier("a")).toEqual({ text: long + "one more\n", savedAt: 2 });
    // Typing on in the short text keeps the long one as it was.
    store.saveDraft("a", "xy", "file", 4);
    expect(store.earlier("a")?.text).toBe(long + "one more\n");
    store.dropEarlier("a");
    expect(store.earlier("a")).toBeUndefined();
    // What counts: half or more gone, and at least a few lines' worth; a short text or a trimmed block is not kept.
    expect(losesMost(long, long.slice(0, 600))).toBe(false);
    expect(losesMost(long, long.slice(0, 500))).toBe(true);
    expect(losesMost("short text", "")).toBe(false);
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

describe("two tabs on one document", () => {
  // Every tab of the editor writes the same browser storage; each is a store of its own.
  it("never replaces the other tab's text unseen: A edits, B edits, A edits again, and a reload still has B's text", () => {
    const storage = new MemoryStorage();
    const a = new DocumentStore(storage, "tab-a");
    const b = new DocumentStore(storage, "tab-b");
    expect(a.takeDraft("maya.stela")).toBeUndefined();
    expect(b.takeDraft("maya.stela")).toBeUndefined();
    a.saveDraft("maya.stela", "A1", "file", 1);
    b.saveDraft("maya.stela", "B1", "file", 2);
    a.saveDraft("maya.stela", "A2", "file", 3);

    const reloaded = new DocumentStore(storage, "tab-c");
    expect(reloaded.takeDraft("maya.stela")?.text).toBe("A2");
    // B's text is set aside, not gone; A's older text is not (A2 replaced it).
    expect(reloaded.aside("maya.stela").map((d) => [d.tab, d.text])).toEqual([["tab-b", "B1"]]);
    // A reload writing on is its own tab's text, having seen A2: nothing more is set aside.
    reloaded.saveDraft("maya.stela", "A3", "file", 4);
    expect(reloaded.aside("maya.stela").map((d) => d.text)).toEqual(["B1"]);
  });

  it("sets the other tab's text aside when this tab saves to the file or reverts (its draft is dropped)", () => {
    const storage = new MemoryStorage();
    const a = new DocumentStore(storage, "tab-a");
    const b = new DocumentStore(storage, "tab-b");
    a.takeDraft("x");
    b.takeDraft("x");
    b.saveDraft("x", "B1", "file", 1);
    a.saveDraft("x", "file", "file", 2);
    expect(a.draft("x")).toBeUndefined();
    expect(a.aside("x").map((d) => d.text)).toEqual(["B1"]);
  });

  it("replaces the other tab's text once the designer chose this tab's, and keeps one text aside per tab", () => {
    const storage = new MemoryStorage();
    const a = new DocumentStore(storage, "tab-a");
    const b = new DocumentStore(storage, "tab-b");
    a.takeDraft("x");
    b.takeDraft("x");
    b.saveDraft("x", "B1", "f", 1);
    a.saveDraft("x", "A1", "f", 2);
    b.saveDraft("x", "B2", "f", 3);
    a.saveDraft("x", "A2", "f", 4);
    expect(a.aside("x").map((d) => d.text)).toEqual(["B2"]);
    a.acceptStored("x");
    a.dropAside("x", "tab-b");
    b.saveDraft("x", "B3", "f", 5);
    expect(a.aside("x").map((d) => d.text)).toEqual(["A2"]);
    a.acceptStored("x");
    a.dropAside("x", "tab-b");
    a.saveDraft("x", "A3", "f", 6);
    expect(a.aside("x")).toEqual([]);
    expect(a.draft("x")?.text).toBe("A3");
  });

  it("tells a tab of another tab's different text from a storage event, not of its own or of the same text", () => {
    const storage = new MemoryStorage();
    new DocumentStore(storage, "tab-b").saveDraft("x", "B1", "f", 1);
    const written = storage.getItem("stela:draft:x");
    expect(otherTabDraft(written, "tab-a", "A1")?.text).toBe("B1");
    expect(otherTabDraft(written, "tab-a", "B1")).toBeUndefined();
    expect(otherTabDraft(written, "tab-b", "A1")).toBeUndefined();
    expect(otherTabDraft(null, "tab-a", "A1")).toBeUndefined();
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
