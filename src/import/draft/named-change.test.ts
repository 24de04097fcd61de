// A GET named as a deletion or a creation (an API that changes data through GET): its method alone made it read-only
// to agents, so `blockwright mcp --read-only` served it and MCP clients called it unasked. `add` drafts a deletion
// destructive and a creation adding, with a note; a GET whose name reads, and a DELETE, are drafted as before.
import { rmSync } from "node:fs";
import { toolBehavior } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shot = { type: "object", properties: { id: { type: "integer" }, status: { type: "string" } } };
const id = [{ name: "id", in: "query", required: true, schema: { type: "integer" } }];
const document = openapi({
  "/zqshot/delete": { get: { operationId: "DeleteZqshot", parameters: id, responses: { "200": reply(shot) } } },
  "/zqshot/purge": {
    get: { summary: "Purge the zqshot's data", parameters: id, responses: { "200": reply(shot) } },
  },
  "/zqshot/info": { get: { operationId: "GetZqshotDeletions", parameters: id, responses: { "200": reply(shot) } } },
  "/zqlinks/create": { get: { operationId: "zqshortenLink", parameters: id, responses: { "200": reply(shot) } } },
  "/zqtags": { get: { summary: "Add a zqtag to a zqshot", parameters: id, responses: { "200": reply(shot) } } },
  "/zqusers/new": { get: { operationId: "zqnewUserForm", parameters: id, responses: { "200": reply(shot) } } },
  "/zqshot/{id}": {
    delete: {
      operationId: "removeZqshot",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      responses: { "204": { description: "gone" } },
    },
  },
});

describe("a GET named as a deletion", () => {
  it("is drafted destructive, with a note, and its tool is no longer read-only to agents", async () => {
    const d = drafted(document, ["DeleteZqshot", "GET /zqshot/purge", "GetZqshotDeletions", "removeZqshot"]);
    const ops = d.manifest.operations;
    const byOperationId = (name: string) => Object.entries(ops).find(([, o]) => o.operationId === name)!;
    const [deleteId, deleteOp] = byOperationId("DeleteZqshot");
    expect(deleteOp.behavior).toEqual({ readOnly: false, destructive: true });
    const [purgeId, purgeOp] = Object.entries(ops).find(([, o]) => o.operationId === "GET /zqshot/purge")!;
    expect(purgeOp.behavior).toEqual({ readOnly: false, destructive: true });
    expect(byOperationId("GetZqshotDeletions")[1].behavior).toBeUndefined();
    expect(byOperationId("removeZqshot")[1].behavior).toBeUndefined();
    expect(d.notes.find((n) => n.at.join(".") === `operations.${deleteId}.behavior`)?.note).toMatch(
      /a GET named as a deletion \("delete"\): drafted behavior destructive/,
    );
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const behaviorOf = (tool: string) => toolBehavior(tools.find((t) => t.id === tool)!);
    expect(behaviorOf(deleteId)).toMatchObject({ readOnly: false, destructive: true, idempotent: true });
    expect(behaviorOf(purgeId)).toMatchObject({ readOnly: false, destructive: true });
    expect(behaviorOf(byOperationId("GetZqshotDeletions")[0])).toMatchObject({ readOnly: true });
  });
});

describe("a GET named as a creation", () => {
  it("is drafted adding, with a note, and its tool is neither read-only nor idempotent to agents", async () => {
    const d = drafted(document, ["zqshortenLink", "GET /zqtags", "zqnewUserForm"]);
    const entry = (operationId: string) =>
      Object.entries(d.manifest.operations).find(([, o]) => o.operationId === operationId)!;
    const [linkId, linkOp] = entry("zqshortenLink");
    expect(linkOp.behavior).toEqual({ readOnly: false, idempotent: false });
    expect(entry("GET /zqtags")[1].behavior).toEqual({ readOnly: false, idempotent: false });
    expect(entry("zqnewUserForm")[1].behavior).toBeUndefined();
    expect(d.notes.find((n) => n.at.join(".") === `operations.${linkId}.behavior`)?.note).toMatch(
      /a GET named as a creation \("create"\): drafted behavior not read-only and not idempotent/,
    );
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const behaviorOf = (tool: string) => toolBehavior(tools.find((t) => t.id === tool)!);
    expect(behaviorOf(linkId)).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: true });
    expect(behaviorOf(entry("zqnewUserForm")[0])).toMatchObject({ readOnly: true });
  });
});
