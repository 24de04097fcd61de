// A path parameter of an object whose every field is readOnly (a version's numbers, which only answers carry): the
// only value a request may send is `{}`, which a path writes as no text (RFC 6570 reads an empty object or list as
// undefined). The random valid inputs drew it, the address had an empty segment (`/zqplugins/<id>//zqoff`), and the
// mock found the parameter missing. A path value that writes no text is not drawn: the known example is sent instead.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../__fixtures__/drafted-subject.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

const document = openapi(
  {
    "/zqplugins/{zqPluginId}/{zqVersion}/zqoff": {
      post: {
        operationId: "ZqPluginOff",
        parameters: [
          { name: "zqPluginId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
          { name: "zqVersion", in: "path", required: true, schema: { $ref: "#/components/schemas/ZqVersion" } },
        ],
        responses: { "204": { description: "off" } },
      },
    },
  },
  {
    schemas: {
      ZqVersion: {
        type: "object",
        additionalProperties: false,
        properties: {
          zqMajor: { type: "integer", format: "int32", readOnly: true },
          zqMinor: { type: "integer", format: "int32", readOnly: true },
        },
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqplugins", document, ["ZqPluginOff"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a path parameter whose only valid request value writes no text", () => {
  it("is never drawn empty by the random valid inputs", () => {
    const subject = (on as DraftedOnMock).subject;
    const tool = subject.tools[0]!;
    const values = new ToolValues(tool, subject.document);
    const drawn = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { seed: 7, numRuns: 200 });
    const versions = drawn.map((input) => JSON.stringify(input.zqVersion));
    expect(versions.length).toBe(200);
    expect(versions.filter((v) => v === "{}")).toEqual([]);
    expect(new Set(versions)).toEqual(new Set([JSON.stringify(values.example("zqVersion")?.value)]));
  });

  it("is sent as a value a path carries: every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
