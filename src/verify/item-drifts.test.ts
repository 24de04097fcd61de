// A difference every item of a live list shares is told once, with how many more items have it; differences that are
// not the same (another field, another observed type and so another patch) are each told.
import { describe, expect, it } from "vitest";
import { answerDrift } from "./answer-check.js";
import { answer, lineOf, subjectOf, toolOf } from "./__fixtures__/subject.js";

const ZQ = `openapi: 3.0.3
info: {title: Zq, version: "1"}
paths:
  /zq-parcels:
    get:
      operationId: listZqParcels
      responses:
        "200":
          description: Parcels.
          content:
            application/json:
              schema:
                type: object
                properties:
                  data:
                    type: array
                    items: {$ref: "#/components/schemas/Parcel"}
components:
  schemas:
    Parcel:
      type: object
      required: [id, weight]
      properties:
        id: {type: string}
        weight: {type: number}
`;

describe("a difference every item of a list shares", () => {
  const subject = subjectOf(ZQ);
  const list = (items: unknown[]) => answerDrift(subject, toolOf("listZqParcels"), answer(200, { data: items }));

  it("is told once, at the first item, with how many more items have it and where", () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ id: `zq-${i}` }));
    const drifts = list(items);
    expect(drifts).toHaveLength(1);
    expect(drifts[0]).toMatchObject({
      kind: "missing-required",
      pointer: "/data/0/weight",
      at: { line: lineOf(ZQ, "required: [id, weight]") },
    });
    expect(drifts[0]?.message).toMatch(
      /; the same at 5 more items \(\/data\/1\/weight, \/data\/2\/weight, \/data\/3\/weight, …\)$/,
    );
    expect(drifts[0]?.overlay?.remove).toBe(true);
  });

  it("keeps apart what is not the same: another field, or another observed type and so another patch", () => {
    const drifts = list([{ id: "zq-a" }, { id: 7, weight: 1 }, { id: null, weight: 2 }, { id: 8, weight: 3 }]);
    expect(drifts.map((d) => [d.kind, d.pointer])).toEqual([
      ["missing-required", "/data/0/weight"],
      ["type-mismatch", "/data/1/id"],
      ["type-mismatch", "/data/2/id"],
    ]);
    expect(drifts[1]?.message).toMatch(/the same at 1 more item \(\/data\/3\/id\)$/);
    expect(drifts[2]?.overlay?.update).toEqual({ nullable: true });
  });
});
