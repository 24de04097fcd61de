// Form bodies as Prism reads them, on a mock of a zq fixture: a deepObject
// field is built from its schema whether it was sent or not (its nested
// `required` refused every request); a form field may hold a space (`+`) and
// a multipart part reserved characters (Prism refused both); a
// multipart body that is one file, naming no part, takes it as the part `file`;
// a part's name may hold `=`, `;` or a bare `%` (Prism's reader threw on them).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { type MockServers, startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const made = {
  "200": {
    description: "Made.",
    content: { "application/json": { schema: { type: "object" }, example: { ok: true } } },
  },
};
const document = openapi({
  "/zqorders": {
    post: {
      operationId: "createZqorder",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            encoding: { zqshipping: { style: "deepObject", explode: true }, note: { style: "form" } },
            schema: {
              type: "object",
              additionalProperties: false,
              properties: {
                note: { type: "string" },
                zqshipping: {
                  type: "object",
                  required: ["name"],
                  properties: {
                    name: { type: "string", maxLength: 5 },
                    address: { type: "object", required: ["line1"], properties: { line1: { type: "string" } } },
                  },
                },
              },
            },
          },
        },
      },
      responses: made,
    },
  },
  "/zqfiles": {
    post: {
      operationId: "uploadZqfile",
      requestBody: {
        content: {
          "multipart/form-data": {
            encoding: { purpose: { style: "form" } },
            schema: {
              type: "object",
              properties: { purpose: { type: "string" }, upload: { type: "string", format: "binary" } },
            },
          },
        },
      },
      responses: made,
    },
  },
  "/zqlabels": {
    post: {
      operationId: "labelZqfile",
      requestBody: {
        content: {
          "multipart/form-data": {
            encoding: { labels: { style: "deepObject", explode: true } },
            schema: {
              type: "object",
              properties: {
                labels: { type: "object", additionalProperties: { type: "string" } },
                upload: { type: "string", format: "binary" },
              },
            },
          },
        },
      },
      responses: made,
    },
  },
  "/zqbulbs": {
    post: {
      operationId: "addZqbulb",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: { type: "object", required: ["zqcolour"], properties: { name: { type: "string" } } },
          },
        },
      },
      responses: made,
    },
  },
  "/zqbulbparts": {
    post: {
      operationId: "addZqbulbPart",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: { type: "object", required: ["zqcolour"], properties: { name: { type: "string" } } },
          },
        },
      },
      responses: made,
    },
  },
  "/zqattachments": {
    post: {
      operationId: "attachZqfile",
      requestBody: {
        required: true,
        content: { "multipart/form-data": { schema: { type: "string", format: "binary" } } },
      },
      responses: made,
    },
  },
});

const work = mkdtempSync(join(runScratch(), "blockwright-mock-forms-"));
let mocks: MockServers;
beforeAll(async () => {
  mkdirSync(join(work, "zqforms"), { recursive: true });
  writeFileSync(join(work, "zqforms", "openapi.yaml"), JSON.stringify(document));
  mocks = await startMocks(["zqforms"], { specsDir: work, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
});

async function post(path: string, body: string | FormData): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { authorization: "Bearer zq-token-1" };
  if (typeof body === "string") headers["content-type"] = "application/x-www-form-urlencoded";
  const answer = await fetch(`${mocks.urls.zqforms}${path}`, { method: "POST", headers, body });
  return { status: answer.status, text: await answer.text() };
}

describe("a form field sent as a deepObject", () => {
  it("may be left out, or sent without a nested object, where Prism built it with every nested object", async () => {
    expect(await post("/zqorders", "note=hi")).toMatchObject({ status: 200 });
    expect(await post("/zqorders", "zqshipping%5Bname%5D=zq")).toMatchObject({ status: 200 });
    expect(
      await post("/zqorders", "zqshipping%5Bname%5D=zq&zqshipping%5Baddress%5D%5Bline1%5D=1%20Zq%20St"),
    ).toMatchObject({ status: 200 });
  });

  it("is still checked where it is sent", async () => {
    const wrong = await post("/zqorders", "zqshipping%5Bname%5D=zqtoolong");
    expect(wrong.status).toBe(422);
    // The mock's request judge refuses it before Prism, naming the field at its depth.
    expect(JSON.parse(wrong.text)).toMatchObject({ refusals: [{ rule: "schema", pointer: "/body/zqshipping/name" }] });
  });
});

describe("a form's required field its schema does not list among its properties", () => {
  it("is read where sent, which Prism dropped (it reads the listed fields alone) and refused as lacking", async () => {
    expect(await post("/zqbulbs", "name=desk&zqcolour=amber")).toMatchObject({ status: 200 });
    const parts = new FormData();
    parts.append("name", "desk");
    parts.append("zqcolour", "amber");
    expect(await post("/zqbulbparts", parts)).toMatchObject({ status: 200 });
  });

  it("is still required", async () => {
    const lacking = await post("/zqbulbs", "name=desk");
    expect(lacking.status).toBe(422);
    expect(JSON.parse(lacking.text)).toMatchObject({ refusals: [{ rule: "schema", pointer: "/body" }] });
  });
});

describe("a URL-encoded form field with an encoding", () => {
  it("may hold a space, written +, which Prism's check read before decoding as a reserved character", async () => {
    expect(await post("/zqorders", "note=zq+one")).toMatchObject({ status: 200 });
  });
});

describe("a multipart part", () => {
  it("may hold reserved characters (allowReserved is for URL-encoded forms)", async () => {
    const form = new FormData();
    form.append("purpose", "zq#1/a?b");
    form.append("upload", new Blob(["zq"], { type: "application/octet-stream" }), "zq.txt");
    expect(await post("/zqfiles", form)).toMatchObject({ status: 200 });
  });
});

describe("a multipart field written as a form's pairs", () => {
  it(
    "may have a key holding `=`, `;` or a bare `%` in its part's name, on which Prism's reader threw (the mock " +
      "ended)",
    async () => {
      const form = new FormData();
      form.append("labels[zq=1;a]", "x");
      form.append("labels[50%]", "z");
      form.append("labels[plain]", "y");
      form.append("upload", new Blob(["zq"], { type: "application/octet-stream" }), "zq=1;a.txt");
      expect(await post("/zqlabels", form)).toMatchObject({ status: 200 });
      expect(await post("/zqorders", "note=hi")).toMatchObject({ status: 200 });
    },
  );
});

describe("a multipart body that is one file, naming no part", () => {
  it("takes the file as the part `file`", async () => {
    const form = new FormData();
    form.append("file", new Blob(["zq bytes"], { type: "text/plain" }), "zq.txt");
    expect(await post("/zqattachments", form)).toMatchObject({ status: 200 });
  });

  it("still requires it when the body is required", async () => {
    const form = new FormData();
    form.append("other", "zq");
    expect((await post("/zqattachments", form)).status).toBe(422);
  });
});
