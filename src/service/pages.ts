// The server-rendered pages: takes the Fastify app and the service's context, registers the
// browser routes — login (rate-limited, a session cookie that is HttpOnly, SameSite=Strict and
// Secure), partners, a partner's candidates and runs, the candidate editor, a run with its live
// progress (server-sent events) and cancel, verify, diff, the audit log, and a partner's
// read-only link. Every form carries the session's CSRF token (checked by `who`).
import { channelManagerOf } from './channel-manager-view.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProfileError } from '../support/errors.js';
import type { Target } from '../spec/vocabulary.js';
import { createSession, createToken, endSession, login, principalOfToken } from './accounts.js';
import type { Principal } from './accounts.js';
import { who } from './api.js';
import { storeProfile } from './candidate-profile.js';
import type { ServiceContext } from './context.js';
import { cookiesOf, HttpError, requireAdmin, SESSION_COOKIE } from './http-auth.js';
import { auditPage, diffPage, loginPage, page, partnerPage, partnersPage, runPage, runRows, verifyPage } from './page-html.js';
import { enqueueRun } from './queue.js';
import { diffRuns } from './run-diff.js';
import { publicKeyPem } from './signing.js';
import { verifyUploaded } from './verify-upload.js';
import { streamRun } from './live.js';
import { LoginLimiter } from './login-limiter.js';
import { html } from '../report/html/escape.js';

type Form = Record<string, string>;
const HTML = 'text/html; charset=utf-8';

function secretsOf(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of (text ?? '').split(/\r?\n/)) {
    const eq = line.indexOf('=');
    if (line.trim() && eq < 1) throw new ProfileError('secrets: one NAME=value a line');
    if (eq > 0) out[line.slice(0, eq).trim()] = line.slice(eq + 1);
  }
  return out;
}

