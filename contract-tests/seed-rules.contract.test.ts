// Rules of the seed specification (the product contract: which parameters
// are required, which values an enum takes, which defaults apply), written
// out here from the seed rather than read from the manifests: a manifest (or
// an OpenAPI spec) that drops a required parameter, changes an enum or a
// default fails these, whatever the generic suites derived from it say.
// Where DECISIONS changed a seed rule (upstream additions and removals), the
// decided value is used and marked.
import { describe, expect, it } from "vitest";
import { modelParams } from "@blockwright/runtime/internal";
import {
  call,
  expectFailure,
  expectNoViolation,
  expectSuccess,
  mockUrl,
  tool,
  type Captured,
} from "../test-support/harness.js";
import { tools } from "../test-support/repo.js";

const GAMMA = "sk-gamma-seed-rules-01";
const PDL = "pdl-seed-rules-key-01";
const GRAPH = "graph-seed-rules-token-01";
const BOOKS = "AIzaSeedRulesKey0001";
const SF = "00Dseed!rules.token01";
const ACCOUNT_ID = "001D000000IqhSLIAZ";
const crm = () => ({ apiKey: SF, instanceUrl: mockUrl("crm") });

/**
 * Every operation of the seed with its required parameters (the seed's
 * "Required: yes" rows plus the credentials of its Authentication table),
 * and a valid input to take them out of.
 */
const seedRequired: Record<string, { required: string[]; valid: () => Record<string, unknown> }> = {
  crm_create_record: {
    required: ["apiKey", "instanceUrl", "sobject", "fields"],
    valid: () => ({ ...crm(), sobject: "Account", fields: { Name: "Acme" } }),
  },
  crm_query: {
    required: ["apiKey", "instanceUrl", "query"],
    valid: () => ({ ...crm(), query: "SELECT Id FROM Account" }),
  },
  crm_update_record: {
    required: ["apiKey", "instanceUrl", "sobject", "recordId", "fields"],
    valid: () => ({ ...crm(), sobject: "Account", recordId: ACCOUNT_ID, fields: { BillingCity: "Paris" } }),
  },
  crm_get_record: {
    required: ["apiKey", "instanceUrl", "sobject", "recordId"],
    valid: () => ({ ...crm(), sobject: "Account", recordId: ACCOUNT_ID }),
  },
  directory_list_users: { required: ["accessToken"], valid: () => ({ accessToken: GRAPH }) },
  directory_get_user: {
    required: ["accessToken", "userId"],
    valid: () => ({ accessToken: GRAPH, userId: "87d349ed-44d7-43e1-9a83-5f2406dee5bd" }),
  },
  directory_list_groups: { required: ["accessToken"], valid: () => ({ accessToken: GRAPH }) },
  directory_create_user: {
    required: ["accessToken", "displayName", "mailNickname", "userPrincipalName", "password"],
    valid: () => ({
      accessToken: GRAPH,
      displayName: "Adele Vance",
      mailNickname: "AdeleV",
      userPrincipalName: "AdeleV@contoso.onmicrosoft.com",
      password: "xWwvJ]6NMw+bWH-d",
    }),
  },
  docgen_generate: {
    required: ["apiKey", "inputText", "textMode"],
    valid: () => ({ apiKey: GAMMA, inputText: "Seed rules", textMode: "generate" }),
  },
  docgen_generate_from_template: {
    required: ["apiKey", "gammaId", "prompt"],
    valid: () => ({ apiKey: GAMMA, gammaId: "g_4tq8vz1k0b", prompt: "Adapt it" }),
  },
  docgen_check_status: {
    required: ["apiKey", "generationId"],
    valid: () => ({ apiKey: GAMMA, generationId: "abc123xyz" }),
  },
  docgen_list_themes: { required: ["apiKey"], valid: () => ({ apiKey: GAMMA }) },
  docgen_list_folders: { required: ["apiKey"], valid: () => ({ apiKey: GAMMA }) },
  persondata_person_enrich: { required: ["apiKey"], valid: () => ({ apiKey: PDL, email: "sean@peopledatalabs.com" }) },
  persondata_company_enrich: { required: ["apiKey"], valid: () => ({ apiKey: PDL, website: "peopledatalabs.com" }) },
  persondata_person_search: { required: ["apiKey"], valid: () => ({ apiKey: PDL, sql: "SELECT * FROM person" }) },
  books_search_volumes: { required: ["apiKey", "q"], valid: () => ({ apiKey: BOOKS, q: "dune" }) },
  books_get_volume: { required: ["apiKey", "volumeId"], valid: () => ({ apiKey: BOOKS, volumeId: "zyTCAlFPjgYC" }) },
};

