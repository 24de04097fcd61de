// A file sent as the whole body, offered first under `application/json` and then under raw types, each schema a
// binary string (`type: string, format: binary` under application/json, application/ogg, application/pdf, image/png:
// a media upload of any kind). The draft took the JSON type and read the body as one JSON string, so a file went as a
// quoted text under application/json. JSON carries no bytes: the body is now the file, sent as its own type when it
// is one of the raw types offered, else as the first of them.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const bytes = { type: "string", format: "binary" };
const upload = (first: Record<string, unknown>) =>
  openapi({
    "/zqmedia/{zqName}": {
      put: {
        operationId: "zqUploadMedia",
        parameters: [{ name: "zqName", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: first },
            "application/ogg": { schema: bytes },
            "application/pdf": { schema: bytes },
            "image/png": { schema: bytes },
          },
        },
        responses: { "204": { description: "stored" } },
      },
    },
  });

describe("a file offered first under application/json as a binary string", () => {
  const d = drafted(upload(bytes), ["zqUploadMedia"], "zqmedia");
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

  it("is drafted as a file, sent as its bytes under its own type or the first raw type", async () => {
    const [tool] = await linkedTools(d, "zqmedia");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    expect(file).not.toBe("");
    for (const [type, expected] of [
      ["image/png", "image/png"],
      ["application/pdf", "application/pdf"],
      ["image/webp", "application/ogg"],
    ]) {
      const blob = new Blob([png], { type });
      const { sent, judged } = await judgedCall(d, tool!, {
        accessToken: "zq-token-0001",
        zqName: "a.png",
        [file]: blob,
      });
      expect(judged.refusals).toEqual([]);
      expect(sent.headers.get("content-type")).toBe(expected);
      expect(Buffer.from(sent.body ?? new Uint8Array())).toEqual(Buffer.from(png));
    }
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqmedia");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });

  it("a JSON type whose schema is a JSON text stays the JSON body, the raw types its other form", async () => {
    const json = drafted(upload({ type: "string", maxLength: 40 }), ["zqUploadMedia"], "zqmediajs");
    const [tool] = await linkedTools(json, "zqmediajs");
    const whole = (tool?.params ?? []).filter((p) => p.wire.in === "body" && p.wire.pointer === "");
    expect(whole.map((p) => p.type)).toEqual(["string", "file"]);
    expect(tool?.body).toMatchObject({ encoding: "json", raw: { mediaType: "application/ogg" } });
  });
});
