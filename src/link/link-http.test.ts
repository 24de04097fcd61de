// The new manifest concepts refused where they are wrong, each with the exact
// message, `file:line:col` first, and never a stack trace (specs as found in
// the wild: wild-specs.test.ts). On copies of the fixture providers of specs-wild.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkValue, parseExpression } from "@blockwright/runtime/internal";
import { linkWild, wildProblems, type Edit } from "../../test-support/link-wild.js";
import { generate, GenerationErrors } from "../emit/generate-all.js";

const wildDir = fileURLToPath(new URL("../../test-support/fixtures/specs-wild/", import.meta.url));

const P = "specs/zqpayments/manifest.yaml";
const T = "specs/tracker/manifest.yaml";
const _TRACKER_OPENAPI = "specs/tracker/openapi.yaml";
const ACCEPT = "  - { in: header, name: Accept, value: application/vnd.tracker+json }";

describe("the fixtures", () => {
  it("link without problems", async () => {
    expect(await wildProblems("zqpayments", [])).toEqual([]);
    expect(await wildProblems("tracker", [])).toEqual([]);
  });
});

const table: { name: string; provider: "zqpayments" | "tracker"; edits: Edit[]; expected: string[] }[] = [
  {
    name: "pagination items that are not an array output",
    provider: "zqpayments",
    edits: [{ find: "      items: [data]", replace: "      items: [metadata.count]" }],
    expected: [
      `${P}:123:15: operations.zqpayments_list_customers.pagination.items.0: ` +
        `"metadata.count" is a number output; the items of a page are an array output`,
    ],
  },
  {
    name: "a cursor the response does not have (the last item's field)",
    provider: "zqpayments",
    edits: [{ find: 'cursor: "$response.body#/data/-1/id"', replace: 'cursor: "$response.body#/data/-1/uid"' }],
    expected: [
      `${P}:120:15: operations.zqpayments_list_customers.pagination.cursor: ` +
        `response field "/data/-1/uid" not found in the success response of "GetCustomers" in ` +
        `specs/zqpayments/openapi.yaml`,
    ],
  },
  {
    name: "a cursor sent to a parameter the operation does not declare",
    provider: "zqpayments",
    edits: [{ find: "send: { in: query, name: starting_after }", replace: "send: { in: query, name: after }" }],
    expected: [
      `${P}:121:32: operations.zqpayments_list_customers.pagination.send.name: ` +
        `query parameter "after" not found in operation "GetCustomers" of specs/zqpayments/openapi.yaml (its ` +
        `query parameters: limit, starting_after, email)`,
    ],
  },
  {
    name: "a 'more' test that can never hold",
    provider: "zqpayments",
    edits: [{ find: "equals: true }", replace: 'equals: "yes" }' }],
    expected: [
      `${P}:122:57: operations.zqpayments_list_customers.pagination.more.equals: ` +
        `"yes" can never equal "$response.body#/has_more", which is boolean in specs/zqpayments/openapi.yaml`,
    ],
  },
  {
    name: "a parameter named like a page input",
    provider: "zqpayments",
    edits: [{ find: "      startingAfter:\n", replace: "      maxItems:\n" }],
    expected: [
      `${P}:113:7: operations.zqpayments_list_customers.params.maxItems: "maxItems" is the name of a block ` +
        `input of list operations (allPages, maxItems, maxPages); choose another name`,
    ],
  },
  {
    name: "a Link-header pagination on a POST",
    provider: "tracker",
    edits: [
      {
        find: "    outputs:\n      data:\n        type: json",
        replace: "    pagination: { style: linkHeader, items: [data] }\n    outputs:\n      data:\n        type: json",
      },
    ],
    expected: [
      `${T}:116:46: operations.tracker_create_issue.pagination.items.0: "data" is a json output; ` +
        `the items of a page are an array output`,
      `${T}:116:26: operations.tracker_create_issue.pagination.style: a next page's address is fetched with ` +
        `GET, but "issues/create" is POST; use a cursor sent in the body`,
    ],
  },
  {
    name: "a parameter placed where a provider-wide constant goes",
    provider: "tracker",
    edits: [{ find: ACCEPT, replace: `${ACCEPT}\n  - { in: query, name: per_page, value: 50 }` }],
    expected: [
      `${T}:83:9: operations.tracker_list_issues.params.perPage.wire: query "per_page" is already sent by the ` +
        `provider-wide constant (constants.1)`,
    ],
  },
  {
    name: "a parameter placed where the operation's own constant goes",
    provider: "tracker",
    edits: [
      {
        find: "    title: List issues\n",
        replace: "    title: List issues\n    constants:\n      - { in: query, name: per_page, value: 50 }\n",
      },
    ],
    expected: [
      `${T}:84:9: operations.tracker_list_issues.params.perPage.wire: query "per_page" is already sent by the ` +
        `operation's constant (operations.tracker_list_issues.constants.0)`,
    ],
  },
  {
    name: "a provider-wide constant on the idempotency header (in another case)",
    provider: "zqpayments",
    edits: [
      {
        find: "idempotency:\n",
        replace: "constants:\n  - { in: header, name: idempotency-key, value: fixed }\nidempotency:\n",
      },
    ],
    expected: [
      `${P}:18:5: constants.0: header "idempotency-key" is already sent by the idempotency key (idempotency.header)`,
    ],
  },
  {
    name: "a provider-wide constant on the credential's header",
    provider: "tracker",
    edits: [{ find: ACCEPT, replace: `${ACCEPT}\n  - { in: header, name: authorization, value: Bearer x }` }],
    expected: [
      `${T}:19:5: constants.1: header "authorization" is already sent by the credential (auth.scheme bearerAuth)`,
    ],
  },
  {
    name: "a provider-wide constant that does not fit the parameter an operation declares",
    provider: "tracker",
    edits: [{ find: ACCEPT, replace: `${ACCEPT}\n  - { in: query, name: page, value: first }` }],
    expected: [
      `${T}:19:37: constants.1.value: constant "first" does not fit query parameter "page" of ` +
        `"issues/list-for-repo" in specs/tracker/openapi.yaml`,
    ],
  },
  {
    name: "a form field style a form cannot take",
    provider: "zqpayments",
    edits: [
      {
        file: "openapi.yaml",
        find: "address: { style: deepObject, explode: true }",
        replace: "address: { style: matrix, explode: true }",
      },
    ],
    expected: [
      `${P}:45:18: operations.zqpayments_create_customer.operationId: the form encoding of field "address" of ` +
        `"PostCustomers" in specs/zqpayments/openapi.yaml has style "matrix"; a form field takes form, ` +
        `spaceDelimited, pipeDelimited, deepObject`,
    ],
  },
  {
    name: "a top-level key for anchors without the x- prefix",
    provider: "tracker",
    edits: [{ find: "x-anchors:", replace: "anchors:" }],
    expected: [
      `${T}:27:1: (top level): unknown field "anchors" (allowed: $schema, provider, name, description, ` +
        `longDescription, color, category, docsUrl, openapi, server, limits, auth, errors, rateLimits, ` +
        `constants, idempotency, params, operations, triggers)`,
    ],
  },
  {
    name: "a failureWhen test that reads no reply",
    provider: "tracker",
    edits: [
      { find: "  details:\n", replace: '  failureWhen:\n    - { from: "$params.token", equals: false }\n  details:\n' },
    ],
    expected: [
      `${T}:23:15: errors.failureWhen.0.from: must match pattern ` +
        `"^\\$response\\.(body(#.*)?|header\\.[A-Za-z0-9-]+)$", got "$params.token"`,
    ],
  },
  {
    name: "a host pattern that is an IP address",
    provider: "tracker",
    edits: [
      {
        find: "  default: https://api.tracker.test\n",
        replace: "  default: https://api.tracker.test\n  hosts: [10.0.0.5]\n",
      },
    ],
    expected: [`${T}:14:11: server.hosts.0: must be a host name, not an IP address, got "10.0.0.5"`],
  },
  {
    name: "an address parameter whose placeholder names a host server.hosts does not allow",
    provider: "tracker",
    edits: [
      { find: "  default: https://api.tracker.test\n", replace: '  param: instance\n  hosts: ["*.tracker.test"]\n' },
      {
        find: "params:\n  token:\n",
        replace:
          "params:\n  instance:\n    type: string\n    maxLength: 255\n    required: true\n    format: " +
          "base-url\n    placeholder: https://acme.tracker.example\n    description: The instance.\n  token:\n",
      },
    ],
    expected: [
      `${T}:54:18: params.instance.placeholder: "https://acme.tracker.example" names host ` +
        `acme.tracker.example, which server.hosts (*.tracker.test) does not allow`,
    ],
  },
  {
    name: "quota codes with nothing to read them from",
    provider: "tracker",
    edits: [{ find: "errors:\n  message:", replace: "rateLimits:\n  quota: { codes: [DAILY] }\nerrors:\n  message:" }],
    expected: [`${T}:21:12: rateLimits.quota.codes: there is no quota code to read: give quota.from, or errors.code`],
  },
  {
    name: "a page size on a Link-header pagination that is no parameter of the operation",
    provider: "tracker",
    edits: [{ find: "      style: linkHeader\n", replace: "      style: linkHeader\n      pageSize: perPages\n" }],
    expected: [
      `${T}:85:17: operations.tracker_list_issues.pagination.pageSize: "perPages" is not a parameter of the ` +
        `operation (parameters: token, owner, repo, state, labels, perPage)`,
    ],
  },
  {
    name: "a page size parameter that is not a number",
    provider: "zqpayments",
    edits: [{ find: "      items: [data]", replace: "      items: [data]\n      pageSize: startingAfter" }],
    expected: [
      `${P}:124:17: operations.zqpayments_list_customers.pagination.pageSize: ` +
        `"startingAfter" must be a number parameter sent in the query, a header or the body, ` +
        `to say a page's size`,
    ],
  },
];

