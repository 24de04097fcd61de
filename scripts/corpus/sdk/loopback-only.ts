// Nothing the SDK comparison runs may reach the network: SDKs fetch, phone
// home or look up hosts of their own. Every TCP connection of the process
// goes through net.Socket's connect, undici's and node:http's alike; while
// the guard is on, one to anything but a loopback address is refused before
// any lookup or packet, and the refusal is counted so the report can say so.
import net from "node:net";

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|::1|\[::1\]|localhost|::ffff:127(?:\.\d{1,3}){3})$/i;

export class NetworkRefused extends Error {}

/** Whether a host (name or address) is the loopback one. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host);
}

export interface Guard {
  /** Every host a connection was refused to, in order. */
  refused: string[];
  off(): void;
}

/** Refuse every TCP connection to a host that is not loopback (a Unix socket path is let through: it is local). */
export function loopbackOnly(): Guard {
  const proto = net.Socket.prototype as unknown as { connect: (...args: unknown[]) => net.Socket };
  const original = proto.connect;
  const refused: string[] = [];
  proto.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    // connect(options[, listener]), connect([options, listener]) (what net.connect passes), connect(port[, host]),
    // connect(path).
    const options = (Array.isArray(first) ? first[0] : first) as unknown;
    let host: string | undefined;
    let path: string | undefined;
    if (options && typeof options === "object") {
      const o = options as { host?: string; path?: string | null };
      host = o.host;
      // node:http passes the request's own `path` (null or a string) along: only a string path without a host is a
      // socket.
      path = typeof o.path === "string" && !o.host ? o.path : undefined;
    } else if (typeof options === "number" || (typeof options === "string" && /^\d+$/.test(options)))
      host = typeof args[1] === "string" ? args[1] : "localhost";
    else if (typeof options === "string") path = options;
    if (path === undefined && !isLoopbackHost(host ?? "localhost")) {
      refused.push(host ?? "");
      const error = new NetworkRefused(
        `the SDK comparison sends nothing off this machine: a connection to ${JSON.stringify(host)} was refused`,
      );
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return original.apply(this, args);
  };
  return {
    refused,
    off() {
      proto.connect = original;
    },
  };
}
