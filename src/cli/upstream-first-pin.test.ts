// `upstream --accept` on a provider whose spec was written by hand from the vendor's document, with nothing pinned:
// the document becomes the first pin (one lacking an operation the tools call is refused), the vendor's own broken
// example becomes a warning, and the next version is compared with it. The provider is the made-up `zqpiers`.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { sha256 } from "../common/hash.js";
import { cli } from "../../test-support/cli-harness.js";
import { handManifest } from "../link/__fixtures__/hand-written.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-first-pin-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The vendor's document: one list operation whose `limit` is typed a string with a number for its example. */
function vendorDocument(path = "/piers"): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title: "zqpiers", version: "1" },
    servers: [{ url: "https://zqpiers.invalid/v1" }],
    security: [{ zqKey: [] }],
    components: { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
    paths: {
      [path]: {
        get: {
          operationId: "listPiers",
          parameters: [{ name: "limit", in: "query", schema: { type: "string", maxLength: 4, example: 20 } }],
          responses: {
            "200": {
              description: "The piers.",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { names: { type: "array", items: { type: "string" } } } },
                  example: { names: ["North"] },
                },
              },
            },
          },
        },
      },
    },
  };
}

const manifest = handManifest(
  "zqpiers",
  "The piers of a made-up harbour.",
  {
    operations: {
      zqpiers_list: {
        operationId: "listPiers",
        title: "List piers",
        description: "Lists the piers.",
        params: { limit: { type: "string", maxLength: 4, description: "Most piers.", wire: { in: "query" } } },
        outputs: { names: { type: "array", description: "The names.", from: "$response.body#/names", default: [] } },
      },
    },
  },
  {
    server: { default: "https://zqpiers.invalid/v1" },
    auth: { scheme: "zqKey", param: "apiKey" },
    params: { apiKey: { type: "string", secret: true, required: true, description: "The key." } },
  },
);

describe("upstream --accept on a provider written by hand, nothing pinned", () => {
  it("pins the document its spec was written from; its broken example is then a warning", async () => {
    const dir = join(tmp, "hand");
    const provider = join(dir, "specs", "zqpiers");
    mkdirSync(provider, { recursive: true });
    writeFileSync(join(provider, "openapi.yaml"), stringify(vendorDocument()));
    writeFileSync(join(provider, "manifest.yaml"), stringify(manifest));
    const vendor = JSON.stringify(vendorDocument());
    writeFileSync(join(dir, "vendor.json"), vendor);
    writeFileSync(join(dir, "other.json"), JSON.stringify(vendorDocument("/quays")));

    // The example is an error, which says how the vendor's own becomes a warning.
    const refused = await cli(["generate"], { cwd: dir });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("must be string, got 20");
    expect(refused.stderr).toContain("blockwright upstream zqpiers <document> --accept");

    // Without --accept there is nothing to compare with: said, with the way to pin.
    const unpinned = await cli(["upstream", "zqpiers", "vendor.json"], { cwd: dir });
    expect(unpinned.code).toBe(2);
    expect(unpinned.stderr).toContain("zqpiers has no pinned published document");
    expect(unpinned.stderr).toContain("blockwright upstream zqpiers <document> --accept");

    // Another document, without the operation the tool calls: refused, naming it, nothing pinned.
    const other = await cli(["upstream", "zqpiers", "other.json", "--accept"], { cwd: dir });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("lacks 1 of the 1 operation zqpiers's tools call");
    expect(other.stderr).toContain("zqpiers_list · GET /piers");
    expect(existsSync(join(provider, "upstream"))).toBe(false);

    const first = await cli(
      ["upstream", "zqpiers", "vendor.json", "--accept", "--source", "https://zqpiers.invalid/o"],
      {
        cwd: dir,
      },
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      "zqpiers: no document was pinned before: nothing compared; the 1 operation we call is in it\n",
    );
    expect(readFileSync(join(provider, "upstream", "published.json"), "utf8")).toBe(vendor);
    const source = readFileSync(join(provider, "upstream", "source.yaml"), "utf8");
    expect(source).toContain("specs/zqpiers/openapi.yaml was written from");
    expect(source).toContain('retrieved: "');
    expect(parse(source)).toMatchObject({
      format: "openapi",
      file: "published.json",
      source: "https://zqpiers.invalid/o",
      sha256: sha256(vendor),
    });

    const generated = await cli(["generate"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stderr).toContain("warning: specs/zqpiers/openapi.yaml");
    expect(generated.stderr).toContain("the published document's own example: left out");
  });

  it("compares the next version with the first pin; --accept pins it, the earlier file removed", async () => {
    const dir = join(tmp, "next");
    const provider = join(dir, "specs", "zqpiers");
    mkdirSync(provider, { recursive: true });
    writeFileSync(join(provider, "openapi.yaml"), stringify(vendorDocument()));
    writeFileSync(join(provider, "manifest.yaml"), stringify(manifest));
    writeFileSync(join(dir, "vendor.json"), JSON.stringify(vendorDocument()));
    expect((await cli(["upstream", "zqpiers", "vendor.json", "--accept"], { cwd: dir })).code).toBe(0);

    // The next version, as Swagger 2.0 in YAML: `limit` now at most 2 characters.
    const swagger = {
      swagger: "2.0",
      info: { title: "zqpiers", version: "2" },
      host: "zqpiers.invalid",
      basePath: "/v1",
      schemes: ["https"],
      securityDefinitions: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } },
      security: [{ zqKey: [] }],
      paths: {
        "/piers": {
          get: {
            operationId: "listPiers",
            produces: ["application/json"],
            parameters: [{ name: "limit", in: "query", type: "string", maxLength: 2 }],
            responses: {
              "200": {
                description: "The piers.",
                schema: { type: "object", properties: { names: { type: "array", items: { type: "string" } } } },
              },
            },
          },
        },
      },
    };
    writeFileSync(join(dir, "v2.yaml"), stringify(swagger));
    const compared = await cli(["upstream", "zqpiers", "v2.yaml", "--json"], { cwd: dir });
    expect(compared.code, compared.stderr).toBe(1);
    const kinds = JSON.parse(compared.stdout).changes.map(
      (c: { kind: string; binds: string[] }) => `${c.kind} [${c.binds}]`,
    );
    expect(kinds).toEqual(["request-parameter-limit-tightened [param limit]"]);

    const accepted = await cli(["upstream", "zqpiers", "v2.yaml", "--accept"], { cwd: dir });
    expect(accepted.code, accepted.stderr).toBe(1);
    expect(existsSync(join(provider, "upstream", "published.json"))).toBe(false);
    expect(parse(readFileSync(join(provider, "upstream", "source.yaml"), "utf8"))).toMatchObject({
      format: "swagger",
      file: "published.yaml",
    });
    // The spec written by hand is left to its author.
    expect(parse(readFileSync(join(provider, "openapi.yaml"), "utf8"))).toEqual(vendorDocument());
  });
});