describe("new concepts carried into the IR", () => {
  const irOf = async (provider: "zqpayments" | "tracker", edits: Edit[] = []) => {
    const linked = await linkWild(provider, edits);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    return linked.ir;
  };
  const tool = (ir: Awaited<ReturnType<typeof irOf>>, id: string) => ir.operations.find((o) => o.tool.id === id)!.tool;

  it("provider-wide constants on every operation; x- keys leave no trace", async () => {
    const ir = await irOf("tracker");
    for (const op of ir.operations) {
      expect(op.tool.constants).toEqual([
        { in: "header", name: "Accept", value: "application/vnd.tracker+json" },
        { in: "header", name: "X-Tracker-Api-Version", value: "2022-11-28" },
      ]);
    }
    expect(JSON.stringify(ir)).not.toContain("x-anchors");
    // The anchors' values arrived where they were referenced.
    expect(tool(ir, "tracker_list_issues").params.find((p) => p.name === "owner")).toMatchObject({
      required: true,
      maxLength: 39,
      wire: { in: "path", name: "owner" },
    });
  });

  it("the body's media type and form encoding, the idempotency header on POSTs only, the error details", async () => {
    const ir = await irOf("zqpayments");
    expect(tool(ir, "zqpayments_create_customer")).toMatchObject({
      body: {
        mediaType: "application/x-www-form-urlencoded",
        encoding: "form",
        fields: { address: { style: "deepObject", explode: true } },
      },
      idempotency: { header: "Idempotency-Key" },
    });
    expect(tool(ir, "zqpayments_list_customers").idempotency).toBeUndefined();
    expect(tool(ir, "zqpayments_list_customers").errors.details).toEqual({
      declineCode: [parseExpression("$response.body#/error/decline_code")],
      param: [parseExpression("$response.body#/error/param")],
      type: [parseExpression("$response.body#/error/type")],
    });
    expect(tool(await irOf("tracker"), "tracker_create_issue").body).toEqual({
      mediaType: "application/vnd.tracker+json",
      encoding: "json",
    });
  });

  it(
    "an operation's own idempotency header wins over the provider's, and reaches an operation whose method the " +
      "provider's does not list (issue 55: a key on some operations only)",
    async () => {
      const ir = await irOf("zqpayments", [
        {
          find: "    operationId: PostCustomers\n",
          replace: "    operationId: PostCustomers\n    idempotency: { header: Zq-Replay-Token }\n",
        },
        {
          find: "    operationId: GetCustomers\n",
          replace: "    operationId: GetCustomers\n    idempotency: { header: Zq-List-Key }\n",
        },
      ]);
      expect(tool(ir, "zqpayments_create_customer").idempotency).toEqual({ header: "Zq-Replay-Token" });
      expect(tool(ir, "zqpayments_list_customers").idempotency).toEqual({ header: "Zq-List-Key" });
    },
  );

  it(
    "a multipart body keeps the fields whose encoding sets a style, to write them as a form's (issue 55: " +
      "stripe-node writes them so)",
    async () => {
      const ir = await irOf("zqpayments", [
        {
          file: "openapi.yaml",
          find: "          application/x-www-form-urlencoded:\n",
          replace: "          multipart/form-data:\n",
        },
      ]);
      const deep = { style: "deepObject", explode: true };
      expect(tool(ir, "zqpayments_create_customer").body).toEqual({
        mediaType: "multipart/form-data",
        encoding: "multipart",
        fields: { address: deep, metadata: deep, preferred_locales: deep },
      });
    },
  );

  it("a page size on a next page's address: the first request carries it (issue 54, P1)", async () => {
    const ir = await irOf("tracker", [
      { find: "      style: linkHeader\n", replace: "      style: linkHeader\n      pageSize: perPage\n" },
    ]);
    expect(tool(ir, "tracker_list_issues").pagination).toMatchObject({
      next: { style: "linkHeader" },
      pageSize: "perPage",
    });
  });

  it("failureWhen tests, for APIs that answer 2xx with a failure", async () => {
    const ir = await irOf("tracker", [
      {
        find: "  details:\n",
        replace: '  failureWhen:\n    - { from: "$response.body#/ok", equals: false }\n  details:\n',
      },
    ]);
    expect(tool(ir, "tracker_list_issues").errors.failureWhen).toEqual([
      { expression: "$response.body#/ok", ref: { kind: "body", pointer: ["ok"] }, equals: false },
    ]);
  });

  it("pagination, with the last item's id as the cursor", async () => {
    expect(tool(await irOf("zqpayments"), "zqpayments_list_customers").pagination).toEqual({
      next: {
        style: "cursor",
        cursor: { expression: "$response.body#/data/-1/id", ref: { kind: "body", pointer: ["data", "-1", "id"] } },
        send: { in: "query", name: "starting_after" },
      },
      more: { expression: "$response.body#/has_more", ref: { kind: "body", pointer: ["has_more"] }, equals: true },
      items: ["data"],
    });
  });
});

