// A body field that needs others whenever it is given (dependent-required.ts): JSON Schema's `dependentRequired`
// (OpenAPI 3.1), or the older `dependencies` listing fields (some 3.0 documents), drafted as the rule requiredWhen
// without values, with a note quoting the document; the linked tool refuses a call giving the field without the
// one it needs before any request, and sends one giving both or neither. A field drafted as no parameter is left to
// the upstream, said in the note; a field every call gives makes the one it needs required.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  type Json,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const properties = {
  zqAmount: { type: "integer", minimum: 1 },
  zqCard: { type: "string", maxLength: 40 },
  zqExpiry: { type: "string", maxLength: 5 },
  zqCvc: { type: "string", maxLength: 4 },
};
/** A document whose createZqCharge takes a JSON body of `properties` beside `rules` (the keywords under test). */
const charge = (rules: Json, version: string, required = ["zqAmount"]) =>
  openapi(
    {
      "/charges": {
        post: {
          operationId: "createZqCharge",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", required, properties, ...rules } } },
          },
          responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "ch1" }) },
        },
      },
    },
    {},
    { openapi: version },
  );
const draftOf = (rules: Json, version = "3.1.0", required?: string[]) =>
  drafted(charge(rules, version, required), ["createZqCharge"]);
const RULES = "operations.acme_create_zq_charge.rules";
const CARD = [
  { rule: "requiredWhen", param: "zqExpiry", dependsOn: "zqCard" },
  { rule: "requiredWhen", param: "zqCvc", dependsOn: "zqCard" },
];

describe("a body field that needs others whenever it is given", () => {
  it("from dependentRequired: one requiredWhen without values per pair, said in a note quoting it", async () => {
    const d = draftOf({ dependentRequired: { zqCard: ["zqExpiry", "zqCvc"] } });
    expect(d.manifest.operations.acme_create_zq_charge?.rules).toStrictEqual(CARD);
    expect(notesAt(d, RULES)).toEqual([
      "the request body requires zqExpiry whenever zqCard is given; zqCvc whenever zqCard is given " +
        "(dependentRequired: {zqCard: [zqExpiry, zqCvc]}): drafted as the rule requiredWhen without values, checked " +
        "before any request",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("from the older dependencies whose values list fields, in a 3.0 document", () => {
    const d = draftOf({ dependencies: { zqCard: ["zqExpiry", "zqCvc"] } }, "3.0.3");
    expect(d.manifest.operations.acme_create_zq_charge?.rules).toStrictEqual(CARD);
    expect(notesAt(d, RULES)).toEqual([expect.stringContaining("(dependencies: {zqCard: [zqExpiry, zqCvc]})")]);
  });

  it("links, and the tool refuses the field without the one it needs before any request", async () => {
    const [tool] = await linkedTools(draftOf({ dependentRequired: { zqCard: ["zqExpiry"] } }));
    const send = (params: Record<string, unknown>) => sentOrRefused(tool!, { zqAmount: 5, ...params }, { id: "ch1" });
    expect(await send({ zqCard: "4242" })).toEqual({
      message: 'zqExpiry: required when zqCard is given, got zqCard "4242" without it',
      sent: 0,
    });
    expect(await send({ zqCard: "4242", zqExpiry: "12/29" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({})).toEqual({ message: "sent", sent: 1 });
  });

  it("a field every call gives makes the one it needs required; one already required needs no rule", async () => {
    const d = draftOf({ dependentRequired: { zqAmount: ["zqCard"], zqCvc: ["zqAmount"] } });
    const op = d.manifest.operations.acme_create_zq_charge;
    expect(op?.rules).toBeUndefined();
    expect(op?.params?.zqCard?.required).toBe(true);
    expect(notesAt(d, RULES)).toEqual([
      "zqCard drafted required: a field every call gives needs it (dependentRequired: {zqAmount: [zqCard], zqCvc: " +
        "[zqAmount]})",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a field drafted as no parameter is left to the upstream, and a schema dependency is not drafted: noted", () => {
    const d = draftOf(
      { dependencies: { zqCard: ["zqZip"], zqCvc: { required: ["zqCard"] } }, additionalProperties: false },
      "3.0.3",
    );
    expect(d.manifest.operations.acme_create_zq_charge?.rules).toBeUndefined();
    expect(notesAt(d, RULES)).toEqual([
      "what the request body says a field needs beside it (dependencies: {zqCard: [zqZip]}) is left to the " +
        "upstream for zqZip, drafted as no parameter; the request body's dependencies.zqCvc (a schema applying " +
        "when the field is given) is not drafted",
    ]);
  });
});
