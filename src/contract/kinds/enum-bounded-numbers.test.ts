// A number's enum whose bounds are its own least and greatest values (a body field of `type: number, enum: [0, 1, 2],
// minimum: 0, maximum: 2`: a level written as numbers, with its range beside it): the case outside its values sent one
// past the greatest, 3, which the bound refuses before the enum is read ("expected rule enum, got maximum"), so the
// case failed on a sound package. The value outside is one that meets the other rules now: past the bounds when they
// leave room, else in a gap between two values (2 of [1, 3, 5]) or their midpoint where fractions are taken (0.5); an
// integer enum filling its bounds (0–3 of 0–3) has no such value and gets no case (the limit cases refuse past them).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { draftedSubject } from "../__fixtures__/drafted-subject.js";
import { deriveCases } from "../derive.js";
import type { ObservedCall, Subject } from "../types.js";

const field = (type: string, values: number[], minimum: number, maximum: number) => ({
  type,
  enum: values,
  minimum,
  maximum,
});
const body = {
  type: "object",
  required: ["zqLevel", "zqOption", "zqStep", "zqOpen"],
  properties: {
    zqLevel: field("number", [0, 1, 2], 0, 2),
    zqOption: field("integer", [0, 1, 2, 3], 0, 3),
    zqStep: field("integer", [1, 3, 5], 1, 5),
    zqOpen: field("integer", [1, 2], 0, 10),
  },
};
const document = openapi({
  "/zqshares": {
    post: {
      operationId: "ShareZqFolder",
      requestBody: { required: true, content: { "application/json": { schema: body } } },
      responses: { "200": { description: "Shared.", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

let root = "";
let subject: Subject;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "blockwright-zqshares-"));
  subject = await draftedSubject(root, "zqshares", document, ["ShareZqFolder"]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const outside = () => deriveCases(subject).filter((c) => c.kind === "enum" && c.name.endsWith("outside its values"));

describe("a number's enum bounded by its own least and greatest values", () => {
  it("is refused by its enum, before any request, for a value its bounds and type admit", async () => {
    const cases = outside();
    expect(cases.map((c) => c.name).sort()).toEqual([
      "zqLevel outside its values",
      "zqOpen outside its values",
      "zqStep outside its values",
    ]);
    for (const c of cases) {
      const calls: ObservedCall[] = [];
      await expect(
        c.run({ mockUrl: () => "http://127.0.0.1:1", seed: 1, runs: 1, observe: (call) => calls.push(call) }),
        c.name,
      ).resolves.toBeUndefined();
      expect(calls.every((call) => call.exchanges.length === 0)).toBe(true);
      const param = c.name.split(" ")[0] as string;
      const sent = calls.map((call) => call.input[param]);
      expect(sent, c.name).toEqual([{ zqLevel: 0.5, zqStep: 2, zqOpen: 3 }[param]]);
    }
  });
});
