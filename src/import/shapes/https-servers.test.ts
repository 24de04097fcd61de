// A document whose first server is http on a host of the internet (AWS's converted documents list `http://` before
// the `https://` twin of every endpoint; some list http alone): add drafted it as it was, and the runtime, which calls
// a remote host over https only, refused every real call, while every contract case passed on loopback. add now
// takes the https twin, or the address over https with a note; hosts no request reaches over the internet stay.
import { executeToolDefinition } from "@blockwright/runtime";
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
  type Json,
} from "../__fixtures__/draft-kit.js";
import { rmSync } from "node:fs";
import { withHttpsServers } from "./https-servers.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const paths = {
  "/zqwidgets/{id}": {
    get: {
      operationId: "getZqWidget",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "w1" }) },
    },
  },
};
const zone = { default: "zq-north-1", enum: ["zq-north-1", "zq-south-2"] };
const withServers = (servers: Json[]) => ({ ...openapi(paths), servers });

/** The URL a call of the drafted tool would send, through a fetch that answers without a network. */
async function sentUrl(d: ReturnType<typeof drafted>, input: Json): Promise<{ url?: string; result: Json }> {
  const [tool] = await linkedTools(d);
  let url: string | undefined;
  const result = (await executeToolDefinition(
    tool as never,
    // A key given as undefined is left out (a tool without an id).
    Object.fromEntries(
      Object.entries({ accessToken: "zq-token-0001", id: "w1", ...input }).filter(([, v]) => v !== undefined),
    ),
    {
      fetch: async (request: Request) => {
        url = request.url;
        return Response.json({ id: "w1" });
      },
    },
  )) as Json;
  return { url, result };
}

describe("an http server of a remote host", () => {
  it("listed before its https twin: the twin is drafted, and a call in another zone goes out over https", async () => {
    const d = drafted(
      withServers([
        { url: "http://zqwidgets.{zone}.zqcloud.com", variables: { zone } },
        { url: "https://zqwidgets.{zone}.zqcloud.com", variables: { zone } },
      ]),
      ["getZqWidget"],
    );
    expect(await linkProblems(d)).toEqual([]);
    expect(d.manifest.server).toMatchObject({ url: "https://zqwidgets.{zone}.zqcloud.com" });
    expect((jsyaml.load(d.openapiText) as Json).servers).toEqual([
      { url: "https://zqwidgets.{zone}.zqcloud.com", variables: { zone } },
    ]);
    expect(d.openapiText).toContain('the server "http://zqwidgets.{zone}.zqcloud.com" left out for its https twin');
    const { url, result } = await sentUrl(d, { zone: "zq-south-2" });
    expect(result).toMatchObject({ success: true });
    expect(url).toBe("https://zqwidgets.zq-south-2.zqcloud.com/zqwidgets/w1");
  });

  it("alone: drafted over https, with a note to check the service answers there", async () => {
    const d = drafted(withServers([{ url: "http://api.zqwidgets.com/v1" }]), ["getZqWidget"]);
    expect(await linkProblems(d)).toEqual([]);
    expect(d.manifest.server).toMatchObject({ default: "https://api.zqwidgets.com/v1" });
    expect(notesAt(d, "server").join("\n")).toContain(
      'the document names the server "http://api.zqwidgets.com/v1" over http only',
    );
    const { url, result } = await sentUrl(d, {});
    expect(result).toMatchObject({ success: true });
    expect(url).toBe("https://api.zqwidgets.com/v1/zqwidgets/w1");
  });
});

describe("a placeholder or a network's address over http, which the link refuses as it is (BW2018)", () => {
  it.each([
    ["http://169.254.169.254/zq", "https://169.254.169.254/zq"],
    ["http://zqwidgets.local/zq", "https://zqwidgets.local/zq"],
    ["http://zq.example:8080/zq", "https://zq.example:8080/zq"],
    ["http://zqwidgets:8080/zq", "https://zqwidgets:8080/zq"],
  ])("%s is drafted over https, with a note to give the instance's", (url, secure) => {
    const cut: Json = { servers: [{ url }] };
    const notes: { at: (string | number)[]; note: string }[] = [];
    expect(withHttpsServers(cut, notes)).toEqual([`the server ${JSON.stringify(url)} taken over https`]);
    expect(cut.servers).toEqual([{ url: secure }]);
    expect(notes.map((n) => n.note).join("\n")).toMatch(/give your instance's https address/);
  });
});

describe("loopback hosts and an instance address a person gives stay as the document writes them", () => {
  it.each([
    "http://localhost:8080/zq",
    "http://127.0.0.1:9/zq",
    "http://[::1]/zq",
    "http://{zqhost}:8080/zq",
    "https://zqwidgets.zqcloud.com",
  ])("%s", (url) => {
    const cut: Json = { servers: [{ url }] };
    const notes: { at: (string | number)[]; note: string }[] = [];
    expect(withHttpsServers(cut, notes)).toEqual([]);
    expect(cut.servers).toEqual([{ url }]);
    expect(notes).toEqual([]);
  });
});

// An operation's own server (an admin console, an upload host) over http, or of a scheme variable defaulting to http
// (`{protocol}://{hostname}`): add drafted it as it was and the link took it, so the tool sent its calls, and the
// bearer token, over plain http to a remote host. add takes it over https as it does the document's; the link refuses
// an operation's server over http to a host other than loopback (BW2018), as it does server.default.
describe("an operation's own server over http", () => {
  const ownServerDocument = (own: Json) => ({
    ...openapi({
      "/zqsetup": {
        servers: [own],
        post: {
          operationId: "zqStartSetup",
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "s1" }) },
        },
      },
    }),
    servers: [{ url: "https://api.zqwidgets.com/v1" }],
  });

  it.each([
    [{ url: "{zqscheme}://zqsetup.zqwidgets.com", variables: { zqscheme: { default: "http" } } }, "its zqscheme's"],
    [{ url: "http://zqsetup.zqwidgets.com" }, "over http only"],
  ])("%j is drafted over https, with a note, and a call goes there over https", async (own, said) => {
    const d = drafted(ownServerDocument(own), ["zqStartSetup"]);
    expect(await linkProblems(d)).toEqual([]);
    const [op] = Object.values(d.manifest.operations);
    expect(op?.server).toBe("https://zqsetup.zqwidgets.com");
    expect(notesAt(d, "server").join("\n")).toContain(said === "over http only" ? said : "zqscheme defaulting to http");
    const { url, result } = await sentUrl(d, { id: undefined });
    expect(result).toMatchObject({ success: true });
    expect(url).toBe("https://zqsetup.zqwidgets.com/zqsetup");
  });

  it("written over http to a remote host, is refused by the link (BW2018)", async () => {
    const d = drafted(ownServerDocument({ url: "http://zqsetup.zqwidgets.com" }), ["zqStartSetup"]);
    const insecure = {
      ...d,
      openapiText: d.openapiText.replaceAll("https://zqsetup.zqwidgets.com", "http://zqsetup.zqwidgets.com"),
      manifestText: d.manifestText.replaceAll("https://zqsetup.zqwidgets.com", "http://zqsetup.zqwidgets.com"),
    };
    expect(insecure.manifestText).toContain("server: http://zqsetup.zqwidgets.com");
    expect((await linkProblems(insecure)).join("\n")).toMatch(
      /"http:\/\/zqsetup\.zqwidgets\.com" is http to a host other than loopback/,
    );
  });
});
