// Poll triggers `add` drafts for list operations (shapes/poll-triggers.ts): by
// the delta link an answer carries, by a parameter asking for items created
// since a time the items carry, by a sort value (or a sort field and a
// direction of their own) or the operation's words
// saying newest first; each with a review note, and each links. A list that
// offers none of those, or whose items have no id, gets none.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const thing = {
  type: "object",
  properties: { id: { type: "string" }, name: { type: "string" }, created_at: { type: "string", format: "date-time" } },
};
const page = (extra: Record<string, unknown> = {}, item: unknown = thing) =>
  reply({ type: "object", properties: { data: { type: "array", items: item }, ...extra } });
const query = (name: string, schema: unknown) => ({ name, in: "query", required: false, schema });

describe("add drafts a poll trigger", () => {
  it(
    "by the delta link the answer carries (its next page's too), created items only, a removal " + "marker read",
    async () => {
      const item = { ...thing, properties: { ...thing.properties, "@removed": { type: "object" } } };
      const d = drafted(
        openapi({
          "/zq-things/delta": {
            get: {
              operationId: "zqThingsDelta",
              responses: {
                "200": page({ "@odata.deltaLink": { type: "string" }, "@odata.nextLink": { type: "string" } }, item),
              },
            },
          },
        }),
        ["zqThingsDelta"],
      );
      const trigger = d.manifest.triggers?.acme_zq_things_delta_created;
      expect(trigger?.poll).toEqual({
        operation: "acme_zq_things_delta",
        items: "data",
        delta: {
          link: "metadata.odataDeltaLink",
          next: "metadata.odataNextLink",
          new: "created",
          removed: "/@removed",
        },
      });
      expect(trigger?.eventId).toEqual(["$event#/id"]);
      expect(d.manifest.operations.acme_zq_things_delta?.outputs["metadata.odataDeltaLink"]).toMatchObject({
        type: "string",
        from: "$response.body#/@odata.deltaLink",
        optional: true,
      });
      expect(notesAt(d, "triggers.acme_zq_things_delta_created")[0]).toMatch(/a delta query/);
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("by a parameter asking for the items created since a time the items carry", async () => {
    const d = drafted(
      openapi({
        "/zq-things": {
          get: {
            operationId: "listThings",
            parameters: [query("created_after", { type: "string", format: "date-time" })],
            responses: { "200": page() },
          },
        },
      }),
      ["listThings"],
    );
    const trigger = d.manifest.triggers?.acme_things_created;
    expect(trigger?.poll).toEqual({
      operation: "acme_list_things",
      items: "data",
      inputs: { created_after: "{{poll.since}}" },
      since: { field: "/created_at", type: "date-time" },
    });
    expect(notesAt(d, "triggers.acme_things_created")[0]).toMatch(/created at or after the last created_at seen/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("by the ids of the first page, sorted newest first by a sort value or in the operation's own words", async () => {
    const d = drafted(
      openapi({
        "/zq-things": {
          get: {
            operationId: "listThings",
            parameters: [query("sort", { type: "string", enum: ["name", "created", "-created"] })],
            responses: { "200": page() },
          },
        },
        "/zq-gadgets": {
          get: {
            operationId: "listGadgets",
            description: "Lists the gadgets, sorted by creation date, with the most recent appearing first.",
            responses: { "200": page() },
          },
        },
      }),
      ["listThings", "listGadgets"],
    );
    expect(d.manifest.triggers?.acme_things_created?.poll).toEqual({
      operation: "acme_list_things",
      items: "data",
      inputs: { sort: "-created" },
      ids: { order: "newestFirst" },
    });
    expect(d.manifest.triggers?.acme_gadgets_created?.poll).toEqual({
      operation: "acme_list_gadgets",
      items: "data",
      ids: { order: "newestFirst" },
    });
    expect(notesAt(d, "triggers.acme_gadgets_created")[0]).toMatch(
      /description, which says the list comes newest first/,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "by the ids of the first page, sorted by a creation field and a direction of their own " +
      "(order_by=created_at, order=DESC)",
    async () => {
      const params = [
        query("order_by", { type: "string", enum: ["name", "created_at", "updated_at"] }),
        query("order", { type: "string", enum: ["ASC", "DESC"] }),
      ];
      const d = drafted(
        openapi({
          "/zq-things": { get: { operationId: "listThings", parameters: params, responses: { "200": page() } } },
        }),
        ["listThings"],
      );
      expect(d.manifest.triggers?.acme_things_created?.poll).toEqual({
        operation: "acme_list_things",
        items: "data",
        inputs: { order_by: "created_at", order: "DESC" },
        ids: { order: "newestFirst" },
      });
      expect(notesAt(d, "triggers.acme_things_created")[0]).toMatch(/order_by value created_at with order DESC/);
      expect(await linkProblems(d)).toEqual([]);
      // A sort field with no direction to ask for the newest first drafts none.
      const none = drafted(
        openapi({
          "/zq-things": { get: { operationId: "listThings", parameters: [params[0]], responses: { "200": page() } } },
        }),
        ["listThings"],
      );
      expect(none.manifest.triggers).toBeUndefined();
    },
  );

  it("for no list that offers none of those, nor one whose items have no id, nor a write", () => {
    const d = drafted(
      openapi({
        "/zq-things": {
          get: {
            operationId: "listThings",
            parameters: [query("sort", { type: "string", enum: ["name", "created"] })],
            responses: { "200": page() },
          },
          post: { operationId: "createThing", responses: { "201": reply(thing) } },
        },
        "/zq-gadgets": {
          get: {
            operationId: "listGadgets",
            description: "The most recent first.",
            responses: { "200": page({}, { type: "object", properties: { name: { type: "string" } } }) },
          },
        },
      }),
      ["listThings", "createThing", "listGadgets"],
    );
    expect(d.manifest.triggers).toBeUndefined();
  });
});

describe("add drafts a poll trigger over a list read from the first of several places", () => {
  it("reads the items where the page object holds them (a reply that is a bare list or that page)", async () => {
    const list = { type: "array", items: thing };
    const d = drafted(
      openapi({
        "/zq-things": {
          get: {
            operationId: "listThings",
            parameters: [query("created_after", { type: "string", format: "date-time" })],
            responses: {
              "200": reply({
                oneOf: [
                  list,
                  { type: "object", required: ["data"], properties: { data: list, has_more: { type: "boolean" } } },
                ],
              }),
            },
          },
        },
      }),
      ["listThings"],
    );
    expect(d.manifest.operations.acme_list_things?.outputs.data?.from).toEqual([
      "$response.body#/data",
      "$response.body",
    ]);
    expect(d.manifest.triggers?.acme_things_created?.poll).toMatchObject({
      items: "data",
      since: { field: "/created_at", type: "date-time" },
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a poll trigger by ids, newest first, as add drafts it", () => {
  const newestFirst = "Lists the gadgets, with the most recent appearing first.";
  const links = { links: { type: "object", properties: { next: { type: "string", nullable: true } } } };

  it("says a paged list is read back to an item seen before, and an unpaged one only as it answers", () => {
    const d = drafted(
      openapi({
        "/zq-gadgets": {
          get: { operationId: "listGadgets", description: newestFirst, responses: { "200": page(links) } },
        },
        "/zq-widgets": {
          get: { operationId: "listWidgets", description: newestFirst, responses: { "200": page() } },
        },
      }),
      ["listGadgets", "listWidgets"],
    );
    expect(d.manifest.operations.acme_list_gadgets?.pagination).toBeDefined();
    const paged = notesAt(d, "triggers.acme_gadgets_created")[0];
    expect(paged).toMatch(/reads its pages back to the first that holds an item seen before/);
    expect(paged).not.toMatch(/only its first page/);
    expect(notesAt(d, "triggers.acme_widgets_created")[0]).toMatch(/more new items than it holds between two polls/);
  });

  it("is titled by what the operation's title says it lists, else by its tool id's words", () => {
    const d = drafted(
      openapi({
        "/zq-shelves/{shelfId}/gadgets": {
          get: {
            summary: "List gadgets by shelf",
            description: newestFirst,
            parameters: [{ name: "shelfId", in: "path", required: true, schema: { type: "string" } }],
            responses: { "200": page() },
          },
        },
        "/zq-widgets": {
          get: {
            operationId: "listWidgets",
            summary: "Widgets",
            description: newestFirst,
            responses: { "200": page() },
          },
        },
      }),
      ["GET /zq-shelves/{shelfId}/gadgets", "listWidgets"],
    );
    const titles = Object.values(d.manifest.triggers ?? {}).map((t) => t.title);
    expect(titles).toContain("New gadgets by shelf");
    expect(titles).toContain("New widgets");
  });
});
