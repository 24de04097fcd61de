// The anchor of the acknowledgement bench: a bare Node.js server that reads a
// delivery's body and answers 202, nothing else. Prints its address.
//   node scripts/bench/ack-bare.mjs
import { createServer } from "node:http";

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(202);
    res.end();
  });
});
server.listen(0, "127.0.0.1", () =>
  process.stdout.write(`http://127.0.0.1:${server.address().port}/triggers/zqbench_event\n`),
);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
