// Realistic answers (mock-realistic.ts): where a document gives no example of
// an answer, the mock draws one from the schema — every property, optional
// ones too, lists of 1–3 items, formats and patterns honoured, one value of
// an enum, the branch a discriminator names, values that look like their
// field — and the same seed gives the same bytes. The minimal answer it gave
// before (`{"data":[],"has_more":true}`) left `{{orders.data[0].id}}` with
// nothing to read.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMocks, type MockServers } from "./mocks.js";

const specsDir = fileURLToPath(new URL("__fixtures__/mock-state/", import.meta.url));
const root = fileURLToPath(new URL("__fixtures__/", import.meta.url));
const AUTH = { authorization: "Bearer zq-token-0001" };

const started: MockServers[] = [];
async function mockOf(seed: number): Promise<string> {
  const mocks = await startMocks(["zqshop"], { specsDir, root, seed, log: () => {} });
  started.push(mocks);
  return mocks.urls.zqshop as string;
}
async function get(url: string): Promise<{ status: number; text: string; violations: string | null }> {
  const res = await fetch(url, { headers: AUTH });
  return { status: res.status, text: await res.text(), violations: res.headers.get("sl-violations") };
}

let seven: string;
beforeAll(async () => {
  seven = await mockOf(7);
});
afterAll(async () => {
  await Promise.all(started.map((m) => m.close()));
});

describe("an answer the document gives no example of", () => {
  it(
    "is drawn from the schema: every property, 1–3 items, formats, patterns, enums, " +
      "the branch the discriminator names",
    async () => {
      const { status, text, violations } = await get(`${seven}/v1/orders`);
      expect(status).toBe(200);
      expect(violations).toBeNull();
      const body = JSON.parse(text) as { data: Record<string, unknown>[]; has_more: unknown };
      expect(typeof body.has_more).toBe("boolean");
      expect(body.data.length).toBeGreaterThanOrEqual(1);
      expect(body.data.length).toBeLessThanOrEqual(3);
      for (const order of body.data) {
        expect(order).toMatchObject({
          id: expect.any(String),
          customer_email: expect.stringMatching(/^[^@\s]+@[^@\s]+\.[a-z]+$/),
          currency: expect.stringMatching(/^[A-Z]{3}$/),
          status: expect.stringMatching(/^(open|paid|cancelled)$/),
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
          updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
          website: expect.stringMatching(/^https?:\/\//),
          // Optional properties too, their values like their names.
          customer: {
            first_name: expect.stringMatching(/^[A-Z]/),
            last_name: expect.stringMatching(/^[A-Z]/),
            phone: expect.stringMatching(/^\+?[0-9]/),
            city: expect.any(String),
          },
        });
        expect((order.amount as number) >= 1).toBe(true);
        // A discriminated union: the branch the mapping names, with that branch's own fields.
        const payment = order.payment as Record<string, unknown>;
        expect(
          payment.method === "card"
            ? /^[0-9]{4}$/.test(String(payment.last4))
            : payment.method === "transfer" && typeof payment.iban === "string",
        ).toBe(true);
        const lines = order.lines as { sku: string; quantity: number }[];
        expect(lines.length).toBeGreaterThanOrEqual(1);
        expect(lines.length).toBeLessThanOrEqual(3);
        for (const line of lines) expect(line.sku).toMatch(/^[A-Z]{2}-[0-9]{4}$/);
        // A schema without a type that lists properties is an object (as verify reads it), though its union allows a
        // boolean.
        expect(order.return_label).toEqual(expect.any(Object));
        // A property whose schema is the one being made (a cycle) is left out.
        expect(order).not.toHaveProperty("replaces");
      }
    },
  );

  it("is the same bytes for the same seed, and another for another seed", async () => {
    const again = await mockOf(7);
    const other = await mockOf(8);
    for (const path of ["/v1/orders", "/v1/orders/ord-1"]) {
      const first = await get(`${seven}${path}`);
      expect((await get(`${again}${path}`)).text).toBe(first.text);
      expect((await get(`${again}${path}`)).text).toBe(first.text);
      expect((await get(`${other}${path}`)).text).not.toBe(first.text);
    }
  });
});

describe("an answer the document gives an example of", () => {
  it("is that example", async () => {
    const res = await fetch(`${seven}/v1/quote`, {
      method: "POST",
      headers: { ...AUTH, "content-type": "application/json" },
      body: JSON.stringify({ amount: 5 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ total: 4200, expires_at: "2020-01-02T03:04:05Z" });
  });
});
