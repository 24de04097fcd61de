// A server whose host's first label holds a variable beside fixed text (`https://{instance}-be.zq.test`, each
// customer's own backend, `instance` of a default and no listed values): the draft took only a variable that is the
// whole first label as a template, so it wrote the default's host as server.default, with no note, and every call of
// every customer went to that one host. It is drafted as the address template, the variable a connection input, the
// credential going to any one label there (`*.zq.test`), as the link derives the hosts of such a template.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
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

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const doc = (url: string, variables: Record<string, unknown>) =>
  openapi(
    { "/rest/zq-search": { get: { operationId: "zqSearch", responses: ok } } },
    {},
    { servers: [{ url, variables }] },
  );

async function sentTo(d: ReturnType<typeof drafted>, params: Record<string, unknown>): Promise<string> {
  const [tool] = await linkedTools(d);
  let sent = "";
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001", ...params },
    {
      retries: 0,
      fetch: async (request) => {
        sent = request instanceof Request ? request.url : String(request);
        return new Response('{"id":"1"}', { status: 200, headers: { "content-type": "application/json" } });
      },
    },
  );
  return result.success ? sent : `refused: ${result.error.message}`;
}

describe("a server variable inside the host's first label", () => {
  const instance = { default: "instance-name", description: "The customer's instance." };

  it("is drafted as the address template and a connection input; each call goes to its own host", async () => {
    const d = drafted(doc("https://{instance}-be.zq.test", { instance }), ["zqSearch"]);
    expect(d.manifest.server).toEqual({ url: "https://{instance}-be.zq.test", variables: { instance: "instance" } });
    expect(d.manifest.params!.instance).toMatchObject({ type: "string", default: "instance-name" });
    expect(notesAt(d, "server.url")[0]).toMatch(/the credential goes to any zq\.test subdomain \(\*\.zq\.test\) only$/);
    expect(await linkProblems(d)).toEqual([]);
    expect(await sentTo(d, { instance: "acme" })).toBe("https://acme-be.zq.test/rest/zq-search");
    expect(await sentTo(d, {})).toBe("https://instance-name-be.zq.test/rest/zq-search");
    expect(await sentTo(d, { instance: "x.evil.test/" })).toMatch(/^refused: instance: /);
  });

  it("beside another host variable of no listed values (no host rule), still the default's host", () => {
    const d = drafted(doc("https://{instance}-be.{region}.zq.test", { instance, region: { default: "eu" } }), [
      "zqSearch",
    ]);
    expect(d.manifest.server).toEqual({ default: "https://instance-name-be.eu.zq.test" });
  });
});