export function registerPages(app: FastifyInstance, ctx: ServiceContext): void {
  const { store } = ctx;
  const limiter = new LoginLimiter();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  /** The team member, or a redirect to the login page. */
  const member = async (request: FastifyRequest): Promise<Principal> => {
    const me = await who(ctx, request);
    if (!me) throw new HttpError(303, '/login');
    return requireAdmin(me);
  };
  const send = (reply: FastifyReply, text: string, code = 200) => reply.code(code).type(HTML).send(text);

  app.get('/', async (_request, reply) => reply.redirect('/partners'));
  app.get('/login', async (_request, reply) => send(reply, loginPage(undefined, ctx.oidcLogin)));
  app.post('/login', async (request, reply) => {
    const form = request.body as Form;
    if (!limiter.allow(request.ip)) return send(reply, loginPage('too many failed logins: wait 15 minutes', ctx.oidcLogin), 429);
    const me = await login(ctx.db, form.username ?? '', form.password ?? '');
    if (!me) {
      limiter.failed(request.ip);
      await store.audit(form.username ?? '?', 'failed login', 'account', request.ip);
      return send(reply, loginPage('wrong user or password', ctx.oidcLogin), 401);
    }
    limiter.succeeded(request.ip);
    const session = await createSession(ctx.db, me.name);
    await store.audit(me.name, 'logged in', 'account');
    const secure = ctx.secureCookies ? '; Secure' : '';
    return reply.header('set-cookie', `${SESSION_COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200${secure}`).redirect('/partners', 303);
  });
  app.post('/logout', async (request, reply) => {
    await member(request);
    const id = cookiesOf(request)[SESSION_COOKIE];
    if (id) await endSession(ctx.db, id);
    return reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0`).redirect('/login', 303);
  });

  app.get('/partners', async (request, reply) => send(reply, partnersPage(await member(request), await store.partners())));
  app.post('/partners', async (request, reply) => {
    const me = await member(request);
    const { cid = '', name = '' } = request.body as Form;
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(cid) || !name.trim())
      return send(reply, partnersPage(me, await store.partners(), 'a cid (letters, digits, _ . -) and a name'), 400);
    if (!(await store.addPartner(cid, name.trim()))) return send(reply, partnersPage(me, await store.partners(), `a partner ${cid} exists already`), 409);
    await store.audit(me.name, 'added', `partner ${cid}`, name);
    return reply.redirect(`/partners/${encodeURIComponent(cid)}`, 303);
  });

  const partnerOr404 = async (cid: string) => {
    const partner = await store.partner(cid);
    if (!partner) throw new HttpError(404, `no partner ${cid}`);
    return partner;
  };
  app.get('/partners/:cid', async (request, reply) => {
    const me = await member(request);
    const partner = await partnerOr404((request.params as { cid: string }).cid);
    return send(reply, partnerPage(me, partner, await store.candidates(partner.cid), await store.runsOf(partner.cid)));
  });
  app.post('/partners/:cid/candidates', async (request, reply) => {
    const me = await member(request);
    const partner = await partnerOr404((request.params as { cid: string }).cid);
    const form = request.body as Form;
    const target = (form.target === 'pms' ? 'pms' : 'ota') as Target;
    try {
      const caPem = form.ca_pem?.trim() ? form.ca_pem : undefined;
      if (caPem && !caPem.includes('-----BEGIN CERTIFICATE-----')) throw new ProfileError('the CA certificate is not PEM (-----BEGIN CERTIFICATE-----)');
      const stored = storeProfile(form.profile ?? '', secretsOf(form.secrets), target);
      const id = await store.addCandidate(partner.cid, target, form.name?.trim() || `${target} candidate`, stored, caPem);
      await store.audit(me.name, 'added', `candidate ${id} of ${partner.cid}`, `${target}; secrets ${Object.keys(stored.secrets).join(', ') || 'none'}`);
      return reply.redirect(`/partners/${encodeURIComponent(partner.cid)}`, 303);
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error;
      const form2 = { target, name: form.name ?? '', profile: form.profile ?? '', error: error.message };
      return send(reply, partnerPage(me, partner, await store.candidates(partner.cid), await store.runsOf(partner.cid), form2), 400);
    }
  });
  app.post('/partners/:cid/link', async (request, reply) => {
    const me = await member(request);
    const partner = await partnerOr404((request.params as { cid: string }).cid);
    const token = await createToken(ctx.db, `${partner.cid} link`, 'partner', me.name, partner.cid);
    await store.audit(me.name, 'added', `read-only link for ${partner.cid}`);
    return send(
      reply,
      page('Read-only link', me, html`<h2>Read-only link for ${partner.cid}</h2><p>Shown once: <a id="link" href="/p/${token}">/p/${token}</a></p>`),
    );
  });

  app.post('/runs', async (request, reply) => {
    const me = await member(request);
    const candidate = await store.candidate(Number((request.body as Form).candidate));
    if (!candidate) throw new HttpError(404, 'no such candidate');
    const id = await store.addRun(candidate, me.name, ctx.onInterrupt);
    await enqueueRun(ctx.queue, id);
    await store.audit(me.name, 'queued', `run ${id}`, `candidate ${candidate.id} of ${candidate.partner_cid}`);
    return reply.redirect(`/runs/${id}`, 303);
  });
  const runOr404 = async (idText: string) => {
    const run = await store.run(Number(idText));
    if (!run) throw new HttpError(404, `no run ${idText}`);
    return run;
  };
  app.get('/runs/:id', async (request, reply) => {
    const me = await member(request);
    const run = await runOr404((request.params as { id: string }).id);
    const events = await store.events(run.id);
    return send(
      reply,
      runPage(
        me,
        run,
        events.map((e) => e.text),
        events.at(-1)?.id ?? 0,
        await store.artifactNames(run.id),
        `/api/runs/${run.id}`,
        await channelManagerOf(store, run.id),
      ),
    );
  });
  app.get('/runs/:id/live', async (request, reply) => {
    await member(request);
    const run = await runOr404((request.params as { id: string }).id);
    const after = Number((request.query as Form).after ?? 0);
    return streamRun(store, run.id, Number.isSafeInteger(after) ? after : 0, request, reply);
  });
  app.post('/runs/:id/cancel', async (request, reply) => {
    const me = await member(request);
    const run = await runOr404((request.params as { id: string }).id);
    await ctx.db.query("UPDATE cm_runs SET state = 'cancelled', finished_at = now() WHERE id = $1 AND state = 'queued'", [run.id]);
    await ctx.db.query("UPDATE cm_runs SET cancel_requested = true WHERE id = $1 AND state = 'running'", [run.id]);
    await store.audit(me.name, 'cancelled', `run ${run.id}`, `was ${run.state}`);
    return reply.redirect(`/runs/${run.id}`, 303);
  });

  app.get('/verify', async (request, reply) => send(reply, verifyPage(await member(request))));
  app.post('/verify', { bodyLimit: 64 * 1024 * 1024 }, async (request, reply) => {
    const me = await member(request);
    return send(reply, verifyPage(me, verifyUploaded((request.body as Form).report ?? '', await publicKeyPem(ctx.db))));
  });
  app.get('/diff', async (request, reply) => {
    const me = await member(request);
    const q = request.query as Form;
    const [older, newer] = [Number(q.older), Number(q.newer)];
    return send(reply, diffPage(me, older, newer, await diffRuns(store, older, newer)));
  });
  app.get('/audit', async (request, reply) => send(reply, auditPage(await member(request), await store.auditLog())));

  // A partner's read-only link: its own runs, their verdicts and files; nothing else.
  const partnerOf = async (token: string): Promise<Principal> => {
    const me = await principalOfToken(ctx.db, token, undefined);
    if (!me?.partnerCid) throw new HttpError(404, 'this link is not (or no longer) valid');
    return me;
  };
  app.get('/p/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const me = await partnerOf(token);
    const partner = await partnerOr404(me.partnerCid!);
    const runs = await store.runsOf(partner.cid);
    return send(
      reply,
      page(
        partner.name,
        me,
        html`<h2>${partner.name} (${partner.cid})</h2><table><tr><th>run</th><th>state</th><th>verdict</th><th>target</th><th>queued</th><th>by</th></tr>${runRows(runs, (r) => `/p/${token}/runs/${r.id}`)}</table>`,
      ),
    );
  });
  app.get('/p/:token/runs/:id', async (request, reply) => {
    const { token, id } = request.params as { token: string; id: string };
    const me = await partnerOf(token);
    const run = await runOr404(id);
    if (run.partner_cid !== me.partnerCid) throw new HttpError(404, `no run ${id}`);
    const events = await store.events(run.id);
    return send(
      reply,
      runPage(
        me,
        run,
        events.map((e) => e.text),
        events.at(-1)?.id ?? 0,
        await store.artifactNames(run.id),
        `/p/${token}/runs/${run.id}`,
        await channelManagerOf(store, run.id),
      ),
    );
  });
  app.get('/p/:token/runs/:id/:file', async (request, reply) => {
    const { token, id, file } = request.params as { token: string; id: string; file: string };
    const me = await partnerOf(token);
    const run = await runOr404(id);
    const content =
      run.partner_cid === me.partnerCid && ['report.json', 'report.html', 'junit.xml'].includes(file) ? await store.artifact(run.id, file) : undefined;
    if (!content) throw new HttpError(404, `no ${file}`);
    await store.audit(me.name, 'downloaded', `run ${run.id} ${file}`);
    return reply.type(file.endsWith('.html') ? HTML : file.endsWith('.json') ? 'application/json' : 'application/xml').send(content);
  });
}
