// The JSON API (docs in openapi.ts, served at /api/openapi.json): takes the Fastify app and
// the service's context, registers every /api route. Each route checks who asks (http-auth.ts)
// before it does anything; only the public key and the OpenAPI document are public. Actions
// that add, queue, cancel or download are written to the audit log with who did them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProfileError } from '../support/errors.js';
import type { Target } from '../spec/vocabulary.js';
import { createToken } from './accounts.js';
import type { Role } from './accounts.js';
import { storeProfile } from './candidate-profile.js';
import { checkCsrf, HttpError, principalOf, requireAdmin, requireReader } from './http-auth.js';
import { OPENAPI } from './openapi.js';
import { enqueueRun } from './queue.js';
import type { ServiceContext } from './context.js';
import type { OnInterrupt } from './store.js';
import { publicKeyPem } from './signing.js';
import { verifyUploaded } from './verify-upload.js';
import { diffRuns } from './run-diff.js';
import { CHANNEL_MANAGER_FILE, channelManagerOf } from './channel-manager-view.js';

const ARTIFACTS: Record<string, string> = {
  'report.json': 'application/json',
  'report.html': 'text/html; charset=utf-8',
  'junit.xml': 'application/xml',
  [CHANNEL_MANAGER_FILE]: 'application/json',
};

const object = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required, additionalProperties: false, properties });
const str = { type: 'string', minLength: 1, maxLength: 200 };

export async function who(ctx: ServiceContext, request: FastifyRequest) {
  const principal = await principalOf(request, ctx.db, ctx.adminToken);
  if (principal) checkCsrf(request, principal);
  return principal;
}

async function runOf(ctx: ServiceContext, request: FastifyRequest) {
  const id = Number((request.params as { id: string }).id);
  const run = Number.isSafeInteger(id) ? await ctx.store.run(id) : undefined;
  if (!run) throw new HttpError(404, `no run ${(request.params as { id: string }).id}`);
  return run;
}

