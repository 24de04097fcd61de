// Ours in the acknowledgement bench: serve's receiver (the build in dist/) on
// a SQLite store in a temporary folder, for a trigger signed with an HMAC
// over the body: each delivery verified, its event claimed, the delivery and
// its queued run written (one transaction for those that arrive together),
// then 202; the runs are taken and run (a workflow of no block) meanwhile.
// Prints its address.
//   node scripts/bench/ack-serve.mjs <store file>
import { createServer } from "node:http";
import { createReceiver } from "../../../dist/serve/receiver.js";
import { startExecutor } from "../../../dist/serve/run-executor.js";
import { openSqliteStore } from "../../../dist/serve/sqlite-store.js";

export const BENCH_SECRET = "zq-bench-secret";
const trigger = {
  id: "zqbench_event",
  provider: "zqbench",
  title: "Event",
  description: "",
  event: { source: "webhook", name: "event" },
  match: [],
  authentication: {
    kind: "hmac",
    algorithm: "SHA-256",
    encoding: "hex",
    header: "X-Zq-Signature",
    signedText: "{body}",
  },
  secretParam: "secret",
  handshakes: [],
  eventId: [{ from: "event", pointer: ["id"] }],
  acknowledge: 202,
  maxBodyBytes: 65536,
  outputs: [{ name: "n", description: "", source: { from: "event", pointer: ["n"] }, required: true }],
};
const store = openSqliteStore(process.argv[2]);
const executor = startExecutor({
  store,
  concurrency: 8,
  retry: { attempts: 1, backoffMs: 1000 },
  log: () => undefined,
  attempt: async () => ({ status: "succeeded", durationMs: 0, blocks: [], placeholders: [] }),
});
const receiver = createReceiver({
  trigger,
  path: "/triggers/zqbench_event",
  secret: BENCH_SECRET,
  store,
  log: () => undefined,
  accepted: () => executor.kick(),
});
const server = createServer(receiver.handle);
server.listen(0, "127.0.0.1", () =>
  process.stdout.write(`http://127.0.0.1:${server.address().port}/triggers/zqbench_event\n`),
);
process.on("SIGTERM", async () => {
  server.close();
  await receiver.stop();
  server.closeAllConnections();
  await executor.stop(5000);
  await store.close();
  process.exit(0);
});
