// Prism's path templates compiled once a template (prism-templates-once.cjs): a request's path parameters read as
// before, from the template compiled for the first request of its operation.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
// Loading the mocks' Prism puts the part in Prism's place (src/vendor/prism.cjs).
require("../prism.cjs");
const { templatesOnce } = require("./prism-templates-once.cjs") as {
  templatesOnce: (uri: { Template: new (t: string) => object }) => { Template: new (t: string) => object };
};
type Template = { match(path: string): Record<string, unknown> | null };
const { URI } = require("uri-template-lite") as { URI: { Template: new (t: string) => Template } };

describe("Prism's path templates, compiled once", () => {
  it("gives Prism's validator the template compiled for the first request of the same path", () => {
    const first = new URI.Template("/zq/{zqId}/items/{zqItem}");
    const again = new URI.Template("/zq/{zqId}/items/{zqItem}");
    expect(again).toBe(first);
    expect(new URI.Template("/zq/{zqId}")).not.toBe(first);
  });

  it("reads each request's path parameters as a template compiled for it alone does", () => {
    const template = "/zq/{zqId}/items/{zqItem}";
    for (const path of ["/zq/a%20b/items/3", "/zq/x/items/", "/zq/%E2%82%AC/items/4/5", "/other"]) {
      const once = new URI.Template(template).match(path);
      expect(new URI.Template(template).match(path)).toEqual(once);
    }
    expect(new URI.Template(template).match("/zq/a%20b/items/3")).toEqual({ zqId: "a b", zqItem: "3" });
  });

  it("compiles a template the first time only", () => {
    let compiled = 0;
    const uri = templatesOnce({
      Template: function Template(this: { text: string }, text: string) {
        compiled++;
        this.text = text;
      } as unknown as new (
        t: string,
      ) => object,
    });
    const made = [new uri.Template("/zq/{a}"), new uri.Template("/zq/{a}"), new uri.Template("/zq/{b}")];
    expect(compiled).toBe(2);
    expect(made[1]).toBe(made[0]);
    expect(made[2]).toEqual({ text: "/zq/{b}" });
  });
});
