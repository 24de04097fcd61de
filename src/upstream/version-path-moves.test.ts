// `upstream --accept` on a made-up document (`zqthings`) that moved its API version out of the server's address into
// its paths (`https://zq.example.test/v4` with `/zqthings`, then `https://zq.example.test` with
// `/{zqVersion}/zqthings`, `zqVersion` defaulting to `v4`) and named its operations anew (`createZqThing` →
// `post-zq-thing`): the re-cut left out every operation whose new name shares not all of its words, and generate
// refused their tools.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { recut } from "./recut.js";
import { tightenManifest } from "./tighten.js";

type Json = Record<string, unknown>;
const ok = { "200": { description: "ok" } };
const zqVersion = {
  name: "zqVersion",
  in: "path",
  required: true,
  schema: { type: "string", enum: ["v4", "v4beta"], default: "v4" },
};

const OLDER: Json = {
  openapi: "3.0.3",
  info: { title: "zqthings", version: "1" },
  servers: [{ url: "https://zq.example.test/v4" }],
  paths: { "/zqthings": { post: { operationId: "createZqThing", responses: ok } } },
};
const NEWER: Json = {
  openapi: "3.0.3",
  info: { title: "zqthings", version: "2" },
  servers: [{ url: "https://zq.example.test" }],
  paths: {
    "/{zqVersion}/zqthings": { post: { operationId: "post-zq-thing", parameters: [zqVersion], responses: ok } },
    "/{zqVersion}/zqboxes": { post: { operationId: "post-zq-box", parameters: [zqVersion], responses: ok } },
  },
};
const CALLED = [{ method: "post", path: "/zqthings", operationId: "createZqThing" }];

describe("an API version moved from the server into the paths, the operations named anew", () => {
  it("the re-cut follows each operation to its path at the same address, the manifest to its new name", () => {
    const cut = recut(JSON.stringify(OLDER), NEWER, CALLED, "zqthings-2.json", "0".repeat(64));
    expect(cut.missing).toEqual([]);
    expect(cut.moved).toEqual(["POST /zqthings → POST /{zqVersion}/zqthings (createZqThing, named post-zq-thing)"]);
    expect(Object.keys(parse(cut.text.replace(/^#.*\n/gm, "")).paths)).toEqual(["/{zqVersion}/zqthings"]);
    const manifest =
      "provider: zqthings\noperations:\n  zqthings_create:\n    operationId: createZqThing\n" +
      "    title: Create a thing\n";
    const tightened = tightenManifest(manifest, cut.text, "openapi.yaml", JSON.stringify(OLDER));
    expect(parse(tightened.text).operations.zqthings_create.operationId).toBe("post-zq-thing");
  });

  it("an operation at another address (the version defaulting to another) is still gone", () => {
    const v5 = JSON.parse(
      JSON.stringify(NEWER).replaceAll('"default":"v4"', '"default":"v5"').replaceAll('"v4beta"', '"v5"'),
    );
    expect(recut(JSON.stringify(OLDER), v5, CALLED, "zqthings-2.json", "0".repeat(64)).missing).toEqual([
      "POST /zqthings",
    ]);
  });
});
