// `blockwright serve --public-url` as a process, on the directory provider's
// Prism mock: at start it creates the trigger's subscription through the
// provider's own operation (its address, its lifecycle address, its
// clientState, its expiry) and records it in the store; a notification runs
// the workflow; a lifecycle notification asking for reauthorization renews the
// subscription at once; SIGTERM lets the run finish, deletes the subscription
// and stops. Neither the client state nor the access token appears in any
// output.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnCli } from "../../test-support/cli-harness.js";
import { openSqliteStore } from "../serve/sqlite-store.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-serve-subscription-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const CLIENT_STATE = "zq-client-state-b41d9e7a";
const TOKEN = "zq-access-token-6f03c2d8";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("blockwright serve --public-url", () => {
  it(
    "creates the subscription at start, records it, renews it when Graph asks for reauthorization, " +
      "and deletes it on SIGTERM",
    async () => {
      const wf = join(tmp, "wf.yaml");
      writeFileSync(
        wf,
        [
          "name: On a changed user",
          "blocks:",
          "  start:",
          "    type: directory",
          "    name: A user changed",
          "    inputs: { trigger: directory_user_updated, clientState: '{{ZQ_GRAPH_CLIENT_STATE}}', " +
            "accessToken: '{{ZQ_DIRECTORY_TOKEN}}' }",
          "    connections: { outgoing: [{ target: user }] }",
          "  user:",
          "    type: directory",
          "    name: Read the user",
          "    inputs: { operation: directory_get_user, accessToken: '{{ZQ_DIRECTORY_TOKEN}}', userId: " +
            "'{{start.metadata.userId}}' }",
          "",
        ].join("\n"),
      );
      const store = join(tmp, "serve.sqlite");
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const serve = spawnCli(
        ["serve", wf, "--mock", "--port", String(port), "--public-url", publicUrl, "--store", store],
        { ZQ_GRAPH_CLIENT_STATE: CLIENT_STATE, ZQ_DIRECTORY_TOKEN: TOKEN },
      );
      let stopped = false;
      try {
        const url = `${publicUrl}/triggers/directory_user_updated`;
        const [, id] = (await serve.waitFor(
          new RegExp(`subscription (\\S+) created for ${url.replaceAll(".", "\\.")}, expires \\d{4}-`),
        )) as RegExpMatchArray & [string, string];
        const kept = openSqliteStore(store, { inspect: true });
        try {
          const [record] = await kept.subscriptions();
          expect(record).toMatchObject({ trigger: "directory_user_updated", id, url });
          // The longest a subscription to users may last, less a minute: renewal is due at 90% of it.
          const lifetime = Date.parse(record?.expiresAt ?? "") - Date.now();
          expect(lifetime).toBeGreaterThan(41_760 * 60_000 - 5 * 60_000);
          expect(lifetime).toBeLessThanOrEqual(41_760 * 60_000);
        } finally {
          await kept.close();
        }

        const note = {
          value: [
            {
              subscriptionId: id,
              clientState: CLIENT_STATE,
              changeType: "updated",
              resource: "Users/zq-user-1",
              resourceData: { id: "zq-user-1" },
              tenantId: "zq-tenant",
            },
          ],
        };
        const answer = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(note),
        });
        expect(answer.status).toBe(202);
        const [line] = await serve.waitFor(/\{"trigger":"directory_user_updated".*\}\n/);
        expect(JSON.parse(line)).toMatchObject({
          trigger: "directory_user_updated",
          status: "succeeded",
          blocks: [{ id: "start" }, { id: "user", status: "succeeded" }],
        });

        // Graph validates the lifecycle address as it does the other, then posts there about the subscription.
        const lifecycleUrl = `${url}/lifecycle`;
        const handshake = await fetch(`${lifecycleUrl}?validationToken=zq-check`, { method: "POST" });
        expect(await handshake.text()).toBe("zq-check");
        const lifecycle = {
          value: [
            {
              subscriptionId: id,
              subscriptionExpirationDateTime: "2026-11-30T11:00:00Z",
              tenantId: "zq-tenant",
              clientState: CLIENT_STATE,
              lifecycleEvent: "reauthorizationRequired",
            },
          ],
        };
        const acknowledged = await fetch(lifecycleUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(lifecycle),
        });
        expect(acknowledged.status).toBe(202);
        await serve.waitFor(new RegExp(`subscription ${id} renewed, expires \\d{4}-`));

        serve.child.kill("SIGTERM");
        stopped = true;
        expect(await serve.closed).toBe(0);
        expect(serve.stderr()).toContain(`subscription ${id} deleted`);
        const after = openSqliteStore(store);
        try {
          expect(await after.subscriptions()).toEqual([]);
          expect((await after.runs()).map((r) => r.status)).toEqual(["succeeded"]);
        } finally {
          await after.close();
        }
        for (const text of [serve.stdout(), serve.stderr()]) {
          expect(text).not.toContain(CLIENT_STATE);
          expect(text).not.toContain(TOKEN);
        }
      } finally {
        if (!stopped) serve.child.kill("SIGINT");
        await serve.exited;
      }
    },
  );
});
