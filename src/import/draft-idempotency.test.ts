// An idempotency key the document takes as a header parameter (Svix's
// `idempotency-key` on its creates): drafted as the manifest's `idempotency`,
// so that the runtime sends a key with every such call and retries it safely.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const keyHeader = (name: string) => ({ name, in: "header", required: false, schema: { type: "string" }, description: "The request's idempotency key" });
const widget = reply({ type: "object", properties: { id: { type: "string" } } });
const body = { required: true, content: { "application/json": { schema: { type: "object", properties: { label: { type: "string", maxLength: 40 } } } } } };

describe("an idempotency key header parameter", () => {
  it("on a create and an update: drafted as idempotency with both methods, the parameter and its notes gone; it links", async () => {
    const d = drafted(
      openapi({
        "/zq-widgets": { post: { operationId: "createWidget", parameters: [keyHeader("Idempotency-Key")], requestBody: body, responses: { "201": widget } } },
        "/zq-widgets/{id}": {
          patch: { operationId: "updateWidget", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }, keyHeader("Idempotency-Key")], requestBody: body, responses: { "200": widget } },
        },
      }),
      ["createWidget", "updateWidget"],
    );
    expect(d.manifest.idempotency).toEqual({ header: "Idempotency-Key", methods: ["PATCH", "POST"] });
    for (const op of Object.values(d.manifest.operations)) expect(Object.values(op.params ?? {}).map((p) => p.wire)).not.toContainEqual({ in: "header", name: "Idempotency-Key" });
    expect(d.notes.filter((n) => n.at.includes("params") && /idempotency/i.test(JSON.stringify(n.at)))).toEqual([]);
    expect(notesAt(d, "idempotency")[0]).toMatch(/^the operations' header parameter Idempotency-Key takes an idempotency key: the runtime sends a new one with every PATCH, POST call \(the same on each retry\)/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("on creates only: the methods are the default's (POST), not written", () => {
    const d = drafted(openapi({ "/zq-widgets": { post: { operationId: "createWidget", parameters: [keyHeader("x-idempotency-key")], requestBody: body, responses: { "201": widget } } } }), ["createWidget"]);
    expect(d.manifest.idempotency).toEqual({ header: "x-idempotency-key" });
  });

  it("on a GET, or under another name, stays a parameter", () => {
    const d = drafted(openapi({ "/zq-widgets": { get: { operationId: "listWidgets", parameters: [keyHeader("Idempotency-Key"), keyHeader("X-Request-Key")], responses: { "200": widget } } } }), ["listWidgets"]);
    expect(d.manifest.idempotency).toBeUndefined();
    expect(Object.values(d.manifest.operations.acme_list_widgets?.params ?? {}).map((p) => p.wire)).toEqual([
      { in: "header", name: "Idempotency-Key" },
      { in: "header", name: "X-Request-Key" },
    ]);
  });

  it("spelt in another case by another operation: one header; under another name: a parameter, as the runtime sends one header", () => {
    const d = drafted(
      openapi({
        "/zq-widgets": { post: { operationId: "createWidget", parameters: [keyHeader("Idempotency-Key")], requestBody: body, responses: { "201": widget } } },
        "/zq-gadgets": { post: { operationId: "createGadget", parameters: [keyHeader("idempotency-key")], requestBody: body, responses: { "201": widget } } },
        "/zq-gizmos": { post: { operationId: "createGizmo", parameters: [keyHeader("X-Idempotency-Key")], requestBody: body, responses: { "201": widget } } },
      }),
      ["createWidget", "createGadget", "createGizmo"],
    );
    expect(d.manifest.idempotency).toEqual({ header: "Idempotency-Key" });
    const headers = (id: string) =>
      Object.values(d.manifest.operations[id]?.params ?? {})
        .map((p) => p.wire)
        .filter((w) => w?.in === "header");
    expect([headers("acme_create_widget"), headers("acme_create_gadget")]).toEqual([[], []]);
    expect(headers("acme_create_gizmo")).toEqual([{ in: "header", name: "X-Idempotency-Key" }]);
  });

  it("named as a request id and described as a stored key: drafted as idempotency by the document's words, not only the name", async () => {
    const requestId = (description: string) => ({ name: "Zq-Request-Id", in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 108 }, description });
    const d = drafted(
      openapi({
        "/zq-gizmos": { post: { operationId: "createGizmo", parameters: [requestId("The id of the request, echoed in the logs.")], requestBody: body, responses: { "201": widget } } },
        "/zq-widgets": { post: { operationId: "createWidget", parameters: [requestId("The server stores keys for 6 hours.")], requestBody: body, responses: { "201": widget } } },
        "/zq-gadgets": {
          post: { operationId: "createGadget", parameters: [{ ...keyHeader("Zq-Replay-Token"), description: "Makes the request idempotent: a repeat with the same token is applied once." }], requestBody: body, responses: { "201": widget } },
        },
      }),
      ["createGizmo", "createWidget", "createGadget"],
    );
    expect(d.manifest.idempotency).toEqual({ header: "Zq-Request-Id" });
    const headers = (id: string) =>
      Object.values(d.manifest.operations[id]?.params ?? {})
        .map((p) => p.wire)
        .filter((w) => w?.in === "header");
    // The first header recognised is the one the runtime sends: on every POST, so the same header of another one
    // (drafted before it), whose words say nothing of keys, is it too (a parameter of that name would clash with it).
    expect(headers("acme_create_widget")).toEqual([]);
    expect(headers("acme_create_gadget")).toEqual([{ in: "header", name: "Zq-Replay-Token" }]);
    expect(headers("acme_create_gizmo")).toEqual([]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