export function registerApi(app: FastifyInstance, ctx: ServiceContext): void {
  const { store } = ctx;
  app.get('/api/openapi.json', async () => OPENAPI);
  app.get('/api/keys', async (_request, reply) =>
    reply
      .type('application/x-pem-file')
      .header('content-disposition', 'inline; filename="cm-certify-signing.pub"')
      .send(await publicKeyPem(ctx.db)),
  );

  app.post(
    '/api/tokens',
    { schema: { body: object(['name'], { name: str, role: { enum: ['admin', 'partner'] }, partner_cid: str }) } },
    async (request, reply) => {
      const me = requireAdmin(await who(ctx, request));
      const body = request.body as { name: string; role?: Role; partner_cid?: string };
      const role = body.role ?? 'admin';
      if (role === 'partner' && !(body.partner_cid && (await store.partner(body.partner_cid))))
        throw new HttpError(400, 'a partner token names an existing partner_cid');
      const token = await createToken(ctx.db, body.name, role, me.name, role === 'partner' ? body.partner_cid : undefined);
      await store.audit(me.name, 'added', `token ${body.name}`, role === 'partner' ? `read-only for ${body.partner_cid}` : role);
      return reply.code(201).send({ token, role, ...(role === 'partner' ? { link: `/p/${token}` } : {}) });
    },
  );

  app.get('/api/partners', async (request) => {
    requireAdmin(await who(ctx, request));
    return store.partners();
  });

  app.post(
    '/api/partners',
    { schema: { body: object(['cid', 'name'], { cid: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' }, name: str }) } },
    async (request, reply) => {
      const me = requireAdmin(await who(ctx, request));
      const { cid, name } = request.body as { cid: string; name: string };
      if (!(await store.addPartner(cid, name))) throw new HttpError(409, `a partner ${cid} exists already`);
      await store.audit(me.name, 'added', `partner ${cid}`, name);
      return reply.code(201).send({ cid, name });
    },
  );

  app.get('/api/partners/:cid', async (request) => {
    const { cid } = request.params as { cid: string };
    requireReader(await who(ctx, request), cid);
    const partner = await store.partner(cid);
    if (!partner) throw new HttpError(404, `no partner ${cid}`);
    return { ...partner, candidates: (await store.candidates(cid)).map(({ profile_yaml: _, ...c }) => c), runs: await store.runsOf(cid) };
  });

  const candidateBody = object(['target', 'profile'], {
    target: { enum: ['ota', 'pms'] },
    name: str,
    profile: { type: 'string', minLength: 1, maxLength: 512 * 1024 },
    secrets: { type: 'object', additionalProperties: { type: 'string', maxLength: 64 * 1024 } },
    ca_pem: { type: 'string', maxLength: 256 * 1024 },
  });
  app.post('/api/partners/:cid/candidates', { schema: { body: candidateBody } }, async (request, reply) => {
    const me = requireAdmin(await who(ctx, request));
    const { cid } = request.params as { cid: string };
    if (!(await store.partner(cid))) throw new HttpError(404, `no partner ${cid}`);
    const body = request.body as { target: Target; name?: string; profile: string; secrets?: Record<string, string>; ca_pem?: string };
    if (body.ca_pem !== undefined && !body.ca_pem.includes('-----BEGIN CERTIFICATE-----'))
      throw new HttpError(400, 'ca_pem: not a PEM certificate (-----BEGIN CERTIFICATE-----)');
    const stored = storeProfile(body.profile, body.secrets ?? {}, body.target);
    const id = await store.addCandidate(cid, body.target, body.name ?? `${body.target} candidate`, stored, body.ca_pem);
    await store.audit(me.name, 'added', `candidate ${id} of ${cid}`, `${body.target}; secrets ${Object.keys(stored.secrets).join(', ') || 'none'}`);
    return reply.code(201).send({ id, secret_names: Object.keys(stored.secrets) });
  });

  app.post(
    '/api/runs',
    { schema: { body: object(['candidate'], { candidate: { type: 'integer', minimum: 1 }, on_interrupt: { enum: ['requeue', 'incomplete'] } }) } },
    async (request, reply) => {
      const me = requireAdmin(await who(ctx, request));
      const body = request.body as { candidate: number; on_interrupt?: OnInterrupt };
      const candidate = await store.candidate(body.candidate);
      if (!candidate) throw new HttpError(404, `no candidate ${body.candidate}`);
      const id = await store.addRun(candidate, me.name, body.on_interrupt ?? ctx.onInterrupt);
      await enqueueRun(ctx.queue, id);
      await store.audit(me.name, 'queued', `run ${id}`, `candidate ${candidate.id} of ${candidate.partner_cid}`);
      return reply.code(201).send({ id, state: 'queued' });
    },
  );

  app.get('/api/runs/:id', async (request) => {
    const run = await runOf(ctx, request);
    requireReader(await who(ctx, request), run.partner_cid);
    const channelManager = await channelManagerOf(store, run.id);
    return { ...run, files: await store.artifactNames(run.id), ...(channelManager ? { channel_manager: channelManager } : {}) };
  });

  app.post('/api/runs/:id/cancel', async (request) => {
    const me = requireAdmin(await who(ctx, request));
    const run = await runOf(ctx, request);
    await ctx.db.query("UPDATE cm_runs SET state = 'cancelled', finished_at = now() WHERE id = $1 AND state = 'queued'", [run.id]);
    await ctx.db.query("UPDATE cm_runs SET cancel_requested = true WHERE id = $1 AND state = 'running'", [run.id]);
    await store.audit(me.name, 'cancelled', `run ${run.id}`, `was ${run.state}`);
    return store.run(run.id);
  });

  app.get('/api/runs/:id/events', async (request) => {
    const run = await runOf(ctx, request);
    requireReader(await who(ctx, request), run.partner_cid);
    const after = Number((request.query as { after?: string }).after ?? 0);
    return store.events(run.id, Number.isSafeInteger(after) ? after : 0);
  });

  app.get('/api/runs/:id/:file', async (request, reply) => {
    const run = await runOf(ctx, request);
    const me = requireReader(await who(ctx, request), run.partner_cid);
    const { file } = request.params as { file: string };
    const type = ARTIFACTS[file];
    const content = type ? await store.artifact(run.id, file) : undefined;
    if (!type || !content) throw new HttpError(404, `run ${run.id} has no ${file}${run.state === 'done' ? '' : ` (it is ${run.state})`}`);
    await store.audit(me.name, 'downloaded', `run ${run.id} ${file}`);
    // The HTML report opens in the browser; the others download.
    const disposition = file === 'report.html' ? 'inline' : 'attachment';
    return reply.type(type).header('content-disposition', `${disposition}; filename="run-${run.id}-${file}"`).send(content);
  });

  app.get('/api/diff', async (request) => {
    const q = request.query as { older?: string; newer?: string };
    const [older, newer] = [await store.run(Number(q.older)), await store.run(Number(q.newer))];
    if (!older || !newer) throw new HttpError(404, 'give two runs: ?older=ID&newer=ID');
    requireReader(await who(ctx, request), older.partner_cid);
    requireReader(await who(ctx, request), newer.partner_cid);
    return diffRuns(store, older.id, newer.id);
  });

  app.post(
    '/api/verify',
    { bodyLimit: 64 * 1024 * 1024, schema: { body: object(['report'], { report: { type: 'string' }, _csrf: { type: 'string' } }) } },
    async (request) => {
      requireAdmin(await who(ctx, request));
      return verifyUploaded((request.body as { report: string }).report, await publicKeyPem(ctx.db));
    },
  );

  app.get('/api/audit', async (request) => {
    requireAdmin(await who(ctx, request));
    return store.auditLog();
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError && error.status === 303) return reply.redirect(error.message, 303);
    if (error instanceof HttpError) return reply.code(error.status).send({ error: error.message });
    if (error instanceof ProfileError) return reply.code(400).send({ error: error.message, location: error.location });
    const e = error as { validation?: unknown; statusCode?: number; message: string };
    if (e.validation || (e.statusCode && e.statusCode < 500)) return reply.code(e.statusCode ?? 400).send({ error: e.message });
    ctx.log(`error: ${e.message}`);
    return reply.code(503).send({ error: `the service could not do this now (${e.message}); try again` });
  });
}
