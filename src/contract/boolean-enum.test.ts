// A boolean body field whose enum allows one value (`confirmed: {type: boolean, enum: [true]}`, a confirmation the
// service takes only as true), as add drafts it: the derived enum cases send the allowed value, which the mock takes,
// and the other, which the runtime refuses before any request (rule enum); the random invalid inputs draw the other
// too, as itself and as its text. The field is optional here: a required one of one value is drafted as a body
// constant (one-value-body-fields.test.ts), which no case gives.
// Before, add's draft did not link (BW2006) and no case ran.
import fc from "fast-check";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";
import { invalidInput } from "./inputs/invalid-inputs.js";
import { validInput } from "./inputs/random-inputs.js";
import { synthesized } from "./inputs/rule-values.js";
import { ToolValues } from "./inputs/values.js";

const document = openapi({
  "/zqteams/{zqId}/members": {
    patch: {
      operationId: "zqUpdateTeamMember",
      parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { confirmed: { type: "boolean", enum: [true] }, zqRole: { type: "string" } },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqteams", document, ["zqUpdateTeamMember"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a boolean parameter whose enum allows one value", () => {
  it("is made of that value only, for the cases that need a valid one", () => {
    const [tool] = (on as DraftedOnMock).subject.tools;
    expect(synthesized(tool!.params.find((p) => p.name === "confirmed")!)).toEqual([true]);
  });

  it("gets an enum case of the value and one of the other, refused before any request; every case passes", async () => {
    const cases = deriveCases((on as DraftedOnMock).subject);
    const enumCases = cases.filter((c) => c.kind === "enum").map((c) => c.name);
    expect(enumCases).toEqual(["confirmed = true", "confirmed outside its values"]);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });

  it("is drawn as its value in random valid inputs, and as the other, itself or its text, in invalid ones", () => {
    const { subject } = on as DraftedOnMock;
    const tool = subject.tools[0] as ToolSpec;
    const values = new ToolValues(tool, subject.document);
    const valid = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 50, seed: 5 });
    const given = valid.filter((input) => input.confirmed !== undefined);
    expect(given.length).toBeGreaterThan(0);
    expect(given.every((input) => [true, "true"].includes(input.confirmed as boolean))).toBe(true);
    const invalid = fc.sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 300, seed: 5 });
    const refused = invalid.filter((d) => d.param === "confirmed" && d.rule.includes("enum"));
    expect(new Set(refused.map((d) => d.value))).toEqual(new Set([false, "false"]));
  });
});
