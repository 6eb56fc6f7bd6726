// A run's live progress as server-sent events: takes the Store, a run id, the last line the page
// shows, and the request and reply, streams each later progress line (`event: line`) and each change of state and verdict
// (`event: state`, with final: true at the end, after which the stream closes) and, while it
// runs, its heartbeat's age and the estimate (`event: progress`, run-progress.ts). It reads the
// database every half second, so it shows a run executed by any worker.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { runProgress } from './run-progress.js';
import type { Store } from './store.js';

const POLL_MS = 500;

export async function streamRun(store: Store, runId: number, after: number, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  let closed = false;
  request.raw.on('close', () => (closed = true));
  let last = 0;
  let shown = '';
  let shownProgress = '';
  // The latest attempt's lines, read from the first (the page shows those up to `after`): where the run is.
  let attempt = 0;
  let lines: string[] = [];
  while (!closed) {
    for (const e of await store.events(runId, last)) {
      last = e.id;
      if (e.attempt !== attempt) [attempt, lines] = [e.attempt, []];
      lines.push(e.text);
      if (e.id > after) out.write(`event: line\ndata: ${JSON.stringify({ attempt: e.attempt, text: e.text })}\n\n`);
    }
    const run = await store.run(runId);
    const final = !run || run.state === 'done' || run.state === 'cancelled' || (run.state === 'interrupted' && run.verdict !== null);
    const state = JSON.stringify({ state: run?.state, verdict: run?.verdict ?? null, final });
    if (state !== shown) {
      shown = state;
      out.write(`event: state\ndata: ${state}\n\n`);
    }
    if (final) break;
    if (run?.state === 'running') {
      const [times] = await store.db.query<{ started_at: string | null; heartbeat_at: string | null }>(
        'SELECT started_at, heartbeat_at FROM cm_runs WHERE id = $1',
        [runId],
      );
      const at = (v: string | null | undefined): Date | null => (v ? new Date(v) : null);
      const progress = JSON.stringify(runProgress(lines, at(times?.started_at), at(times?.heartbeat_at), new Date()));
      if (progress !== shownProgress) {
        shownProgress = progress;
        out.write(`event: progress\ndata: ${progress}\n\n`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  out.end();
}
