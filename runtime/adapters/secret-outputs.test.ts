// A secret a reply hands out (manifest output `secret`: a created key) is withheld from what an agent framework's tool
// hands its model, at its place and wherever else the output holds it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shelfAddWithSecretKey } from "../../test-support/runtime/ir-fixtures.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { createClient } from "../client/client.js";
import type { ClientOptions } from "../client/types.js";
import { REDACTED } from "../common/redact.js";
import { fullSupport } from "../execute/full-support.js";
import { adaptClient } from "./adapt.js";

const ADD = shelfAddWithSecretKey();
const HANDED = "zq_book_key_9Vw2Lp6Ty4Rb";
const { rateLimits: _perExecutor, ...support } = fullSupport;

let upstream: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  upstream = await server(() => ({
    status: 201,
    body: JSON.stringify({ id: "zq-b2", state: `queued with ${HANDED}`, key: HANDED }),
  }));
});
afterAll(() => upstream.close());

describe("an agent tool whose reply hands out a secret", () => {
  it("gives the model the output with the secret withheld", async () => {
    const table = { methods: { addBook: ADD }, credentials: ["apiKey"], support };
    const client = createClient(table, {
      apiKey: "zq_widgets_key_7Hf3kQ9pLm2X",
      baseUrl: upstream.url,
      retries: 0,
    } as ClientOptions);
    const [tool] = adaptClient(client, {});
    const output = (await tool!.call({ shelfId: "zq-main", title: "Zq Dune" })) as Record<string, unknown>;
    expect(output).toMatchObject({ bookId: "zq-b2", metadata: { key: REDACTED } });
    expect(JSON.stringify(output)).not.toContain(HANDED);
  });
});
