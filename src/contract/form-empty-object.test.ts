// A form body's field holding an object whose own fields are all optional, beside a required one (Stripe's
// `mandate_data[customer_acceptance][online]`, seed 96): the suite's value of every parameter held `{}` there, which
// bracket form has no pair for, so the request carried nothing of it and its read-back ("every parameter, placed where
// the spec declares it") failed, `{"type":"online"}` read where `{"online":{},"type":"online"}` was given. What the
// wire carries of such a value is given: an empty object or list sends none, at any depth. And the field itself, a
// union of objects (`anyOf`) in deepObject form, required: Prism built none of it from its parts and refused every
// request as missing it; the mock's Prism no longer requires it, its judge still does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const acceptance = {
  type: "object",
  required: ["kind"],
  properties: {
    kind: { type: "string", enum: ["zqonline", "zqoffline"] },
    zqonline: { type: "object", properties: { zqip: { type: "string", maxLength: 40 } } },
    zqoffline: { type: "object", properties: {} },
  },
};
// A second way, as Stripe's client key takes it: the same fields, the object of optional fields required.
const online = { ...acceptance, required: ["kind", "zqonline"] };
const form = {
  type: "object",
  required: ["zqmandate"],
  properties: {
    zqmandate: {
      anyOf: [
        { type: "object", required: ["zqacceptance"], properties: { zqacceptance: acceptance } },
        { type: "object", required: ["zqacceptance"], properties: { zqacceptance: online } },
      ],
    },
    zqnote: { type: "string", maxLength: 20 },
  },
};
const document = openapi({
  "/zqintents/{zqintent}/confirm": {
    post: {
      operationId: "ConfirmZqIntent",
      parameters: [{ name: "zqintent", in: "path", required: true, schema: { type: "string", maxLength: 30 } }],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: form,
            encoding: { zqmandate: { style: "deepObject", explode: true } },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqintents", document, ["ConfirmZqIntent"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a form body's nested object of optional fields", () => {
  it("is read back as the wire carries it, and every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });

  it("is still required by the mock's judge when the union field is left out", async () => {
    const sent = (body: string) =>
      fetch(`${on?.url}/zqintents/zq1/confirm`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Bearer zq-token-1" },
        body,
      });
    const left = await sent("zqnote=zq");
    expect(left.status).toBe(422);
    expect(await left.text()).toContain("zqmandate");
    const given = await sent("zqmandate%5Bzqacceptance%5D%5Bkind%5D=zqonline");
    expect(given.status).toBe(200);
  });
});
