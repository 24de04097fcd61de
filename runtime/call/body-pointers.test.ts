// A body value placed at its JSON pointer (request-body.ts setBody): the objects on the way made once and shared by
// the values under them, a value that is not an object on the way replaced by one, and a value at the top level.
import { describe, expect, it } from "vitest";
import { requestBodies } from "./request-body.js";

const placed = (pairs: [string, unknown][], body?: unknown) => {
  const request: { header: Record<string, string>; body?: unknown } = { header: {}, body };
  for (const [pointer, value] of pairs) requestBodies.set(request, pointer, value);
  return request.body;
};

describe("a body value at its pointer", () => {
  it("shares the objects on the way with the values beside it", () => {
    expect(
      placed([
        ["/zqText", "A deck"],
        ["/zqOptions/zqTone", "crisp"],
        ["/zqOptions/zqAmount", "brief"],
        ["/zqImage/zqModel/zqName", "zq-1"],
      ]),
    ).toEqual({
      zqText: "A deck",
      zqOptions: { zqTone: "crisp", zqAmount: "brief" },
      zqImage: { zqModel: { zqName: "zq-1" } },
    });
  });

  it("replaces what is not an object on the way, and a body that is not one", () => {
    expect(placed([["/zqOptions/zqTone", "crisp"]], { zqOptions: "zq" })).toEqual({ zqOptions: { zqTone: "crisp" } });
    expect(placed([["/zqOptions/zqTone", "crisp"]], { zqOptions: ["zq"] })).toEqual({ zqOptions: { zqTone: "crisp" } });
    expect(placed([["/zqText", "A deck"]], "zq")).toEqual({ zqText: "A deck" });
  });

  it("reads an escaped pointer's segments as their keys", () => {
    expect(placed([["/zq~1a/zq~0b", 1]])).toEqual({ "zq/a": { "zq~b": 1 } });
  });
});

describe("a value given at a pointer, a field written inside it later", () => {
  // The credential written inside a parameter's object (auth.alsoSends) went into the caller's own object, which then
  // held the secret at its next use (a workflow's step reusing it, a log of the inputs).
  it("is written into the request's copy: the caller's object stays as given", () => {
    const given = { zqPatient: "Ann", zqNested: { zqA: 1 } };
    const body = placed([
      ["/zqLink", given],
      ["/zqLink/accessToken", "zq-secret"],
      ["/zqLink/zqNested/zqB", 2],
    ]);
    expect(body).toEqual({ zqLink: { zqPatient: "Ann", zqNested: { zqA: 1, zqB: 2 }, accessToken: "zq-secret" } });
    expect(given).toEqual({ zqPatient: "Ann", zqNested: { zqA: 1 } });
  });
});

describe("an object's other fields (wire otherFields)", () => {
  const other = { in: "body" as const, pointer: "/zqSettings", otherFields: true as const };
  const spec = { name: "zqOther", type: "json" as const, wire: other } as unknown as Parameters<
    typeof requestBodies.place
  >[2];
  const tool = { body: { mediaType: "application/json", encoding: "json" } } as unknown as Parameters<
    typeof requestBodies.place
  >[1];

  it("go beside the named fields of the object at the pointer, placed before them or after", () => {
    const before: { header: Record<string, string>; body?: unknown } = { header: {} };
    requestBodies.place(before, tool, spec, other, { zqA: [1], zqB: "x" });
    requestBodies.set(before, "/zqSettings/zqVersion", 3);
    const after: { header: Record<string, string>; body?: unknown } = { header: {} };
    requestBodies.set(after, "/zqSettings/zqVersion", 3);
    requestBodies.place(after, tool, spec, other, { zqA: [1], zqB: "x" });
    for (const request of [before, after])
      expect(request.body).toEqual({ zqSettings: { zqVersion: 3, zqA: [1], zqB: "x" } });
  });

  it("each an own field of the object, a field named __proto__ too", () => {
    const request: { header: Record<string, string>; body?: unknown } = { header: {} };
    requestBodies.place(request, tool, spec, other, JSON.parse('{"__proto__":"zq","zqA":1}'));
    expect(JSON.stringify(request.body)).toBe('{"zqSettings":{"__proto__":"zq","zqA":1}}');
  });
});
