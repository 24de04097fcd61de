// The names add may draft as an error's message are names the contract suite
// counts as a message: one record (message-fields.ts), so that an answer
// whose message sits under `label` is held to it like one under `message`.
import { describe, expect, it } from "vitest";
import { MESSAGE_KEY, MESSAGE_NAMES } from "./message-fields.js";

describe("the message fields", () => {
  it("every name of a kind add prefers is counted by the suite, and so are the suite's own", () => {
    for (const name of ["message", "errorMsg", "description", "detail", "reason", "label", "text"]) {
      expect(
        MESSAGE_NAMES.some((kind) => kind.test(name)),
        name,
      ).toBe(true);
      expect(MESSAGE_KEY.test(name), name).toBe(true);
    }
    for (const name of ["error", "title", "fault", "summary"]) expect(MESSAGE_KEY.test(name), name).toBe(true);
    for (const name of ["id", "code", "status"]) expect(MESSAGE_KEY.test(name), name).toBe(false);
  });
});