/** Secrets: their refusals say only that they are required, never what was given. */
const SECRETS = new Set(["apiKey", "accessToken", "password"]);

/**
 * Whether a parameter is required as the seed has it. The credential of a
 * provider with OAuth 2 flows (issue 22) is required unless a flow's
 * parameters stand in for it: optional in the tool definition, refused when
 * neither is given, its message then naming the flows too.
 */
/**
 * Given a flow's parameters instead: the access token (auth.flows), and the address when the token answer names it
 * (auth.tokenAddressField).
 */
const standsInFor = (id: string, name: string) =>
  (name === tool(id).auth.param && tool(id).oauth !== undefined) ||
  (name === tool(id).server.param && tool(id).oauth?.addressField !== undefined);
const seedRequiredParam = (id: string, p: { name: string; required: boolean }) => p.required || standsInFor(id, p.name);

/** Refused before any request as a missing parameter, named in the error. */
function expectMissing(
  r: { result: Parameters<typeof expectFailure>[0]; calls: Captured[] },
  id: string,
  param: string,
  message: string,
): void {
  expect(r.calls, `${id} without ${param}: no request`).toHaveLength(0);
  const flows = param === tool(id).auth.param && tool(id).oauth !== undefined;
  const fromToken = param === tool(id).server.param && tool(id).oauth?.addressField !== undefined;
  expect(expectFailure(r.result), `${id} without ${param}`).toMatchObject({
    type: "validation",
    provider: tool(id).provider,
    operation: id,
    param,
    rule: "required",
    message: flows
      ? expect.stringMatching(
          new RegExp(`^${param}: is required \\(an access token\\), or instead the parameters of an OAuth 2 flow: `),
        )
      : fromToken
        ? `${param}: is required, unless the call gives an OAuth 2 flow's parameters and the token answer names ` +
          `the address (${tool(id).oauth?.addressField})`
        : message,
  });
}

describe("seed: required parameters", () => {
  it("covers the seed's 18 operations, each of which the repository has", () => {
    expect(Object.keys(seedRequired)).toHaveLength(18);
    for (const id of Object.keys(seedRequired)) expect(Object.keys(tools)).toContain(id);
  });

  for (const [id, { required, valid }] of Object.entries(seedRequired)) {
    describe(id, () => {
      it(`requires exactly ${required.join(", ")}`, async () => {
        const ok = await call(id, valid());
        expectSuccess(ok.result);
        expect(ok.calls).toHaveLength(1);
        expectNoViolation(ok.calls[0]!);
        // Nothing the seed leaves optional is made required either.
        expect(
          tool(id)
            .params.filter((p) => seedRequiredParam(id, p))
            .map((p) => p.name)
            .sort(),
        ).toEqual([...required].sort());
      });

      for (const param of required) {
        it(`refuses a call without ${param}, or with it empty or blank, before any request`, async () => {
          const { [param]: _left, ...without } = valid();
          expectMissing(await call(id, without), id, param, `${param}: is required`);
          expectMissing(await call(id, { ...valid(), [param]: undefined }), id, param, `${param}: is required`);
          expectMissing(await call(id, { ...valid(), [param]: null }), id, param, `${param}: is required`);
          expectMissing(
            await call(id, { ...valid(), [param]: "" }),
            id,
            param,
            SECRETS.has(param) ? `${param}: is required` : `${param}: is required, got an empty string`,
          );
          expectMissing(
            await call(id, { ...valid(), [param]: "  " }),
            id,
            param,
            SECRETS.has(param) ? `${param}: is required` : `${param}: is required, got only whitespace`,
          );
        });
      }
    });
  }

  // Required free text with no minimum in the seed: any non-empty value, down to one character, is sent as it is.
  for (const [id, param, at] of [
    ["crm_query", "query", (c: Captured) => c.url.searchParams.get("q")],
    ["directory_get_user", "userId", (c: Captured) => decodeURIComponent(c.url.pathname.split("/").pop()!)],
    ["directory_create_user", "displayName", (c: Captured) => (c.body as Record<string, unknown>).displayName],
    ["directory_create_user", "mailNickname", (c: Captured) => (c.body as Record<string, unknown>).mailNickname],
    ["docgen_generate", "inputText", (c: Captured) => (c.body as Record<string, unknown>).inputText],
    ["docgen_generate_from_template", "gammaId", (c: Captured) => (c.body as Record<string, unknown>).gammaId],
    ["docgen_generate_from_template", "prompt", (c: Captured) => (c.body as Record<string, unknown>).prompt],
    ["docgen_check_status", "generationId", (c: Captured) => c.url.pathname.split("/").pop()],
    ["persondata_person_search", "sql", (c: Captured) => (c.body as Record<string, unknown>).sql],
    ["books_search_volumes", "q", (c: Captured) => c.url.searchParams.get("q")],
    ["books_get_volume", "volumeId", (c: Captured) => c.url.pathname.split("/").pop()],
  ] as const) {
    it(`${id}: ${param} of one character is sent as it is`, async () => {
      const r = await call(id, { ...seedRequired[id]!.valid(), [param]: "a" });
      expectSuccess(r.result);
      expect(r.calls).toHaveLength(1);
      expectNoViolation(r.calls[0]!);
      expect(at(r.calls[0]!)).toBe("a");
    });
  }

  it("persondata_person_search: an empty sql counts as not given (exactly one of query and sql)", async () => {
    const r = await call("persondata_person_search", { apiKey: PDL, sql: "" });
    expect(r.calls).toHaveLength(0);
    expect(expectFailure(r.result)).toMatchObject({
      type: "validation",
      rule: "exactlyOne",
      message: "exactly one of query, sql is required, got none",
    });
  });
});

