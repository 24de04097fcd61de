// The change model on two versions of a made-up published document
// (`zqtasks`): what is a change, with which kind and severity, and what is
// the same schema written another way.
import { describe, expect, it } from "vitest";
import { type DocumentChange, documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqtasks.yaml", files: new Map([["zqtasks.yaml", doc]]) });
const BOUND = [
  { operationId: "updateZqTask", method: "PUT", path: "/tasks/{task}" },
  { operationId: "listZqTasks", method: "GET", path: "/tasks" },
];

/**
 * A document of two operations; `task` is the request body's `data`, `out` the answer's task, `list` the list's own
 * parts.
 */
function doc(parts: {
  openapi?: string;
  task?: Json;
  out?: Json;
  query?: Json[];
  security?: Json[];
  schemes?: Json;
  deprecated?: boolean;
  components?: Json;
}): Json {
  return {
    openapi: parts.openapi ?? "3.0.3",
    paths: {
      "/tasks/{task}": {
        put: {
          operationId: "updateZqTask",
          ...(parts.deprecated ? { deprecated: true } : {}),
          parameters: [{ name: "task", in: "path", required: true, schema: { type: "string" } }],
          ...(parts.security ? { security: parts.security } : {}),
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", properties: { data: parts.task ?? { type: "object" } } },
              },
            },
          },
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { data: parts.out ?? { type: "object" } } },
                },
              },
            },
          },
        },
      },
      "/tasks": {
        get: {
          operationId: "listZqTasks",
          parameters: parts.query ?? [],
          responses: { "200": { description: "ok" } },
        },
      },
    },
    security: [{ zqToken: [] }, { zqOauth: [] }],
    components: {
      securitySchemes: {
        zqToken: { type: "http", scheme: "bearer" },
        zqOauth: { type: "oauth2", flows: {} },
        ...(parts.schemes ?? {}),
      },
      ...(parts.components ?? {}),
    },
  };
}

const lines = (cs: DocumentChange[]) =>
  cs.map((c) => `${c.severity} ${c.kind} ${c.operationId} ${c.location} ${c.pointer}`);

