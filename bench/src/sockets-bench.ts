/**
 * `npm run bench:sockets` (issue 18 §6): N idle notice sockets (default 5,000) on one instance — the server's memory
 * per socket and the time to deliver one broadcast to all of them. The server side is the product's own pieces
 * (@fastify/websocket with the app's options, RealtimeHub, the in-process RealtimeBus, the notice message); the
 * sessions' database check is left out (it happens once per handshake, not per idle socket). The clients run in a
 * child process, so the server's memory counts only its own side of each connection.
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { createLocalRealtimeBus } from '../../apps/server/src/modules/platform/realtime/bus.ts';
import { RealtimeHub } from '../../apps/server/src/modules/platform/realtime/hub.ts';

const count = Number(process.argv.find((a) => a.startsWith('--sockets='))?.split('=')[1] ?? 5000);

if (process.argv.includes('--clients')) {
  // Child: open the sockets in batches, then count one broadcast.
  const url = String(process.env.BENCH_URL);
  let received = 0;
  const sockets: WebSocket[] = [];
  process.on('message', async (msg: { go?: boolean }) => {
    if (!msg.go) return;
    for (let i = 0; i < count; i += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, count - i) }, (_, k) => {
          const socket = new WebSocket(`${url}/u${i + k}`, ['bench-token']);
          sockets.push(socket);
          socket.onmessage = () => {
            received++;
            if (received === count) process.send?.({ received });
          };
          return new Promise<void>((resolve, reject) => {
            socket.onopen = () => resolve();
            socket.onerror = () => reject(new Error('socket refused'));
          });
        }),
      );
    }
    process.send?.({ open: sockets.length });
  });
} else {
  const app = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const hub = new RealtimeHub();
  const bus = createLocalRealtimeBus();
  bus.subscribe((event) => hub.deliver(event));
  app.get<{ Params: { userId: string } }>('/aps/websocket/:userId', { websocket: true }, (socket, request) => {
    const remove = hub.addNotice(request.params.userId, `s-${request.params.userId}`, socket);
    socket.on('close', remove);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc?.();
      await new Promise((r) => setTimeout(r, 200));
    }
    return process.memoryUsage();
  };
  const before = await settle();
  const child = fork(import.meta.filename, ['--clients', `--sockets=${count}`], {
    env: { ...process.env, BENCH_URL: `ws://127.0.0.1:${port}/aps/websocket` },
  });
  const openedAt = performance.now();
  const opened = await new Promise<number>((resolve) => {
    child.on('message', (m: { open?: number }) => m.open !== undefined && resolve(m.open));
    child.send({ go: true });
  });
  const openMs = performance.now() - openedAt;
  const after = await settle();
  const size = hub.size();

  const delivered = new Promise<number>((resolve) => {
    child.on('message', (m: { received?: number }) => m.received !== undefined && resolve(m.received));
  });
  const t0 = performance.now();
  const sent = hub.deliver({ to: 'users', userIds: 'all', message: { cmd: 'topic', msgTxt: '全员公告' } });
  const sendMs = performance.now() - t0;
  const received = await delivered;
  const deliverMs = performance.now() - t0;

  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  const perSocket = (key: 'rss' | 'heapUsed') => Math.round((after[key] - before[key]) / opened);
  console.log(`\n=== notice sockets bench: ${opened} idle sockets on one instance ===`);
  console.log(`hub: ${size.noticeSockets} notice sockets of ${size.users} users; opened in ${Math.round(openMs)} ms`);
  console.log(
    `server memory: rss ${mb(before.rss)} → ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB`,
  );
  console.log(`memory per socket: ${perSocket('rss')} B rss, ${perSocket('heapUsed')} B heap`);
  console.log(
    `broadcast: sent to ${sent} sockets in ${sendMs.toFixed(1)} ms; all ${received} received in ${deliverMs.toFixed(1)} ms`,
  );
  child.kill();
  await app.close();
}