type Body = Record<string, unknown> & {
  textOptions?: Record<string, unknown>;
  imageOptions?: Record<string, unknown>;
  cardOptions?: Record<string, unknown>;
};
const generate = seedRequired.docgen_generate!.valid;
const fromTemplate = seedRequired.docgen_generate_from_template!.valid;

/**
 * The format a cardDimensions value fits (seed: presentation fluid/16x9/4x3, document pageless/letter/a4, social
 * 1x1/4x5/9x16).
 */
const formatFor: Record<string, string> = {
  fluid: "presentation",
  "16x9": "presentation",
  "4x3": "presentation",
  pageless: "document",
  letter: "document",
  a4: "document",
  "1x1": "social",
  "4x5": "social",
  "9x16": "social",
};

// [tool, parameter, the accepted values, where the body carries one, more input a value needs]
const seedEnums: [string, string, string[], (b: Body) => unknown, (v: string) => Record<string, unknown>][] = [
  ["docgen_generate", "textMode", ["generate", "condense", "preserve"], (b) => b.textMode, () => ({})],
  ["docgen_generate", "format", ["presentation", "document", "webpage", "social"], (b) => b.format, () => ({})],
  ["docgen_generate", "cardSplit", ["auto", "inputTextBreaks"], (b) => b.cardSplit, () => ({})],
  [
    "docgen_generate",
    "textAmount",
    ["brief", "medium", "detailed", "extensive"],
    (b) => b.textOptions?.amount,
    () => ({}),
  ],
  [
    "docgen_generate",
    "cardDimensions",
    ["fluid", "16x9", "4x3", "pageless", "letter", "a4", "1x1", "4x5", "9x16"],
    (b) => b.cardOptions?.dimensions,
    (v) => ({ format: formatFor[v] }),
  ],
  // DECISIONS 2: the seed's pdf, pptx plus the upstream's png.
  ["docgen_generate", "exportAs", ["pdf", "pptx", "png"], (b) => b.exportAs, () => ({})],
  ["docgen_generate_from_template", "exportAs", ["pdf", "pptx", "png"], (b) => b.exportAs, () => ({})],
  // DECISIONS 2: the seed's list without unsplash (the upstream rejects it), plus pexels and themeAccent.
  [
    "docgen_generate",
    "imageSource",
    [
      "aiGenerated",
      "pictographic",
      "webAllImages",
      "webFreeToUse",
      "webFreeToUseCommercially",
      "giphy",
      "placeholder",
      "noImages",
      "pexels",
      "themeAccent",
    ],
    (b) => b.imageOptions?.source,
    () => ({}),
  ],
];

