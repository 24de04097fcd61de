// What `blockwright call` sends of a user's input, through add, generate and call with no hand edit:
// - a text `--param` gives a number-or-text body field (oneOf integer/string, a type list) is the number it writes
//   (runtime/validate/text-values.ts); before, the string form took every text and `zqamount=42` went as "42";
// - `--base-url` stands for a required server variable of the address's host (`https://{zqaccount}.zqstore.test`)
//   and for an operation's instance address (`server: {param: instanceUrl}`): before, the call was refused for want
//   of them although the address was given; the address is still held to the host rules (loopback, allowed hosts);
// - an instance address declared `required: true` is refused by the link step (it would refuse the calls whose address
//   a baseUrl or a flow's token gives);
// - a multipart part of several files (`file[]`: a list of binaries) takes a JSON list of paths from `--param`, or one
//   path, each taken where the command runs, and the name given again adds to the list: before, any text was refused
//   as "must be a list of files", so the list could not be given from the command line;
// - `--param k=null` to a text body field whose document admits null (`nullable`) is JSON null; it went as the text
//   "null" (the text is given as JSON text, `--params '{"k": "null"}'`);
// - `--param 'k="2025-01-02T03:04:05Z"'` to a date-or-timestamp field (oneOf date-time string/integer) is the text
//   between the quotes, as JSON text says (it went with its quotes and was refused: "must be a date-time"); a text
//   field's quoted text still goes as typed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, editFile } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";

const reply = (properties: object) => ({
  "200": {
    description: "Done.",
    content: { "application/json": { schema: { type: "object", properties } } },
  },
});
const document = {
  openapi: "3.0.3",
  info: { title: "Zq store", version: "1", description: "Zq keeps payments." },
  servers: [
    {
      url: "https://{zqaccount}.zqstore.test/api",
      variables: { zqaccount: { default: "{zqaccount}", description: "Your account." } },
    },
  ],
  paths: {
    "/zqpayments": {
      post: {
        operationId: "createZqPayment",
        summary: "Create a payment",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqamount"],
                properties: {
                  zqamount: {
                    oneOf: [
                      { type: "integer", minimum: 1 },
                      { type: "string", maxLength: 20 },
                    ],
                  },
                  zqcode: { type: ["number", "string"] },
                  zqnote: { type: "string", maxLength: 40, nullable: true, description: "null: the note cleared." },
                  zqmemo: { type: "string", maxLength: 40 },
                  zqfrom: { oneOf: [{ type: "string", format: "date-time" }, { type: "integer" }] },
                },
              },
            },
          },
        },
        responses: reply({ id: { type: "string" } }),
      },
    },
    "/zqattachments": {
      post: {
        operationId: "uploadZqAttachments",
        summary: "Upload attachments",
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: { "zqfile[]": { type: "array", items: { type: "string", format: "binary" } } },
              },
            },
          },
        },
        responses: reply({ n: { type: "integer" } }),
      },
    },
    "/zqreports": {
      get: {
        operationId: "listZqReports",
        summary: "List reports",
        servers: [
          {
            url: "{protocol}://{hostname}/zqr",
            variables: { protocol: { default: "https" }, hostname: { default: "zqhost" } },
          },
        ],
        responses: reply({ n: { type: "integer" } }),
      },
    },
  },
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
};
const env = { ZQ_STORE_KEY: "zq-key-00000001" };
const project = addedProject("blockwright-call-inputs-", "zqstore", document, '{"id":"zq1","n":2}');
const dir = project.dir;

const call = (...args: string[]) =>
  cli(["call", ...args, "--param", "apiKey={{ZQ_STORE_KEY}}", "--base-url", project.upstream.url], { cwd: dir, env });
const lastBody = () => JSON.parse(project.upstream.received.at(-1)?.body ?? "null");

describe("a number-or-text field given by --param", () => {
  it("is sent as the number its text writes", async () => {
    const r = await call("zqstore_create_zq_payment", "--param", "zqamount=42", "--param", "zqcode=-1.5");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: 42, zqcode: -1.5 });
  });

  it("is sent as the text typed where its number would write other text, or no number form takes it", async () => {
    const r = await call("zqstore_create_zq_payment", "--param", "zqamount=0", "--param", "zqcode=007");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: "0", zqcode: "007" });
  });

  it("given as a JSON string by --params, stays a string", async () => {
    const r = await call("zqstore_create_zq_payment", "--params", '{"zqamount":"42"}');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: "42" });
  });
});

describe("the text null given by --param", () => {
  it("is sent as JSON null to a text field whose document admits null", async () => {
    const r = await call("zqstore_create_zq_payment", "--param", "zqamount=4", "--param", "zqnote=null");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: 4, zqnote: null });
  });

  it("is sent as the text to a text field that may not be null, and given as JSON text by --params", async () => {
    const r = await call("zqstore_create_zq_payment", "--param", "zqamount=4", "--param", "zqmemo=null");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: 4, zqmemo: "null" });
    const text = await call("zqstore_create_zq_payment", "--params", '{"zqamount":4,"zqnote":"null"}');
    expect(text.code, text.stdout + text.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: 4, zqnote: "null" });
  });
});

