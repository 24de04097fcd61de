// Verify's check of a live answer against its schema (body-check.ts schemaDrift) through a field of a discriminated
// base of many kinds, read as the union of its kinds (load/schemas/base-kinds.ts): a first pass with each kind's branch
// guarded by the property naming it (load/schemas/guarded-kinds.ts), every kind's whole schema walked only for the
// reasons of an answer it refuses; every kind was walked for every answer. Counted by the fixture's format
// (__fixtures__/events-of-many-kinds.ts). The drifts are those said before.
import { describe, expect, it } from "vitest";
import { answerDrift } from "./answer-check.js";
import { schemaDrift } from "./body-check.js";
import { checkerOf } from "./document-schemas.js";
import { answer, subjectOf, toolOf } from "./__fixtures__/subject.js";
import { countingWalks, EVENT_ID, EVENTS_AT, EVENTS_DOCUMENT, KINDS } from "./__fixtures__/events-of-many-kinds.js";

describe("a live answer of a base of many kinds, checked by verify against its schema", () => {
  const subject = subjectOf(EVENTS_DOCUMENT);
  const drift = (body: unknown) => answerDrift(subject, toolOf("getZqevents"), answer(200, body));
  const walks = (value: unknown) => {
    const checker = checkerOf(subject.document);
    const schema = checker.schemaAt(EVENTS_AT) as object;
    const { walked, result } = countingWalks(() => schemaDrift(checker, "getZqevents", schema, value));
    return { walked, drifts: result };
  };

  it("walks the kind each value names for an answer that meets it, and says the drifts it said", () => {
    const last = KINDS - 1;
    // Warm: the document's schemas registered.
    expect(drift([{ zqType: "ZqKind0", zqId: EVENT_ID, zqField0: "zq" }])).toEqual([]);
    const good = walks([{ zqType: `ZqKind${last}`, zqId: EVENT_ID, [`zqField${last}`]: "zq" }]);
    expect(good.drifts).toEqual([]);
    expect(good.walked).toBeGreaterThan(0);
    expect(good.walked).toBeLessThan(KINDS / 5);
    // A wrong field of the kind named: every kind walked for the reasons, said as before (the union's,
    // at the value).
    const wrong = walks([{ zqType: `ZqKind${last}`, zqId: EVENT_ID, [`zqField${last}`]: 1 }]);
    expect(wrong.walked).toBeGreaterThanOrEqual(KINDS);
    expect(wrong.drifts.map((d) => [d.kind, d.pointer])).toEqual([["constraint", "/0"]]);
    const named = drift([{ zqType: `ZqKind${last}`, zqId: EVENT_ID, [`zqField${last}`]: 1 }]);
    expect(named.map((d) => d.pointer)).toEqual(["/0"]);
    // Naming no kind: the discriminator's drift, as before.
    const none = drift([{ zqType: "ZqNone", zqId: EVENT_ID }]);
    expect(none.some((d) => /names no shape/.test(d.message))).toBe(true);
  });
});
