// A pattern escaped once too many (`^[\\w-]+$` as read: a backslash, a `w` or a dash) refused every real value of the
// field before the call (`zq-config`), and the contract suite drew only strings of those three characters. The cut
// reads it once unescaped where nothing the document gives says otherwise, and says so.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "./__fixtures__/draft-kit.js";
import { onceUnescaped, withPatternEscapesRead } from "./pattern-escapes.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = (slug: Record<string, unknown>) =>
  openapi({
    "/zqconfigs": {
      post: {
        operationId: "zqCreate",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", required: ["slug"], properties: { slug: { type: "string", ...slug } } },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  });

describe("a pattern escaped once too many", () => {
  it("is read once unescaped only where every backslash is doubled and one stands before a class letter", () => {
    expect(onceUnescaped("^[\\\\w-]+$")).toBe("^[\\w-]+$");
    expect(onceUnescaped("^\\\\d{3}\\\\.zq$")).toBe("^\\d{3}\\.zq$");
    expect(onceUnescaped("^[\\w-]+$")).toBeUndefined(); // written as meant
    expect(onceUnescaped("^C:\\\\zq\\\\\\w+$")).toBeUndefined(); // a single escape beside: the backslash is meant
    expect(onceUnescaped("^(https?|zq\\\\+tls)://")).toBeUndefined(); // no class letter: nothing says it
  });

  it("is kept as written where a value of the schema's own meets it, or one does not meet the reading", () => {
    const kept = (slug: Record<string, unknown>) =>
      withPatternEscapesRead(document({ pattern: "^[\\\\w-]+$", ...slug }));
    expect(kept({ example: "\\w-" })).toEqual([]);
    expect(kept({ enum: ["zq config"] })).toEqual([]);
    expect(kept({ example: "zq-config" })).toHaveLength(1);
    expect(kept({})).toHaveLength(1);
  });

  it("is drafted as read, with a note, and a real value is sent and passes the judge", async () => {
    const d = drafted(document({ pattern: "^[\\\\w-]+$", maxLength: 32 }), ["zqCreate"]);
    expect(d.manifest.operations.acme_zq_create?.params?.slug?.pattern).toBe("^[\\w-]+$");
    expect(d.openapiText).toContain(
      `(pattern "^[\\\\\\\\w-]+$" escaped once too many: read as "^[\\\\w-]+$") ` +
        "(a pattern's backslashes each doubled).",
    );
    expect(notesAt(d, "openapi").join("\n")).toMatch(/every backslash is doubled/);
    const [tool] = await linkedTools(d);
    const { sent, judged } = await judgedCall(d, tool as ToolSpec, { accessToken: "zq-token-0001", slug: "zq-config" });
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ slug: "zq-config" });
    expect(judged.refusals).toEqual([]);
  });
});