describe("documentChanges", () => {
  it(
    "request fields inside a body compared one by one: removed and newly required are breaking, " +
      "a new optional one is not",
    () => {
      const before = doc({
        task: {
          type: "object",
          properties: {
            name: { type: "string" },
            workspace: { type: "string" },
            tags: { type: "array", items: { type: "string" } },
          },
        },
      });
      const after = doc({
        task: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string" },
            notes: { type: "string" },
            tags: { type: "array", items: { type: "string" } },
          },
        },
      });
      expect(lines(documentChanges(one(before), one(after), BOUND))).toEqual([
        "breaking request-property-became-required updateZqTask request.body /data/name",
        "breaking request-property-removed updateZqTask request.body /data/workspace",
        "non-breaking new-optional-request-property updateZqTask request.body /data/notes",
      ]);
    },
  );

  it(
    "the same schema written another way is no change: 3.0 nullable and a 3.1 type list, $ref and inline, " +
      "key order, security order",
    () => {
      const field = {
        type: "object",
        properties: { done: { type: "boolean", nullable: true }, title: { type: "string" } },
      };
      const before = doc({
        task: { $ref: "#/components/schemas/ZqTask" },
        out: field,
        components: { schemas: { ZqTask: field } },
      });
      const after = {
        ...doc({
          openapi: "3.1.0",
          task: { properties: { title: { type: "string" }, done: { type: ["boolean", "null"] } }, type: "object" },
          out: {
            type: "object",
            properties: { title: { type: "string" }, done: { anyOf: [{ type: "boolean" }, { type: "null" }] } },
          },
        }),
        security: [{ zqOauth: [] }, { zqToken: [] }],
      };
      expect(documentChanges(one(before), one(after), BOUND)).toEqual([]);
    },
  );

  it(
    "a security scheme no bound operation uses is no change; a credential dropped from an operation is " +
      "breaking, a scope added too",
    () => {
      const before = doc({});
      const unused = doc({ schemes: { zqAdminKey: { type: "apiKey", in: "header", name: "X-Zq-Admin" } } });
      expect(documentChanges(one(before), one(unused), BOUND)).toEqual([]);
      const narrowed = doc({ security: [{ zqOauth: ["tasks:write"] }] });
      expect(lines(documentChanges(one(before), one(narrowed), BOUND))).toEqual([
        "breaking api-security-removed updateZqTask security zqToken",
        "breaking api-security-scope-added updateZqTask security zqOauth",
      ]);
    },
  );

  it(
    "format and text are informational; enum values added to a query parameter's items are non-breaking, " +
      "removed breaking; deprecation is its own kind",
    () => {
      const opt = (values: string[], extra: Json = {}) => [
        {
          name: "opt_fields",
          in: "query",
          ...extra,
          schema: { type: "array", items: { type: "string", enum: values } },
        },
      ];
      const before = doc({
        out: { type: "object", properties: { due: { type: "string" } } },
        query: opt(["name", "notes"]),
      });
      const after = doc({
        out: {
          type: "object",
          properties: { due: { type: "string", format: "date", description: "When it is due." } },
        },
        query: opt(["name", "assignee"], { deprecated: true, description: "Use fields instead." }),
        deprecated: true,
      });
      const cs = documentChanges(one(before), one(after), BOUND);
      expect(lines(cs)).toEqual([
        "non-breaking api-deprecated updateZqTask operation ",
        "informational response-property-format-changed updateZqTask response.200.body /data/due",
        "informational response-property-description-changed updateZqTask response.200.body /data/due",
        "non-breaking request-parameter-deprecated listZqTasks request.parameter.query opt_fields",
        "informational request-parameter-description-changed listZqTasks request.parameter.query opt_fields",
        "non-breaking request-parameter-enum-value-added listZqTasks request.parameter.query opt_fields",
        "breaking request-parameter-enum-value-removed listZqTasks request.parameter.query opt_fields",
      ]);
      expect(cs.find((c) => c.kind === "request-parameter-deprecated")?.reason).toContain(
        'the description says: "Use fields instead"',
      );
      expect(cs.find((c) => c.kind === "request-parameter-enum-value-removed")?.old).toEqual(["notes"]);
    },
  );

  it(
    "a parameter's format the block does not check and default as the document gives them: each its own " +
      "informational change, with the values before and after",
    () => {
      const since = (format: string, limit: number) => [
        { name: "since", in: "query", schema: { type: "string", format } },
        { name: "limit", in: "query", schema: { type: "integer", default: limit } },
      ];
      const cs = documentChanges(
        one(doc({ query: since("zqday", 20) })),
        one(doc({ query: since("zqinstant", 50) })),
        BOUND,
      );
      expect(cs.map((c) => [c.kind, c.severity, c.pointer, c.old, c.new])).toEqual([
        ["request-parameter-format-changed", "informational", "since", "zqday", "zqinstant"],
        ["request-parameter-default-value-changed", "informational", "limit", 20, 50],
      ]);
    },
  );

  it(
    "output: a value may now be null (breaking), a new enum value (non-breaking, workflow-visible), " +
      "an open enum's new value informational",
    () => {
      const before = doc({
        out: {
          type: "object",
          properties: {
            state: { type: "string", enum: ["open", "done"] },
            model: { anyOf: [{ type: "string" }, { type: "string", enum: ["a"] }] },
            due: { type: "string" },
          },
        },
      });
      const after = doc({
        out: {
          type: "object",
          properties: {
            state: { type: "string", enum: ["open", "done", "archived"] },
            model: { anyOf: [{ type: "string" }, { type: "string", enum: ["a", "b"] }] },
            due: { type: "string", nullable: true },
          },
        },
      });
      const cs = documentChanges(one(before), one(after), BOUND);
      // In the document's order (upstream sorts by severity).
      expect(lines(cs)).toEqual([
        "non-breaking response-property-enum-value-added updateZqTask response.200.body /data/state",
        "informational response-property-enum-value-added updateZqTask response.200.body /data/model",
        "breaking response-property-became-nullable updateZqTask response.200.body /data/due",
      ]);
      expect(cs.find((c) => c.pointer === "/data/state")).toMatchObject({ new: ["archived"], workflowVisible: true });
    },
  );

  it(
    "a body that becomes a union of forms, each with a field of its own: a field one form requires is not asked " +
      "of every call",
    () => {
      const message = { type: "string" };
      const before = doc({
        task: { type: "object", required: ["message"], properties: { message, at: { type: "object" } } },
      });
      const after = doc({
        task: {
          oneOf: [
            { type: "object", required: ["message"], properties: { message, at: { type: "object" } } },
            {
              type: "object",
              required: ["message", "zqparent"],
              properties: { message, zqparent: { type: "string" } },
            },
            {
              type: "object",
              required: ["message", "zqthread"],
              properties: { message, zqthread: { type: "string" } },
            },
          ],
        },
      });
      expect(lines(documentChanges(one(before), one(after), BOUND))).toEqual([
        "non-breaking new-required-request-property updateZqTask request.body /data/zqparent",
        "non-breaking new-required-request-property updateZqTask request.body /data/zqthread",
      ]);
      expect(documentChanges(one(before), one(after), BOUND)[0]?.reason).toBe(
        "required only in the forms of the body that have it; a call sending another form is unaffected",
      );
    },
  );

  it(
    "a security scheme renamed, the credential sent alike, is no change; a header parameter OpenAPI ignores " +
      "(Content-Type) is none either",
    () => {
      const before = doc({
        security: [{ zqToken: [] }],
        query: [
          {
            name: "Content-Type",
            in: "header",
            required: true,
            schema: { type: "string", enum: ["application/cbor"] },
          },
        ],
      });
      const after = doc({ security: [{ zqBearer: [] }], schemes: { zqBearer: { type: "http", scheme: "bearer" } } });
      expect(lines(documentChanges(one(before), one(after), BOUND))).toEqual([]);
      // Sent another way, it is the change it was.
      const basic = doc({ security: [{ zqBasic: [] }], schemes: { zqBasic: { type: "http", scheme: "basic" } } });
      expect(lines(documentChanges(one(before), one(basic), BOUND)).filter((l) => l.includes(" security "))).toEqual([
        "non-breaking api-security-added updateZqTask security zqBasic",
        "breaking api-security-removed updateZqTask security zqToken",
      ]);
    },
  );

  it("how many keys a map sent may hold: maxProperties raised is a limit loosened, lowered tightened", () => {
    const inputs = (maxProperties: number) =>
      doc({
        task: {
          type: "object",
          properties: { zqinputs: { type: "object", additionalProperties: true, maxProperties } },
        },
      });
    expect(lines(documentChanges(one(inputs(10)), one(inputs(25)), BOUND))).toEqual([
      "non-breaking request-property-limit-loosened updateZqTask request.body /data/zqinputs",
    ]);
    expect(lines(documentChanges(one(inputs(25)), one(inputs(10)), BOUND))).toEqual([
      "breaking request-property-limit-tightened updateZqTask request.body /data/zqinputs",
    ]);
  });

  it(
    "a success status answered under another (201 → 200) is non-breaking, its body compared across; " +
      "no success left is breaking",
    () => {
      const answering = (d: Json, statuses: Record<string, Json>): Json => {
        ((d.paths as Json)["/tasks/{task}"] as { put: Json }).put.responses = statuses;
        return d;
      };
      const body = (fields: Json) => ({
        description: "the task",
        content: { "application/json": { schema: { type: "object", properties: fields } } },
      });
      const before = answering(doc({}), { "201": body({ id: { type: "string" } }) });
      const after = answering(doc({}), { "200": body({ id: { type: "string" }, zqEnabled: { type: "boolean" } }) });
      expect(lines(documentChanges(one(before), one(after), BOUND))).toEqual([
        "non-breaking response-success-status-removed updateZqTask response.201.body /",
        "non-breaking response-property-added updateZqTask response.200.body /zqEnabled",
        "non-breaking response-success-status-added updateZqTask response.200.body /",
      ]);
      const failing = answering(doc({}), { "400": { description: "refused" } });
      expect(lines(documentChanges(one(before), one(failing), BOUND))).toEqual([
        "breaking response-success-status-removed updateZqTask response.201.body /",
      ]);
    },
  );

  it("an operation gone is breaking; one the older document lacks is not compared", () => {
    const before = doc({});
    const after = doc({});
    delete (after.paths as Json)["/tasks"];
    expect(lines(documentChanges(one(before), one(after), BOUND))).toEqual([
      "breaking api-removed listZqTasks operation ",
    ]);
    expect(documentChanges(one(after), one(before), BOUND)).toEqual([]);
  });

  it("reads a document of several files through relative $refs", () => {
    const files = (title: Json): DocumentSet => ({
      root: "root.yaml",
      files: new Map<string, unknown>([
        ["root.yaml", { openapi: "3.0.0", paths: { "/tasks": { $ref: "paths/tasks.yaml" } } }],
        [
          "paths/tasks.yaml",
          {
            get: {
              operationId: "listZqTasks",
              responses: {
                "200": {
                  description: "ok",
                  content: { "application/json": { schema: { $ref: "../models/task.yaml" } } },
                },
              },
            },
          },
        ],
        ["models/task.yaml", { type: "object", properties: { title } }],
      ]),
    });
    expect(lines(documentChanges(files({ type: "string" }), files({ type: "integer" }), BOUND))).toEqual([
      "breaking response-property-type-changed listZqTasks response.200.body /title",
    ]);
  });
});
