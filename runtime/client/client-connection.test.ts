// A client's connection beyond its credential: a secret or a person's own value that some tools take (a subscription's
// shared secret, secret and user-only), which a model never fills. An agent's tool made from the client gets it only
// from the client: given to the client (or, with the environment, from the provider's variable), it reaches each call
// of a tool that takes it, a call's own value winning, and never a call of a tool that does not (which would refuse it
// as no parameter of its own). Was: the client kept it as an option no call read, so the value never left.
import { afterEach, describe, expect, it, vi } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { fullSupport } from "../execute/full-support.js";
import { createClient } from "./client.js";
import { createPackageClient } from "./environment.js";

afterEach(() => vi.unstubAllEnvs());

const payments = irFixture("zqpayments");
const toolOf = (id: string): ToolSpec => payments.operations.find((o) => o.tool.id === id)!.tool;
const create = toolOf("zqpayments_create_customer");
const sealed: ParamSpec = {
  ...(create.params.find((p) => p.name === "name") as ParamSpec),
  name: "zqSealed",
  secret: true,
  visibility: "user-only",
  wire: { in: "body", pointer: "/zq_sealed" },
};
const table = {
  methods: {
    listCustomers: toolOf("zqpayments_list_customers"),
    createCustomer: { ...create, params: [...create.params, sealed] },
  },
  credentials: ["apiKey"],
  connection: ["zqSealed"],
  // Every part of the runtime's support (a generated package bundles only those its tools need).
  support: fullSupport,
};
const KEY = "sk_test_zq_widgets_4eC39HqLyjW";
const SEALED = "zq-sealed-0000000001";
describe("a client's connection value that some tools take beside the credential", () => {
  it("reaches each call of a tool that takes it, never another's; a call's own wins", async () => {
    const connection = { apiKey: KEY, zqSealed: SEALED, baseUrl: "http://127.0.0.1:9" };
    const byHand = createClient(table as never, connection as never);
    const { fetch, seen } = scriptedFetch(
      json(200, { object: "list", has_more: false, data: [] }),
      json(200, { id: "cus_zq1", object: "customer" }),
      json(200, { id: "cus_zq2", object: "customer" }),
    );
    const call = (name: string, input: object) =>
      (byHand[name] as (i: object, o: object) => Promise<{ success: boolean }>)(input, { fetch });
    expect((await call("listCustomers", {})).success).toBe(true);
    expect((await call("createCustomer", { email: "zq@example.com" })).success).toBe(true);
    expect((await call("createCustomer", { email: "zq@example.com", zqSealed: "zq-own-00000000002" })).success).toBe(
      true,
    );
    const bodies = (seen as { body?: string }[]).map((r) => new URLSearchParams(r.body ?? "").get("zq_sealed"));
    expect(bodies).toEqual([null, SEALED, "zq-own-00000000002"]);
  });

  it("is taken from the provider's variable where the client is not given it", async () => {
    vi.stubEnv("ZQPAYMENTS_ZQ_SEALED", SEALED);
    const client = createPackageClient(table as never, { apiKey: KEY, baseUrl: "http://127.0.0.1:9" } as never);
    const { fetch, seen } = scriptedFetch(json(200, { id: "cus_zq1", object: "customer" }));
    const made = await (client.createCustomer as (i: object, o: object) => Promise<{ success: boolean }>)(
      { email: "zq@example.com" },
      { fetch },
    );
    expect(made.success).toBe(true);
    expect(new URLSearchParams((seen[0] as { body?: string }).body ?? "").get("zq_sealed")).toBe(SEALED);
  });
});
