// The "checks over time" route and page: takes the Fastify app and the service's context,
// registers GET /api/partners/{cid}/history (JSON) and /partners/{cid}/history (a table: one
// row per check that changed, one column per run, the changed cells marked), both reading
// check-history.ts. Team members and the partner's own read-only token may read it.
import type { FastifyInstance } from 'fastify';
import { html, join } from '../report/html/escape.js';
import type { Principal } from './accounts.js';
import { who } from './api.js';
import { historyOf, HISTORY_RUNS } from './check-history.js';
import type { PartnerHistory } from './check-history.js';
import type { ServiceContext } from './context.js';
import { HttpError, requireAdmin, requireReader } from './http-auth.js';
import { page } from './page-html.js';
import type { Partner } from './store.js';

const HISTORY_STYLES = html`<style>td.changed{background:#fff8c5;font-weight:600}td.o-fail,td.o-error{color:#cf222e}td.o-pass{color:#1a7f37}</style>`;

export function historyPage(me: Principal, partner: Partner, history: PartnerHistory): string {
  const head = join(history.runs.map((r) => html`<th><a href="/runs/${r.id}">run ${r.id}</a><br><span class="muted">${r.verdict ?? ''}</span></th>`));
  const rows = history.checks.map((c) => {
    const changedAt = new Set(c.changes.map((x) => x.run));
    const cells = c.outcomes.map((o, i) => {
      const run = history.runs[i]!.id;
      const cls = `${changedAt.has(run) ? 'changed ' : ''}o-${(o ?? 'none').split(' ')[0]}`;
      return html`<td class="${cls}">${o ?? '–'}</td>`;
    });
    const when = c.changes.map((x) => `run ${x.run}: ${x.from} → ${x.to}`).join('; ');
    return html`<tr><td><code>${c.check}</code></td>${join(cells)}<td>${when}</td></tr>`;
  });
  return page(
    `${partner.cid} · checks over time`,
    me,
    html`${HISTORY_STYLES}<h2>Checks over time: ${partner.name} <span class="muted">(<a href="/partners/${encodeURIComponent(partner.cid)}">${partner.cid}</a>)</span></h2>
<p>The checks whose outcome changed across the partner's last ${HISTORY_RUNS} runs with a report (oldest left); a marked cell is where it changed.</p>
${
  history.checks.length
    ? html`<table><tr><th>check</th>${head}<th>changed</th></tr>${join(rows)}</table>`
    : html`<p id="no-changes">No check changed across ${history.runs.length} run(s).</p>`
}`,
  );
}

export function registerHistory(app: FastifyInstance, ctx: ServiceContext): void {
  const partnerOf = async (cid: string): Promise<Partner> => {
    const partner = await ctx.store.partner(cid);
    if (!partner) throw new HttpError(404, `no partner ${cid}`);
    return partner;
  };
  app.get('/api/partners/:cid/history', async (request) => {
    const { cid } = request.params as { cid: string };
    requireReader(await who(ctx, request), cid);
    return historyOf(ctx.store, (await partnerOf(cid)).cid);
  });
  app.get('/partners/:cid/history', async (request, reply) => {
    const me = await who(ctx, request);
    if (!me) throw new HttpError(303, '/login');
    requireAdmin(me);
    const partner = await partnerOf((request.params as { cid: string }).cid);
    return reply.type('text/html; charset=utf-8').send(historyPage(me, partner, await historyOf(ctx.store, partner.cid)));
  });
}
