// Load generator of `npm run bench`, run in a process of its own so that it never shares an event loop with a
// server under test. Plain HTTP/1.1 keep-alive over `node:net`: each connection writes one prepared request,
// reads the whole response (Content-Length or chunked), records the latency and writes the next — closed-loop,
// like wrk or autocannon without pipelining, and cheaper per request than an HTTP client library, so that the
// generator's own cost stays low beside the fastest baseline.
//
// Usage: node load.mjs '{"port":8080,"path":"/api/health","headers":{},"connections":50,"seconds":5,"warmup":1}'
// An optional `"rate"` (requests per second over all connections) makes it open-loop: each connection sends at
// most every connections/rate seconds — a steady visitor load for the long soak instead of saturation.
// Prints `start` when the measured window opens, then one JSON line: { requests, rps, non2xx, errors, p50, p99,
// max, generatorCpu } (latencies in ms).
import net from 'node:net';

const opts = JSON.parse(process.argv[2] ?? '{}');
const host = opts.host ?? '127.0.0.1';
const { port, path, connections = 50, seconds = 5, warmup = 1, rate = 0 } = opts;
/** The least time between two requests of one connection (ms); 0: the next is sent as the last answer arrives. */
const interval = rate > 0 ? (connections / rate) * 1000 : 0;
const headerLines = Object.entries(opts.headers ?? {})
  .map(([k, v]) => `${k}: ${v}\r\n`)
  .join('');
const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\n${headerLines}\r\n`, 'latin1');

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNK_END = Buffer.from('\r\n0\r\n\r\n');
const latencies = new Float64Array(4_000_000);
let recorded = 0;
let non2xx = 0;
let errors = 0;
let recording = false;
let stopping = false;

const CONTENT_LENGTH = [Buffer.from('\r\ncontent-length:'), Buffer.from('\r\nContent-Length:')];
const CHUNKED = [
  Buffer.from('\r\ntransfer-encoding: chunked'),
  Buffer.from('\r\nTransfer-Encoding: chunked'),
];

/** Index of the first of `needles` within buf[0, end), or -1. */
function find(buf, needles, end) {
  for (const needle of needles) {
    const at = buf.indexOf(needle);
    if (at !== -1 && at < end) return at;
  }
  return -1;
}

/**
 * Length of the first complete response in `buf`, or -1 when more bytes are needed. Byte searches only (no string
 * copy of the head): the generator's cost per response must not grow with the size of the headers it is sent,
 * or a server sending more headers would be measured as slower than it is.
 */
function responseLength(buf) {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd === -1) return -1;
  const length = find(buf, CONTENT_LENGTH, headerEnd);
  if (length !== -1) {
    let i = length + CONTENT_LENGTH[0].length;
    while (buf[i] === 0x20) i++;
    let value = 0;
    for (let c = buf[i]; c >= 0x30 && c <= 0x39; c = buf[++i]) value = value * 10 + (c - 0x30);
    const total = headerEnd + 4 + value;
    return buf.length >= total ? total : -1;
  }
  if (find(buf, CHUNKED, headerEnd) !== -1) {
    const end = buf.indexOf(CHUNK_END, headerEnd);
    return end === -1 ? -1 : end + CHUNK_END.length;
  }
  return headerEnd + 4;
}

function connection() {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, noDelay: true });
    let pending = Buffer.alloc(0);
    let sentAt = 0;
    const write = () => {
      if (stopping) {
        socket.end();
        return;
      }
      sentAt = performance.now();
      socket.write(request);
    };
    const send = () => {
      const wait = interval && sentAt ? sentAt + interval - performance.now() : 0;
      if (wait > 0) setTimeout(write, wait);
      else write();
    };
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const length = responseLength(pending);
        if (length === -1) return;
        const status = pending[9];
        pending = pending.subarray(length);
        if (recording) {
          if (recorded < latencies.length) latencies[recorded++] = performance.now() - sentAt;
          if (status !== 0x32 /* '2' */) non2xx++;
        }
        send();
      }
    });
    socket.on('error', () => {
      errors++;
    });
    socket.on('close', resolve);
  });
}

const sockets = Array.from({ length: connections }, connection);
await new Promise((r) => setTimeout(r, warmup * 1000));
recording = true;
// Tells the orchestrator when the measured window opens (it samples the server's CPU time then).
process.stdout.write('start\n');
const start = performance.now();
const cpuStart = process.cpuUsage();
await new Promise((r) => setTimeout(r, seconds * 1000));
recording = false;
const elapsed = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuStart);
stopping = true;
await Promise.race([Promise.all(sockets), new Promise((r) => setTimeout(r, 2000))]);

const sorted = latencies.subarray(0, recorded).sort();
const at = (q) => (recorded ? sorted[Math.min(recorded - 1, Math.floor(q * recorded))] : 0);
process.stdout.write(
  `${JSON.stringify({
    requests: recorded,
    rps: recorded / elapsed,
    non2xx,
    errors,
    p50: at(0.5),
    p99: at(0.99),
    max: recorded ? sorted[recorded - 1] : 0,
    // Share of one core the generator itself used: near 1 means it, not the server, set the pace.
    generatorCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
  })}\n`,
);
process.exit(0);
