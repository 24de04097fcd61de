// The request's Accept (src/link/answer-types/accept.ts, its record in record.ts):
// linked where an operation's 2xx answers declare JSON beside another type,
// and only there; a download's, where its errors declare a JSON type of their own.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { linkWild } from "../../../test-support/link-wild.js";
import { loadProvider } from "../../emit/link-provider.js";

const answers = (find: string, replace: string) => ({ file: "openapi.yaml", find, replace });

describe("an operation whose answers declare JSON beside another media type", () => {
  it(
    "asks for the JSON ones (XML listed first), without their parameters, its errors' too, then XML at a lower q; " +
      "an operation answering JSON alone names its errors' other JSON type beside JSON",
    async () => {
      const xmlFirst = answers(
        "          description: A page of customers.\n          content:\n            application/json:\n",
        "          description: A page of customers.\n          content:\n            " +
          "application/xml:\n              schema: { type: string }\n            application/json; " +
          "charset=utf-8:\n",
      );
      const problemJson = answers(
        '        application/json:\n          schema: { $ref: "#/components/schemas/Error" }',
        '        application/problem+json:\n          schema: { $ref: "#/components/schemas/Error" }',
      );
      const linked = await linkWild("zqpayments", [xmlFirst, problemJson]);
      if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
      const accepts = Object.fromEntries(linked.ir.operations.map((o) => [o.tool.id, o.tool.accept]));
      expect(accepts).toMatchObject({
        zqpayments_list_customers: "application/json, application/problem+json, application/xml;q=0.5",
        // Asked for JSON alone (the runtime's own Accept), a service answers its errors 406.
        zqpayments_create_customer: "application/json, application/problem+json",
      });
    },
  );
});

describe("an operation whose answer declares several JSON types, another listed before application/json", () => {
  it("asks for the one its outputs are read from, then its errors' JSON types", async () => {
    const zqGeoFirst = answers(
      "          description: A page of customers.\n          content:\n            application/json:\n",
      "          description: A page of customers.\n          content:\n            " +
        "application/zq-geo+json:\n              schema: { type: object, properties: " +
        "{ zqShape: { type: string } } }\n" +
        "            application/json:\n",
    );
    const linked = await linkWild("zqpayments", [zqGeoFirst]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const accepts = Object.fromEntries(linked.ir.operations.map((o) => [o.tool.id, o.tool.accept]));
    expect(accepts).toMatchObject({
      zqpayments_list_customers: "application/json",
      zqpayments_create_customer: undefined,
    });
  });
});

describe("an operation answering JSON in a vendor's own type alone", () => {
  it("asks for it by name (an API choosing its version by the Accept), then its errors' JSON types", async () => {
    const vendorJson = answers(
      "          description: A page of customers.\n          content:\n            application/json:\n",
      "          description: A page of customers.\n          content:\n            " +
        "application/vnd.zqpay-v2.3.0+json:\n",
    );
    const linked = await linkWild("zqpayments", [vendorJson]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const accepts = Object.fromEntries(linked.ir.operations.map((o) => [o.tool.id, o.tool.accept]));
    expect(accepts).toMatchObject({
      zqpayments_list_customers: "application/vnd.zqpay-v2.3.0+json, application/json",
      zqpayments_create_customer: undefined,
    });
  });
});

describe("an operation answering JSON whose parameter names the version", () => {
  it("asks for it with that parameter (the API answers its default version to any type), then errors'", async () => {
    const versionedJson = answers(
      "          description: A page of customers.\n          content:\n            application/json:\n",
      "          description: A page of customers.\n          content:\n            " +
        '"application/json; charset=utf-8; version=2018-01-01":\n',
    );
    const linked = await linkWild("zqpayments", [versionedJson]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const accepts = Object.fromEntries(linked.ir.operations.map((o) => [o.tool.id, o.tool.accept]));
    expect(accepts).toMatchObject({
      zqpayments_list_customers: "application/json;version=2018-01-01, application/json",
      zqpayments_create_customer: undefined,
    });
  });
});

describe("an operation that downloads a file", () => {
  /** The zqfiles fixture's download linked with its 404 answered in `errorType`: the tool's own Accept, if any. */
  async function downloadAccept(errorType: string, fileType = "application/pdf"): Promise<string | undefined> {
    const work = mkdtempSync(join(tmpdir(), "blockwright-accept-"));
    try {
      const dir = join(work, "specs", "zqfiles");
      cpSync(fileURLToPath(new URL("../../../test-support/fixtures/specs-files/zqfiles", import.meta.url)), dir, {
        recursive: true,
      });
      const file = join(dir, "openapi.yaml");
      const text = readFileSync(file, "utf8");
      // The download's 404, after its redirect (the fixture's other operations answer 404 too).
      const notFound =
        '              schema: { type: string }\n        "404":\n          description: ' +
        "No such file.\n          content:\n            application/json:\n";
      expect(text).toContain(notFound);
      expect(text).toContain("            application/pdf:\n");
      const fileAnswer = text.replace("            application/pdf:\n", `            ${fileType}:\n`);
      writeFileSync(file, fileAnswer.replace(notFound, notFound.replace("application/json", errorType)));
      const ir = await loadProvider(work, dir);
      return ir.operations.find((o) => o.tool.download)?.tool.accept;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }

  it(
    "asks for the file, then for the JSON types its errors declare (problem+json), " +
      "which a server would otherwise not answer an error in",
    async () => {
      expect(await downloadAccept("application/problem+json")).toBe(
        "application/pdf, application/problem+json;q=0.5, application/json;q=0.5",
      );
      // Errors in plain JSON: the runtime's own Accept (the file's types, then JSON), nothing linked.
      expect(await downloadAccept("application/json")).toBeUndefined();
    },
  );

  it(
    "asks for the text type its errors declare (a 404 as " +
      "text/plain), which the mock otherwise answers with the file",
    async () => {
      expect(await downloadAccept("text/plain")).toBe("application/pdf, text/plain;q=0.5, application/json;q=0.5");
    },
  );

  it(
    "does not name the file's own type again for an error in it, where the document gives that type " +
      "a parameter (text/xml; charset=utf-8 for the file and its errors alike)",
    async () => {
      const xml = '"text/xml; charset=utf-8"';
      // Errors in the file's type alone: the runtime's own Accept (the file's types, then JSON), nothing linked.
      expect(await downloadAccept(xml, xml)).toBeUndefined();
      // Beside an error type of its own, the file's type is named once.
      expect(await downloadAccept("text/plain", xml)).toBe(
        "text/xml; charset=utf-8, text/plain;q=0.5, application/json;q=0.5",
      );
    },
  );
});
