// `blockwright add` on cuts of the real documents of three public APIs
// (src/import/__fixtures__/published, with their sources), where what add
// drafts, and what the rest of the toolchain still refuses, is pinned down.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import jsyaml from "js-yaml";
import { cli, failedCases, runtimeProject } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-real-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const fixtures = join(ROOT, "src/import/__fixtures__");
/** A project folder with a specs folder and the runtime resolvable (as after `npm install`). */
const project = (name: string) => runtimeProject(join(tmp, name), "specs");

describe("blockwright add on cuts of real published documents", () => {
  /** Run add on a fixture cut in a project of its own; the summary as JSON and the drafted manifest. */
  async function add(provider: string, operations: string) {
    const dir = project(`real-${provider}`);
    const from = join(fixtures, "published", `${provider}.cut.json`);
    const r = await cli(["add", provider, "--from", from, "--operations", operations, "--json"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(dir, `specs/${provider}/manifest.yaml`), "utf8");
    // biome-ignore lint/suspicious/noExplicitAny: the drafted manifest is read field by field
    const manifest = jsyaml.load(text) as Record<string, any>;
    return { dir, from, summary: JSON.parse(r.stdout), manifest, text };
  }

  it(
    "Slack (Swagger 2.0): the server's path kept, the OAuth token as a bearer token covering the token " +
      "parameters, cursor paging, ok: false failures; generate and the suite pass with no edit",
    async () => {
      const { dir, from, summary, manifest, text } = await add(
        "slack",
        "chat.postMessage,conversations.list,users.info",
      );
      expect(summary.document).toMatchObject({ format: "swagger", version: "2.0", converted: true });
      expect(summary.cut.operations).toEqual({ kept: 3, total: 4 });
      // users.info's `user` is a schema with `items` but no type (an object on the wire, as Slack's own example shows):
      // not drafted as a list.
      expect(manifest.operations.slack_users_info.outputs.data).toMatchObject({ type: "json", from: "$response.body" });
      expect(manifest.server).toEqual({ default: "https://slack.com/api" });
      expect(text).not.toContain("# review: the spec's server");
      expect(manifest.auth).toEqual({ scheme: "slackAuth", param: "accessToken", covers: ["token"] });
      expect(manifest.errors).toEqual({
        code: ["$response.body#/error"],
        message: ["$response.body#/error"],
        failureWhen: [{ from: "$response.body#/ok", equals: false }],
      });
      const post = manifest.operations.slack_chat_post_message;
      expect(post.operationId).toBe("chat_postMessage");
      expect(Object.keys(post.params)).not.toContain("token");
      expect(post.params.channel).toMatchObject({ type: "string", required: true, wire: { in: "body" } });
      const list = manifest.operations.slack_conversations_list;
      expect(list.pagination).toEqual({
        style: "cursor",
        cursor: "$response.body#/response_metadata/next_cursor",
        send: { in: "query", name: "cursor" },
        items: ["data"],
        pageSize: "limit",
      });
      expect(list.outputs.data).toEqual({
        type: "array",
        from: "$response.body#/channels",
        description: "The channels of this reply.",
      });
      expect(summary.review).toContainEqual({
        at: "operations.slack_chat_post_message",
        note:
          'header parameter "token" repeats the credential that security scheme slackAuth sends (auth.param ' +
          "accessToken): covered by it (auth.covers), not drafted",
      });
      // The example Slack publishes that breaks its own schema is a warning, and left out; the token header is the
      // credential's.
      const warning = new RegExp(
        String.raw`^specs\/slack\/openapi\.yaml:\d+:\d+: example "response" of the 200 response of` +
          String.raw` "chat_postMessage" \(application\/json\) does not match its schema:` +
          String.raw` \/message\/attachments\/0 has field "text", which the schema does not allow \(the published` +
          String.raw` document's own example: left out, mocks and the contract suite do not use it\)$`,
      );
      expect(summary.check).toEqual({ problems: [], warnings: [expect.stringMatching(warning)] });
      const generated = await cli(["generate"], { cwd: dir });
      expect(generated.code, generated.stderr).toBe(0);
      expect(generated.stderr).toMatch(new RegExp(`^generate: warning: ${warning.source.slice(1, -1)}$`, "m"));
      expect(readFileSync(join(dir, "generated/slack/index.js"), "utf8")).toContain(
        'export const slackDefaultBaseUrl = "https://slack.com/api";',
      );
      const suite = await cli(["test", "slack", "--seed", "7", "--runs", "5", "--reporter", "json"], {
        cwd: dir,
        startMocks,
      });
      expect(failedCases(suite.stdout)).toEqual([]);
      expect(suite.code).toBe(0);
      expect(await cli(["upstream", "slack", from], { cwd: dir })).toMatchObject({ code: 0 });
    },
  );

  it("Stripe: a form body with nested fields, has_more paging by the last id, the bearer first; it links", async () => {
    const { dir, from, summary, manifest } = await add("stripe", "PostCustomers,GetCustomers,GetCustomersCustomer");
    expect(summary.cut.operations).toEqual({ kept: 3, total: 4 });
    expect(manifest.server).toEqual({ default: "https://api.stripe.com" });
    // Its operations accept either scheme: the bearer first, HTTP basic an alternative whose user name is the key
    // ("Authorization: Basic <api_key>"): one secret, the password empty.
    expect(manifest.auth).toEqual({
      scheme: "bearerAuth",
      param: "accessToken",
      alternatives: [{ scheme: "basicAuth", param: "apiKey", password: "" }],
    });
    expect(manifest.params.apiKey).toMatchObject({ secret: true });
    expect(manifest.params.username).toBeUndefined();
    expect(manifest.errors).toMatchObject({
      code: ["$response.body#/error/code", "$response.body#/error/type"],
      message: ["$response.body#/error/message"],
    });
    const create = manifest.operations.stripe_post_customers;
    expect(create.params.address).toMatchObject({ type: "json", jsonType: "object", wire: { in: "body" } });
    expect(create.params.email).toMatchObject({ type: "string", maxLength: 512 });
    expect(create.params.tax_exempt.enum).toEqual(["exempt", "none", "reverse"]);
    const list = manifest.operations.stripe_get_customers;
    expect(list.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/data/-1/id",
      send: { in: "query", name: "starting_after" },
      more: { from: "$response.body#/has_more", equals: true },
      items: ["data"],
      pageSize: "limit",
    });
    expect(Object.keys(list.params)).toEqual([
      "created",
      "email",
      "ending_before",
      "expand",
      "limit",
      "starting_after",
      "test_clock",
    ]);
    // A deepObject list in the query, written as the spec's style says (expand[0]=…).
    expect(list.params.expand).toMatchObject({ type: "json", jsonType: "array", wire: { in: "query" } });
    // Its retrieve answers a customer or a deleted customer: the id both carry, read through the anyOf.
    expect(Object.keys(manifest.operations.stripe_get_customers_customer.outputs)).toEqual(["data", "metadata.id"]);
    expect(summary.check.problems).toEqual([]);
    expect(await cli(["upstream", "stripe", from], { cwd: dir })).toMatchObject({
      code: 0,
      stdout:
        "stripe: 0 changes to the operations we call (0 breaking, 0 non-breaking, 0 informational); " +
        "0 to 0 operations we do not call\n",
    });
    // With no edit, the suite passes. The draws that once failed it (60 runs of this seed: an empty object without a
    // prototype for created, half a surrogate pair in an expand item, lists of lists for tax_id_data, whose items the
    // spec makes objects) each have a test of their own (spec-values.test.ts, refusals.test.ts): 60 runs cost 3 s of
    // CPU.
    expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    const suite = await cli(["test", "stripe", "--seed", "1272923288", "--runs", "10", "--reporter", "json"], {
      cwd: dir,
      startMocks,
    });
    expect(failedCases(suite.stdout)).toEqual([]);
    expect(suite.code).toBe(0);
  });

  it(
    "GitHub: no security scheme (a bearer one added, and said so), Link-header paging, " +
      "its example that breaks its schema a warning; it generates",
    async () => {
      const { summary, manifest, dir } = await add("github", "issues/list-for-repo,issues/create,repos/get");
      expect(summary.cut.added).toEqual(["components.securitySchemes.bearerAuth", "security"]);
      expect(readFileSync(join(dir, "specs/github/openapi.yaml"), "utf8")).toContain(
        "# Added by blockwright add, not published: components.securitySchemes.bearerAuth and security",
      );
      expect(manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
      expect(manifest.errors.message).toEqual(["$response.body#/message"]);
      const list = manifest.operations.github_issues_list_for_repo;
      expect(list.pagination).toEqual({ style: "linkHeader", items: ["data"] });
      expect(list.params.owner).toMatchObject({ type: "string", required: true, maxLength: 256, wire: { in: "path" } });
      expect(list.params.state).toMatchObject({ enum: ["open", "closed", "all"], default: "open", sendDefault: false });
      // A date-time the manifest states (the link would take it from the spec anyway), so that the suite sends valid
      // ones.
      expect(list.params.since).toMatchObject({ type: "string", format: "date-time", wire: { in: "query" } });
      // Its format bounds its length: no default maxLength (1000 admitted no date-time of that length, and the suite
      // failed).
      expect(list.params.since.maxLength).toBeUndefined();
      expect(summary.review).not.toContainEqual(
        expect.objectContaining({ note: expect.stringContaining("format date-time") }),
      );
      // Its nullable anyOf whose variants have examples is read right; the repository example it publishes without the
      // required "language" is a warning, left out (a $ref to components.examples: the reference goes, not what it
      // names).
      expect(summary.check).toEqual({
        problems: [],
        warnings: [
          expect.stringMatching(
            new RegExp(
              String.raw`: example "default-response" of the 200 response of "repos\/get" \(application\/json\)` +
                String.raw` does not match its schema: .*\(the published document's own example: left out, mocks` +
                String.raw` and the contract suite do not use it\)$`,
            ),
          ),
        ],
      });
      const generated = await cli(["generate"], { cwd: dir });
      expect(generated.code, generated.stderr).toBe(0);
      const suite = await cli(["test", "github", "--seed", "7", "--runs", "3", "--reporter", "json"], {
        cwd: dir,
        startMocks,
      });
      expect(failedCases(suite.stdout)).toEqual([]);
      expect(suite.code).toBe(0);
    },
  );
});
