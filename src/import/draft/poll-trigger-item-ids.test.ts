// A poll trigger drafted over a list whose items' own id is not named `id`
// (load/schemas/item-own-id.ts): one named as an id of its own kind (`sid`
// beside a parent's `account_sid`), one named after the list's own resource
// (its path's last segment, its item schema's name), never a parent's id,
// found new by a parameter named after the date created; and
// no trigger, with a note naming the fields, where the names leave it open.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const newestFirst = [{ name: "sort", in: "query", required: false, schema: { type: "string", enum: ["-created"] } }];
const listOf = (item: unknown, path: unknown[] = []) => ({
  parameters: [...path, ...newestFirst],
  responses: { "200": reply({ type: "object", properties: { data: { type: "array", items: item } } }) },
});
const item = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: "object",
  properties: { ...properties, name: text },
  ...more,
});
const parentPath = { name: "zqAccountSid", in: "path", required: true, schema: text };

describe("add drafts a poll trigger over items whose own id has another name", () => {
  it("takes a field named as an id of its own kind, never the parent's id beside it", async () => {
    const d = drafted(
      openapi({
        "/zq-accounts/{zqAccountSid}/ZqNotes.json": {
          get: {
            operationId: "listZqNotes",
            ...listOf(item({ zq_account_sid: text, sid: text }), [parentPath]),
          },
        },
      }),
      ["listZqNotes"],
    );
    const trigger = d.manifest.triggers?.acme_zq_notes_created;
    expect(trigger?.eventId).toEqual(["$event#/sid"]);
    expect(trigger?.outputs?.id?.from).toBe("$event#/sid");
    expect(notesAt(d, "triggers.acme_zq_notes_created")[0]).toMatch(/own id is taken to be sid, named as an id$/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("takes a field named after the list's own resource, by its path or its item schema's name", async () => {
    const d = drafted(
      openapi(
        {
          "/zq-bins/{bin}/zq-gizmos": {
            get: {
              operationId: "listZqGizmos",
              ...listOf(item({ zqBinId: text, zqGizmoId: text }), [
                { name: "bin", in: "path", required: true, schema: text },
              ]),
            },
          },
          "/zq-search": {
            get: { operationId: "searchZqCategories", ...listOf({ $ref: "#/components/schemas/ZqCategories" }) },
          },
        },
        { schemas: { ZqCategories: item({ zq_owner_id: text, zq_category_id: { type: "integer" } }) } },
      ),
      ["listZqGizmos", "searchZqCategories"],
    );
    expect(d.manifest.triggers?.acme_zq_gizmos_created?.eventId).toEqual(["$event#/zqGizmoId"]);
    expect(notesAt(d, "triggers.acme_zq_gizmos_created")[0]).toMatch(
      /taken to be zqGizmoId, named after the list's own resource, zqgizmo$/,
    );
    expect(d.manifest.triggers?.acme_zq_categories_created?.eventId).toEqual(["$event#/zq_category_id"]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("asks for the items created since by a parameter named after the date created (DateCreatedAfter)", async () => {
    const after = {
      name: "DateCreatedAfter",
      in: "query",
      required: false,
      schema: { type: "string", format: "date-time" },
    };
    const timed = item({ sid: text, date_created: { type: "string", format: "date-time" } });
    const d = drafted(
      openapi({
        "/v1/ZqRooms": {
          get: {
            operationId: "listZqRooms",
            parameters: [after],
            responses: { "200": reply({ type: "object", properties: { rooms: { type: "array", items: timed } } }) },
          },
        },
      }),
      ["listZqRooms"],
    );
    const trigger = d.manifest.triggers?.acme_zq_rooms_created;
    expect(trigger?.eventId).toEqual(["$event#/sid"]);
    expect(trigger?.poll?.since).toEqual({ field: "/date_created", type: "date-time" });
    expect(Object.values(trigger?.poll?.inputs ?? {})).toEqual(["{{poll.since}}"]);
    expect(notesAt(d, "triggers.acme_zq_rooms_created")[0]).toMatch(/^drafted from listZqRooms's DateCreatedAfter/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("drafts none over a parent's id alone, and keeps a plain id before any other", () => {
    const d = drafted(
      openapi({
        "/zq-projects/{zqProjectId}/zq-chores": {
          get: {
            operationId: "listZqChores",
            ...listOf(item({ zqProjectId: text, zqAssigneeId: text }), [
              { name: "zqProjectId", in: "path", required: true, schema: text },
            ]),
          },
        },
        "/zq-tallies": { get: { operationId: "listZqTallies", ...listOf(item({ sid: text, id: text })) } },
      }),
      ["listZqChores", "listZqTallies"],
    );
    expect(Object.keys(d.manifest.triggers ?? {})).toEqual(["acme_zq_tallies_created"]);
    expect(d.manifest.triggers?.acme_zq_tallies_created?.eventId).toEqual(["$event#/id"]);
    expect(notesAt(d, "triggers.acme_zq_tallies_created")[0]).not.toMatch(/taken to be/);
  });

  it("names the fields where several could be the id, and takes the one alone read-only", () => {
    const both = { key: text, uid: text };
    const d = drafted(
      openapi({
        "/zq-locks": { get: { operationId: "listZqLocks", ...listOf(item(both)) } },
        "/zq-keys": {
          get: { operationId: "listZqKeys", ...listOf(item({ ...both, uid: { type: "string", readOnly: true } })) },
        },
      }),
      ["listZqLocks", "listZqKeys"],
    );
    expect(d.manifest.triggers?.acme_zq_locks_created).toBeUndefined();
    expect(notesAt(d, "operations.acme_list_zq_locks")).toContainEqual(
      expect.stringMatching(/no poll trigger drafted: listZqLocks's items' own id could be any of key, uid/),
    );
    expect(d.manifest.triggers?.acme_zq_keys_created?.eventId).toEqual(["$event#/uid"]);
    expect(notesAt(d, "triggers.acme_zq_keys_created")[0]).toMatch(
      /taken to be uid, named as an id, the only one of key, uid read-only$/,
    );
  });
});