describe("new concepts refused where they are wrong", () => {
  for (const row of table) {
    it(`refuses ${row.name}`, async () => {
      expect(await wildProblems(row.provider, row.edits)).toEqual(row.expected);
    });
  }
});

describe("limitsFromSpec", () => {
  const MANIFEST_LIMIT = "        type: number\n        integer: true\n        minimum: 1\n        maximum: 100\n";
  const SPEC_LIMIT = "schema: { type: integer, minimum: 1, maximum: 100 }";
  /** The `limit` parameter of zqpayments_list_customers, its limits taken from the spec's schema `schema`. */
  async function limitWith(schema: string) {
    const linked = await linkWild("zqpayments", [
      { find: MANIFEST_LIMIT, replace: "        type: number\n        limitsFromSpec: true\n" },
      { file: "openapi.yaml", find: SPEC_LIMIT, replace: `schema: ${schema}` },
    ]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const param = linked.ir.operations
      .find((o) => o.tool.id === "zqpayments_list_customers")
      ?.tool.params.find((p) => p.name === "limit");
    if (!param) throw new Error("no limit parameter");
    return param;
  }
  const accepts = (param: Awaited<ReturnType<typeof limitWith>>, value: number) =>
    !("issue" in checkValue(param, value));

  it("copies the schema's integer, bounds, enum and length limits the manifest does not state", async () => {
    expect(await limitWith("{ type: integer, minimum: 1, maximum: 100 }")).toMatchObject({
      integer: true,
      minimum: 1,
      maximum: 100,
    });
    expect(await limitWith("{ type: integer, enum: [10, 20, 50] }")).toMatchObject({
      integer: true,
      enum: [10, 20, 50],
    });
  });

  it("makes an exclusive integer bound the next integer inside it (3.0 boolean form)", async () => {
    const param = await limitWith(
      "{ type: integer, minimum: 0, exclusiveMinimum: true, maximum: 101, exclusiveMaximum: true }",
    );
    expect(param).toMatchObject({ integer: true, minimum: 1, maximum: 100 });
  });

  it("makes an exclusive number bound refuse the bound itself and nothing inside it", async () => {
    const param = await limitWith(
      "{ type: number, minimum: 100, exclusiveMinimum: true, maximum: 1000, exclusiveMaximum: true }",
    );
    expect([accepts(param, 100), accepts(param, 100.001), accepts(param, 999.999), accepts(param, 1000)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("a project with problems in several providers", () => {
  it("reports every provider's problems, in folder order, and emits nothing", async () => {
    const root = mkdtempSync(join(tmpdir(), "blockwright-two-broken-"));
    try {
      for (const p of ["zqpayments", "tracker"]) cpSync(join(wildDir, p), join(root, "specs", p), { recursive: true });
      const edit = (file: string, find: string, replace: string) =>
        writeFileSync(file, readFileSync(file, "utf8").replace(find, replace));
      edit(join(root, "specs/zqpayments/openapi.yaml"), "operationId: PostCustomers", "operationId: GetCustomers");
      edit(join(root, "specs/tracker/manifest.yaml"), "provider: tracker", "provider: trackers");
      const failure = await generate({ root }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(GenerationErrors);
      expect((failure as GenerationErrors).errors.map((e) => e.message)).toEqual([
        `specs/tracker/manifest.yaml:5:11: provider: "trackers" must match its folder name "tracker"`,
        `specs/zqpayments/openapi.yaml:57:20: operationId "GetCustomers" is already used by GET /v1/customers ` +
          `(specs/zqpayments/openapi.yaml:18:20): operation ids must be unique`,
      ]);
      expect(existsSync(join(root, "generated"))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
