// A PUT on the stateful mock, by the shape of its body (requests/put-replaces.ts): one whose body requires every field
// the read's record requires but the server's (the whole record) replaces the record, a later GET showing no optional
// field it left out but the fields the server sets (readOnly: the id, a creation time), kept as the mock set them; one
// whose body requires less (a partial update written as a PUT, as many published documents do) merges its fields as a
// PATCH's plain JSON body does. An item with both a PATCH and a PUT takes both, each its own reading: before, only the
// PATCH changed the record, a PUT's answer staying Prism's and the record as it was.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMocks } from "./mocks.js";
import { patchReading } from "./requests/patched.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-mock-put-"));

const ref = { $ref: "#/components/schemas/ZqNote" };
const json = (schema: unknown) => ({ "application/json": { schema } });
const fields = {
  title: { type: "string" },
  body: { type: "string" },
  tags: { type: "array", items: { type: "string" } },
};
const whole = { type: "object", required: ["title"], properties: fields };
const partial = { type: "object", properties: fields };
/** A resource at `/<name>` of ZqNote records, updated by `updates` (method → body schema). */
const resource = (name: string, updates: Record<string, unknown>) => ({
  [`/${name}`]: {
    post: {
      operationId: `create_${name}`,
      requestBody: { required: true, content: json(whole) },
      responses: { "201": { description: "Made.", content: json(ref) } },
    },
  },
  [`/${name}/{id}`]: {
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
    get: {
      operationId: `get_${name}`,
      responses: { "200": { description: "It.", content: json(ref) }, "404": { description: "None." } },
    },
    ...Object.fromEntries(
      Object.entries(updates).map(([method, schema]) => [
        method,
        {
          operationId: `${method}_${name}`,
          requestBody: { required: true, content: json(schema) },
          responses: { "200": { description: "Changed.", content: json(ref) } },
        },
      ]),
    ),
  },
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqnotes", version: "1" },
  servers: [{ url: "https://api.zqnotes.invalid" }],
  paths: {
    ...resource("zqwhole", { put: whole }),
    ...resource("zqpartial", { put: partial }),
    ...resource("zqboth", { patch: partial, put: whole }),
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
            },
          },
          whole,
        ],
      },
    },
  },
};

let mocks: Awaited<ReturnType<typeof startMocks>>;
beforeAll(async () => {
  mkdirSync(join(work, "zqnotes"), { recursive: true });
  writeFileSync(join(work, "zqnotes", "openapi.yaml"), JSON.stringify(document));
  mocks = await startMocks(["zqnotes"], { specsDir: work, logLevel: "silent", state: {} });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
});

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${mocks.urls.zqnotes}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
/** A record made at `/<name>`, and the fields the server set on it. */
const made = async (name: string) => {
  const { status, body } = await call("POST", `/${name}`, { title: "zq first", body: "zq text", tags: ["zq-a"] });
  expect(status).toBe(201);
  expect(body).toMatchObject({ title: "zq first", body: "zq text", tags: ["zq-a"] });
  return { id: body.id as string, server: { id: body.id, createdAt: body.createdAt } };
};

describe("a PUT on the stateful mock", () => {
  it("replaces the record where its body requires the whole record: no field left out but the server's", async () => {
    const { id, server } = await made("zqwhole");
    const put = await call("PUT", `/zqwhole/${id}`, { title: "zq replaced" });
    expect(put).toEqual({ status: 200, body: { ...server, title: "zq replaced" } });
    expect(await call("GET", `/zqwhole/${id}`)).toEqual({ status: 200, body: { ...server, title: "zq replaced" } });
  });

  it("merges its fields where its body requires less (a partial update written as a PUT)", async () => {
    const { id, server } = await made("zqpartial");
    await call("PUT", `/zqpartial/${id}`, { title: "zq changed" });
    expect(await call("GET", `/zqpartial/${id}`)).toEqual({
      status: 200,
      body: { ...server, title: "zq changed", body: "zq text", tags: ["zq-a"] },
    });
  });

  it("beside a PATCH on one item: both update it, the PATCH merging, the PUT replacing", async () => {
    const { id, server } = await made("zqboth");
    await call("PATCH", `/zqboth/${id}`, { body: "zq patched" });
    expect((await call("GET", `/zqboth/${id}`)).body).toEqual({
      ...server,
      title: "zq first",
      body: "zq patched",
      tags: ["zq-a"],
    });
    const put = await call("PUT", `/zqboth/${id}`, { title: "zq put" });
    expect(put.body).toEqual({ ...server, title: "zq put" });
    expect(await call("GET", `/zqboth/${id}`)).toEqual({ status: 200, body: { ...server, title: "zq put" } });
  });

  it("is read as a replacement only for a PUT of fields whose body is the whole record", () => {
    expect(patchReading("application/json", "PUT", true)).toBe("replace");
    expect(patchReading("application/json", "put", true)).toBe("replace");
    expect(patchReading("application/json", "PUT", false)).toBe("fields");
    expect(patchReading("application/json", "PATCH", true)).toBe("fields");
    expect(patchReading("application/merge-patch+json", "PUT", true)).toBe("merge-patch");
  });
});
