// A PUT on the stateful mock replaces the resource (RFC 9110 §9.3.4): a later GET shows no field the PUT left out,
// but the fields the server sets (readOnly: the id, a creation time, a revision), kept as the mock set them. Before,
// a PUT's fields were merged as a PATCH's, so every field it left out stayed. A PATCH's plain JSON body still merges
// (mock-state-patch.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startMocks } from "./mocks.js";
import { patchReading } from "./requests/patched.js";

const work = mkdtempSync(join(tmpdir(), "blockwright-mock-put-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ref = { $ref: "#/components/schemas/ZqNote" };
const json = (schema: unknown) => ({ "application/json": { schema } });
const writable = {
  type: "object",
  required: ["title"],
  properties: {
    title: { type: "string" },
    body: { type: "string" },
    tags: { type: "array", items: { type: "string" } },
  },
};
const document = {
  openapi: "3.0.3",
  info: { title: "zqnotes", version: "1" },
  servers: [{ url: "https://api.zqnotes.invalid" }],
  paths: {
    "/zqnotes": {
      post: {
        operationId: "createZqNote",
        requestBody: { required: true, content: json(writable) },
        responses: { "201": { description: "Made.", content: json(ref) } },
      },
    },
    "/zqnotes/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: "getZqNote",
        responses: { "200": { description: "It.", content: json(ref) }, "404": { description: "None." } },
      },
      put: {
        operationId: "replaceZqNote",
        requestBody: { required: true, content: json(writable) },
        responses: { "200": { description: "Replaced.", content: json(ref) } },
      },
    },
  },
  components: {
    schemas: {
      ZqNote: {
        allOf: [
          {
            type: "object",
            required: ["id", "createdAt"],
            properties: {
              id: { type: "string", readOnly: true },
              createdAt: { type: "string", format: "date-time", readOnly: true },
              revision: { type: "integer", readOnly: true },
            },
          },
          writable,
        ],
      },
    },
  },
};

describe("a PUT on the stateful mock", () => {
  it("replaces the record: no field it left out but the server's, kept as the mock set them", async () => {
    mkdirSync(join(work, "zqnotes"), { recursive: true });
    writeFileSync(join(work, "zqnotes", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqnotes"], { specsDir: work, logLevel: "silent", state: {} });
    try {
      const base = mocks.urls.zqnotes as string;
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const made = await call("POST", "/zqnotes", { title: "zq first", body: "zq text", tags: ["zq-a"] });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ title: "zq first", body: "zq text", tags: ["zq-a"] });
      const { id, createdAt, revision } = made.body;
      const server = { id, createdAt, ...(revision === undefined ? {} : { revision }) };

      const put = await call("PUT", `/zqnotes/${id}`, { title: "zq replaced" });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ ...server, title: "zq replaced" });
      const read = await call("GET", `/zqnotes/${id}`);
      expect(read).toEqual({ status: 200, body: { ...server, title: "zq replaced" } });
    } finally {
      await mocks.close();
    }
  });

  it("is read as a replacement when its body is fields (a merge patch or a JSON Patch is read as one)", () => {
    expect(patchReading("application/json", "PUT")).toBe("replace");
    expect(patchReading("application/x-www-form-urlencoded", "put")).toBe("replace");
    expect(patchReading("application/json", "PATCH")).toBe("fields");
    expect(patchReading("application/merge-patch+json", "PUT")).toBe("merge-patch");
  });
});
