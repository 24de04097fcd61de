// A request body that is one of several shapes, each closed over its fields (`additionalProperties: false`) and
// named by one field's value (a DNS record's kind, also listed beside them), which narrow a field they share apart
// (its value of format ipv4 in one shape, ipv6 in another) and list fields of their own (a priority, a service object
// whose numbers may be null). The suite sent one shape's fields with another's kind (every parameter at once, a limit
// case of the priority under the first kind, the SRV kind beside a value), and the first shape's address under the
// AAAA kind; the linker held the shared field to the first shape's format. Each request the judge refused, rightly
// (the nulls it took). Now each case gives one shape's fields, with its own values, and the field keeps no format.
import { executeToolDefinition } from "@blockwright/runtime";
import { describe, expect, it } from "vitest";
import { drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { deriveCases } from "../derive.js";
import { casesNotPassed, draftedOnMock } from "../__fixtures__/drafted-subject.js";

const zqname = { type: "string", description: "The record's name.", examples: ["zqhost"] };
const shape = (kind: string, fields: Record<string, unknown>, required: string[]) => ({
  type: "object",
  additionalProperties: false,
  properties: { zqkind: { type: "string", enum: [kind], description: `Kind ${kind}.` }, zqname, ...fields },
  required: ["zqkind", "zqname", ...required],
});
const nullable = (example: number) => ({
  anyOf: [{ type: "number", minimum: 0, maximum: 65535, examples: [example] }, { type: "null" }],
});
const body = {
  properties: {
    zqkind: { type: "string", enum: ["zqa", "zqaaaa", "zqmx", "zqsrv"], description: "The record's kind." },
  },
  required: ["zqkind"],
  anyOf: [
    shape("zqa", { zqvalue: { type: "string", format: "ipv4", examples: ["192.0.2.42"] } }, ["zqvalue"]),
    shape("zqaaaa", { zqvalue: { type: "string", format: "ipv6", examples: ["2001:db8::42"] } }, ["zqvalue"]),
    shape(
      "zqmx",
      { zqvalue: { type: "string", examples: ["10 mail.zq.test."] }, zqpriority: { type: "number", minimum: 0 } },
      ["zqvalue", "zqpriority"],
    ),
    shape(
      "zqsrv",
      {
        zqsrv: {
          type: "object",
          additionalProperties: false,
          properties: { zqweight: nullable(10), zqport: nullable(5000), zqtarget: { type: "string" } },
          required: ["zqweight", "zqport"],
        },
      },
      ["zqsrv"],
    ),
  ],
};
const doc = openapi(
  {
    "/zqrecords": {
      post: {
        operationId: "addZqRecord",
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "zq1" }) },
      },
    },
  },
  {},
  { openapi: "3.1.0" },
);

describe("a body of closed shapes named by a field's value, narrowing a shared field apart", () => {
  it("every derived case passes on the mock, each sending one shape's fields and values", async () => {
    expect(drafted(doc, ["addZqRecord"]).manifest.operations.acme_add_zq_record?.params?.zqvalue?.format).toBe(
      undefined,
    );
    const on = await draftedOnMock("acme", doc, ["addZqRecord"]);
    try {
      const tool = on.subject.tools.find((t) => t.id === "acme_add_zq_record");
      expect(tool?.params.find((p) => p.name === "zqvalue")?.format).toBeUndefined();
      const names = deriveCases(on.subject)
        .map((c) => c.id)
        .join("\n");
      for (const kind of ["zqa", "zqaaaa", "zqmx", "zqsrv"]) expect(names).toContain(`zqkind = "${kind}"`);
      expect(names).toContain("zqpriority minimum 0 at the boundary");
      expect(await casesNotPassed(on)).toEqual([]);
      // A caller's AAAA record: its IPv6 address is not refused before the request as the first shape's IPv4 was.
      const aaaa = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", zqkind: "zqaaaa", zqname: "zqhost", zqvalue: "2001:db8::7" },
        { baseUrl: on.url },
      );
      expect(aaaa).toMatchObject({ success: true });
    } finally {
      await on.close();
    }
  }, 120_000);
});
