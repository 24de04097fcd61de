// An idempotency key the document takes as a header parameter (Svix's
// `idempotency-key` on its creates): drafted as the manifest's `idempotency`,
// so that the runtime sends a key with every such call and retries it safely.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, fullSupport } from "@blockwright/runtime/internal";
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

const keyHeader = (name: string) => ({
  name,
  in: "header",
  required: false,
  schema: { type: "string" },
  description: "The request's idempotency key",
});
const widget = reply({ type: "object", properties: { id: { type: "string" } } });
const body = {
  required: true,
  content: {
    "application/json": { schema: { type: "object", properties: { label: { type: "string", maxLength: 40 } } } },
  },
};

describe("an idempotency key header parameter", () => {
  it(
    "on a create and an update: drafted as idempotency with both methods, the parameter and its " +
      "notes gone; it links",
    async () => {
      const d = drafted(
        openapi({
          "/zq-widgets": {
            post: {
              operationId: "createWidget",
              parameters: [keyHeader("Idempotency-Key")],
              requestBody: body,
              responses: { "201": widget },
            },
          },
          "/zq-widgets/{id}": {
            patch: {
              operationId: "updateWidget",
              parameters: [
                { name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } },
                keyHeader("Idempotency-Key"),
              ],
              requestBody: body,
              responses: { "200": widget },
            },
          },
        }),
        ["createWidget", "updateWidget"],
      );
      expect(d.manifest.idempotency).toEqual({ header: "Idempotency-Key", methods: ["PATCH", "POST"] });
      for (const op of Object.values(d.manifest.operations))
        expect(Object.values(op.params ?? {}).map((p) => p.wire)).not.toContainEqual({
          in: "header",
          name: "Idempotency-Key",
        });
      expect(d.notes.filter((n) => n.at.includes("params") && /idempotency/i.test(JSON.stringify(n.at)))).toEqual([]);
      expect(notesAt(d, "idempotency")[0]).toMatch(
        new RegExp(
          "^the operations' header parameter Idempotency-Key takes an idempotency key: the runtime " +
            String.raw`sends a new one with every PATCH, POST call \(the same on each retry\)`,
        ),
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("on creates only: the methods are the default's (POST), not written", () => {
    const d = drafted(
      openapi({
        "/zq-widgets": {
          post: {
            operationId: "createWidget",
            parameters: [keyHeader("x-idempotency-key")],
            requestBody: body,
            responses: { "201": widget },
          },
        },
      }),
      ["createWidget"],
    );
    expect(d.manifest.idempotency).toEqual({ header: "x-idempotency-key" });
  });

  it("required by the document: supplied by the runtime's key, and the draft links", async () => {
    const d = drafted(
      openapi({
        "/zq-widgets": {
          post: {
            operationId: "createWidget",
            parameters: [{ ...keyHeader("x-idempotency-key"), required: true }],
            requestBody: body,
            responses: { "201": widget },
          },
        },
      }),
      ["createWidget"],
    );
    expect(d.manifest.idempotency).toEqual({ header: "x-idempotency-key" });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("on a GET, or under another name, stays a parameter", () => {
    const d = drafted(
      openapi({
        "/zq-widgets": {
          get: {
            operationId: "listWidgets",
            parameters: [keyHeader("Idempotency-Key"), keyHeader("X-Request-Key")],
            responses: { "200": widget },
          },
        },
      }),
      ["listWidgets"],
    );
    expect(d.manifest.idempotency).toBeUndefined();
    expect(Object.values(d.manifest.operations.acme_list_widgets?.params ?? {}).map((p) => p.wire)).toEqual([
      { in: "header", name: "Idempotency-Key" },
      { in: "header", name: "X-Request-Key" },
    ]);
  });

  it(
    "spelt in another case by another operation: one header; under another name: that " + "operation's own idempotency",
    async () => {
      const d = drafted(
        openapi({
          "/zq-widgets": {
            post: {
              operationId: "createWidget",
              parameters: [keyHeader("Idempotency-Key")],
              requestBody: body,
              responses: { "201": widget },
            },
          },
          "/zq-gadgets": {
            post: {
              operationId: "createGadget",
              parameters: [keyHeader("idempotency-key")],
              requestBody: body,
              responses: { "201": widget },
            },
          },
          "/zq-gizmos": {
            post: {
              operationId: "createGizmo",
              parameters: [keyHeader("X-Idempotency-Key")],
              requestBody: body,
              responses: { "201": widget },
            },
          },
        }),
        ["createWidget", "createGadget", "createGizmo"],
      );
      expect(d.manifest.idempotency).toEqual({ header: "Idempotency-Key" });
      const headers = (id: string) =>
        Object.values(d.manifest.operations[id]?.params ?? {})
          .map((p) => p.wire)
          .filter((w) => w?.in === "header");
      expect([headers("acme_create_widget"), headers("acme_create_gadget"), headers("acme_create_gizmo")]).toEqual([
        [],
        [],
        [],
      ]);
      expect(Object.values(d.manifest.operations).map((o) => o.idempotency)).toEqual([
        undefined,
        undefined,
        { header: "X-Idempotency-Key" },
      ]);
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it(
    "named as a request id and described as a stored key: drafted as idempotency by the " +
      "document's words, not only the name",
    async () => {
      const requestId = (description: string) => ({
        name: "Zq-Request-Id",
        in: "header",
        required: false,
        schema: { type: "string", minLength: 1, maxLength: 108 },
        description,
      });
      const d = drafted(
        openapi({
          "/zq-gizmos": {
            post: {
              operationId: "createGizmo",
              parameters: [requestId("The id of the request, echoed in the logs.")],
              requestBody: body,
              responses: { "201": widget },
            },
          },
          "/zq-widgets": {
            post: {
              operationId: "createWidget",
              parameters: [requestId("The server stores keys for 6 hours.")],
              requestBody: body,
              responses: { "201": widget },
            },
          },
          "/zq-gadgets": {
            post: {
              operationId: "createGadget",
              parameters: [
                {
                  ...keyHeader("Zq-Replay-Token"),
                  description: "Makes the request idempotent: a repeat with the same token is applied once.",
                },
              ],
              requestBody: body,
              responses: { "201": widget },
            },
          },
        }),
        ["createGizmo", "createWidget", "createGadget"],
      );
      expect(d.manifest.idempotency).toEqual({ header: "Zq-Request-Id" });
      const headers = (id: string) =>
        Object.values(d.manifest.operations[id]?.params ?? {})
          .map((p) => p.wire)
          .filter((w) => w?.in === "header");
      // A header another operation takes a key in is the key of one (drafted before it) whose words say nothing of
      // keys; the operation taking its key in another header says its own.
      expect(headers("acme_create_widget")).toEqual([]);
      expect(headers("acme_create_gadget")).toEqual([]);
      expect(headers("acme_create_gizmo")).toEqual([]);
      expect(d.manifest.operations.acme_create_gadget?.idempotency).toEqual({ header: "Zq-Replay-Token" });
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it(
    "on one create only, beside another create that takes none: drafted on that operation " +
      "alone, and only its calls send a key",
    async () => {
      const d = drafted(
        openapi({
          "/zq-widgets": {
            post: {
              operationId: "createWidget",
              parameters: [keyHeader("Idempotency-Key")],
              requestBody: body,
              responses: { "201": widget },
            },
          },
          "/zq-gadgets": { post: { operationId: "createGadget", requestBody: body, responses: { "201": widget } } },
        }),
        ["createWidget", "createGadget"],
      );
      expect(d.manifest.idempotency).toBeUndefined();
      expect(notesAt(d, "operations.acme_create_widget.idempotency")[0]).toMatch(
        new RegExp(
          String.raw`^the operation's header parameter Idempotency-Key takes an idempotency key \(not every POST ` +
            String.raw`of the document takes one\)`,
        ),
      );
      const tools = await linkedTools(d);
      const { fetch, seen } = scriptedFetch(json(201, { id: "w1" }));
      for (const id of ["acme_create_widget", "acme_create_gadget"]) {
        const done = await executeToolDefinition(
          tools.find((t) => t.id === id)!,
          { accessToken: "zq-token-0001", label: "a" },
          { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
        );
        expect(done.success).toBe(true);
      }
      expect(seen.map((r) => r.headers.has("idempotency-key"))).toEqual([true, false]);
    },
  );
});
