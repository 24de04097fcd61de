// A body field required only for some values of another (value-required.ts): a union whose shapes are selected by
// one field's listed values, one shape requiring a field the others do not, or OpenAPI 3.1's if/then, drafted as
// the rule requiredWhen; the linked tool refuses a call that leaves the field out for such a value before any
// request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const fields = {
  stage: { type: "string", enum: ["queued", "running", "done"] },
  verdict: { type: "string", enum: ["pass", "fail"] },
  note: { type: "string", maxLength: 100 },
};
/** A document whose updateZqRun takes `body` as its request body. */
const withBody = (body: Record<string, unknown>, version = "3.0.3") =>
  openapi(
    {
      "/runs/{id}": {
        patch: {
          operationId: "updateZqRun",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 16 } }],
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "r1" }) },
        },
      },
    },
    {},
    { openapi: version },
  );
const selected = {
  type: "object",
  properties: fields,
  anyOf: [
    { properties: { stage: { enum: ["done"] } }, required: ["verdict"] },
    { properties: { stage: { enum: ["queued", "running"] } } },
  ],
};
/** OpenAPI 3.1's `if` and `then` beside a schema's other keywords. */
const ifThen = (cond: object, consequence: object) => ({
  if: cond,
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, in a document, never awaited
  then: consequence,
});
const RULE = { rule: "requiredWhen", param: "verdict", dependsOn: "stage", values: ["done"] };

describe("a body field one value of another requires", () => {
  it("from a union whose shapes one field's values select: drafted as requiredWhen, said in a note", () => {
    const d = drafted(withBody(selected), ["updateZqRun"]);
    expect(d.manifest.operations.acme_update_zq_run?.rules).toEqual([RULE]);
    expect(notesAt(d, "operations.acme_update_zq_run.rules")).toEqual([
      "the request body requires verdict when stage is done (the shape that value selects requires it): drafted " +
        "as the rule requiredWhen, checked before any request",
    ]);
  });

  it("links, and the tool refuses a call leaving it out for that value before any request", async () => {
    const [tool] = await linkedTools(drafted(withBody(selected), ["updateZqRun"]));
    const { fetch, seen } = scriptedFetch(json(200, { id: "r1" }));
    const refused = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", id: "r1", stage: "done" },
      { fetch },
    );
    expect(refused).toMatchObject({ success: false, error: { param: "verdict", rule: "requiredWhen" } });
    expect(seen).toHaveLength(0);
    const sent = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", id: "r1", stage: "running" },
      { fetch },
    );
    expect(sent).toMatchObject({ success: true });
  });

  it("from a union requiring fields each shape lists alone (the cut moves them into their shapes)", () => {
    const body = {
      type: "object",
      required: ["verdict", "note"],
      properties: { stage: fields.stage },
      oneOf: [
        { properties: { stage: { enum: ["done"] }, verdict: fields.verdict } },
        { properties: { stage: { enum: ["queued", "running"] }, note: fields.note } },
      ],
    };
    expect(drafted(withBody(body), ["updateZqRun"]).manifest.operations.acme_update_zq_run?.rules).toEqual([
      RULE,
      { rule: "requiredWhen", param: "note", dependsOn: "stage", values: ["queued", "running"] },
    ]);
  });

  it("from OpenAPI 3.1's if (one field's const, that field required) and then (the fields it requires)", () => {
    const body = {
      type: "object",
      properties: fields,
      ...ifThen({ properties: { stage: { const: "done" } }, required: ["stage"] }, { required: ["verdict"] }),
    };
    const d = drafted(withBody(body, "3.1.0"), ["updateZqRun"]);
    expect(d.manifest.operations.acme_update_zq_run?.rules).toEqual([RULE]);
  });

  it("not where a shape lists no value (it takes them all), nor from an if not requiring the field", () => {
    const open = {
      ...selected,
      anyOf: [selected.anyOf[0], { properties: { note: { maxLength: 10 } } }],
    };
    expect(drafted(withBody(open), ["updateZqRun"]).manifest.operations.acme_update_zq_run?.rules).toBeUndefined();
    const loose = {
      type: "object",
      properties: fields,
      ...ifThen({ properties: { stage: { const: "done" } } }, { required: ["verdict"] }),
    };
    expect(
      drafted(withBody(loose, "3.1.0"), ["updateZqRun"]).manifest.operations.acme_update_zq_run?.rules,
    ).toBeUndefined();
  });
});
