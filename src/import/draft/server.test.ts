// Where a drafted provider's calls go when the document's server has a host
// variable: whose default is no address (`https://{index_host}`, default
// `unknown`), each call names it, as for a relative server; which lists its
// values (`https://api.{region}.example.com`, eu, us or ca), each value's host
// is the provider's own; whose host has variables no host rule covers, at
// defaults that are no value (`{accountName}`, none), each call names it too.
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const withServer = (url: string, host: string) => ({
  ...openapi({
    "/vectors/query": {
      post: {
        operationId: "queryVectors",
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  }),
  servers: [{ url, variables: { zq_host: { default: host, description: "the host of the index" } } }],
});

describe("a server whose host is a variable", () => {
  it(
    "with a default that is no address (one label, not localhost): the instance address, " +
      "required, the server's path after it",
    async () => {
      const d = drafted(withServer("https://{zq_host}/v9", "unknown"), ["queryVectors"]);
      expect(d.manifest.server).toEqual({ param: "instanceUrl" });
      expect(d.manifest.params?.instanceUrl).toMatchObject({
        format: "base-url",
        required: true,
        visibility: "user-only",
      });
      expect(notesAt(d, "server.param")[0]).toMatch(
        new RegExp(
          String.raw`^the document's server "https:\/\/\{zq_host\}\/v9" is wherever the API is installed \(a ` +
            String.raw`variable is its whole host\): drafted as the instance address, a connection input ` +
            String.raw`\(instanceUrl\), with no default: the document gives no address, \/v9 appended`,
        ),
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it(
    "with a default that is a host, or a whole address (a self-hosted `{server}/api`): the " +
      "instance address, that address its default",
    async () => {
      const host = drafted(withServer("https://{zq_host}", "zq-index.example.com"), ["queryVectors"]);
      expect(host.manifest.server).toEqual({ param: "instanceUrl" });
      expect(host.manifest.params?.instanceUrl).toMatchObject({ default: "https://zq-index.example.com" });
      const selfHosted = drafted(
        {
          ...withServer("", ""),
          servers: [{ url: "{zq_server}/api/v1", variables: { zq_server: { default: "http://localhost:3000" } } }],
        },
        ["queryVectors"],
      );
      expect(selfHosted.manifest.server).toEqual({ param: "instanceUrl" });
      expect(selfHosted.manifest.params?.instanceUrl).toMatchObject({
        default: "http://localhost:3000",
        description: expect.stringContaining("/api/v1 is appended"),
      });
      expect(await linkProblems(selfHosted)).toEqual([]);
    },
  );
});

describe("a server whose address has variables: connection inputs (server.url, server.variables)", () => {
  const regional = (url: string, variables: Record<string, unknown>) => ({
    ...openapi({
      "/zq-widgets": {
        get: {
          operationId: "listWidgets",
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    }),
    servers: [{ url, variables }],
  });

  it(
    "a variable that lists its values (a region): an input with the document's enum and " +
      "default; the hosts they make are the provider's; it links",
    async () => {
      const d = drafted(
        regional("https://api.{zq_region}.zq-widgets.example/v3", {
          zq_region: { default: "eu", enum: ["eu", "us", "ca"], description: "The region." },
        }),
        ["listWidgets"],
      );
      expect(d.manifest.server).toEqual({
        url: "https://api.{zq_region}.zq-widgets.example/v3",
        variables: { zq_region: "zqRegion" },
      });
      expect(d.manifest.params?.zqRegion).toEqual({
        type: "string",
        title: "zq_region",
        default: "eu",
        enum: ["eu", "us", "ca"],
        visibility: "user-only",
        description: "The region.",
      });
      expect(notesAt(d, "server.url")[0]).toMatch(
        new RegExp(
          String.raw`each variable a connection input a person fills in \(zqRegion\), with the document's default ` +
            "and values; the credential goes to each host the listed values make only$",
        ),
      );
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      expect(tool?.server).toMatchObject({
        template: "https://api.{zq_region}.zq-widgets.example/v3",
        variables: { zq_region: "zqRegion" },
        hosts: ["api.eu.zq-widgets.example", "api.us.zq-widgets.example", "api.ca.zq-widgets.example"],
        basePath: "/v3",
      });
    },
  );

  it(
    "a tenant's subdomain (the host's first label, no values listed): an input bounded as a " +
      "host label; the credential goes to that domain's subdomains",
    async () => {
      const d = drafted(regional("https://{zq_tenant}.zq-chat.example/api/v1", { zq_tenant: { default: "example" } }), [
        "listWidgets",
      ]);
      expect(d.manifest.params?.zqTenant).toMatchObject({
        default: "example",
        pattern: "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$",
        maxLength: 63,
        visibility: "user-only",
      });
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      expect(tool?.server.hosts).toEqual(["*.zq-chat.example"]);
    },
  );

  it("a variable the document uses without declaring it: an input with no default, said", async () => {
    const d = drafted(regional("https://{zq_tenant}.zq-chat.example", {}), ["listWidgets"]);
    expect(d.manifest.params?.zqTenant).toMatchObject({ required: true });
    expect(notesAt(d, "server")[0]).toMatch(
      /uses \{zq_tenant\} without declaring it \(OpenAPI wants each in variables\): drafted with no default/,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a version in the path: an input with its values", () => {
    const d = drafted(
      regional("https://api.zq-widgets.example/{zq_version}", { zq_version: { default: "v2", enum: ["v1", "v2"] } }),
      ["listWidgets"],
    );
    expect(d.manifest.server).toEqual({
      url: "https://api.zq-widgets.example/{zq_version}",
      variables: { zq_version: "zqVersion" },
    });
    expect(d.manifest.params?.zqVersion).toMatchObject({ default: "v2", enum: ["v1", "v2"] });
  });

  it(
    "a variable inside the host with no values listed: no host rule can be made, so the " +
      "default's host (and the listed others), as before",
    () => {
      const letters = "abcdefghij".split("");
      const d = drafted(
        regional("https://{zq_tier}.{zq_cell}.{zq_zone}.zq-widgets.example", {
          zq_tier: { default: "a", enum: letters },
          zq_cell: { default: "a", enum: letters },
          zq_zone: { default: "main" },
        }),
        ["listWidgets"],
      );
      const server = d.manifest.server as { default: string; hosts: string[] };
      expect(server.default).toBe("https://a.a.main.zq-widgets.example");
      expect(server.hosts).toHaveLength(15);
      expect(server.hosts.every((h) => /^[a-j]\.[a-j]\.main\.zq-widgets\.example$/.test(h))).toBe(true);
    },
  );
});

describe("a server whose path variable's default spans several segments ({basePath}, default /api/v1)", () => {
  it("has the default written in (no one-segment value could replace it), said in a note; it links", async () => {
    const variables = { zq_base: { default: "/api/zq-widgets/v1.0" } };
    const d = drafted(
      { ...withServer("", ""), servers: [{ url: "https://zq-widgets.example/{zq_base}", variables }] },
      ["queryVectors"],
    );
    expect(d.manifest.server).toEqual({ default: "https://zq-widgets.example/api/zq-widgets/v1.0" });
    expect(d.manifest.params?.zqBase).toBeUndefined();
    expect(notesAt(d, "server").join("\n")).toContain(
      '"https://zq-widgets.example/{zq_base}" has {zq_base} standing for several segments of the path: written in ' +
        "as the default (https://zq-widgets.example/api/zq-widgets/v1.0)",
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a server without a scheme (//host, a network-path reference)", () => {
  it(
    "is that host over https, its path kept, said in a note; it links (the link reads the " +
      "document's server the same way)",
    async () => {
      const d = drafted(
        { ...withServer("//api.zqmail.test/v2", "unused"), servers: [{ url: "//api.zqmail.test/v2" }] },
        ["queryVectors"],
      );
      expect(d.manifest.server).toEqual({ default: "https://api.zqmail.test/v2" });
      expect(notesAt(d, "server.default")).toContain(
        "the document's first server has no scheme (//api.zqmail.test/v2): https taken",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});

describe("a first server on a placeholder host (a special-use name such as .local) beside a templated server", () => {
  const zqDoc = (servers: unknown[]) => ({
    ...openapi({
      "/zq-score": {
        post: {
          operationId: "zqScore",
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    }),
    servers,
  });
  const templated = {
    url: "http://{zq_host}:{zq_port}",
    variables: { zq_host: { default: "localhost" }, zq_port: { default: "80" } },
  };

  it(
    "is drafted from the templated server (its variables are connection inputs), the " +
      "placeholder dropped, said; it links",
    async () => {
      const d = drafted(zqDoc([{ url: "http://zq-engine.local" }, templated, { url: "http://localhost:8002" }]), [
        "zqScore",
      ]);
      expect(d.manifest.server).toEqual({ param: "instanceUrl" });
      expect(d.manifest.params?.instanceUrl).toMatchObject({
        format: "base-url",
        default: "http://localhost",
        visibility: "user-only",
      });
      expect(JSON.stringify(d.manifest)).not.toContain("zq-engine.local");
      expect(notesAt(d, "server")[0]).toBe(
        "the document's first server (http://zq-engine.local) is a placeholder no request reaches: drafted from " +
          'its server "http://{zq_host}:{zq_port}", whose variables say where the API is',
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("with a host variable, is listed first in the cut's servers, where the link reads it, and links", async () => {
    const tenant = {
      url: "https://{zq_tenant}.zq-engine-cloud.com/zqapi",
      variables: { zq_tenant: { default: "{zq_tenant}", description: "your tenant" } },
    };
    const d = drafted(zqDoc([{ url: "https://zq-engine.local" }, tenant]), ["zqScore"]);
    expect(d.manifest.server).toMatchObject({ url: "https://{zq_tenant}.zq-engine-cloud.com/zqapi" });
    const cut = jsyaml.load(d.openapiText) as { servers: { url: string }[] };
    expect(cut.servers.map((s) => s.url)).toEqual([tenant.url]);
    expect(d.openapiText).toContain(
      `# Changed by blockwright add: the server "${tenant.url}" listed first, and the placeholder ` +
        '"https://zq-engine.local" (no request reaches it) left out',
    );
    expect(notesAt(d, "server")[0]).toContain("is a placeholder no request reaches: drafted from its server");
    expect(await linkProblems(d)).toEqual([]);
  });

  it.each([
    ["in braces, as the variables' own names", { default: "{zq_account}" }, { default: "{zq_env}" }],
    ["none, and none written", { default: "none" }, {}],
    ["none, beside a value", { default: "none" }, { default: "zqstable" }],
    ["the empty text, beside a value", { default: "" }, { default: "zqstable" }],
  ])(
    "whose host has variables no host rule covers, with defaults that are no value (%s): each call names the " +
      "address, the document's own as the placeholder; it links",
    async (_, account, env) => {
      const accounts = {
        url: "https://{zq_account}.{zq_env}.zq-engine-cloud.com",
        variables: { zq_account: { description: "your account", ...account }, zq_env: { description: "", ...env } },
      };
      const d = drafted(zqDoc([{ url: "https://zq-engine.local" }, accounts]), ["zqScore"]);
      expect(d.manifest.server).toEqual({ param: "instanceUrl" });
      expect(d.manifest.params?.instanceUrl).toMatchObject({
        format: "base-url",
        required: true,
        placeholder: `https://{zq_account}.${"default" in env ? env.default : "{zq_env}"}.zq-engine-cloud.com`,
      });
      expect(notesAt(d, "server.param").join("\n")).toContain(
        "the host has the server variable {zq_account}, whose default (",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("whose host has variables no host rule covers, at defaults that are values: drafted at them as before", () => {
    const accounts = {
      url: "https://{zq_account}.{zq_env}.zq-engine-cloud.com",
      variables: { zq_account: { default: "zqdemo" }, zq_env: { default: "zqstable" } },
    };
    const d = drafted(zqDoc([{ url: "https://zq-engine.local" }, accounts]), ["zqScore"]);
    expect(d.manifest.server).toEqual({ default: "https://zqdemo.zqstable.zq-engine-cloud.com" });
  });

  it("a first server on a real host keeps it, the templated one left to the notes as before", () => {
    const d = drafted(zqDoc([{ url: "https://api.zq-engine.example.com" }, templated]), ["zqScore"]);
    expect(d.manifest.server).toEqual({ default: "https://api.zq-engine.example.com" });
  });
});