describe("seed: enum values", () => {
  for (const [id, param, values, at, more] of seedEnums) {
    const valid = id === "docgen_generate" ? generate : fromTemplate;
    it(`${id}: ${param} takes exactly ${values.join(", ")}`, async () => {
      expect([...(tool(id).params.find((p) => p.name === param)?.enum ?? [])].sort()).toEqual([...values].sort());
      for (const value of values) {
        const r = await call(id, { ...valid(), ...more(value), [param]: value });
        expectSuccess(r.result);
        expectNoViolation(r.calls[0]!);
        expect(at(r.calls[0]!.body as Body), `${param} = ${value} on the wire`).toBe(value);
      }
      const refused = await call(id, { ...valid(), [param]: "outline" });
      expect(refused.calls).toHaveLength(0);
      const error = expectFailure(refused.result);
      expect(error).toMatchObject({ type: "validation", param, rule: "enum" });
      const listed = /^(\w+): must be one of (.*), got "outline"$/.exec(error.message);
      expect(listed, error.message).not.toBeNull();
      expect(listed![1]).toBe(param);
      expect(listed![2]!.split(", ").sort()).toEqual([...values].sort());
    });
  }
});

describe("seed: defaults", () => {
  it(
    "docgen_generate: textLanguage defaults to en — given nothing, the upstream's default (en) applies; en in " +
      "any case is sent as en",
    async () => {
      const textLanguage = tool("docgen_generate").params.find((p) => p.name === "textLanguage");
      expect(textLanguage?.default).toBe("en");
      const r = await call("docgen_generate", generate());
      expectSuccess(r.result);
      expectNoViolation(r.calls[0]!);
      // Either left to the upstream, whose default is en, or sent as en: never another language.
      expect((r.calls[0]!.body as Body).textOptions?.language ?? "en").toBe("en");
      for (const given of ["en", "EN"]) {
        const explicit = await call("docgen_generate", { ...generate(), textLanguage: given });
        expectNoViolation(explicit.calls[0]!);
        expect((explicit.calls[0]!.body as Body).textOptions?.language ?? "en").toBe("en");
      }
    },
  );

  it("docgen_generate: format defaults to presentation, and is sent", async () => {
    const r = await call("docgen_generate", generate());
    expect(r.calls[0]!.body).toMatchObject({ format: "presentation" });
  });

  it("directory_create_user: accountEnabled defaults to true, and is sent", async () => {
    const r = await call("directory_create_user", seedRequired.directory_create_user!.valid());
    expect(r.calls[0]!.body).toMatchObject({ accountEnabled: true });
  });

  it("persondata_person_search: size defaults to 1; books_search_volumes: maxResults defaults to 10", async () => {
    const people = await call("persondata_person_search", seedRequired.persondata_person_search!.valid());
    expect((people.calls[0]!.body as Body).size).toBe(1);
    const books = await call("books_search_volumes", seedRequired.books_search_volumes!.valid());
    expect(books.calls[0]!.url.searchParams.get("maxResults")).toBe("10");
  });
});

/**
 * The seed's Authentication table: the credential parameters of every
 * operation, which are secret (the seed's "secret" and "password field";
 * DECISIONS 4 makes every API key a secret) and which only a person fills in
 * ("user-only visibility"; a credential comes from the connection).
 */
const seedCredentials: Record<string, { secret: string[]; userOnly: string[] }> = {
  crm: { secret: ["apiKey"], userOnly: ["apiKey", "instanceUrl"] },
  directory: { secret: ["accessToken"], userOnly: ["accessToken"] },
  docgen: { secret: ["apiKey"], userOnly: ["apiKey"] },
  persondata: { secret: ["apiKey"], userOnly: ["apiKey"] },
  books: { secret: ["apiKey"], userOnly: ["apiKey"] },
};

describe("seed: credentials", () => {
  for (const [id, { valid }] of Object.entries(seedRequired)) {
    const provider = tool(id).provider;
    const { secret, userOnly } = seedCredentials[provider]!;
    it(
      `${id}: ${secret.join(", ")} secret (never shown in a refusal); ${userOnly.join(", ")} filled by a person, ` +
        `never by a model`,
      async () => {
        for (const name of userOnly) {
          const p = tool(id).params.find((x) => x.name === name);
          expect(p, `${id}.${name}`).toMatchObject({ secret: secret.includes(name), visibility: "user-only" });
          expect(seedRequiredParam(id, p!), `${id}.${name} required`).toBe(true);
        }
        // What a model is offered (LLM tools, MCP) leaves them out.
        const offered = modelParams(tool(id)).map((p) => p.name);
        for (const name of userOnly) expect(offered, `${id}: offered to a model`).not.toContain(name);
        // A secret given wrongly is refused before any request without its value.
        for (const name of secret) {
          const r = await call(id, { ...valid(), [name]: 1234567890 });
          expect(r.calls).toHaveLength(0);
          expect(expectFailure(r.result)).toMatchObject({
            type: "validation",
            param: name,
            rule: "type",
            message: `${name}: must be a string, got (secret value withheld)`,
          });
        }
      },
    );
  }
});