describe("a text in quotes given by --param", () => {
  it("is the text between the quotes to a field of forms, as JSON text writes it", async () => {
    const r = await call(
      "zqstore_create_zq_payment",
      "--param",
      "zqamount=4",
      "--param",
      'zqfrom="2025-01-02T03:04:05Z"',
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: 4, zqfrom: "2025-01-02T03:04:05Z" });
    const bare = await call("zqstore_create_zq_payment", "--param", "zqamount=4", "--param", "zqfrom=1735787045");
    expect(bare.code, bare.stdout + bare.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: 4, zqfrom: 1735787045 });
  });

  it("is sent as typed, quotes and all, to a text field (an entity tag, a phrase)", async () => {
    const r = await call("zqstore_create_zq_payment", "--param", "zqamount=4", "--param", 'zqmemo="zq v1"');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastBody()).toEqual({ zqamount: 4, zqmemo: '"zq v1"' });
  });
});

describe("a part of several files given by --param", () => {
  const parts = () => (project.upstream.received.at(-1)?.body.match(/filename="[^"]*"/g) ?? []).join(" ");
  it("takes a JSON list of paths, each where the command runs", async () => {
    writeFileSync(join(dir, "zq a.txt"), "zq one");
    writeFileSync(join(dir, "zq b,é.txt"), "zq two");
    const r = await call("zqstore_upload_zq_attachments", "--param", 'zqfile=["zq a.txt","zq b,é.txt"]');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(parts()).toBe('filename="zq a.txt" filename="zq b,é.txt"');
    expect(project.upstream.received.at(-1)?.body).toContain("zq two");
  });

  it("given again by name, adds to the list", async () => {
    const r = await call("zqstore_upload_zq_attachments", "--param", "zqfile=zq a.txt", "--param", "zqfile=zq b,é.txt");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(parts()).toBe('filename="zq a.txt" filename="zq b,é.txt"');
  });

  it("takes one path as a list of one", async () => {
    const r = await call("zqstore_upload_zq_attachments", "--param", "zqfile=zq a.txt");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(parts()).toBe('filename="zq a.txt"');
  });
});

describe("--base-url", () => {
  it("stands for a required server variable of the address's host", async () => {
    const r = await call("zqstore_create_zq_payment", "--param", "zqamount=42");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(project.upstream.received.at(-1)?.url).toBe("/api/zqpayments");
  });

  it("stands for an operation's instance address, held to the host rules", async () => {
    const r = await call("zqstore_list_zq_reports");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(project.upstream.received.at(-1)?.url).toBe("/zqr/zqreports");
    const elsewhere = await cli(
      ["call", "zqstore_list_zq_reports", "--param", "apiKey={{ZQ_STORE_KEY}}", "--base-url", "https://zq.example"],
      { cwd: dir, env },
    );
    expect(elsewhere.code).toBe(1);
    expect(JSON.parse(elsewhere.stdout)).toMatchObject({ success: false, error: { param: "baseUrl", rule: "host" } });
  });

  it("absent, the call is refused for want of them, naming each", async () => {
    const variable = await cli(
      ["call", "zqstore_create_zq_payment", "--param", "apiKey={{ZQ_STORE_KEY}}", "--param", "zqamount=4"],
      { cwd: dir, env },
    );
    expect(JSON.parse(variable.stdout)).toMatchObject({ error: { param: "zqaccount", rule: "required" } });
    const instance = await cli(["call", "zqstore_list_zq_reports", "--param", "apiKey={{ZQ_STORE_KEY}}"], {
      cwd: dir,
      env,
    });
    expect(JSON.parse(instance.stdout)).toMatchObject({ error: { param: "instanceUrl", rule: "required" } });
  });
});

describe("an operation's instance address declared required: true", () => {
  it("is refused by generate at its place in the manifest, naming the field and the rule", async () => {
    const manifest = join(dir, "specs/zqstore/manifest.yaml");
    const text = readFileSync(manifest, "utf8");
    try {
      editFile(manifest, "title: Instance address\n    required: false", "title: Instance address\n    required: true");
      const lines = readFileSync(manifest, "utf8").split("\n");
      const line = lines.indexOf("    required: true", lines.indexOf("  instanceUrl:")) + 1;
      const r = await cli(["generate"], { cwd: dir });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `specs/zqstore/manifest.yaml:${line}:5: params.instanceUrl.required: the instance address parameter ` +
          '"instanceUrl" is asked only where no address stands for it (a baseUrl given at call time',
      );
    } finally {
      writeFileSync(manifest, text);
    }
  });
});
