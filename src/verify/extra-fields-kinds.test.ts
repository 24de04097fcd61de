// Verify's reading of a live answer's fields beside its spec's (extra-fields.ts) through a field of a discriminated
// base of many kinds, read as the union of its kinds (load/schemas/base-kinds.ts): each kind's branch is tried by the
// property naming it first (load/schemas/guarded-kinds.ts kindGuard), its whole kind only where that holds; every
// kind's whole schema was walked for every value. Counted by the fixture's format
// (__fixtures__/events-of-many-kinds.ts). The drifts are those said before.
import { describe, expect, it } from "vitest";
import { answerDrift } from "./answer-check.js";
import { checkerOf } from "./document-schemas.js";
import { extraFields } from "./extra-fields.js";
import { answer, subjectOf, toolOf } from "./__fixtures__/subject.js";
import { countingWalks, EVENT_ID, EVENTS_AT, EVENTS_DOCUMENT, KINDS } from "./__fixtures__/events-of-many-kinds.js";

describe("a live answer of a base of many kinds, its fields read by verify", () => {
  const subject = subjectOf(EVENTS_DOCUMENT);
  const drift = (body: unknown) => answerDrift(subject, toolOf("getZqevents"), answer(200, body));

  it("walks the kind each value names, and says the drifts it said", () => {
    const last = KINDS - 1;
    // Warm: the document's schemas registered.
    expect(drift([{ zqType: "ZqKind0", zqId: EVENT_ID, zqField0: "zq" }])).toEqual([]);
    const checker = checkerOf(subject.document);
    const schema = checker.schemaAt(EVENTS_AT) as object;
    const value = [{ zqType: `ZqKind${last}`, zqId: EVENT_ID, [`zqField${last}`]: "zq", zqMore: 1 }];
    const { walked, result: extra } = countingWalks(() => extraFields(checker, "getZqevents", schema, value));
    expect(walked).toBeGreaterThan(0);
    expect(walked).toBeLessThan(KINDS / 5);
    expect(extra.map((d) => [d.kind, d.pointer])).toEqual([["extra-field", "/0/zqMore"]]);
    expect(extra[0]?.overlay?.target).toContain(`ZqKind${last}`);
    // The whole check says the same.
    expect(drift(value).map((d) => [d.kind, d.pointer])).toEqual([["extra-field", "/0/zqMore"]]);
    // Naming no kind: the discriminator's drift, the fields read against every kind as before.
    const none = drift([{ zqType: "ZqNone", zqId: EVENT_ID }]);
    expect(none.map((d) => d.kind)).toContain("constraint");
    expect(none.some((d) => /names no shape/.test(d.message))).toBe(true);
  });
});
