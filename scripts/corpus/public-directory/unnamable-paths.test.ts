// A path `add --operations` cannot write as `METHOD /path` (a space or a comma in it): the run named no operation of
// it, so a document whose every path is such (`/Your Pull DOC Request API Path`) was counted as having "no operation
// add can take", which is not so: add takes each by its operationId. Such an operation is named by its operationId
// where that is the document's only one of the name and holds no comma; otherwise it is still never taken.
import { describe, expect, it } from "vitest";
import { seeded } from "./documents.js";
import { pickOperations } from "./operations.js";

const post = (operationId?: string) => ({
  post: {
    ...(operationId !== undefined ? { operationId } : {}),
    requestBody: { content: { "application/json": { schema: { type: "object" } } } },
    responses: { 200: { description: "ok" } },
  },
});

describe("an operation whose path add's --operations cannot write", () => {
  it("is named by its operationId, so that a document of only such paths is not read as having none", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "zq", version: "1" },
      paths: { "/Zq Pull Doc Path": post("Zq Pull Doc"), "/Zq Pull Uri Path": post("Zq Pull Uri") },
    };
    expect(
      pickOperations(document, 5, seeded(1))
        .map((p) => p.name)
        .sort(),
    ).toEqual(["Zq Pull Doc", "Zq Pull Uri"]);
  });

  it("is still never taken without an operationId add could read as that one operation's", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "zq", version: "1" },
      paths: {
        "/zq/a,b": post("zqTwice"),
        "/zq/c d": post("zqTwice"),
        "/zq/e f": post(),
        "/zq/g h": post("zq,comma"),
        "/zq/plain": post("zqTwice"),
      },
    };
    expect(pickOperations(document, 5, seeded(1)).map((p) => p.name)).toEqual(["POST /zq/plain"]);
  });
});
