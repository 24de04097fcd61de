// A provider written in YAML only (test-support/fixtures/specs-hooks/zqpay: an
// OpenAPI 3.1 `webhooks` entry signed `t=…,v1=…` with HMAC-SHA256 over
// "<t>.<body>") gets a trigger with no TypeScript: generated, a workflow
// starting from it served with `blockwright serve --mock` (a process), and
// deliveries rehearsed with `blockwright emit`: accepted, one run; the same
// delivery again, no second run; a tampered body or a timestamp 10 minutes old
// refused, no run. Ctrl-C stops the receiver; the store keeps the one run.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { signDelivery, type TriggerSpec } from "@blockwright/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { runCount } from "../serve/sqlite-store.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-emit-"));
const dir = join(tmp, "project");
const SECRET = "zq_whsec_emit_rehearsal_key_1";
const env = { ZQ_SIGNING_SECRET: SECRET };
let trigger: TriggerSpec;

beforeAll(async () => {
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  cpSync(join(ROOT, "test-support/fixtures/specs-hooks/zqpay"), join(dir, "specs/zqpay"), { recursive: true });
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
  const pkg = (await import(pathToFileURL(join(dir, "generated/zqpay/index.js")).href)) as {
    zqpayTriggers: Record<string, TriggerSpec>;
  };
  trigger = pkg.zqpayTriggers.zqpay_payment_succeeded!;
  writeFileSync(
    join(dir, "wf.yaml"),
    [
      "name: On a payment",
      "blocks:",
      "  start:",
      "    type: zqpay",
      "    name: A payment succeeded",
      "    inputs: { trigger: zqpay_payment_succeeded, signingSecret: '{{ZQ_SIGNING_SECRET}}' }",
      "    connections: { outgoing: [{ target: payment }] }",
      "  payment:",
      "    type: zqpay",
      "    name: Read the payment",
      "    inputs: { operation: zqpay_get_payment, apiKey: '{{ZQ_PAY_KEY}}', paymentId: " +
        "'{{start.metadata.paymentId}}' }",
      "",
    ].join("\n"),
  );
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a YAML-only provider's webhook, served and emitted", () => {
  it("runs once per signed delivery and refuses tampered and stale ones", async () => {
    const store = join(tmp, "serve.sqlite");
    const serve = spawnCli(["serve", "wf.yaml", "--mock", "--port", "0", "--store", store], env, dir);
    try {
      const [, url] = (await serve.waitFor(
        /zqpay_payment_succeeded (http:\/\/127\.0\.0\.1:\d+\/triggers\/zqpay_payment_succeeded)\n/,
      )) as RegExpMatchArray & [string, string];
      const emit = () =>
        cli(["emit", "zqpay_payment_succeeded", "--to", url, "--secret-env", "ZQ_SIGNING_SECRET"], { cwd: dir, env });

      const first = await emit();
      expect(first).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          /^200 OK zqpay_payment_succeeded event evt_1Zq \(example "succeeded", \d+ bytes\)\n$/,
        ),
      });
      const line = await serve.waitFor(/\{"trigger":"zqpay_payment_succeeded".*\}\n/);
      expect(JSON.parse(line[0])).toMatchObject({
        trigger: "zqpay_payment_succeeded",
        event: "evt_1Zq",
        status: "succeeded",
        blocks: [
          { id: "start", status: "succeeded" },
          { id: "payment", status: "succeeded" },
        ],
      });

      // Again, the secret from the default variable (<PROVIDER>_<SECRET>): the same delivery, the same event.
      expect(
        await cli(["emit", "zqpay_payment_succeeded", "--to", url], {
          cwd: dir,
          env: { ZQPAY_SIGNING_SECRET: SECRET },
        }),
      ).toMatchObject({ code: 0, stdout: expect.stringMatching(/^200 OK zqpay_payment_succeeded event evt_1Zq /) });
      await serve.waitFor(/event evt_1Zq seen before: no second run/);

      // The same example, signed here as the provider would, then changed on the way or sent 10 minutes late.
      const body = JSON.stringify({
        id: "evt_2Zq",
        type: "payment.succeeded",
        created: 1795000000,
        data: { id: "pay_2Zq", amount: 4200, currency: "eur", status: "succeeded" },
      });
      const post = async (text: string, headers: Record<string, string>) =>
        (await fetch(url, { method: "POST", headers, body: text })).status;
      const signed = await signDelivery(trigger, body, { secret: SECRET, url });
      expect(await post(body.replace('"amount":4200', '"amount":1'), signed)).toBe(401);
      await serve.waitFor(/refused a delivery: SIGNATURE_MISMATCH/);
      expect(
        await post(body, await signDelivery(trigger, body, { secret: SECRET, url, now: Date.now() - 600_000 })),
      ).toBe(401);
      await serve.waitFor(/refused a delivery: STALE_EVENT/);

      expect(serve.stdout().match(/"trigger"/g)).toHaveLength(1);
      expect(serve.stderr() + first.stdout + first.stderr).not.toContain(SECRET);
    } finally {
      serve.child.kill("SIGINT");
    }
    expect(await serve.exited).toBe(0);
    expect(runCount(store)).toBe(1);
  });

  it("refuses what it cannot send, naming the problem", async () => {
    const to = ["--to", "http://127.0.0.1:9/triggers/x"];
    expect(await cli(["emit", "zqpay_payment_failed", ...to], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'unknown trigger "zqpay_payment_failed" (triggers of zqpay: zqpay_payment_succeeded) [BW3006]',
      ),
    });
    expect(
      await cli(["emit", "zqpay_payment_succeeded", ...to, "--secret-env", "ZQ_UNSET"], { cwd: dir }),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "environment variable ZQ_UNSET is not set (it holds zqpay_payment_succeeded's secret, signingSecret) [BW3008]",
      ),
    });
    expect(
      await cli(
        ["emit", "zqpay_payment_succeeded", "--to", "http://zqpay.example/hooks", "--secret-env", "ZQ_SIGNING_SECRET"],
        { cwd: dir, env },
      ),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '--to must be https, or http on loopback (localhost, 127.0.0.1, [::1]), got "http://zqpay.example" [BW3003]',
      ),
    });
    expect(
      await cli(["emit", "zqpay_payment_succeeded", ...to, "--secret-env", "ZQ_SIGNING_SECRET", "--example", "nope"], {
        cwd: dir,
        env,
      }),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'unknown example "nope" of zqpay_payment_succeeded (examples: succeeded) [BW3006]',
      ),
    });
    expect(await cli(["emit", "zqpay_payment_succeeded", ...to], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "the default variable ZQPAY_SIGNING_SECRET: environment variable ZQPAY_SIGNING_SECRET is not set",
      ),
    });
    expect(await cli(["emit", "zqpay_payment_succeeded", ...to, "--handshake"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "zqpay_payment_succeeded declares no handshake (manifest handshakes): send a delivery instead [BW3012]",
      ),
    });
    expect(
      await cli(
        ["emit", "zqpay_payment_succeeded", ...to, "--secret-env", "ZQ_SIGNING_SECRET", "--param", "amount=1"],
        { cwd: dir, env },
      ),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '--param takes /pointer=value (a field of the event, e.g. /data/id=zq-1), got "amount"… [BW3003]',
      ),
    });
  });
});
