// A body field required only for some values of another (value-required.ts): a union whose shapes are selected by
// one field's listed values, one shape requiring a field the others do not, or OpenAPI 3.1's if/then, drafted as
// the rule requiredWhen; the linked tool refuses a call that leaves the field out for such a value before any
// request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

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

describe("a list's item count (and a number's range, a text's length) one value of another sets, by if/then", () => {
  const hook = {
    type: "object",
    required: ["url"],
    properties: {
      url: { type: "string", maxLength: 200 },
      reach: { type: "string", enum: ["every", "picked"] },
      hosts: { type: "array", items: { type: "string" }, maxItems: 50 },
      retries: { type: "integer", minimum: 0, maximum: 10 },
    },
    allOf: [
      ifThen(
        { properties: { reach: { const: "picked" } }, required: ["reach"] },
        { required: ["hosts"], properties: { hosts: { minItems: 1, maxItems: 60 }, retries: { maximum: 3 } } },
      ),
    ],
  };
  const document = () =>
    openapi(
      {
        "/hooks": {
          post: {
            operationId: "createZqHook",
            requestBody: { required: true, content: { "application/json": { schema: hook } } },
            responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "h1" }) },
          },
        },
      },
      {},
      { openapi: "3.1.0" },
    );

  it("an item count on no list, or looser than the list's own, is refused by the link naming it", async () => {
    const d = drafted(document(), ["createZqHook"]);
    const rule =
      "        param: hosts\n        dependsOn: reach\n        limits:\n          picked:\n            minItems: 1\n";
    expect(d.manifestText).toContain(rule);
    const edited = (replace: string) => ({ ...d, manifestText: d.manifestText.replace(rule, replace) });
    expect(await linkProblems(edited(rule.replace("param: hosts", "param: url")))).toEqual([
      expect.stringMatching(
        /rules\.1\.limits\.picked: minItems and maxItems apply to list parameters \(json, jsonType array\)/,
      ),
    ]);
    expect(await linkProblems(edited(rule.replace("minItems: 1", "maxItems: 60")))).toEqual([
      expect.stringMatching(/rules\.1\.limits\.picked\.maxItems: 60 is looser than "hosts"'s maxItems 50$/),
    ]);
  });

  it("drafted as dependentLimits beside requiredWhen, only the limits tightening the field's own, in a note", () => {
    const d = drafted(document(), ["createZqHook"]);
    expect(d.manifest.operations.acme_create_zq_hook?.rules).toEqual([
      { rule: "requiredWhen", param: "hosts", dependsOn: "reach", values: ["picked"] },
      { rule: "dependentLimits", param: "hosts", dependsOn: "reach", limits: { picked: { minItems: 1 } } },
      { rule: "dependentLimits", param: "retries", dependsOn: "reach", limits: { picked: { maximum: 3 } } },
    ]);
    expect(notesAt(d, "operations.acme_create_zq_hook.rules")).toEqual([
      "the request body requires hosts when reach is picked (the shape that value selects requires it): drafted as " +
        "the rule requiredWhen, checked before any request; the request body limits hosts when reach is picked: " +
        "minItems 1; retries when reach is picked: maximum 3 (its if/then): drafted as the rule dependentLimits, " +
        "checked before any request",
    ]);
  });

  it("links; the tool refuses an empty list for that value before any request, naming the rule", async () => {
    const [tool] = await linkedTools(drafted(document(), ["createZqHook"]));
    const { fetch, seen } = scriptedFetch(json(201, { id: "h1" }));
    const call = (values: Record<string, unknown>) =>
      executeToolDefinition(tool!, { accessToken: "zq-token-0001", url: "https://h.example/x", ...values }, { fetch });
    expect(await call({ reach: "picked", hosts: [] })).toMatchObject({
      success: false,
      error: {
        param: "hosts",
        rule: "dependentLimits",
        message: "hosts: must hold at least 1 item (it holds 0) when reach is picked, got []",
      },
    });
    expect(await call({ reach: "picked", hosts: ["a.example"], retries: 5 })).toMatchObject({
      success: false,
      error: { param: "retries", rule: "dependentLimits" },
    });
    expect(seen).toHaveLength(0);
    expect(await call({ reach: "picked", hosts: ["a.example"], retries: 3 })).toMatchObject({ success: true });
    expect(await call({ reach: "every", hosts: [], retries: 5 })).toMatchObject({ success: true });
    expect(seen).toHaveLength(2);
  });
});
