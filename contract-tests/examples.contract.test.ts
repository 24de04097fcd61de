// Every example workflow, end to end on the Prism mocks, with the requests
// its blocks send checked where references feed them.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runWorkflow, type RunResult } from "../src/index.js";
import { registry } from "../test-support/repo.js";
import { capturingFetch } from "../test-support/harness.js";
import { sharedMockUrls } from "../test-support/shared-mocks.js";

const examplesDir = fileURLToPath(new URL("../examples/", import.meta.url));

async function run(name: string) {
  const { fetch, calls } = capturingFetch();
  const result = await runWorkflow(examplesDir + name, {
    registry,
    env: {},
    mode: "mock",
    baseUrls: await sharedMockUrls(),
    mockAnswers: true,
    fetch,
  });
  const block = (id: string) => result.blocks.find((b) => b.id === id)!;
  const sent = (path: string) => calls.filter((c) => c.url.pathname === path);
  return { result, block, sent, calls };
}

const outcome = (result: RunResult) => Object.fromEntries(result.blocks.map((b) => [b.id, b.status]));

describe("example workflows", () => {
  it("are all covered here", () => {
    expect(
      readdirSync(examplesDir)
        .filter((f) => f.endsWith(".yaml"))
        .sort(),
    ).toEqual(["lead-to-deck.yaml", "onboard-new-hire.yaml", "reading-list.yaml"]);
  });

  it("lead-to-deck: enrich → company + CRM lead → deck → wait, references resolved", async () => {
    const { result, block, sent } = await run("lead-to-deck.yaml");
    expect(outcome(result)).toEqual({
      enrich: "succeeded",
      company: "succeeded",
      crm_lead: "succeeded",
      deck: "succeeded",
      deck_ready: "succeeded",
    });
    expect(result.status).toBe("succeeded");
    expect(result.placeholders).toEqual([
      "GAMMA_API_KEY",
      "PDL_API_KEY",
      "SALESFORCE_ACCESS_TOKEN",
      "SALESFORCE_INSTANCE_URL",
    ]);
    const [lead] = sent("/services/data/v59.0/sobjects/Lead");
    expect(lead!.body).toEqual({
      FirstName: "sean",
      LastName: "thorne",
      Company: "people data labs",
      Title: "co-founder and chief executive officer",
      Email: "sean@peopledatalabs.com",
      LeadSource: "Enrichment",
    });
    expect(lead!.headers.get("authorization")).toBe("Bearer mock-placeholder-SALESFORCE_ACCESS_TOKEN");
    const [company] = sent("/v5/company/enrich");
    expect(company!.url.searchParams.get("website")).toBe("peopledatalabs.com");
    const [deck] = sent("/v1.0/generations");
    const body = deck!.body as { inputText: string; textOptions: { audience: string }; cardOptions: unknown };
    expect(body.inputText).toContain(
      "A sales deck for sean thorne, co-founder and chief executive officer at people data labs",
    );
    expect(body.inputText).toContain("CRM lead 001D000000IqhSLIAZ");
    expect(body.textOptions.audience).toBe("co-founder and chief executive officer at people data labs");
    expect(body.cardOptions).toEqual({ dimensions: "16x9" });
    expect(sent("/v1.0/generations/abc123xyz")).toHaveLength(1);
    expect(block("deck_ready").outputs).toMatchObject({ status: "completed", generationId: "abc123xyz" });
  });

  it("onboard-new-hire: create the account, read it back, groups, CRM contact", async () => {
    const { result, block, sent } = await run("onboard-new-hire.yaml");
    expect(outcome(result)).toEqual({
      account: "succeeded",
      check: "succeeded",
      groups: "succeeded",
      contact: "succeeded",
    });
    const account = block("account").outputs as { data: { userPrincipalName: string }; metadata: { id: string } };
    const id = account.metadata.id;
    expect(sent(`/v1.0/users/${id}`)).toHaveLength(1);
    const [create] = sent("/v1.0/users").filter((c) => c.method === "POST");
    expect(create!.body).toMatchObject({
      accountEnabled: true,
      passwordProfile: { password: "mock-placeholder-NEW_HIRE_INITIAL_PASSWORD", forceChangePasswordNextSignIn: true },
    });
    const [contact] = sent("/services/data/v59.0/sobjects/Contact");
    expect((contact!.body as { Description: string }).Description).toBe(
      `Directory account ${id} (${account.data.userPrincipalName})`,
    );
  });

  it("reading-list: search → first volume → document → wait", async () => {
    const { result, block, sent } = await run("reading-list.yaml");
    expect(outcome(result)).toEqual({
      search: "succeeded",
      top_pick: "succeeded",
      document: "succeeded",
      ready: "succeeded",
    });
    expect(sent("/books/v1/volumes/zyTCAlFPjgYC")).toHaveLength(1);
    const [doc] = sent("/v1.0/generations");
    const body = doc!.body as { inputText: string; format: string; textOptions: unknown; cardOptions: unknown };
    expect(body).toMatchObject({
      format: "document",
      textOptions: { language: "en" },
      cardOptions: { dimensions: "letter" },
    });
    expect(body.inputText).toContain('start with "The Google Story" by ["David A. Vise","Mark Malseed"]');
    expect(block("ready").outputs).toMatchObject({ status: "completed" });
  });
});
