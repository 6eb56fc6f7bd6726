// A run's live progress as server-sent events: takes the Store, a run id, the last line the page
// shows, and the request and reply, streams each later progress line (`event: line`) and each change of state and verdict
// (`event: state`, with final: true at the end, after which the stream closes). It reads the
// database every half second, so it shows a run executed by any worker.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from './store.js';

const POLL_MS = 500;

export async function streamRun(store: Store, runId: number, after: number, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  let closed = false;
  request.raw.on('close', () => (closed = true));
  let last = after;
  let shown = '';
  while (!closed) {
    for (const e of await store.events(runId, last)) {
      last = e.id;
      out.write(`event: line\ndata: ${JSON.stringify({ attempt: e.attempt, text: e.text })}\n\n`);
    }
    const run = await store.run(runId);
    const final = !run || run.state === 'done' || run.state === 'cancelled' || (run.state === 'interrupted' && run.verdict !== null);
    const state = JSON.stringify({ state: run?.state, verdict: run?.verdict ?? null, final });
    if (state !== shown) {
      shown = state;
      out.write(`event: state\ndata: ${state}\n\n`);
    }
    if (final) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  out.end();
}
