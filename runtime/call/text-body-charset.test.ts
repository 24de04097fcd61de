// A body of one text (`text/plain`, `text/csv`) goes as its UTF-8 bytes (fetch writes a string so), but a `text/*`
// type without a charset reads as US-ASCII (RFC 2046 §4.1.2; HTTP/1.1's Latin-1 default is gone, RFC 9110 §8.3.1):
// a server took `é` for two other characters. A text holding characters outside ASCII now says `charset=utf-8`; an
// ASCII text, one whose type names a charset, and XML (which names its own encoding, RFC 7303 §3.2) are sent as typed.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const noteTool = (mediaType: string): ToolSpec =>
  bareTool("zq_put_note", {
    operationId: "zqPutNote",
    method: "POST",
    path: "/zqnotes",
    server: { default: "https://api.zqnotes.test", hosts: ["api.zqnotes.test"] },
    anonymous: true,
    body: { mediaType, encoding: "text", required: true },
    params: [{ name: "note", type: "string", required: true, secret: false, wire: { in: "body", pointer: "" } }],
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);

async function sent(mediaType: string, note: string) {
  const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
  const result = await executeToolDefinition(noteTool(mediaType), { note }, { fetch });
  expect(result).toMatchObject({ success: true });
  return { type: seen[0]?.headers.get("content-type"), body: seen[0]?.body };
}

describe("a text body's Content-Type", () => {
  it("names charset=utf-8 when the text holds characters outside ASCII", async () => {
    expect(await sent("text/plain", "Café au lait")).toEqual({
      type: "text/plain; charset=utf-8",
      body: "Café au lait",
    });
    expect((await sent("text/csv", "name\nZoë\n")).type).toBe("text/csv; charset=utf-8");
  });

  it("is the document's type for an ASCII text, a type naming its charset, and XML", async () => {
    expect((await sent("text/plain", "plain words")).type).toBe("text/plain");
    expect((await sent("text/plain; charset=iso-8859-1", "Café")).type).toBe("text/plain; charset=iso-8859-1");
    expect((await sent("text/xml", "<n>Café</n>")).type).toBe("text/xml");
  });
});
