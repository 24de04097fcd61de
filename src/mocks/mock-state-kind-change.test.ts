// An update changing a stateful mock's record from one kind of a discriminated union to another (`zqKind: "firm"` to
// `"person"`, with the person's `zqIdentity`): the mock took the sent fields one at a time, each where the record
// stayed valid, so the new kind's name was refused while the record still held the old kind's fields, and its context
// (one the update did not send) was the firm's: the record kept its old kind with the new kind's identity, and a round
// trip read back a kind other than the one it sent (a polymorphic serializer's kinds, each extending one base). A field
// refused is now tried again once the others are in, then all together, less the record's optional fields the update
// did not send that the new kind cannot hold (requests/fields-taken.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-mock-kind-change-"));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  additionalProperties: false,
  required,
  properties,
});
/** A kind of party: the base, its identity and its context (each closed, the context naming its source). */
const kind = (identity: Record<string, unknown>, source: string) => ({
  allOf: [
    ref("ZqPartyBase"),
    {
      type: "object",
      properties: {
        zqIdentity: closed(identity),
        zqContext: closed({ zqSource: { type: "string", enum: [source] } }, ["zqSource"]),
      },
    },
  ],
});
const union = (name: string) => ({
  oneOf: [ref(`ZqPerson${name}`), ref(`ZqFirm${name}`)],
  discriminator: {
    propertyName: "zqKind",
    mapping: { person: `#/components/schemas/ZqPerson${name}`, firm: `#/components/schemas/ZqFirm${name}` },
  },
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqparties", version: "1" },
  servers: [{ url: "https://api.zqparties.invalid" }],
  paths: {
    "/zqparties": {
      post: {
        operationId: "create_party",
        requestBody: { required: true, content: json(ref("ZqParty")) },
        responses: { "201": { description: "Made.", content: json(ref("ZqParty")) } },
      },
    },
    "/zqparties/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: "get_party",
        responses: { "200": { description: "It.", content: json(ref("ZqParty")) }, "404": { description: "None." } },
      },
      put: {
        operationId: "put_party",
        requestBody: { required: true, content: json(ref("ZqParty")) },
        responses: { "200": { description: "Changed.", content: json(ref("ZqParty")) } },
      },
    },
  },
  components: {
    schemas: {
      ZqParty: union(""),
      ZqPartyBase: {
        type: "object",
        required: ["id", "zqKind", "zqName"],
        properties: {
          id: { type: "string", readOnly: true },
          zqKind: { type: "string", enum: ["person", "firm"] },
          zqName: { type: "string" },
        },
      },
      ZqPerson: kind({ zqBsn: { type: "string", minLength: 9, maxLength: 9 } }, "digid"),
      ZqFirm: kind({ zqKvk: { type: "string", minLength: 8, maxLength: 8 } }, "eherkenning"),
    },
  },
};

let mocks: Awaited<ReturnType<typeof startMocks>>;
beforeAll(async () => {
  mkdirSync(join(work, "zqparties"), { recursive: true });
  writeFileSync(join(work, "zqparties", "openapi.yaml"), JSON.stringify(document));
  mocks = await startMocks(["zqparties"], { specsDir: work, logLevel: "silent", state: {} });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
});

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${mocks.urls.zqparties}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("an update changing a stateful mock's record to another kind of its union", () => {
  it("takes the new kind, its fields and none of the old kind's the update did not send", async () => {
    const firm = { zqKind: "firm", zqName: "zq firm", zqIdentity: { zqKvk: "12345678" } };
    const made = await call("POST", "/zqparties", { ...firm, zqContext: { zqSource: "eherkenning" } });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    expect(made.body).toMatchObject({ ...firm, zqContext: { zqSource: "eherkenning" } });

    const person = { zqKind: "person", zqName: "zq person", zqIdentity: { zqBsn: "111222333" } };
    const put = await call("PUT", `/zqparties/${id}`, person);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, ...person });
    const got = await call("GET", `/zqparties/${id}`);
    expect(got.body).toMatchObject({ id, ...person });
    expect(got.body.zqContext).toBeUndefined();
  });

  it("keeps the fields the update did not send where the kind stays", async () => {
    const made = await call("POST", "/zqparties", {
      zqKind: "person",
      zqName: "zq a",
      zqContext: { zqSource: "digid" },
    });
    const id = made.body.id as string;
    const put = await call("PUT", `/zqparties/${id}`, {
      zqKind: "person",
      zqName: "zq b",
      zqIdentity: { zqBsn: "999888777" },
    });
    expect(put.status).toBe(200);
    const got = await call("GET", `/zqparties/${id}`);
    expect(got.body).toMatchObject({
      id,
      zqKind: "person",
      zqName: "zq b",
      zqIdentity: { zqBsn: "999888777" },
      zqContext: { zqSource: "digid" },
    });
  });
});
