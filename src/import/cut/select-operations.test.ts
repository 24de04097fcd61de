// Naming the operations to keep, as a user of a published API names them.
import { describe, expect, it } from "vitest";
import { documentOperations, type OperationGroups, selectOperations, UnknownOperations } from "./select-operations.js";

const doc = {
  paths: {
    "/chat.postMessage": { post: { operationId: "chat_postMessage", summary: "Post" } },
    "/v1/customers": { get: { operationId: "GetCustomers" }, post: { operationId: "PostCustomers" } },
    "/v1/customers/{customer}": { get: { operationId: "GetCustomersCustomer" }, delete: {} },
  },
};

const names = (asked: string[]) => selectOperations(doc, asked).map((o) => `${o.method} ${o.path}`);

describe("selectOperations", () => {
  it("finds operations by operationId, as METHOD /path, or by a path with one operation", () => {
    expect(names(["GetCustomers", "DELETE /v1/customers/{customer}", "/chat.postMessage"])).toEqual([
      "get /v1/customers",
      "delete /v1/customers/{customer}",
      "post /chat.postMessage",
    ]);
  });

  it("finds RPC-style method names (chat.postMessage) by path, or by their operationId written another way", () => {
    expect(names(["chat.postMessage"])).toEqual(["post /chat.postMessage"]);
    expect(names(["chat-postmessage"])).toEqual(["post /chat.postMessage"]);
  });

  it("takes every operation, in the document's order, for all alone (unless an operation is named all)", () => {
    expect(names(["all"])).toEqual(documentOperations(doc).map((o) => `${o.method} ${o.path}`));
    expect(names(["all"]).length).toBeGreaterThan(1);
    const named = { ...doc, paths: { ...doc.paths, "/zq-all": { get: { operationId: "all" } } } };
    expect(selectOperations(named, ["all"]).map((o) => o.path)).toEqual(["/zq-all"]);
  });

  it("keeps the order given, each operation once", () => {
    expect(names(["PostCustomers", "GetCustomers", "PostCustomers", "post /v1/customers"])).toEqual([
      "post /v1/customers",
      "get /v1/customers",
    ]);
  });

  it("refuses --list's note copied as a name, naming the line's METHOD /path instead", () => {
    const shared = { paths: { ...doc.paths, "/v1/zq": { get: { operationId: "GetCustomers" } } } };
    expect(() => selectOperations(doc, ["(no operationId)"])).toThrow(
      new UnknownOperations(
        '"(no operationId)" is --list\'s note that the line has no name of its own: name the operation by its ' +
          'METHOD /path, the line\'s second column (as "DELETE /v1/customers/{customer}")',
      ),
    );
    expect(() => selectOperations(shared, ["(shared operationId) GetCustomers"])).toThrow(
      /name the operation by its METHOD \/path, the line's second column \(as "GET \/v1\/customers", "GET \/v1\/zq"\)$/,
    );
  });

  it("refuses every name that names nothing, or a path with several operations, with the closest names", () => {
    expect(() => selectOperations(doc, ["GetCustomer", "/v1/customers", "nothing-like-it"])).toThrow(
      new UnknownOperations(
        'no operation "GetCustomer" in the document (closest: "GetCustomers", "GetCustomersCustomer"); --list ' +
          'prints them all; "/v1/customers" is a path with 2 operations (GetCustomers, PostCustomers): name one by ' +
          'its operationId or as "METHOD /v1/customers"; no operation "nothing-like-it" in the document; --list ' +
          "prints them all",
      ),
    );
  });
});

describe("selectOperations by tag and path prefix (--tag, --path-prefix)", () => {
  const tagged = {
    paths: {
      "/v1/zqusers": {
        get: { operationId: "listZqUsers", tags: ["zqusers"] },
        post: { operationId: "createZqUser", tags: ["zqusers", "zqadmin"] },
      },
      "/v1/zqusers/{id}": { get: { operationId: "getZqUser", tags: ["zqusers"] } },
      "/v1/zqusersettings": { get: { operationId: "getZqSettings", tags: ["zqsettings"] } },
      "/v2/zqteams": { get: { operationId: "listZqTeams" } },
    },
  };
  const ids = (asked: string[], groups: OperationGroups) =>
    selectOperations(tagged, asked, groups).map((o) => o.operationId);

  it(
    "takes every operation of a tag, or under a path prefix by whole segments, in the " +
      "document's order, after those named, each once",
    () => {
      expect(ids([], { tags: ["zqadmin"] })).toEqual(["createZqUser"]);
      expect(ids([], { tags: ["zqusers"] })).toEqual(["listZqUsers", "createZqUser", "getZqUser"]);
      expect(ids([], { pathPrefixes: ["/v1/zqusers"] })).toEqual(["listZqUsers", "createZqUser", "getZqUser"]);
      expect(ids([], { pathPrefixes: ["/v1/zqusers/"] })).toEqual(["listZqUsers", "createZqUser", "getZqUser"]);
      expect(ids(["listZqTeams"], { tags: ["zqsettings"], pathPrefixes: ["/v1"] })).toEqual([
        "listZqTeams",
        "getZqSettings",
        "listZqUsers",
        "createZqUser",
        "getZqUser",
      ]);
    },
  );

  it("refuses a tag no operation has, naming the document's closest tags, and a prefix no path is under", () => {
    expect(() => ids([], { tags: ["zquser"] })).toThrow(
      /no operation has the tag "zquser" \(its tags: "zqusers", "zqadmin", "zqsettings"\)/,
    );
    expect(() => ids([], { pathPrefixes: ["/v1/zqus"] })).toThrow(/no operation's path is "\/v1\/zqus" or under it/);
  });
});

describe("documentOperations", () => {
  it("lists every operation in the document's order, with its id and summary when it has them", () => {
    expect(documentOperations(doc)).toEqual([
      { path: "/chat.postMessage", method: "post", operationId: "chat_postMessage", summary: "Post" },
      { path: "/v1/customers", method: "get", operationId: "GetCustomers" },
      { path: "/v1/customers", method: "post", operationId: "PostCustomers" },
      { path: "/v1/customers/{customer}", method: "get", operationId: "GetCustomersCustomer" },
      { path: "/v1/customers/{customer}", method: "delete" },
    ]);
  });
});

describe("an operation of a method fetch refuses to send (TRACE)", () => {
  const traced = {
    paths: {
      "/zqecho": { get: { operationId: "zqEcho", tags: ["zq"] }, trace: { operationId: "zqTraceEcho", tags: ["zq"] } },
    },
  };
  const taken = (asked: string[], groups?: OperationGroups) =>
    selectOperations(traced, asked, groups).map((o) => `${o.method} ${o.path}`);

  it("is left out of all, a tag and a path prefix; named, add refuses it with the reason", async () => {
    expect(taken(["all"])).toEqual(["get /zqecho"]);
    expect(taken([], { tags: ["zq"] })).toEqual(["get /zqecho"]);
    expect(taken([], { pathPrefixes: ["/zqecho"] })).toEqual(["get /zqecho"]);
    const { drafted } = await import("../__fixtures__/draft-kit.js");
    expect(() => drafted(traced, ["zqTraceEcho"])).toThrow(/method is TRACE, which fetch refuses to send/);
  });
});
