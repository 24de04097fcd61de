import { describe, expect, it } from "vitest";
import { terminateOnce } from "./workers.js";

describe("an interrupt polled again and again", () => {
  it("ends each worker once, however often the poll asks", () => {
    const calls: string[] = [];
    const worker = (name: string) => ({
      terminate: () => {
        calls.push(name);
        return Promise.resolve(0);
      },
    });
    const first = worker("first");
    const second = worker("second");
    const ending = terminateOnce();
    for (let poll = 0; poll < 12; poll++) for (const w of [first, second]) ending(w);
    expect(calls).toEqual(["first", "second"]);
  });
});
