// The mock's stamps of a poll trigger's time field: set when a record is made; at a change only where the trigger
// tells changes apart by it (a modification time), never a creation time; a field the record's schema refuses the time
// in keeps its value.
import { describe, expect, it } from "vitest";
import { stamped } from "./record-stamps.js";

const NOW = Date.UTC(2030, 0, 2, 3, 4, 5, 678);
const any = () => true;

describe("a record's stamps", () => {
  it("sets a made record's time to the second, and a change's only where the stamp is of changes", () => {
    const made = { id: "o_1", created_at: "2020-01-01T00:00:00Z", meta: { changed: "2020-01-01T00:00:00Z" } };
    const stamps = [
      { pointer: ["created_at"], onChange: false },
      { pointer: ["meta", "changed"], onChange: true },
    ];
    expect(stamped(made, stamps, true, any, NOW)).toEqual({
      id: "o_1",
      created_at: "2030-01-02T03:04:05Z",
      meta: { changed: "2030-01-02T03:04:05Z" },
    });
    expect(stamped(made, stamps, false, any, NOW)).toEqual({
      id: "o_1",
      created_at: "2020-01-01T00:00:00Z",
      meta: { changed: "2030-01-02T03:04:05Z" },
    });
    // The record given is not changed in place.
    expect(made.meta.changed).toBe("2020-01-01T00:00:00Z");
  });

  it("keeps a field the record is not valid with as a time, and sets none under an object the record lacks", () => {
    const record = { id: 7, seq: 3 };
    const valid = (r: Record<string, unknown>) => typeof r.seq === "number";
    expect(stamped(record, [{ pointer: ["seq"], onChange: true }], true, valid, NOW)).toEqual(record);
    expect(stamped(record, [{ pointer: ["meta", "at"], onChange: true }], true, any, NOW)).toEqual(record);
  });
});
