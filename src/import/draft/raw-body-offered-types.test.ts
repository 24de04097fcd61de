// A file sent as the whole body, offered under several media types of no range (`image/gif`, `image/jpeg`,
// `image/png`: an image to screen, whichever kind it is). The call sent every file as the first type, a PNG labelled
// image/gif, which a service reading the Content-Type misreads or refuses. A file whose own type is one of those
// offered is sent as it; one of another type (or none) as the first, as before.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const image = { type: "string", format: "binary" };
const document = openapi({
  "/zqscreen": {
    post: {
      operationId: "zqScreenImage",
      requestBody: {
        required: true,
        content: { "image/gif": { schema: image }, "image/jpeg": { schema: image }, "image/png": { schema: image } },
      },
      responses: { "200": reply({ type: "object", properties: { zqScore: { type: "number" } } }, { zqScore: 0.5 }) },
    },
  },
});

describe("a raw body offered under several media types", () => {
  const d = drafted(document, ["zqScreenImage"], "zqimgs");
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it("sends a file of one of them as its own type, as the request judge reads the document", async () => {
    const [tool] = await linkedTools(d, "zqimgs");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    expect(file).not.toBe("");
    for (const type of ["image/png", "image/jpeg", "image/gif"]) {
      const blob = new Blob([png], { type });
      const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", [file]: blob });
      expect(judged.refusals).toEqual([]);
      expect(sent.headers.get("content-type")).toBe(type);
      expect(Buffer.from(sent.body ?? new Uint8Array())).toEqual(Buffer.from(png));
    }
  });

  it("sends a file of a type not offered as the first type", async () => {
    const [tool] = await linkedTools(d, "zqimgs");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    const blob = new Blob([png], { type: "image/webp" });
    const { sent } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", [file]: blob });
    expect(sent.headers.get("content-type")).toBe("image/gif");
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqimgs");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
