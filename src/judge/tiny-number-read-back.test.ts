// A number the runtime writes in plain decimal notation (runtime/common/scalar-text.ts) whose shortest text is
// exponential: the least number above an exclusive minimum of 0, 5e-324, goes as `0.000…05` (324 digits). The judge
// reads it back as the number 5e-324, and the read-back compared it with the text the tool's value was written as,
// `String(5e-324)` against the plain text: "the service reads 5e-324; the tool was given 0.000…", a misreading of the
// value given, which failed `blockwright test`'s request case on any such parameter. A number is read back as the
// number the text stands for; another number is still a misreading.
import { describe, expect, it } from "vitest";
import { type ParamSpec, scalarText, type WireSpec } from "@blockwright/runtime/internal";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { documentJudge, misReadings } from "./read-back.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqitems:
    get:
      operationId: listZqitems
      parameters:
        - { name: zqsize, in: query, schema: { type: number, minimum: 0, exclusiveMinimum: true } }
      responses: { "200": { description: ok } }
`;

const document = new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml"));
const judge = documentJudge(document, { basePath: "", credential: "present" });
const wire: WireSpec = { in: "query", name: "zqsize" };
const spec = { name: "zqsize", type: "number", wire } as unknown as ParamSpec;
const misread = (sent: number, want: unknown) =>
  misReadings(
    judge,
    { method: "GET", url: `https://api.test/zqitems?zqsize=${scalarText(sent)}`, headers: new Headers() },
    document,
    "listZqitems",
    [{ spec, wire, want }],
  ).map((m) => m.message);

describe("a number whose plain decimal text is not its shortest, read back", () => {
  it("is the value given", () => {
    expect(scalarText(Number.MIN_VALUE)).toMatch(/^0\.0{300,}5$/);
    expect(misread(Number.MIN_VALUE, scalarText(Number.MIN_VALUE))).toEqual([]);
    expect(misread(1e-7, scalarText(1e-7))).toEqual([]);
  });

  it("is still a misreading where the text stands for another number", () => {
    expect(misread(2 * Number.MIN_VALUE, scalarText(Number.MIN_VALUE))).toHaveLength(1);
  });
});
