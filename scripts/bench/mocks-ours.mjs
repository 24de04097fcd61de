// Five mocks as the contract suite's setup and `run --mock` start them
// (dist/mocks/mocks.js: Prism in-process, one listener per provider), each asked
// once, then stopped.   node scripts/bench/mocks-ours.mjs <specs-dir> <provider>...
import { startMocks } from "../../dist/mocks/mocks.js";

const [specsDir, ...providers] = process.argv.slice(2);
const mocks = await startMocks(providers, { specsDir });
await Promise.all(Object.values(mocks.urls).map((url) => fetch(url).then((r) => r.body?.cancel())));
await mocks.close();
