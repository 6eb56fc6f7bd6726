// The waiver routes, API and pages: takes the Fastify app and the service's context, registers
// GET/POST /api/candidates/{id}/waivers, POST /api/waivers/{id}/revoke, and the candidate's
// waiver page (/candidates/{id}/waivers) with its add and revoke forms. Only team members add
// or revoke; approved_by is who is logged in (waivers.ts); every change is in the audit log.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../report/html/escape.js';
import { ProfileError } from '../support/errors.js';
import { who } from './api.js';
import type { ServiceContext } from './context.js';
import { HttpError, requireAdmin, requireReader } from './http-auth.js';
import { csrfField, page } from './page-html.js';
import type { Principal } from './accounts.js';
import type { CandidateView } from './store.js';
import { addWaiver, approverOf, checkWaiver, revokeWaiver, waiversOf } from './waivers.js';
import type { StoredWaiver, WaiverAsk } from './waivers.js';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const WAIVER_BODY = {
  type: 'object',
  required: ['check', 'reason', 'expires'],
  additionalProperties: false,
  // approved_by is who asks: a body that names one is refused (not silently dropped, as Fastify drops unknown fields).
  properties: { check: text(200), suite: text(200), reason: text(1000), expires: text(10), _csrf: { type: 'string' }, approved_by: { not: {} } },
};

function waiverPage(me: Principal, candidate: CandidateView, waivers: readonly StoredWaiver[], error?: string, ask: Partial<WaiverAsk> = {}): string {
  const rows = waivers.map(
    (w) =>
      html`<tr><td>${w.check}</td><td>${w.suite ?? 'any'}</td><td>${w.reason}</td><td>${w.expires}</td><td class="approved">${w.approved_by}</td><td>${
        w.revoked_by
          ? html`revoked by ${w.revoked_by}`
          : html`<form class="inline" method="post" action="/waivers/${w.id}/revoke">${csrfField(me)}<button type="submit">Revoke</button></form>`
      }</td></tr>`,
  );
  return page(
    `waivers of candidate ${candidate.id}`,
    me,
    html`<h2>Waivers of ${candidate.name} <span class="muted">(candidate ${candidate.id} of <a href="/partners/${encodeURIComponent(candidate.partner_cid)}">${candidate.partner_cid}</a>)</span></h2>
<p>Applied to the candidate's next runs as <code>cm-certify run --waivers</code> applies a waiver file, and recorded in their certificates.</p>
<table><tr><th>check</th><th>suite</th><th>reason</th><th>expires</th><th>approved by</th><th></th></tr>${rows}</table>
<h3>Add a waiver</h3>${error ? html`<p class="error">${error}</p>` : ''}<form method="post" action="/candidates/${candidate.id}/waivers">${csrfField(me)}
<label for="check">Check id</label><input type="text" id="check" name="check" value="${ask.check ?? ''}">
<label for="suite">Suite (optional)</label><input type="text" id="suite" name="suite" value="${ask.suite ?? ''}">
<label for="reason">Reason</label><input type="text" id="reason" name="reason" value="${ask.reason ?? ''}">
<label for="expires">Expires (YYYY-MM-DD, the last day it holds)</label><input type="text" id="expires" name="expires" value="${ask.expires ?? ''}">
<p>Approved by: <strong>${approverOf(me)}</strong></p><button type="submit">Approve waiver</button></form>`,
  );
}

export function registerWaivers(app: FastifyInstance, ctx: ServiceContext, now: () => Date = () => new Date()): void {
  const { store, db } = ctx;
  const candidateOf = async (request: FastifyRequest): Promise<CandidateView> => {
    const id = Number((request.params as { id: string }).id);
    const candidate = Number.isSafeInteger(id) ? await store.candidate(id) : undefined;
    if (!candidate) throw new HttpError(404, `no candidate ${(request.params as { id: string }).id}`);
    return candidate;
  };
  const add = async (me: Principal, candidate: CandidateView, body: Record<string, string | undefined>): Promise<StoredWaiver> => {
    const ask: WaiverAsk = {
      check: body.check ?? '',
      ...(body.suite?.trim() ? { suite: body.suite } : {}),
      reason: body.reason ?? '',
      expires: body.expires ?? '',
    };
    const approvedBy = approverOf(me);
    const stored = await addWaiver(db, candidate.id, checkWaiver(ask, approvedBy, candidate.target, now()), approvedBy);
    await store.audit(
      me.name,
      'waived',
      `${stored.check} for candidate ${candidate.id} of ${candidate.partner_cid}`,
      `until ${stored.expires}: ${stored.reason}`,
    );
    return stored;
  };
  const revoke = async (me: Principal, request: FastifyRequest): Promise<StoredWaiver> => {
    const id = Number((request.params as { id: string }).id);
    const revoked = Number.isSafeInteger(id) ? await revokeWaiver(db, id, approverOf(me)) : undefined;
    if (!revoked) throw new HttpError(404, `no waiver ${(request.params as { id: string }).id} in force`);
    await store.audit(me.name, 'revoked waiver', `${revoked.check} for candidate ${revoked.candidate_id}`, `approved by ${revoked.approved_by}`);
    return revoked;
  };

  app.get('/api/candidates/:id/waivers', async (request) => {
    const candidate = await candidateOf(request);
    requireReader(await who(ctx, request), candidate.partner_cid);
    return waiversOf(db, candidate.id, true);
  });
  app.post('/api/candidates/:id/waivers', { schema: { body: WAIVER_BODY } }, async (request, reply) => {
    const me = requireAdmin(await who(ctx, request));
    const candidate = await candidateOf(request);
    return reply.code(201).send(await add(me, candidate, request.body as Record<string, string>));
  });
  app.post('/api/waivers/:id/revoke', async (request) => revoke(requireAdmin(await who(ctx, request)), request));

  const member = async (request: FastifyRequest): Promise<Principal> => {
    const me = await who(ctx, request);
    if (!me) throw new HttpError(303, '/login');
    return requireAdmin(me);
  };
  const send = (reply: FastifyReply, body: string, code = 200) => reply.code(code).type('text/html; charset=utf-8').send(body);
  app.get('/candidates/:id/waivers', async (request, reply) => {
    const me = await member(request);
    const candidate = await candidateOf(request);
    return send(reply, waiverPage(me, candidate, await waiversOf(db, candidate.id, true)));
  });
  app.post('/candidates/:id/waivers', async (request, reply) => {
    const me = await member(request);
    const candidate = await candidateOf(request);
    const body = request.body as Record<string, string>;
    try {
      await add(me, candidate, body);
      return reply.redirect(`/candidates/${candidate.id}/waivers`, 303);
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error;
      return send(reply, waiverPage(me, candidate, await waiversOf(db, candidate.id, true), error.message, body), 400);
    }
  });
  app.post('/waivers/:id/revoke', async (request, reply) => {
    const revoked = await revoke(await member(request), request);
    return reply.redirect(`/candidates/${revoked.candidate_id}/waivers`, 303);
  });
}
